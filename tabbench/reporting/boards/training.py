"""A board's training table: what each trained run spent, from its trainer's records published beside it
(``tabbench.reporting.training_budget``)."""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.reporting.boards.columns import table
from tabbench.reporting.boards.runs import RunEntry


def training_section(runs: Sequence[RunEntry], index: dict[int, int]) -> list[str]:
    """What each trained run spent (``tabbench.reporting.training_budget``); nothing when no run has records."""
    from tabbench.reporting.training_budget import read_budget

    rows = []
    for run in runs:
        budget = read_budget(run.path)
        if budget is None:
            continue
        rows.append([index[id(run)], run.model, budget.trainer, _count(budget.steps), _count(budget.tokens),
                     _count(budget.seconds), "" if budget.learning_rate is None else f"{budget.learning_rate:g}",
                     budget.rounds, budget.chosen()])
    if not rows:
        return []
    out = ["## Training", "",
           "What each trained run spent, from its trainer's records published beside the run (`training/`): "
           "optimiser steps, tokens the trainer counted, the trainer's seconds (model loading included; summed over "
           "rounds when it trained in rounds), the learning rate, and the checkpoint validation chose: a round "
           "(each its own training run) or a snapshot (saved within one run at equal shares of its time budget); 0 "
           "is the starting checkpoint.", ""]
    out += table(["run", "model", "trainer", "optimiser steps", "tokens", "trainer s", "learning rate", "rounds",
                  "checkpoint chosen"], rows)
    out.append("")
    return out


def _count(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f}"
