"""Untrusted queries on DuckDB: tables and CSV files for table QA, DuckDB files for dialect checks.

A ``DuckSession`` runs its DuckDB connection in a child process of its own (one per session, queries over a
pipe), because DuckDB cannot bound everything itself: it builds string values outside ``memory_limit``, and one
function call runs to its end before ``interrupt()`` is seen (``repeat(repeat('x', 100000000), 30)`` took 6 GB
and ran past its timeout). The child loads the tables (trusted, sent by the host), then locks itself before any
untrusted SQL runs: Python replacement scans off (a query cannot read the loading code's variables),
``enable_external_access=false`` (no files, no ATTACH, no COPY, no extension install), no temp directory (a
query past ``memory_limit`` fails instead of spilling to disk), then ``lock_configuration=true`` (no ``SET`` can
undo that). ``memory_limit`` and ``threads`` come from ``Limits``; the child's address space is capped
(``RLIMIT_AS``) at what it holds after loading plus ``memory_mb`` plus a headroom (``HEADROOM_MB``), so an
allocation past that fails in the child. Only a single SELECT statement is accepted (checked by DuckDB's own
parser), so a query cannot change the loaded tables for the next one. A timer thread in the child interrupts
the query at the timeout; the parent kills the child at the timeout plus ``GRACE`` (and the next query starts a
fresh child, loading the tables again). The step budget (``Limits.max_steps``) has no DuckDB equivalent and is
ignored here.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import resource
import signal
import threading
import time
import weakref
from collections.abc import Mapping
from multiprocessing.connection import Connection, wait
from typing import Any

import duckdb

from tabbench.contract.types import Status
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, failed, fetch_capped
from tabbench.sql.pool import NO_TIMEOUT_CAP, main_module_hidden

#: Address space the child may take beyond its size after loading and ``memory_mb``, plus ``HEADROOM_PER_THREAD_MB``
#: per DuckDB thread: buffers outside ``memory_limit``, thread stacks, malloc arenas. Measured (DuckDB 2.0): a
#: grouping, a join, a sort and a ``string_agg`` on 300,000 rows under a 200 MB ``memory_limit`` grew the address
#: space by 236 MB with 1 thread and 221 MB with 4.
HEADROOM_MB = 256
HEADROOM_PER_THREAD_MB = 64

#: Seconds past the timeout before the parent kills a child whose query ignored the interrupt.
GRACE = 1.0


def _quote_identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def _vm_size() -> int:
    """Bytes of address space this process holds now (``VmSize``)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _connect(load: dict[str, Any], limits: Limits) -> duckdb.DuckDBPyConnection:
    """Open, load and lock the connection (in the child)."""
    # No temp directory: past memory_limit DuckDB would otherwise spill to ``.tmp`` in the working directory
    # (``<file>.tmp`` beside a database file), up to 90% of the free disk, and leave it behind if killed.
    config: dict[str, Any] = {"threads": max(1, limits.threads), "temp_directory": ""}
    if limits.memory_mb:
        config["memory_limit"] = f"{int(limits.memory_mb)}MB"
    if load["db_path"] is not None:
        conn = duckdb.connect(load["db_path"], read_only=True, config=config)
    else:
        conn = duckdb.connect(":memory:", config=config)
        for name, path in load["csv"].items():
            conn.execute(f"CREATE TABLE {_quote_identifier(name)} AS SELECT * FROM read_csv(?)", [path])
        for name, frame in load["tables"].items():
            conn.register("__tabbench_load", frame)
            conn.execute(f"CREATE TABLE {_quote_identifier(name)} AS SELECT * FROM __tabbench_load")
            conn.unregister("__tabbench_load")
    conn.execute("SET python_enable_replacements = false")
    conn.execute("SET enable_progress_bar = false")  # else a query over 2 s draws a bar on the host's stdout
    conn.execute("SET enable_external_access = false")
    conn.execute("SET lock_configuration = true")
    return conn


