"""``tabbench demo`` end to end with token settings: every stage runs and the leaderboard is written. That the same
stages write the same weights and records in another process is test_reproducible's (one demo run costs a minute)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TOKEN_RUN = ["--steps", "2", "--grpo-steps", "1", "--limit", "2"]


@pytest.mark.slow
def test_demo_command_runs_every_stage(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "demo"
    result = cli_runner(["demo", "--out", str(out), *TOKEN_RUN])
    assert result.exit_code == 0, result.output
    for run in ("tiny", "baseline", "sft", "sft-grpo"):
        results = json.loads((out / "runs" / run / "results.json").read_text())
        assert {name: b["n"] for name, b in results["benchmarks"].items()} == {
            "demo-bird": 2, "demo-spider": 2, "demo-tablebench": 2, "demo-crtqa": 2}
    board = (out / "leaderboard.md").read_text()
    assert "tiny + SFT + GRPO (seed 0)" in board and "## Suite `demo`" in board
    assert "| 4 | baseline: no model" in board  # scored by the same metrics, beside the model
    training = board.split("## Training")[1].split("## Runs")[0]
    assert "| 2 | tiny + SFT (seed 0) | sft | 2 |" in training  # its optimiser steps, beside tokens and seconds
    assert "| 3 | tiny + SFT + GRPO (seed 0) | grpo | 1 |" in training
    assert board.count("- demo-bird") == 3  # a verdict per pair: SFT vs random, SFT vs baseline, GRPO vs SFT
    train = json.loads((out / "models" / "grpo" / "tabbench_train.json").read_text())
    assert train["benchmarks"] == ["demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"]  # multi-task
    assert [(r["benchmark"], r["name"]) for r in train["rewards"]] == [
        ("demo-bird", "bird-ex"), ("demo-spider", "spider-ex"), ("demo-tablebench", "rouge-l"),
        ("demo-crtqa", "crtqa-em")]
    assert (out / "plots" / "before_after.png").is_file() and (out / "plots" / "grpo_rewards.png").is_file()
    shown = result.stderr  # the summary: per-benchmark before/after, the board and the plots
    assert "held-out primary metric per benchmark" in shown and f"leaderboard: {out / 'leaderboard.md'}" in shown
    assert "{'loss'" not in shown and "it/s]" not in shown  # a progress display, not raw log dicts or tqdm bars



def test_demo_refuses_a_used_out_dir(cli_runner, tmp_path: Path) -> None:
    (tmp_path / "x").write_text("keep")
    result = cli_runner(["demo", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not empty" in result.output
