"""The one run-folder reader (``tabbench.evaluation.runfolder``): regular files only, never blocking; every record
field a reader uses shape-checked once; a hostile folder is one line naming the file (and line) for every command
that reads runs: ``view``, ``compare``, ``export``, ``rescore``, ``eval --resume`` and ``leaderboard --pair``.

A FIFO where a file should be hangs a reader that opens it (opening a FIFO to read waits for a writer), so every
command here runs in a subprocess with a timeout and every in-process read under a ``deadline``: a hang fails the
test instead of hanging the suite.

Hostile folders beside them: escapes out of the folder (``tests.run_edits.ESCAPES``), prompts and transcripts of
the wrong shape, and the property that no corruption of a run folder (a value anywhere in ``results.json`` or
``run.json`` replaced or removed, a file cut short or overwritten, a sample line replaced) makes any reader raise
anything but tabbench's one-line errors (hypothesis, derandomized, 40 examples each).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabbench.contract.errors import TabbenchError
from tabbench.evaluation.runfolder import read_records, read_run
from tabbench.reporting.viewer import training_curves
from tests.cli_run import tabbench
from tests.one_line import one_line_failure
from tests.run_edits import ESCAPES, copy_run, edit_samples, files

BENCH = "demo-bird"
N = 6
FUZZ_N = 4  # the property's run: the examples are capped so the suite stays fast
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
    one_line_failure(_tabbench(env, *_command(words, run, made, tmp_path)), FILES[kind], "is a FIFO")
    assert not (tmp_path / "bundle").exists() and not (tmp_path / "export").exists()


def test_a_folder_in_place_of_a_prompts_file_is_one_line(made: Path, tmp_path: Path, env: dict[str, str]) -> None:
    run = _copy(made, tmp_path)
    (run / FILES["prompts"]).unlink()
    (run / FILES["prompts"]).mkdir()
    for words in (["view"], ["export"]):
        one_line_failure(_tabbench(env, *_command(words, run, made, tmp_path)), FILES["prompts"], "is a folder")


# --- record shapes, checked once -----------------------------------------------------------------------------------


def test_scores_null_is_shown_by_readers_and_refused_by_commands_that_compute(made: Path, tmp_path: Path,
                                                                              env: dict[str, str]) -> None:
    """The viewer shows what a record has (no scores); rescore and resume, which compute with them, name the
    file and line instead of a traceback."""
    from tabbench.evaluation.runfolder import read_records, read_run

    run = _copy(made, tmp_path)
    edit_samples(run, lambda records: records[2].update(scores=None))
    assert read_records(read_run(run), BENCH)[2]["scores"] is None
    for words in (["rescore"], ["eval", "--resume"]):
        one_line_failure(_tabbench(env, *_command(words, run, made, tmp_path)),
                  f"{FILES['samples']}:3: corrupt sample record (field 'scores' is missing or null)")


def test_a_record_written_twice_is_refused_naming_both_lines(made: Path, tmp_path: Path, env: dict[str, str]) -> None:
    """rescore counted it twice (n=N+1 beside results.json's n=N); every reader now names it."""
    run = _copy(made, tmp_path)
    edit_samples(run, lambda records: records.append(dict(records[1])))
    for words in (["rescore"], ["view"], ["compare"], ["eval", "--resume"]):
        one_line_failure(_tabbench(env, *_command(words, run, made, tmp_path)),
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
    edit_samples(run, lambda records: records[0].update({field: value}))
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


# --- confinement: nothing outside the run folder is read --------------------------------------------------------------


def _read_everything(run: Path) -> None:
    folder = read_run(run)
    for name in folder.benchmarks:
        read_records(folder, name)
    training_curves(folder)


@pytest.mark.parametrize("case", sorted(ESCAPES))
def test_readers_refuse_paths_out_of_the_run_folder(shard_runs, tmp_path: Path, case: str) -> None:
    run = copy_run(shard_runs, "a", tmp_path)
    entry = ESCAPES[case](run, shard_runs["secret"])
    with pytest.raises(TabbenchError) as caught:
        _read_everything(run)
    assert entry in str(caught.value) and "\n" not in str(caught.value)


# --- prompts and transcripts of the wrong shape -----------------------------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("messages", 5), ("messages", "hello"), ("meta", "x"), ("id", [1])])
def test_a_prompt_entry_of_the_wrong_shape_is_one_line_naming_the_line(scored_runs, tmp_path: Path, env, field: str,
                                                                      value: object) -> None:
    """Entries are checked as records are: `messages` a list, `meta` an object, `id` text (messages 5 was a
    TypeError in the viewer's bundle)."""
    run = copy_run(scored_runs, "a", tmp_path)
    prompts = run / "prompts" / f"{BENCH}.jsonl"
    lines = prompts.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), field: value})
    prompts.write_text("\n".join(lines) + "\n")
    for command in (["view", str(run), "--bundle", str(tmp_path / "site")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")]):
        one_line_failure(tabbench(*command, env=env), f"prompts/{BENCH}.jsonl:2", f"'{field}'")


@pytest.mark.parametrize("transcript", [{"turns": "abc"}, {"turns": math.inf}, {"tool_calls": [1]},
                                        {"messages": 5}, {"messages": ["hi"]}])
def test_a_transcript_of_the_wrong_shape_is_one_line_for_export_and_rescore(scored_runs, tmp_path: Path, env,
                                                                           transcript: dict) -> None:
    """An agent rollout's counts and messages were int()-ed and iterated by export (ValueError, OverflowError,
    TypeError tracebacks) and listed by the viewer's sample page; record_shape checks them."""
    run = copy_run(scored_runs, "a", tmp_path)
    edit_samples(run, lambda rs: rs[0].update(transcript={"messages": [], "turns": 1, **transcript}))
    before = files(run)
    for command in (["export", str(run), "--format", "eee", "--out", str(tmp_path / "eee")],
                    ["rescore", str(run), "--reward", "tool-errors", "--no-progress"]):
        one_line_failure(tabbench(*command, env=env), f"{BENCH}.jsonl:1", "'transcript.")
    assert files(run) == before


# --- property: no corruption raises anything but a one-line error -----------------------------------------------------


# derandomize: the same examples on every run (a CI failure reproduces); 40 each keeps the file under a minute
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


_LEAF = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=12)


_ANY = st.recursive(_LEAF, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=3), max_leaves=6)


