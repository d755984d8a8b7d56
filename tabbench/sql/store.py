"""The run-scoped result store: within one run, each distinct query executes once, whoever asks.

A GRPO run scores the same completions again and again (a policy repeats itself within a group and across
steps), an evaluation scores each prediction with several metrics, and every prompt's gold query is asked for
by each of its completions. ``execute_many`` looks every job up here first, so a query runs once per run
whichever metric, batch or training step asks for it.

Key: the database's identity (resolved path, size, mtime and inode: a changed file is a different database),
the normalised SQL (surrounding whitespace and trailing semicolons removed, as the executor does) and
``Limits.key()``. Memory is bounded by an estimate of the bytes each result holds: the least recently used
results are evicted past the bound, and a result larger than the bound on its own is not kept (it is
recomputed when asked again). The default bound is 1 GB, set by the run's settings
(``tabbench.contract.settings``: ``--result-store-mb``; ``0`` keeps nothing) or per store.

A run also compares the same two results again and again (a repeated completion against its gold, under
each metric): ``compared`` remembers each comparison of two results the store holds, keyed by the metric,
and forgets it when either result is evicted.

Scope: a store lives in one process and one context. The runner opens a fresh one per run (``use_store``,
context-scoped: two runs in two threads keep separate stores; a thread pool inside a run hands its tasks the
run's context through ``tabbench.contract.settings.run_in_context``); elsewhere (a trainer's reward functions,
a notebook) the process-wide store serves, which is one training run's lifetime. Trainer ranks each hold their
own; gold results are shared between processes through the on-disk ``GoldCache``. Thread-safe, and "once"
holds across threads too: ``claim`` hands a query that another thread is running now to its caller as
``Running``, whose result it waits for (concurrent agent rollouts of one GRPO group ask for the same query in
the same turn).
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from tabbench.contract.settings import current_settings
from tabbench.sql.dsn import is_server_target
from tabbench.sql.execute import Limits, QueryResult, normalise_sql

MiB = 1 << 20

#: Estimated Python memory per row tuple, per value, per result and per remembered comparison (CPython 3.11).
_ROW_BYTES, _VALUE_BYTES, _RESULT_BYTES, _COMPARISON_BYTES = 56, 40, 400, 300

Key = tuple[tuple[str, int, int, int], str, str]
T = TypeVar("T")


def configured_max_bytes() -> int:
    """The bound of the run in progress (``Settings.result_store_mb``, ``--result-store-mb``), in bytes."""
    return max(0, int(current_settings().result_store_mb * MiB))


def database_identity(db_path: str) -> tuple[str, int, int, int]:
    """(resolved path, size, mtime, inode) of a database file; raises ``OSError`` when it cannot be read. A
    server's DSN (``tabbench.sql.dsn``) is its own identity: its contents are taken as fixed for a run."""
    if is_server_target(db_path):
        return (db_path, 0, 0, 0)
    path = os.path.realpath(db_path)
    stat = os.stat(path)
    return (path, stat.st_size, stat.st_mtime_ns, stat.st_ino)


#: Rows measured to estimate a result's size (evenly spaced; larger results are extrapolated from them).
_SAMPLE_ROWS = 256


