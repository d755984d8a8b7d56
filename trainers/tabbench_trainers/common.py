"""What the three trainers share: options, training data, rewards by name, device settings, checkpoints.

Nothing here imports torch, transformers or trl at module level; the command modules import this for their
click options, and ``tabbench train --help`` must stay light.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

import tabbench
from tabbench import Benchmark, ConfigError, Example, Settings, UsageError, use_settings
from tabbench.evaluation.options import options_for, parse_key_values, selection_options, settings_options, where_option
from tabbench.evaluation.where import Where, passing, select_where
from tabbench.sql import ResultStore, use_store

# --- options ------------------------------------------------------------------------------------------


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


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


# --- typed configuration --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainConfig:
    """The options every trainer takes, typed: what its command was given (``of`` builds it from them)."""

    model_path: str
    benchmarks: tuple[str, ...]
    suites: tuple[str, ...]
    data_dirs: tuple[str, ...]
    benchmark_options: tuple[str, ...]
    split: str
    limit: int | None
    where: tuple[Where, ...]
    out_dir: Path
    max_steps: int | None
    max_seconds: float | None
    epochs: float
    learning_rate: float
    warmup_steps: int
    grad_accum: int
    seed: int
    reproducible: bool
    logging_steps: int
    device: str
    lora_r: int
    lora_alpha: int | None
    lora_dropout: float
    lora_target_modules: str
    settings: Settings

    @classmethod
    def of(cls: type[C], options: dict[str, Any]) -> C:
        """The config of a command's options (its click keywords): each field from the option of its name; an
        option without a field, or a field without an option, is a bug named here."""
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        if set(options) != names:
            raise TypeError(f"{cls.__name__}: options without a field {sorted(set(options) - names)}, "
                            f"fields without an option {sorted(names - set(options))}")
        return cls(**options)

    def record(self, *leave_out: str) -> dict[str, Any]:
        """The settings ``tabbench_train.json`` records (``out_dir`` and ``leave_out`` left out)."""
        record = {k: v for k, v in asdict(self).items() if k not in ("out_dir", *leave_out)}
        if "where" in record:
            record["where"] = [w.to_json() for w in self.where]
        return record


C = TypeVar("C", bound=TrainConfig)


# --- benchmarks and examples ----------------------------------------------------------------------------


def parse_data_dirs(pairs: Sequence[str]) -> dict[str, str]:
    dirs: dict[str, str] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not name or not path:
            raise UsageError(f"--data {pair!r}: expected NAME=PATH")
        dirs[name] = path
    return dirs


def load_benchmarks(names: Sequence[str], data_dirs: Sequence[str], split: str, suites: Sequence[str] = (),
                    where: Sequence[Where] = (), options: Sequence[str] = ()) -> list[Benchmark]:
    """Build each benchmark named (``--benchmark``) and each member of the suites named (``--suite``) on its
    configured, given or bundled data. A named benchmark must have ``split``; a suite contributes the members
    that have it (evaluation-only members are skipped with a note), and so do the ``--where`` filters (a
    benchmark without a matching example is left out with a note)."""
    if not names and not suites:
        raise UsageError("name what to train on: --benchmark NAME or --suite NAME")
    dirs = parse_data_dirs(data_dirs)
    given = parse_key_values(tuple(options), "-o/--benchmark-option")
    benchmarks: dict[str, Benchmark] = {}
    chosen = [(name, [name], True) for name in names] + [
        (suite, tabbench.resolve_benchmarks(suite), False) for suite in suites]
    for name, members, explicit in chosen:
        for member in members:
            benchmark = tabbench.get_benchmark(member, dirs.get(member), **options_for(member, given))
            if split not in benchmark.splits and not explicit:
                echo(f"note: suite {name!r}: benchmark {benchmark.name!r} has no {split!r} split; not trained on")
                continue
            benchmark.check_split(split)
            benchmarks.setdefault(benchmark.name, benchmark)
    if not benchmarks:
        asked = ", ".join([*(f"--benchmark {n}" for n in names), *(f"--suite {s}" for s in suites)])
        raise ConfigError(f"{asked}: no benchmark with a {split!r} split")
    unknown = sorted(set(dirs) - set(benchmarks))
    if unknown:
        raise UsageError(f"--data names {unknown[0]!r}, which is not among the benchmarks trained on")
    if where:
        kept = select_where(where, {n: list(b.examples(split)) for n, b in benchmarks.items()})
        for name in [n for n in benchmarks if not kept[n]]:
            echo(f"note: benchmark {name!r}: no example matches --where; not trained on")
            del benchmarks[name]
    return list(benchmarks.values())


def training_examples(benchmark: Benchmark, split: str, limit: int | None, where: Sequence[Where] = ()
                      ) -> list[Example]:
    """The examples of ``split`` that pass the ``--where`` filters, cut to ``limit``; a benchmark without that
    split is a one-line error."""
    examples = passing(where, benchmark.examples(benchmark.check_split(split)))
    if limit is not None:
        examples = examples[:limit]
    if not examples:
        raise ConfigError(f"benchmark {benchmark.name!r} split {split!r} has no examples to train on")
    return examples


# --- rewards ----------------------------------------------------------------------------------------------


@dataclass
class RewardSpec:
    """One reward: a registered reward plugin, its options and its weight in the sum; with ``benchmark``, it
    scores only that benchmark's rows (``None``, not applicable, elsewhere)."""

    name: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    benchmark: str | None = None

    @property
    def label(self) -> str:
        """The name TRL logs it under (``rewards/<label>/mean``)."""
        return f"{self.benchmark}/{self.name}" if self.benchmark else self.name

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "weight": self.weight, "options": self.options,
                **({"benchmark": self.benchmark} if self.benchmark else {})}