# Truthy values of every JSON type first (a reader's ``x or {}`` lets the empty ones through), then anything.
JSON = st.one_of(st.just(True), st.integers(1, 2**70), st.text(min_size=1, max_size=12),
                 st.lists(_ANY, min_size=1, max_size=3), st.dictionaries(st.text(max_size=8), _ANY, min_size=1,
                                                                         max_size=3), _ANY)


@pytest.fixture(scope="module")
def intact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import os

    from tabbench import get_benchmark

    demo = get_benchmark(BENCH)
    examples = list(demo.examples(demo.default_split))[:FUZZ_N]
    base = tmp_path_factory.mktemp("fuzz")
    predictions = base / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completion": e.gold if i % 2 else "no sql"}) + "\n"
                                   for i, e in enumerate(examples)))
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(base / "cache"), "TABBENCH_WORKERS": "0"}
    done = subprocess.run([sys.executable, "-m", "tabbench", "score", BENCH, "--predictions", str(predictions),
                           "--limit", str(FUZZ_N), "--no-progress", "--out", str(base / "run")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return base / "run"


def _replace_somewhere(data: st.DataObject, document: Any, top: bool = True) -> Any:
    """``document`` with one value, reached by a random path, replaced by any JSON value or removed (the
    document itself is kept a container: replacing it whole is the "line"/"bytes" corruptions' job)."""
    if not isinstance(document, dict | list) or not document or (not top and data.draw(st.booleans())):
        return data.draw(JSON)
    keys = list(document) if isinstance(document, dict) else list(range(len(document)))
    key = data.draw(st.sampled_from(keys))
    copy = dict(document) if isinstance(document, dict) else list(document)
    if data.draw(st.integers(0, 5)) == 0:
        del copy[key]
    else:
        copy[key] = _replace_somewhere(data, copy[key], top=False)
    return copy


def _replace_in(data: st.DataObject, document: Any, *path: str) -> Any:
    """``_replace_somewhere`` below ``path`` (``benchmarks``/``demo-bird``: where the readers look most)."""
    if not path or not isinstance(document, dict) or not isinstance(document.get(path[0]), dict | list):
        return _replace_somewhere(data, document)
    return {**document, path[0]: _replace_in(data, document[path[0]], *path[1:])}


def _corrupt_json_file(data: st.DataObject, path: Path) -> None:
    how = data.draw(st.sampled_from(["value", "value", "value", "cut", "bytes"]))
    raw = path.read_bytes()
    if how == "cut":
        path.write_bytes(raw[: data.draw(st.integers(0, len(raw) - 1))])
    elif how == "bytes":
        path.write_bytes(data.draw(st.binary(max_size=64)))
    else:
        below = data.draw(st.sampled_from([(), ("config",), ("benchmarks",), ("benchmarks", BENCH),
                                           ("benchmarks", BENCH, "data")]))
        path.write_text(json.dumps(_replace_in(data, json.loads(raw), *below), allow_nan=True))


def _corrupt_samples(data: st.DataObject, path: Path) -> None:
    lines = path.read_bytes().split(b"\n")[:-1]
    index = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["field", "field", "field", "line", "bytes"]))
    if how == "bytes":
        lines[index] = data.draw(st.binary(max_size=40)).replace(b"\n", b" ")
    elif how == "line":
        lines[index] = json.dumps(data.draw(JSON)).encode()
    else:
        record = json.loads(lines[index])
        lines[index] = json.dumps(_replace_somewhere(data, record), allow_nan=True).encode()
    path.write_bytes(b"\n".join(lines) + b"\n")


