"""A change to several files lands whole or not at all (``tabbench.contract.journal``): interrupted at each of its
steps (an error, a kill), the folder reads back as the old files or, once recovered, the new ones; a hostile
journal is refused, never followed out of the folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabbench.contract import journal
from tabbench.contract.errors import RunStoreError
from tabbench.contract.journal import JOURNAL, Change, pending, recover

OLD = {"results.json": "old results\n", "samples/a.jsonl": "old a\n", "samples/b.jsonl": "old b\n"}
NEW = {"results.json": "new results\n", "samples/a.jsonl": "new a\n", "samples/b.jsonl": "new b\n",
       "samples/c.jsonl": "new c\n"}


def folder_with(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def state(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*"))
            if p.is_file() and JOURNAL not in p.parts}


def change(root: Path) -> None:
    with Change(root) as staged:
        for name in ("samples/a.jsonl", "samples/b.jsonl", "samples/c.jsonl", "results.json"):
            staged.write(name, NEW[name])


def test_a_change_switches_every_file_in_and_leaves_no_journal(tmp_path: Path) -> None:
    folder_with(tmp_path, OLD)
    change(tmp_path)
    assert state(tmp_path) == NEW and not pending(tmp_path) and recover(tmp_path) is None


def test_an_error_in_the_block_leaves_the_old_files_and_no_journal(tmp_path: Path) -> None:
    folder_with(tmp_path, OLD)
    with pytest.raises(KeyboardInterrupt), Change(tmp_path) as staged:
        staged.write("results.json", "half")
        raise KeyboardInterrupt  # Ctrl-C, or SIGTERM/SIGHUP as the command line turns them
    assert state(tmp_path) == OLD and not pending(tmp_path)


STEPS = ("replace", "link", "fsync", "open")


def _count(monkeypatch: pytest.MonkeyPatch, fail_at: int) -> list[int]:
    """Make the ``fail_at``-th file-system step of a change fail with a full disk; returns the step counter."""
    seen = [0]
    for name in STEPS:
        original = getattr(os, name)

        def step(*args: object, _original=original, **kwargs: object) -> object:
            seen[0] += 1
            if seen[0] == fail_at:
                raise OSError(28, "No space left on device", str(args[0]))
            return _original(*args, **kwargs)

        monkeypatch.setattr(os, name, step)
    return seen


def test_a_full_disk_at_any_step_leaves_the_old_files_or_the_new(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        total = _count(patch, 0)
        change(folder_with(tmp_path / "count", OLD))
    assert total[0] > 10
    for k in range(1, total[0] + 1):
        root = folder_with(tmp_path / f"k{k}", OLD)
        with monkeypatch.context() as patch:
            _count(patch, k)
            try:
                change(root)
            except RunStoreError as exc:
                assert "\n" not in str(exc)
        recover(root)  # what the next writer does first
        assert state(root) in (OLD, NEW), k
        assert not pending(root), k
        change(root) if state(root) == OLD else None  # the change can be made again
        assert state(root) == NEW, k


KILLED = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from tests.test_journal import change, folder_with, OLD
import tests.test_journal as t
seen, at = [0], int(sys.argv[2])
for name in t.STEPS:
    original = getattr(os, name)
    def step(*args, _original=original, **kwargs):
        seen[0] += 1
        if seen[0] == at:
            os.kill(os.getpid(), signal.SIGKILL)
        return _original(*args, **kwargs)
    setattr(os, name, step)
change(Path(sys.argv[1]))
print(seen[0])
"""


