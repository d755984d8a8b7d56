"""Read a run folder for the viewer and ``tabbench compare``: results, sample records, examples, training curves.

The one reader of run folders outside the run store. It is defensive on purpose: records are read as plain
JSON objects (not ``SampleRecord``), so a record written by an older or newer tabbench shows what it has
instead of failing, and a torn last line (a run killed mid-write) is skipped without touching the file.
Questions, gold answers and prompts come from the run's prompts file (results schema 4): nothing here loads a
benchmark plugin or reads the benchmark's data, so a folder reads the same on a machine that has neither.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract import modeltext
from tabbench.contract.confine import confined, entry_name
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.contract.hashing import stable_hash
from tabbench.contract.record_shape import shape_problem

if TYPE_CHECKING:
    from tabbench.evaluation.store import PromptTable

TRAINER_STATE = "trainer_state.json"  # a trainer's run folder: its logs, shown as training curves


@dataclass
class RunFolder:
    """One run directory: its ``results.json`` (read as version 3, or ``{}`` for a run that has none yet), the
    benchmarks it holds records for, and its run configuration (from ``results.json``, else ``run.json``)."""

    path: Path
    label: str
    results: dict[str, Any]
    benchmarks: list[str] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)

    def result(self, benchmark: str) -> dict[str, Any]:
        return dict((self.results.get("benchmarks") or {}).get(benchmark) or {})

    def samples_path(self, benchmark: str) -> Path:
        """``samples/<benchmark>.jsonl``, refused (``DataError``) when the name or a symlink leads out of the run."""
        return confined(self.path / "samples" / f"{entry_name(benchmark, self.path / 'samples')}.jsonl", self.path)


def read_run(path: Path, label: str | None = None) -> RunFolder:
    """Open run folder ``path``: ``results.json`` when present, else the records of an unfinished run."""
    from tabbench.evaluation.results import load

    path = Path(path)
    if not path.is_dir():
        raise UsageError(f"{path}: no such run folder")
    results: dict[str, Any] = {}
    if (path / "results.json").is_file():
        results = dict(load(confined(path / "results.json", path)))
    samples = path / "samples"
    on_disk = []
    if samples.is_dir():
        on_disk = sorted(entry_name(p.stem, samples) for p in confined(samples, path).glob("*.jsonl"))
    named = [entry_name(name, path / "results.json") for name in results.get("benchmarks") or {}]
    benchmarks = named + [name for name in on_disk if name not in named]
    if not benchmarks and not (path / TRAINER_STATE).is_file():
        raise UsageError(f"{path}: not a tabbench run folder (no results.json, samples/*.jsonl or {TRAINER_STATE})")
    config = results.get("config") if results else _run_config(path)
    for name in named:
        _check_result(path / "results.json", name, results["benchmarks"][name])
    return RunFolder(path, label or _default_label(path, results), results, benchmarks, dict(config or {}))


def _run_config(path: Path) -> dict[str, Any]:
    """The configuration an unfinished run recorded in ``run.json`` (``{}`` when it has none)."""
    file = path / "run.json"
    if not file.is_file():
        return {}
    try:  # modeltext.loads: nested too deep for the viewer to write back out is a ValueError too
        config = modeltext.loads(confined(file, path).read_text(encoding="utf-8"))["config"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{file}: unreadable run config ({type(exc).__name__}: {exc})") from None
    if not isinstance(config, dict):
        raise DataError(f"{file}: unreadable run config ('config' is not an object)")
    return config


#: Per-benchmark ``results.json`` fields the readers use, and the JSON types they must have when present.
_RESULT_FIELDS: dict[str, tuple[type, ...]] = {
    "version": (str, int), "split": (str,), "options": (dict,), "data": (dict,), "status_counts": (dict,),
    "metrics": (dict,), "n": (int,), "extensions": (dict,)}


def _check_result(file: Path, name: str, result: dict[str, Any]) -> None:
    """Refuse a benchmark block whose fields have the wrong type, naming the key (a ``DataError``)."""
    for key, types in _RESULT_FIELDS.items():
        value = result.get(key)
        if value is not None and (not isinstance(value, types) or isinstance(value, bool)):
            raise DataError(f"{file}: benchmarks.{name}.{key} is not {' or '.join(t.__name__ for t in types)}")
    data = result.get("data") or {}
    files = data.get("files")
    if files is not None and not (isinstance(files, dict) and all(isinstance(v, str) for v in files.values())):
        raise DataError(f"{file}: benchmarks.{name}.data.files is not an object of sha256 texts")
    if data.get("path") is not None and not isinstance(data["path"], str):
        raise DataError(f"{file}: benchmarks.{name}.data.path is not text")


def _default_label(path: Path, results: dict[str, Any]) -> str:
    from tabbench.evaluation.config import RunConfig

    name = path.resolve().name
    if name or not results.get("config"):
        return name or str(path)
    try:
        return RunConfig.from_json(results["config"], where_files=False).model or str(path)  # what was asked
    except DataError:
        return str(path)


def read_records(run: RunFolder, benchmark: str) -> list[dict[str, Any]]:
    """The sample records of ``benchmark`` as JSON objects; a torn last line is left out, damage elsewhere
    is a ``DataError`` naming the file and line."""
    path = run.samples_path(benchmark)
    if not path.is_file():
        return []
    records = []
    lines = path.read_bytes().split(b"\n")
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            problem = shape_problem(record)
            if problem:
                raise ValueError(problem)
        except (ValueError, RecursionError) as exc:
            if number == len(lines):  # no newline after it: the line a kill interrupted
                break
            raise DataError(f"{path}:{number}: corrupt sample record ({exc})") from None
        record["id"] = str(record["id"])
        records.append(record)
    return records


def data_snapshot(result: dict[str, Any]) -> str:
    """A short hash of the benchmark's data files (their sha256 values); ``"none"`` when unrecorded. Same as
    the leaderboard's column key, so two runs are comparable exactly when a board would share their column."""
    files = (result.get("data") or {}).get("files") or {}
    return stable_hash(sorted(files.values()), 8) if files else "none"


