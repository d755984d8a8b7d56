"""``tabbench rescore RUN --reward NAME``: add metrics to a finished run from its recorded completions."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import data_option, dataset_option, progress_option, reward_option_option
from tabbench.cli.output import JSON_OPTION, emit
from tabbench.cli.summary import print_reward_errors


@click.command("rescore", context_settings=CONTEXT)
@click.argument("run_dir", metavar="RUN_DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option("--reward", "rewards", multiple=True, metavar="[METRIC=]REWARD",
              help="A reward plugin to add as a metric (named after the reward, or METRIC); repeatable.")
@click.option("--replace", "replaced", multiple=True, metavar="METRIC",
              help="Score the run's metric METRIC again: with its reward (a fixed plugin) and options, or with the "
              "--reward METRIC=REWARD given; its scores are replaced. Repeatable; not the primary metric.")
@click.option("--remove", "removed", multiple=True, metavar="METRIC",
              help="Take the metric METRIC out of the records and results.json. Repeatable; not the primary metric.")
@reward_option_option
@click.option("--benchmark", "benchmarks", multiple=True, metavar="NAME",
              help="Only this benchmark of the run (repeatable).")
@data_option()
@dataset_option
@progress_option
@JSON_OPTION
def rescore_command(run_dir: Path, rewards: tuple[str, ...], replaced: tuple[str, ...], removed: tuple[str, ...],
                    reward_option_pairs: tuple[str, ...], benchmarks: tuple[str, ...], data_pairs: tuple[str, ...],
                    datasets: tuple[Path, ...], progress: bool, as_json: bool) -> None:
    """Add metrics to the finished run in RUN_DIR without generating: each record's scored completion is scored
    by the rewards (executing SQL or programs where they need it), and results.json records the edit. A metric the
    run has can be scored again (--replace) or taken out (--remove), each an edit too.

    \b
    Examples:
      tabbench rescore runs/a --reward arctic --reward partial=execution-partial
      tabbench rescore runs/a --reward sqlr1 --reward-option sqlr1:timeout=5 --benchmark demo-bird
      tabbench rescore runs/a --replace partial --reward-option partial:timeout=10
      tabbench rescore runs/a --remove partial
    """
    from tabbench.evaluation.options import named_options
    from tabbench.evaluation.rescore import NewMetric, rescore
    from tabbench.evaluation.selection import parse_data

    given = [NewMetric.parse(spec) for spec in rewards]
    own = [name for name in dict.fromkeys(replaced) if name not in {m.name for m in given}]  # with its own reward
    options = named_options(reward_option_pairs, list(dict.fromkeys([*(m.name for m in given), *own])),
                            "--reward-option")
    metrics = [*(NewMetric(m.name, m.reward, options[m.name], m.name in replaced) for m in given),
               *(NewMetric(name, None, options[name], True) for name in own)]
    results = rescore(run_dir, metrics, benchmarks, parse_data(data_pairs), progress=progress, remove=removed,
                      datasets=datasets)
    made = sum(map(bool, ([m for m in metrics if not m.replaces], [m for m in metrics if m.replaces], removed)))
    edits = results["edits"][-made:]  # this rescore's: one edit per kind of change asked for
    rows = [{"edit": edit["kind"], "benchmark": m["benchmark"], "metric": m["name"], "reward": m["reward"],
             **(results["benchmarks"][m["benchmark"]]["metrics"][m["name"]] if edit["kind"] != "remove" else {})}
            for edit in edits for m in edit["metrics"]]
    if not as_json:
        rows = [{**row, "value": _number(row.get("value")), "stderr": _number(row.get("stderr")),
                 "statuses": " ".join(f"{k}={v}" for k, v in (row.get("status_counts") or {}).items())}
                if row["edit"] != "remove" else row for row in rows]
    emit(rows, ["edit", "benchmark", "metric", "reward", "value", "stderr", "n", "n_excluded", "statuses"],
         as_json=as_json, title=f"{run_dir / 'results.json'}: edited {edits[-1]['at']}")
    print_reward_errors(results, [(row["benchmark"], row["metric"]) for row in rows if row["edit"] != "remove"])


def _number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"
