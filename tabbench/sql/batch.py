"""Many queries at once, as benchmarks and rewards need them: deduplicated, gold through the cache.

A GRPO batch holds 8 completions per prompt, often identical, and the same gold query 8 times. Here each
distinct ``(database, sql)`` runs once, gold queries are looked up in the persistent ``GoldCache`` first,
and what is left runs in this process (``workers`` 0 or 1) or in a shared ``ExecPool``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tabbench.sql.cache import GoldCache, default_cache_dir
from tabbench.sql.execute import DEFAULT_LIMITS, Limits, QueryResult, default_executor
from tabbench.sql.pool import ExecPool, shared_pool


@dataclass(frozen=True, slots=True)
class ExecJob:
    """One query to run. ``gold=True`` marks a reference query: its result is cached on disk."""

    db_path: str
    sql: str
    gold: bool = False


@dataclass
class BatchStats:
    """What ``execute_many`` did: ``jobs`` asked, ``distinct`` after deduplication, ``cache_hits`` gold
    results read from the cache, ``executed`` queries actually run, ``seconds`` wall time."""

    jobs: int = 0
    distinct: int = 0
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


def _resolve_cache(cache: CacheArg) -> GoldCache | None:
    if cache is False:
        return None
    return cache if cache is not None else default_gold_cache()


def execute_many(
    jobs: Sequence[ExecJob],
    limits: Limits = DEFAULT_LIMITS,
    *,
    workers: int | ExecPool = 0,
    cache: CacheArg = None,
    stats: BatchStats | None = None,
) -> list[QueryResult]:
    """Run every job and return one ``QueryResult`` per job, in order; never raises for what a query does.

    Identical ``(db_path, sql)`` jobs run once (the SQL is compared after stripping surrounding whitespace).
    Gold jobs are read from and written to ``cache`` (``None``: the default cache; ``False``: no cache).
    ``workers``: 0 or 1 runs in this process (fastest for cheap queries, but a query that ignores
    cancellation cannot be stopped); N > 1 uses a shared pool of N processes; an ``ExecPool`` is used as
    given. ``stats``, when given, is filled in.
    """
    start = time.monotonic()
    gold_cache = _resolve_cache(cache)
    keys: list[tuple[str, str]] = []
    index: dict[tuple[str, str], int] = {}
    is_gold: list[bool] = []
    positions: list[int] = []
    for job in jobs:
        key = (os.fspath(job.db_path), job.sql.strip())
        slot = index.get(key)
        if slot is None:
            slot = index[key] = len(keys)
            keys.append(key)
            is_gold.append(job.gold)
        elif job.gold:
            is_gold[slot] = True
        positions.append(slot)

    results: list[QueryResult | None] = [None] * len(keys)
    cache_keys: dict[int, str] = {}
    hits = 0
    if gold_cache is not None:
        file_hashes: dict[str, str | None] = {}  # one stat per database per batch
        for slot, gold in enumerate(is_gold):
            if not gold:
                continue
            db_path = keys[slot][0]
            if db_path not in file_hashes:
                try:
                    file_hashes[db_path] = gold_cache.file_hash(db_path)
                except OSError:  # missing database: executing reports it, nothing to cache
                    file_hashes[db_path] = None
            digest = file_hashes[db_path]
            if digest is not None:
                cache_keys[slot] = gold_cache.key(db_path, keys[slot][1], limits, file_hash=digest)
        found = gold_cache.get_many(list(cache_keys.values()))
        for slot, cache_key in cache_keys.items():
            if cache_key in found:
                results[slot] = found[cache_key]
                hits += 1

    todo = [slot for slot, result in enumerate(results) if result is None]
    if todo:
        if isinstance(workers, ExecPool):
            ran = workers.run([keys[slot] for slot in todo], limits)
        elif workers > 1:
            ran = shared_pool(workers).run([keys[slot] for slot in todo], limits)
        else:
            executor = default_executor()
            ran = [executor.execute(keys[slot][0], keys[slot][1], limits) for slot in todo]
        for slot, result in zip(todo, ran, strict=True):
            results[slot] = result
        if gold_cache is not None:
            gold_cache.put_many((cache_keys[slot], results[slot]) for slot in todo if slot in cache_keys)  # type: ignore[misc]

    if stats is not None:
        stats.jobs += len(jobs)
        stats.distinct += len(keys)
        stats.cache_hits += hits
        stats.executed += len(todo)
        stats.seconds += time.monotonic() - start
    return [results[slot] for slot in positions]  # type: ignore[misc]


def execute_gold(
    db_path: str | os.PathLike[str], sql: str, limits: Limits = DEFAULT_LIMITS, *, cache: CacheArg = None
) -> QueryResult:
    """Run one reference query in this process through the gold cache."""
    return execute_many([ExecJob(os.fspath(db_path), sql, gold=True)], limits, cache=cache)[0]
