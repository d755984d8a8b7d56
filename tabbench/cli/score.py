"""``tabbench score``: score an existing predictions file with a benchmark's metrics, no model involved."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.contract.backend import GenerationRequest
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import DataError
from tabbench.contract.hashing import file_sha256
from tabbench.evaluation.options import (
    apply_runtime,
    batch_size_option,
    benchmark_option_option,
    limit_option,
    out_option,
    parse_key_values,
    progress_option,
    recorded_options,
    result_store_option,
    resume_option,
    sandbox_record,
    split_option,
    timeout_option,
    unsafe_sandbox_option,
    with_timeout,
    workers_option,
)
from tabbench.evaluation.runner import Run, execute, select_examples
from tabbench.evaluation.store import RunStore
from tabbench.host.lookup import benchmark_class, get_benchmark


class PredictionsCompleter:
    """Answers each request with the completions a predictions file holds for its example id."""

    def __init__(self, predictions: dict[str, list[str]]) -> None:
        self.predictions = predictions

    def __call__(self, benchmark: Benchmark, requests: Sequence[GenerationRequest]) -> list[list[str]]:
        return [self.predictions[r.example.id] for r in requests]


def check_coverage(predictions: dict[str, list[str]], ids: list[str], path: Path, limited: bool) -> None:
    """Every example needs a prediction; without --limit, every prediction needs an example."""
    missing = [i for i in ids if i not in predictions]
    if missing:
        raise DataError(
            f"{path}: {len(missing)} of {len(ids)} examples have no prediction (first missing id: {missing[0]!r})"
        )
    if not limited:
        extra = sorted(set(predictions) - set(ids))
        if extra:
            raise DataError(f"{path}: {len(extra)} predictions match no example of the split (first: {extra[0]!r})")


@click.command("score", context_settings=CONTEXT)
@click.argument("benchmark_name", metavar="BENCHMARK")
@click.option("--data", type=click.Path(path_type=Path), default=None,
              help="Benchmark data path (default: TABBENCH_DATA_<NAME>, the config file, or bundled data).")
@click.option("--predictions", type=click.Path(exists=True, dir_okay=False, path_type=Path), required=True,
              help="Predictions: the benchmark's official format or JSONL {\"id\", \"completion\"}.")
@split_option
@limit_option
@timeout_option
@workers_option
@result_store_option
@unsafe_sandbox_option
@benchmark_option_option
@out_option
@resume_option
@batch_size_option
@progress_option
def score_command(
    benchmark_name: str, data: Path | None, predictions: Path, split: str | None, limit: int | None,
    timeout: float | None, workers: int | None, benchmark_options: tuple[str, ...], out_dir: Path, resume: bool,
    batch_size: int, progress: bool,
) -> None:
    """Score an existing predictions file with BENCHMARK's metrics and write run records to --out."""
    apply_runtime(workers)
    given = parse_key_values(benchmark_options, "--benchmark-option")
    options = recorded_options(given, timeout)
    benchmark = get_benchmark(benchmark_name, data, **with_timeout(benchmark_class(benchmark_name), given, timeout))
    split = benchmark.check_split(split)
    preds = benchmark.read_predictions(predictions, split)
    examples = select_examples(benchmark, split, limit)
    check_coverage(preds, [e.id for e in examples], predictions, limited=limit is not None)
    config = {
        "command": "score", "benchmark": benchmark_name, "split": split, "limit": limit, "benchmark_options": options,
        "data": str(benchmark.data_path) if benchmark.data_path else None,
        "predictions": {"path": str(predictions), "sha256": file_sha256(predictions)}, **sandbox_record(),
    }
    store = (RunStore.resume if resume else RunStore.create)(out_dir, config)
    run = Run(out_dir=out_dir, config=config, benchmarks=[benchmark], store=store, split=split, limit=limit,
              batch_size=batch_size, model={"backend": "predictions", "path": str(predictions)}, show_progress=progress)
    results = execute(run, PredictionsCompleter(preds))
    from tabbench.cli.summary import print_summary

    print_summary(results, out_dir)
