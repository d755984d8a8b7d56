"""One writer at a time per run folder (``tabbench.contract.runlock``): a second writer, in another process or
thread, is refused by name; a lock left by a dead process is taken over; a forked child never keeps its parent's
lock; a lock file that is not one is a one-line error; readers ignore the lock."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabbench import Settings, TabbenchError, evaluate, hookimpl
from tabbench.contract.errors import RunStoreError
from tabbench.contract.runlock import LOCK_NAME, Holder, RunBusyError, RunLock, start_time, writing
from tests.cli_run import gold_run, tabbench


def holder_of(folder: Path) -> Holder | None:
    return Holder.parse((folder / LOCK_NAME).read_bytes())


HOLD = """
import os, sys, time
from tabbench.contract.runlock import RunLock
lock = RunLock(sys.argv[1], command="tabbench rescore held-run").acquire()
if sys.argv[2] == "fork":
    ready, go = os.pipe()
    if os.fork() == 0:
        os.write(go, b"x")  # forked, and past the fork handlers that close its copy of the lock descriptor
        time.sleep(60)  # the child outlives its parent
        os._exit(0)
    os.read(ready, 1)
print("held", flush=True)
if sys.argv[2] != "wait":
    os._exit(0)
sys.stdin.read()
lock.release()
"""


def holder(folder: Path, mode: str = "wait") -> subprocess.Popen[str]:
    """A process holding ``folder``'s lock (until its stdin closes, with ``wait``)."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(folder), mode], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "held\n"
    return process


def test_a_second_process_is_refused_naming_the_holder_and_nothing_is_written(tmp_path: Path) -> None:
    process = holder(tmp_path)
    try:
        before = sorted(tmp_path.iterdir())
        with pytest.raises(RunBusyError) as refused:
            RunLock(tmp_path).acquire()
        message = str(refused.value)
        assert "\n" not in message and f"pid {process.pid} on {socket.gethostname()}" in message
        assert "(tabbench rescore held-run)" in message and "since 20" in message
        assert sorted(tmp_path.iterdir()) == before
    finally:
        process.communicate("")
    with RunLock(tmp_path):  # let go: the next writer proceeds
        assert holder_of(tmp_path).pid == os.getpid()
    assert not (tmp_path / LOCK_NAME).exists()  # a finished writer leaves no lock file


def test_a_lock_left_by_a_killed_process_is_taken_over(tmp_path: Path) -> None:
    process = holder(tmp_path)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert holder_of(tmp_path).pid == process.pid  # its record is still there: the kernel dropped its flock
    with RunLock(tmp_path):
        assert holder_of(tmp_path).pid == os.getpid()


def test_a_forked_child_does_not_keep_its_dead_parents_lock(tmp_path: Path) -> None:
    process = holder(tmp_path, "fork")  # the parent exits at once; its child sleeps on with a copy of the fd
    process.wait()
    with RunLock(tmp_path):
        pass


def test_the_lock_is_reentrant_in_a_thread_and_refused_to_another(tmp_path: Path) -> None:
    refused: list[BaseException] = []

    def other_thread() -> None:
        try:
            RunLock(tmp_path).acquire()
        except RunBusyError as exc:
            refused.append(exc)

    with RunLock(tmp_path), RunLock(tmp_path):
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
        assert (tmp_path / LOCK_NAME).exists()
    assert len(refused) == 1 and f"pid {os.getpid()}" in str(refused[0])
    assert not (tmp_path / LOCK_NAME).exists()


