"""Untrusted queries on a PostgreSQL or MySQL/MariaDB server, behind the same interface as SQLite.

A job whose ``db_path`` is a DSN (``tabbench.sql.dsn``) runs here instead of on a SQLite file. The safety
model (``docs/sql-execution.md``, "PostgreSQL and MySQL servers"):

1. the boundary is the server: a dedicated role with ``SELECT`` only (the docs give the statements);
   tabbench warns (``ServerWriteWarning``) when the role it connects as could write or touch server files;
2. every query runs in its own ``READ ONLY`` transaction, which is always rolled back; the session itself
   is read-only too, so a statement that ends the transaction (MySQL's implicit commits) is still refused;
3. only queries are sent: the first keyword must be ``SELECT``, ``WITH``, ``VALUES`` or ``TABLE``, and one
   statement runs (PostgreSQL's extended protocol and MySQL's default client flags refuse a second);
4. a server-side timeout (``statement_timeout``; MariaDB ``max_statement_time``; MySQL
   ``max_execution_time``) plus a watchdog that cancels from a second connection at the deadline
   (PostgreSQL's cancel request, MySQL's ``KILL QUERY``), since MySQL times only ``SELECT``;
5. rows stream through a server-side cursor (PostgreSQL ``DECLARE``/``FETCH``, MySQL unbuffered result) and
   stop at ``max_rows``/``max_bytes``, so a huge result never reaches this process.

One connection per target per thread, reused across queries and reopened when the server dropped it.
Drivers (``psycopg`` 3, ``PyMySQL``) are imported on first use: install ``tabbench[servers]``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import threading
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tabbench.contract.errors import ConfigError
from tabbench.contract.types import Status
from tabbench.sql.dsn import redact, require_driver, server_kind
from tabbench.sql.execute import (
    DEFAULT_LIMITS,
    FORBIDDEN_STATEMENTS,
    Limits,
    QueryResult,
    failed,
    first_keyword,
    normalise_sql,
)
from tabbench.sql.session import ServerSession, ServerUnavailable

#: First keywords of the statements a server may run: queries only.
QUERY_KEYWORDS = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})

#: Statement keywords that are not queries (refused as ``FORBIDDEN``; any other non-query word is a syntax
#: error, ``EXEC_ERROR``, as the server would say).
STATEMENTS = FORBIDDEN_STATEMENTS | frozenset(
    "COPY SET RESET GRANT REVOKE LOCK UNLOCK CALL DO EXECUTE PREPARE DEALLOCATE LISTEN NOTIFY UNLISTEN LOAD "
    "HANDLER KILL TRUNCATE RENAME FLUSH INSTALL UNINSTALL SHUTDOWN CHECKPOINT CLUSTER COMMENT DISCARD REFRESH "
    "IMPORT SECURITY START XA SHOW DESCRIBE DESC EXPLAIN USE OPTIMIZE REPAIR CHECK CHECKSUM CACHE PURGE "
    "CHANGE STOP BINLOG RESTORE BACKUP".split()
)

#: Functions and clauses that reach the server's files, other sessions or state that outlives the query's
#: transaction (advisory and user locks, session variables, MySQL's executable comments). A role without the
#: privileges cannot use the file functions anyway; this refuses them all with a clear message, also when
#: tabbench was pointed at a too-powerful role, and keeps one sample from leaving state for the next one on
#: the reused connection.
DENIED = {
    "postgresql": re.compile(
        r"\b(pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file|pg_file_\w+|dblink\w*|"
        r"lo_(?:import|export|open|creat|create|unlink|put|get|from_bytea|write|read|close|truncate\w*|lseek\w*|tell\w*)|"
        r"pg_terminate_backend|pg_cancel_backend|pg_reload_conf|set_config|pg_notify|"
        r"pg_advisory_\w+|pg_try_advisory_\w+)\b", re.I),
    "mysql": re.compile(
        r"\bINTO\s+(OUTFILE|DUMPFILE|@)|\bLOAD_FILE\b|\bsys_(exec|eval)\b|\b(GET_LOCK|RELEASE_LOCK|"
        r"RELEASE_ALL_LOCKS)\b|:=|/\*[!M]", re.I),
}


#: Timeout used when ``Limits.timeout`` is ``None`` (as the SQLite pool's hard deadline).
NO_TIMEOUT_CAP = 600.0

class ServerWriteWarning(UserWarning):
    """The role tabbench connects as can write or reach server files: use a SELECT-only role."""


def open_session(target: str) -> ServerSession:
    kind = server_kind(target)
    if kind is None:
        raise ValueError(f"not a server DSN: {redact(target)}")
    try:
        require_driver(kind)
    except ConfigError as exc:
        raise ServerUnavailable(str(exc)) from None
    if kind == "postgresql":
        from tabbench.sql.postgres import PostgresSession

        return PostgresSession(target)
    from tabbench.sql.mysql import MysqlSession

    return MysqlSession(target)


_warned: set[str] = set()
_warned_lock = threading.Lock()


def warn_if_writable(session: ServerSession) -> None:
    """Warn once per process and target when the role can do more than read."""
    with _warned_lock:
        if session.target in _warned:
            return
        _warned.add(session.target)
    extra = session.write_privileges()
    if extra:
        warnings.warn(
            f"{redact(session.target)}: the role can {', '.join(extra[:6])}{' ...' if len(extra) > 6 else ''}; "
            "every query runs in a read-only transaction, but use a SELECT-only role (docs/sql-execution.md)",
            ServerWriteWarning, stacklevel=2,
        )


class ServerExecutor:
    """Runs queries on servers, one reused session per target. Not thread-safe: one per thread."""

    def __init__(self) -> None:
        self._sessions: dict[str, ServerSession] = {}

    def session(self, target: str) -> ServerSession:
        session = self._sessions.get(target)
        if session is None:
            session = self._sessions[target] = open_session(target)
            warn_if_writable(session)
        return session

    def execute(self, target: str, sql: str, limits: Limits = DEFAULT_LIMITS) -> QueryResult:
        """Run ``sql`` on the server ``target``; never raises for anything the query or server does."""
        sql = normalise_sql(sql)
        keyword = first_keyword(sql)
        if keyword not in QUERY_KEYWORDS:
            status = Status.FORBIDDEN if keyword in STATEMENTS else Status.EXEC_ERROR
            return failed(status, f"{keyword or 'an empty'} statement is not run: only SELECT, WITH, VALUES or TABLE")
        denied = DENIED[server_kind(target) or "postgresql"].search(sql)
        if denied:
            return failed(Status.FORBIDDEN, f"{denied.group(0)} is not allowed: it reaches server files or sessions")
        if limits.timeout is None:  # nothing runs unbounded on a shared server
            limits = dataclasses.replace(limits, timeout=NO_TIMEOUT_CAP)
        try:
            result = self.session(target).run(sql, limits)
        except ServerUnavailable as exc:
            self._sessions.pop(target, None)
            return failed(Status.EXEC_ERROR, str(exc))
        except Exception as exc:  # a driver bug must cost one query, not the run
            return failed(Status.EXEC_ERROR, f"{type(exc).__name__}: {exc}")
        if result.ok and limits.timeout is not None and result.elapsed >= limits.timeout:
            # MySQL's SLEEP and BENCHMARK return a value when their timer interrupts them
            return failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", result.elapsed)
        return result

    def close(self) -> None:
        for session in self._sessions.values():
            session.close()
        self._sessions.clear()


_local = threading.local()


def thread_executor() -> ServerExecutor:
    """This thread's server executor (its connections stay open for the life of the thread)."""
    executor = getattr(_local, "executor", None)
    if executor is None:
        executor = _local.executor = ServerExecutor()
    return executor


