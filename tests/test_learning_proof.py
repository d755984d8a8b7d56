"""The learning proof's validation split and checkpoint selection (benchmarks/learning_proof.py), without
training: which questions validation takes, which round an arm keeps, what it publishes for the board."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from tabbench.reporting.leaderboard import build

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def proof():
    spec = importlib.util.spec_from_file_location("learning_proof", ROOT / "benchmarks" / "learning_proof.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_validation_is_fixed_by_the_ids_and_leaves_questions_to_train_on(proof):
    ids = [f"q{i}" for i in range(50)]
    chosen = proof.choose_validation(ids, 10)
    assert len(chosen) == 10 == len(set(chosen)) and set(chosen) <= set(ids)
    assert proof.choose_validation(list(reversed(ids)), 10) == chosen  # order of listing does not matter
    assert chosen != sorted(ids)[:10]  # spread by the hash, not the first ten
    with pytest.raises(SystemExit, match="leave some to train on"):
        proof.choose_validation(ids, 50)


def test_the_best_validation_round_is_kept_and_a_tie_keeps_the_earliest(proof):
    assert proof.choose_round([0.20, 0.25, 0.22]) == 1
    assert proof.choose_round([0.30, 0.25, 0.30]) == 0  # more training that did not help is not kept
    assert proof.choose_round([0.1, 0.2, 0.3, 0.3]) == 2


def _run(folder: Path) -> None:
    """A real eval run folder (the committed CPU proof's SFT run) as the arm's held-out evaluation."""
    source = ROOT / "leaderboards" / "learning-results" / "sft-seed0"
    folder.mkdir(parents=True)
    for name in ("results.json", "run.json"):
        shutil.copy2(source / name, folder / name)
    shutil.copytree(source / "samples", folder / "samples")


def test_an_arm_trained_in_rounds_publishes_every_rounds_records_and_its_choice(proof, tmp_path):
    work = tmp_path / "seed0"
    _run(work / "eval" / "control")
    for k, steps in ((1, 30), (2, 31)):
        out = work / f"control-round-{k}"
        out.mkdir(parents=True)
        (out / "tabbench_train.json").write_text(json.dumps({"trainer": "sft", "steps": steps, "seconds": 5.0}))
        (out / "trainer_state.json").write_text(json.dumps({"global_step": steps, "log_history": []}))
        (work / f"control-round-{k}.stage.json").write_text(json.dumps({"rc": 0, "wall_s": 6.0, "cpu_s": 6.0}))
    (work / "control-selection.json").write_text(json.dumps({
        "split": "validation", "n": 8, "metric": "ex", "chosen": 1,
        "rounds": [{"round": 0, "steps": 0, "score": 0.25}, {"round": 1, "steps": 30, "score": 0.5},
                   {"round": 2, "steps": 61, "score": 0.375}]}))
    dest = Path(proof.publish(work, tmp_path / "results", "control", 0))
    assert sorted(p.name for p in (dest / "training").iterdir()) == ["round-1", "round-2", "selection.json"]
    board = build([f"{dest}=control (seed 0)"], tmp_path / "board.md", references=None)
    training = board.split("## Training")[1].split("## Runs")[0]
    (row,) = [line.rstrip(" |") for line in training.splitlines() if line.startswith("| 1 ")]
    assert row.split(" | ")[2:9] == ["sft", "61", "", "10", "", "2", "round 1 of 2 (30 steps; validation ex 50.0%)"]
