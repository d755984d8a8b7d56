"""The on-disk record of a run: ``OUT/run.json``, ``OUT/samples/<benchmark>.jsonl``,
``OUT/prompts/<benchmark>.jsonl``, ``OUT/results.json`` (the layout: ``docs/run-folder.md``).

Sample lines are appended and flushed as they are scored, so a run killed at any moment (SIGKILL
included) loses at most the line being written; ``resume`` drops such a torn last line and reports the
ids already done. Each distinct prompt is written to the prompts file once, just before the first record
that refers to it (``record_prompt``), so every record's ``prompt_hash`` resolves there. ``run.json`` (the
config) and ``results.json`` are replaced atomically, never half written. Text is UTF-8 with lone surrogates
(which a model's JSON can produce) escaped (``modeltext.dumps``), so any record reads back equal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabbench.contract import modeltext
from tabbench.contract.atomic import write_atomic
from tabbench.contract.errors import DataError, RunStoreError, TabbenchError
from tabbench.contract.journal import recover
from tabbench.contract.runlock import RunLock
from tabbench.contract.types import SampleRecord
from tabbench.evaluation.runfolder.files import Lines, prompt_lines, sample_lines, started_config

#: Version of ``run.json`` (``results.json`` has its own: ``tabbench.evaluation.results.SCHEMA_VERSION``).
RUN_SCHEMA_VERSION = 1


def results_text(results: dict[str, Any]) -> tuple[Any, str]:
    """``results`` as plain JSON values and as the text of ``results.json``, checked against the results schema
    first (when ``jsonschema`` is installed, as in the tests); a ``ValueError`` names what breaks it."""
    from tabbench.evaluation.results import validate

    document = json.loads(json.dumps(results, default=str))
    validate(document)
    return document, _json_text(document)


def _json_text(data: Any) -> str:
    return modeltext.dumps(data, indent=2, sort_keys=True, default=str) + "\n"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path``, replaced in one step and synced to disk (``write_atomic``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, _json_text(data), fsync=True)


class RunStore:
    """One run directory. Open with ``RunStore.create`` (new run) or ``RunStore.resume``."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self.samples_dir = self.out_dir / "samples"
        self.prompts_dir = self.out_dir / "prompts"
        self._handles: dict[tuple[str, str], Any] = {}
        self._prompts: dict[str, PromptIndex] = {}  # by benchmark: what its prompts file holds
        self._made: list[Path] = []  # what ``create`` wrote, removed by ``discard_if_empty``
        self._lock: RunLock | None = None  # held from ``create``/``resume`` to ``close``

    @property
    def config_path(self) -> Path:
        return self.out_dir / "run.json"

    @property
    def results_path(self) -> Path:
        return self.out_dir / "results.json"

    def samples_path(self, benchmark: str) -> Path:
        return self.samples_dir / f"{benchmark}.jsonl"

    def prompts_path(self, benchmark: str) -> Path:
        return self.prompts_dir / f"{benchmark}.jsonl"

    @classmethod
    def create(cls, out_dir: Path, config: dict[str, Any]) -> RunStore:
        """Start a new run in ``out_dir``; refuses a directory that already holds one, or that another writer holds
        (``tabbench.contract.runlock``: the store holds the folder's lock until ``close``)."""
        store = cls(out_dir)
        store._made = [p for p in (store.prompts_dir, store.samples_dir, *store.samples_dir.parents)
                       if not p.exists()]
        try:
            store.out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RunStoreError(f"--out {out_dir}: cannot write the run there ({exc.strerror or exc}: "
                                f"{exc.filename or out_dir})") from None
        try:
            store.lock()
            if store.config_path.exists() or (store.samples_dir.exists() and any(store.samples_dir.iterdir())):
                store._made = []
                raise RunStoreError(f"{out_dir} already holds a run: pass --resume to continue it, or choose "
                                    "another --out")
        except BaseException:
            store.discard_if_empty()
            raise
        try:
            store.samples_dir.mkdir(parents=True, exist_ok=True)
            store.prompts_dir.mkdir(exist_ok=True)
            store.remove_temporaries()
            write_json_atomic(store.config_path, {"schema_version": RUN_SCHEMA_VERSION, "config": config})
        except OSError as exc:
            store.discard_if_empty()
            raise RunStoreError(f"--out {out_dir}: cannot write the run there ({exc.strerror or exc}: "
                                f"{exc.filename or out_dir})") from exc
        store._made.insert(0, store.config_path)
        return store

    @classmethod
    def resume(cls, out_dir: Path, config: dict[str, Any],
               read: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> RunStore:
        """Reopen ``out_dir``, holding its lock until ``close``; the config must equal the one the run started
        with, as ``read`` reads it back (``saved_config``)."""
        store = cls(out_dir)
        if not store.out_dir.is_dir():
            return cls.create(out_dir, config)
        store.lock()
        fresh = None
        try:
            saved = store.saved_config(read)
            if saved is None:
                if store.samples_dir.is_dir() and any(store.samples_dir.iterdir()):
                    raise RunStoreError(f"{out_dir}: sample records without run.json cannot be resumed (the run's "
                                        "configuration is unknown); choose another --out")
                fresh = cls.create(out_dir, config)  # takes the lock again; this store lets its hold go below
            else:
                given = json.loads(json.dumps(config, default=str))  # as saved (tuples as lists, paths as text)
                if saved != given:
                    changed = sorted(k for k in set(saved) | set(given) if saved.get(k) != given.get(k))
                    raise RunStoreError(
                        f"{out_dir}: cannot resume with a different configuration (changed: {', '.join(changed)})"
                    )
                store.samples_dir.mkdir(parents=True, exist_ok=True)
                store.prompts_dir.mkdir(exist_ok=True)
                store.remove_temporaries()
        except BaseException:
            store.close()
            raise
        if fresh is not None:
            store.close()
            return fresh
        return store

    def lock(self) -> None:
        """Take the run folder's lock (one writer at a time), then finish or undo a change a killed writer left
        (``tabbench.contract.journal.recover``)."""
        if self._lock is None:
            self._lock = RunLock(self.out_dir).acquire()
            try:
                recover(self.out_dir)
            except BaseException:
                self._release()
                raise

    def _release(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def saved_config(self, read: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> dict[str, Any] | None:
        """The ``config`` that ``run.json`` holds, read back by ``read`` (``launch.read_resume_record`` for an
        evaluation run: its typed round trip; default: as it is); ``None`` when there is no ``run.json``. An
        unreadable one, or one ``read`` refuses (a ``TabbenchError``), is a ``RunStoreError`` naming the file."""
        try:
            saved = started_config(self.out_dir)
        except DataError as exc:
            raise RunStoreError(str(exc)) from None
        if saved is None:
            return None
        if read is None:
            return saved
        try:
            return read(saved)
        except TabbenchError as exc:
            raise RunStoreError(f"{self.config_path}: {exc}") from None

    def remove_temporaries(self) -> None:
        """Delete the temporary files of an atomic write that a kill interrupted (``.results.json.*``)."""
        for path in (self.config_path, self.results_path):
            for stale in self.out_dir.glob(f".{path.name}.*"):
                stale.unlink(missing_ok=True)

    def discard_if_empty(self) -> None:
        """Remove what ``create`` wrote (``run.json``, new folders) when no sample was recorded: a run that
        failed before scoring anything must not block the rerun. Called by the runner on failure. The files go
        while the lock is held, the folders after."""
        self._close_files()
        if self.samples_dir.is_dir() and any(self.samples_dir.iterdir()):
            self._release()
            return
        for path in self.prompts_dir.glob("*.jsonl") if self.prompts_dir in self._made else ():
            path.unlink(missing_ok=True)  # prompts of records never written
        folders = [p for p in self._made if p.is_dir()]
        for path in self._made:
            if path not in folders:
                path.unlink(missing_ok=True)
        self._release()
        for path in folders:  # innermost first
            try:
                path.rmdir()
            except OSError:
                break
        self._made = []

    def read_samples(self, benchmark: str, *, repair: bool = True) -> list[SampleRecord]:
        """Read the records of ``benchmark`` through the run-folder reader (``runfolder.sample_lines``: inside the
        run folder, a regular file, every record shape-checked); with ``repair``, a torn last line (from a kill)
        is cut from the file."""
        lines = self._read(sample_lines, benchmark, repair, typed=True)
        return [SampleRecord.from_json(record) for record in lines.entries]

    def read_prompts(self, benchmark: str, *, repair: bool = True) -> list[dict[str, Any]]:
        """The entries of ``benchmark``'s prompts file, in order (``record_prompt``), read as ``read_samples``
        reads records."""
        return self._read(prompt_lines, benchmark, repair).entries

    def _read(self, read: Callable[..., Lines[dict[str, Any]]], benchmark: str, repair: bool,
              **options: Any) -> Lines[dict[str, Any]]:
        try:
            lines = read(self.out_dir, benchmark, **options)
        except DataError as exc:
            raise RunStoreError(str(exc)) from None
        if repair and lines.whole < lines.size:  # the reader left the torn line out; the writer cuts it
            with lines.path.open("r+b") as handle:
                handle.truncate(lines.whole)
        return lines

    def record_prompt(self, benchmark: str, prompt_hash: str, example_id: str, entry: dict[str, Any]) -> None:
        """Write what a reader needs of ``example_id``'s prompt, once: ``entry`` holds ``messages``,
        ``question``, ``gold`` and ``meta``. A prompt already written is not written again; an example whose
        prompt was written for another example with a different question, gold or meta (the same messages,
        as duplicated questions in a data set have) gets a line of its own with its ``id`` and no messages."""
        index = self._prompts.get(benchmark)
        if index is None:
            index = self._prompts[benchmark] = PromptIndex(self.read_prompts(benchmark))
        line = index.missing(prompt_hash, example_id, entry)
        if line is not None:
            self._write_line(("prompts", benchmark), self.prompts_path(benchmark), line)

    def append(self, benchmark: str, record: SampleRecord) -> None:
        """Append one record and flush it to the operating system."""
        self._write_line(("samples", benchmark), self.samples_path(benchmark), record.to_json())

    def _write_line(self, key: tuple[str, str], path: Path, value: dict[str, Any]) -> None:
        handle = self._handles.get(key)
        if handle is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = self._handles[key] = path.open("a", encoding="utf-8")
        handle.write(modeltext.dumps(value, default=str) + "\n")
        handle.flush()

    def write_results(self, results: dict[str, Any]) -> Any:
        """Check ``results`` (``results_text``), then write it atomically; returns the document as written (plain
        JSON values). Only the runner calls this (``tabbench rescore`` stages its text in a journal)."""
        document, text = results_text(results)
        write_atomic(self.results_path, text, fsync=True)
        return document

    def close(self) -> None:
        """Close the files and let the folder's lock go."""
        try:
            self._close_files()
        finally:
            self._release()

    def _close_files(self) -> None:
        handles, self._handles = list(self._handles.values()), {}
        failed: list[OSError] = []
        for handle in handles:
            try:
                handle.close()
            except OSError as exc:  # a full disk while flushing: every file is still closed
                failed.append(exc)
        if failed:
            raise failed[0]


class PromptIndex:
    """What a prompts file holds: each prompt's first entry by ``prompt_hash`` and the examples that have a line
    of their own (``(prompt_hash, id)``)."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self.shown: dict[str, tuple[Any, ...]] = {}
        self.own: set[tuple[str, str]] = set()
        for entry in entries:
            key = str(entry.get("prompt_hash"))
            if "id" in entry:
                self.own.add((key, str(entry["id"])))
            else:
                self.shown.setdefault(key, _shown(entry))

    def missing(self, prompt_hash: str, example_id: str, entry: dict[str, Any]) -> dict[str, Any] | None:
        """The line to write for this example's prompt, or ``None`` when the file already has what it needs."""
        shown = _shown(entry)
        if prompt_hash not in self.shown:
            self.shown[prompt_hash] = shown
            return {"prompt_hash": prompt_hash, **entry}
        if self.shown[prompt_hash] == shown or (prompt_hash, example_id) in self.own:
            return None
        self.own.add((prompt_hash, example_id))
        return {"prompt_hash": prompt_hash, "id": example_id, **{k: v for k, v in entry.items() if k != "messages"}}


def _shown(entry: dict[str, Any]) -> tuple[Any, ...]:
    """What a reader shows of a prompt beyond its messages, comparable as JSON reads it back."""
    return tuple(modeltext.dumps(entry.get(key), sort_keys=True, default=str) for key in ("question", "gold", "meta"))
