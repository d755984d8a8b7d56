"""``--max-seconds``: one time budget over a run's training steps, the run's clock, and snapshots of the model at
equal shares of the budget.

Two things are kept off the budget: seconds a trainer declares ``uncounted`` (GRPO's compile warm-up of its
rollouts: a one-off cost of the process, not training, which an eager control never pays) and the seconds spent
saving snapshots. Snapshots (``snapshot_into``) let one process stand for several rounds of training: the learning
proof evaluates each on a validation split and keeps the best, without restarting the optimiser, reloading the
model or compiling again per round.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


class TimeBudget:
    """``--max-seconds``: ends training at the first optimiser step past the budget. One budget spans every
    ``trainer.train()`` it is attached to (TAO's rounds); with several processes they stop at the same step."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self.began: float | None = None
        self.stopped = False
        self.uncounted: Callable[[], float] = lambda: 0.0  # seconds inside training that the budget does not charge
        self.paused = 0.0  # seconds spent saving snapshots
        self.snapshots: list[dict[str, Any]] = []  # those saved: {"snapshot", "step", "seconds", "path"}
        self._plan: tuple[Path, int, Callable[[Path], None]] | None = None

    @property
    def exhausted(self) -> bool:
        return self.seconds is not None and self.spent >= self.seconds

    def snapshot_into(self, out_dir: Path, count: int, save: Callable[[Path], None]) -> None:
        """Save the model ``count - 1`` times during training, when ``k / count`` of the budget is used
        (``save(out_dir / "snapshot-<k>")``, then ``snapshot.json`` beside it: its step and budget seconds); the
        checkpoint at the end of the budget is the last. Needs a budget; ``count`` 0 or 1 saves none."""
        if self.seconds is None:
            raise ValueError("snapshots divide --max-seconds: a budget is needed")
        self._plan = (out_dir, count, save) if count > 1 else None

    def attach(self, trainer: Any) -> None:
        """Watch ``trainer``'s steps (nothing to do without a budget)."""
        if self.seconds is None:
            return
        from transformers import TrainerCallback

        budget = self

        class _Stop(TrainerCallback):
            def on_train_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                budget.began = time.perf_counter()

            def on_step_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                used = budget._used()
                budget._snapshot(used, state.global_step)
                if used >= budget.seconds:
                    budget.stopped = control.should_training_stop = True

            def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                budget.spent += time.perf_counter() - (budget.began or time.perf_counter())
                budget.began = None

        trainer.add_callback(_Stop())

    def _snapshot(self, used: float, step: int) -> None:
        """Save every snapshot whose share of the budget ``used`` has reached, off the clock."""
        if self._plan is None:
            return
        assert self.seconds is not None
        out_dir, count, save = self._plan
        while len(self.snapshots) < count - 1 and used >= (len(self.snapshots) + 1) * self.seconds / count:
            k, start = len(self.snapshots) + 1, time.perf_counter()
            path = out_dir / f"snapshot-{k}"
            save(path)
            entry = {"snapshot": k, "of": count, "step": step, "seconds": round(used, 3), "path": path.name}
            if path.is_dir():  # the main process wrote it
                (path / "snapshot.json").write_text(json.dumps(entry) + "\n", encoding="utf-8")
            self.snapshots.append(entry)
            self.paused += time.perf_counter() - start

    def _used(self) -> float:
        """Budget seconds used so far: training time less the uncounted and the snapshots' saving; with several
        processes, rank 0's figure for all."""
        assert self.began is not None
        used = self.spent + time.perf_counter() - self.began - self.uncounted() - self.paused
        import torch.distributed as dist

        if dist.is_available() and dist.is_initialized():  # rank 0's clock decides for all
            import torch

            value = torch.tensor([used], device="cuda" if dist.get_backend() == "nccl" else "cpu")
            dist.broadcast(value, src=0)
            used = float(value.item())
        return used

    def record(self) -> dict[str, Any]:
        """What ``tabbench_train.json`` says about the budget."""
        record: dict[str, Any] = {"max_seconds": self.seconds, "stopped_by_time": self.stopped}
        if self.seconds is not None and self.uncounted():
            record["uncounted_seconds"] = round(self.uncounted(), 3)
        if self._plan is not None:
            record["snapshots"] = self.snapshots
        return record


class Timer:
    """Seconds since creation, for the run summary."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self.start, 2)
