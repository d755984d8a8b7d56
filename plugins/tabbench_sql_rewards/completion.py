"""Reading completions the way the seed papers' reward code does.

These parsers are part of each paper's reward formula (SQL-R1 looks for its tags and the last ```sql block
inside ``<answer>``; the sparks paper takes the last ```sql block anywhere), so they live with the rewards
rather than in the benchmark. They never raise and never execute anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SQL_BLOCK = re.compile(r"```sql(.*?)```", re.DOTALL | re.IGNORECASE)
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL)
_TAGS = ("<think>", "</think>", "<answer>", "</answer>")


def last_sql_block(text: str) -> str | None:
    """The content of the last ```sql ... ``` block, stripped; ``None`` when there is none or it is blank."""
    blocks = _SQL_BLOCK.findall(text or "")
    if not blocks:
        return None
    sql = blocks[-1].strip()
    return sql or None


@dataclass(frozen=True)
class TaggedAnswer:
    """SQL-R1's view of a completion: the format verdict and the pieces its length term measures."""

    format_ok: bool
    think: str
    answer: str
    sql: str | None
    reason: str = ""


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