def parse_reward_spec(text: str) -> tuple[str, float]:
    name, sep, weight = text.rpartition(":")
    if not sep:
        return text, 1.0
    try:
        value = float(weight)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise UsageError(f"--reward {text!r}: the weight after ':' must be a finite number")
    return name, value


def resolve_rewards(
    specs: Sequence[str], option_pairs: Sequence[str], benchmarks: Sequence[Benchmark]
) -> list[RewardSpec]:
    """Rewards to optimise: the given names (scoring every row), else each benchmark's primary metric reward
    with that metric's options, scoring only that benchmark's rows (multi-task training: every example is
    scored by its own benchmark's metric, the others return ``None``).

    A given reward that is also one of the benchmarks' metric rewards starts from that metric's options, so
    the number trained on is the number reported; ``--reward-option`` overrides.
    """
    if not specs:
        resolved = []
        for benchmark in benchmarks:
            # the options evaluation builds the reward with
            metric = next(m for m in tabbench.metric_specs(benchmark) if m.name == benchmark.primary_metric)
            resolved.append(RewardSpec(metric.reward, 1.0, dict(metric.options),
                                       benchmark.name if len(benchmarks) > 1 else None))
    else:
        metric_options: dict[str, dict[str, Any]] = {}
        for benchmark in benchmarks:
            for metric in tabbench.metric_specs(benchmark):  # the options evaluation builds the reward with
                metric_options.setdefault(metric.reward, dict(metric.options))
        parsed = [parse_reward_spec(s) for s in specs]
        names = [name for name, _ in parsed]
        if len(set(names)) != len(names):
            raise UsageError(f"--reward names a reward twice ({', '.join(names)}); give one weight per reward")
        resolved = [RewardSpec(name, weight, dict(metric_options.get(name, {}))) for name, weight in parsed]
    by_name: dict[str, RewardSpec] = {}
    for spec in resolved:  # an option for a reward name applies to every benchmark's copy of it
        by_name.setdefault(spec.name, spec)
    for pair in option_pairs:
        key, sep, value = pair.partition("=")
        reward, dot, option = key.partition(".")
        if not sep or not dot or not reward or not option:
            raise UsageError(f"--reward-option {pair!r}: expected NAME.KEY=VALUE")
        if reward not in by_name:
            raise UsageError(f"--reward-option {pair!r}: {reward!r} is not one of the rewards ({', '.join(by_name)})")
        for spec in resolved:
            if spec.name == reward:
                spec.options[option] = _parse_value(value)
    for spec in resolved:
        tabbench.get_reward(spec.name, **spec.options)  # unknown names and bad options fail before training
    return resolved


def require_sandbox(specs: Sequence[RewardSpec], examples: Sequence[tuple[Benchmark, Example]],
                    environment: tabbench.Environment | None = None, recorded: bool = False) -> None:
    """Stop before the model loads when training will run model-written code on a machine without the kernel
    sandbox (``tabbench.sandbox.require``; ``--unsafe-sandbox`` opts out): the ``--env`` environment's tools, a
    reward's extractor on one of its benchmarks' examples, or (``recorded``) a benchmark's answer extractor."""
    from tabbench.sandbox import require

    if environment is not None and environment.runs_code:
        require(f"environment {environment.name!r}")
    for spec in specs:
        extractor = tabbench.get_reward(spec.name, **spec.options).extractor
        if extractor is not None and any(extractor.runs_code(e) for b, e in examples
                                         if spec.benchmark in (None, b.name)):
            require(f"reward {spec.label!r}")
    for benchmark in {b.name: b for b, _ in examples}.values() if recorded else ():
        extractor = benchmark.answer_extractor()
        if any(extractor.runs_code(e) for b, e in examples if b is benchmark):
            require(f"benchmark {benchmark.name!r}")


