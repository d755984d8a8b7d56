"""``tabbench train sft``: the supervised cold start, on gold answers or chain-of-thought traces.

Rows are conversational prompt/completion pairs: the prompt is exactly what ``tabbench eval`` sends with the same
options (``TrainingRun.messages``: the benchmark's prompt with ``--system-prompt`` and ``--few-shot``), the
completion the benchmark's gold completion (``Benchmark.gold_completion``, in the format its ``extract`` reads) or,
when an example carries a trace in ``--trace-field``, that trace. The loss covers the completion only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from tabbench import Benchmark, ConfigError, Example, Message, training
from tabbench.cli.options import common_options
from tabbench.evaluation.traces import read_traces
from tabbench_trainers import __version__, environments, progress, snapshots


def sft_rows(
    items: Sequence[tuple[Benchmark, Example]], target: str, trace_field: str,
    traces: dict[tuple[str, str], str] | None = None,
    messages: Callable[[Benchmark, Example], list[Message]] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Prompt/completion rows of the selected examples (``run.items``) and counts of where each completion came
    from (gold, trace, skipped). ``traces`` (``tabbench synthesize traces`` output, by benchmark and id) take the
    place of ``fields[trace_field]``. The prompt is ``messages(benchmark, example)`` (the run's, with its prompt
    options: ``TrainingRun.messages``), else the benchmark's own."""
    rows: list[dict[str, Any]] = []
    counts = {"gold": 0, "trace": 0, "unusable_trace": 0, "no_target": 0}
    for benchmark, example in items:
        synthesized = (traces or {}).get((benchmark.name, example.id))
        if synthesized is not None:
            example = replace(example, fields={**example.fields, trace_field: synthesized})
        text = completion_target(benchmark, example, target, trace_field, counts)
        if text is None:
            counts["no_target"] += 1
            continue
        rows.append({
            "prompt": benchmark.prompt(example) if messages is None else messages(benchmark, example),
            "completion": [{"role": "assistant", "content": text}],
        })
    if not rows:
        raise ConfigError("sft: no selected example has a gold answer or a trace to train on")
    return rows, counts


def completion_target(
    benchmark: Benchmark, example: Example, target: str, trace_field: str, counts: dict[str, int]
) -> str | None:
    """The trace when asked for (or, with ``auto``, when present and readable by ``extract``), else the gold."""
    if target in ("trace", "auto"):
        trace = example.fields.get(trace_field)
        if isinstance(trace, str) and trace.strip():
            if benchmark.extract(example, trace) is not None:
                counts["trace"] += 1
                return trace
            counts["unusable_trace"] += 1
        if target == "trace":
            return None
    if example.gold is None:
        return None
    counts["gold"] += 1
    return benchmark.gold_completion(example)


@dataclass(frozen=True)
class SftConfig(training.TrainConfig, environments.EnvConfig):
    """``tabbench train sft``'s options, typed."""

    batch_size: int
    max_length: int
    target: str
    trace_field: str
    traces_path: Path | None
    snapshots: int


@click.command("sft")
@common_options(default_lr=1e-3, default_steps=None)
@click.option("--batch-size", type=click.IntRange(min=1), default=16, show_default=True,
              help="Examples per device per step.")
@click.option("--max-length", type=click.IntRange(min=8), default=512, show_default=True,
              help="Tokens per row (prompt + completion); longer rows are truncated.")
@click.option("--target", type=click.Choice(["auto", "gold", "trace"]), default="auto", show_default=True,
              help="auto: a trace when the example has a usable one, else the gold answer.")
@click.option("--trace-field", default="trace", show_default=True,
              help="Example field holding a chain-of-thought completion (it must end in an answer `extract` "
              "reads).")
@click.option("--traces", "traces_path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Traces from `tabbench synthesize traces` (JSONL by benchmark and id), used as the trace field.")
@snapshots.option
@environments.env_options
def sft_command(**kw: Any) -> None:
    """Supervised fine-tuning on a benchmark's training split (completion-only loss)."""
    run_sft(SftConfig.of(kw))


def run_sft(config: SftConfig) -> Path:
    """The body of ``tabbench train sft``; returns the checkpoint directory."""
    snapshots.check(config.snapshots, config.max_seconds, config.lora_r)
    return training.run_trainer("sft", config, _train, rows=_rows, plugin_version=__version__)


def _rows(run: training.TrainingRun[SftConfig]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The prompt/completion rows (gold multi-turn trajectories with ``--env``) and where they came from."""
    config = run.config
    env = environments.settings(config)
    if env is not None:  # gold multi-turn trajectories instead of single-turn completions
        return environments.sft_rows(run.items, *env, messages=run.messages)
    traces = read_traces(config.traces_path) if config.traces_path else None
    return sft_rows(run.items, config.target, config.trace_field, traces, run.messages)


def _train(run: training.TrainingRun[SftConfig]) -> training.Trained | None:
    from datasets import Dataset
    from trl import SFTConfig, SFTTrainer

    config = run.config
    rows, counts = run.rows
    trl_config = SFTConfig(
        **training.base_training_args(config, run.out_dir, len(rows)),
        per_device_train_batch_size=config.batch_size,
        max_length=config.max_length,
        completion_only_loss=True,
        packing=False,
    )
    skipped = f"; {counts['tool_errors']} gold trajectories skipped (a refused or failed tool call)" if counts.get(
        "tool_errors") else ""
    training.echo(f"sft: {len(rows)} rows ({counts['gold']} gold, {counts['trace']} traces) from "
                  f"{', '.join(b.name for b in run.benchmarks)}{skipped}; {_schedule(config)}")
    progress.quiet()
    if environments.settings(config) is not None:
        rows = environments.rendered(rows, run.tokenizer)
    trainer = SFTTrainer(model=run.model, args=trl_config, train_dataset=Dataset.from_list(rows),
                         processing_class=run.tokenizer, peft_config=training.peft_config(config))
    progress.attach(trainer, "sft", config.max_seconds)
    snapshots.attach(run, trainer, config.snapshots)
    run.budget.attach(trainer)
    result = trainer.train()
    saved = run.save(trainer, result)
    if saved is None:
        return None
    return training.Trained(f"{saved['steps']} steps, loss {result.training_loss:.4f}",
                            {"rows": len(rows), "targets": counts, **saved})


def _schedule(config: training.TrainConfig) -> str:
    return f"{config.max_steps} steps" if config.max_steps else f"{config.epochs} epochs"
