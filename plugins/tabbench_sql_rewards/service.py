"""Adapter between these rewards and the host's SQL execution service (``tabbench.sql``).

One batch of rewards becomes one call here: every distinct ``(database, query)`` pair runs once, so the
gold query of a prompt runs once for its whole group and identical completions in a group execute once.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.sql import Limits, QueryResult, execute_sqlite

Job = tuple[str, str]  # (database path, SQL)


def run_distinct(jobs: Sequence[Job], limits: Limits, workers: int | None = None) -> dict[Job, QueryResult]:
    """Execute each distinct job once; returns the result of every job keyed by ``(db, sql)``."""
    distinct = list(dict.fromkeys(jobs))
    return {job: execute_sqlite(job[0], job[1], limits) for job in distinct}
