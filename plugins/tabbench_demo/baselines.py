"""Baselines that read no table and copy no value, so the demo board shows what training actually taught.

- Text-to-SQL (``demo-bird``, ``demo-spider``): **the right skeleton with a value from training**. For each
  held-out question, take its gold SQL's skeleton (every string and number literal replaced by a placeholder)
  and answer with the most common training SQL of that skeleton (ties: the first in sorted order). The
  skeleton is given away, so this isolates the one thing a held-out combination asks for that training cannot
  answer: copying the question's values. A model at or below it has learnt templates, not copying.
- Table QA (``demo-tablebench``, ``demo-crtqa``): **the majority training answer for the question**, table
  unseen: the most common training answer for the same question text; for a text never seen in training, the
  most common training answer among questions with the same first word ("Is ..." -> yes/no, "How many ..." ->
  a count); else the most common training answer. A model at or below it has not learnt to read the table.

The answers are written as predictions files (``{"id", "completion"}``, the completion in the benchmark's own
gold format, ``Benchmark.gold_completion``) and scored by ``tabbench score``: the benchmarks' own reward plugins,
the same ones that score the model (DESIGN.md's one rule). Nothing here computes a metric.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import tabbench
from tabbench import Example

SQL_BENCHMARKS = ("demo-bird", "demo-spider")
TABLE_QA_BENCHMARKS = ("demo-tablebench", "demo-crtqa")
_LITERAL = re.compile(r"'(?:[^']|'')*'|\b\d+(?:\.\d+)?\b")


def skeleton(sql: str) -> str:
    """``sql`` with every string and number literal replaced by ``?`` (identifiers such as ``T1`` kept)."""
    return _LITERAL.sub("?", sql)


def _most_common(counts: Counter[str]) -> str:
    """The most frequent key; a tie goes to the first in sorted order, so the choice never depends on order."""
    best = max(counts.values())
    return min(key for key, n in counts.items() if n == best)


def skeleton_answers(train: Iterable[Example], held_out: Iterable[Example]) -> dict[str, str]:
    """``{held-out id: SQL}``: the most common training SQL with the held-out gold's skeleton (its own gold
    when no training SQL shares the skeleton, which the demo data never has)."""
    by_skeleton: dict[str, Counter[str]] = {}
    for example in train:
        by_skeleton.setdefault(skeleton(example.gold), Counter())[example.gold] += 1
    out = {}
    for example in held_out:
        counts = by_skeleton.get(skeleton(example.gold))
        out[example.id] = _most_common(counts) if counts else example.gold
    return out


def _first_word(question: str) -> str:
    return question.split(maxsplit=1)[0].lower() if question.strip() else ""


def majority_answers(train: Iterable[Example], held_out: Iterable[Example]) -> dict[str, str]:
    """``{held-out id: answer}``: the most common training answer for the same question text, else for the
    same first word, else overall; the table is never read."""
    by_text: dict[str, Counter[str]] = {}
    by_word: dict[str, Counter[str]] = {}
    overall: Counter[str] = Counter()
    for example in train:
        question = str(example.fields.get("question", ""))
        by_text.setdefault(question, Counter())[example.gold] += 1
        by_word.setdefault(_first_word(question), Counter())[example.gold] += 1
        overall[example.gold] += 1
    out = {}
    for example in held_out:
        question = str(example.fields.get("question", ""))
        counts = by_text.get(question) or by_word.get(_first_word(question)) or overall
        out[example.id] = _most_common(counts)
    return out


def write_predictions(folder: Path, limit: int | None) -> list[Path]:
    """Each demo benchmark's baseline answers for its first ``limit`` held-out questions (all: ``None``) as
    ``folder/<benchmark>.jsonl``, for ``tabbench score --predictions folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in (*SQL_BENCHMARKS, *TABLE_QA_BENCHMARKS):
        benchmark = tabbench.get_benchmark(name)
        held_out = list(benchmark.examples(benchmark.default_split))[:limit]
        train = list(benchmark.examples("train"))
        answers = (skeleton_answers if name in SQL_BENCHMARKS else majority_answers)(train, held_out)
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps({"id": e.id, "completion": benchmark.gold_completion(
            dataclasses.replace(e, gold=answers[e.id]))}) + "\n" for e in held_out), encoding="utf-8")
        written.append(path)
    return written
