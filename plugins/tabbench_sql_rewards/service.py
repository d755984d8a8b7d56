"""Adapter between these rewards and the host's SQL execution service (``tabbench.sql.execute_many``).

One batch of rewards becomes one ``execute_many`` call: every distinct ``(database, query)`` runs once, so
the gold query of a prompt runs once for its whole group (and is read from the persistent gold cache when
it ran before), and identical completions in a group execute once.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.sql import BatchStats, ExecJob, Limits, QueryResult, execute_many


def run_jobs(jobs: Sequence[ExecJob], limits: Limits, workers: int | None = None, gold_cache: bool = True,
             stats: BatchStats | None = None) -> list[QueryResult]:
    """One result per job, in order. ``workers``: 0/None in this process, N > 1 the shared process pool."""
    return execute_many(list(jobs), limits, workers=int(workers or 0), cache=None if gold_cache else False,
                        stats=stats)
