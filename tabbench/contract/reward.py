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

Rewards written against 0.1.0's API are adapted once, when their class is defined
(``tabbench.contract.first_api``); nothing below knows that API.

Options: a reward declares them in ``option_defaults`` (see ``tabbench.contract.options``) or as keyword
parameters of ``__init__``; ``tabbench.get_reward`` checks what a user gives against that declaration.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, overload

from tabbench.contract import first_api
from tabbench.contract.deprecation import deprecated
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
        first_api.adapt(cls)  # a reward of an older API is adapted here, once, at the edge

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
        """Score many predictions; the default calls ``score`` on each, never raising."""
        return [score_one(self, item) for item in items]

    def executed_query(self, example: Example, answer: str) -> str:
        """The query this reward executes for the predicted SQL ``answer`` of ``example`` (``limits`` set): the
        answer itself, unless the reward rewrites it first."""
        return answer

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, options={self.options!r})"


def declared_options(reward: type[Reward] | Reward) -> dict[str, Option] | None:
    """The options a reward class accepts, with their types (``tabbench.contract.options.plugin_options``);
    ``None`` when the reward declares none (it takes any option)."""
    return plugin_options(reward if isinstance(reward, type) else type(reward), Reward)


def reward_error(exc: BaseException | str) -> Score:
    """The score of a sample on which the reward itself failed (a bug to report, never an exception)."""
    text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    return Score(0.0, Status.REWARD_ERROR, {"error": text})


def score_one(reward: Reward, prediction: Prediction) -> Score:
    """``reward.score`` on one prediction; an exception (or a result that is not a ``Score``) becomes
    ``reward_error``."""
    try:
        score = reward.score(prediction.example, prediction.completion, prediction.answer)
    except SandboxUnavailableError:
        raise  # no sample can be scored on this machine: stop the run with the one-line reason
    except Exception as exc:
        return reward_error(exc)
    return score if isinstance(score, Score) else reward_error(f"score returned {type(score).__name__}, not a Score")


@overload
def safe_score(reward: Reward, prediction: Prediction) -> Score: ...
@overload
@deprecated("safe_score(reward, example, completion) is 0.1.0's form: use safe_score(reward, Prediction(example, "
            "completion))", category=None)
def safe_score(reward: Reward, prediction: Example, completion: str) -> Score: ...
def safe_score(reward: Reward, prediction: Prediction | Example, completion: str | None = None) -> Score:
    """``score_one``, the public name: score one prediction, never raising. 0.1.0's form ``safe_score(reward,
    example, completion)`` is adapted here, at the public edge (no answer: a reward that declares an extractor
    then finds none); type checkers flag it (PEP 702)."""
    if not isinstance(prediction, Prediction):
        prediction = Prediction(prediction, completion if isinstance(completion, str) else "")
    return score_one(reward, prediction)


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
    item is scored alone (``score_one``), so one bad sample costs one sample; an element that is not a
    ``Score`` becomes ``reward_error``.
    """
    samples = samples_of(items)
    if not samples:
        return []
    preds = predictions(reward, samples)
    try:
        batch = list(reward.score_batch(preds))
        if len(batch) != len(preds):
            raise ValueError(f"score_batch returned {len(batch)} scores for {len(preds)} items")
    except SandboxUnavailableError:
        raise
    except Exception:
        batch = [score_one(reward, p) for p in preds]
    return [_with_answer(s, p) if isinstance(s, Score)
            else reward_error(f"score_batch returned {type(s).__name__}, not a Score")
            for s, p in zip(batch, preds, strict=True)]


def _with_answer(score: Score, prediction: Prediction) -> Score:
    if score.answer is not None or prediction.answer is None:
        return score
    return replace(score, answer=answer_text(prediction.answer))
