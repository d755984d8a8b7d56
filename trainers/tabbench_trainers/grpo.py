"""``tabbench train grpo``: online RL with TRL's GRPOTrainer, the reward plugins as its reward functions.

Every reward function is built by the host adapter (``tabbench.adapters.trl_reward``) from a registered
reward plugin, so the reward a step optimises is the metric ``tabbench eval`` reports. TRL logs each
function's mean and std (``rewards/<name>/mean``); the adapter adds the rate of each status
(``<name>/status/<status>``), so a falling reward is told apart from a rising parse-failure rate.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

import tabbench
from tabbench import Benchmark, ConfigError, Example, Message, UsageError, training
from tabbench.cli.options import common_options, reward_options
from tabbench_trainers import __version__, environments, progress, rollouts, snapshots

LOSS_TYPES = ["grpo", "dr_grpo", "dapo", "bnpo", "cispo", "sapo", "luspo", "vespo"]


def grpo_rows(items: Sequence[tuple[Benchmark, Example]],
              messages: Callable[[Benchmark, Example], list[Message]] | None = None) -> list[dict[str, Any]]:
    """TRL rows (prompt + the columns rewards read) of the selected examples, built by the host adapter; the prompt
    is ``messages(benchmark, example)`` (the run's: ``TrainingRun.messages``), else the benchmark's own."""
    from tabbench.adapters import example_row

    return [example_row(benchmark, example, None if messages is None else messages(benchmark, example))
            for benchmark, example in items]


def drop_long_prompts(rows: list[dict[str, Any]], tokenizer: Any, max_tokens: int | None) -> tuple[list, int]:
    """Drop rows whose templated prompt exceeds ``max_tokens`` (TRL 1.16 has no prompt truncation)."""
    if max_tokens is None:
        return rows, 0
    kept = [
        row for row in rows
        if len(tokenizer.apply_chat_template(row["prompt"], add_generation_prompt=True, tokenize=True,
                                             return_dict=False)) <= max_tokens
    ]
    return kept, len(rows) - len(kept)


def longest_prompt(rows: list[dict[str, Any]], tokenizer: Any) -> int:
    """Tokens in the longest templated prompt: compiled rollouts size their static cache from it."""
    return max(len(tokenizer.apply_chat_template(row["prompt"], add_generation_prompt=True, tokenize=True,
                                                 return_dict=False)) for row in rows)


def check_vllm(use_vllm: bool) -> None:
    if use_vllm and importlib.util.find_spec("vllm") is None:
        raise ConfigError("--use-vllm: vllm is not installed (pip install 'tabbench[vllm]' on a CUDA machine)")


@dataclass(frozen=True)
class GrpoConfig(training.TrainConfig, training.RewardOptions, environments.EnvConfig):
    """``tabbench train grpo``'s options, typed."""

    num_generations: int
    prompts_per_step: int
    max_prompt_length: int | None
    max_completion_length: int
    temperature: float
    top_p: float
    beta: float
    epsilon: float
    epsilon_high: float | None
    num_iterations: int
    loss_type: str
    scale_rewards: str
    mask_truncated_completions: bool
    use_vllm: bool
    vllm_mode: str
    vllm_server_url: str | None
    vllm_gpu_memory_utilization: float
    log_completions: bool
    compile: str
    snapshots: int


@click.command("grpo")
@common_options(default_lr=1e-4, default_steps=None)
@reward_options
@click.option("--num-generations", type=click.IntRange(min=2), default=8, show_default=True,
              help="Completions sampled per prompt (the GRPO group).")
@click.option("--prompts-per-step", type=click.IntRange(min=1), default=4, show_default=True,
              help="Prompts per device per step; the batch is prompts x generations completions.")
@click.option("--max-prompt-length", type=click.IntRange(min=1), default=None,
              help="Skip training prompts longer than this many tokens.")
@click.option("--max-completion-length", type=click.IntRange(min=1), default=128, show_default=True)
@click.option("--temperature", type=click.FloatRange(min=0.0, min_open=True), default=1.0, show_default=True)
@click.option("--top-p", type=click.FloatRange(min=0.0, max=1.0, min_open=True), default=1.0, show_default=True)
@click.option("--beta", type=click.FloatRange(min=0.0), default=0.0, show_default=True,
              help="KL coefficient; 0 loads no reference model.")
@click.option("--epsilon", type=click.FloatRange(min=0.0), default=0.2, show_default=True,
              help="Lower clip range.")
@click.option("--epsilon-high", type=click.FloatRange(min=0.0), default=None,
              help="Upper clip range (default: --epsilon; DAPO uses 0.28).")
@click.option("--num-iterations", type=click.IntRange(min=1), default=1, show_default=True,
              help="Optimisation passes per generation batch (mu).")
@click.option("--loss-type", type=click.Choice(LOSS_TYPES), default="dapo", show_default=True)
@click.option("--scale-rewards", type=click.Choice(["group", "batch", "none"]), default="group", show_default=True,
              help="Divide advantages by the group's or the batch's reward std, or not (Dr. GRPO).")
@click.option("--mask-truncated-completions", is_flag=True, help="Leave truncated completions out of the loss.")
@click.option("--use-vllm", is_flag=True, help="Generate with vLLM (CUDA; pip install 'tabbench[vllm]').")
@click.option("--vllm-mode", type=click.Choice(["colocate", "server"]), default="colocate", show_default=True)
@click.option("--vllm-server-url", default=None, help="Base URL of `trl vllm-serve` in server mode.")
@click.option("--vllm-gpu-memory-utilization", type=float, default=0.3, show_default=True)
@click.option("--log-completions", is_flag=True, help="Print a table of sampled completions at each log step.")
@click.option("--compile", type=click.Choice(rollouts.CHOICES), default="auto", show_default=True,
              help="Rollouts decode through a static cache and a compiled step (auto: on CUDA, without vLLM).")
@snapshots.option
@environments.env_options
def grpo_command(**kw: Any) -> None:
    """GRPO on a benchmark's training split, rewarded by reward plugins (weights from --reward NAME:WEIGHT)."""
    run_grpo(GrpoConfig.of(kw))


def run_grpo(config: GrpoConfig) -> Path:
    """The body of ``tabbench train grpo``; returns the checkpoint directory."""
    check_vllm(config.use_vllm)
    snapshots.check(config.snapshots, config.max_seconds, config.lora_r)
    if config.vllm_mode == "server" and config.use_vllm and not config.vllm_server_url:
        raise UsageError("--vllm-mode server needs --vllm-server-url (start one with `trl vllm-serve`)")
    env = environments.settings(config)  # --env NAME: (name, budget, options)
    environment = tabbench.get_environment(env[0], env[1], **env[2]) if env else None
    return training.run_trainer("grpo", config, _train, rows=lambda run: grpo_rows(run.items, run.messages),
                                environment=environment, plugin_version=__version__)


def _train(run: training.TrainingRun[GrpoConfig]) -> training.Trained | None:
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    from tabbench.adapters import log_status_counts

    config = run.config
    model, tokenizer, specs, out_dir = run.model, run.tokenizer, run.rewards, run.out_dir
    rows, dropped = drop_long_prompts(run.rows, tokenizer, config.max_prompt_length)
    if not rows:
        raise ConfigError(f"--max-prompt-length {config.max_prompt_length}: every training prompt is longer")
    reward_funcs = training.trl_reward_funcs(specs)
    env = environments.for_grpo(config, config.model_path, rows, reward_funcs, tokenizer)  # --env: multi-turn rollouts
    rows, reward_funcs = env.rows, env.reward_funcs
    vllm: dict[str, Any] = {}
    if config.use_vllm:
        vllm = {"use_vllm": True, "vllm_mode": config.vllm_mode,
                "vllm_gpu_memory_utilization": config.vllm_gpu_memory_utilization}
        if config.vllm_server_url:
            vllm["vllm_server_base_url"] = config.vllm_server_url
    trl_config = GRPOConfig(
        **training.base_training_args(config, out_dir, len(rows)),
        per_device_train_batch_size=config.prompts_per_step * config.num_generations,
        num_generations=config.num_generations,
        max_completion_length=config.max_completion_length,
        temperature=config.temperature,
        top_p=config.top_p,
        beta=config.beta,
        epsilon=config.epsilon,
        epsilon_high=config.epsilon_high,
        num_iterations=config.num_iterations,
        loss_type=config.loss_type,
        scale_rewards=config.scale_rewards,
        mask_truncated_completions=config.mask_truncated_completions,
        reward_weights=[spec.weight for spec in specs],
        log_completions=config.log_completions,
        remove_unused_columns=False,
        **vllm,
        **env.config,
    )
    training.echo(f"grpo: {len(rows)} prompts from {', '.join(b.name for b in run.benchmarks)}"
                  + (f" ({dropped} over --max-prompt-length skipped)" if dropped else "")
                  + f"; rewards {', '.join(f'{s.label}:{s.weight:g}' for s in specs)}; "
                  f"{config.prompts_per_step} prompts x {config.num_generations} generations per step")
    progress.quiet()
    trainer_class = GRPOTrainer
    if env.trainer:  # --env: each turn's tool calls of all rollouts run concurrently
        from tabbench_trainers.concurrent_tools import ConcurrentToolsGRPOTrainer as trainer_class
    trainer = trainer_class(model=model, reward_funcs=reward_funcs, args=trl_config,
                            train_dataset=Dataset.from_list(rows), processing_class=tokenizer,
                            peft_config=training.peft_config(config), **env.trainer)
    log_status_counts(trainer, *reward_funcs)  # counts in log_history and every logger
    compiling = rollouts.wanted(config.compile, config.device, config.use_vllm)
    if compiling:
        why_not = rollouts.compile_rollouts(trainer, longest_prompt(rows, tokenizer), config.max_completion_length)
        if why_not:
            training.echo(f"grpo: --compile: {why_not}; rollouts generate eagerly")
            compiling = False
    clock = rollouts.time_rollouts(trainer)
    run.budget.uncounted = lambda: clock.warmup_seconds  # compiling is the process's one-off cost, not training
    progress.attach(trainer, "grpo", config.max_seconds)
    snapshots.attach(run, trainer, config.snapshots)
    run.budget.attach(trainer)
    result = trainer.train()
    saved = run.save(trainer, result)
    if saved is None:
        return None
    rewards_logged = [e for e in trainer.state.log_history if "reward" in e]
    return training.Trained(f"{saved['steps']} steps", {
        "prompts": len(rows),
        "prompts_skipped_too_long": dropped,
        "environment": config.env_name,
        **saved,
        "rollouts": {"compiled": compiling and clock.fallback is None, "fallback": clock.fallback,
                     **clock.record()},  # vLLM's generation is not timed here
        "reward_first_last": [rewards_logged[0]["reward"], rewards_logged[-1]["reward"]] if rewards_logged else None,
    })
