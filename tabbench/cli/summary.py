"""The table printed at the end of a run: primary metric, n and status counts per benchmark; then one line per
metric whose reward plugin failed (``reward_error``), so a failing reward reads as failing, not as a score of 0."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any


def print_summary(results: dict[str, Any], out_dir: Path) -> None:
    """The table, then the failing rewards' lines (eval, score and merge alike)."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"results ({out_dir / 'results.json'})", title_justify="left")
    for column in ("benchmark", "v", "n", "metric", "value", "±"):  # never wrapped inside a name or a number
        table.add_column(column, no_wrap=True, justify="right" if column in ("n", "value", "±") else "left")
    table.add_column("statuses", overflow="fold")  # one status per line, so a wrap never splits a count
    for name, result in results["benchmarks"].items():
        primary = result["primary_metric"]
        value = "n/a" if primary["value"] is None else f"{primary['value']:.4f}"
        stderr = "" if primary["stderr"] is None else f"{primary['stderr']:.4f}"
        statuses = "\n".join(f"{k}={v}" for k, v in result["status_counts"].items())
        table.add_row(name, result["version"], str(result["n"]), primary["name"], value, stderr, statuses)
    Console(stderr=True).print(table)
    print_reward_errors(results)


def print_reward_errors(results: dict[str, Any], metrics: Iterable[tuple[str, str]] | None = None) -> None:
    """One line on stderr per metric (of ``metrics``, ``(benchmark, metric)`` pairs; default all) whose reward failed
    on some samples: how many, the first one's error, and that those count as 0 in the metric's value."""
    import click

    from tabbench.contract.modeltext import printable

    rewards = {(name, m.get("name")): m.get("reward") for name, result in results["benchmarks"].items()
               for m in result.get("metric_rewards") or []}
    chosen = [(name, metric) for name, result in results["benchmarks"].items() for metric in result.get("metrics", {})]
    for name, metric in chosen if metrics is None else list(metrics):
        result = results["benchmarks"][name]
        summary = result["metrics"][metric]
        failed = (summary.get("status_counts") or {}).get("reward_error", 0)
        if not failed:
            continue
        first = summary.get("reward_error") or {}
        click.echo(printable(
            f"{name}: metric {metric!r} (reward {rewards.get((name, metric), metric)!r}) failed on {failed} of "
            f"{result['n']} samples (status reward_error, counted as 0); first, sample {first.get('id')!r}: "
            f"{first.get('error') or 'no error message'}"), err=True)
