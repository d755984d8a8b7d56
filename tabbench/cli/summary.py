"""The table printed at the end of a run: primary metric, n and status counts per benchmark."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def print_summary(results: dict[str, Any], out_dir: Path) -> None:
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
