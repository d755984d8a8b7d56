"""``tabbench rescore RUN --reward NAME``: add metrics to a finished run from its recorded completions."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import dataset_option, progress_option
from tabbench.cli.output import JSON_OPTION, emit
from tabbench.evaluation.options import parse_key_values


@click.command("rescore", context_settings=CONTEXT)
@click.argument("run_dir", metavar="RUN_DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option("--reward", "rewards", multiple=True, required=True, metavar="[METRIC=]REWARD",
              help="A reward plugin to add as a metric (named after the reward, or METRIC); repeatable.")
@click.option("--reward-option", "reward_options", multiple=True, metavar="[METRIC:]KEY=VALUE",
              help="Reward option (JSON values), for every added reward or METRIC's only; laid over what the "
              "benchmark offers the reward (the run's --timeout included). Repeatable.")
@click.option("--benchmark", "benchmarks", multiple=True, help="Only this benchmark of the run (repeatable).")
@click.option("--data", "data", multiple=True, metavar="BENCHMARK=PATH",
              help="Where a benchmark's data is now, if it moved since the run (it must be the same files).")
@dataset_option
@progress_option
@JSON_OPTION
def rescore_command(run_dir: Path, rewards: tuple[str, ...], reward_options: tuple[str, ...],
                    benchmarks: tuple[str, ...], data: tuple[str, ...], datasets: tuple[Path, ...], progress: bool,
                    as_json: bool) -> None:
    """Add metrics to the finished run in RUN_DIR without generating: each record's scored completion is scored
    by the rewards (executing SQL or programs where they need it), and results.json records the edit.

    \b
    Examples:
      tabbench rescore runs/a --reward arctic --reward partial=execution-partial
      tabbench rescore runs/a --reward sqlr1 --reward-option sqlr1:timeout=5 --benchmark demo-bird
    """
    from tabbench.evaluation.options import options_for
    from tabbench.evaluation.rescore import NewMetric, rescore

    options = parse_key_values(reward_options, "--reward-option")
    metrics = []
    for spec in rewards:
        metric = NewMetric.parse(spec)
        metrics.append(NewMetric(metric.name, metric.reward, options_for(metric.name, options)))
    paths = {name: Path(str(path)) for name, path in parse_key_values(data, "--data").items()}
    results = rescore(run_dir, metrics, benchmarks, paths, progress=progress, datasets=datasets)
    edit = results["edits"][-1]
    rows = [{"benchmark": m["benchmark"], "metric": m["name"], "reward": m["reward"],
             **results["benchmarks"][m["benchmark"]]["metrics"][m["name"]]} for m in edit["metrics"]]
    if not as_json:
        rows = [{**row, "value": _number(row["value"]), "stderr": _number(row["stderr"])} for row in rows]
    emit(rows, ["benchmark", "metric", "reward", "value", "stderr", "n", "n_excluded"], as_json=as_json,
         title=f"added to {run_dir / 'results.json'} ({edit['at']})")


def _number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"
