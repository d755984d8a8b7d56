"""Many queries at once, as benchmarks and rewards need them: each distinct query once, gold through the cache.

A GRPO batch holds 8 completions per prompt, often identical, and the same gold query 8 times; a run asks
for the same queries batch after batch and metric after metric. Here each distinct ``(database, sql)`` of a
batch is looked up in the run's ``ResultStore`` (``tabbench.sql.store``), gold queries then in the
persistent ``GoldCache``, and only what is left runs: in a pool of worker processes that kills a query
ignoring cancellation (the default), or in this process (``workers=0``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tabbench.sql.cache import GoldCache, default_cache_dir
from tabbench.sql.dsn import is_server_target
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, default_executor, normalise_sql
from tabbench.sql.pool import ExecPool, shared_pool
from tabbench.sql.server import run_with_servers, server_fingerprint
from tabbench.sql.store import Key, ResultStore, Running, current_store, database_identity
from tabbench.sql.text2sql import configured_workers


@dataclass(frozen=True, slots=True)
class ExecJob:
    """One query to run. ``gold=True`` marks a reference query: its result is cached on disk."""

    db_path: str
    sql: str
    gold: bool = False


@dataclass
class BatchStats:
    """What ``execute_many`` did: ``jobs`` asked, ``distinct`` after deduplication, ``store_hits`` answered by
    the run's result store, ``cache_hits`` gold results read from the disk cache, ``executed`` queries
    actually run, ``seconds`` wall time."""

    jobs: int = 0
    distinct: int = 0
    store_hits: int = 0
    cache_hits: int = 0
    executed: int = 0
    seconds: float = 0.0


_default_cache: GoldCache | None = None


def default_gold_cache() -> GoldCache:
    """The process-wide cache at ``default_cache_dir()``; follows ``TABBENCH_CACHE_DIR`` if it changes."""
    global _default_cache
    directory = default_cache_dir()
    if _default_cache is None or _default_cache.directory != directory:
        _default_cache = GoldCache(directory)
    return _default_cache


CacheArg = GoldCache | Literal[False] | None
StoreArg = ResultStore | Literal[False] | None


def _resolve_cache(cache: CacheArg) -> GoldCache | None:
    if cache is False:
        return None
    return cache if cache is not None else default_gold_cache()


def run_queries(keys: Sequence[tuple[str, str]], limits: Limits, workers: int | ExecPool | None) -> list[QueryResult]:
    """Execute ``(db_path, sql)`` pairs where ``workers`` says (see ``execute_many``), nothing looked up."""
    if workers is None:
        workers = configured_workers()
    if any(is_server_target(db_path) for db_path, _ in keys):  # PostgreSQL / MySQL DSNs: tabbench.sql.server
        return run_with_servers(keys, limits, workers, run_queries)
    if isinstance(workers, ExecPool):
        return workers.run(keys, limits)
    if workers >= 1:
        return shared_pool(workers).run(keys, limits)
    executor = default_executor()
    return [executor.execute(db_path, sql, limits) for db_path, sql in keys]


def execute_many(
    jobs: Sequence[ExecJob],
    limits: Limits = DEFAULT_LIMITS,
    *,
    workers: int | ExecPool | None = None,
    cache: CacheArg = None,
    store: StoreArg = None,
    stats: BatchStats | None = None,
) -> list[QueryResult]:
    """Run every job and return one ``QueryResult`` per job, in order; never raises for what a query does.

    Identical jobs run once (SQL compared after ``normalise_sql``). Each distinct query is looked up in
    ``store`` (``None``: the current run's, ``tabbench.sql.store.current_store()``; ``False``: none), gold
    jobs then in ``cache`` (``None``: the default disk cache; ``False``: none); what runs is kept in both.
    ``workers``: ``None`` is the configured default (``--workers`` / ``TABBENCH_WORKERS``, else one process
    per CPU up to 8); N >= 1 uses the shared pool of N processes, which kills a query that ignores
    cancellation; 0 runs in this process (least overhead, but such a query cannot be stopped); an
    ``ExecPool`` is used as given. ``stats``, when given, is filled in.
    """
    start = time.monotonic()
    batch = _Batch(limits, workers, current_store() if store is None else (store or None), _resolve_cache(cache))
    positions = [batch.add(job) for job in jobs]
    try:
        batch.look_up_store()
        while True:
            batch.run_unanswered()
            if not batch.wait_for_others():
                break
    finally:
        batch.release_claims()
    if stats is not None:
        stats.jobs += len(jobs)
        stats.distinct += len(batch.keys)
        stats.store_hits += batch.store_hits
        stats.cache_hits += batch.cache_hits
        stats.executed += batch.executed
        stats.seconds += time.monotonic() - start
    return batch.answers(positions)


@dataclass
class _Batch:
    """The state of one ``execute_many`` call: its distinct queries (``keys``, one slot each), what is known
    of each slot, and the claims it holds in the run's store.

    A slot is answered by the run's ``store``, by another thread running the same query (``running``: waited
    for once this call's own queries ran), by the gold ``cache``, or by running it. A slot this call claimed
    in the store (``claimed``) must be put or released: a waiting thread depends on it.
    """

    limits: Limits
    workers: int | ExecPool | None
    store: ResultStore | None
    cache: GoldCache | None
    keys: list[tuple[str, str]] = field(default_factory=list)
    is_gold: list[bool] = field(default_factory=list)
    results: list[QueryResult | None] = field(default_factory=list)
    store_keys: dict[int, Key] = field(default_factory=dict)
    running: dict[int, Running] = field(default_factory=dict)
    claimed: set[int] = field(default_factory=set)
    store_hits: int = 0
    cache_hits: int = 0
    executed: int = 0
    _index: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, job: ExecJob) -> int:
        """The slot of ``job``: identical queries (SQL compared after ``normalise_sql``) share one."""
        key = (os.fspath(job.db_path), normalise_sql(job.sql))
        slot = self._index.get(key)
        if slot is None:
            slot = self._index[key] = len(self.keys)
            self.keys.append(key)
            self.is_gold.append(job.gold)
            self.results.append(None)
        elif job.gold:
            self.is_gold[slot] = True
        return slot

    def look_up_store(self) -> None:
        """Claim every slot in the run's store (one stat per database per batch)."""
        if self.store is None:
            return
        identities: dict[str, tuple[str, int, int, int] | None] = {}
        limits_key = self.limits.key()
        for slot, (db_path, sql) in enumerate(self.keys):
            if db_path not in identities:
                try:
                    identities[db_path] = database_identity(db_path)
                except OSError:  # missing database: executing reports it, nothing to keep
                    identities[db_path] = None
            identity = identities[db_path]
            if identity is not None:
                self.store_keys[slot] = (identity, sql, limits_key)
                self._claim(self.store, slot)

    def _claim(self, store: ResultStore, slot: int) -> None:
        """A stored result fills ``slot`` (a hit); another thread's run goes to ``running``; else the slot is
        this call's to run, put and release (``claimed``)."""
        found = store.claim(self.store_keys[slot])
        if isinstance(found, Running):
            self.running[slot] = found
        elif found is not None:
            self.results[slot] = found
            self.store_hits += 1
        else:
            self.claimed.add(slot)

    def _answer(self, slot: int, result: QueryResult) -> None:
        """Fill ``slot``; a result put in the store leaves ``claimed``."""
        self.results[slot] = result
        if self.store is not None and slot in self.store_keys:
            self.store.put(self.store_keys[slot], result)
            self.claimed.discard(slot)

    def run_unanswered(self) -> None:
        """Fill in the slots neither the store nor another thread answers: gold from the cache, the rest run."""
        cache_keys = self._gold_cache_keys()
        if cache_keys and self.cache is not None:
            found = self.cache.get_many(list(cache_keys.values()))
            for slot, cache_key in cache_keys.items():
                if cache_key in found:
                    self._answer(slot, found[cache_key])
                    self.cache_hits += 1
        todo = [slot for slot, result in enumerate(self.results) if result is None and slot not in self.running]
        if not todo:
            return
        ran = run_queries([self.keys[slot] for slot in todo], self.limits, self.workers)
        for slot, result in zip(todo, ran, strict=True):
            self._answer(slot, result)
        self.executed += len(todo)
        if self.cache is not None:
            self.cache.put_many((cache_keys[slot], result) for slot, result in zip(todo, ran, strict=True)
                                if slot in cache_keys)

    def _gold_cache_keys(self) -> dict[int, str]:
        """The gold cache's key of each unanswered gold slot whose database can be read (hashed once)."""
        if self.cache is None:
            return {}
        keys: dict[int, str] = {}
        file_hashes: dict[str, str | None] = {}
        for slot, gold in enumerate(self.is_gold):
            if not gold or self.results[slot] is not None or slot in self.running:
                continue
            db_path = self.keys[slot][0]
            if db_path not in file_hashes:
                try:
                    file_hashes[db_path] = (server_fingerprint(db_path) if is_server_target(db_path)
                                            else self.cache.file_hash(db_path))
                except OSError:
                    file_hashes[db_path] = None
            digest = file_hashes[db_path]
            if digest is not None:
                keys[slot] = self.cache.key(db_path, self.keys[slot][1], self.limits, file_hash=digest)
        return keys

    def wait_for_others(self) -> bool:
        """Wait for the slots other threads were running (ours are all put: nobody waits for us meanwhile);
        True when one came back unanswered (its runner gave up) and is this call's to run now."""
        if not self.running or self.store is None:
            return False
        waited, self.running = self.running, {}
        for slot, other in waited.items():
            result = other.wait()
            if result is not None:
                self.results[slot] = result
                self.store_hits += 1
            else:  # its runner gave up: claim it again, and run it if nobody else has
                self._claim(self.store, slot)
        return True

    def release_claims(self) -> None:
        """Release the claims not put (failed, or interrupted): a waiting thread claims them again."""
        if self.store is not None:
            for slot in self.claimed:
                self.store.release(self.store_keys[slot])

    def answers(self, positions: Sequence[int]) -> list[QueryResult]:
        """The result of each job, by its slot; every slot is answered once the loop is done."""
        out = []
        for slot in positions:
            result = self.results[slot]
            if result is None:
                raise RuntimeError(f"execute_many left query {self.keys[slot]!r} unanswered")
            out.append(result)
        return out


def execute_gold(
    db_path: str | os.PathLike[str], sql: str, limits: Limits = DEFAULT_LIMITS, *, cache: CacheArg = None
) -> QueryResult:
    """Run one reference query (trusted: in this process) through the run's store and the gold cache."""
    return execute_many([ExecJob(os.fspath(db_path), sql, gold=True)], limits, workers=0, cache=cache)[0]
