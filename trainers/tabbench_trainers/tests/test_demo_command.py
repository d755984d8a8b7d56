"""``tabbench demo`` end to end with token settings: every stage runs and the leaderboard is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.mark.slow
def test_demo_command_runs_every_stage(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "demo"
    result = cli_runner(["demo", "--out", str(out), "--steps", "2", "--grpo-steps", "1", "--limit", "2"])
    assert result.exit_code == 0, result.output
    for run in ("tiny", "sft", "sft-grpo"):
        results = json.loads((out / "runs" / run / "results.json").read_text())
        assert results["benchmarks"]["demo"]["n"] == 2
    board = (out / "leaderboard.md").read_text()
    assert "tiny + SFT + GRPO" in board and "## Suite `demo`" in board
    assert json.loads((out / "models" / "grpo" / "tabbench_train.json").read_text())["rewards"][0]["name"] == "bird-ex"


def test_demo_refuses_a_used_out_dir(cli_runner, tmp_path: Path) -> None:
    (tmp_path / "x").write_text("keep")
    result = cli_runner(["demo", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not empty" in result.output
