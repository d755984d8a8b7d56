"""The base class every reward plugin subclasses.

A reward turns ``(example, completion, answer)`` into a ``Score``. The answer is read out of the completion
by the host, once per sample, with the extractor the reward declares (``Reward.extractor``; see
``tabbench.contract.extract``): ten metrics of one sample never parse it ten times, and every score records
the answer it used (``Score.answer``). The same object is a metric in ``tabbench eval`` and a reward in a
trainer (see ``tabbench.adapters``), so the number a model is trained on is the number it is judged by.
Rewards must be picklable (they run in worker processes and inside TRL) and must never raise. Every caller
in tabbench (evaluation, both trainer adapters, TAO, the audit, composite rewards) scores through the one
function ``score_batch(reward, items)``, which extracts the answers, turns any failure into ``reward_error``
scores (one per item) instead of an exception, so evaluation and training cannot disagree about a failure.

Rewards written against 0.1.0, before the answer was passed (``score(self, example, completion)``,
``score_batch`` over ``(example, completion)`` pairs), keep working until 0.3.0 with a ``DeprecationWarning``
when their class is defined: ``score_batch`` recognises them by the signature of their ``score`` and calls
them the old way (docs/api.md; docs/plugins.md for the migration).

Options: a reward declares them in ``option_defaults`` (see ``tabbench.contract.options``) or as keyword
parameters of ``__init__``; ``tabbench.get_reward`` checks what a user gives against that declaration.
"""

from __future__ import annotations

import inspect
import warnings
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar

from tabbench.contract.errors import SandboxUnavailableError
from tabbench.contract.extract import Extractor, Prediction, SampleAnswers, answer_text
from tabbench.contract.options import Option, check_options, plugin_options
from tabbench.contract.types import Example, Score, Status

#: What ``score_batch`` accepts as an item: a pair, a sample the host already holds, or a prediction.
Item = tuple[Example, str] | SampleAnswers | Prediction


