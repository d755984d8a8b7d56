"""``crtqa-em``: CRT-QA exact match as a reward (1 match, 0 otherwise; ``parse_fail`` when no answer is found).

Options:

- ``normalization``: ``tabbench`` (default; see ``tabbench_crtqa.answers``) or ``sparks`` (the seed paper's
  ``EM_manual``, with its quirks, for comparability with its CRT-QA numbers).
- ``extract``: ``final_answer`` (default: the line after the last ``Final Answer:``, or a JSON ``answer``)
  or ``after_think`` (the seed paper's Qwen rule: all text after the last ``</think>``).
- ``decimals`` (default 2): places to which numbers are rounded before comparing (``tabbench`` only).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabbench import Example, Extractor, Option, Reward, Score, Status
from tabbench_crtqa.answers import exact_match, extract_after_think, extract_answer, sparks_em

NORMALIZATIONS = ("tabbench", "sparks")


def _final_answer(example: Example, completion: str) -> str | None:
    return extract_answer(completion)


def _after_think(example: Example, completion: str) -> str | None:
    return extract_after_think(completion)


#: The two readings of a completion, as named extractors (the benchmark records ``final_answer``).
EXTRACTIONS = {"final_answer": Extractor("crtqa:final_answer", _final_answer),
               "after_think": Extractor("crtqa:after_think", _after_think)}


class CRTQAExactMatch(Reward):
    """Exact match of the extracted answer against CRT-QA's ``Answer`` under a documented normalisation."""

    name = "crtqa-em"
    version = "1"
    description = "CRT-QA exact match (tabbench normalisation, or the seed paper's with normalization=sparks)"

    option_defaults: ClassVar[dict[str, Any]] = {
        "normalization": Option("tabbench", str, choices=NORMALIZATIONS),
        "extract": Option("final_answer", str, choices=tuple(EXTRACTIONS)), "decimals": Option(2, int, min=0, max=15),
    }

    def __init__(self, *, normalization: str = "tabbench", extract: str = "final_answer", decimals: int = 2,
                 **options: Any) -> None:
        super().__init__(normalization=normalization, extract=extract, decimals=decimals, **options)
        self.normalization, self.extract, self.decimals = normalization, extract, int(decimals)
        self.extractor = EXTRACTIONS[extract]

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        if example.gold is None:
            return Score(None, Status.NOT_APPLICABLE, {"not_applicable": "example has no gold answer"})
        if answer is None:
            return Score(0.0, Status.PARSE_FAIL, {"answer": None})
        if self.normalization == "sparks":
            ok = sparks_em(answer, example.gold)
        else:
            ok = exact_match(answer, example.gold, self.decimals)
        return Score(1.0 if ok else 0.0, Status.MATCH if ok else Status.MISMATCH,
                     {"answer": answer, "gold": example.gold})
