"""What Text-to-SQL benchmark plugins (bird, spider, ...) need in the same way: the schema a prompt shows and
how their execution rewards read ``timeout``/``max_steps``/``--workers``.

Kept in the host so that plugins agree on these and do not import each other.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabbench.contract.errors import DataError
from tabbench.contract.settings import current_settings
from tabbench.sql.execute import Limits


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
