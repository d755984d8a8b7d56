"""Run one untrusted SQL query against a SQLite database: read-only, bounded, cancellable.

The safety model (see ``docs/sql-execution.md``), in layers, each enough on its own for the common attacks:

1. the file is opened through a URI with ``mode=ro`` (and ``immutable=1`` when no journal or WAL file sits
   next to it), so SQLite itself refuses to write it;
2. statements that are not queries (``INSERT``, ``PRAGMA``, ``VACUUM``, ``ATTACH``, ``BEGIN`` ...) are refused
   by their first keyword before SQLite sees them;
3. an authorizer allows only reads, selects, recursive CTEs and functions outside a deny list; pragmas
   (statements and table-valued ``pragma_*`` functions), ATTACH/DETACH (which ``VACUUM INTO`` uses), every
   write, temp objects, transactions and extension loading are denied; ``SQLITE_LIMIT_ATTACHED`` is 0;
4. exactly one statement runs (Python's ``sqlite3`` refuses a second one; a trailing ``;`` is fine);
5. a progress handler stops the query at its wall-clock deadline or its budget of VM instructions, and
   ``SQLITE_LIMIT_LENGTH`` caps every string or blob (``randomblob``/``replace`` bombs fail fast);
6. rows and bytes returned are capped; truncation is reported, never silent;
7. ``printf``/``format`` are wrapped so SQLite 3.40's one unstoppable instruction (a huge ``%c``
   precision) returns its NULL at once.

A query that ignores cancellation (a slow user-defined function, a bug) can only be stopped by killing its
process: that is what ``tabbench.sql.pool`` does. The in-process path here cannot do that.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.types import Status

MiB = 1 << 20

#: Longest SQL text accepted (SQLite's default is 1 GB; a longer "query" is garbage and slow to parse).
MAX_SQL_BYTES = 1 * MiB

#: VM instructions between two calls of the progress handler; ``max_steps`` is counted in these units.
STEP_GRANULARITY = 1000


@dataclass(frozen=True)
class Limits:
    """Bounds for one query. Part of the gold-cache key, so keep them stable between runs.

    ``timeout``: wall-clock seconds for execute + fetch (``None``: no deadline). ``max_steps``: budget of
    SQLite VM instructions (rounded up to ``STEP_GRANULARITY``), a machine-independent alternative or
    complement to ``timeout``; exceeding either gives ``Status.TIMEOUT``. ``max_rows`` / ``max_bytes``: cap
    on what is returned (``truncated`` is set). ``max_value_bytes``: largest string or blob SQLite may build
    or read (``SQLITE_LIMIT_LENGTH``). ``memory_mb``: heap limit applied in pool workers (SQLite
    ``hard_heap_limit``, process-wide, so not in-process) and DuckDB's ``memory_limit``. ``threads``: DuckDB
    threads.
    """

    timeout: float | None = 30.0
    max_steps: int | None = None
    max_rows: int | None = 100_000
    max_bytes: int | None = 64 * MiB
    max_value_bytes: int = 16 * MiB
    memory_mb: int | None = 2048
    threads: int = 1

    def key(self) -> str:
        """A stable text form of the limits that change a result (used in cache keys)."""
        return (
            f"t={self.timeout};s={self.max_steps};r={self.max_rows};b={self.max_bytes};"
            f"v={self.max_value_bytes};m={self.memory_mb}"
        )


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class QueryResult:
    """What a query returned. ``status`` is ``None`` when it ran; otherwise ``EXEC_ERROR``, ``TIMEOUT`` or
    ``FORBIDDEN`` with ``error`` saying why. ``rows`` are tuples of values exactly as the engine returns them
    (empty on failure); ``truncated`` means ``max_rows`` or ``max_bytes`` cut them. ``elapsed`` is seconds
    spent executing and fetching; ``steps`` VM instructions executed (SQLite, in ``STEP_GRANULARITY`` units).
    """

    rows: tuple[tuple[Any, ...], ...] = ()
    status: Status | None = None
    error: str | None = None
    truncated: bool = False
    elapsed: float = 0.0
    columns: tuple[str, ...] = ()
    steps: int = 0

    @property
    def ok(self) -> bool:
        return self.status is None


def failed(status: Status, error: str, elapsed: float = 0.0) -> QueryResult:
    return QueryResult(status=status, error=error, elapsed=elapsed)


# --- statement screening -------------------------------------------------------------------------------

_COMMENT_OR_SPACE = re.compile(r"(?:\s+|--[^\n]*(?:\n|$)|/\*.*?(?:\*/|$))+", re.S)
_FIRST_WORD = re.compile(r"[A-Za-z_]+")
#: Statement kinds that are never a query. The authorizer denies them too; this gives a clear message and
#: also covers the few (REINDEX, VACUUM on some builds) that reach no authorizer check.
FORBIDDEN_STATEMENTS = frozenset(
    "INSERT UPDATE DELETE REPLACE UPSERT MERGE CREATE DROP ALTER ATTACH DETACH PRAGMA VACUUM REINDEX ANALYZE "
    "BEGIN COMMIT END ROLLBACK SAVEPOINT RELEASE".split()
)


def first_keyword(sql: str) -> str:
    """The first word of ``sql`` after comments, whitespace and opening parentheses, upper-cased."""
    pos = 0
    while True:
        match = _COMMENT_OR_SPACE.match(sql, pos)
        if match:
            pos = match.end()
        if pos < len(sql) and sql[pos] == "(":
            pos += 1
            continue
        break
    word = _FIRST_WORD.match(sql, pos)
    return word.group(0).upper() if word else ""


# --- authorizer ----------------------------------------------------------------------------------------

#: Functions refused even if the SQLite build has them: file and extension access, pointer games.
DENIED_FUNCTIONS = frozenset(
    "load_extension writefile readfile edit fts3_tokenizer sqlite_dbpage sqlite_dbdata zipfile".split()
)

_ALLOWED_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, getattr(sqlite3, "SQLITE_RECURSIVE", 33)})
_FUNCTION = getattr(sqlite3, "SQLITE_FUNCTION", 31)


def _authorizer(action: int, arg1: str | None, arg2: str | None, _db: str | None, _trigger: str | None) -> int:
    if action in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == _FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in DENIED_FUNCTIONS else sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


# --- extra SQL functions (e.g. REGEXP, which SQLite lacks) ---------------------------------------------

_EXTRA_FUNCTIONS: dict[str, tuple[int, Callable[..., Any], bool]] = {}


def register_function(name: str, nargs: int, func: Callable[..., Any], *, deterministic: bool = True) -> None:
    """Make ``func`` callable from SQL on every connection opened later in this process.

    Use it for functions a dialect expects and SQLite lacks (``regexp``). In a pool, register from the
    pool's ``initializer`` so each worker has it. A Python function runs outside the progress handler: a
    slow one is only stopped by the pool's hard deadline.
    """
    _EXTRA_FUNCTIONS[name.lower()] = (nargs, func, deterministic)


# --- printf guard -------------------------------------------------------------------------------------

_CONVERSION = re.compile(r"%([-+ 0#,!]*)(\*|\d+)?(?:\.(\*|\d+))?(?:ll|l)?(.)", re.S)


class _PrintfGuard:
    """``printf``/``format`` with SQLite's own implementation, minus one single-instruction CPU bomb.

    SQLite 3.40 keeps looping over a huge ``%c`` precision (``printf('%.*c', 2000000000, 'x')`` spins for
    ~16 s inside one VM instruction, where no progress handler can stop it) and then returns NULL because
    the result is over ``SQLITE_LIMIT_LENGTH``. This wrapper returns that NULL at once and otherwise calls
    the built-in function on a private in-memory connection with the same length limit, so results are
    SQLite's.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.limit = 0
        self._aux: sqlite3.Connection | None = None
        self._queries: dict[int, str] = {}

    def __call__(self, *args: Any) -> Any:
        if not args or args[0] is None:
            return None
        if self._aux is None:
            self._aux = sqlite3.connect(":memory:", check_same_thread=False)
        self._aux.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, self.limit)
        if self._too_big(str(args[0]), args[1:]):
            return None
        query = self._queries.get(len(args))
        if query is None:
            query = self._queries[len(args)] = f"SELECT {self.name}({', '.join('?' * len(args))})"
        return self._aux.execute(query, args).fetchone()[0]

    def _too_big(self, fmt: str, args: tuple[Any, ...]) -> bool:
        index = 0
        for match in _CONVERSION.finditer(fmt):
            width, precision, kind = match.group(2), match.group(3), match.group(4)
            if kind == "%":
                continue
            if width == "*":
                index += 1
            value: Any = precision
            if precision == "*":
                value = args[index] if index < len(args) else 0
                index += 1
            index += 1
            if kind == "c" and value is not None and self._precision(value) > self.limit:
                return True
        return False

    def _precision(self, value: Any) -> int:
        """The precision SQLite will use: its own text-to-integer conversion (``'2000000000x'`` is 2e9),
        truncated to a C int, sign dropped."""
        assert self._aux is not None
        number = self._aux.execute("SELECT CAST(? AS INTEGER)", (value,)).fetchone()[0] or 0
        return abs(((number + (1 << 31)) % (1 << 32)) - (1 << 31))


