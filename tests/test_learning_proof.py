"""The learning proof (benchmarks/learning_proof.py, proof_plan.py, proof_records.py): checkpoint choice, compile
choices from measured figures, the validation design, the deadline, pieces published without losing what was
there, and the board built from committed pieces alone. The whole multi-window flow is in test_gpu_window.py."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabbench.reporting.leaderboard import build
from tests.loaded import SLACK

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


def _load(name: str):
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def proof():
    return _load("learning_proof")


@pytest.fixture(scope="module")
def plan():
    return _load("proof_plan")


@pytest.fixture(scope="module")
def records():
    return _load("proof_records")


def test_the_best_validation_snapshot_is_kept_and_a_tie_keeps_the_earliest(proof):
    assert proof.choose_round([0.20, 0.25, 0.22]) == 1
    assert proof.choose_round([0.30, 0.25, 0.30]) == 0  # more training that did not help is not kept
    assert proof.choose_round([0.1, 0.2, 0.3, 0.3]) == 2


def test_compile_is_chosen_from_the_figures(plan):
    """Issue 43's figures: a 34 s compile per generating process, eager generation shorter than that for every
    evaluation of a seed (so at least 16 questions/s for 527), GRPO steps of 6.4 s eager and a 1.5 s target."""
    figures = plan.read_figures(plan.FIGURES)
    choices = plan.choose_compile("cuda", figures, {"held-out eval": 527, "validation eval": 158,
                                                    "prompt filter": 800, "grpo rollouts": 1})
    assert not choices["held-out eval"]["compile"] and not choices["validation eval"]["compile"]
    assert choices["grpo rollouts"]["compile"]
    eager = 527 / figures["eval_eager_questions_per_second"]["value"]
    assert choices["held-out eval"]["eager_s"] == pytest.approx(eager, abs=0.05)
    long = plan.choose_compile("cuda", figures, {"held-out eval": 5000})["held-out eval"]
    assert long["compile"] and long["compiled_s"] < long["eager_s"]  # long generation pays for its compile
    assert not any(c["compile"] for c in plan.choose_compile("cpu", {}, {"held-out eval": 5000,
                                                                         "grpo rollouts": 1}).values())


def test_figures_are_checked(plan, tmp_path):
    bad = tmp_path / "figures.json"
    bad.write_text(json.dumps({"compile_seconds": {"value": "34"}}))
    with pytest.raises(SystemExit, match=r"compile_seconds\.value must be a positive number"):
        plan.read_figures(bad)


def test_the_validation_design_says_what_it_can_resolve(plan):
    design = plan.validation_design([f"q{i}" for i in range(158)], {"wta_1": 62, "network_1": 56}, ["db_id=x"])
    assert design["n"] == 158 and design["se_points"]["0.1"] == pytest.approx(100 * (0.1 / 158) ** 0.5, abs=0.01)
    assert design["detectable_points"]["0.1"] == pytest.approx(2.8016 * 100 * (0.1 / 158) ** 0.5, abs=0.01)
    assert plan.validation_design(["b", "a"], {}, [])["ids_sha256"] == plan.validation_design(["a", "b"], {},
                                                                                              [])["ids_sha256"]


def test_the_deadline_stops_a_stage_and_its_workers(plan, tmp_path):
    deadline = plan.Deadline(time.time() + 2.0)
    pid_file = tmp_path / "worker.pid"
    code = ("import subprocess, sys, time; "
            "w = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)']); "
            f"open({str(pid_file)!r}, 'w').write(str(w.pid)); time.sleep(300)")
    child = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    start = time.time()
    with pytest.raises(plan.DeadlineReached, match="slow: stopped at the deadline"):
        deadline.wait(child, "slow")
    assert time.time() - start < 2.0 + 5.0 + SLACK
    worker = Path("/proc") / pid_file.read_text() / "stat"
    end = time.time() + SLACK
    while worker.exists() and worker.read_text().split(") ")[-1][0] != "Z" and time.time() < end:
        time.sleep(0.1)
    assert not worker.exists() or worker.read_text().split(") ")[-1][0] == "Z"  # the stage's worker is stopped too


def _work_seed(work: Path, stages: list[str], source: Path) -> None:
    """A seed's work folder with finished evaluations of ``stages`` (copies of a committed run)."""
    for stage in stages:
        run = work / "eval" / stage
        run.mkdir(parents=True)
        for name in ("results.json", "run.json"):
            shutil.copy2(source / name, run / name)
        shutil.copytree(source / "samples", run / "samples")


SOURCE = ROOT / "leaderboards" / "learning-results" / "sft-seed0"


