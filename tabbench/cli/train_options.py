"""The click options every ``tabbench train`` command takes: what a trainer plugin, first-party or not, stacks on
its own options.

A trainer's command takes ``common_options`` (model, selection, output, schedule, device, LoRA, settings) and,
when it optimises reward plugins, ``reward_options``; its keywords become its config through
``tabbench.training.TrainConfig.of`` (``tabbench.training.RewardOptions`` for the reward keywords). Options
only: this module defines no command, so a plugin importing it shares nothing of the CLI but these words.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click

from tabbench.contract.errors import UsageError
from tabbench.evaluation.options import selection_options, settings_options, where_option


def _checkpoint_folder(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--model`` must be a checkpoint folder (config.json and a tokenizer), checked before any work starts."""
    if value is not None:
        folder = Path(value)
        missing = [name for name in ("config.json", "tokenizer_config.json") if not (folder / name).is_file()]
        if missing:
            raise click.BadParameter(f"{value}: not a checkpoint folder (no {missing[0]}); build one with "
                                     "`tabbench models build-tiny PATH`", ctx, param)
    return value


def common_options(default_lr: float, default_steps: int | None) -> Callable[[Callable], Callable]:
    """Options every trainer takes: model, data, rewards, output, schedule, device, LoRA."""
    options = [
        click.option("--model", "model_path", required=True, type=click.Path(exists=True, file_okay=False),
                     callback=_checkpoint_folder,
                     help="Local checkpoint to start from (e.g. `tabbench models build-tiny PATH`)."),
        click.option("--data", "--data-dir", "data_dirs", multiple=True, metavar="NAME=PATH",
                     help="Data path of a benchmark (default: its configured or bundled data); repeatable."),
        click.option("--split", default="train", show_default=True, help="Split to train on."),
        click.option("-o", "--benchmark-option", "benchmark_options", multiple=True, metavar="[NAME:]KEY=VALUE",
                     help="An option of the benchmarks (NAME: of that one only), as `tabbench eval -o`; repeatable."),
        click.option("--limit", type=click.IntRange(min=1), default=None,
                     help="Use only the first N examples of each benchmark."),
        where_option,
        click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
                     help="Where the checkpoint (model, tokenizer, chat template) and logs are written."),
        click.option("--max-steps", type=click.IntRange(min=1), default=default_steps, show_default=True,
                     help="Optimiser steps (overrides --epochs)."),
        click.option("--max-seconds", type=click.FloatRange(min=0.0, min_open=True), default=None,
                     help="Stop after this many seconds of training (model loading not counted; with TAO, "
                     "the rounds' optimisation together) and save the checkpoint: equal-time comparisons."),
        click.option("--epochs", type=click.FloatRange(min=0.0, min_open=True), default=1.0, show_default=True,
                     help="Passes over the data when --max-steps is not given."),
        click.option("--learning-rate", "--lr", "learning_rate", type=click.FloatRange(min=0.0, min_open=True),
                     default=default_lr, show_default=True),
        click.option("--warmup-steps", type=click.IntRange(min=0), default=0, show_default=True),
        click.option("--grad-accum", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Gradient accumulation steps."),
        click.option("--seed", type=int, default=0, show_default=True),
        click.option("--reproducible", is_flag=True,
                     help="The same numbers on every machine: fixed CPU kernels and threads, deterministic algorithms "
                     "(slower; see tabbench.reproducible). Needs a fresh process."),
        click.option("--logging-steps", type=click.IntRange(min=1), default=5, show_default=True),
        click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto", show_default=True,
                     help="auto: CUDA when available (bf16 where supported), else CPU (fp32)."),
        click.option("--lora-r", type=click.IntRange(min=0), default=0, show_default=True,
                     help="LoRA rank through peft; 0 trains every weight. Adapters are merged on save."),
        click.option("--lora-alpha", type=int, default=None, help="LoRA alpha (default: 2 x rank)."),
        click.option("--lora-dropout", type=click.FloatRange(0.0, 1.0, max_open=True), default=0.05,
                     show_default=True),
        click.option("--lora-target-modules", default="all-linear", show_default=True,
                     help="Comma-separated module names, or all-linear."),
    ]

    def decorate(func: Callable) -> Callable:
        @wraps(func)  # shares the options click collected on ``func``
        def checked(**kw: Any) -> Any:
            bad = next(((k, v) for k, v in kw.items() if isinstance(v, float) and not math.isfinite(v)), None)
            if bad:  # click's FloatRange lets nan through (it compares false with every bound)
                raise UsageError(f"--{bad[0].replace('_', '-')} {bad[1]}: expected a finite number")
            return func(**kw)

        for option in reversed(options):
            checked = option(checked)
        return selection_options(settings_options(checked))

    return decorate


def reward_options(func: Callable) -> Callable:
    """``--reward NAME[:WEIGHT]`` (repeatable) and ``--reward-option NAME.KEY=VALUE``."""
    func = click.option(
        "--reward-option", "reward_option_pairs", multiple=True, metavar="NAME.KEY=VALUE",
        help="An option for reward NAME (values parsed as JSON when they can be); repeatable.",
    )(func)
    return click.option(
        "--reward", "reward_specs", multiple=True, metavar="NAME[:WEIGHT]",
        help="A reward plugin by name, with an optional weight (default 1); repeatable. "
        "Default: the benchmark's primary metric reward.",
    )(func)
