"""The on-disk record of a run: ``OUT/run.json``, ``OUT/samples/<benchmark>.jsonl``, ``OUT/results.json``.

Sample lines are appended and flushed as they are scored, so a run killed at any moment (SIGKILL
included) loses at most the line being written; ``resume`` drops such a torn last line and reports the
ids already done. ``run.json`` (the config) and ``results.json`` are replaced atomically, never half
written. Text is UTF-8 with lone surrogates (which a model's JSON can produce) escaped
(``modeltext.dumps``), so any record reads back equal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabbench.contract import modeltext
from tabbench.contract.atomic import write_atomic
from tabbench.contract.confine import confined, entry_name
from tabbench.contract.errors import RunStoreError
from tabbench.contract.record_shape import shape_problem
from tabbench.contract.types import SampleRecord

#: Version of ``run.json`` (``results.json`` has its own: ``tabbench.evaluation.results.SCHEMA_VERSION``).
RUN_SCHEMA_VERSION = 1


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path``, replaced in one step and synced to disk (``write_atomic``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = modeltext.dumps(data, indent=2, sort_keys=True, default=str) + "\n"
    write_atomic(path, text, fsync=True)


class RunStore:
    """One run directory. Open with ``RunStore.create`` (new run) or ``RunStore.resume``."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self.samples_dir = self.out_dir / "samples"
        self._handles: dict[str, Any] = {}
        self._made: list[Path] = []  # what ``create`` wrote, removed by ``discard_if_empty``

    @property
    def config_path(self) -> Path:
        return self.out_dir / "run.json"

    @property
    def results_path(self) -> Path:
        return self.out_dir / "results.json"

    def samples_path(self, benchmark: str) -> Path:
        return self.samples_dir / f"{benchmark}.jsonl"

    @classmethod
    def create(cls, out_dir: Path, config: dict[str, Any]) -> RunStore:
        """Start a new run in ``out_dir``; refuses a directory that already holds one."""
        store = cls(out_dir)
        if store.config_path.exists() or (store.samples_dir.exists() and any(store.samples_dir.iterdir())):
            raise RunStoreError(f"{out_dir} already holds a run: pass --resume to continue it, or choose another --out")
        store._made = [p for p in (store.samples_dir, *store.samples_dir.parents) if not p.exists()]
        try:
            store.samples_dir.mkdir(parents=True, exist_ok=True)
            store.remove_temporaries()
            write_json_atomic(store.config_path, {"schema_version": RUN_SCHEMA_VERSION, "config": config})
        except OSError as exc:
            store.discard_if_empty()
            raise RunStoreError(f"--out {out_dir}: cannot write the run there ({exc.strerror or exc}: "
                                f"{exc.filename or out_dir})") from exc
        store._made.insert(0, store.config_path)
        return store

    @classmethod
    def resume(cls, out_dir: Path, config: dict[str, Any]) -> RunStore:
        """Reopen ``out_dir``; the config must equal the one the run started with."""
        store = cls(out_dir)
        if not store.config_path.exists():
            if store.samples_dir.is_dir() and any(store.samples_dir.iterdir()):
                raise RunStoreError(f"{out_dir}: sample records without run.json cannot be resumed (the run's "
                                    "configuration is unknown); choose another --out")
            return cls.create(out_dir, config)
        try:
            saved = json.loads(store.config_path.read_text(encoding="utf-8"))["config"]
        except (OSError, ValueError, RecursionError, KeyError, TypeError) as exc:
            raise RunStoreError(f"{store.config_path}: unreadable run config ({exc})") from None
        if not isinstance(saved, dict):
            raise RunStoreError(f"{store.config_path}: unreadable run config ('config' is not an object)")
        given = json.loads(json.dumps(config, default=str))  # as it would be saved (tuples as lists, paths as text)
        if saved != given:
            changed = sorted(k for k in set(saved) | set(given) if saved.get(k) != given.get(k))
            raise RunStoreError(
                f"{out_dir}: cannot resume with a different configuration (changed: {', '.join(changed)})"
            )
        store.samples_dir.mkdir(parents=True, exist_ok=True)
        store.remove_temporaries()
        return store

    def remove_temporaries(self) -> None:
        """Delete the temporary files of an atomic write that a kill interrupted (``.results.json.*``)."""
        for path in (self.config_path, self.results_path):
            for stale in self.out_dir.glob(f".{path.name}.*"):
                stale.unlink(missing_ok=True)

    def discard_if_empty(self) -> None:
        """Remove what ``create`` wrote (``run.json``, new folders) when no sample was recorded: a run that
        failed before scoring anything must not block the rerun. Called by the runner on failure."""
        self.close()
        if self.samples_dir.is_dir() and any(self.samples_dir.iterdir()):
            return
        for path in self._made:  # run.json first, then the folders, innermost first
            try:
                if path.is_dir():
                    path.rmdir()
                else:
                    path.unlink(missing_ok=True)
            except OSError:
                return
        self._made = []

    def read_samples(self, benchmark: str, *, repair: bool = True) -> list[SampleRecord]:
        """Read the records of ``benchmark``; a torn last line (from a kill) is dropped from the file. The file
        must be inside the run folder (``confined``: a symlink out of it is refused)."""
        path = self.samples_path(entry_name(benchmark, self.samples_dir))
        confined(path, self.out_dir)
        if not path.exists():
            return []
        records: list[SampleRecord] = []
        good_bytes = 0
        with path.open("rb") as handle:
            for number, raw in enumerate(handle, 1):
                try:
                    if not raw.endswith(b"\n"):
                        raise ValueError("unterminated line")
                    data = json.loads(raw)
                    problem = shape_problem(data)
                    if problem:
                        raise ValueError(problem)
                    records.append(SampleRecord.from_json(data))
                except (ValueError, RecursionError, TypeError) as exc:
                    if handle.read(1):  # damage before the last line is not a kill: refuse to guess
                        raise RunStoreError(f"{path}:{number}: corrupt sample record ({exc})") from exc
                    break
                good_bytes += len(raw)
        if repair and good_bytes < path.stat().st_size:
            with path.open("r+b") as handle:
                handle.truncate(good_bytes)
        return records

    def append(self, benchmark: str, record: SampleRecord) -> None:
        """Append one record and flush it to the operating system."""
        handle = self._handles.get(benchmark)
        if handle is None:
            handle = self._handles[benchmark] = self.samples_path(benchmark).open("a", encoding="utf-8")
        handle.write(modeltext.dumps(record.to_json(), default=str) + "\n")
        handle.flush()

    def write_results(self, results: dict[str, Any]) -> Any:
        """Check ``results`` against the results schema (when ``jsonschema`` is installed, as in the tests),
        then write it atomically; returns the document as written (plain JSON values). Only the runner calls
        this."""
        from tabbench.evaluation.results import validate

        document = json.loads(json.dumps(results, default=str))
        validate(document)
        write_json_atomic(self.results_path, document)
        return document

    def close(self) -> None:
        for handle in self._handles.values():
            handle.close()
        self._handles.clear()