@pytest.mark.slow  # kills a writer process at each step of a change
def test_a_kill_at_any_step_is_rolled_back_or_forward_by_the_next_writer(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    count = subprocess.run([sys.executable, "-c", KILLED, str(folder_with(tmp_path / "count", OLD)), "0", str(root)],
                           capture_output=True, text=True, check=True)
    total = int(count.stdout)
    for k in range(1, total + 1):
        folder = folder_with(tmp_path / f"k{k}", OLD)
        done = subprocess.run([sys.executable, "-c", KILLED, str(folder), str(k), str(root)], capture_output=True)
        assert done.returncode == -9, (k, done.stderr)
        committed = (folder / JOURNAL / "COMMIT").exists()
        if not committed:  # before the commit point nothing visible changed; after its journal went, all did
            assert state(folder) in (OLD, NEW), k
        before = state(folder)
        recover(folder)
        assert state(folder) == (NEW if committed else before), k
        assert not pending(folder)


def test_a_failed_rename_rolls_the_switched_files_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder_with(tmp_path, OLD)
    replace, calls = os.replace, []

    def second_fails(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) == 3:  # the journal's COMMIT, then one file switched in, then this one
            raise PermissionError(13, "Permission denied", str(target))
        replace(source, target)

    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(RunStoreError, match=r"cannot complete the change .* the folder is as it was"):
        change(tmp_path)
    assert state(tmp_path) == OLD and not pending(tmp_path)


def _hostile(root: Path, entries: list[dict]) -> Path:
    (root / JOURNAL / "new").mkdir(parents=True)
    (root / JOURNAL / "COMMIT").write_text(json.dumps({"entries": entries}))
    return root


@pytest.mark.parametrize("path", ["../outside", "/etc/passwd", "a/../../x", "", "samples/./a"])
def test_a_journal_naming_a_path_out_of_the_folder_is_refused(tmp_path: Path, path: str) -> None:
    run = _hostile(tmp_path / "run", [{"path": path, "existed": False}])
    (run / JOURNAL / "new" / "outside").write_text("planted")
    with pytest.raises(RunStoreError):
        recover(run)
    assert not (tmp_path / "outside").exists()


def test_a_journal_leading_through_a_symlink_or_staging_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    run = _hostile(tmp_path / "run", [{"path": "samples/a.jsonl", "existed": False}])
    (run / "samples").symlink_to(tmp_path / "elsewhere")
    (run / JOURNAL / "new" / "samples").mkdir()
    (run / JOURNAL / "new" / "samples" / "a.jsonl").write_text("planted")
    with pytest.raises(RunStoreError, match="not a folder"):
        recover(run)
    assert not any((tmp_path / "elsewhere").iterdir())
    run2 = _hostile(tmp_path / "run2", [{"path": "results.json", "existed": False}])
    (run2 / JOURNAL / "new" / "results.json").symlink_to("/etc/passwd")
    with pytest.raises(RunStoreError, match="not a regular file"):
        recover(run2)
    assert not (run2 / "results.json").exists()


@pytest.mark.parametrize("text", ["{", "[]", '{"entries": [1]}', '{"entries": [{"path": 3}]}'])
def test_an_unreadable_commit_is_one_line(tmp_path: Path, text: str) -> None:
    (tmp_path / JOURNAL).mkdir()
    (tmp_path / JOURNAL / "COMMIT").write_text(text)
    with pytest.raises(RunStoreError, match="unreadable journal"):
        recover(tmp_path)


def test_a_change_cannot_replace_a_folder(tmp_path: Path) -> None:
    (tmp_path / "samples").mkdir()
    with pytest.raises(RunStoreError, match="a folder cannot be replaced"), Change(tmp_path) as staged:
        staged.write("samples", "x")
    assert (tmp_path / "samples").is_dir() and not pending(tmp_path)


def test_adopt_takes_a_folder_built_whole(tmp_path: Path) -> None:
    with Change(tmp_path) as staged:
        folder_with(staged.new, {"run.json": "{}", "samples/a.jsonl": "a\n", ".tabbench.lock": ""})
        assert staged.adopt() == ["run.json", "samples"]
    assert state(tmp_path) == {"run.json": "{}", "samples/a.jsonl": "a\n"}
    assert journal.pending(tmp_path) is False


def test_ctrl_c_after_the_commit_point_finishes_the_change_first(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder_with(tmp_path, OLD)
    replace, calls = os.replace, []

    def interrupted_once(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) == 3:  # COMMIT, one file switched in, then Ctrl-C (or SIGTERM as the command line raises it)
            raise KeyboardInterrupt
        replace(source, target)

    monkeypatch.setattr(os, "replace", interrupted_once)
    with pytest.raises(KeyboardInterrupt):
        change(tmp_path)
    assert state(tmp_path) == NEW and not pending(tmp_path)


def test_a_commit_that_is_a_fifo_is_refused_never_waited_on(tmp_path: Path) -> None:
    (tmp_path / JOURNAL).mkdir()
    os.mkfifo(tmp_path / JOURNAL / "COMMIT")
    with pytest.raises(RunStoreError, match="not a regular file"):
        recover(tmp_path)
