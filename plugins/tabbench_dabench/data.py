"""Readers for InfiAgent-DABench's released files (``examples/DA-Agent/data/`` of InfiAgent/InfiAgent)::

    <root>/da-dev-questions.jsonl  {"id", "question", "concepts", "constraints", "format", "file_name", "level"}
    <root>/da-dev-labels.jsonl     {"id", "common_answers": [[name, value], ...]}
    <root>/da-dev-tables/<file_name>.csv

Every problem is a ``DataError`` naming the file and the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabbench import DataError, read_jsonl

QUESTIONS = "da-dev-questions.jsonl"
LABELS = "da-dev-labels.jsonl"
TABLES = "da-dev-tables"
QUESTION_KEYS = ("id", "question", "constraints", "format", "file_name")


def read_dataset(root: Path) -> list[tuple[dict[str, Any], list[list[str]]]]:
    """(question, labelled answers) pairs in question-file order; each question's CSV must exist."""
    questions = read_jsonl(root / QUESTIONS, "questions")
    labels: dict[int, list[list[str]]] = {}
    for number, row in read_jsonl(root / LABELS, "labels"):
        answers = row.get("common_answers")
        if not isinstance(answers, list) or not all(
                isinstance(a, list) and len(a) == 2 and all(isinstance(x, str) for x in a) for a in answers):
            raise DataError(f"{root / LABELS}:{number}: 'common_answers' must be a list of [name, value] strings")
        labels[row.get("id")] = answers  # type: ignore[index]
    out = []
    for number, row in questions:
        for key in QUESTION_KEYS:
            if key not in row:
                raise DataError(f"{root / QUESTIONS}:{number}: question has no {key!r}")
        if row["id"] not in labels:
            raise DataError(f"{root / QUESTIONS}:{number}: question id {row['id']!r} has no label in {root / LABELS}")
        table = root / TABLES / str(row["file_name"])
        if not table.is_file():
            raise DataError(f"{root / QUESTIONS}:{number}: table {table} is missing")
        out.append((row, labels[row["id"]]))
    return out


def read_responses(path: Path) -> dict[str, str]:
    """An official responses file (JSONL ``{"id", "response"}``) as {id: response}, the way the official script
    pairs them: lines without an ``id`` are ignored, and of several lines for one id the first with a
    non-empty response counts (a missing, ``null`` or empty response is ``""``)."""
    responses: dict[str, str] = {}
    for number, row in read_jsonl(path, "responses"):
        if "id" not in row:
            continue
        response = row.get("response")
        if response is not None and not isinstance(response, str):
            raise DataError(f"{path}:{number}: 'response' must be a string")
        key = str(row["id"])
        if not responses.get(key):
            responses[key] = response or ""
    return responses