def trl_reward_funcs(specs: Sequence[RewardSpec]) -> list[Any]:
    """TRL reward functions for ``specs``, built by the host adapter (the one rule: plugins score)."""
    from tabbench.adapters import trl_reward

    funcs = []
    for spec in specs:
        func = trl_reward(spec.name, name=spec.label, **spec.options)
        funcs.append(BenchmarkReward(func, spec.benchmark) if spec.benchmark else func)
    return funcs


class BenchmarkReward:
    """A TRL reward function restricted to one benchmark's rows (the ``benchmark`` column): it scores those and
    returns ``None`` for the others, which TRL leaves out of that reward's mean and of the weighted sum (and TAO
    out of a sample's sum and statuses)."""

    def __init__(self, inner: Any, benchmark: str) -> None:
        self.inner = inner
        self.benchmark = benchmark
        self.__name__ = inner.__name__

    @property
    def status_counts(self) -> Any:
        return self.inner.status_counts

    def scores(self, completions: list[Any], columns: dict[str, Any]) -> list[Any]:
        """The inner ``scores`` (``Score`` objects) of this benchmark's rows; ``None`` for the others."""
        return self._own_rows(len(completions), columns, lambda pick: self.inner.scores(
            pick(list(completions)), {k: pick(v) for k, v in columns.items()}))

    def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] | None = None,
                 **kwargs: Any) -> list[float | None]:
        n = len(completions or [])
        return self._own_rows(n, kwargs, lambda pick: self.inner(
            prompts=pick(list(prompts or [None] * n)), completions=pick(list(completions or [])),
            **{k: pick(v) for k, v in kwargs.items()}))

    def _own_rows(self, n: int, columns: dict[str, Any], score: Callable[[Callable[[Any], Any]], list[Any]]
                  ) -> list[Any]:
        """``score(pick)`` on the rows whose ``benchmark`` column names this benchmark (``pick`` keeps those rows
        of a column), spread back over ``n`` rows with ``None`` for the others."""
        rows = columns.get("benchmark") or [None] * n
        keep = [i for i in range(n) if rows[i] == self.benchmark]
        values: list[Any] = [None] * n
        if keep:
            def pick(value: Any) -> Any:
                return [value[i] for i in keep] if isinstance(value, list | tuple) and len(value) == n else value

            for i, value in zip(keep, score(pick), strict=True):
                values[i] = value
        return values


# --- device, model, checkpoints ---------------------------------------------------------------------------


def device_settings(device: str) -> dict[str, Any]:
    """TrainingArguments for the device: CPU needs ``use_cpu`` and no bf16 (TRL defaults to bf16)."""
    import torch

    if device == "cuda" and not torch.cuda.is_available():
        raise ConfigError("--device cuda: no CUDA device is available (use --device cpu)")
    if device == "cpu" or (device == "auto" and not torch.cuda.is_available()):
        return {"use_cpu": True, "bf16": False, "fp16": False}
    return {"use_cpu": False, "bf16": torch.cuda.is_bf16_supported(), "fp16": False}


def _no_checkpointing() -> dict[str, bool]:
    """TRL turns activation checkpointing on by default (slower, no gain on small models): off, under the name
    this transformers knows (``activation_checkpointing`` from 5.2x, ``gradient_checkpointing`` before)."""
    from transformers import TrainingArguments

    names = {f.name for f in fields(TrainingArguments)}
    return {"activation_checkpointing" if "activation_checkpointing" in names else "gradient_checkpointing": False}


def base_training_args(config: TrainConfig, out_dir: Path, num_examples: int) -> dict[str, Any]:
    """Arguments shared by every TRL config: schedule, logging, device, no intermediate checkpoints."""
    args: dict[str, Any] = {
        "output_dir": str(out_dir / "trainer"),
        "learning_rate": config.learning_rate,
        "lr_scheduler_type": "constant_with_warmup",
        "warmup_steps": config.warmup_steps,
        "gradient_accumulation_steps": config.grad_accum,
        "seed": config.seed,
        "data_seed": config.seed,
        "logging_steps": config.logging_steps,
        "save_strategy": "no",
        "report_to": "none",
        **_no_checkpointing(),
        "dataloader_num_workers": 0,
        "disable_tqdm": not sys.stderr.isatty(),
        **device_settings(config.device),
    }
    if config.max_steps:
        args["max_steps"] = config.max_steps
    else:
        args["num_train_epochs"] = config.epochs
    return args


