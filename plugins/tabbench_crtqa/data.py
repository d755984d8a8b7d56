"""Read CRT-QA's release (``CRT-QA.zip`` of zzh-SJTU/CRT-QA, unpacked) into ``Example`` records.

The on-disk format, from the repository README and the loader in josefastoisser/sparks_of_tabular_reasoning
(``evaluation/evaluators/crt_qa.py``; the zip itself could not be inspected here)::

    CRT-QA/dataset.json          {"<table file>.csv": [question, ...], ...}
    CRT-QA/all_csv_new/<table file>.csv     '#'-separated, header row first (TabFact's table format)

A question object has ``Question name`` (the text), ``Tittle`` (sic; the README spells it ``Title``; both are
read), ``step1``..``step4`` (each ``{"type": "Operation"|"Reasoning", "name", "detail"}``, possibly absent
or empty), ``Answer``, ``Directness`` (Explicit/Implicit) and ``Composition Type`` (Bridging/Intersection/
Comparison). The table folder may also be called ``all_csv/``.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tabbench import DataError, Example

TABLE_DIRS = ("all_csv_new", "all_csv")

# The paper's taxonomy (README "Reasoning and Operations"): canonical key -> substrings that identify it.
OPERATIONS = {"indexing": ("index",), "filtering": ("filter",), "grouping": ("group",), "sorting": ("sort",)}
REASONING = {
    "grounding": ("ground",),
    "auto_categorization": ("categor",),
    "temporal": ("tempor",),
    "spatial": ("geograph", "spatial"),
    "aggregating": ("aggregat",),
    "arithmetic": ("arithmetic",),
    "quantifiers": ("quantif",),
    "commonsense": ("commonsense", "common sense"),
}
BREAKDOWN_KEYS: tuple[str, ...] = (
    "directness", "composition", "steps",
    *(f"op:{k}" for k in OPERATIONS), *(f"reasoning:{k}" for k in REASONING),
)


def find_root(data_path: Path) -> Path:
    """The folder holding ``dataset.json``: the data path itself or its ``CRT-QA/`` sub-folder."""
    for candidate in (data_path, data_path / "CRT-QA"):
        if (candidate / "dataset.json").is_file():
            return candidate
    raise DataError(f"{data_path / 'dataset.json'}: missing CRT-QA file (also looked in {data_path / 'CRT-QA'})")


def table_dir(root: Path) -> Path:
    for name in TABLE_DIRS:
        if (root / name).is_dir():
            return root / name
    raise DataError(f"{root / TABLE_DIRS[0]}: missing CRT-QA table folder (all_csv_new/ or all_csv/)")


def read_table(path: Path, key: str) -> dict[str, Any]:
    """A ``#``-separated table as ``{"columns", "rows"}``; a missing or ragged file is a ``DataError``."""
    if not path.is_file():
        raise DataError(f"{path}: missing table for dataset.json key {key!r}")
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle, delimiter="#"))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise DataError(f"{path}: unreadable table for dataset.json key {key!r} ({exc})") from exc
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise DataError(f"{path}:1: table for dataset.json key {key!r} has no header row")
    width = len(rows[0])
    for number, row in enumerate(rows[1:], 2):
        if len(row) != width:
            raise DataError(f"{path}:{number}: {len(row)} cells where the header has {width} (key {key!r})")
    return {"columns": rows[0], "rows": rows[1:]}


def _categories(steps: list[dict[str, Any]]) -> dict[str, str]:
    names = [str(s.get("name") or "").lower() for s in steps]
    flags = {}
    for prefix, taxonomy in (("op", OPERATIONS), ("reasoning", REASONING)):
        for key, needles in taxonomy.items():
            flags[f"{prefix}:{key}"] = "yes" if any(n in name for name in names for n in needles) else "no"
    return flags


def _answer_text(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        raise DataError(f"{where}: 'Answer' must be a string, number or list (got {value!r})")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _slug(value: str) -> str:
    return re.sub(r"\s+", "_", value.strip().lower()) or "unknown"


def read_examples(data_path: Path, split: str) -> Iterator[Example]:
    """Every question of ``dataset.json`` in file order; id = ``<table file>/<index in its list>``."""
    root = find_root(data_path)
    source = root / "dataset.json"
    try:
        dataset = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: not UTF-8, not JSON
        raise DataError(f"{source}: not a readable JSON file ({exc})") from None
    if not isinstance(dataset, dict):
        raise DataError(f"{source}: expected an object keyed by table file name")
    tables = table_dir(root)
    for key, questions in dataset.items():
        if not isinstance(questions, list):
            raise DataError(f"{source}: key {key!r}: expected a list of questions")
        table = read_table(tables / key, key)
        for index, q in enumerate(questions):
            where = f"{source}: key {key!r}[{index}]"
            if not isinstance(q, dict) or "Question name" not in q or "Answer" not in q:
                raise DataError(f"{where}: missing 'Question name' or 'Answer'")
            steps = [q[f"step{i}"] for i in range(1, 10) if isinstance(q.get(f"step{i}"), dict) and q[f"step{i}"]]
            yield Example(
                id=f"{key}/{index}",
                gold=_answer_text(q["Answer"], where),
                fields={
                    "question": str(q["Question name"]).strip(),
                    "title": str(q.get("Tittle", q.get("Title", ""))).strip(),
                    "table_file": key,
                    "table": table,
                    "steps": steps,
                },
                meta={
                    "directness": _slug(str(q.get("Directness") or "unknown")),
                    "composition": _slug(str(q.get("Composition Type") or "unknown")),
                    "steps": str(len(steps)),
                    **_categories(steps),
                },
                split=split,
            )
