"""What Text-to-SQL benchmark plugins (bird, spider, ...) need in the same way: the schema a prompt shows and
how their execution rewards read ``timeout``/``max_steps``/``--workers``.

Kept in the host so that plugins agree on these and do not import each other.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabbench.contract.benchmark import read_text
from tabbench.contract.errors import DataError
from tabbench.contract.settings import current_settings
from tabbench.sql.execute import Limits


@lru_cache(maxsize=256)
def read_tables(path: Path, required: Sequence[str] = ("table_names_original", "column_names_original")
                ) -> dict[str, dict[str, Any]]:
    """A Spider or BIRD ``tables.json`` (a JSON list of schemas) keyed by ``db_id``: the one reader of that
    format. A schema without a ``db_id``, or whose ``required`` keys are not lists, is a ``DataError`` naming
    the file and the schema."""
    text = read_text(path, "schemas file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:  # a number past the digits limit, nesting past the stack
        raise DataError(f"{path}: malformed JSON ({exc})") from None
    if not isinstance(data, list):
        raise DataError(f"{path}: expected a JSON list of schemas")
    tables = {}
    for index, entry in enumerate(data):
        if not isinstance(entry, dict) or not isinstance(entry.get("db_id"), str):
            raise DataError(f"{path}: schema {index} has no 'db_id'")
        for key in required:
            if not isinstance(entry.get(key), list):
                raise DataError(f"{path}: schema {entry['db_id']!r} has no list {key!r}")
        tables[entry["db_id"]] = entry
    return tables


@lru_cache(maxsize=256)
def sqlite_ddl(db_path: str) -> tuple[tuple[str, str], ...]:
    """(table, ``CREATE TABLE ...;``) for each user table of a SQLite file, as stored; opened read-only.

    Cached per path: prompts show the same schema for every question on a database.
    """
    try:
        conn = sqlite3.connect(Path(db_path).resolve().as_uri() + "?mode=ro", uri=True)
        try:
            rows = conn.execute(
                "SELECT name, sql FROM sqlite_master "
                "WHERE type='table' AND sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:  # a damaged or non-SQLite file where a database should be
        raise DataError(f"{db_path}: not a readable SQLite database ({exc})") from None
    return tuple((name, sql.strip() + ";") for name, sql in rows)


def execution_limits(options: Mapping[str, Any]) -> Limits:
    """Limits for an execution reward from its ``timeout`` (seconds, default 30; 0 or None: none) and
    ``max_steps`` (SQLite VM budget) options, with row and byte caps large enough for official gold results."""
    timeout = options.get("timeout", 30.0)
    return Limits(
        timeout=None if timeout in (None, 0) else float(timeout),
        max_steps=int(options["max_steps"]) if options.get("max_steps") else None,
        max_rows=1_000_000,
        max_bytes=512 << 20,
    )


#: Most pool workers the default starts (each holds its own connections and page cache).
MAX_DEFAULT_WORKERS = 8


def default_workers() -> int:
    """One SQL worker process per CPU this process may use, at most ``MAX_DEFAULT_WORKERS``, at least 1."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_DEFAULT_WORKERS))


def configured_workers() -> int:
    """SQL worker processes of the run in progress: its ``Settings.workers`` (``--workers``) when set, else
    ``default_workers()``. 0 means in this process, where a query that ignores cancellation cannot be stopped."""
    workers = current_settings().workers
    return default_workers() if workers is None else workers
