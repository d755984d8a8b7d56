"""Compiled GRPO rollouts (``tabbench train grpo --compile``) on the CPU: TRL's own generation call, with the
compile switched on, samples from the current weights, and its calls are timed apart from their warm-up.

The compiler backend is dynamo's ``eager`` (graphs traced, not lowered by inductor, which takes minutes on a
2-core CPU); the speed is measured on a GPU by ``benchmarks/gpu_speed.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("trl")

from tabbench_trainers import grpo, rollouts

from tabbench import decoding, training

pytestmark = pytest.mark.slow  # builds a tiny checkpoint and a TRL trainer


@pytest.fixture
def traced(monkeypatch: pytest.MonkeyPatch) -> None:
    config = decoding.compile_config

    def eager(device_type: str) -> Any:
        out = config(device_type)
        out.backend = "eager"
        return out

    monkeypatch.setattr(decoding, "compile_config", eager)


def trainer_for(model_path: Path, tmp_path: Path) -> tuple[Any, list[Any]]:
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer

    examples = training.plan(training.Selection("demo-bird", limit=4), default_split="train").items
    rows = grpo.grpo_rows(examples)
    tokenizer = AutoTokenizer.from_pretrained(str(model_path))
    model = AutoModelForCausalLM.from_pretrained(str(model_path), dtype="float32")
    args = GRPOConfig(output_dir=str(tmp_path / "trainer"), use_cpu=True, bf16=False, report_to="none",
                      per_device_train_batch_size=4, num_generations=2, max_completion_length=8,
                      remove_unused_columns=False)
    trainer = GRPOTrainer(model=model, reward_funcs=[lambda completions, **_: [0.0] * len(completions)], args=args,
                          train_dataset=Dataset.from_list(rows), processing_class=tokenizer)
    return trainer, [row["prompt"] for row in rows[:2] for _ in range(2)]


def samples(trainer: Any, prompts: list[Any]) -> list[list[int]]:
    """The completion token ids of TRL's own rollout call, from a fixed seed."""
    import torch

    torch.manual_seed(0)
    return trainer._generate(prompts)[1]


def test_compiled_rollouts_sample_from_the_current_weights(micro_model: Path, tmp_path: Path, traced: None) -> None:
    import torch

    trainer, prompts = trainer_for(micro_model, tmp_path)
    assert trainer.generation_config.disable_compile  # what TRL 1.16 builds: rollouts never compile
    assert rollouts.compile_rollouts(trainer, 500, 8) is None
    clock = rollouts.time_rollouts(trainer)
    config = trainer.generation_config
    assert not config.disable_compile and config.cache_implementation == "static"
    assert trainer.model._valid_auto_compile_criteria({"cache": _static_cache(trainer.model)}, config)
    before = samples(trainer, prompts)
    assert clock.warmup_calls == 1 and clock.calls == 0  # the first call compiled the decode step
    assert samples(trainer, prompts) == before and clock.calls == 1  # warm: the same samples, nothing compiled
    with torch.no_grad():  # what an optimizer step does: the parameters change in place
        for parameter in trainer.model.parameters():
            parameter.add_(torch.randn_like(parameter) * 0.5)
    after = samples(trainer, prompts)
    assert after != before
    config.disable_compile = True  # the same weights, decoded eagerly: the compiled step read the new weights
    assert samples(trainer, prompts) == after
    assert clock.record()["calls"] + clock.record()["warmup_calls"] == 4


def _static_cache(model: Any) -> Any:
    from transformers import StaticCache

    return StaticCache(config=model.config, max_cache_len=16)


def test_compile_choice_and_fallback(micro_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not rollouts.wanted("auto", "cpu", False) and not rollouts.wanted("true", "cuda", True)
    assert rollouts.wanted("true", "cpu", False) and not rollouts.wanted("false", "cuda", False)
    trainer, _ = trainer_for(micro_model, tmp_path)
    monkeypatch.setattr(type(trainer.model), "_can_compile_fullgraph", False)
    assert rollouts.compile_rollouts(trainer, 500, 8) == (
        f"{type(trainer.model).__name__} does not support a static cache with torch.compile")
    assert trainer.generation_config.disable_compile  # left as TRL built it


@pytest.mark.usefixtures("traced")
def test_grpo_records_rollout_timing_and_whether_it_compiled(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "grpo"
    result = cli_runner(["train", "grpo", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "4",
                         "--reward", "bird-ex", "--max-steps", "2", "--num-generations", "2", "--prompts-per-step",
                         "2", "--max-completion-length", "8", "--compile", "true", "--max-seconds", "3600", "--out",
                         str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads((out / "tabbench_train.json").read_text())
    timing = record["rollouts"]
    assert timing["compiled"] is True and timing["warmup_calls"] >= 1 and timing["calls"] >= 1
    assert timing["warmup_seconds"] > 0 and timing["seconds"] > 0
    assert record["uncounted_seconds"] == timing["warmup_seconds"]  # the compile is off --max-seconds


def test_a_compiler_failure_prints_one_line_and_rolls_out_eagerly(micro_model: Path, tmp_path: Path, capsys,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    config = decoding.compile_config

    def failing(device_type: str) -> Any:
        def backend(graph, example_inputs):  # type: ignore[no-untyped-def]
            raise RuntimeError("cannot lower\nthis graph")

        out = config(device_type)
        out.backend = backend
        return out

    monkeypatch.setattr(decoding, "compile_config", failing)
    trainer, prompts = trainer_for(micro_model, tmp_path)
    assert rollouts.compile_rollouts(trainer, 500, 8) is None
    clock = rollouts.time_rollouts(trainer)
    first = samples(trainer, prompts)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("grpo: --compile")]
    assert len(lines) == 1 and "cannot lower this graph" in lines[0] and clock.fallback is not None
    assert len(first) == len(prompts) and all(first)  # the failed call's rows, generated eagerly
    assert trainer.generation_config.disable_compile and len(samples(trainer, prompts)) == len(prompts)
    assert clock.warmup_calls == 0 and clock.calls == 2