# --- the executor --------------------------------------------------------------------------------------


class _Budget:
    """Per-connection state read by the progress handler; reset before each query."""

    __slots__ = ("calls", "deadline", "max_calls", "reason")

    def __init__(self) -> None:
        self.deadline = float("inf")
        self.max_calls = 0
        self.calls = 0
        self.reason = ""

    def __call__(self) -> int:
        self.calls += 1
        if self.max_calls and self.calls > self.max_calls:
            self.reason = "steps"
            return 1
        if time.monotonic() > self.deadline:
            self.reason = "timeout"
            return 1
        return 0


class _Conn:
    __slots__ = ("budget", "conn", "guards", "signature", "value_limit")

    def __init__(self, conn: sqlite3.Connection, budget: _Budget, signature: tuple[int, int, int],
                 guards: list[_PrintfGuard]) -> None:
        self.conn = conn
        self.budget = budget
        self.signature = signature
        self.guards = guards
        self.value_limit = -1


def _uri(path: str, immutable: bool) -> str:
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def _safe_to_mark_immutable(path: str) -> bool:
    """``immutable=1`` skips locking and journals: only right when no journal or WAL holds pending changes."""
    return not any(os.path.exists(path + suffix) for suffix in ("-wal", "-journal"))


def normalise_sql(sql: str) -> str:
    """The query as it runs and as results are keyed: surrounding whitespace and trailing semicolons removed
    (``SELECT 1;;`` is one statement to a reader; SQLite would see an empty second one)."""
    stripped = sql.strip()
    while stripped.endswith(";"):
        stripped = stripped[:-1].rstrip()
    return stripped


