"""``--max-seconds``: one time budget over a run's training steps, and the run's clock."""

from __future__ import annotations

import time
from typing import Any


class TimeBudget:
    """``--max-seconds``: ends training at the first optimiser step past the budget. One budget spans every
    ``trainer.train()`` it is attached to (TAO's rounds); with several processes they stop at the same step."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self.began: float | None = None
        self.stopped = False

    @property
    def exhausted(self) -> bool:
        return self.seconds is not None and self.spent >= self.seconds

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
                if budget._over():
                    budget.stopped = control.should_training_stop = True

            def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
                budget.spent += time.perf_counter() - (budget.began or time.perf_counter())
                budget.began = None

        trainer.add_callback(_Stop())

    def _over(self) -> bool:
        assert self.seconds is not None and self.began is not None
        over = self.spent + time.perf_counter() - self.began >= self.seconds
        import torch.distributed as dist

        if dist.is_available() and dist.is_initialized():  # rank 0's clock decides for all
            import torch

            flag = torch.tensor([float(over)], device="cuda" if dist.get_backend() == "nccl" else "cpu")
            dist.broadcast(flag, src=0)
            over = bool(flag.item())
        return over

    def record(self) -> dict[str, Any]:
        """What ``tabbench_train.json`` says about the budget."""
        return {"max_seconds": self.seconds, "stopped_by_time": self.stopped}


class Timer:
    """Seconds since creation, for the run summary."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self.start, 2)
