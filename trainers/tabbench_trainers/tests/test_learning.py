"""Training moves the metric: a short SFT cold start lifts what ``bird-ex`` measures on held-out questions.

A loose bound on purpose (the figures that matter are printed by ``benchmarks/train_demo.py``): after 120
steps the tiny model has learned the SQL skeletons but rarely copies the question's values yet, so exact
matches are rare; what moves reliably is the share of its queries that execute (``bird-ex`` statuses match,
mismatch and empty_both), from none for the random model. Execution accuracy itself must not fall.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tabbench


def evaluate(model: Path, out: Path) -> tuple[float, float]:
    """(execution accuracy, share of executable queries) on 40 held-out demo questions, greedy, through
    ``tabbench.evaluate`` (the path of `tabbench eval`)."""
    results = tabbench.evaluate(str(model), "demo-bird", out=out, split="test", limit=40, max_new_tokens=48)
    demo = results["benchmarks"]["demo-bird"]
    executed = sum(demo["status_counts"].get(s, 0) for s in ("match", "mismatch", "empty_both"))
    return demo["primary_metric"]["value"], executed / demo["n"]


@pytest.mark.slow
def test_sft_makes_held_out_queries_execute(cli_runner, tmp_path: Path) -> None:
    tiny = tmp_path / "tiny"  # the demo's model (tabbench_demo.demo.DEMO_SPEC), through the demo plugin's command
    built = cli_runner(["models", "build-tiny", str(tiny), "--vocab-size", "1024", "--size", "hidden_size=128",
                        "--size", "num_hidden_layers=2", "--size", "num_attention_heads=4",
                        "--size", "num_key_value_heads=2", "--size", "intermediate_size=384", "--copy-heads"])
    assert built.exit_code == 0, built.output
    ex_before, executed_before = evaluate(tiny, tmp_path / "before")
    result = cli_runner(["train", "sft", "--model", str(tiny), "--benchmark", "demo-bird",
                         "--out", str(tmp_path / "sft"), "--max-steps", "120", "--batch-size", "16",
                         "--learning-rate", "2e-3", "--warmup-steps", "10", "--logging-steps", "40"])
    assert result.exit_code == 0, result.output
    ex_after, executed_after = evaluate(tmp_path / "sft", tmp_path / "after")
    assert executed_after >= executed_before + 0.3, (executed_before, executed_after)  # measured: 0 -> 0.45
    assert ex_after >= ex_before, (ex_before, ex_after)