def _run(conn: duckdb.DuckDBPyConnection, sql: str, limits: Limits) -> QueryResult:
    """Run one untrusted SELECT (in the child); never raises for what the query does."""
    start = time.monotonic()
    try:
        statements = conn.extract_statements(sql)
    except duckdb.Error as exc:
        return failed(Status.EXEC_ERROR, _one_line(exc), time.monotonic() - start)
    if len(statements) != 1:
        return failed(Status.FORBIDDEN, f"{len(statements)} statements: exactly one query may run")
    if statements[0].type != duckdb.StatementType.SELECT:
        return failed(Status.FORBIDDEN, f"{statements[0].type.name} statements are not allowed: only queries")
    timer = None
    if limits.timeout is not None:
        timer = threading.Timer(limits.timeout, conn.interrupt)
        timer.daemon = True
        timer.start()
    try:
        cursor = conn.execute(sql)
        columns = tuple(d[0] for d in cursor.description or ())
        rows, truncated = fetch_capped(cursor, limits)
    except duckdb.InterruptException:
        return failed(Status.TIMEOUT, f"timed out after {limits.timeout} s", time.monotonic() - start)
    except duckdb.PermissionException as exc:
        return failed(Status.FORBIDDEN, _one_line(exc), time.monotonic() - start)
    except duckdb.Error as exc:
        return failed(Status.EXEC_ERROR, _one_line(exc), time.monotonic() - start)
    except MemoryError:
        return failed(Status.EXEC_ERROR, "Out of Memory: the query's process ran out of address space",
                      time.monotonic() - start)
    finally:
        if timer is not None:
            timer.cancel()
    return QueryResult(rows=tuple(rows), truncated=truncated, elapsed=time.monotonic() - start, columns=columns)


_PR_SET_PDEATHSIG = 1


def _die_with(owner: int) -> None:
    """End this child when the session's owner ends, however it ends (SIGKILL included), even mid-query: a child
    left running would spin at full CPU with the owner's stdout open. The kernel kills it when its parent (the
    process that forked it: the owner, or the owner's forkserver, which exits with the owner) dies
    (``PR_SET_PDEATHSIG``); the parent may have died before that was set, so it is checked after. A thread watches
    the owner itself (a pidfd, readable when it ends) and the owner's end of the session pipe (the parent
    sentinel), queries included, since the owner is not always the parent and a fork of the owner may keep the
    pipe open."""
    parent = os.getppid()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the watch below is all there is
        pass
    if os.getppid() != parent or not _alive(owner):  # died before the signal was armed
        os._exit(0)
    watched: list[Any] = []
    try:
        watched.append(os.pidfd_open(owner))
    except (AttributeError, OSError):  # no pidfd (before Linux 5.3): the sentinel and the parent-death signal
        pass
    sentinel = getattr(multiprocessing.parent_process(), "sentinel", None)
    if sentinel is not None:
        watched.append(sentinel)
    if watched:
        threading.Thread(target=_exit_when_ready, args=(watched,), daemon=True, name="owner-watch").start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _exit_when_ready(fds: list[Any]) -> None:
    wait(fds)
    os.kill(os.getpid(), signal.SIGKILL)  # mid-query too: nothing of this child is worth finishing


