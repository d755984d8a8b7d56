"""``tabbench score``: score an existing predictions file with a benchmark's metrics, no model involved.

The same run as ``tabbench eval --model predictions:FILE`` (the host's ``predictions`` backend), built from the
same ``RunConfig``, with the benchmark's coverage checked before anything is scored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import (
    batch_size_option,
    benchmark_option_option,
    dataset_option,
    limit_option,
    out_option,
    progress_option,
    resume_option,
    selection_options,
    settings_options,
    skip_missing_option,
    split_option,
    timeout_option,
    where_option,
)
from tabbench.cli.shards import Sharding, sharding_options
from tabbench.contract.errors import UsageError
from tabbench.evaluation.options import parse_key_values


@click.command("score", context_settings=CONTEXT)
@click.argument("benchmark_name", metavar="[BENCHMARK]", required=False)
@selection_options
@dataset_option
@click.option("--data", type=click.Path(path_type=Path), default=None,
              help="Benchmark data path (default: TABBENCH_DATA_<NAME>, the config file, or bundled data); "
              "with one benchmark.")
@click.option("--predictions", type=click.Path(exists=True, path_type=Path), required=True,
              help="Predictions: the benchmark's official format or JSONL {\"id\", \"completion\"}; a folder holds "
              "one file per benchmark (<benchmark>.jsonl, ...).")
@split_option
@limit_option
@where_option
@skip_missing_option
@timeout_option
@settings_options
@benchmark_option_option
@out_option
@resume_option
@sharding_options
@batch_size_option
@progress_option
def score_command(
    benchmark_name: str | None, benchmarks: tuple[str, ...], suites: tuple[str, ...], datasets: tuple[Path, ...],
    data: Path | None, predictions: Path, split: str | None, limit: int | None, where: tuple[Any, ...],
    skip_missing: bool, timeout: float | None,
    settings: Any,
    benchmark_options: tuple[str, ...], out_dir: Path, resume: bool, sharding: Sharding, batch_size: int,
    progress: bool,
) -> None:
    """Score an existing predictions file with the metrics of BENCHMARK (or --benchmark/--suite) and write run
    records to --out."""
    from tabbench.cli.eval import print_run, report_not_run
    from tabbench.evaluation.config import RunConfig

    if benchmark_name:
        benchmarks = (benchmark_name, *(b for b in benchmarks if b != benchmark_name))
    if not benchmarks and not suites and not datasets:
        raise UsageError("name the benchmark: tabbench score BENCHMARK (or --benchmark NAME, --suite NAME, "
                         "--dataset FOLDER)")
    if data is not None and (len(benchmarks) != 1 or suites or datasets):
        raise UsageError("--data PATH names the data of one benchmark: give exactly one BENCHMARK")
    options = parse_key_values(benchmark_options, "--benchmark-option")
    backend_options: dict[str, Any] = {}
    if data is not None:  # the official format is read by the benchmark built on this data
        backend_options["data"] = str(data)
    if options:
        backend_options["benchmark_options"] = options
    config = RunConfig(
        backend="predictions", model=str(predictions), backend_options=backend_options, benchmarks=benchmarks,
        suites=suites, data={benchmarks[0]: data} if data is not None else {}, benchmark_options=options,
        timeout=timeout, split=split, limit=limit, where=where, datasets=datasets, skip_missing=skip_missing,
        batch_size=batch_size, use_cache=False,
        settings=settings,
        out=out_dir, resume=resume, progress=progress,
    )
    results = sharding.launch(config)
    print_run(results, config.out)
    report_not_run(results)