def execute_server(target: str, sql: str, limits: Limits = DEFAULT_LIMITS) -> QueryResult:
    """Run one untrusted query on a server from this thread (see ``ServerExecutor.execute``)."""
    return thread_executor().execute(target, sql, limits)


_threads: ThreadPoolExecutor | None = None
_threads_size = 0
_threads_lock = threading.Lock()


def _thread_pool(workers: int) -> ThreadPoolExecutor:
    global _threads, _threads_size
    with _threads_lock:
        if _threads is None or _threads_size != workers:
            if _threads is not None:
                _threads.shutdown(wait=False)
            _threads = ThreadPoolExecutor(workers, thread_name_prefix="tabbench-sql-server")
            _threads_size = workers
        return _threads


def run_with_servers(keys: Sequence[tuple[str, str]], limits: Limits, workers: Any,
                     run_files: Callable[[Sequence[tuple[str, str]], Limits, Any], list[QueryResult]]
                     ) -> list[QueryResult]:
    """Run ``(target, sql)`` pairs in order: DSN targets here, on ``workers`` threads (an ``ExecPool``: its
    size) each with its own connection per target, since the server does the work and a thread only waits
    on its socket; SQLite files through ``run_files`` with ``workers`` as given."""
    on_server = [i for i, (target, _) in enumerate(keys) if server_kind(target) is not None]
    on_files = [i for i in range(len(keys)) if server_kind(keys[i][0]) is None]
    results: list[QueryResult | None] = [None] * len(keys)
    if on_files:
        for i, result in zip(on_files, run_files([keys[i] for i in on_files], limits, workers), strict=True):
            results[i] = result
    threads = int(getattr(workers, "size", workers) or 0)
    jobs = [keys[i] for i in on_server]
    record_servers([target for target, _ in jobs])
    if threads <= 1 or len(jobs) <= 1:
        executor = thread_executor()
        ran = [executor.execute(target, sql, limits) for target, sql in jobs]
    else:
        ran = list(_thread_pool(threads).map(lambda job: execute_server(job[0], job[1], limits), jobs))
    for i, result in zip(on_server, ran, strict=True):
        results[i] = result
    return results  # type: ignore[return-value]


