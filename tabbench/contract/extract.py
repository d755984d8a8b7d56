"""Named extractors and the per-sample answers the host computes once.

The answer is read out of a completion once per sample by the host, not once per metric: a reward declares
the ``Extractor`` whose answer it scores (``Reward.extractor``), a benchmark the one its records show
(``Benchmark.extractor``), and the host keeps one ``SampleAnswers`` per sample, in which each extractor runs
at most once, whichever rewards ask for it (evaluation, the TRL and verl adapters, TAO). A TableBench
program-of-thought answer is so run once in the sandbox for all ten of its metrics.

An extractor is identified by its key: two extractors that give the same ``key(example)`` must return the
same value for that example (``sql_extractor("auto")`` built twice is the same extractor). Most keys are the
name; an extractor that reads different things for different examples (a chart program for chart questions,
the final answer line otherwise) says so through ``key``, so that what two rewards share is computed once.

An extractor that runs model-written code in the sandbox says so (``runs_code``): before a run generates, the
host asks the extractors it will run on the run's examples, and when one would run code on a machine without
the kernel sandbox the run stops at once, not after the completions are generated.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tabbench.contract.errors import SandboxUnavailableError
from tabbench.contract.types import Example


class Extractor:
    """A named way to read the answer out of a completion: ``function(example, completion) -> answer``.

    It reads the completion and the example's fields, never its gold (the answer is the model's whatever
    the reference; a trainer that scores against a pseudo-label reuses the answers). The answer is
    ``str | None`` for most extractors; a richer one (an SQL-R1 tag parse, a program's run)
    exposes the answer as text in a ``text`` attribute, which is what scores and records show. The function
    must be picklable (a module-level function or a ``functools.partial`` of one): rewards travel to worker
    processes and into trainers with their extractor. It may raise: the host then scores the sample as
    having no answer (``None``), except for ``SandboxUnavailableError``, which stops the run.

    ``runs_code``: whether reading an answer runs model-written code in the sandbox (``tabbench.sandbox``), for
    every example (``True``) or for those a picklable predicate accepts (a PoT question, a chart question).
    """

    def __init__(self, name: str, function: Callable[[Example, str], Any], *,
                 runs_code: bool | Callable[[Example], bool] = False) -> None:
        self.name = name
        self.function = function
        self._runs_code = runs_code

    def key(self, example: Example) -> Hashable:
        """What identifies this extractor's answer for ``example`` in the per-sample cache (its name)."""
        return self.name

    def runs_code(self, example: Example) -> bool:
        """Whether reading ``example``'s answer runs model-written code (the run then needs the sandbox)."""
        return self._runs_code(example) if callable(self._runs_code) else bool(self._runs_code)

    def __call__(self, example: Example, completion: str) -> Any:
        return self.function(example, completion)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class PerExample(Extractor):
    """An extractor that delegates, example by example, to the one ``choose(example)`` names (a benchmark
    whose chart questions answer with a program and whose other questions with a line of text). Its key for
    an example is the chosen extractor's, so the answer is shared with every reward that uses that one; no
    extractor chosen is no answer."""

    def __init__(self, name: str, choose: Callable[[Example], Extractor | None]) -> None:
        super().__init__(name, self._extract)
        self.choose = choose

    def _extract(self, example: Example, completion: str) -> Any:
        chosen = self.choose(example)
        return None if chosen is None else chosen(example, completion)

    def key(self, example: Example) -> Hashable:
        chosen = self.choose(example)
        return (self.name, None) if chosen is None else chosen.key(example)

    def runs_code(self, example: Example) -> bool:
        chosen = self.choose(example)
        return chosen is not None and chosen.runs_code(example)

    def __call__(self, example: Example, completion: str) -> Any:
        return self._extract(example, completion)


def runs_code(extractors: Iterable[Extractor | None], examples: Iterable[Example]) -> bool:
    """Whether any of ``extractors`` runs model-written code on any of ``examples`` (``None``: no extractor)."""
    chosen = [extractor for extractor in extractors if extractor is not None]
    return any(extractor.runs_code(example) for example in examples for extractor in chosen)


def answer_text(answer: Any) -> str | None:
    """An extractor's answer as text, for scores and records: a string as is, else its ``text`` attribute."""
    if answer is None or isinstance(answer, str):
        return answer
    text = getattr(answer, "text", None)
    return text if isinstance(text, str) else None


class SampleAnswers:
    """One sample (an example and its completion) with the answers extracted from it so far.

    ``get(extractor)`` computes an extractor's answer the first time it is asked for and returns the same
    value after that. The host makes one per sample and hands it to every reward that scores the sample;
    ``memo`` lets samples of the same completion share their answers (the trainer adapters keep one per
    example and completion across reward functions).
    """

    def __init__(self, example: Example, completion: str, memo: dict[Hashable, Any] | None = None) -> None:
        self.example = example
        self.completion = completion if isinstance(completion, str) else ""
        self._answers: dict[Hashable, Any] = {} if memo is None else memo

    def get(self, extractor: Extractor | None) -> Any:
        """``extractor``'s answer for this sample (``None`` for no extractor, or when extraction failed)."""
        if extractor is None:
            return None
        key = extractor.key(self.example)
        if key not in self._answers:
            try:
                self._answers[key] = extractor(self.example, self.completion)
            except SandboxUnavailableError:
                raise  # no program can run on this machine: stop the run, not one sample
            except Exception:
                self._answers[key] = None
        return self._answers[key]

    def __repr__(self) -> str:
        return f"SampleAnswers({self.example.id!r}, {len(self._answers)} answers)"


@dataclass(frozen=True)
class Prediction:
    """What a reward scores: the example, the completion, and the answer its ``extractor`` found.

    ``answers`` is the sample's shared cache: a reward that delegates to another passes the prediction on
    (``tabbench.score_batch(other, predictions)``) and the other's extractor then also runs once per sample.
    """

    example: Example
    completion: str
    answer: Any = None
    answers: SampleAnswers | None = field(default=None, repr=False, compare=False)

    def sample(self) -> SampleAnswers:
        """The sample behind this prediction (a fresh one when it was built by hand)."""
        return self.answers if self.answers is not None else SampleAnswers(self.example, self.completion)
