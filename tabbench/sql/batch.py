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
from dataclasses import dataclass
from typing import Literal

from tabbench.sql.cache import GoldCache, default_cache_dir
from tabbench.sql.dsn import is_server_target
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, default_executor, normalise_sql
from tabbench.sql.pool import ExecPool, shared_pool
from tabbench.sql.server import run_with_servers, server_fingerprint
from tabbench.sql.store import ResultStore, Running, current_store, database_identity
from tabbench.sql.text2sql import env_workers


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
        workers = env_workers()
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
    gold_cache = _resolve_cache(cache)
    run_store = current_store() if store is None else (store or None)
    keys: list[tuple[str, str]] = []
    index: dict[tuple[str, str], int] = {}
    is_gold: list[bool] = []
    positions: list[int] = []
    for job in jobs:
        key = (os.fspath(job.db_path), normalise_sql(job.sql))
        slot = index.get(key)
        if slot is None:
            slot = index[key] = len(keys)
            keys.append(key)
            is_gold.append(job.gold)
        elif job.gold:
            is_gold[slot] = True
        positions.append(slot)

    results: list[QueryResult | None] = [None] * len(keys)
    store_keys: dict[int, tuple] = {}
    running: dict[int, Running] = {}  # slots another thread is running now: waited for once ours are done
    claimed: set[int] = set()  # slots this call must put or release (a waiting thread depends on it)
    store_hits = 0
    try:
        if run_store is not None:
            identities: dict[str, tuple[str, int, int, int] | None] = {}  # one stat per database per batch
            limits_key = limits.key()
            for slot, (db_path, sql) in enumerate(keys):
                if db_path not in identities:
                    try:
                        identities[db_path] = database_identity(db_path)
                    except OSError:  # missing database: executing reports it, nothing to keep
                        identities[db_path] = None
                identity = identities[db_path]
                if identity is not None:
                    store_keys[slot] = (identity, sql, limits_key)
                    store_hits += _claim(run_store, slot, store_keys[slot], results, running, claimed)
        while True:
            _run_unanswered(keys, is_gold, results, running, store_keys, run_store, claimed, gold_cache, limits,
                            workers, stats)
            if not running:
                break
            waited, running = running, {}
            for slot, other in waited.items():  # ours are all put: no thread waits for us while we wait
                result = other.wait()
                if result is not None:
                    results[slot] = result
                    store_hits += 1
                else:  # its runner gave up: claim it again, and run it if nobody else has
                    store_hits += _claim(run_store, slot, store_keys[slot], results, running, claimed)  # type: ignore[arg-type]
    finally:
        for slot in claimed:  # not put (failed, or interrupted): a waiting thread claims it again
            run_store.release(store_keys[slot])  # type: ignore[union-attr,arg-type]

    if stats is not None:
        stats.jobs += len(jobs)
        stats.distinct += len(keys)
        stats.store_hits += store_hits
        stats.seconds += time.monotonic() - start
    return [results[slot] for slot in positions]  # type: ignore[misc]


def _claim(run_store: ResultStore, slot: int, key: tuple, results: list[QueryResult | None],
           running: dict[int, Running], claimed: set[int]) -> int:
    """Look ``slot`` up in the store: a stored result fills it (returns 1, a hit); another thread's run goes to
    ``running``; else the slot is this call's to run, put and release (``claimed``)."""
    found = run_store.claim(key)  # type: ignore[arg-type]
    if isinstance(found, Running):
        running[slot] = found
    elif found is not None:
        results[slot] = found
        return 1
    else:
        claimed.add(slot)
    return 0


def _run_unanswered(keys: list[tuple[str, str]], is_gold: list[bool], results: list[QueryResult | None],
                    running: dict[int, Running], store_keys: dict[int, tuple], run_store: ResultStore | None,
                    claimed: set[int], gold_cache: GoldCache | None, limits: Limits,
                    workers: int | ExecPool | None, stats: BatchStats | None) -> None:
    """Fill in the slots neither the store nor another thread answers: gold from the cache, the rest run; each
    result put in the store leaves ``claimed``."""
    cache_keys: dict[int, str] = {}
    hits = 0
    if gold_cache is not None:
        file_hashes: dict[str, str | None] = {}
        for slot, gold in enumerate(is_gold):
            if not gold or results[slot] is not None or slot in running:
                continue
            db_path = keys[slot][0]
            if db_path not in file_hashes:
                try:
                    file_hashes[db_path] = (server_fingerprint(db_path) if is_server_target(db_path)
                                            else gold_cache.file_hash(db_path))
                except OSError:
                    file_hashes[db_path] = None
            digest = file_hashes[db_path]
            if digest is not None:
                cache_keys[slot] = gold_cache.key(db_path, keys[slot][1], limits, file_hash=digest)
        found_gold = gold_cache.get_many(list(cache_keys.values())) if cache_keys else {}
        for slot, cache_key in cache_keys.items():
            if cache_key in found_gold:
                results[slot] = found_gold[cache_key]
                hits += 1
                if run_store is not None and slot in store_keys:
                    run_store.put(store_keys[slot], found_gold[cache_key])  # type: ignore[arg-type]
                    claimed.discard(slot)

    todo = [slot for slot, result in enumerate(results) if result is None and slot not in running]
    if todo:
        ran = run_queries([keys[slot] for slot in todo], limits, workers)
        for slot, result in zip(todo, ran, strict=True):
            results[slot] = result
            if run_store is not None and slot in store_keys:
                run_store.put(store_keys[slot], result)  # type: ignore[arg-type]
                claimed.discard(slot)
        if gold_cache is not None:
            gold_cache.put_many((cache_keys[slot], results[slot]) for slot in todo if slot in cache_keys)  # type: ignore[misc]

    if stats is not None:
        stats.cache_hits += hits
        stats.executed += len(todo)


def execute_gold(
    db_path: str | os.PathLike[str], sql: str, limits: Limits = DEFAULT_LIMITS, *, cache: CacheArg = None
) -> QueryResult:
    """Run one reference query (trusted: in this process) through the run's store and the gold cache."""
    return execute_many([ExecJob(os.fspath(db_path), sql, gold=True)], limits, workers=0, cache=cache)[0]