def comparability(run: RunFolder, benchmark: str) -> dict[str, str]:
    """What must be equal for two runs' samples of ``benchmark`` to be paired: from ``results.json``, or for an
    unfinished run from ``run.json`` (the version and data path it started with; the data's path stands for its
    fingerprint, which only a finished run records)."""
    result = run.result(benchmark)
    if result:
        return {"version": str(result.get("version", "?")), "split": str(result.get("split", "?")),
                "data": data_snapshot(result)}
    versions, paths = (run.config.get(key) for key in ("benchmark_versions", "data_paths"))
    version = versions.get(benchmark) if isinstance(versions, dict) else None
    path = paths.get(benchmark) if isinstance(paths, dict) else None
    return {"version": str(version if version is not None else "?"),
            "split": f"{run.config.get('split') or 'default'} (unfinished)",
            "data": f"at {path}" if path is not None else "none"}


def read_prompts(run: RunFolder, benchmark: str) -> PromptTable:
    """The prompts file of ``benchmark`` (empty for a run without one); a torn last line is left out, damage
    elsewhere is a ``DataError`` naming the file and line; so is a benchmark name that is no file name or a
    prompts file outside the run folder (``RunStore.read_prompts`` confines it)."""
    from tabbench.evaluation.store import PromptTable, RunStore

    try:
        return PromptTable(RunStore(run.path).read_prompts(benchmark, repair=False))
    except TabbenchError as exc:
        raise DataError(str(exc)) from None


def sample_texts(run: RunFolder, benchmark: str) -> dict[str, dict[str, Any]]:
    """``id -> {"messages", "question", "gold", "meta"}`` of the run's samples of ``benchmark``, from its records'
    ``prompt_hash`` and the prompts file; a sample the file does not cover is left out."""
    prompts = read_prompts(run, benchmark)
    found = ((r["id"], prompts.get(str(r.get("prompt_hash")), r["id"])) for r in read_records(run, benchmark))
    return {sample_id: entry for sample_id, entry in found if entry is not None}


def training_curves(run: RunFolder) -> list[dict[str, Any]]:
    """The numeric logs of a trainer's ``trainer_state.json`` in the run folder (``step`` plus loss, reward,
    ``rewards/<name>/mean``, ...), one entry per logged step; empty when there is none."""
    from tabbench.reporting.leaderboard import read_log_history

    path = run.path / TRAINER_STATE
    if not path.is_file():
        return []
    path = confined(path, run.path)
    try:
        history = read_log_history(path)
    except DataError:
        return []
    return [{k: v for k, v in entry.items() if isinstance(v, int | float) and not isinstance(v, bool)}
            for entry in history if isinstance(entry.get("step"), int | float)]
