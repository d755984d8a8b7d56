"""Untrusted queries on DuckDB: tables and CSV files for table QA, DuckDB files for dialect checks.

A ``DuckSession`` loads its tables (trusted, by the host) and then locks itself before any untrusted SQL
runs: Python replacement scans off (a query cannot read the caller's DataFrames by variable name),
``enable_external_access=false`` (no files, no ATTACH, no COPY, no extension install), no temp directory (a
query past ``memory_limit`` fails instead of spilling to disk), then
``lock_configuration=true`` (no ``SET`` can undo that). ``memory_limit`` and ``threads`` come from
``Limits``. Only a single SELECT statement is accepted (checked by DuckDB's own parser), so a query cannot
change the loaded tables for the next one. Timeouts interrupt the connection from a timer thread. The
step budget (``Limits.max_steps``) has no DuckDB equivalent and is ignored here.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from typing import Any

import duckdb

from tabbench.contract.types import Status
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, failed, fetch_capped


def _quote_identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class DuckSession:
    """A locked DuckDB connection holding ``tables`` (name -> pandas/Arrow/Polars frame) and ``csv``
    (name -> CSV path, read with DuckDB's ``read_csv`` auto-detection), or a DuckDB file opened read-only.

    Loading errors are raised (``duckdb.Error``): they are the host's or the dataset's, not the model's.
    """

    def __init__(
        self,
        *,
        tables: Mapping[str, Any] | None = None,
        csv: Mapping[str, str | os.PathLike[str]] | None = None,
        db_path: str | os.PathLike[str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        # No temp directory: past memory_limit DuckDB would otherwise spill to ``.tmp`` in the working directory
        # (``<file>.tmp`` beside a database file), up to 90% of the free disk, and leave it behind if killed.
        config: dict[str, Any] = {"threads": max(1, limits.threads), "temp_directory": ""}
        if limits.memory_mb:
            config["memory_limit"] = f"{int(limits.memory_mb)}MB"
        if db_path is not None:
            if tables or csv:
                raise ValueError("give either db_path or tables/csv, not both")
            self.conn = duckdb.connect(os.fspath(db_path), read_only=True, config=config)
        else:
            self.conn = duckdb.connect(":memory:", config=config)
            for name, path in (csv or {}).items():
                self.conn.execute(
                    f"CREATE TABLE {_quote_identifier(name)} AS SELECT * FROM read_csv(?)", [os.fspath(path)]
                )
            for name, frame in (tables or {}).items():
                self.conn.register("__tabbench_load", frame)
                self.conn.execute(f"CREATE TABLE {_quote_identifier(name)} AS SELECT * FROM __tabbench_load")
                self.conn.unregister("__tabbench_load")
        self.conn.execute("SET python_enable_replacements = false")
        self.conn.execute("SET enable_external_access = false")
        self.conn.execute("SET lock_configuration = true")
        self.limits = limits

    def __enter__(self) -> DuckSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def execute(self, sql: str, limits: Limits | None = None) -> QueryResult:
        """Run one untrusted SELECT; never raises for what the query does."""
        limits = limits or self.limits
        start = time.monotonic()
        try:
            statements = self.conn.extract_statements(sql)
        except duckdb.Error as exc:
            return failed(Status.EXEC_ERROR, _one_line(exc), time.monotonic() - start)
        if len(statements) != 1:
            return failed(Status.FORBIDDEN, f"{len(statements)} statements: exactly one query may run")
        if statements[0].type != duckdb.StatementType.SELECT:
            return failed(Status.FORBIDDEN, f"{statements[0].type.name} statements are not allowed: only queries")
        timer = None
        if limits.timeout is not None:
            timer = threading.Timer(limits.timeout, self.conn.interrupt)
            timer.daemon = True
            timer.start()
        try:
            cursor = self.conn.execute(sql)
            columns = tuple(d[0] for d in cursor.description or ())
            rows, truncated = fetch_capped(cursor, limits)
        except duckdb.InterruptException:
            return failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", time.monotonic() - start)
        except duckdb.PermissionException as exc:
            return failed(Status.FORBIDDEN, _one_line(exc), time.monotonic() - start)
        except duckdb.Error as exc:
            return failed(Status.EXEC_ERROR, _one_line(exc), time.monotonic() - start)
        finally:
            if timer is not None:
                timer.cancel()
        return QueryResult(rows=tuple(rows), truncated=truncated, elapsed=time.monotonic() - start, columns=columns)


def execute_duckdb(
    sql: str,
    *,
    tables: Mapping[str, Any] | None = None,
    csv: Mapping[str, str | os.PathLike[str]] | None = None,
    db_path: str | os.PathLike[str] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> QueryResult:
    """Load, lock, run one untrusted query, close. Reuse a ``DuckSession`` for several queries on the same
    tables. A table that fails to load gives ``EXEC_ERROR`` here (the session constructor raises)."""
    try:
        session = DuckSession(tables=tables, csv=csv, db_path=db_path, limits=limits)
    except (duckdb.Error, OSError, ValueError) as exc:
        return failed(Status.EXEC_ERROR, f"could not load the tables: {_one_line(exc)}")
    with session:
        return session.execute(sql, limits)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())