@pytest.mark.parametrize("kind", ["fifo", "folder", "symlink"])
def test_a_lock_file_that_is_not_a_regular_file_is_one_line_and_never_blocks(tmp_path: Path, kind: str) -> None:
    path = tmp_path / LOCK_NAME
    {"fifo": lambda: os.mkfifo(path), "folder": path.mkdir,
     "symlink": lambda: path.symlink_to(tmp_path / "elsewhere")}[kind]()
    with pytest.raises(RunStoreError) as refused:
        RunLock(tmp_path).acquire()
    assert str(refused.value).startswith(str(path)) and "\n" not in str(refused.value)
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into folders it cannot write")
def test_a_folder_this_user_cannot_write_is_one_line(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(RunStoreError, match="cannot lock the run folder for writing"):
            RunLock(tmp_path).acquire()
    finally:
        tmp_path.chmod(0o700)


def _no_flock(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", refuse)


def _record(folder: Path, **fields: object) -> None:
    record = {"pid": os.getpid(), "host": socket.gethostname(), "started": start_time(os.getpid()),
              "command": "tabbench eval", "since": "2026-01-01T00:00:00+00:00", **fields}
    (folder / LOCK_NAME).write_text(json.dumps(record))


@pytest.mark.parametrize(("case", "fields", "taken"), [
    ("a pid that is gone", {"pid": 2 ** 22 + 12345}, True),
    ("a live pid reused by another process (another start time)", {"pid": 1, "started": -1}, True),
    ("a live process on this host", {"pid": 1, "started": None}, False),
    ("a process on another host", {"host": "elsewhere.example"}, False),
])
def test_without_flock_the_holders_record_decides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str,
                                                  fields: dict, taken: bool) -> None:
    _no_flock(monkeypatch)
    _record(tmp_path, **fields)
    if taken:
        with RunLock(tmp_path):
            assert holder_of(tmp_path).pid == os.getpid()
        return
    with pytest.raises(RunBusyError) as refused:
        RunLock(tmp_path).acquire()
    if fields.get("host"):
        assert f"delete {tmp_path / LOCK_NAME}" in str(refused.value)


def test_start_time_tells_a_process_from_a_later_one_with_its_pid() -> None:
    me = Holder.me("x")
    assert not me.gone() and me.started == start_time(os.getpid()) is not None
    assert Holder(me.pid, me.host, (me.started or 0) + 1, "x", "now").gone()
    assert not Holder(me.pid, "another-host", None, "x", "now").gone()  # cannot tell: not gone


def test_writing_makes_the_folder_and_removes_it_when_left_empty(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    with writing(out):
        assert (out / LOCK_NAME).is_file()
    assert not (tmp_path / "a").exists()
    with writing(out):
        (out / "kept").write_text("x")
    assert sorted(p.name for p in out.iterdir()) == ["kept"]


def test_a_second_writer_command_is_refused_in_one_line_and_readers_need_no_lock(
        tmp_path: Path, env: dict[str, str]) -> None:
    run = gold_run(tmp_path / "run", "--suite", "demo-bird", "--limit", "4", env=env)
    files = {p: p.read_bytes() for p in run.rglob("*") if p.is_file()}
    process = holder(run)
    try:
        for args in (["rescore", str(run), "--reward", "arctic", "--no-progress"],
                     ["eval", "--model", "gold", "--suite", "demo-bird", "--limit", "4", "--out", str(run),
                      "--resume", "--no-progress"],
                     ["merge", str(run), str(run)]):
            done = tabbench(*args, env=env)
            assert done.returncode != 0 and done.stderr.count("\n") == 1, (args, done.stderr)
            assert f"another writer holds this run folder: pid {process.pid}" in done.stderr, done.stderr
        for args in (["compare", str(run), str(run)], ["export", str(run), "--format", "lm-eval", "--out",
                                                        str(tmp_path / "export")]):
            assert tabbench(*args, env=env).returncode == 0, args  # readers neither wait nor take the lock
    finally:
        process.communicate("")
    assert {p: p.read_bytes() for p in run.rglob("*") if p.is_file()} == files


def _files(folder: Path) -> dict[str, bytes]:
    """The folder's files as a reader sees them, ``results.json`` without the dates that differ between runs."""
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            content = path.read_bytes()
            if path.name == "results.json":
                results = json.loads(content)
                for key in ("created", "timing"):
                    results.pop(key, None)
                for edit in results.get("edits") or ():
                    edit.pop("at")
                content = json.dumps(results, sort_keys=True).encode()
            files[str(path.relative_to(folder))] = content
    return files


WRITERS = {
    "rescore": lambda run: ["rescore", str(run), "--reward", "arctic", "--no-progress"],
    "resume": lambda run: ["eval", "--model", "gold", "--suite", "demo-bird", "--limit", "6", "--out", str(run),
                           "--resume", "--no-progress"],
}


def _unfinished(run: Path) -> None:
    """What a killed evaluation leaves: two records of six, no results.json."""
    (run / "results.json").unlink()
    lines = (run / "samples" / "demo-bird.jsonl").read_text().splitlines(keepends=True)
    (run / "samples" / "demo-bird.jsonl").write_text("".join(lines[:2]))


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    return gold_run(tmp_path_factory.mktemp("concurrent") / "run", "--suite", "demo-bird", "--limit", "6", env=env)


def _start(kind: str, run: Path, env: dict[str, str], *hook: str) -> subprocess.Popen[str]:
    root = Path(__file__).resolve().parents[1]
    program = ("tests.crash_hook", *hook, "--") if hook else ("tabbench",)
    command = [sys.executable, "-m", *program, *WRITERS[kind](run)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**env, "PYTHONPATH": str(root)})


@pytest.mark.parametrize("kind", list(WRITERS))
def test_writers_started_while_one_holds_the_run_are_refused_and_the_result_is_one_writers(
        kind: str, finished: Path, tmp_path: Path, env: dict[str, str]) -> None:
    single, run = (Path(shutil.copytree(finished, tmp_path / name)) for name in ("single", "run"))
    if kind == "resume":
        _unfinished(single)
        _unfinished(run)
    assert tabbench(*WRITERS[kind](single), env=env).returncode == 0
    gate = tmp_path / "gate"
    first = _start(kind, run, env, "0", "hold", str(gate))
    while not Path(f"{gate}.paused").exists():
        assert first.poll() is None, first.communicate()
        time.sleep(0.02)
    others = [_start(kind, run, env) for _ in range(3)]
    for other in others:
        _, stderr = other.communicate(timeout=300)
        assert other.returncode == 75 and stderr.count("\n") == 1, stderr
        assert f"another writer holds this run folder: pid {first.pid} on {socket.gethostname()}" in stderr
    Path(f"{gate}.go").touch()
    _, stderr = first.communicate(timeout=300)
    assert first.returncode == 0, stderr
    assert _files(run) == _files(single)
    assert len((run / "samples" / "demo-bird.jsonl").read_text().splitlines()) == 6


@pytest.mark.parametrize("kind", list(WRITERS))
def test_writers_started_at_once_leave_what_one_writer_leaves(kind: str, finished: Path, tmp_path: Path,
                                                              env: dict[str, str]) -> None:
    single, run = (Path(shutil.copytree(finished, tmp_path / name)) for name in ("single", "run"))
    if kind == "resume":
        _unfinished(single)
        _unfinished(run)
    assert tabbench(*WRITERS[kind](single), env=env).returncode == 0
    writers = [_start(kind, run, env) for _ in range(4)]
    outcomes = [(w.wait(timeout=300), w.stderr.read()) for w in writers if w.stderr is not None]
    for code, stderr in outcomes:
        assert code == 0 or (code in (2, 75) and stderr.count("\n") == 1 and "Traceback" not in stderr), stderr
    if kind == "rescore":  # one adds the metric; any other is refused: by the lock, or for the metric it finds
        assert [code for code, _ in outcomes].count(0) == 1, outcomes
    assert _files(run) == _files(single)


def test_a_vote_runs_greedy_folder_is_held_too(tmp_path: Path, env: dict[str, str]) -> None:
    """A vote run writes ``OUT`` and ``OUT/greedy``: a writer holding either keeps the resume out of both."""
    args = ["--suite", "demo-crtqa", "--limit", "4", "--samples", "3"]
    run = gold_run(tmp_path / "vote", *args, env=env)
    files = _files(run)
    for held in (run, run / "greedy"):
        process = holder(held)
        try:
            done = tabbench("eval", "--model", "gold", *args, "--out", str(run), "--resume", "--no-progress", env=env)
            assert done.returncode == 75 and f"{held}: another writer holds" in done.stderr, done.stderr
        finally:
            process.communicate("")
    assert _files(run) == files


class RefusesTheRun:
    @hookimpl
    def before_run(self, run: object) -> None:
        raise RuntimeError("the plugin refuses the run")


@pytest.mark.tabbench_plugins("demo", "bird", "sql-rewards", "oracles")
def test_a_run_that_fails_lets_its_folder_go(isolated_host, tmp_path: Path) -> None:
    """A library caller (``tabbench.evaluate`` in a notebook) lives on after a failed run: the folder must not stay
    locked, nor hold the run.json of a run that scored nothing. A ``before_run`` hook that raised left both."""
    isolated_host.register(RefusesTheRun(), "refuses")
    out = tmp_path / "run"
    with pytest.raises(TabbenchError, match="the plugin refuses the run"):
        evaluate("gold", "demo-bird", out=out, settings=Settings(workers=0))
    assert not out.exists()  # the store was closed: run.json and the lock file removed
    done: list[str] = []
    thread = threading.Thread(target=lambda: done.append(evaluate(
        "gold", "demo-bird", out=out, settings=Settings(workers=0)) and "ran"))
    isolated_host.unregister("refuses")
    thread.start()
    thread.join()
    assert done == ["ran"]
