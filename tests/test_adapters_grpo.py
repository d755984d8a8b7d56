"""TRL's GRPOTrainer accepts the reward adapters unchanged: a CPU run with a tiny offline model."""

from __future__ import annotations

from typing import ClassVar

import pytest

from tabbench.host.plugins import host

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.mark.slow
def test_grpo_trainer_runs_with_adapters(tmp_path):
    if "demo-bird" not in host().registry("benchmark"):
        pytest.skip("the demo benchmark plugin is not installed")
    from datasets import Dataset
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer
    from trl.trainer.utils import get_callable_name

    from tabbench.adapters import dataset_rows, log_status_counts, trl_reward

    class Logger(TrainerCallback):  # what every TRL logger (wandb, tensorboard, ...) receives
        seen: ClassVar[list[dict]] = []

        def on_log(self, args, state, control, logs=None, **kwargs):  # type: ignore[no-untyped-def]
            self.seen.append(dict(logs or {}))

    rows = list(dataset_rows("demo-bird", "train"))[:4]
    spec = TinySpec(vocab_size=300, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    num_key_value_heads=1, intermediate_size=64, max_position_embeddings=512)
    path = build_tiny_model(tmp_path / "tiny", spec=spec)
    model = AutoModelForCausalLM.from_pretrained(path)
    tokenizer = AutoTokenizer.from_pretrained(path)
    funcs = [trl_reward("arctic"), trl_reward("sqlr1"), trl_reward("execution-partial", name="partial"),
             trl_reward("string-match")]
    assert [get_callable_name(f) for f in funcs] == ["arctic", "sqlr1", "partial", "string-match"]
    config = GRPOConfig(
        output_dir=str(tmp_path / "out"), use_cpu=True, bf16=False, max_steps=1, per_device_train_batch_size=4,
        num_generations=2, max_completion_length=8, logging_steps=1, report_to="none", save_strategy="no",
        reward_weights=[1.0, 0.5, 0.01, 1.0], remove_unused_columns=False, disable_tqdm=True,
        activation_checkpointing=False, seed=0,
    )
    trainer = GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=funcs, args=config,
                          train_dataset=Dataset.from_list(rows), callbacks=[Logger()])
    log_status_counts(trainer, *funcs)
    trainer.train()
    for where in (trainer.state.log_history, Logger.seen):
        logged = {key: value for entry in where for key, value in entry.items()}
        for f in funcs:
            name = f.__name__
            assert f"rewards/{name}/mean" in logged
            statuses = set(f.status_counts)  # what occurred; never-seen statuses are not logged
            assert {k.rsplit("/", 1)[1] for k in logged if k.startswith(f"{name}/status/")} == statuses
            counts = {k.rsplit("/", 1)[1]: v for k, v in logged.items() if k.startswith(f"{name}/status_count/")}
            assert counts == dict(f.status_counts)
    assert sum(funcs[0].status_counts.values()) == 4  # 2 prompts x 2 generations scored
