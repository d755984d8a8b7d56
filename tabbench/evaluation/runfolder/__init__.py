"""The one reader of run folders: ``view``, ``compare``, ``export``, ``rescore``, ``merge``, ``--resume``, the
leaderboards and their paired tests all read a run through it (the layout: ``docs/run-folder.md``).

A run folder is hostile input: someone else made it, or a kill interrupted it. The rules are kept here, once:

- every path derived from the folder stays inside it (``inside``: a symlink or ``..`` out of it is refused), and a
  benchmark name becomes a file name only when it is one plain name (``entry_name``);
- every file is opened only when it is a regular file, without blocking (``open_regular``): a FIFO, folder,
  device or socket where ``run.json``, ``results.json``, a prompts or samples file or ``trainer_state.json``
  should be is one line naming it, never a hang and never taken for a missing file;
- every line of a samples or prompts file is shape-checked before any reader uses it (``record_shape``), a
  record id written twice is refused, and damage is one line naming the file and line; a torn last line (no
  newline after it: a kill mid-write) is left out, and only the run store, the one writer, cuts it (on resume);
- ``results.json`` is read by ``tabbench.evaluation.results.load``, which checks the type of every field readers
  use.

Records are read as plain JSON objects (``read_records``), so a record of an older or newer tabbench shows what it
has; the run store, rescore and merge read them as ``SampleRecord`` (``sample_lines(..., typed=True)``), for which
every field a record of this tabbench has is required. Questions, gold answers and prompts come from the run's
prompts file (results schema 4): nothing here loads a benchmark plugin or reads the benchmark's data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.confine import entry_name
from tabbench.contract.errors import DataError, UsageError
from tabbench.contract.hashing import stable_hash
from tabbench.evaluation.results import load
from tabbench.evaluation.runfolder.files import (
    PROMPTS,
    RESULTS,
    RUN,
    SAMPLES,
    TRAINER_STATE,
    PromptTable,
    existing,
    inside,
    jsonl_path,
    prompt_lines,
    read_json,
    sample_lines,
    started_config,
)

if TYPE_CHECKING:
    from tabbench.evaluation.config import RunConfig

__all__ = [  # the reader's face: the run, its records and prompts, the files beside them, what makes runs comparable
    "PROMPTS", "RESULTS", "RUN", "SAMPLES", "TRAINER_STATE", "PromptTable", "RunFolder", "comparability",
    "data_snapshot", "existing", "incomparable", "inside", "jsonl_path", "prompt_lines", "read_json", "read_prompts",
    "read_records", "read_run", "sample_lines", "sample_texts", "started_config",
]


# --- a run ------------------------------------------------------------------------------------------------------


@dataclass
class RunFolder:
    """One run folder as read (``read_run``): its ``results.json`` (``{}`` for a run that has none yet), the
    benchmarks it holds records for, and, for an unfinished run, the configuration ``run.json`` started it with.
    ``label`` is the name the user gave it (``RUN_DIR=LABEL``), ``None`` when none; ``implicit`` marks a vote run's
    greedy companion, read beside it without being named. The leaderboard's ``RunEntry`` (its public name)."""

    path: Path
    label: str | None
    results: dict[str, Any]
    implicit: bool = False
    benchmarks: list[str] = field(default_factory=list)
    started: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        if not self.benchmarks:
            self.benchmarks = list(self.results.get("benchmarks") or {})

    def result(self, benchmark: str) -> dict[str, Any]:
        """``benchmark``'s block of ``results.json`` (``{}`` when it has none)."""
        return dict((self.results.get("benchmarks") or {}).get(benchmark) or {})

    def samples_path(self, benchmark: str) -> Path:
        """``samples/<benchmark>.jsonl``, refused (``DataError``) when the name or a symlink leads out of the run."""
        return jsonl_path(self.path, SAMPLES, benchmark)

    @property
    def run_config(self) -> RunConfig:
        """What was asked (``results.json``'s ``config``, else ``run.json``'s, read with ``RunConfig.from_json``;
        ``--where @FILE`` filters as recorded, their files not read)."""
        from tabbench.evaluation.config import RunConfig

        try:
            return RunConfig.from_json(self.results.get("config") or self.started, where_files=False)
        except DataError as exc:
            raise DataError(f"{self.path / (RESULTS if self.results else RUN)}: {exc}") from None

    @property
    def name(self) -> str:
        """How the viewer and ``compare`` show the run: its label, else its folder's name, else its model."""
        if self.label:
            return self.label
        folder = self.path.resolve().name
        if folder or not (self.results.get("config") or self.started):
            return folder or str(self.path)
        try:
            return self.run_config.model or str(self.path)
        except DataError:
            return str(self.path)

    @property
    def model(self) -> str:
        """How a leaderboard shows the run: its label, else the model it ran (a path's last part)."""
        if self.label:
            return self.label
        spec = self.run_config.model or "?"
        name = Path(spec).name if spec not in ("", ".") else spec
        return name or spec

    @property
    def config(self) -> str:
        """Backend, decoding and limits, in words: what makes two runs of one model differ (a board's column)."""
        config = self.run_config
        parts = [config.backend]
        temperature = config.generation.temperature
        if config.vote:
            parts.append(f"{config.vote} vote@{config.generation.n}, T={temperature}")
        elif temperature == 0:
            parts.append("greedy")
        else:
            parts.append(f"sampled T={temperature}")
        if config.limit:
            parts.append(f"limit {config.limit}")
        if self.implicit:
            parts.append("beside the vote run above")
        if isinstance(self.results.get("stopped"), dict):
            parts.append("stopped on its budget")
        return ", ".join(parts)


