"""Property: no corruption of a run folder makes its readers raise anything but tabbench's one-line errors.

A real run folder (demo-bird predictions scored with `tabbench score`) is copied and one file is corrupted at
random: a value anywhere in ``results.json`` or ``run.json`` replaced by any JSON value or removed, the file cut
short or overwritten with bytes, a sample line replaced or one of its fields changed. Every reader of run folders
then runs on it: ``read_run``, ``read_records``, ``comparability``, ``compare_runs`` against the intact run, the
viewer's data (``Site``: the run summary, every grid and chunk), the leaderboard's paired reader, the run store's
reader that ``resume`` and ``merge`` use, and a leaderboard of the run built and checked. Each may refuse the
folder, but only with a ``TabbenchError`` whose message is one line. The examples are capped so the suite stays
fast.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabbench.contract.errors import TabbenchError

BENCH = "demo-bird"
N = 4
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
    examples = list(demo.examples(demo.default_split))[:N]
    base = tmp_path_factory.mktemp("fuzz")
    predictions = base / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completion": e.gold if i % 2 else "no sql"}) + "\n"
                                   for i, e in enumerate(examples)))
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(base / "cache"), "TABBENCH_WORKERS": "0"}
    done = subprocess.run([sys.executable, "-m", "tabbench", "score", BENCH, "--predictions", str(predictions),
                           "--limit", str(N), "--no-progress", "--out", str(base / "run")],
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


def _read_everything(run: Path, intact: Path) -> None:
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
    for read in (_read_everything, _board):
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