class Reward(ABC):
    """Subclass, set ``name``/``version``/``description``, declare ``extractor`` and implement ``score``.

    ``extractor`` names how the answer is read (``tabbench.sql.sql_extractor("auto")``, a benchmark's own
    ``Extractor``...); ``score`` receives its answer, computed once per sample by the host and shared with
    every other reward that declares the same extractor. ``None`` (the default): the reward reads the
    completion itself and its answer is ``None``. An instance may set ``self.extractor`` in ``__init__``
    when an option chooses it. Options arrive as keyword arguments (from a benchmark's ``MetricSpec``, from
    the benchmark's own options through ``Benchmark.metric_options``, or from ``--reward-option``). Declare them
    in ``option_defaults`` (or as keyword parameters of ``__init__``) so the host can type-check them and pass
    ``--timeout`` to you; the base class keeps them in ``self.options`` with every declared option's default
    filled in, and results record that.
    Override ``score_batch`` when scoring many predictions at once is cheaper (shared gold results,
    deduplicated predictions).
    """

    name: ClassVar[str]
    version: ClassVar[str] = "1"
    description: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True
    option_defaults: ClassVar[dict[str, Any]] = {}
    extractor: Extractor | None = None
    limits: Any = None
    """A reward that executes predicted SQL: the bounds it runs them under (``tabbench.sql.Limits``; ``None``:
    it executes nothing). The self-consistency vote then executes the candidates as this reward does
    (``executed_query``, these limits, the run's result store), so each distinct query runs once per run."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "score" in cls.__dict__ and not takes_answer(cls):
            warnings.warn(f"reward {cls.__qualname__}: score(self, example, completion) is deprecated since 0.2.0 "
                          "and stops working in 0.3.0; use score(self, example, completion, answer) and declare "
                          "the extractor of the answer (Reward.extractor)", DeprecationWarning, stacklevel=3)

    def __init__(self, **options: Any) -> None:
        """Keep ``options``, checked against the declaration (one line naming the reward, the key and what is
        expected; the same check as every plugin kind's), with every declared option's default filled in: the
        reward reads ``self.options[KEY]`` for any option it declares, and results record what it ran with."""
        declaration = declared_options(type(self))
        if declaration is None:
            self.options = dict(options)
            return
        checked = check_options(f"reward {self.name!r}", declaration, options)
        self.options = {**{key: option.default for key, option in declaration.items()}, **checked}

    @abstractmethod
    def score(self, example: Example, completion: str, answer: Any) -> Score:
        """Score one completion whose ``answer`` the declared extractor found (``None``: none was found, or no
        extractor is declared). ``value`` is ``None`` only when the gold side failed."""

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        """Score many predictions; the default calls ``score`` on each, never raising. (A reward of the first
        API receives ``(example, completion)`` pairs here.)"""
        return [safe_score(self, item if isinstance(item, Prediction) else Prediction(*item)) for item in items]

    def executed_query(self, example: Example, answer: str) -> str:
        """The query this reward executes for the predicted SQL ``answer`` of ``example`` (``limits`` set): the
        answer itself, unless the reward rewrites it first."""
        return answer

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, options={self.options!r})"


@cache
def takes_answer(cls: type[Reward]) -> bool:
    """True for a reward whose ``score`` takes the answer; False for one written against the first API,
    ``score(self, example, completion)``, which the host calls with ``(example, completion)`` pairs."""
    try:
        parameters = list(inspect.signature(cls.score).parameters.values())[1:]
    except (TypeError, ValueError):
        return True
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.name == "answer" for p in parameters)


def declared_options(reward: type[Reward] | Reward) -> dict[str, Option] | None:
    """The options a reward class accepts, with their types (``tabbench.contract.options.plugin_options``);
    ``None`` when the reward declares none (it takes any option)."""
    return plugin_options(reward if isinstance(reward, type) else type(reward), Reward)


def reward_error(exc: BaseException | str) -> Score:
    """The score of a sample on which the reward itself failed (a bug to report, never an exception)."""
    text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    return Score(0.0, Status.REWARD_ERROR, {"error": text})


def safe_score(reward: Reward, prediction: Prediction | Example, completion: str | None = None) -> Score:
    """Call ``reward.score`` on ``prediction``; an exception (or a result that is not a ``Score``) becomes
    ``reward_error``. ``safe_score(reward, example, completion)``, the first API's form, still works (no
    answer: a reward that declares an extractor then finds none)."""
    if not isinstance(prediction, Prediction):
        prediction = Prediction(prediction, completion if isinstance(completion, str) else "")
    try:
        if takes_answer(type(reward)):
            score = reward.score(prediction.example, prediction.completion, prediction.answer)
        else:
            score = reward.score(prediction.example, prediction.completion)  # type: ignore[call-arg]
    except SandboxUnavailableError:
        raise  # no sample can be scored on this machine: stop the run with the one-line reason
    except Exception as exc:
        return reward_error(exc)
    return score if isinstance(score, Score) else reward_error(f"score returned {type(score).__name__}, not a Score")


def samples_of(items: Sequence[Item]) -> list[SampleAnswers]:
    """The samples behind ``items``: a pair becomes a new sample, a prediction gives its own."""
    out = []
    for item in items:
        if isinstance(item, SampleAnswers):
            out.append(item)
        elif isinstance(item, Prediction):
            out.append(item.sample())
        else:
            example, completion = item
            out.append(SampleAnswers(example, completion))
    return out


def predictions(reward: Reward, samples: Sequence[SampleAnswers]) -> list[Prediction]:
    """What ``reward`` scores for each sample: its extractor's answer, computed once per sample."""
    extractor = reward.extractor
    return [Prediction(s.example, s.completion, s.get(extractor), s) for s in samples]


def score_batch(reward: Reward, items: Sequence[Item]) -> list[Score]:
    """Score ``items`` with ``reward``; never raises, always one ``Score`` per item.

    Items are ``(example, completion)`` pairs, or the ``SampleAnswers``/``Prediction`` of samples whose answers
    are shared with other rewards (evaluation passes one ``SampleAnswers`` per sample to every metric). The
    reward's extractor runs at most once per sample; each score records the answer it used (``Score.answer``,
    unless the reward set one). When ``reward.score_batch`` raises or returns the wrong number of scores, each
    item is scored alone (``safe_score``), so one bad sample costs one sample; an element that is not a
    ``Score`` becomes ``reward_error``. A reward written against the first API receives
    ``(example, completion)`` pairs and no answer.
    """
    samples = samples_of(items)
    if not samples:
        return []
    modern = takes_answer(type(reward))
    preds = predictions(reward, samples) if modern else [Prediction(s.example, s.completion, None, s)
                                                          for s in samples]
    batch_items: list[Any] = preds if modern else [(p.example, p.completion) for p in preds]
    try:
        batch = list(reward.score_batch(batch_items))
        if len(batch) != len(preds):
            raise ValueError(f"score_batch returned {len(batch)} scores for {len(preds)} items")
    except SandboxUnavailableError:
        raise
    except Exception:
        batch = [safe_score(reward, p) for p in preds]
    return [_with_answer(s, p) if isinstance(s, Score)
            else reward_error(f"score_batch returned {type(s).__name__}, not a Score")
            for s, p in zip(batch, preds, strict=True)]


def _with_answer(score: Score, prediction: Prediction) -> Score:
    if score.answer is not None or prediction.answer is None:
        return score
    return replace(score, answer=answer_text(prediction.answer))
