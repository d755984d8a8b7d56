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
    data_option,
    dataset_option,
    limit_option,
    out_option,
    progress_option,
    prompt_options,
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
from tabbench.evaluation.selection import parse_data


@click.command("score", context_settings=CONTEXT)
@click.argument("benchmark_name", metavar="[BENCHMARK]", required=False)
@selection_options
@dataset_option
@data_option(single=True)
@click.option("--predictions", type=click.Path(exists=True, path_type=Path), required=True,
              help="Predictions: the benchmark's official format or JSONL {\"id\", \"completion\"}; a folder holds "
              "one file per benchmark (<benchmark>.jsonl, ...).")
@split_option
@limit_option
@where_option
@skip_missing_option
@prompt_options(chat_template=False)
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
    data_pairs: tuple[str, ...], predictions: Path, split: str | None, limit: int | None, where: tuple[Any, ...],
    skip_missing: bool, prompt: Any, timeout: float | None,
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
    single = benchmarks[0] if len(benchmarks) == 1 and not suites and not datasets else None  # 0.2's --data PATH
    data = parse_data(data_pairs, single)
    options = parse_key_values(benchmark_options, "--benchmark-option")
    backend_options: dict[str, Any] = {}
    if data:  # the official format is read by the benchmark built on this data
        backend_options["data"] = (str(data[single]) if single is not None and list(data) == [single]  # as 0.2:
                                   else {name: str(path) for name, path in data.items()})  # its runs resume
    if options:
        backend_options["benchmark_options"] = options
    config = RunConfig(
        backend="predictions", model=str(predictions), backend_options=backend_options, benchmarks=benchmarks,
        suites=suites, data=data, benchmark_options=options,
        timeout=timeout, split=split, limit=limit, where=where, datasets=datasets, skip_missing=skip_missing,
        prompt=prompt, batch_size=batch_size, use_cache=False,
        settings=settings,
        out=out_dir, resume=resume, progress=progress,
    )
    results = sharding.launch(config)
    print_run(results, config.out)
    report_not_run(results)
