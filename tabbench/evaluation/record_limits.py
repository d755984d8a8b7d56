"""Bounded sample records: what one sample stores, whatever a model (or its program) printed.

A PoT program that prints a megabyte made that megabyte the extracted answer, and every metric's details
repeated it (answer, pred): a 14 MB record. A record now keeps the answer once, cut at ``ANSWER_CHARS``
with a marker that gives the full size in bytes; a metric's details and answer refer to the record's
answer instead of repeating a long one, and any other long string in details is cut at ``DETAIL_CHARS`` the same way.
Scores (value, status) are never touched, so aggregation is unchanged.
"""

from __future__ import annotations

from typing import Any

ANSWER_CHARS = 10_000
DETAIL_CHARS = 1_000
SAME_AS_ANSWER = "<the record's answer>"


def truncate(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with a marker saying how many bytes the whole had."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}…[truncated: {len(text.encode('utf-8', 'surrogatepass'))} bytes in all]"


def bounded(answer: str | None, scores: dict[str, dict[str, Any]]) -> tuple[str | None, dict[str, dict[str, Any]]]:
    """The record's ``answer`` and per-metric ``scores`` (``Score.to_json()`` dicts) within the limits."""
    return (None if answer is None else truncate(answer, ANSWER_CHARS),
            {metric: _score(score, answer) for metric, score in scores.items()})


def _score(score: dict[str, Any], answer: str | None) -> dict[str, Any]:
    bounded = {**score, "details": _details(score.get("details"), answer)}
    if "answer" in score:
        bounded["answer"] = _details(score["answer"], answer)
    return bounded


def _details(value: Any, answer: str | None) -> Any:
    if isinstance(value, str):
        if answer is not None and len(value) > DETAIL_CHARS and value == answer:
            return SAME_AS_ANSWER
        return truncate(value, DETAIL_CHARS)
    if isinstance(value, dict):
        return {key: _details(item, answer) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_details(item, answer) for item in value]
    return value
