"""Readers and writers for BIRD's official files.

Layouts (as the BIRD and BIRD Mini-Dev downloads unpack)::

    dev:      dev.json  dev_tables.json  dev.sql | dev_gold.sql      dev_databases/<db>/<db>.sqlite
    train:    train.json train_tables.json train_gold.sql            train_databases/<db>/<db>.sqlite
    minidev:  mini_dev_<dialect>.json | .jsonl  mini_dev_<dialect>_gold.sql  dev_tables.json  dev_databases/

Each database folder may hold ``database_description/<table>.csv`` (column descriptions). The predictions
file is a JSON object ``{"0": "SQL\\t----- bird -----\\tdb_id", ...}`` whose values the official script pairs
with questions **by file order**, ignoring keys and db ids; tabbench refuses a file where that pairing would
be wrong. Every problem is a ``DataError`` naming the file and the key or line.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from tabbench import DataError, read_jsonl, write_atomic

SEPARATOR = "\t----- bird -----\t"
DIFFICULTIES = ("simple", "moderate", "challenging")
DIALECTS = ("sqlite", "mysql", "postgresql")


def read_text(path: Path) -> str:
    """A data or predictions file's text; unreadable or not UTF-8 is a ``DataError`` naming the file."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None


def read_json(path: Path) -> Any:
    text = read_text(path)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys(path))
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from exc
    except (ValueError, RecursionError) as exc:  # a number past the digits limit, nesting past the stack
        raise DataError(f"{path}: malformed JSON ({exc})") from None


def _no_duplicate_keys(path: Path):
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise DataError(f"{path}: duplicate key {key!r}")
            seen[key] = value
        return seen

    return hook


def read_questions(path: Path) -> list[dict[str, Any]]:
    """A question file: a JSON list, or JSON lines, of objects with ``db_id`` and ``question``."""
    if path.suffix == ".jsonl":
        located = [(f"{path}:{number}", item) for number, item in read_jsonl(path, "questions")]
    else:
        items = read_json(path)
        if not isinstance(items, list):
            raise DataError(f"{path}: expected a JSON list of questions")
        located = [(f"{path}: item {index}", item) for index, item in enumerate(items)]
    for where, item in located:
        if not isinstance(item, dict):
            raise DataError(f"{where}: not a JSON object")
        for key in ("db_id", "question"):
            if not isinstance(item.get(key), str):
                raise DataError(f"{where}: no string {key!r}")
    return [item for _, item in located]


#: What a BIRD schema of ``*_tables.json`` must hold (``tabbench.sql.read_tables``).
TABLE_KEYS = ("table_names_original", "column_names_original", "column_types")


def read_gold_file(path: Path, db_ids: list[str]) -> list[str]:
    """A gold file (``SQL<TAB>db_id`` per line); count and db ids must agree with the questions."""
    lines = read_text(path).splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != len(db_ids):
        raise DataError(f"{path}:{len(lines)}: {len(lines)} gold queries for {len(db_ids)} questions")
    gold = []
    for number, (line, db_id) in enumerate(zip(lines, db_ids, strict=True), 1):
        parts = line.strip().split("\t")
        if len(parts) != 2:
            raise DataError(f"{path}:{number}: expected 'SQL<TAB>db_id', found {len(parts)} tab-separated fields")
        if parts[1] != db_id:
            raise DataError(f"{path}:{number}: db_id {parts[1]!r} but question {number - 1} is on {db_id!r}")
        gold.append(parts[0])
    return gold


def read_predictions_file(path: Path, db_ids: list[str]) -> list[str]:
    """The official predictions file, checked: the SQL for each question, in question order.

    Keys must be ``"0"`` .. ``"N-1"`` in file order (the official script ignores keys and pairs by order, so
    a ``sort_keys`` dump silently scores ~0), there must be exactly one entry per question, and a db id after
    the separator must be the question's. A value without the separator is taken whole as SQL (the
    fine-tuning scripts write that), as upstream does.
    """
    data = read_json(path)
    if not isinstance(data, dict):
        raise DataError(f'{path}: expected a JSON object {{"0": "SQL{SEPARATOR!r}db_id", ...}}')
    if len(data) != len(db_ids):
        raise DataError(f"{path}: {len(data)} predictions for {len(db_ids)} questions")
    sqls = []
    for position, (key, value) in enumerate(data.items()):
        if key != str(position):
            raise DataError(
                f"{path}: key {key!r} at position {position} (keys must be \"0\"..\"{len(db_ids) - 1}\" in order; "
                "the official script pairs by position, so this file would be scored against the wrong questions)"
            )
        if not isinstance(value, str):
            raise DataError(f"{path}: key {key!r}: the prediction is not a string")
        parts = value.split(SEPARATOR)
        if len(parts) == 2:
            sql, db_id = parts
            if db_id.strip() != db_ids[position]:
                raise DataError(
                    f"{path}: key {key!r}: db_id {db_id.strip()!r} but question {position} is on {db_ids[position]!r}"
                )
        else:
            sql = value.strip()
        sqls.append(sql)
    return sqls


def official_entries(path: Path) -> int | None:
    """How many predictions an official predictions file holds (``None``: not a JSON object)."""
    data = read_json(path)
    return len(data) if isinstance(data, dict) else None


def write_predictions_file(path: Path, sqls: list[str], db_ids: list[str]) -> None:
    """Write the official predictions file (keys ``"0"``.. in question order), atomically."""
    if len(sqls) != len(db_ids):
        raise ValueError(f"{len(sqls)} predictions for {len(db_ids)} questions")
    data = {str(i): f"{sql}{SEPARATOR}{db}" for i, (sql, db) in enumerate(zip(sqls, db_ids, strict=True))}
    write_atomic(path, json.dumps(data, indent=4, ensure_ascii=False))


def read_descriptions(folder: Path) -> dict[str, dict[str, str]]:
    """``database_description/<table>.csv`` -> {table: {column: description}} (lower-cased names).

    The CSVs come in several encodings (UTF-8, UTF-8 with BOM, cp1252); undecodable bytes are replaced.
    """
    out: dict[str, dict[str, str]] = {}
    if not folder.is_dir():
        return out
    for csv_path in sorted(folder.glob("*.csv")):
        raw = csv_path.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        columns: dict[str, str] = {}
        for row in csv.DictReader(io.StringIO(text)):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
            name = row.get("original_column_name", "")
            parts = [row.get("column_description", ""), row.get("value_description", "")]
            text_parts = [p for p in parts if p and p.lower() != "nan"]
            if name and text_parts:
                columns[name.lower()] = "; ".join(text_parts)
        out[csv_path.stem.lower()] = columns
    return out
