"""A board's tokens-and-cost table: what each run's records say they spent (``results.json``'s ``usage``), per
benchmark and for the whole run, and its cost at the price the run was given; and which runs stopped on their
budget before they finished."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabbench.reporting.boards.columns import table
from tabbench.reporting.boards.markdown import code, text
from tabbench.reporting.boards.runs import RunEntry


def usage_section(runs: Sequence[RunEntry], index: dict[int, int]) -> list[str]:
    """One row per benchmark of each run that counted its tokens, then the run's total; nothing when no run did
    (runs of the gold or predictions backends, runs before tabbench 0.3)."""
    rows = []
    for run in runs:
        total = run.results.get("usage")
        if not isinstance(total, dict):
            continue
        for name, block in run.results["benchmarks"].items():
            usage = block.get("usage")
            if isinstance(usage, dict):
                rows.append([index[id(run)], run.model, code(name, in_table=True), *_cells(usage, block.get("n"))])
        rows.append([index[id(run)], run.model, "all", *_cells(total, _n(run)), _price(total.get("price"))])
    if not rows:
        return []
    out = ["## Tokens and cost", "",
           "What each run's records say they spent (`usage` in `results.json`): the server's count for a model behind "
           "an API, the model's tokenizer for a local one; completion tokens include the reasoning tokens. `samples` "
           "is how many records say what they spent, of the run's n. Cost is at the price the run was given "
           "(`--prices` or `[prices]` in `tabbench.toml`), per million input and output tokens; blank without one.",
           ""]
    out += table(["run", "model", "benchmark", "samples", "prompt tokens", "completion tokens", "reasoning tokens",
                  "cost", "price"], [row + [""] * (9 - len(row)) for row in rows])
    out.append("")
    stopped = [(index[id(run)], run) for run in runs if isinstance(run.results.get("stopped"), dict)]
    for number, run in stopped:
        out.append(f"Run {number} ({text(run.model)}) stopped on its budget before it finished: "
                   f"{text(run.results['stopped']['message'])}")
    if stopped:
        out.append("")
    return out


def _n(run: RunEntry) -> int:
    return sum(int(block.get("n") or 0) for block in run.results["benchmarks"].values())


def _cells(usage: dict[str, Any], n: Any) -> list[str]:
    reasoning = usage.get("reasoning_tokens")
    cost = usage.get("cost")
    return [f"{usage.get('samples', 0):,} of {n or 0:,}", f"{usage.get('prompt_tokens', 0):,}",
            f"{usage.get('completion_tokens', 0):,}", "" if reasoning is None else f"{reasoning:,}",
            "" if cost is None else f"{cost:,.4f}"]


def _price(price: Any) -> str:
    if not isinstance(price, dict):
        return ""
    return f"{price['model']}: {price['input_per_million']:g} input, {price['output_per_million']:g} output"
