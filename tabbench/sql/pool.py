"""A process pool for untrusted queries that survives whatever a query does.

Each worker keeps its own ``SqliteExecutor`` (a connection per database) and runs one job at a time. The
parent enforces a hard deadline per job (``limits.timeout + grace``): a worker still busy past it is
killed (SIGKILL) and replaced, and the job gets ``TIMEOUT``. A worker that dies (segfault, ``os._exit``,
the OOM killer) costs its one job, which gets ``EXEC_ERROR`` naming the exit code; the run goes on.
Workers cap SQLite's heap with ``PRAGMA hard_heap_limit`` (``Limits.memory_mb``).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, SqliteExecutor, failed
from tabbench.types import Status

#: Hard deadline used when ``Limits.timeout`` is ``None`` (a step budget alone cannot stop a single slow
#: instruction).
NO_TIMEOUT_CAP = 600.0


def _set_heap_limit(memory_mb: int | None) -> None:
    with sqlite3.connect(":memory:") as conn:
        conn.execute(f"PRAGMA hard_heap_limit={int(memory_mb or 0) * (1 << 20)}")


def _worker_main(conn: Connection, initializer: Callable[[], Any] | None) -> None:
    """Worker loop: receive ``(index, db, sql, limits)``, send ``(index, QueryResult)``; ``None`` stops."""
    if initializer is not None:
        initializer()
    executor = SqliteExecutor()
    memory: int | None = -1
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        index, db_path, sql, limits = message
        if limits.memory_mb != memory:
            _set_heap_limit(limits.memory_mb)
            memory = limits.memory_mb
        try:
            result = executor.execute(db_path, sql, limits)
        except Exception as exc:  # a bug in the executor must not kill the worker
            result = failed(Status.EXEC_ERROR, f"{type(exc).__name__}: {exc}")
        try:
            conn.send((index, result))
        except (OSError, ValueError) as exc:
            conn.send((index, failed(Status.EXEC_ERROR, f"result could not be sent: {exc}")))
    executor.close()


class _Worker:
    __slots__ = ("conn", "deadline", "job", "process", "started")

    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.job: int | None = None
        self.deadline = 0.0
        self.started = 0.0


class ExecPool:
    """``workers`` processes running ``SqliteExecutor.execute``; reuse one pool across batches.

    ``grace``: seconds past ``limits.timeout`` before a busy worker is killed. ``initializer``: a picklable
    callable run at the start of each worker (register SQL functions there). ``start_method``: a
    ``multiprocessing`` start method; default ``forkserver`` where available (safe with threads, cheap
    replacements), else ``spawn``.
    """

    def __init__(
        self,
        workers: int = 2,
        *,
        grace: float = 0.5,
        initializer: Callable[[], Any] | None = None,
        start_method: str | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError("an ExecPool needs at least one worker")
        if start_method is None:
            methods = multiprocessing.get_all_start_methods()
            start_method = "forkserver" if "forkserver" in methods else "spawn"
        self.size = workers
        self.grace = grace
        self.initializer = initializer
        self._ctx = multiprocessing.get_context(start_method)
        self._workers: list[_Worker] = []
        self.replaced = 0  # workers killed or found dead and replaced, for tests and logs
        self._closed = False

    def __enter__(self) -> ExecPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_worker_main, args=(child, self.initializer), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def _ensure_started(self) -> None:
        if self._closed:
            raise RuntimeError("this ExecPool is closed")
        while len(self._workers) < self.size:
            self._workers.append(self._spawn())

    def _replace(self, worker: _Worker) -> None:
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        worker.conn.close()
        self._workers[self._workers.index(worker)] = self._spawn()
        self.replaced += 1

    def run(self, jobs: Sequence[tuple[str, str]], limits: Limits = DEFAULT_LIMITS) -> list[QueryResult]:
        """Execute ``(db_path, sql)`` jobs; results in the same order. Never raises for a job's doing."""
        self._ensure_started()
        results: list[QueryResult | None] = [None] * len(jobs)
        pending = deque(range(len(jobs)))
        hard = (limits.timeout if limits.timeout is not None else NO_TIMEOUT_CAP) + self.grace
        while pending or any(w.job is not None for w in self._workers):
            for worker in self._workers:
                if worker.job is None and pending:
                    index = pending.popleft()
                    db_path, sql = jobs[index]
                    try:
                        worker.conn.send((index, os.fspath(db_path), sql, limits))
                    except (OSError, ValueError):  # died while idle: replace and retry the job
                        pending.appendleft(index)
                        self._replace(worker)
                        continue
                    worker.job, worker.started = index, time.monotonic()
                    worker.deadline = worker.started + hard
            busy = [w for w in self._workers if w.job is not None]
            if not busy:
                continue
            wait_for = max(0.0, min(w.deadline for w in busy) - time.monotonic())
            handles: list[Any] = [w.conn for w in busy] + [w.process.sentinel for w in busy]
            ready = set(wait(handles, timeout=wait_for))
            now = time.monotonic()
            for worker in busy:
                index = worker.job
                assert index is not None
                if worker.conn in ready or worker.process.sentinel in ready:
                    try:
                        got, result = worker.conn.recv()
                    except (EOFError, OSError, ValueError):
                        worker.process.join(timeout=1)
                        code = worker.process.exitcode
                        results[index] = failed(
                            Status.EXEC_ERROR, f"worker process died (exit code {code}) running this query",
                            now - worker.started,
                        )
                        worker.job = None
                        self._replace(worker)
                        continue
                    results[got] = result
                    worker.job = None
                elif now >= worker.deadline:
                    results[index] = failed(
                        Status.TIMEOUT,
                        f"killed after {hard:.1f} s: the query ignored cancellation",
                        now - worker.started,
                    )
                    worker.job = None
                    self._replace(worker)
        return [r if r is not None else failed(Status.EXEC_ERROR, "no result") for r in results]

    def close(self) -> None:
        """Stop the workers (politely, then by force)."""
        if self._closed:
            return
        self._closed = True
        for worker in self._workers:
            try:
                worker.conn.send(None)
            except (OSError, ValueError):
                pass
        for worker in self._workers:
            worker.process.join(timeout=2)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(timeout=2)
            worker.conn.close()
        self._workers.clear()


_shared: dict[tuple[int, Any], ExecPool] = {}


def shared_pool(workers: int, initializer: Callable[[], Any] | None = None) -> ExecPool:
    """A pool kept for the life of the process (closed at exit), so batch after batch reuses warm workers
    and their open connections."""
    key = (workers, initializer)
    pool = _shared.get(key)
    if pool is None or pool._closed:
        pool = _shared[key] = ExecPool(workers, initializer=initializer)
    return pool


@atexit.register
def _close_shared() -> None:
    for pool in _shared.values():
        pool.close()
    _shared.clear()