def peft_config(config: TrainConfig) -> Any:
    """A peft ``LoraConfig`` when ``--lora-r`` > 0, else ``None`` (full fine-tuning)."""
    if not config.lora_r:
        return None
    try:
        from peft import LoraConfig
    except ImportError as exc:
        raise ConfigError("--lora-r needs peft: pip install peft") from exc
    targets = config.lora_target_modules
    return LoraConfig(
        r=config.lora_r,
        lora_alpha=config.lora_alpha or 2 * config.lora_r,
        lora_dropout=config.lora_dropout,
        target_modules=targets if targets == "all-linear" else [t.strip() for t in targets.split(",") if t.strip()],
        task_type="CAUSAL_LM",
    )


def seed_everything(seed: int) -> None:
    from tabbench.reproducible import seed_all

    seed_all(seed)


def load_model(path: str | Path) -> tuple[Any, Any]:
    """Model and tokenizer from a local path; the tokenizer must carry a chat template."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        model = AutoModelForCausalLM.from_pretrained(str(path), local_files_only=True, dtype="float32")
    except (OSError, ValueError, KeyError, TypeError) as exc:  # a folder that only looks like a checkpoint
        reason = " ".join(str(exc).split())[:300]
        raise ConfigError(f"{path}: cannot load the checkpoint ({type(exc).__name__}: {reason})") from exc
    if not tokenizer.chat_template:
        raise ConfigError(f"{path}: the tokenizer has no chat template; tabbench prompts are chat messages")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


def save_checkpoint(trainer: Any, tokenizer: Any, out_dir: Path) -> bool:
    """Save weights (LoRA merged), tokenizer and chat template where ``tabbench eval --model`` reads them.

    ``trainer.save_model`` gathers ZeRO-3 shards and writes on the main process only; returns whether this
    process is the main one (the one that should write logs).
    """
    shutil.rmtree(out_dir / "trainer", ignore_errors=True)  # TRL's output_dir: empty, nothing is saved there
    main = trainer.is_world_process_zero()
    model = trainer.accelerator.unwrap_model(trainer.model)
    if hasattr(model, "merge_and_unload"):
        if main:
            model.merge_and_unload().save_pretrained(str(out_dir))
    else:
        trainer.save_model(str(out_dir))
    if main:
        tokenizer.save_pretrained(str(out_dir))
        _keep_tokenizer_class(out_dir, tokenizer)
    trainer.accelerator.wait_for_everyone()
    return main


def _keep_tokenizer_class(out_dir: Path, tokenizer: Any) -> None:
    """Record the tokenizer's own class, so AutoTokenizer does not swap in the model type's class on reload."""
    path = out_dir / "tokenizer_config.json"
    if not path.is_file():
        return
    config = json.loads(path.read_text(encoding="utf-8"))
    if config.get("tokenizer_class") != type(tokenizer).__name__:
        config["tokenizer_class"] = type(tokenizer).__name__
        path.write_text(json.dumps(config, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def write_run_info(out_dir: Path, info: dict[str, Any]) -> None:
    """``tabbench_train.json``: what produced the checkpoint (trainer, base model, data, rewards, settings)."""
    from tabbench_trainers import __version__

    record = {
        "trainer_plugin_version": __version__,
        "tabbench_version": tabbench.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        **info,
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "tabbench_train.json").write_text(json.dumps(record, indent=2, sort_keys=True, default=_plain) + "\n",
                                                 encoding="utf-8")


def _plain(value: Any) -> Any:
    """A setting as JSON: a typed object (``tabbench.Settings``) as its fields, anything else as text."""
    return value.to_json() if hasattr(value, "to_json") else str(value)


def append_log(out_dir: Path, entries: Sequence[dict[str, Any]], name: str) -> None:
    """Append records (TAO's per-round summaries) as JSON lines."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / name).open("a", encoding="utf-8") as handle:
        for entry in entries:
            handle.write(json.dumps(entry, sort_keys=True, default=str) + "\n")


def removes_output_on_failure(run: Callable[[C], Path]) -> Callable[[C], Path]:
    """Decorate a trainer's ``run_*(config)``: it runs with its settings (``config.settings``: ``--workers``,
    ``--result-store-mb``, ``--unsafe-sandbox``) and a result store of its own; when it fails or is
    interrupted, the ``--out`` folder it made is removed (or emptied again, if it was given empty), so the
    rerun is not refused for a non-empty --out. Nothing is lost: checkpoints are saved only at the end."""

    @wraps(run)
    def wrapper(config: C) -> Path:
        with use_settings(config.settings), use_store(ResultStore()):  # the run's own
            if not is_main_process():  # the main process owns the folder (a failed rank stops the launcher's run)
                return run(config)
            return _removing_output_on_failure(run, config)

    return wrapper


def launch_rank() -> tuple[int, int]:
    """``(rank, world size)`` of this process under a multi-process launcher (``accelerate launch``, ``torchrun``:
    they set ``RANK`` and ``WORLD_SIZE``); ``(0, 1)`` when launched alone. Known before torch starts."""
    return int(os.environ.get("RANK", "0")), int(os.environ.get("WORLD_SIZE", "1"))


def is_main_process() -> bool:
    """Whether this process writes the output folder and prints progress (rank 0; the only one when alone)."""
    return launch_rank()[0] == 0
def _removing_output_on_failure(run: Callable[[C], Path], config: C) -> Path:
    """``run(config)``; on failure, what it made of ``--out`` is removed (``removes_output_on_failure``)."""
    out_dir = top = Path(config.out_dir)
    while not top.parent.exists():  # the outermost folder the run will create
        top = top.parent
    fresh = not out_dir.exists()
    if not fresh and any(out_dir.iterdir()):
        return run(config)  # prepare_out_dir refuses it; never touch what was there
    try:
        return run(config)
    except BaseException:
        if fresh:
            shutil.rmtree(top, ignore_errors=True)
        elif out_dir.is_dir():
            for child in out_dir.iterdir():
                if child.is_dir() and not child.is_symlink():
                    shutil.rmtree(child)
                else:
                    child.unlink()
        raise


def prepare_out_dir(out_dir: Path) -> None:
    """Refuse to train into a directory that already holds a checkpoint or logs (no silent overwrite). Only the
    main process checks: under a multi-process launcher the others start while it may have begun writing."""
    if not is_main_process():
        return
    if out_dir.exists() and any(out_dir.iterdir()):
        raise UsageError(f"--out {out_dir} exists and is not empty: choose a new directory")
    out_dir.mkdir(parents=True, exist_ok=True)


def configure_threads(config: TrainConfig | None = None) -> None:
    """Keep tokenizers' thread pool out of the way of torch's on small CPU machines; with ``--reproducible``,
    pin kernels, threads and seeds before torch loads (``tabbench.reproducible``)."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if config is not None and config.reproducible:
        from tabbench.reproducible import require

        require(config.seed)


class TimeBudget:
    """``--max-seconds``: ends training at the first optimiser step past the budget. One budget spans every
    ``trainer.train()`` it is attached to (TAO's rounds); with several processes they stop at the same step."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self.began: float | None = None
        self.stopped = False

    @property
    def exhausted(self) -> bool:
        return self.seconds is not None and self.spent >= self.seconds

    def attach(self, trainer: Any) -> None:
        """Watch ``trainer``'s steps (nothing to do without a budget)."""
        if self.seconds is None:
            return
        from transformers import TrainerCallback

        budget = self

        class _Stop(TrainerCallback):
            def on_train_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                budget.began = time.perf_counter()

            def on_step_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                if budget._over():
                    budget.stopped = control.should_training_stop = True

            def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                budget.spent += time.perf_counter() - (budget.began or time.perf_counter())
                budget.began = None

        trainer.add_callback(_Stop())

    def _over(self) -> bool:
        assert self.seconds is not None and self.began is not None
        over = self.spent + time.perf_counter() - self.began >= self.seconds
        import torch.distributed as dist

        if dist.is_available() and dist.is_initialized():  # rank 0's clock decides for all
            import torch

            flag = torch.tensor([float(over)], device="cuda" if dist.get_backend() == "nccl" else "cpu")
            dist.broadcast(flag, src=0)
            over = bool(flag.item())
        return over

    def record(self) -> dict[str, Any]:
        """What ``tabbench_train.json`` says about the budget."""
        return {"max_seconds": self.seconds, "stopped_by_time": self.stopped}


class Timer:
    """Seconds since creation, for the run summary."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self.start, 2)


def echo(message: str) -> None:
    """Progress goes to stderr, so stdout stays for machine-readable output; from the main process only."""
    if is_main_process():
        click.echo(message, err=True)
