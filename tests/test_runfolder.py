"""The one run-folder reader (``tabbench.evaluation.runfolder``): regular files only, never blocking; every record
field a reader uses shape-checked once; a hostile folder is one line naming the file (and line) for every command
that reads runs: ``view``, ``compare``, ``export``, ``rescore``, ``eval --resume`` and ``leaderboard --pair``.

A FIFO where a file should be hangs a reader that opens it (opening a FIFO to read waits for a writer), so every
command here runs in a subprocess with a timeout and every in-process read under a ``deadline``: a hang fails the
test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BENCH = "demo-bird"
N = 6
FILES = {"run.json": "run.json", "results.json": "results.json", "prompts": f"prompts/{BENCH}.jsonl",
         "samples": f"samples/{BENCH}.jsonl", "trainer_state": "trainer_state.json"}
LIMIT = 60  # seconds a command may take before it counts as hung (each takes one or two)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    """A finished gold run of demo-bird (the oracles backend)."""
    out = tmp_path_factory.mktemp("runfolder") / "a"
    done = _tabbench(env, "eval", "--model", "gold", "--benchmark", BENCH, "--limit", str(N), "--out", str(out),
                     "--no-progress")
    assert done.returncode == 0, done.stderr
    return out


def _tabbench(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``tabbench ARGS``; a command still running after ``LIMIT`` seconds fails the test as hung."""
    try:
        return subprocess.run([sys.executable, "-m", "tabbench", *args], capture_output=True, text=True, env=env,
                              timeout=LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"tabbench {' '.join(args)} hung (still running after {LIMIT} s)")


def _copy(made: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(made, tmp_path / "run", symlinks=True))


def _fifo_at(run: Path, relative: str) -> Path:
    path = run / relative
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    return path


def _one_line(done: subprocess.CompletedProcess[str], *says: str) -> str:
    err = done.stderr.strip()
    assert done.returncode != 0 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert all(s in err for s in says), err
    return err


@contextmanager
def deadline(seconds: float = 10) -> Iterator[None]:
    """Fail (``TimeoutError``) when the block runs longer than ``seconds``: SIGALRM interrupts a blocked open."""
    def expired(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s (blocked on a FIFO?)")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _edit_records(run: Path, edit) -> None:
    path = run / FILES["samples"]
    records = [json.loads(line) for line in path.read_text().splitlines()]
    edit(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


# --- regular files only, never blocking --------------------------------------------------------------------------


def test_open_regular_refuses_a_fifo_a_folder_and_a_socket_without_blocking(tmp_path: Path) -> None:
    from tabbench.contract.confine import open_regular, present
    from tabbench.contract.errors import DataError

    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "socket"))
    (tmp_path / "file").write_text("x")
    try:
        with deadline():
            for name, kind in (("fifo", "a FIFO"), ("folder", "a folder"), ("socket", "a socket")):
                with pytest.raises(DataError, match=rf"{name}: is {kind}"):
                    open_regular(tmp_path / name)
            assert not present(tmp_path / "missing") and present(tmp_path / "file")
            with open_regular(tmp_path / "file") as handle:
                assert handle.read() == b"x"
    finally:
        server.close()


def test_a_device_is_refused_without_being_opened(tmp_path: Path) -> None:
    from tabbench.contract.confine import present
    from tabbench.contract.errors import DataError

    try:
        os.mknod(tmp_path / "null", 0o600 | __import__("stat").S_IFCHR, os.makedev(1, 3))  # /dev/null
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")
    with pytest.raises(DataError, match="is a character device"):
        present(tmp_path / "null")


@pytest.mark.parametrize("kind", sorted(FILES))
def test_a_fifo_in_place_of_any_run_file_is_one_error_naming_it(made: Path, tmp_path: Path, kind: str) -> None:
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.runfolder import read_prompts, read_records, read_run
    from tabbench.reporting.viewer import training_curves

    run = _copy(made, tmp_path)
    _fifo_at(run, FILES[kind])
    with deadline(), pytest.raises(DataError, match=rf"{FILES[kind]}: is a FIFO"):
        folder = read_run(run)
        read_records(folder, BENCH)
        read_prompts(folder, BENCH)
        training_curves(folder)


# the commands that read each file, and what they were before: hung (on a FIFO) or silently wrong (a FIFO taken
# for a missing file: a run without records, an unfinished run, "no results.json")
READS = [
    ("run.json", ["eval", "--resume"]), ("run.json", ["view"]),
    ("results.json", ["view"]), ("results.json", ["rescore"]), ("results.json", ["leaderboard"]),
    ("prompts", ["view"]), ("prompts", ["export"]), ("prompts", ["compare"]),
    ("samples", ["view"]), ("samples", ["compare"]), ("samples", ["export"]), ("samples", ["rescore"]),
    ("samples", ["eval", "--resume"]), ("samples", ["leaderboard", "--pair"]),
    ("trainer_state", ["view"]),
]


def _command(words: list[str], run: Path, intact: Path, tmp_path: Path) -> list[str]:
    command = words[0]
    if command == "view":
        return ["view", str(run), "--bundle", str(tmp_path / "bundle")]
    if command == "compare":
        return ["compare", str(run), str(intact)]
    if command == "export":
        return ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "export")]
    if command == "rescore":
        return ["rescore", str(run), "--reward", "again=bird-ex"]
    if command == "eval":
        return ["eval", "--model", "gold", "--benchmark", BENCH, "--limit", str(N), "--out", str(run),
                "--no-progress", "--resume"]
    pair = ["--pair", "2", "1"] if "--pair" in words else []
    return ["leaderboard", "build", str(intact), str(run), "--out", str(tmp_path / "board.md"), *pair]


