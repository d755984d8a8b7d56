"""The files of a run folder, read safely: paths kept inside the folder, regular files only, JSON lines
shape-checked (the rules: ``tabbench.evaluation.runfolder``).

This part of the reader imports nothing above the contract, so the run store (``tabbench.evaluation.store``, the
one writer, below the runner) reads its own files back through it, as every reader does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from tabbench.contract import modeltext
from tabbench.contract.confine import confined, entry_name, open_regular, present, read_regular
from tabbench.contract.errors import DataError
from tabbench.contract.record_shape import shape_problem, typed_problem

RESULTS = "results.json"
RUN = "run.json"
SAMPLES = "samples"
PROMPTS = "prompts"
TRAINER_STATE = "trainer_state.json"  # a trainer's run folder: its logs, shown as training curves

T = TypeVar("T")


def inside(run_dir: str | Path, *parts: str) -> Path:
    """``RUN_DIR/PARTS``; a ``DataError`` when, resolved, it leads out of the run folder."""
    return confined(Path(run_dir).joinpath(*parts), run_dir)


def existing(run_dir: str | Path, *parts: str) -> Path | None:
    """``inside(RUN_DIR, *PARTS)`` when a regular file is there, ``None`` when nothing is; a ``DataError`` naming
    it when something else is (a FIFO, a folder, a device)."""
    path = inside(run_dir, *parts)
    return path if present(path) else None


def read_json(path: Path, what: str = "JSON file") -> Any:
    """The JSON in the regular file ``path`` (nested at most ``modeltext.MAX_DEPTH`` deep); else a ``DataError``
    naming it: ``PATH: not a readable WHAT (why)``."""
    try:
        return modeltext.loads(read_regular(path).decode("utf-8"))
    except ValueError as exc:  # not UTF-8, not JSON, too deep
        raise DataError(f"{path}: not a readable {what} ({exc})") from None


def jsonl_path(run_dir: str | Path, folder: str, benchmark: str) -> Path:
    """``RUN_DIR/FOLDER/BENCHMARK.jsonl`` (``samples`` or ``prompts``): refused when the name is no file name or
    the path leads out of the run."""
    return inside(run_dir, folder, f"{entry_name(benchmark, Path(run_dir) / folder)}.jsonl")


def started_config(run_dir: str | Path) -> dict[str, Any] | None:
    """The ``config`` that ``run.json`` holds (what the run started with); ``None`` when there is no ``run.json``;
    an unreadable one is a ``DataError`` naming it."""
    path = existing(run_dir, RUN)
    if path is None:
        return None
    document = read_json(path, "run config")
    config = document.get("config") if isinstance(document, dict) else None
    if not isinstance(config, dict):
        raise DataError(f"{path}: not a readable run config ('config' is not an object)")
    return config

# --- JSON-lines files ---------------------------------------------------------------------------------------------


@dataclass
class Lines(Generic[T]):
    """A JSON-lines file as read: its path, its entries, the bytes its whole lines take, and the bytes read.
    ``whole < size`` when the last line was torn by a kill; the run store cuts the file there when it resumes."""

    path: Path
    entries: list[T] = field(default_factory=list)
    whole: int = 0
    size: int = 0


def read_lines(path: Path, what: str, parse: Callable[[dict[str, Any], int], T], *,
               required: bool = False) -> Lines[T]:
    """Every line of the JSON-lines file ``path`` as ``parse(object, line number)`` (none when there is no file,
    unless ``required``); a line that is not a JSON object, or that ``parse`` refuses (``ValueError``/
    ``TypeError``), is a ``DataError`` ``PATH:LINE: corrupt WHAT (why)``, unless it is the last and has no newline
    (then it is left out)."""
    lines = Lines[T](path)
    if not present(path):
        if required:
            raise DataError(f"{path}: cannot read the {what}s (no such file)")
        return lines
    with open_regular(path) as handle:
        for number, raw in enumerate(handle, 1):
            lines.size += len(raw)
            if not raw.endswith(b"\n"):  # only the last line can lack its newline: the line a kill interrupted
                break
            lines.whole += len(raw)
            if not raw.strip():
                continue
            try:
                value = json.loads(raw)
                if not isinstance(value, dict):
                    raise TypeError(f"a JSON {type(value).__name__}, not an object")
                lines.entries.append(parse(value, number))
            except (ValueError, RecursionError, TypeError) as exc:
                raise DataError(f"{path}:{number}: corrupt {what} ({exc})") from None
    return lines


def sample_lines(run_dir: str | Path, benchmark: str, *, typed: bool = False,
                 required: bool = False) -> Lines[dict[str, Any]]:
    """The sample records of ``benchmark`` (``samples/BENCHMARK.jsonl``; ``required``: the file must be there),
    each shape-checked (``typed``: with every field ``SampleRecord`` requires), ids as text, none twice."""
    path = jsonl_path(run_dir, SAMPLES, benchmark)
    check = typed_problem if typed else shape_problem
    first: dict[str, int] = {}

    def parse(record: dict[str, Any], number: int) -> dict[str, Any]:
        problem = check(record)
        if problem:
            raise ValueError(problem)
        record["id"] = str(record["id"])
        seen = first.setdefault(record["id"], number)
        if seen != number:
            raise ValueError(f"record {record['id']!r} is written twice, first on line {seen}")
        return record

    return read_lines(path, "sample record", parse, required=required)


#: A prompt entry's fields a reader iterates or shows, and the JSON types they must have when present.
_PROMPT_FIELDS: dict[str, tuple[type, ...]] = {"messages": (list,), "meta": (dict,), "id": (str, int)}


def _prompt_entry(value: dict[str, Any], number: int) -> dict[str, Any]:
    if not isinstance(value.get("prompt_hash"), str):
        raise TypeError("no 'prompt_hash'")
    for key, types in _PROMPT_FIELDS.items():
        if value.get(key) is not None and (isinstance(value[key], bool) or not isinstance(value[key], types)):
            raise TypeError(f"field {key!r} is a JSON {type(value[key]).__name__}, not "
                            f"{' or '.join(t.__name__ for t in types)}")
    if any(not isinstance(m, dict) for m in value.get("messages") or []):
        raise TypeError("field 'messages' holds something other than objects")
    return value


def prompt_lines(run_dir: str | Path, benchmark: str) -> Lines[dict[str, Any]]:
    """The entries of ``benchmark``'s prompts file (``prompts/BENCHMARK.jsonl``), in order."""
    return read_lines(jsonl_path(run_dir, PROMPTS, benchmark), "prompt entry", _prompt_entry)


class PromptTable:
    """A prompts file read back: what a reader shows of an example's prompt. The store writes each distinct prompt
    once, and a line of its own (with the example's ``id``, without messages) for an example whose question,
    gold or meta differ from the first example's with that prompt."""

    def __init__(self, entries: Sequence[dict[str, Any]]) -> None:
        self.first: dict[str, dict[str, Any]] = {}
        self.own: dict[tuple[str, str], dict[str, Any]] = {}
        for entry in entries:
            key = str(entry.get("prompt_hash"))
            if "id" in entry:
                self.own.setdefault((key, str(entry["id"])), entry)
            else:
                self.first.setdefault(key, entry)

    def get(self, prompt_hash: str, example_id: str) -> dict[str, Any] | None:
        """``messages``, ``question``, ``gold`` and ``meta`` of the example's prompt; ``None`` when the file
        has no entry for it (a run of results schema 3, a damaged folder)."""
        first = self.first.get(prompt_hash)
        if first is None:
            return None
        entry = {k: v for k, v in first.items() if k != "prompt_hash"}
        own = self.own.get((prompt_hash, example_id))
        if own is not None:
            entry.update({k: v for k, v in own.items() if k not in ("prompt_hash", "id")})
        return entry
