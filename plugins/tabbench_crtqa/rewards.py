"""``crtqa-em``: CRT-QA exact match as a reward (1 match, 0 otherwise; ``parse_fail`` when no answer is found).

Options:

- ``normalization``: ``tabbench`` (default; see ``tabbench_crtqa.answers``) or ``sparks`` (the seed paper's
  ``EM_manual``, with its quirks, for comparability with its CRT-QA numbers).
- ``extract``: ``final_answer`` (default: the line after the last ``Final Answer:``, or a JSON ``answer``)
  or ``after_think`` (the seed paper's Qwen rule: all text after the last ``</think>``).
- ``decimals`` (default 2): places to which numbers are rounded before comparing (``tabbench`` only).
"""

from __future__ import annotations

from typing import Any

from tabbench import ConfigError, Example, Extractor, Reward, Score, Status
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

    def __init__(self, *, normalization: str = "tabbench", extract: str = "final_answer", decimals: int = 2,
                 **options: Any) -> None:
        super().__init__(normalization=normalization, extract=extract, decimals=decimals, **options)
        if normalization not in NORMALIZATIONS:
            raise ConfigError(f"crtqa-em: normalization={normalization!r}: choose {' or '.join(NORMALIZATIONS)}")
        if extract not in EXTRACTIONS:
            raise ConfigError(f"crtqa-em: extract={extract!r}: choose {' or '.join(EXTRACTIONS)}")
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
