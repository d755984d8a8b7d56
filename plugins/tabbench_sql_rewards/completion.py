"""Reading completions the way the seed papers' reward code does.

SQL-R1's tag check is part of its reward formula, so it lives with the rewards, as the named extractor
``sqlr1_extractor(prefilled_think)``; the SQL inside its answer is read by the host's one SQL extractor in
``block`` mode (the last ```sql block, as the papers' code reads it). It never raises and never executes
anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, partial

from tabbench import Example, Extractor
from tabbench.sql import last_sql_block

_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL)
_TAGS = ("<think>", "</think>", "<answer>", "</answer>")


@dataclass(frozen=True)
class TaggedAnswer:
    """SQL-R1's view of a completion: the format verdict and the pieces its length term measures."""

    format_ok: bool
    think: str
    answer: str
    sql: str | None
    reason: str = ""

    @property
    def text(self) -> str | None:
        """The answer as text (what scores record): the SQL of the answer."""
        return self.sql


def parse_think_answer(text: str, prefilled_think: bool = False) -> TaggedAnswer:
    """SQL-R1's format check: ``<think>``, ``</think>``, ``<answer>``, ``</answer>`` exactly once each, in that
    order, and a ```sql block inside the answer; the SQL is the answer's last ```sql block.

    ``prefilled_think`` is for prompts that end with ``<think>`` (SQL-R1's training template): the opening tag
    then belongs to the prompt, and a model that writes another one breaks the format, as in SQL-R1.
    """
    text = text or ""
    if prefilled_think:
        text = "<think>" + text
    counts = {tag: text.count(tag) for tag in _TAGS}
    think_match = list(_THINK.finditer(text))
    answer_match = list(_ANSWER.finditer(text))
    think = think_match[-1].group(1) if think_match else ""
    answer = answer_match[-1].group(1) if answer_match else ""
    sql = last_sql_block(answer)
    if any(count != 1 for count in counts.values()):
        bad = ", ".join(f"{tag}x{count}" for tag, count in counts.items() if count != 1)
        return TaggedAnswer(False, think, answer, sql, f"each tag must appear once ({bad})")
    positions = [text.index(tag) for tag in _TAGS]
    if positions != sorted(positions):
        return TaggedAnswer(False, think, answer, sql, "tags out of order")
    if sql is None:
        return TaggedAnswer(False, think, answer, sql, "no ```sql block inside <answer>")
    return TaggedAnswer(True, think, answer, sql)


def _parse(example: Example, completion: str, prefilled_think: bool) -> TaggedAnswer:
    return parse_think_answer(completion if isinstance(completion, str) else "", prefilled_think)


@cache
def sqlr1_extractor(prefilled_think: bool = False) -> Extractor:
    """SQL-R1's reading of a completion (``parse_think_answer``) as a named extractor."""
    return Extractor(f"sqlr1-tags:{'prefilled' if prefilled_think else 'plain'}",
                     partial(_parse, prefilled_think=prefilled_think))
