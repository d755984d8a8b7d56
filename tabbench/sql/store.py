"""The run-scoped result store: within one run, each distinct query executes once, whoever asks.

A GRPO run scores the same completions again and again (a policy repeats itself within a group and across
steps), an evaluation scores each prediction with several metrics, and every prompt's gold query is asked for
by each of its completions. ``execute_many`` looks every job up here first, so a query runs once per run
whichever metric, batch or training step asks for it.

Key: the database's identity (resolved path, size, mtime and inode: a changed file is a different database),
the normalised SQL (surrounding whitespace and trailing semicolons removed, as the executor does) and
``Limits.key()``. Memory is bounded by an estimate of the bytes each result holds: the least recently used
results are evicted past the bound, and a result larger than the bound on its own is not kept (it is
recomputed when asked again). The default bound is 1 GB, set by ``TABBENCH_RESULT_STORE_MB`` (``0`` keeps
nothing) or per store.

Scope: a store lives in one process. The runner opens a fresh one per ``tabbench eval``/``score`` run
(``use_store``); elsewhere (a trainer's reward functions, a notebook) the process-wide store serves, which is
one training run's lifetime. Trainer ranks each hold their own; gold results are shared between processes
through the on-disk ``GoldCache``. Thread-safe.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tabbench.sql.execute import Limits, QueryResult, normalise_sql

MiB = 1 << 20

#: Default bound on the bytes of results a store keeps.
DEFAULT_MAX_MB = 1024

#: Estimated Python memory per row tuple, per value, per text character and per result (CPython 3.11).
_ROW_BYTES, _VALUE_BYTES, _RESULT_BYTES = 56, 40, 400

Key = tuple[tuple[str, int, int, int], str, str]


def env_max_bytes() -> int:
    """The bound from ``TABBENCH_RESULT_STORE_MB`` (MB; the default 1024 when unset or not a number)."""
    text = os.environ.get("TABBENCH_RESULT_STORE_MB", "")
    try:
        mb = float(text) if text.strip() else DEFAULT_MAX_MB
    except ValueError:
        mb = DEFAULT_MAX_MB
    return max(0, int(mb * MiB))


def database_identity(db_path: str) -> tuple[str, int, int, int]:
    """(resolved path, size, mtime, inode) of a database file; raises ``OSError`` when it cannot be read. A
    server's address (``scheme://...``) is its own identity: its contents are taken as fixed for a run."""
    if "://" in db_path:
        return (db_path, 0, 0, 0)
    path = os.path.realpath(db_path)
    stat = os.stat(path)
    return (path, stat.st_size, stat.st_mtime_ns, stat.st_ino)


def result_bytes(result: QueryResult) -> int:
    """An estimate of the memory ``result`` holds (rows, values, text), used for the store's bound."""
    total = _RESULT_BYTES + len(result.error or "")
    for row in result.rows:
        total += _ROW_BYTES + _VALUE_BYTES * len(row)
        for value in row:
            if value.__class__ is str or value.__class__ is bytes:
                total += len(value)
    return total


@dataclass
class StoreStats:
    """Lookups answered (``hits``) and not (``misses``), results kept (``stored``), evicted past the bound
    (``evicted``) and not kept because one alone exceeded it (``too_big``)."""

    hits: int = 0
    misses: int = 0
    stored: int = 0
    evicted: int = 0
    too_big: int = 0


class ResultStore:
    """A bounded, thread-safe map from (database identity, normalised SQL, limits) to ``QueryResult``."""

    def __init__(self, max_bytes: int | None = None) -> None:
        self.max_bytes = env_max_bytes() if max_bytes is None else max(0, int(max_bytes))
        self.bytes = 0
        self.stats = StoreStats()
        self._entries: OrderedDict[Key, tuple[QueryResult, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"ResultStore({len(self)} results, {self.bytes / MiB:.1f} of {self.max_bytes / MiB:.0f} MB)"

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def key(identity: tuple[str, int, int, int], sql: str, limits: Limits) -> Key:
        return (identity, normalise_sql(sql), limits.key())

    def get(self, key: Key) -> QueryResult | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.stats.misses += 1
                return None
            self._entries.move_to_end(key)
            self.stats.hits += 1
            return entry[0]

    def put(self, key: Key, result: QueryResult) -> None:
        """Keep ``result``, evicting the least recently used past the bound; one over the bound alone is
        not kept."""
        size = result_bytes(result)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if size > self.max_bytes:
                self.stats.too_big += 1
                return
            self._entries[key] = (result, size)
            self.bytes += size
            self.stats.stored += 1
            while self.bytes > self.max_bytes:
                _, (_, evicted) = self._entries.popitem(last=False)
                self.bytes -= evicted
                self.stats.evicted += 1

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


_process_store: ResultStore | None = None
_active: ResultStore | None = None
_scope_lock = threading.Lock()


def current_store() -> ResultStore:
    """The store of the run in progress (``use_store``), else this process's store (created on first use)."""
    global _process_store
    if _active is not None:
        return _active
    with _scope_lock:
        if _process_store is None:
            _process_store = ResultStore()
        return _process_store


@contextmanager
def use_store(store: ResultStore) -> Iterator[ResultStore]:
    """Make ``store`` the current one for the duration of a run (its results are freed with it)."""
    global _active
    previous, _active = _active, store
    try:
        yield store
    finally:
        _active = previous