@pytest.mark.parametrize(("kind", "words"), READS, ids=[f"{k}-{'_'.join(w)}" for k, w in READS])
def test_no_command_hangs_on_a_fifo_and_each_names_it(made: Path, tmp_path: Path, env: dict[str, str], kind: str,
                                                      words: list[str]) -> None:
    run = _copy(made, tmp_path)
    _fifo_at(run, FILES[kind])
    _one_line(_tabbench(env, *_command(words, run, made, tmp_path)), FILES[kind], "is a FIFO")
    assert not (tmp_path / "bundle").exists() and not (tmp_path / "export").exists()


def test_a_folder_in_place_of_a_prompts_file_is_one_line(made: Path, tmp_path: Path, env: dict[str, str]) -> None:
    run = _copy(made, tmp_path)
    (run / FILES["prompts"]).unlink()
    (run / FILES["prompts"]).mkdir()
    for words in (["view"], ["export"]):
        _one_line(_tabbench(env, *_command(words, run, made, tmp_path)), FILES["prompts"], "is a folder")


# --- record shapes, checked once -----------------------------------------------------------------------------------


def test_scores_null_is_shown_by_readers_and_refused_by_commands_that_compute(made: Path, tmp_path: Path,
                                                                              env: dict[str, str]) -> None:
    """The viewer shows what a record has (no scores); rescore and resume, which compute with them, name the
    file and line instead of a traceback."""
    from tabbench.evaluation.runfolder import read_records, read_run

    run = _copy(made, tmp_path)
    _edit_records(run, lambda records: records[2].update(scores=None))
    assert read_records(read_run(run), BENCH)[2]["scores"] is None
    for words in (["rescore"], ["eval", "--resume"]):
        _one_line(_tabbench(env, *_command(words, run, made, tmp_path)),
                  f"{FILES['samples']}:3: corrupt sample record (field 'scores' is missing or null)")


def test_a_record_written_twice_is_refused_naming_both_lines(made: Path, tmp_path: Path, env: dict[str, str]) -> None:
    """rescore counted it twice (n=N+1 beside results.json's n=N); every reader now names it."""
    run = _copy(made, tmp_path)
    _edit_records(run, lambda records: records.append(dict(records[1])))
    for words in (["rescore"], ["view"], ["compare"], ["eval", "--resume"]):
        _one_line(_tabbench(env, *_command(words, run, made, tmp_path)),
                  f"{FILES['samples']}:{N + 1}: corrupt sample record", "written twice, first on line 2")
    assert json.loads((run / "results.json").read_text())["benchmarks"][BENCH]["n"] == N  # nothing rewritten


@pytest.mark.parametrize(("field", "value", "says"), [
    ("scores", {"ex": None}, "scores.ex is not an object"), ("id", None, "no 'id'"), ("score", "1", "field 'score'"),
    ("completions", "SELECT 1", "field 'completions'"), ("status", 3, "field 'status'"),
    ("meta", {"db": ["x"]}, "field 'meta'"), ("prompt_hash", None, "'prompt_hash' is missing or null"),
    ("surprise", 1, "'surprise' is not one a sample record has"),
])
def test_every_field_a_reader_uses_is_checked_once(made: Path, tmp_path: Path, field: str, value: object,
                                                   says: str) -> None:
    """The same line reader for the viewer (plain records, lenient about what a record lacks) and the run store
    (``SampleRecord``s: every field required); the typed reading refuses what the plain one lets through only
    where a required field is missing or unknown."""
    from tabbench.contract.errors import DataError, RunStoreError
    from tabbench.evaluation.runfolder import read_records
    from tabbench.evaluation.store import RunStore

    run = _copy(made, tmp_path)
    _edit_records(run, lambda records: records[0].update({field: value}))
    with pytest.raises(RunStoreError, match=rf"{FILES['samples']}:1: corrupt sample record \(.*{says}"):
        RunStore(run).read_samples(BENCH, repair=False)
    if field in ("prompt_hash", "surprise"):
        assert read_records(run, BENCH)[0][field] == value  # the viewer shows what there is
    else:
        with pytest.raises(DataError, match=rf"{FILES['samples']}:1: corrupt sample record \(.*{says}"):
            read_records(run, BENCH)


def test_a_torn_last_line_is_left_out_by_readers_and_cut_only_by_the_store(made: Path, tmp_path: Path) -> None:
    from tabbench.evaluation.runfolder import read_records, sample_lines
    from tabbench.evaluation.store import RunStore

    run = _copy(made, tmp_path)
    path = run / FILES["samples"]
    intact = path.read_bytes()
    torn = intact + b'{"id": "torn", "status": "match"}'  # whole JSON, but no newline: a kill's line
    path.write_bytes(torn)
    lines = sample_lines(run, BENCH)
    assert len(lines.entries) == N and (lines.whole, lines.size) == (len(intact), len(torn))
    assert len(read_records(run, BENCH)) == N and path.read_bytes() == torn  # readers never write
    assert len(RunStore(run).read_samples(BENCH)) == N and path.read_bytes() == intact  # the writer cuts it


def test_a_benchmark_name_or_symlink_cannot_lead_a_reader_out(made: Path, tmp_path: Path) -> None:
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.runfolder import read_records, read_run

    run = _copy(made, tmp_path)
    (tmp_path / "outside.jsonl").write_text(json.dumps({"id": "secret", "status": "match"}) + "\n")
    with pytest.raises(DataError, match="cannot name a file"):
        read_records(run, "../../outside")
    (run / FILES["samples"]).unlink()
    (run / FILES["samples"]).symlink_to(tmp_path / "outside.jsonl")
    with pytest.raises(DataError, match="leads outside the run folder"):
        read_records(read_run(run), BENCH)
