"""PostgreSQL sessions (psycopg 3): read-only transactions, statement_timeout, DECLARE/FETCH streaming.

Per query: ``BEGIN READ ONLY`` and ``SET LOCAL statement_timeout`` in one round trip, ``DECLARE`` a
no-scroll cursor for the query (extended protocol: one statement only), ``FETCH`` chunks until the result
ends or a cap is reached, ``ROLLBACK``. The session default is read-only as well, and the watchdog sends a
cancel request (a second connection) should the server's own timer not have fired by the deadline.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

import psycopg
from psycopg import errors, sql

from tabbench.contract.types import Status
from tabbench.sql.dsn import check_dsn, redact
from tabbench.sql.execute import Limits, QueryResult, failed, fetch_capped
from tabbench.sql.session import (
    CONNECT_TIMEOUT,
    WATCHDOG,
    WATCHDOG_GRACE,
    ServerSession,
    ServerUnavailable,
)

#: Server errors that mean "not allowed" rather than "wrong query".
_FORBIDDEN = (errors.ReadOnlySqlTransaction, errors.InsufficientPrivilege)

#: Roles that reach server files or programs.
_FILE_ROLES = ("pg_read_server_files", "pg_write_server_files", "pg_execute_server_program")


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class PostgresSession(ServerSession):
    def __init__(self, target: str) -> None:
        super().__init__(check_dsn(target))
        self.conn: psycopg.Connection[Any] | None = None
        self._connect()

    def _connect(self) -> None:
        try:
            conn = psycopg.connect(self.target, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                   application_name="tabbench")
        except psycopg.Error as exc:
            raise ServerUnavailable(f"cannot connect to {redact(self.target)}: {_one_line(exc)}") from None
        conn.execute("SET default_transaction_read_only = on")
        self.conn = conn

    def _alive(self) -> psycopg.Connection[Any]:
        if self.conn is None or self.conn.closed or self.conn.broken:
            self._connect()
        assert self.conn is not None
        return self.conn

    def _begin(self, timeout: float | None) -> psycopg.Connection[Any]:
        """Open the read-only transaction; a connection the server dropped while idle is reopened once."""
        setting = f"SET LOCAL statement_timeout = {_ms(timeout) if timeout else 0}"
        for attempt in (0, 1):
            conn = self._alive()
            try:
                conn.execute(f"BEGIN READ ONLY; {setting}")  # type: ignore[arg-type]
                return conn
            except psycopg.OperationalError as exc:
                if attempt or not (conn.closed or conn.broken):
                    raise ServerUnavailable(f"{redact(self.target)}: {_one_line(exc)}") from None
        raise AssertionError("unreachable")

    def run(self, query: str, limits: Limits) -> QueryResult:
        conn = self._begin(limits.timeout)
        start = time.monotonic()
        token = None
        if limits.timeout is not None:
            token = WATCHDOG.arm(start + limits.timeout + WATCHDOG_GRACE, conn.cancel_safe)
        try:
            cursor = conn.cursor(name="tabbench_query")
            cursor.execute(query)  # DECLARE ... CURSOR FOR <query>, extended protocol
            columns = tuple(d.name for d in cursor.description or ())
            rows, truncated = fetch_capped(cursor, limits)
            result = QueryResult(rows=tuple(rows), truncated=truncated, elapsed=time.monotonic() - start,
                                 columns=columns)
        except errors.QueryCanceled:
            result = failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", time.monotonic() - start)
        except _FORBIDDEN as exc:
            result = failed(Status.FORBIDDEN, _one_line(exc), time.monotonic() - start)
        except psycopg.Error as exc:
            lost = "connection lost: " if conn.closed or conn.broken else ""
            result = failed(Status.EXEC_ERROR, lost + _one_line(exc), time.monotonic() - start)
        finally:
            if token is not None:
                WATCHDOG.disarm(token)
        self._rollback(conn)
        return result

    def _rollback(self, conn: psycopg.Connection[Any]) -> None:
        if conn.closed or conn.broken:
            return
        try:
            conn.execute("ROLLBACK")
        except psycopg.Error:
            conn.close()  # reopened on the next query

    def fingerprint(self) -> str:
        """Server version, database, every user table's columns, row count and an order-free checksum."""
        conn = self._begin(None)
        digest = hashlib.sha256()
        try:
            head = conn.execute("SELECT version(), current_database()").fetchone()
            digest.update(repr(head).encode())
            tables = conn.execute(
                "SELECT n.nspname, c.relname, string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod),"
                " ', ' ORDER BY a.attnum) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped "
                "WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
                "AND n.nspname NOT LIKE 'pg_toast%' AND has_table_privilege(c.oid, 'SELECT') "
                "GROUP BY n.nspname, c.relname ORDER BY 1, 2"
            ).fetchall()
            for schema, table, columns in tables:
                count, checksum = conn.execute(
                    sql.SQL("SELECT count(*), coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)"
                            " FROM {} AS t").format(sql.Identifier(schema, table))
                ).fetchone()  # type: ignore[misc]
                digest.update(f"{schema}.{table}({columns}) {count} {checksum}\n".encode())
        finally:
            self._rollback(conn)
        return digest.hexdigest()

    def describe(self) -> dict[str, Any]:
        """``version()`` and the settings that change results: time zone, date and interval styles, collation,
        string escapes, float digits, transaction isolation."""
        conn = self._begin(None)
        try:
            version = conn.execute("SELECT version()").fetchone()[0]  # type: ignore[index]
            names = ("server_version", "TimeZone", "DateStyle", "IntervalStyle", "lc_collate", "lc_ctype",
                     "standard_conforming_strings", "extra_float_digits", "default_transaction_isolation")
            settings = {name: conn.execute("SELECT current_setting(%s, true)", (name,)).fetchone()[0]  # type: ignore[index]
                        for name in names}
        finally:
            self._rollback(conn)
        return {"version": version, "settings": settings}

    def write_privileges(self) -> list[str]:
        conn = self._begin(None)
        try:
            found: list[str] = []
            attributes = conn.execute(
                "SELECT rolsuper, rolcreatedb, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = current_user"
            ).fetchone()
            for name, value in zip(("act as superuser", "create databases", "create roles", "bypass RLS"),
                                   attributes or (), strict=False):
                if value:
                    found.append(name)
            for role in _FILE_ROLES:
                if conn.execute("SELECT pg_has_role(current_user, %s, 'USAGE')", (role,)).fetchone()[0]:  # type: ignore[index]
                    found.append(f"use {role}")
            if conn.execute("SELECT has_database_privilege(current_database(), 'CREATE')").fetchone()[0]:  # type: ignore[index]
                found.append("create schemas")
            for (table,) in conn.execute(
                "SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
                "AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') ORDER BY 1 LIMIT 3"
            ):
                found.append(f"write {table}")
            return found
        finally:
            self._rollback(conn)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
