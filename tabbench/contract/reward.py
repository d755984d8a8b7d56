"""The base class every reward plugin subclasses.

A reward turns ``(example, completion)`` into a ``Score``. The same object is a metric in ``tabbench eval``
and a reward in a trainer (see ``tabbench.adapters``), so the number a model is trained on is the number
it is judged by. Rewards must be picklable (they run in worker processes and inside TRL) and must never
raise: ``score_batch`` turns an exception into a ``reward_error`` score.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench.contract.types import Example, Score, Status


class Reward(ABC):
    """Subclass, set ``name``/``version``/``description`` and implement ``score``.

    Options arrive as keyword arguments (from a benchmark's ``MetricSpec`` or from
    ``--reward NAME:WEIGHT`` in a trainer); keep them in ``self.options`` so results can record them.
    Override ``score_batch`` when scoring many completions at once is cheaper (shared gold results,
    deduplicated predictions).
    """

    name: ClassVar[str]
    version: ClassVar[str] = "1"
    description: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True

    def __init__(self, **options: Any) -> None:
        self.options = options

    @abstractmethod
    def score(self, example: Example, completion: str) -> Score:
        """Score one completion. ``value`` is ``None`` only when the gold side failed."""

    def score_batch(self, items: Sequence[tuple[Example, str]]) -> list[Score]:
        """Score many completions; the default calls ``score`` on each, never raising."""
        return [safe_score(self, example, completion) for example, completion in items]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, options={self.options!r})"


def safe_score(reward: Reward, example: Example, completion: str) -> Score:
    """Call ``reward.score``; an exception becomes a ``reward_error`` score with value 0."""
    try:
        return reward.score(example, completion)
    except Exception as exc:
        return Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"})
