"""``tabbench rescore RUN --reward NAME``: add metrics to a finished run from its recorded completions."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import data_option, progress_option, reward_option_option
from tabbench.cli.output import JSON_OPTION, emit
from tabbench.cli.summary import print_reward_errors


@click.command("rescore", context_settings=CONTEXT)
@click.argument("run_dir", metavar="RUN_DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option("--reward", "rewards", multiple=True, required=True, metavar="[METRIC=]REWARD",
              help="A reward plugin to add as a metric (named after the reward, or METRIC); repeatable.")
@reward_option_option
@click.option("--benchmark", "benchmarks", multiple=True, metavar="NAME",
              help="Only this benchmark of the run (repeatable).")
@data_option()
@progress_option
@JSON_OPTION
def rescore_command(run_dir: Path, rewards: tuple[str, ...], reward_option_pairs: tuple[str, ...],
                    benchmarks: tuple[str, ...], data_pairs: tuple[str, ...], progress: bool, as_json: bool) -> None:
    """Add metrics to the finished run in RUN_DIR without generating: each record's scored completion is scored
    by the rewards (executing SQL or programs where they need it), and results.json records the edit.

    \b
    Examples:
      tabbench rescore runs/a --reward arctic --reward partial=execution-partial
      tabbench rescore runs/a --reward sqlr1 --reward-option sqlr1:timeout=5 --benchmark demo-bird
    """
    from tabbench.evaluation.options import named_options
    from tabbench.evaluation.rescore import NewMetric, rescore
    from tabbench.evaluation.selection import parse_data

    parsed = [NewMetric.parse(spec) for spec in rewards]
    options = named_options(reward_option_pairs, [m.name for m in parsed], "--reward-option")
    metrics = [NewMetric(m.name, m.reward, options[m.name]) for m in parsed]
    results = rescore(run_dir, metrics, benchmarks, parse_data(data_pairs), progress=progress)
    edit = results["edits"][-1]
    rows = [{"benchmark": m["benchmark"], "metric": m["name"], "reward": m["reward"],
             **results["benchmarks"][m["benchmark"]]["metrics"][m["name"]]} for m in edit["metrics"]]
    if not as_json:
        rows = [{**row, "value": _number(row["value"]), "stderr": _number(row["stderr"]),
                 "statuses": " ".join(f"{k}={v}" for k, v in (row.get("status_counts") or {}).items())}
                for row in rows]
    emit(rows, ["benchmark", "metric", "reward", "value", "stderr", "n", "n_excluded", "statuses"], as_json=as_json,
         title=f"added to {run_dir / 'results.json'} ({edit['at']})")
    print_reward_errors(results, [(m["benchmark"], m["name"]) for m in edit["metrics"]])


def _number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"