def _child_main(pipe: Connection, load: dict[str, Any], limits: Limits, owner: int) -> None:
    """Load and lock, answer ``("ready", None)`` or ``("error", (type name, message))``, then answer each
    ``(sql, limits)`` with a ``QueryResult``; ``None`` stops. A fatal DuckDB error (the database invalidated)
    ends the child after its answer, so the next query gets a fresh one. The child ends with ``owner``
    (``_die_with``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with(owner)
    try:
        conn = _connect(load, limits)
    except Exception as exc:  # the host's or the dataset's error: raised again in the parent
        pipe.send(("error", (type(exc).__name__, _one_line(exc))))
        return
    load.clear()  # the frames are in DuckDB now
    if limits.memory_mb:
        headroom = HEADROOM_MB + HEADROOM_PER_THREAD_MB * max(1, limits.threads)
        cap = _vm_size() + (int(limits.memory_mb) + headroom) * (1 << 20)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    pipe.send(("ready", None))
    while True:
        try:
            message = pipe.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        try:
            result = _run(conn, *message)
        except Exception as exc:  # a bug here must not leave the parent waiting
            result = failed(Status.EXEC_ERROR, f"{type(exc).__name__}: {_one_line(exc)}")
        pipe.send(result)
        if result.error and result.error.startswith("FATAL Error"):
            break
    conn.close()


def _reap(process: Any, pipe: Connection, owner: int) -> None:
    if os.getpid() != owner:  # a forked copy of the session's owner exiting: the child is not its to stop
        return
    if process.is_alive():
        process.kill()
    process.join(timeout=5)
    pipe.close()


def _loading_error(kind: str, message: str) -> Exception:
    error = getattr(duckdb, kind, None)
    if isinstance(error, type) and issubclass(error, duckdb.Error):
        return error(message)
    if kind in ("FileNotFoundError", "PermissionError", "OSError"):
        return OSError(message)
    return duckdb.Error(f"{kind}: {message}")


class DuckSession:
    """A locked DuckDB connection, in a child process, holding ``tables`` (name -> pandas/Arrow/Polars frame,
    picklable) and ``csv`` (name -> CSV path, read with DuckDB's ``read_csv`` auto-detection), or a DuckDB file
    opened read-only.

    Loading errors are raised (``duckdb.Error``): they are the host's or the dataset's, not the model's. The
    session keeps references to ``tables`` to load them again in a fresh child after one was killed.
    """

    def __init__(
        self,
        *,
        tables: Mapping[str, Any] | None = None,
        csv: Mapping[str, str | os.PathLike[str]] | None = None,
        db_path: str | os.PathLike[str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        if db_path is not None and (tables or csv):
            raise ValueError("give either db_path or tables/csv, not both")
        self._load = {
            "tables": dict(tables or {}),
            "csv": {name: os.fspath(path) for name, path in (csv or {}).items()},
            "db_path": None if db_path is None else os.fspath(db_path),
        }
        self.limits = limits
        self.restarts = 0  # children killed or lost and started again, for tests and logs
        methods = multiprocessing.get_all_start_methods()
        self._ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self._lock = threading.Lock()
        self._process: Any = None
        self._pipe: Connection | None = None
        self._closed = False
        self._owner = os.getpid()
        self._start()

    def _start(self) -> None:
        """Start a child and wait until it has loaded the tables; raise its loading error."""
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_child_main, args=(child, self._load, self.limits, os.getpid()),
                                    daemon=True)
        try:
            with main_module_hidden():
                process.start()
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # what pickling a frame raises
            parent.close()
            raise ValueError(f"the tables must be picklable to load them in the DuckDB process: {exc}") from exc
        finally:
            child.close()
        # Registered before the wait: a session interrupted while its child loads (Ctrl-C in a notebook) or dropped
        # without close() must not leave a child holding the tables until the program exits.
        reaper = weakref.finalize(self, _reap, process, parent, os.getpid())
        try:
            kind, detail = parent.recv()
        except (EOFError, OSError) as exc:
            reaper()
            raise duckdb.Error(f"the DuckDB process died loading the tables (exit code {process.exitcode})") from exc
        except BaseException:
            reaper()
            raise
        if kind == "error":
            reaper()
            raise _loading_error(*detail)
        self._process, self._pipe, self._reaper = process, parent, reaper

    @property
    def pid(self) -> int | None:
        """Process id of the child running the queries now (``None`` between a kill and the next query)."""
        return None if self._process is None else self._process.pid

    def _stop(self) -> None:
        if self._process is not None:
            self._reaper()
            self._process = self._pipe = None

    def __enter__(self) -> DuckSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the child (politely, then by force)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._pipe is not None:
                try:
                    self._pipe.send(None)
                except (OSError, ValueError):
                    pass
                assert self._process is not None
                self._process.join(timeout=2)
            self._stop()

    def execute(self, sql: str, limits: Limits | None = None) -> QueryResult:
        """Run one untrusted SELECT; never raises for what the query does. A query still running at the timeout
        plus ``GRACE`` is killed with its process (``TIMEOUT``); one whose process dies (out of address space)
        gets ``EXEC_ERROR``; the next query starts a fresh process."""
        limits = limits or self.limits
        with self._lock:
            if self._closed:
                raise RuntimeError("this DuckSession is closed")
            if self._owner != os.getpid():
                raise RuntimeError("this DuckSession was opened in another process (before a fork): open one here")
            if self._process is None or not self._process.is_alive():
                self._stop()
                try:
                    self._start()
                except (duckdb.Error, OSError) as exc:
                    return failed(Status.EXEC_ERROR, f"could not load the tables again: {_one_line(exc)}")
                self.restarts += 1
            assert self._pipe is not None and self._process is not None
            start = time.monotonic()
            hard = (limits.timeout if limits.timeout is not None else NO_TIMEOUT_CAP) + GRACE
            try:
                self._pipe.send((sql, limits))
                ready = wait([self._pipe, self._process.sentinel], timeout=hard)
                if self._pipe in ready:
                    return self._pipe.recv()
            except (EOFError, OSError):
                ready = [self._process.sentinel]
            except BaseException:
                # Interrupted between asking and reading (Ctrl-C, a signal handler, a failed read): the answer
                # would stay in the pipe and every later query would read the one before it. Start afresh.
                self._stop()
                raise
            elapsed = time.monotonic() - start
            if ready:  # the child died: RLIMIT_AS hit where DuckDB could not fail cleanly, or a crash
                self._process.join(timeout=1)
                code = self._process.exitcode
                self._stop()
                return failed(Status.EXEC_ERROR, f"Out of Memory or crash: the DuckDB process died (exit code "
                                                 f"{code}) running this query", elapsed)
            self._stop()
            return failed(Status.TIMEOUT, f"killed after {hard:.1f} s: the query ignored cancellation", elapsed)


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
