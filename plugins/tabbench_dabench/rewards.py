"""DABench's closed-form scores as rewards: ``dabench-all`` (every sub-answer right: accuracy by question) and
``dabench-proportional`` (the fraction of sub-answers right). Both serve evaluation and GRPO alike.

A question with no response or an empty one is excluded (value ``None``, status ``not_applicable``), as the
official script leaves it out of every denominator; ``strict=true`` scores it 0 instead (status
``parse_fail``). A program-of-thought completion whose program fails scores 0 (``exec_error``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabbench import Example, Option, Reward, Score, Status
from tabbench_dabench.answers import correctness, extract_answers
from tabbench_dabench.program import response_extractor

RESPONSE_MODES = ("pot", "response")


class _DABenchReward(Reward):
    version: ClassVar[str] = "1"
    option_defaults: ClassVar[dict[str, Any]] = {
        "strict": Option(False, type=bool, help="count a missing or empty response wrong instead of excluding it"),
        "mode": Option("pot", choices=RESPONSE_MODES, help="pot: run the completion's program; response: as is"),
        "timeout": Option(60.0, type=float, min=0, min_exclusive=True, help="seconds a program may run"),
        "memory_mb": Option(2048, type=int, min=64, help="a program's address-space limit"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # every declared option's default filled in
        self.extractor = response_extractor(str(self.options["mode"]), float(self.options["timeout"]),
                                            int(self.options["memory_mb"]))

    def value(self, correct: int, total: int) -> float:
        raise NotImplementedError

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        """``answer``: the response (a program's output in ``pot`` mode; ``None`` when the program failed)."""
        labels = example.fields["answers"]
        if str(completion) == "":
            if self.options.get("strict"):
                verdict = correctness("", labels)
                return Score(0.0, Status.PARSE_FAIL, {"correctness": verdict, "correct": 0, "total": len(verdict),
                                                      "reason": "no response (strict: counted wrong)"})
            return Score(None, Status.NOT_APPLICABLE, {"reason": "no response: excluded, as eval_closed_form.py"})
        response = answer
        verdict = correctness(response or "", labels)
        correct, total = sum(verdict.values()), len(verdict)
        details: dict[str, Any] = {"correctness": verdict, "correct": correct, "total": total}
        value = self.value(correct, total)
        if response is None:
            return Score(value, Status.EXEC_ERROR, {**details, "error": "the program failed"})
        if not extract_answers(response):
            return Score(value, Status.PARSE_FAIL, details)
        if correct == total:
            return Score(value, Status.MATCH, details)
        return Score(value, Status.PARTIAL if value > 0 else Status.MISMATCH, details)


class DABenchAll(_DABenchReward):
    """1.0 when every labelled sub-answer is right (the official accuracy by question), else 0.0."""

    name: ClassVar[str] = "dabench-all"
    description: ClassVar[str] = "DABench: 1 when all @name[value] sub-answers are right (accuracy by question)"

    def value(self, correct: int, total: int) -> float:
        return 1.0 if correct == total else 0.0


class DABenchProportional(_DABenchReward):
    """The fraction of labelled sub-answers that are right (the official proportional accuracy)."""

    name: ClassVar[str] = "dabench-proportional"
    description: ClassVar[str] = "DABench: fraction of @name[value] sub-answers right (proportional accuracy)"

    def value(self, correct: int, total: int) -> float:
        return correct / total if total else 0.0
