"""A dataset's questions file: JSON lines, a JSON list or CSV, read into rows that name their file and line.

Every row is a mapping of column -> value with the place it came from (``FILE:LINE``, or ``FILE: item N`` for a
JSON list), so that a bad row is one ``DataError`` line naming it. CSV values are text; JSON values are as given
(a column a role needs as text must hold text, checked by the caller).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.benchmark import read_jsonl, read_text
from tabbench.contract.errors import DataError

#: The questions files a dataset reads, by suffix.
SUFFIXES = (".jsonl", ".json", ".csv", ".tsv")


@dataclass(frozen=True)
class Row:
    """One question row: its values by column and where it is (``FILE:LINE``)."""

    where: str
    values: dict[str, Any]


def read_rows(path: Path) -> list[Row]:
    """The rows of a questions file, in file order; an unreadable file, a line that is not an object, or a
    file of no rows is a ``DataError`` naming the file (and the line)."""
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        rows = [Row(f"{path}:{number}", row) for number, row in read_jsonl(path, "questions")]
    elif suffix == ".json":
        rows = _json_rows(path)
    elif suffix in (".csv", ".tsv"):
        rows = _csv_rows(path, "\t" if suffix == ".tsv" else ",")
    else:
        raise DataError(f"{path}: not a questions file (expected {', '.join(SUFFIXES)})")
    if not rows:
        raise DataError(f"{path}: no questions in it")
    return rows


def _json_rows(path: Path) -> list[Row]:
    try:
        data = json.loads(read_text(path, "questions"))
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        raise DataError(f"{path}: malformed JSON ({exc})") from None
    if not isinstance(data, list):
        raise DataError(f"{path}: expected a JSON list of question objects (or use .jsonl, one a line)")
    rows = []
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise DataError(f"{path}: item {index}: not a JSON object")
        rows.append(Row(f"{path}: item {index}", item))
    return rows


def _csv_rows(path: Path, delimiter: str) -> list[Row]:
    text = read_text(path, "questions").removeprefix("\ufeff")  # a spreadsheet's byte-order mark
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader, None)
        if not header or not any(cell.strip() for cell in header):
            raise DataError(f"{path}:1: no header row (the first row names the columns)")
        header = [cell.strip() for cell in header]
        duplicate = next((name for name in header if name and header.count(name) > 1), None)
        if duplicate:
            raise DataError(f"{path}:1: column {duplicate!r} appears twice in the header")
        rows = []
        start = reader.line_num + 1
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                start = reader.line_num + 1
                continue
            if len(cells) != len(header):
                raise DataError(f"{path}:{start}: {len(cells)} fields, the header has {len(header)}")
            rows.append(Row(f"{path}:{start}", dict(zip(header, cells, strict=True))))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise DataError(f"{path}:{reader.line_num}: malformed CSV ({exc})") from None
    return rows


def columns_of(rows: list[Row]) -> list[str]:
    """The columns the rows have, in first-seen order."""
    return list(dict.fromkeys(column for row in rows for column in row.values))
