"""The base class every reward plugin subclasses.

A reward turns ``(example, completion)`` into a ``Score``. The same object is a metric in ``tabbench eval``
and a reward in a trainer (see ``tabbench.adapters``), so the number a model is trained on is the number
it is judged by. Rewards must be picklable (they run in worker processes and inside TRL) and must never
raise. Every caller in tabbench (evaluation, both trainer adapters, the audit, composite rewards) scores
through the one function ``score_batch(reward, items)``, which turns any failure into ``reward_error`` scores
(one per item) instead of an exception, so evaluation and training cannot disagree about a failure.

Options: a reward declares them in ``option_defaults`` (see ``tabbench.contract.options``) or as keyword
parameters of ``__init__``; ``tabbench.get_reward`` checks what a user gives against that declaration.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from tabbench.contract.errors import SandboxUnavailableError
from tabbench.contract.options import Option, declared, signature_options
from tabbench.contract.types import Example, Score, Status

T = TypeVar("T")


class Reward(ABC):
    """Subclass, set ``name``/``version``/``description`` and implement ``score``.

    Options arrive as keyword arguments (from a benchmark's ``MetricSpec``, from the benchmark's own options
    through ``Benchmark.metric_options``, or from ``--reward-option`` in a trainer); keep them in
    ``self.options`` so results can record them. Declare them in ``option_defaults`` (or as keyword
    parameters of ``__init__``) so the host can type-check them and pass ``--timeout`` to you.
    Override ``score_batch`` when scoring many completions at once is cheaper (shared gold results,
    deduplicated predictions). In evaluation the completion carries the answer the benchmark's ``extract``
    found: read it with ``answer_of(completion, your_extractor)`` so the answer is extracted once.
    """

    name: ClassVar[str]
    version: ClassVar[str] = "1"
    description: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True
    option_defaults: ClassVar[dict[str, Any]] = {}

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


def declared_options(reward: type[Reward] | Reward) -> dict[str, Option] | None:
    """The options a reward class accepts, with their types: ``option_defaults``, else the keyword parameters
    of its ``__init__``; ``None`` when the reward declares neither (it takes any option)."""
    cls = reward if isinstance(reward, type) else type(reward)
    if cls.option_defaults:
        return declared(cls.option_defaults)
    return signature_options(cls, Reward)


def reward_error(exc: BaseException | str) -> Score:
    """The score of a sample on which the reward itself failed (a bug to report, never an exception)."""
    text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    return Score(0.0, Status.REWARD_ERROR, {"error": text})


def safe_score(reward: Reward, example: Example, completion: str) -> Score:
    """Call ``reward.score``; an exception (or a result that is not a ``Score``) becomes ``reward_error``."""
    try:
        score = reward.score(example, completion)
    except SandboxUnavailableError:
        raise  # no sample can be scored on this machine: stop the run with the one-line reason
    except Exception as exc:
        return reward_error(exc)
    return score if isinstance(score, Score) else reward_error(f"score returned {type(score).__name__}, not a Score")


def score_batch(reward: Reward, items: Sequence[tuple[Example, str]],
                answers: Sequence[str | None] | None = None) -> list[Score]:
    """Score ``items`` with ``reward``; never raises, always one ``Score`` per item.

    ``answers`` (one per item) are what the benchmark's ``extract`` returned: they travel with the completions
    (``answer_of``) so a reward scores exactly that answer. When ``reward.score_batch`` raises or returns the
    wrong number of scores, each item is scored alone (``safe_score``), so one bad sample costs one sample; an
    element that is not a ``Score`` becomes ``reward_error``.
    """
    if answers is not None:
        items = [(e, Completion(c, a)) for (e, c), a in zip(items, answers, strict=True)]
    if not items:
        return []
    try:
        batch = list(reward.score_batch(items))
        if len(batch) != len(items):
            raise ValueError(f"score_batch returned {len(batch)} scores for {len(items)} items")
    except Exception:
        return [safe_score(reward, example, completion) for example, completion in items]
    return [s if isinstance(s, Score) else reward_error(f"score_batch returned {type(s).__name__}, not a Score")
            for s in batch]


class Completion(str):
    """A completion's text carrying the answer its benchmark extracted (``answer``), as evaluation passes it."""

    answer: str | None

    def __new__(cls, text: str, answer: str | None) -> Completion:
        self = super().__new__(cls, text if isinstance(text, str) else "")
        self.answer = answer
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Completion, (str(self), self.answer))


def answer_of(completion: str, extract: Callable[[str], T]) -> T | str | None:
    """The answer to score: the benchmark's extraction when evaluation attached one, else ``extract(completion)``
    (trainers, which have no benchmark at hand)."""
    if isinstance(completion, Completion):
        return completion.answer
    return extract(completion)
