"""MySQL and MariaDB sessions (PyMySQL): read-only transactions, server timers, KILL QUERY, streaming.

Per query: ``START TRANSACTION READ ONLY`` (the session is ``READ ONLY`` too, so a statement that commits
implicitly still cannot write), the server's own timer (MariaDB ``max_statement_time`` covers every
statement; MySQL ``max_execution_time`` only ``SELECT``), the query through an unbuffered cursor read in
chunks until it ends or a cap is reached, ``ROLLBACK``. At the deadline, or when a cap cuts the result, a
second connection sends ``KILL QUERY`` for this connection's thread, so the server stops working and
sending. PyMySQL does not enable multiple statements, so the server refuses a second one.
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

import pymysql
import pymysql.cursors

from tabbench.contract.types import Status
from tabbench.sql.dsn import mysql_params, redact
from tabbench.sql.execute import Limits, QueryResult, failed, fetch_capped
from tabbench.sql.session import (
    CONNECT_TIMEOUT,
    WATCHDOG,
    WATCHDOG_GRACE,
    ServerSession,
    ServerUnavailable,
)

#: Server error numbers meaning "not allowed": read-only transaction, access denied, read-only server,
#: an option (``secure_file_priv``) preventing the statement.
FORBIDDEN_ERRORS = frozenset({1792, 1142, 1143, 1044, 1045, 1227, 1370, 1290, 1836, 1448})
#: Timer expiry (MariaDB ``max_statement_time``, MySQL ``max_execution_time``).
TIMEOUT_ERRORS = frozenset({1969, 3024})
#: Our own ``KILL QUERY``.
INTERRUPTED = 1317
#: Client-side "connection lost" errors.
LOST_ERRORS = frozenset({2006, 2013, 2014, 2055})

#: Privileges a SELECT-only role has.
READ_PRIVILEGES = frozenset({"SELECT", "USAGE", "SHOW VIEW"})


def _errno(exc: BaseException) -> int:
    return exc.args[0] if exc.args and isinstance(exc.args[0], int) else 0


def _one_line(exc: BaseException) -> str:
    if len(exc.args) >= 2:
        return f"({exc.args[0]}) {str(exc.args[1]).splitlines()[0] if str(exc.args[1]) else ''}"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


class MysqlSession(ServerSession):
    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.params = mysql_params(target)
        self.conn: pymysql.connections.Connection | None = None
        self.mariadb = False
        self._timer: float | None = -1.0
        self._killer: pymysql.connections.Connection | None = None
        self._killer_lock = threading.Lock()
        self._connect()

    def _open(self) -> pymysql.connections.Connection:
        try:
            return pymysql.connect(**self.params.connect_kwargs(), autocommit=True,  # type: ignore[arg-type]
                                   connect_timeout=CONNECT_TIMEOUT)
        except pymysql.Error as exc:
            raise ServerUnavailable(f"cannot connect to {redact(self.target)}: {_one_line(exc)}") from None

    def _connect(self) -> None:
        conn = self._open()
        with conn.cursor() as cursor:
            cursor.execute("SET SESSION TRANSACTION READ ONLY")
            cursor.execute("SELECT VERSION()")
            self.mariadb = "mariadb" in str(cursor.fetchone()[0]).lower()  # type: ignore[index]
        self.conn, self._timer = conn, -1.0

    def _alive(self) -> pymysql.connections.Connection:
        if self.conn is None or not self.conn.open:
            self._connect()
        assert self.conn is not None
        return self.conn

    def _set_timer(self, cursor: Any, timeout: float | None) -> None:
        if timeout == self._timer:
            return
        if self.mariadb:
            cursor.execute(f"SET SESSION max_statement_time = {float(timeout or 0):.3f}")
        else:
            cursor.execute(f"SET SESSION max_execution_time = {int((timeout or 0) * 1000)}")
        self._timer = timeout

    def _begin(self, timeout: float | None) -> pymysql.connections.Connection:
        """Start the read-only transaction; a connection the server dropped while idle is reopened once."""
        for attempt in (0, 1):
            conn = self._alive()
            try:
                with conn.cursor() as cursor:
                    self._set_timer(cursor, timeout)
                    cursor.execute("START TRANSACTION READ ONLY")
                return conn
            except pymysql.OperationalError as exc:
                if attempt or _errno(exc) not in LOST_ERRORS:
                    raise ServerUnavailable(f"{redact(self.target)}: {_one_line(exc)}") from None
                self._drop()
        raise AssertionError("unreachable")

    def _kill_query(self, thread_id: int) -> None:
        """``KILL QUERY`` from a second connection (the watchdog's thread, or after a cap)."""
        with self._killer_lock:
            if self._killer is None or not self._killer.open:
                self._killer = self._open()
            with self._killer.cursor() as cursor:
                cursor.execute(f"KILL QUERY {int(thread_id)}")

    def run(self, query: str, limits: Limits) -> QueryResult:
        conn = self._begin(limits.timeout)
        thread_id = conn.thread_id()
        start = time.monotonic()
        token = None
        if limits.timeout is not None:
            token = WATCHDOG.arm(start + limits.timeout + WATCHDOG_GRACE, lambda: self._kill_query(thread_id))
        cursor = conn.cursor(pymysql.cursors.SSCursor)
        try:
            cursor.execute(query)
            columns = tuple(d[0] for d in cursor.description or ())
            rows, truncated = fetch_capped(cursor, limits)
            if truncated:  # stop the server sending the rest before draining the stream
                self._kill_query(thread_id)
            result = QueryResult(rows=tuple(rows), truncated=truncated, elapsed=time.monotonic() - start,
                                 columns=columns)
        except pymysql.Error as exc:
            result = self._failure(exc, limits, time.monotonic() - start)
        finally:
            if token is not None:
                WATCHDOG.disarm(token)
        self._finish(cursor)
        return result

    def _failure(self, exc: pymysql.Error, limits: Limits, elapsed: float) -> QueryResult:
        number = _errno(exc)
        if number in TIMEOUT_ERRORS or (number == INTERRUPTED and limits.timeout is not None
                                        and elapsed >= limits.timeout):
            return failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", elapsed)
        if number in FORBIDDEN_ERRORS:
            return failed(Status.FORBIDDEN, _one_line(exc), elapsed)
        if number in LOST_ERRORS or not isinstance(exc, pymysql.MySQLError):
            self._drop()
            return failed(Status.EXEC_ERROR, f"connection lost: {_one_line(exc)}", elapsed)
        return failed(Status.EXEC_ERROR, _one_line(exc), elapsed)

    def _finish(self, cursor: Any) -> None:
        """Drain what is left of the stream and roll back; a connection in a bad state is dropped."""
        try:
            cursor.close()
        except pymysql.Error:
            pass
        if self.conn is None or not self.conn.open:
            return
        try:
            self.conn.rollback()
        except pymysql.Error:
            self._drop()

    def _drop(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
        self.conn = None

    def fingerprint(self) -> str:
        """Server version, database, each table's columns, row count and ``CHECKSUM TABLE``."""
        conn = self._begin(None)
        digest = hashlib.sha256()
        try:
            with conn.cursor() as cursor:
                cursor.execute("SELECT VERSION(), DATABASE()")
                digest.update(repr(cursor.fetchone()).encode())
                cursor.execute(
                    "SELECT TABLE_NAME, GROUP_CONCAT(CONCAT(COLUMN_NAME, ' ', COLUMN_TYPE) ORDER BY ORDINAL_POSITION "
                    "SEPARATOR ', ') FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() "
                    "GROUP BY TABLE_NAME ORDER BY TABLE_NAME"
                )
                tables = list(cursor.fetchall())
                for table, columns in tables:
                    quoted = "`" + str(table).replace("`", "``") + "`"
                    cursor.execute(f"SELECT COUNT(*) FROM {quoted}")
                    count = cursor.fetchone()[0]  # type: ignore[index]
                    cursor.execute(f"CHECKSUM TABLE {quoted}")
                    checksum = cursor.fetchone()[1]  # type: ignore[index]
                    digest.update(f"{table}({columns}) {count} {checksum}\n".encode())
        finally:
            conn.rollback()
        return digest.hexdigest()

    def describe(self) -> dict[str, Any]:
        """``VERSION()`` and the settings that change results: SQL mode, time zone, collations and character
        sets, division precision, week format, transaction isolation (named as this server names them)."""
        conn = self._begin(None)
        names = ("sql_mode", "time_zone", "collation_connection", "collation_database", "character_set_server",
                 "div_precision_increment", "default_week_format", "transaction_isolation", "tx_isolation")
        try:
            with conn.cursor() as cursor:
                cursor.execute("SELECT VERSION()")
                version = cursor.fetchone()[0]  # type: ignore[index]
                placeholders = ", ".join(["%s"] * len(names))
                cursor.execute(f"SHOW SESSION VARIABLES WHERE Variable_name IN ({placeholders})", names)
                settings = {str(name): value for name, value in cursor.fetchall()}
        finally:
            conn.rollback()
        return {"version": version, "settings": dict(sorted(settings.items()))}

    def write_privileges(self) -> list[str]:
        conn = self._begin(None)
        try:
            with conn.cursor() as cursor:
                cursor.execute("SHOW GRANTS")
                grants = [str(row[0]) for row in cursor.fetchall()]
        finally:
            conn.rollback()
        found = []
        for grant in grants:
            if not grant.upper().startswith("GRANT "):
                continue
            head = grant[6:].split(" ON ", 1)[0]
            privileges = [p.strip().upper() for p in head.split(",")]
            extra = [p for p in privileges if p and p not in READ_PRIVILEGES and not p.startswith("SELECT (")]
            if extra and " TO " in grant.upper() and not grant.upper().startswith("GRANT PROXY"):
                where = grant.split(" ON ", 1)[1].split(" TO ", 1)[0] if " ON " in grant else ""
                found.append(f"{'/'.join(extra)} on {where}")
        return found

    def close(self) -> None:
        self._drop()
        with self._killer_lock:
            if self._killer is not None:
                try:
                    self._killer.close()
                except Exception:
                    pass
                self._killer = None
