"""``tabbench synthesize traces``: chain-of-thought traces from a teacher model, verified by execution."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import benchmark_option_option, data_option, limit_option, settings_options
from tabbench.contract.errors import UsageError
from tabbench.evaluation.options import parse_key_values


@click.group("synthesize", context_settings=CONTEXT)
def synthesize_group() -> None:
    """Synthesize training data with a teacher model."""


@synthesize_group.command("traces", context_settings=CONTEXT)
@click.argument("benchmark_name", metavar="BENCHMARK")
@click.option("--teacher", "teacher_spec", required=True,
              help="The teacher: BACKEND:MODEL (openai:URL#model, vllm:PATH, predictions:FILE) or a local "
                   "checkpoint folder (hf).")
@click.option("--backend", default=None, help="Teacher backend (default: hf, or the BACKEND: prefix of --teacher).")
@click.option("-m", "--model-option", "model_options", multiple=True, metavar="KEY=VALUE",
              help="An option for the teacher's backend; repeatable.")
@data_option(single=True)
@click.option("--split", default="train", show_default=True, help="Split whose examples get traces.")
@limit_option
@click.option("--samples", type=click.IntRange(min=1), default=1, show_default=True,
              help="Candidate traces per example; the first that executes to the gold result is kept.")
@click.option("--temperature", type=click.FloatRange(min=0), default=None,
              help="Teacher temperature (default 0, or 0.8 with --samples > 1).")
@click.option("--max-new-tokens", type=click.IntRange(min=1), default=1024, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--batch-size", type=click.IntRange(min=1), default=16, show_default=True,
              help="Examples per teacher call.")
@benchmark_option_option
@settings_options
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="JSONL of {benchmark, id, trace (null when none passed), candidates, statuses}.")
def traces_command(
    benchmark_name: str, teacher_spec: str, backend: str | None, model_options: tuple[str, ...],
    data_pairs: tuple[str, ...],
    split: str, limit: int | None, samples: int, temperature: float | None, max_new_tokens: int, seed: int,
    batch_size: int, benchmark_options: tuple[str, ...], settings: Any, out_path: Path,
) -> None:
    """Write step-by-step traces for BENCHMARK's examples from their gold SQL; keep those that execute right.

    \b
    Feed them to SFT:  tabbench train sft --model M --benchmark bird --traces traces.jsonl --target trace
    """
    from tabbench.contract.atomic import atomic_path
    from tabbench.contract.backend import GenerationParams
    from tabbench.contract.settings import use_settings
    from tabbench.evaluation.generation import split_model_spec
    from tabbench.evaluation.options import named_options
    from tabbench.evaluation.plan import read_examples
    from tabbench.evaluation.selection import data_of
    from tabbench.evaluation.traces import synthesize
    from tabbench.host.lookup import get_backend, get_benchmark
    from tabbench.host.plugins import host

    with use_settings(settings):  # --workers, --result-store-mb, --unsafe-sandbox: for the checks' execution
        temperature = temperature if temperature is not None else (0.8 if samples > 1 else 0.0)
        if samples > 1 and temperature == 0:
            raise UsageError("--samples N with --temperature 0 would give N identical traces")
        given = named_options(benchmark_options, [benchmark_name], "--benchmark-option")[benchmark_name]
        benchmark = get_benchmark(benchmark_name, data_of(data_pairs, benchmark_name), **given)
        examples = read_examples(benchmark, split)[:limit]
        backend_name, model = split_model_spec(teacher_spec, backend, host().registry("model").names())
        teacher = get_backend(backend_name, model, **parse_key_values(model_options, "--model-option"))
        params = GenerationParams(max_new_tokens=max_new_tokens, temperature=temperature, n=samples, seed=seed)
        accepted = candidates = labelled = 0
        try:
            with atomic_path(out_path) as tmp, tmp.open("w", encoding="utf-8") as handle:
                for outcome in synthesize(benchmark, examples, teacher, params, batch_size):
                    labelled += 1
                    candidates += outcome.candidates
                    accepted += outcome.trace is not None
                    handle.write(json.dumps(outcome.to_json(benchmark.name), ensure_ascii=False) + "\n")
        finally:
            teacher.close()
        rate = accepted / labelled if labelled else 0.0
        click.echo(f"{benchmark.name} {split}: {accepted} of {labelled} examples with gold SQL got a trace that "
                   f"executes to the gold result ({rate:.1%}; {candidates} candidates) -> {out_path}", err=True)
