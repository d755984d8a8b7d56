"""A process pool for untrusted queries that survives whatever a query does.

Each worker keeps its own ``SqliteExecutor`` (a connection per database) and runs chunks of jobs, one at a
time. The parent enforces a hard deadline per job (``limits.timeout + grace``): a worker still busy past it
is killed (SIGKILL) and replaced, and the job gets ``TIMEOUT``. A worker that dies (segfault, ``os._exit``,
the OOM killer) costs its one job, which gets ``EXEC_ERROR`` naming the exit code; the run goes on.
Workers cap SQLite's heap with ``PRAGMA hard_heap_limit`` (``Limits.memory_mb``).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import pickle
import signal
import sqlite3
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from typing import Any

from tabbench.contract.types import Status
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, SqliteExecutor, failed

#: Hard deadline used when ``Limits.timeout`` is ``None`` (a step budget alone cannot stop a single slow
#: instruction).
NO_TIMEOUT_CAP = 600.0

#: A second chunk is sent ahead only when its message is this small (well under any pipe buffer).
PIPELINE_BYTES = 16 * 1024

#: Workers memory-map database files (less CPU per query); a SIGBUS there costs one job, not the run.
WORKER_MMAP_MB = 256


def _set_heap_limit(memory_mb: int | None) -> None:
    with sqlite3.connect(":memory:") as conn:
        conn.execute(f"PRAGMA hard_heap_limit={int(memory_mb or 0) * (1 << 20)}")


_IDLE = float("inf")

#: Held while ``__main__`` is hidden: threads replacing workers at once would otherwise save each other's hidden
#: state and restore it for good.
_hiding = threading.Lock()


@contextmanager
def main_module_hidden() -> Iterator[None]:
    """Start workers without the parent's ``__main__``: forkserver and spawn re-import it by path in every
    child, which re-runs a training script that has no ``if __name__ == "__main__"`` guard (and fails for
    ``python -`` or ``-c``). Workers need nothing from it: their code lives in this module. One thread at a
    time hides it (and starts its worker)."""
    with _hiding:
        main = sys.modules.get("__main__")
        if main is None:
            yield
            return
        saved = {key: main.__dict__[key] for key in ("__file__", "__spec__") if key in main.__dict__}
        main.__dict__.pop("__file__", None)
        main.__dict__["__spec__"] = None
        try:
            yield
        finally:
            main.__dict__.pop("__spec__", None)
            main.__dict__.update(saved)


def _worker_main(conn: Connection, state: Any, initializer: Callable[[], Any] | None) -> None:
    """Worker loop: receive ``(limits, [(index, db, sql), ...])``, send ``[(index, QueryResult), ...]``;
    ``None`` stops. Before each job it publishes ``(index, start time)`` in shared memory, so the parent
    knows which job is running and since when without a message per job."""
    # Ctrl-C reaches the whole process group: the parent stops the pool, workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()
    executor = SqliteExecutor(mmap_mb=WORKER_MMAP_MB)
    memory: int | None = -1
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        limits, chunk = message
        if limits.memory_mb != memory:
            _set_heap_limit(limits.memory_mb)
            memory = limits.memory_mb
        out = []
        for index, db_path, sql in chunk:
            state[1] = _IDLE  # the parent ignores a reading where the two start times differ
            state[0] = index
            state[1] = time.monotonic()
            try:
                result = executor.execute(db_path, sql, limits)
            except Exception as exc:  # a bug in the executor must not kill the worker
                result = failed(Status.EXEC_ERROR, f"{type(exc).__name__}: {exc}")
            out.append((index, result))
        state[1] = _IDLE
        state[0] = -1
        conn.send(out)
    executor.close()


class _Worker:
    __slots__ = ("conn", "inflight", "outstanding", "process", "ran", "state")

    def __init__(self, process: Any, conn: Connection, state: Any) -> None:
        self.process = process
        self.conn = conn
        self.state = state
        self.inflight: list[int] = []  # job indices sent and not yet answered, in order
        self.outstanding = 0  # chunks sent and not yet answered
        self.ran = False

    def current(self) -> tuple[int, float] | None:
        """The job running now and its start time, or ``None`` between jobs or mid-update."""
        start = self.state[1]
        index = int(self.state[0])
        if start == _IDLE or self.state[1] != start or index < 0:
            return None
        return index, start


class ExecPool:
    """``workers`` processes running ``SqliteExecutor.execute``; reuse one pool across batches.

    Jobs go to workers in small chunks (one message each way per chunk, not per job, and a second small
    chunk queued behind the first so workers never wait for the parent); the running job and
    its start time are published in shared memory, so the parent enforces a per-job hard deadline
    (``limits.timeout + grace``). When a worker is killed or dies, its running job gets ``TIMEOUT`` or
    ``EXEC_ERROR`` and its other unfinished jobs are queued again. Callers on several threads (concurrent agent
    rollouts) share the workers: each call takes the idle workers it can use (at least one) and hands them
    back when done, so one rollout's query does not wait for another's. A call finding every worker held
    waits for one at most ``limits.timeout`` (then its jobs get ``TIMEOUT``), so another thread's slow query
    costs it no more than its own timeout. A call that raises (an interrupt) kills the workers it left with
    jobs in flight rather than hand their answers to the next call. ``initializer``: a
    picklable callable run at the start of each worker (register SQL functions there). ``start_method``:
    default ``forkserver`` where available (safe with threads, cheap replacements), else ``spawn``.
    ``max_chunk``: jobs per message.
    """

    def __init__(
        self,
        workers: int = 2,
        *,
        grace: float = 0.5,
        initializer: Callable[[], Any] | None = None,
        start_method: str | None = None,
        max_chunk: int = 32,
    ) -> None:
        if workers < 1:
            raise ValueError("an ExecPool needs at least one worker")
        if start_method is None:
            methods = multiprocessing.get_all_start_methods()
            start_method = "forkserver" if "forkserver" in methods else "spawn"
        self.size = workers
        self.grace = grace
        self.initializer = initializer
        self.max_chunk = max_chunk
        self._ctx = multiprocessing.get_context(start_method)
        # _workers, _idle and the counters change under _idle_changed's lock
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []  # started workers no call holds
        self.replaced = 0  # workers killed or found dead and replaced, for tests and logs
        self._closed = False
        self._stillborn = 0
        self._idle_changed = threading.Condition()
        self._pid = os.getpid()  # a forked child must not use its parent's workers

    def __enter__(self) -> ExecPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        """Process ids of the current workers (for monitoring: CPU time, memory)."""
        return [w.process.pid for w in self._workers]

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        state = self._ctx.Array("d", [-1.0, _IDLE], lock=False)
        process = self._ctx.Process(target=_worker_main, args=(child, state, self.initializer), daemon=True)
        with main_module_hidden():
            process.start()
        child.close()
        return _Worker(process, parent, state)

    def _ensure_started(self) -> None:
        """Start workers up to ``size`` (the first call, and after a call dropped some); caller holds the lock."""
        if self._closed:
            raise RuntimeError("this ExecPool is closed")
        while len(self._workers) < self.size:
            self._workers.append(self._spawn())
            self._idle.append(self._workers[-1])

    @staticmethod
    def _kill(worker: _Worker) -> None:
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        worker.conn.close()

    def _replace(self, worker: _Worker, held: list[_Worker]) -> None:
        """Kill ``worker`` (if alive) and start another in its place, in the pool and in the caller's ``held``."""
        self._kill(worker)
        if not worker.ran:
            with self._idle_changed:
                self._stillborn += 1
                stillborn = self._stillborn
            if stillborn >= 3 * self.size:
                raise RuntimeError(f"SQL pool workers keep dying before running a query (exit code "
                                   f"{worker.process.exitcode}); check the pool initializer")
        new = self._spawn()
        with self._idle_changed:
            self._workers[self._workers.index(worker)] = new
            self.replaced += 1
        held[held.index(worker)] = new

    def run(self, jobs: Sequence[tuple[str, str]], limits: Limits = DEFAULT_LIMITS) -> list[QueryResult]:
        """Execute ``(db_path, sql)`` jobs; results in the same order. Never raises for a job's doing.
        Runs on the idle workers (up to one per job); when another thread's calls hold every worker, waits for
        one at most ``limits.timeout`` (``NO_TIMEOUT_CAP`` when ``None``), after which every job gets ``TIMEOUT``."""
        start = time.monotonic()
        patience = limits.timeout if limits.timeout is not None else NO_TIMEOUT_CAP
        with self._idle_changed:
            self._ensure_started()
            while not self._idle:
                left = start + patience - time.monotonic()
                if left <= 0:
                    waited = time.monotonic() - start
                    message = f"no SQL worker was free within the {patience:g} s timeout (all busy with other calls)"
                    return [failed(Status.TIMEOUT, message, waited) for _ in jobs]
                self._idle_changed.wait(left)
                self._ensure_started()  # a call may have dropped workers it could not hand back
            held = self._idle[:max(1, len(jobs))]
            del self._idle[:len(held)]
        try:
            return self._run(jobs, limits, held)
        finally:
            stale = [w for w in held if w.inflight or w.outstanding]  # _run raised: answers still to come
            for worker in stale:
                self._kill(worker)
            with self._idle_changed:
                for worker in stale:
                    if worker in self._workers:  # not when the pool was closed meanwhile
                        self._workers.remove(worker)  # started again by the next call
                self.replaced += len(stale)
                self._idle.extend(w for w in held if w not in stale)
                self._idle_changed.notify_all()

    def _run(self, jobs: Sequence[tuple[str, str]], limits: Limits, held: list[_Worker]) -> list[QueryResult]:
        """The jobs on the ``held`` workers (replaced in place when one is lost)."""
        results: list[QueryResult | None] = [None] * len(jobs)
        pending = deque(range(len(jobs)))
        hard = (limits.timeout if limits.timeout is not None else NO_TIMEOUT_CAP) + self.grace
        while pending or any(w.inflight for w in held):
            for worker in held:
                # Up to two chunks in flight, so a worker never waits for the parent to wake up; the second
                # only when small, so the parent never blocks on a full pipe while the worker sends results.
                while pending and (worker.outstanding == 0 or (worker.outstanding == 1 and len(pending) > len(held))):
                    size = max(1, min(self.max_chunk, -(-len(pending) // (4 * len(held)))))
                    chunk = [pending.popleft() for _ in range(min(size, len(pending)))]
                    payload = pickle.dumps((limits, [(i, os.fspath(jobs[i][0]), jobs[i][1]) for i in chunk]))
                    if worker.outstanding and len(payload) > PIPELINE_BYTES:
                        pending.extendleft(reversed(chunk))
                        break
                    try:
                        worker.conn.send_bytes(payload)
                    except (OSError, ValueError):  # died while idle: requeue, replace
                        pending.extendleft(reversed(chunk))
                        self._requeue(worker, results, pending)
                        self._replace(worker, held)
                        break
                    worker.inflight.extend(chunk)
                    worker.outstanding += 1
            busy = [w for w in held if w.inflight]
            if not busy:
                continue
            now = time.monotonic()
            deadlines = [running[1] + hard for running in (w.current() for w in busy) if running is not None]
            wait_for = max(0.0, min(deadlines) - now) if deadlines else min(hard, 0.05)
            handles: list[Any] = [w.conn for w in busy] + [w.process.sentinel for w in busy]
            ready = set(wait(handles, timeout=wait_for))
            now = time.monotonic()
            for worker in busy:
                if worker.conn in ready or worker.process.sentinel in ready:
                    try:
                        for index, result in worker.conn.recv():
                            results[index] = result
                        worker.ran = True
                        worker.outstanding -= 1
                        worker.inflight = [i for i in worker.inflight if results[i] is None]
                        continue
                    except (EOFError, OSError, ValueError):
                        worker.process.join(timeout=1)
                        running = worker.current()
                        if running is not None or int(worker.state[0]) >= 0:
                            index = int(worker.state[0])
                            worker.ran = True
                            started = running[1] if running else now
                            results[index] = failed(
                                Status.EXEC_ERROR,
                                f"worker process died (exit code {worker.process.exitcode}) running this query",
                                now - started,
                            )
                        self._requeue(worker, results, pending)
                        self._replace(worker, held)
                        continue
                running = worker.current()
                if running is not None and now >= running[1] + hard:
                    index, started = running
                    worker.ran = True
                    results[index] = failed(
                        Status.TIMEOUT, f"killed after {hard:.1f} s: the query ignored cancellation", now - started
                    )
                    self._requeue(worker, results, pending)
                    self._replace(worker, held)
        return [r if r is not None else failed(Status.EXEC_ERROR, "no result") for r in results]

    @staticmethod
    def _requeue(worker: _Worker, results: list[QueryResult | None], pending: deque[int]) -> None:
        """Jobs in flight on a lost worker that have no result (unsent ones included) run again, first."""
        pending.extendleft(reversed([i for i in worker.inflight if results[i] is None]))
        worker.inflight = []
        worker.outstanding = 0

    def close(self) -> None:
        """Stop the workers (politely, then by force); in a forked child, only forget its parent's."""
        if self._closed:
            return
        self._closed = True
        if self._pid != os.getpid():
            self._workers.clear()
            self._idle.clear()
            return
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
        self._idle.clear()


_shared: dict[tuple[int, Any], ExecPool] = {}
_shared_lock = threading.Lock()


def shared_pool(workers: int, initializer: Callable[[], Any] | None = None) -> ExecPool:
    """A pool kept for the life of the process (closed at exit), so batch after batch reuses warm workers
    and their open connections."""
    key = (workers, initializer)
    with _shared_lock:
        pool = _shared.get(key)
        if pool is None or pool._closed or pool._pid != os.getpid():
            # In a forked child the parent's forkserver is not ours to use: start workers by spawning.
            forked = any(other._pid != os.getpid() for other in _shared.values())
            pool = _shared[key] = ExecPool(workers, initializer=initializer, start_method="spawn" if forked else None)
        return pool


@atexit.register
def _close_shared() -> None:
    for pool in _shared.values():
        pool.close()
    _shared.clear()