def result_bytes(result: QueryResult) -> int:
    """An estimate of the memory ``result`` holds (rows, values, text), used for the store's bound: exact up
    to ``_SAMPLE_ROWS`` rows, extrapolated from evenly spaced rows beyond, so it costs the same for any size."""
    rows = result.rows
    step = max(1, len(rows) // _SAMPLE_ROWS)
    sampled = rows[::step]
    total = 0
    for row in sampled:
        total += _ROW_BYTES + _VALUE_BYTES * len(row)
        for value in row:
            if value.__class__ is str or value.__class__ is bytes:
                total += len(value)
    scale = len(rows) / len(sampled) if sampled else 0.0
    return _RESULT_BYTES + len(result.error or "") + int(total * scale)


@dataclass
class StoreStats:
    """Claims answered (``hits``: stored, or running in another thread) and not (``misses``), results kept
    (``stored``), evicted past the bound
    (``evicted``) and not kept because one alone exceeded it (``too_big``); comparisons computed and
    answered from memory (``comparisons_reused``)."""

    hits: int = 0
    misses: int = 0
    stored: int = 0
    evicted: int = 0
    too_big: int = 0
    comparisons: int = 0
    comparisons_reused: int = 0


class Running:
    """A query another caller of the store is running now (``ResultStore.claim``)."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._result: QueryResult | None = None

    def wait(self) -> QueryResult | None:
        """Its result, once put; ``None`` when that caller gave up (``release``): claim it again."""
        self._done.wait()
        return self._result

    def _finish(self, result: QueryResult | None) -> None:
        self._result = result
        self._done.set()


class ResultStore:
    """A bounded, thread-safe map from (database identity, normalised SQL, limits) to ``QueryResult``."""

    def __init__(self, max_bytes: int | None = None) -> None:
        self.servers: dict[str, dict[str, Any]] = {}  # redacted DSN -> version and settings (server runs)
        self.max_bytes = configured_max_bytes() if max_bytes is None else max(0, int(max_bytes))
        self.bytes = 0
        self.stats = StoreStats()
        self._entries: OrderedDict[Key, QueryResult] = OrderedDict()
        self._sizes: dict[int, int] = {}  # id(result) -> its estimated bytes
        self._comparisons: dict[tuple[Hashable, int, int], Any] = {}
        self._comparisons_of: dict[int, set[tuple[Hashable, int, int]]] = {}  # id(result) -> its comparisons
        self._running: dict[Key, Running] = {}  # claimed and not yet put or released
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"ResultStore({len(self)} results, {self.bytes / MiB:.1f} of {self.max_bytes / MiB:.0f} MB)"

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def key(identity: tuple[str, int, int, int], sql: str, limits: Limits) -> Key:
        return (identity, normalise_sql(sql), limits.key())

    def claim(self, key: Key) -> QueryResult | Running | None:
        """The stored result; else the ``Running`` of another caller running it now (wait for it, after
        running your own claims); else ``None``: the caller runs it and must ``put`` or ``release`` it."""
        with self._lock:
            result = self._entries.get(key)
            if result is not None:
                self._entries.move_to_end(key)
                self.stats.hits += 1
                return result
            running = self._running.get(key)
            if running is not None:
                self.stats.hits += 1
                return running
            self._running[key] = Running()
            self.stats.misses += 1
            return None

    def release(self, key: Key) -> None:
        """Give up a claim without a result: whoever waits for it claims it again (and one of them runs it).
        Call it only for a claim not put: once put, another caller may hold a new claim of ``key``."""
        with self._lock:
            running = self._running.pop(key, None)
        if running is not None:
            running._finish(None)

    def put(self, key: Key, result: QueryResult) -> None:
        """Keep ``result``, evicting the least recently used past the bound; one over the bound alone is
        not kept. Callers waiting on a claim of ``key`` get ``result`` either way."""
        size = result_bytes(result)
        with self._lock:
            running = self._running.pop(key, None)
            if running is not None:
                running._finish(result)
            old = self._entries.pop(key, None)
            if old is not None:
                self._forget(old)
            if size > self.max_bytes:
                self.stats.too_big += 1
                return
            self._entries[key] = result
            self._sizes[id(result)] = size
            self.bytes += size
            self.stats.stored += 1
            self._evict()

    def compared(self, kind: Hashable, pred: QueryResult, gold: QueryResult,
                 compute: Callable[[QueryResult, QueryResult], T]) -> T:
        """``compute(pred, gold)``, remembered for this pair of stored results under ``kind`` (name the
        metric and every option that changes its value)."""
        key = (kind, id(pred), id(gold))
        with self._lock:
            if key in self._comparisons:
                self.stats.comparisons_reused += 1
                return self._comparisons[key]
        value = compute(pred, gold)
        with self._lock:
            self.stats.comparisons += 1
            if id(pred) in self._sizes and id(gold) in self._sizes and key not in self._comparisons:
                self._comparisons[key] = value
                self._comparisons_of.setdefault(id(pred), set()).add(key)
                self._comparisons_of.setdefault(id(gold), set()).add(key)
                self.bytes += _COMPARISON_BYTES
                self._evict()
        return value

    def _forget(self, result: QueryResult) -> None:
        """Drop a result's accounting and every comparison it took part in (ids may be reused)."""
        self.bytes -= self._sizes.pop(id(result), 0)
        for key in self._comparisons_of.pop(id(result), ()):
            self._comparisons.pop(key)
            self.bytes -= _COMPARISON_BYTES
            _, pred_id, gold_id = key
            other = gold_id if pred_id == id(result) else pred_id
            if other != id(result):
                self._comparisons_of[other].discard(key)

    def _evict(self) -> None:
        while self.bytes > self.max_bytes and self._entries:
            _, result = self._entries.popitem(last=False)
            self._forget(result)
            self.stats.evicted += 1

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._sizes.clear()
            self._comparisons.clear()
            self._comparisons_of.clear()
            self.bytes = 0


_process_store: ResultStore | None = None
_active: contextvars.ContextVar[ResultStore | None] = contextvars.ContextVar("tabbench_result_store", default=None)
_scope_lock = threading.Lock()


def current_store() -> ResultStore:
    """The store of the run in progress in this context (``use_store``), else this process's store (created on
    first use)."""
    global _process_store
    active = _active.get()
    if active is not None:
        return active
    with _scope_lock:
        if _process_store is None:
            _process_store = ResultStore()
        return _process_store


@contextmanager
def use_store(store: ResultStore) -> Iterator[ResultStore]:
    """Make ``store`` the current one in this context for the duration of a run (its results are freed with it)."""
    token = _active.set(store)
    try:
        yield store
    finally:
        _active.reset(token)