def read_run(path: str | Path, label: str | None = None, *, finished: bool = False,
             implicit: bool = False) -> RunFolder:
    """Open run folder ``path``: ``results.json`` when present, else (unless ``finished`` is asked for) the records
    of an unfinished run and its ``run.json``. Benchmark names must be plain file names; a missing folder, or one
    with no run in it, is a ``UsageError``; a FIFO, folder or device in place of ``results.json``, ``run.json`` or
    ``trainer_state.json`` is a ``DataError`` naming it, whether or not this reader needs the file."""
    path = Path(path)
    if not finished and not path.is_dir():
        raise UsageError(f"{path}: no such run folder")
    results_file, started_file, trainer_state = (existing(path, name) for name in (RESULTS, RUN, TRAINER_STATE))
    if results_file is None and finished:
        raise DataError(f"{path}: no results.json (an unfinished run? finish it with --resume)")
    results: dict[str, Any] = dict(load(results_file)) if results_file is not None else {}
    named = [entry_name(name, path / RESULTS) for name in results.get("benchmarks") or {}]
    on_disk: list[str] = []
    if not finished and inside(path, SAMPLES).is_dir():
        on_disk = sorted(entry_name(p.stem, path / SAMPLES) for p in inside(path, SAMPLES).glob("*.jsonl"))
    benchmarks = named + [name for name in on_disk if name not in named]
    if not benchmarks and not finished and trainer_state is None:
        raise UsageError(f"{path}: not a tabbench run folder (no results.json, samples/*.jsonl or {TRAINER_STATE})")
    started = (started_config(path) or {}) if started_file is not None and not results else {}
    return RunFolder(path, label, results, implicit, benchmarks, started)


def _folder(run: RunFolder | str | Path) -> Path:
    return run.path if isinstance(run, RunFolder) else Path(run)


def read_records(run: RunFolder | str | Path, benchmark: str, *, required: bool = False) -> list[dict[str, Any]]:
    """The sample records of ``benchmark`` as JSON objects, shape-checked (``sample_lines``; ``required``: the
    file must be there)."""
    return sample_lines(_folder(run), benchmark, required=required).entries


def read_prompts(run: RunFolder | str | Path, benchmark: str) -> PromptTable:
    """The prompts file of ``benchmark`` (empty for a run without one)."""
    return PromptTable(prompt_lines(_folder(run), benchmark).entries)


def sample_texts(run: RunFolder, benchmark: str) -> dict[str, dict[str, Any]]:
    """``id -> {"messages", "question", "gold", "meta"}`` of the run's samples of ``benchmark``, from its records'
    ``prompt_hash`` and the prompts file; a sample the file does not cover is left out."""
    prompts = read_prompts(run, benchmark)
    found = ((r["id"], prompts.get(str(r.get("prompt_hash")), r["id"])) for r in read_records(run, benchmark))
    return {sample_id: entry for sample_id, entry in found if entry is not None}


def data_snapshot(result: dict[str, Any]) -> str:
    """A short hash of the benchmark's data files (their sha256 values); ``"none"`` when unrecorded. A board's
    column key too, so two runs are comparable exactly when a board would share their column."""
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
    versions, paths = (run.started.get(key) for key in ("benchmark_versions", "data_paths"))
    version = versions.get(benchmark) if isinstance(versions, dict) else None
    path = paths.get(benchmark) if isinstance(paths, dict) else None
    return {"version": str(version if version is not None else "?"),
            "split": f"{run.started.get('split') or 'default'} (unfinished)",
            "data": f"at {path}" if path is not None else "none"}


def incomparable(a: RunFolder, b: RunFolder, benchmark: str) -> str | None:
    """Why the samples of ``benchmark`` in runs ``a`` and ``b`` cannot be paired or shown side by side (different
    benchmark versions, splits or data), or ``None`` when they can."""
    left, right = comparability(a, benchmark), comparability(b, benchmark)
    wrong = [f"{key} {left[key]} vs {right[key]}" for key in ("version", "split", "data") if left[key] != right[key]]
    if not wrong:
        return None
    what = {"version": "benchmark versions", "split": "splits", "data": "data fingerprints"}
    names = ", ".join(what[w.split()[0]] for w in wrong)
    return f"{benchmark}: {a.path} and {b.path} ran on different {names} ({'; '.join(wrong)})"
