"""Training moves the metric: a short SFT cold start lifts the demo model's execution accuracy.

A loose bound on purpose (the figures that matter are printed by ``benchmarks/train_demo.py``): the random
model writes no executable SQL, so any learned skeleton shows up as matches on the training questions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tabbench


def execution_accuracy(model: Path, split: str, limit: int, out: Path) -> float:
    """bird-ex on the demo benchmark, greedy, through the host runner (the code behind `tabbench eval`)."""
    from tabbench.backend import GenerationParams
    from tabbench.generation import BackendCompleter
    from tabbench.runner import Run, execute
    from tabbench.runstore import RunStore

    benchmark = tabbench.get_benchmark("demo")
    backend = tabbench.get_backend("hf", str(model))
    config = {"model": str(model), "split": split}
    run = Run(out_dir=out, config=config, benchmarks=[benchmark], store=RunStore.create(out, config), split=split,
              limit=limit, show_progress=False)
    try:
        results = execute(run, BackendCompleter(backend, GenerationParams(max_new_tokens=48), None))
    finally:
        backend.close()
    return results["benchmarks"]["demo"]["primary_metric"]["value"]


@pytest.mark.slow
def test_sft_raises_execution_accuracy(cli_runner, tmp_path: Path) -> None:
    from tabbench.cli.demo import DEMO_SPEC
    from tabbench.tinymodel import TinySpec, build_tiny_model

    tiny = build_tiny_model(tmp_path / "tiny", spec=TinySpec(**DEMO_SPEC))
    before = execution_accuracy(tiny, "train", 40, tmp_path / "before")
    result = cli_runner(["train", "sft", "--model", str(tiny), "--benchmark", "demo", "--out", str(tmp_path / "sft"),
                         "--max-steps", "120", "--batch-size", "16", "--learning-rate", "2e-3", "--warmup-steps", "10",
                         "--logging-steps", "40"])
    assert result.exit_code == 0, result.output
    after = execution_accuracy(tmp_path / "sft", "train", 40, tmp_path / "after")
    assert after > before, (before, after)