def _value_bytes(rows: list[tuple[Any, ...]]) -> int:
    """Approximate payload size: text and blobs by length, everything else 8 bytes."""
    total = 0
    for row in rows:
        total += 8 * len(row)
        for value in row:
            kind = value.__class__  # the engine's exact types; faster than isinstance on every cell
            if kind is str or kind is bytes:
                total += len(value)
    return total


def fetch_capped(cursor: Any, limits: Limits) -> tuple[list[tuple[Any, ...]], bool]:
    """Fetch rows up to ``max_rows`` and ``max_bytes``; returns the rows that fit and whether any did not."""
    max_rows, max_bytes = limits.max_rows, limits.max_bytes
    if max_rows is None and max_bytes is None:
        return cursor.fetchall(), False
    rows: list[tuple[Any, ...]] = []
    nbytes = 0
    # A chunk is materialised before it is measured: size it so that even rows of values at the length limit
    # cannot take it far past the byte cap (1,000 rows of 16 MB blobs would be 16 GB before the check).
    worst_row = max(1, len(cursor.description or ())) * (limits.max_value_bytes + 8)
    while True:
        size = 1000 if max_rows is None else min(1000, max_rows + 1 - len(rows))
        if max_bytes is not None:
            size = max(1, min(size, (max_bytes - nbytes) // worst_row))
        chunk = cursor.fetchmany(size)
        if not chunk:
            return rows, False
        if max_bytes is not None:
            size = _value_bytes(chunk)
            if nbytes + size > max_bytes:
                for row in chunk:  # keep the rows that still fit
                    nbytes += _value_bytes([row])
                    if nbytes > max_bytes:
                        break
                    rows.append(row)
                return rows, True
            nbytes += size
        rows.extend(chunk)
        if max_rows is not None and len(rows) > max_rows:
            del rows[max_rows:]
            return rows, True


class SqliteExecutor:
    """Runs queries with the safety model above, keeping one open connection per database file.

    Connections are reopened when the file's size, mtime or inode changes, and the least recently used is
    closed beyond ``max_connections``. Not thread-safe: use one executor per thread (``execute_sqlite``
    does). ``immutable``: ``None`` decides per file (see ``_safe_to_mark_immutable``). ``cache_mb``: SQLite
    page cache per connection (the default 2 MB makes every query re-read pages). ``mmap_mb``: memory-map
    that much of each file (about 30% less CPU on read-heavy queries); off by default because a file
    truncated while mapped kills the process with SIGBUS, which only a pool worker can afford.
    ``reverse_unordered``: SQLite's ``reverse_unordered_selects``, scans in the other order, so that a query whose
    result depends on an order it does not fix (``LIMIT`` without a total ``ORDER BY``, ties) shows it
    (``tabbench validate``).
    """

    def __init__(
        self, max_connections: int = 64, immutable: bool | None = None, cache_mb: int = 32, mmap_mb: int = 0,
        reverse_unordered: bool = False,
    ) -> None:
        self.max_connections = max_connections
        self.immutable = immutable
        self.cache_mb = cache_mb
        self.mmap_mb = mmap_mb
        self.reverse_unordered = reverse_unordered
        self._conns: OrderedDict[str, _Conn] = OrderedDict()

    def close(self) -> None:
        for entry in self._conns.values():
            entry.conn.close()
        self._conns.clear()

    def _connect(self, path: str, signature: tuple[int, int, int]) -> _Conn:
        immutable = _safe_to_mark_immutable(path) if self.immutable is None else self.immutable
        conn = sqlite3.connect(
            _uri(path, immutable), uri=True, isolation_level=None, check_same_thread=False, cached_statements=0
        )
        conn.execute(f"PRAGMA cache_size = -{int(self.cache_mb) * 1024}")  # before the authorizer denies pragmas
        # Sorts, DISTINCT and UNION spill to unlinked files in /var/tmp by default: a query could write gigabytes
        # to the host's disk. In memory they count against the pool's heap limit instead.
        conn.execute("PRAGMA temp_store = MEMORY")
        if self.mmap_mb:
            conn.execute(f"PRAGMA mmap_size = {int(self.mmap_mb) << 20}")
        if self.reverse_unordered:
            conn.execute("PRAGMA reverse_unordered_selects = ON")
        if hasattr(conn, "enable_load_extension"):
            conn.enable_load_extension(False)
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        conn.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_BYTES)
        guards = [_PrintfGuard("printf"), _PrintfGuard("format")]
        for guard in guards:
            conn.create_function(guard.name, -1, guard, deterministic=True)
        for name, (nargs, func, deterministic) in _EXTRA_FUNCTIONS.items():
            conn.create_function(name, nargs, func, deterministic=deterministic)
        conn.set_authorizer(_authorizer)
        budget = _Budget()
        conn.set_progress_handler(budget, STEP_GRANULARITY)
        return _Conn(conn, budget, signature, guards)

    def _get(self, path: str) -> _Conn:
        stat = os.stat(path)
        signature = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
        entry = self._conns.get(path)
        if entry is not None and entry.signature == signature:
            self._conns.move_to_end(path)
            return entry
        if entry is not None:
            entry.conn.close()
            del self._conns[path]
        entry = self._connect(path, signature)
        self._conns[path] = entry
        while len(self._conns) > self.max_connections:
            _, old = self._conns.popitem(last=False)
            old.conn.close()
        return entry

    def execute(self, db_path: str | os.PathLike[str], sql: str, limits: Limits = DEFAULT_LIMITS) -> QueryResult:
        """Run ``sql`` on the SQLite file ``db_path``; never raises for anything the query does."""
        sql = normalise_sql(sql)
        keyword = first_keyword(sql)
        if keyword in FORBIDDEN_STATEMENTS:
            return failed(Status.FORBIDDEN, f"{keyword} statements are not allowed: only queries run")
        path = os.fspath(db_path)
        try:
            entry = self._get(path)
        except FileNotFoundError:
            return failed(Status.EXEC_ERROR, f"database file not found: {path}")
        except (OSError, sqlite3.Error) as exc:
            return failed(Status.EXEC_ERROR, f"cannot open database {path}: {exc}")
        conn, budget = entry.conn, entry.budget
        if entry.value_limit != limits.max_value_bytes:
            conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limits.max_value_bytes)
            for guard in entry.guards:
                guard.limit = limits.max_value_bytes
            entry.value_limit = limits.max_value_bytes
        budget.calls = 0
        budget.reason = ""
        budget.max_calls = -(-limits.max_steps // STEP_GRANULARITY) if limits.max_steps else 0
        start = time.monotonic()
        budget.deadline = start + limits.timeout if limits.timeout is not None else float("inf")
        try:
            cursor = conn.execute(sql)
            columns = tuple(d[0] for d in cursor.description) if cursor.description else ()
            rows, truncated = fetch_capped(cursor, limits)
            cursor.close()
        except sqlite3.Error as exc:
            elapsed = time.monotonic() - start
            return self._error(exc, budget, limits, elapsed)
        except MemoryError:  # SQLITE_NOMEM, e.g. past a pool worker's heap limit
            return failed(Status.EXEC_ERROR, "out of memory", time.monotonic() - start)
        except Exception as exc:  # e.g. a registered Python function raising, or a decoding error
            return failed(Status.EXEC_ERROR, f"{type(exc).__name__}: {exc}", time.monotonic() - start)
        elapsed = time.monotonic() - start
        return QueryResult(
            rows=tuple(rows),
            truncated=truncated,
            elapsed=elapsed,
            columns=columns,
            steps=budget.calls * STEP_GRANULARITY,
        )

    @staticmethod
    def _error(exc: sqlite3.Error, budget: _Budget, limits: Limits, elapsed: float) -> QueryResult:
        name = getattr(exc, "sqlite_errorname", "")
        message = str(exc)
        if name == "SQLITE_INTERRUPT" or message == "interrupted":
            if budget.reason == "steps":
                return failed(Status.TIMEOUT, f"step budget exceeded ({limits.max_steps} VM steps)", elapsed)
            return failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", elapsed)
        if name == "SQLITE_AUTH" or message.startswith("not authorized"):
            return failed(Status.FORBIDDEN, f"{message}: the query tried a write, ATTACH, a pragma write or a "
                          "denied function", elapsed)
        if isinstance(exc, sqlite3.ProgrammingError) and "one statement" in message:
            return failed(Status.FORBIDDEN, "multiple statements: only one query may run", elapsed)
        if name == "SQLITE_READONLY" or message.endswith("may not be modified"):  # writes to sqlite_master
            return failed(Status.FORBIDDEN, message, elapsed)
        return failed(Status.EXEC_ERROR, message, elapsed)


_local = threading.local()


def default_executor() -> SqliteExecutor:
    """This thread's executor (its connections stay open for the life of the thread)."""
    executor = getattr(_local, "executor", None)
    if executor is None:
        executor = _local.executor = SqliteExecutor()
    return executor


def execute_sqlite(db_path: str | os.PathLike[str], sql: str, limits: Limits = DEFAULT_LIMITS) -> QueryResult:
    """Run one untrusted query in this process (see ``SqliteExecutor.execute``)."""
    return default_executor().execute(db_path, sql, limits)
