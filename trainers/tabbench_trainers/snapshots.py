"""``--snapshots N`` (``train sft`` and ``train grpo``): the model saved at equal shares of ``--max-seconds``, in one
process, so a caller can evaluate each and keep the best (the learning proof's early stopping) without
restarting the optimiser, reloading the model or compiling the rollouts again for every round.

``OUT/snapshot-<k>/`` (k = 1 .. N-1) holds a checkpoint ``tabbench eval --model`` reads and ``snapshot.json``
(``{"snapshot", "of", "step", "seconds", "path"}``: the optimiser step and budget seconds at which it was saved);
``OUT`` itself is the last. The seconds spent saving are off the budget; ``tabbench_train.json`` lists the
snapshots under ``snapshots``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from tabbench import UsageError, training


def option(func: Callable) -> Callable:
    return click.option(
        "--snapshots", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
        help="With --max-seconds: save the model N - 1 times at equal shares of the budget (OUT/snapshot-<k>/, "
        "off the clock); OUT is the last. For choosing a checkpoint on a validation split.")(func)


def check(snapshots: int, max_seconds: float | None, lora_r: int) -> None:
    """Refuse, before anything loads, what snapshots cannot do."""
    if snapshots > 1 and max_seconds is None:
        raise UsageError("--snapshots divides --max-seconds: give --max-seconds S too")
    if snapshots > 1 and lora_r:
        raise UsageError("--snapshots with --lora-r: a snapshot would merge the adapters in the middle of training")


def attach(run: training.TrainingRun, trainer: Any, snapshots: int) -> None:
    """Plan ``snapshots`` on the run's budget, each saved as ``run.save`` saves the final checkpoint."""
    if snapshots > 1:
        run.budget.snapshot_into(run.out_dir, snapshots,
                                 lambda path: training.save_checkpoint(trainer, run.tokenizer, path))
