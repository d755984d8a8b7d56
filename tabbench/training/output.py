"""A training run's output folder and messages: which process writes, the ``--out`` folder (refused when it holds
something, written whole or not at all: ``staged_output``), the run record ``tabbench_train.json``, progress on
stderr."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabbench.contract.errors import UsageError
from tabbench.contract.journal import JOURNAL, Change, recover
from tabbench.contract.outputs import check_output_folder
from tabbench.contract.runlock import LOCK_NAME, RunLock, writing

RUN_RECORD = "tabbench_train.json"


def launch_rank() -> tuple[int, int]:
    """``(rank, world size)`` of this process under a multi-process launcher (``accelerate launch``, ``torchrun``:
    they set ``RANK`` and ``WORLD_SIZE``); ``(0, 1)`` when launched alone. Known before torch starts."""
    return int(os.environ.get("RANK", "0")), int(os.environ.get("WORLD_SIZE", "1"))


def is_main_process() -> bool:
    """Whether this process writes the output folder and prints progress (rank 0; the only one when alone)."""
    return launch_rank()[0] == 0


def echo(message: str) -> None:
    """Progress goes to stderr, so stdout stays for machine-readable output; from the main process only."""
    if is_main_process():
        print(message, file=sys.stderr, flush=True)


def check_out_dir(out_dir: Path) -> None:
    """Check ``--out`` before anything is read, loaded or trained (``tabbench.check_output_folder``): a file in the
    way, a symlink to nothing or a place this user cannot write is one line naming the option. On the main process
    what a killed run left there is finished or removed first (``tabbench.contract.journal.recover``; a run still
    writing there is refused by name), then the folder must be new or empty, so a finished run's checkpoint is
    never overwritten; the other processes of a multi-process launch start while the main one may have begun
    writing there."""
    check_output_folder(out_dir, "--out")
    if not is_main_process():
        return
    if out_dir.is_dir() and {p.name for p in out_dir.iterdir()} & {LOCK_NAME, JOURNAL}:
        with RunLock(out_dir):
            recover(out_dir)
    _check_empty(out_dir)


def _check_empty(out_dir: Path) -> None:
    if out_dir.is_dir() and any(p.name != LOCK_NAME for p in out_dir.iterdir()):
        raise UsageError(f"--out {out_dir}: output folder exists and is not empty")


@contextmanager
def staged_output(out_dir: Path) -> Iterator[Path]:
    """The folder the run writes its checkpoint and logs into: ``--out``'s journal, switched into ``--out`` whole
    when the block succeeds (``tabbench.contract.journal``). A failure, an interruption (SIGTERM and SIGHUP too), a
    full disk or a kill at any point leaves ``--out`` as it was (absent or empty, and what a kill left is cleaned
    by the next run on it). The main process holds ``--out``'s lock throughout (one writer); the other processes
    of a multi-process launch are given the same folder and commit nothing."""
    staging = Path(out_dir) / JOURNAL / "new"
    if not is_main_process():
        yield staging
        return
    with writing(out_dir):
        recover(out_dir)
        _check_empty(out_dir)
        with Change(out_dir) as change:
            yield change.new
            change.adopt()


def prepare_out_dir(out_dir: Path) -> None:
    """Make ``--out``, refusing (again: ``check_out_dir`` ran long before) a directory that already holds a
    checkpoint or logs (no silent overwrite). Only the main process checks and makes it."""
    if not is_main_process():
        return
    check_output_folder(out_dir, "--out", new=True)
    out_dir.mkdir(parents=True, exist_ok=True)


@contextmanager
def removing_output_on_failure(out_dir: Path) -> Iterator[None]:
    """When the body fails or is interrupted, what it made of ``out_dir`` is removed (the folders it created, or
    the contents of the empty folder it was given), so the rerun is not refused for a non-empty ``--out``. A
    folder that held something is never touched (``prepare_out_dir`` refuses it); nor is anything by a process
    other than the main one. Nothing is lost: checkpoints are saved only at the end."""
    out_dir = top = Path(out_dir)
    while not top.parent.exists():  # the outermost folder the run will create
        top = top.parent
    fresh = not out_dir.exists()
    if not is_main_process() or (not fresh and any(out_dir.iterdir())):
        yield
        return
    try:
        yield
    except BaseException:
        if fresh:
            shutil.rmtree(top, ignore_errors=True)
        elif out_dir.is_dir():
            for child in out_dir.iterdir():
                if child.is_dir() and not child.is_symlink():
                    shutil.rmtree(child)
                else:
                    child.unlink()
        raise


def write_run_info(out_dir: Path, info: dict[str, Any], plugin_version: str) -> None:
    """``tabbench_train.json``: what produced the checkpoint (trainer and its version, base model, data, rewards,
    settings), written next to it."""
    import tabbench

    record = {
        "trainer_plugin_version": plugin_version,
        "tabbench_version": tabbench.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        **info,
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / RUN_RECORD).write_text(json.dumps(record, indent=2, sort_keys=True, default=_plain) + "\n",
                                      encoding="utf-8")


def _plain(value: Any) -> Any:
    """A setting as JSON: a typed object (``tabbench.Settings``) as its fields, anything else as text."""
    return value.to_json() if hasattr(value, "to_json") else str(value)


def append_log(out_dir: Path, entries: Sequence[dict[str, Any]], name: str) -> None:
    """Append records (TAO's per-round summaries) as JSON lines."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / name).open("a", encoding="utf-8") as handle:
        for entry in entries:
            handle.write(json.dumps(entry, sort_keys=True, default=str) + "\n")