def test_an_arm_trained_with_snapshots_publishes_its_records_and_its_choice(records, tmp_path):
    work = tmp_path / "seed0"
    _work_seed(work, ["control"], SOURCE)
    (work / "control").mkdir()
    (work / "control" / "tabbench_train.json").write_text(json.dumps({
        "trainer": "sft", "steps": 61, "seconds": 10.0, "snapshots": [{"snapshot": 1, "step": 30}]}))
    (work / "control" / "trainer_state.json").write_text(json.dumps({"global_step": 61, "log_history": []}))
    (work / "control.stage.json").write_text(json.dumps({"rc": 0, "wall_s": 12.0, "cpu_s": 12.0}))
    (work / "control-selection.json").write_text(json.dumps({
        "split": "validation", "kind": "snapshot", "n": 8, "metric": "ex", "chosen": 1,
        "rounds": [{"round": 0, "steps": 0, "score": 0.25}, {"round": 1, "steps": 30, "score": 0.5},
                   {"round": 2, "steps": 61, "score": 0.375}]}))
    dest = tmp_path / "results" / "control-seed0"
    records.copy_stage(work, dest, "control")
    assert sorted(p.name for p in (dest / "training").iterdir()) == [
        "seconds.json", "selection.json", "tabbench_train.json", "trainer_state.json"]
    board = build([f"{dest}=control (seed 0)"], tmp_path / "board.md", references=None)
    training = board.split("## Training")[1].split("## Runs")[0]
    (row,) = [line.rstrip(" |") for line in training.splitlines() if line.startswith("| 1 ")]
    assert row.split(" | ")[2:9] == ["sft", "61", "", "10", "", "1", "snapshot 1 of 2 (30 steps; validation ex 50.0%)"]


def _piece(seed: int, budget: float = 6.0) -> dict:
    return {"format": 1, "seed": seed, "complete": True, "plan": {
        "settings": {"budget": budget}, "trained": ["sft", "grpo", "control"], "title": "t",
        "labels": {"base": "base", "sft": "sft", "grpo": "grpo", "control": "control"}}}


def test_publishing_replaces_a_seed_only_once_its_new_copy_is_complete(records, tmp_path):
    results = tmp_path / "results"
    work = tmp_path / "work"
    _work_seed(work, ["sft", "grpo", "control"], SOURCE)
    records.publish_piece(work, results, 0, ["sft", "grpo", "control"], _piece(0))
    before = (results / "sft-seed0" / "results.json").read_bytes()
    shutil.rmtree(work / "eval" / "control")  # the next attempt lacks a stage: nothing may be touched
    with pytest.raises(SystemExit, match="no finished evaluation of control"):
        records.publish_piece(work, results, 0, ["sft", "grpo", "control"], _piece(0, budget=9.0))
    assert (results / "sft-seed0" / "results.json").read_bytes() == before
    assert json.loads((results / "piece-seed0.json").read_text())["plan"]["settings"]["budget"] == 6.0
    assert sorted(p.name for p in results.iterdir()) == ["control-seed0", "grpo-seed0", "piece-seed0.json",
                                                         "sft-seed0"]


def test_the_board_is_built_from_committed_pieces_and_refuses_what_does_not_fit(records, proof, tmp_path):
    results = tmp_path / "results"
    for seed, stages in ((0, ["base", "sft", "grpo", "control"]), (1, ["sft", "grpo", "control"])):
        work = tmp_path / f"work{seed}"
        _work_seed(work, stages, SOURCE)
        records.publish_piece(work, results, seed, stages, _piece(seed))
    listing = sorted(p.name for p in results.iterdir())
    with pytest.raises(SystemExit, match="no piece of seed 2"):  # the old crash: a seed not there yet
        records.build_board(results, tmp_path / "board.md", [0, 1, 2])
    assert sorted(p.name for p in results.iterdir()) == listing  # nothing deleted
    records.build_board(results, tmp_path / "board.md")
    text = (tmp_path / "board.md").read_text()
    assert "| 2, 5: sft | 1, 1: base |" in text and "grpo (seed 1)" in text
    (results / "piece-seed1.json").write_text(json.dumps(_piece(1, budget=7.0)))
    with pytest.raises(SystemExit, match=r"differ in their plan \(settings\)"):
        records.build_board(results, tmp_path / "board.md")
    (results / "piece-seed1.json").write_text(json.dumps({**_piece(1), "complete": False, "stopped": "grpo: late"}))
    with pytest.raises(SystemExit, match=r"seed 1 did not finish \(grpo: late\)"):
        records.build_board(results, tmp_path / "board.md")
    assert sorted(p.name for p in results.iterdir()) == listing


@pytest.mark.parametrize(("extra", "wanted"), [
    (["--train-where", "db_id=school,library", "--validation-where", "db_id=school", "--validation-where",
      "id!=@{rest}"], "database(s) school are trained on too"),  # a few of school's questions, the rest trained on
    (["--train-where", "db_id=library", "--validation-where", "db_id=school", "--eval-split", "train",
      "--eval-where", "db_id=school"], "validation question(s) are held-out questions too"),
])
def test_validation_that_is_not_held_out_is_refused_before_training(tmp_path, extra, wanted):
    from tabbench import get_benchmark

    school = [e.id for e in get_benchmark("demo-spider").examples("train") if e.meta.get("db_id") == "school"]
    (tmp_path / "rest.txt").write_text("\n".join(school[6:]) + "\n")
    extra = [a.format(rest=tmp_path / "rest.txt") for a in extra]
    done = subprocess.run([sys.executable, str(BENCHMARKS / "learning_proof.py"), "--model", str(tmp_path),
                           "--benchmark", "demo-spider", "--work", str(tmp_path / "work"), "--results",
                           str(tmp_path / "results"), "--budget", "5", *extra], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 1 and wanted in done.stderr, done.stdout[-2000:] + done.stderr[-2000:]
    assert not (tmp_path / "results").exists() and not (tmp_path / "work" / "seed0").exists()
