"""Adapter between these rewards and the host's SQL execution service (``tabbench.sql.execute_many``).

One batch of rewards becomes one ``execute_many`` call: every distinct ``(database, query)`` is looked up in
the run's result store and runs at most once per run (the gold of a prompt once for all its completions,
read from the persistent gold cache when it ran before; a completion repeated in a group, across steps, or
scored by several rewards, once).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.sql import BatchStats, ExecJob, Limits, QueryResult, execute_many


def run_jobs(jobs: Sequence[ExecJob], limits: Limits, workers: int | None = None, gold_cache: bool = True,
             stats: BatchStats | None = None) -> list[QueryResult]:
    """One result per job, in order. ``workers``: ``None`` the host's default (``--workers``, else a pool of
    one process per CPU); 0 in this process; N >= 1 the shared pool of N processes."""
    return execute_many(list(jobs), limits, workers=None if workers is None else int(workers),
                        cache=None if gold_cache else False, stats=stats)
