"""The official script's result tables, from a run's per-sample scores (``results.json`` extension
``dabench.official``): accuracy by sub-question, by concept (a question counts under each of its concepts), by
number of concepts and for two or more concepts, all over the questions that have a response, rounded to 4
places as upstream prints them. Nothing is re-scored here: a question is right when the ``dabench-all`` reward
scored it 1, and the sub-answer counts are that reward's details. Accuracy by question and proportional accuracy
are the benchmark's metrics; the host aggregates them once, and the hook copies them into the table.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any


def _ratio(correct: float, total: float) -> float:
    return round(correct / total, 4) if total else 0.0


def official_tables(samples: Iterable[tuple[dict[str, Any], list[str]]], *, strict: bool = False) -> dict[str, Any]:
    """``samples``: (the ``accuracy_by_question`` score as recorded, the question's concepts). A sample the
    reward excluded (value ``None``: no response, not in strict mode) is left out, as upstream leaves it out."""
    answered: list[tuple[bool, dict[str, Any], list[str]]] = []
    excluded = 0
    for score, concepts in samples:
        if score.get("value") is None:
            excluded += 1
            continue
        answered.append((score["value"] == 1.0, score.get("details") or {}, concepts))
    by_concept: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_count: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for ok, _, concepts in answered:
        for concept in concepts:
            by_concept[concept][0] += ok
            by_concept[concept][1] += 1
        by_count[len(concepts)][0] += ok
        by_count[len(concepts)][1] += 1
    several = [ok for ok, _, concepts in answered if len(concepts) >= 2]
    return {
        "accuracy_by_sub_question": _ratio(sum(d.get("correct", 0) for _, d, _ in answered),
                                           sum(d.get("total", 0) for _, d, _ in answered)),
        "concept_accuracy": {k: _ratio(*v) for k, v in by_concept.items()},
        "concept_count_accuracy": {str(k): _ratio(*v) for k, v in sorted(by_count.items())},
        "two_or_more_concepts_accuracy": _ratio(sum(several), len(several)) if several else None,
        "questions": len(answered),
        "excluded_no_response": excluded,
        "strict": strict,
    }


def record_concepts(meta: dict[str, Any]) -> list[str]:
    """The concepts a sample record carries (``meta["concepts"]``, a JSON list)."""
    try:
        value = json.loads(meta.get("concepts") or "[]")
    except ValueError:
        return []
    return [str(c) for c in value] if isinstance(value, list) else []
