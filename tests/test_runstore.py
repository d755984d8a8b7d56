"""The run store: atomic files, torn-line repair after a kill, refusing to mix runs; ``--resume`` of a changed or
damaged run is one line naming what changed or the file, and deletes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabbench.contract.errors import RunStoreError
from tabbench.contract.types import SampleRecord
from tabbench.evaluation.store import RunStore, write_json_atomic
from tests.bird_demo import BIRD, GOLD_EVAL, on_bird_demo
from tests.one_line import one_line_error


def _record(i: int) -> SampleRecord:
    return SampleRecord(id=f"q{i}", prompt_hash="h", completions=[str(i)], answer=str(i), status="match", score=1.0,
                        scores={"exact": {"value": 1.0, "status": "match", "details": {}}})


def test_torn_last_line_is_dropped_and_repaired(tmp_path):
    store = RunStore.create(tmp_path, {"a": 1})
    store.append("b", _record(0))
    store.append("b", _record(1))
    store.close()
    path = store.samples_path("b")
    with path.open("a") as handle:
        handle.write('{"id": "q2", "prompt')  # what a SIGKILL mid-write leaves
    records = RunStore.resume(tmp_path, {"a": 1}).read_samples("b")
    assert [r.id for r in records] == ["q0", "q1"]
    assert path.read_text().count("\n") == 2 and path.read_text().endswith("\n")


def test_damage_before_the_last_line_is_an_error(tmp_path):
    store = RunStore.create(tmp_path, {})
    store.append("b", _record(0))
    store.close()
    path = store.samples_path("b")
    path.write_text("garbage\n" + path.read_text())
    with pytest.raises(RunStoreError, match=r"b.jsonl:1: corrupt sample record"):
        store.read_samples("b")


def test_new_run_refuses_a_used_directory_and_resume_refuses_another_config(tmp_path):
    RunStore.create(tmp_path, {"model": "a"})
    with pytest.raises(RunStoreError, match="already holds a run"):
        RunStore.create(tmp_path, {"model": "a"})
    with pytest.raises(RunStoreError, match="changed: model"):
        RunStore.resume(tmp_path, {"model": "b"})


def test_atomic_write_leaves_old_file_when_serialisation_fails(tmp_path):
    path = tmp_path / "results.json"
    write_json_atomic(path, {"ok": True})
    with pytest.raises(ValueError):
        write_json_atomic(path, {"bad": float("nan")} | {"x": object.__new__(_Unserialisable)})
    assert json.loads(path.read_text()) == {"ok": True}
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


class _Unserialisable:
    def __str__(self) -> str:
        raise ValueError("cannot serialise")


# --- eval --resume ----------------------------------------------------------------------------------------------------


@on_bird_demo
def test_resume_mismatch_names_only_what_changed(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
            "--out", str(out), "--no-progress", "--no-cache", "--stop", ";"]
    assert cli_runner([*args, "--limit", "2"]).exit_code == 0
    line = one_line_error(cli_runner([*args, "--limit", "3", "--resume"]))
    assert line.endswith("(changed: limit)"), line  # generation (a tuple of stops) did not change


RUN_DAMAGE = {
    # name: (file of the finished run, new content or None to delete it, what the error names)
    "run.json not JSON": ("run.json", b'{"config": ', "run.json"),
    "run.json a list": ("run.json", b"[]", "run.json"),
    "config not an object": ("run.json", b'{"config": 5}', "'config' is not an object"),
    "records without run.json": ("run.json", None, "without run.json"),
    "a damaged record before the last": ("samples/bird.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n{}\n",
                                         "bird.jsonl:1:"),
}


@on_bird_demo
@pytest.mark.parametrize("case", list(RUN_DAMAGE))
def test_resume_of_a_damaged_run_is_one_line(cli_runner, tmp_path: Path, case: str) -> None:
    name, content, named = RUN_DAMAGE[case]
    out = tmp_path / "run"
    args = [*GOLD_EVAL, "--out", str(out)]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    if content is None:
        (out / name).unlink()
    else:
        (out / name).write_bytes(content)
    one_line_error(cli_runner([*args, "--resume"]), named)
    assert (out / "samples" / "bird.jsonl").exists(), "a refused resume deletes nothing"