def _read_with_every_reader(run: Path, intact: Path) -> None:
    from tabbench.evaluation.runfolder import comparability, read_records, read_run
    from tabbench.evaluation.store import RunStore
    from tabbench.reporting.flips import compare_runs
    from tabbench.reporting.paired import item_verdicts
    from tabbench.reporting.viewer import Site

    folder = read_run(run)
    for name in folder.benchmarks:
        read_records(folder, name)
        comparability(folder, name)
        item_verdicts(run, name)
        RunStore(run).read_samples(name, repair=False)
    compare_runs(read_run(intact), folder)
    site = Site([folder, read_run(intact)])
    for name in site.files():
        site.file(name)


def _board(run: Path, intact: Path) -> None:
    """A board of the run beside the intact one, built and checked (``leaderboard check`` never raises anything
    but a one-line error, whatever text the run holds)."""
    from tabbench.reporting.leaderboard import build, check

    board = run.parent / "board.md"
    build([str(intact), str(run)], board, references=None, pairs=[("2", "1")])
    check(board)


def _check(run: Path, intact: Path) -> None:
    for read in (_read_with_every_reader, _board):
        try:
            read(run, intact)
        except TabbenchError as exc:
            assert "\n" not in str(exc).strip(), str(exc)


@SETTINGS
@given(data=st.data(), unfinished=st.booleans())
def test_corrupt_results_or_run_json_never_raise_a_traceback(intact: Path, data: st.DataObject,
                                                            unfinished: bool) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        run = Path(scratch) / "run"
        shutil.copytree(intact, run)
        if unfinished:
            (run / "results.json").unlink()
        _corrupt_json_file(data, run / ("run.json" if unfinished else "results.json"))
        _check(run, intact)


@SETTINGS
@given(data=st.data())
def test_corrupt_sample_lines_never_raise_a_traceback(intact: Path, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        run = Path(scratch) / "run"
        shutil.copytree(intact, run)
        _corrupt_samples(data, run / "samples" / f"{BENCH}.jsonl")
        _check(run, intact)
