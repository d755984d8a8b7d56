"""Readers for Spider's official files: question JSON, ``tables.json``, gold and prediction text files.

Official layout (the Spider release zip; the test-suite databases are a separate download)::

    <root>/dev.json  tables.json  dev_gold.sql  database/<db_id>/<db_id>.sqlite
    <root>/test.json test_tables.json test_gold.sql test_database/<db_id>/<db_id>.sqlite
    <root>/train_spider.json train_others.json  (train; databases in database/)

Every problem is a ``DataError`` naming the file and the line or key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench import DataError, read_prediction_lines


@dataclass(frozen=True)
class SplitFiles:
    questions: tuple[str, ...]
    tables: tuple[str, ...]
    databases: tuple[str, ...]
    gold: str


SPLITS: dict[str, SplitFiles] = {
    "dev": SplitFiles(("dev.json",), ("tables.json",), ("database",), "dev_gold.sql"),
    "test": SplitFiles(("test.json",), ("test_tables.json", "tables.json"), ("test_database", "database"),
                       "test_gold.sql"),
    "train": SplitFiles(("train_spider.json", "train_others.json"), ("tables.json",), ("database",),
                        "train_gold.sql"),
}


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from exc
    except (ValueError, RecursionError) as exc:  # not UTF-8, a number past the digits limit, deep nesting
        raise DataError(f"{path}: malformed JSON ({exc})") from None


def read_questions(path: Path, question_key: str = "question") -> list[dict[str, Any]]:
    """A Spider question file: a JSON list of objects with ``db_id``, the question (``question_key``;
    Spider-Syn's is ``SpiderSynQuestion``) and ``query``."""
    data = read_json(path)
    if not isinstance(data, list):
        raise DataError(f"{path}: expected a JSON list of questions")
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise DataError(f"{path}: item {index} is not an object")
        for key in ("db_id", question_key):
            if not isinstance(item.get(key), str):
                raise DataError(f"{path}: item {index} has no string {key!r}")
    return data


#: What a Spider schema of ``tables.json`` must hold (``tabbench.sql.read_tables``).
TABLE_KEYS = ("table_names_original", "column_names_original", "foreign_keys")


def read_gold_file(path: Path) -> list[tuple[str, str]]:
    """An official gold file: ``SQL<TAB>db_id`` per line (blank lines, which separate SParC turns, skipped)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
    gold = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        parts = line.strip().split("\t")
        if len(parts) != 2:
            raise DataError(f"{path}:{number}: expected 'SQL<TAB>db_id', found {len(parts)} tab-separated fields")
        gold.append((parts[0], parts[1]))
    return gold


def read_official_predictions(path: Path, *expected: int) -> list[str]:
    """An official prediction file: one SQL per line, anything after a TAB ignored.

    Trailing blank lines are ignored; a count other than one of ``expected`` (the split's questions, or the ones
    a run selects) is an error (the official script asserts too, after silently mis-pairing a file with an empty
    line in it). A blank line inside the file is an empty prediction for that position.
    """
    return [line.strip().split("\t")[0] for line in read_prediction_lines(path, *expected)]


def sqlite_variants(folder: Path) -> list[Path]:
    """The database files the official script executes on: names containing ``.sqlite`` (journals excluded)."""
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.iterdir()
        if ".sqlite" in p.name and p.is_file() and not p.name.endswith(("-journal", "-wal", "-shm"))
    )
