"""``tabbench train sft``: the supervised cold start, on gold answers or chain-of-thought traces.

Rows are conversational prompt/completion pairs: the prompt is exactly what ``tabbench eval`` sends
(``Benchmark.prompt``), the completion the benchmark's gold completion (``Benchmark.gold_completion``, in the
format its ``extract`` reads) or, when an example carries a trace in ``--trace-field``, that trace. The loss
covers the completion only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from tabbench import Benchmark, ConfigError, Example
from tabbench.evaluation.traces import read_traces
from tabbench.evaluation.where import Where
from tabbench_trainers import common, environments, progress


def sft_rows(
    benchmarks: list[Benchmark], split: str, limit: int | None, target: str, trace_field: str,
    traces: dict[tuple[str, str], str] | None = None, where: Sequence[Where] = (),
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Prompt/completion rows and counts of where each completion came from (gold, trace, skipped). ``traces``
    (``tabbench synthesize traces`` output, by benchmark and id) take the place of ``fields[trace_field]``."""
    rows: list[dict[str, Any]] = []
    counts = {"gold": 0, "trace": 0, "unusable_trace": 0, "no_target": 0}
    for benchmark in benchmarks:
        for example in common.training_examples(benchmark, split, limit, where):
            synthesized = (traces or {}).get((benchmark.name, example.id))
            if synthesized is not None:
                example = replace(example, fields={**example.fields, trace_field: synthesized})
            text = completion_target(benchmark, example, target, trace_field, counts)
            if text is None:
                counts["no_target"] += 1
                continue
            rows.append({
                "prompt": benchmark.prompt(example),
                "completion": [{"role": "assistant", "content": text}],
            })
    if not rows:
        raise ConfigError(f"sft: no example of split {split!r} has a gold answer or a trace to train on")
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
class SftConfig(common.TrainConfig, environments.EnvConfig):
    """``tabbench train sft``'s options, typed."""

    batch_size: int
    max_length: int
    target: str
    trace_field: str
    traces_path: Path | None


@click.command("sft")
@common.common_options(default_lr=1e-3, default_steps=None)
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
@environments.env_options
def sft_command(**kw: Any) -> None:
    """Supervised fine-tuning on a benchmark's training split (completion-only loss)."""
    run_sft(SftConfig.of(kw))


@common.removes_output_on_failure
def run_sft(config: SftConfig) -> Path:
    """The body of ``tabbench train sft``; returns the checkpoint directory."""
    common.configure_threads(config)
    out_dir: Path = config.out_dir
    benchmarks = common.load_benchmarks(config.benchmarks, config.data_dirs, config.split, config.suites,
                                        config.where, options=config.benchmark_options)
    env = environments.settings(config)
    if env is not None:  # gold multi-turn trajectories instead of single-turn completions
        rows, counts = environments.sft_rows(benchmarks, config.split, config.limit, *env, where=config.where)
    else:
        traces = read_traces(config.traces_path) if config.traces_path else None
        rows, counts = sft_rows(benchmarks, config.split, config.limit, config.target, config.trace_field, traces,
                                config.where)
    common.prepare_out_dir(out_dir)
    timer = common.Timer()

    from datasets import Dataset
    from trl import SFTConfig, SFTTrainer

    common.seed_everything(config.seed)
    model, tokenizer = common.load_model(config.model_path)
    trl_config = SFTConfig(
        **common.base_training_args(config, out_dir, len(rows)),
        per_device_train_batch_size=config.batch_size,
        max_length=config.max_length,
        completion_only_loss=True,
        packing=False,
    )
    skipped = f"; {counts['tool_errors']} gold trajectories skipped (a refused or failed tool call)" if counts.get(
        "tool_errors") else ""
    common.echo(f"sft: {len(rows)} rows ({counts['gold']} gold, {counts['trace']} traces) from "
                f"{', '.join(b.name for b in benchmarks)}{skipped}; {_schedule(config)}")
    progress.quiet()
    if env is not None:
        rows = environments.rendered(rows, tokenizer)
    trainer = SFTTrainer(model=model, args=trl_config, train_dataset=Dataset.from_list(rows),
                         processing_class=tokenizer, peft_config=common.peft_config(config))
    progress.attach(trainer, "sft", config.max_seconds)
    budget = common.TimeBudget(config.max_seconds)
    budget.attach(trainer)
    result = trainer.train()
    if not common.save_checkpoint(trainer, tokenizer, out_dir):
        return out_dir
    trainer.state.save_to_json(str(out_dir / "trainer_state.json"))
    common.write_run_info(out_dir, {
        "trainer": "sft",
        "base_model": str(config.model_path),
        "benchmarks": [b.name for b in benchmarks],
        "split": config.split,
        "rows": len(rows),
        "targets": counts,
        "settings": config.record(),
        "steps": trainer.state.global_step,
        **budget.record(),
        "processes": trainer.accelerator.num_processes,
        "train_loss": result.training_loss,
        "seconds": timer(),
    })
    common.echo(f"sft: {trainer.state.global_step} steps, loss {result.training_loss:.4f}, {timer()} s; "
                f"checkpoint in {out_dir}")
    return out_dir


def _schedule(config: common.TrainConfig) -> str:
    return f"{config.max_steps} steps" if config.max_steps else f"{config.epochs} epochs"