_descriptions: dict[str, dict[str, Any]] = {}


def describe_server(target: str) -> dict[str, Any]:
    """``{"kind", "version", "settings"}`` of the server ``target`` names, read once per process; the
    reason instead when it cannot be reached."""
    with _fingerprint_lock:
        if target in _descriptions:
            return _descriptions[target]
    try:
        described = {"kind": server_kind(target), **thread_executor().session(target).describe()}
    except Exception as exc:
        return {"kind": server_kind(target), "error": " ".join(str(exc).split())[:300]}
    with _fingerprint_lock:
        _descriptions[target] = described
    return described


def record_servers(targets: Sequence[str]) -> None:
    """Note in the run's result store the servers its queries ran on (``results.json``'s ``sql_servers``)."""
    from tabbench.sql.store import current_store

    servers = current_store().servers
    for target in dict.fromkeys(targets):
        if redact(target) not in servers:
            servers[redact(target)] = describe_server(target)


_fingerprints: dict[str, str | None] = {}
_fingerprint_lock = threading.Lock()


def server_fingerprint(target: str) -> str | None:
    """The gold-cache identity of ``target`` (server, database, schema, row counts and checksums),
    computed once per process; ``None`` when the server cannot be reached (nothing is cached then)."""
    with _fingerprint_lock:
        if target in _fingerprints:
            return _fingerprints[target]
    try:
        digest: str | None = thread_executor().session(target).fingerprint()
    except Exception:
        digest = None
    else:
        digest = hashlib.sha256(f"{server_kind(target)}\0{redact(target)}\0{digest}".encode()).hexdigest()
    with _fingerprint_lock:
        if digest is not None:
            _fingerprints[target] = digest
    return digest


def forget_fingerprints() -> None:
    """Recompute fingerprints on next use (after loading new data into a server)."""
    with _fingerprint_lock:
        _fingerprints.clear()
