"""Rewards written against 0.1.0's reward API, adapted once, when their class is defined.

0.1.0's ``score(self, example, completion)`` took no answer and its ``score_batch`` received ``(example,
completion)`` pairs. ``adapt`` rewrites such a class in place, once: its ``score`` takes the answer (and drops it;
the reward reads the completion itself, as it always did), its ``score_batch`` takes predictions (or pairs, as
the reward's own code may still call it) and hands the old one pairs. The host then scores every reward alike:
nothing in ``tabbench.contract.reward`` knows the old API. Such a class warns when it is defined and keeps
working until the release ``tabbench.contract.deprecation.REMOVED_IN`` names (docs/plugins.md, migrating).
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from tabbench.contract.deprecation import REMOVED_IN
from tabbench.contract.extract import Prediction

#: Set on the methods ``adapt`` wrote: their class, or a parent, was written against 0.1.0's API.
ADAPTED = "__tabbench_first_api__"


def takes_answer(score: Callable[..., Any]) -> bool:
    """Whether a reward's ``score`` method takes the answer: ``(self, example, completion, answer)`` (or
    ``*args``); 0.1.0's took ``(self, example, completion)``."""
    try:
        parameters = list(inspect.signature(score).parameters.values())[1:]
    except (TypeError, ValueError):
        return True
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.name == "answer" for p in parameters)


def adapt(cls: Any) -> None:
    """Adapt reward class ``cls`` (from ``Reward.__init_subclass__``) when it, or a parent, was written against
    0.1.0's API; warn when ``cls`` itself defines the old ``score``. A class of today's API is left as it is."""
    own_score = cls.__dict__.get("score")
    old_score = own_score is not None and not takes_answer(own_score)
    if not old_score and not getattr(getattr(cls, "score", None), ADAPTED, False):
        return
    if old_score:
        warnings.warn(f"reward {cls.__qualname__}: score(self, example, completion) is deprecated since 0.2.0 and "
                      f"stops working in {REMOVED_IN}; use score(self, example, completion, answer) and declare "
                      "the extractor of the answer (Reward.extractor)", DeprecationWarning, stacklevel=4)
        cls.score = _answer_dropped(own_score)
    if "score_batch" in cls.__dict__:
        cls.score_batch = _given_pairs(cls.__dict__["score_batch"])
    elif not getattr(cls.score_batch, ADAPTED, False):  # 0.1.0's default: this class's score on each item
        cls.score_batch = _one_by_one


def _answer_dropped(score: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(score)
    def adapted(self: Any, example: Any, completion: str, answer: Any = None) -> Any:
        return score(self, example, completion)

    setattr(adapted, ADAPTED, True)
    return adapted


def _given_pairs(score_batch: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(score_batch)
    def adapted(self: Any, items: Sequence[Any]) -> Any:
        return score_batch(self, [_pair(item) for item in items])

    setattr(adapted, ADAPTED, True)
    return adapted


def _one_by_one(self: Any, items: Sequence[Any]) -> list[Any]:
    """0.1.0's ``score_batch``: ``score`` on each pair (the host scores each item alone if one raises)."""
    return [self.score(*_pair(item)) for item in items]


setattr(_one_by_one, ADAPTED, True)


def _pair(item: Any) -> tuple[Any, str]:
    return (item.example, item.completion) if isinstance(item, Prediction) else item
