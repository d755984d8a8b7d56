"""How far apart two runs are, with a 95% confidence interval whose clusters say what counts as one piece of
evidence: the difference in accuracy (points) on the paired items, its cluster-robust standard error, and
Student's t on clusters - 1 degrees of freedom.

Why: McNemar's p says whether two runs differ on these questions, not by how much; and items are not independent
draws. Questions on one database share its schema and succeed or fail together, and Spider's test is
cross-database (the unit drawn is the database), so a board clusters by database (``db_id`` in the records'
``meta``) where the records carry one; across training seeds one question is asked once per seed, so those
(question, seed) items are clustered at least by question.

Estimator: items ``d`` in {+1, 0, -1} (won, same, lost), ``D`` their mean; variance ``G / (G - 1) * sum_g
(sum_{i in g} (d_i - D))^2 / N^2`` over ``G`` clusters of ``N`` items in all (CR1, what Stata's ``regress, vce
(cluster)`` and statsmodels' cluster covariance give for an intercept-only model); interval ``D +- t(0.975, G - 1)
* SE``. With one item per cluster it is the usual paired standard error times sqrt(n / (n - 1)). It describes these
seeds' runs: the spread between training seeds is the seed-level test's business (``across_seeds``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tabbench.evaluation.runfolder import read_records
from tabbench.reporting.distributions import t_quantile

LEVEL = 0.95
DATABASE = "database"
QUESTION = "question"


@dataclass(frozen=True)
class Interval:
    """A paired difference in points (new - old) with its clustered confidence interval."""

    difference: float
    low: float
    high: float
    se: float
    clusters: int
    items: int
    by: str  # what a cluster is: "database" or "question"

    def text(self) -> str:
        """``+2.3 [-0.4, +5.0]``: the difference and the interval, in points."""
        return f"{self.difference:+.1f} [{self.low:+.1f}, {self.high:+.1f}]"

    def to_json(self) -> dict[str, float | int | str]:
        return {"difference": self.difference, "low": self.low, "high": self.high, "se": self.se,
                "clusters": self.clusters, "items": self.items, "by": self.by, "level": LEVEL}


def clustered_interval(items: Iterable[tuple[str, int]], by: str) -> Interval | None:
    """The interval of the mean of ``items`` (``(cluster, d)`` with ``d`` in {+1, 0, -1}), in points; ``None``
    with fewer than two clusters (no spread between clusters to estimate)."""
    totals: dict[str, float] = {}
    sizes: dict[str, int] = {}
    for cluster, d in items:
        totals[cluster] = totals.get(cluster, 0.0) + d
        sizes[cluster] = sizes.get(cluster, 0) + 1
    n, g = sum(sizes.values()), len(sizes)
    if g < 2:
        return None
    mean = sum(totals.values()) / n
    spread = sum((totals[c] - sizes[c] * mean) ** 2 for c in totals)
    se = math.sqrt(g / (g - 1) * spread) / n
    half = t_quantile((1 + LEVEL) / 2, g - 1) * se
    return Interval(100 * mean, 100 * (mean - half), 100 * (mean + half), 100 * se, g, n, by)


def databases(records: Iterable[Mapping[str, object]]) -> dict[str, str]:
    """``id -> db_id`` of the records whose ``meta`` names a database."""
    found = {}
    for record in records:
        meta = record.get("meta")
        db = meta.get("db_id") if isinstance(meta, Mapping) else None
        if isinstance(db, str) and db:
            found[str(record.get("id"))] = db
    return found


def item_databases(run_dir: Path, benchmark: str) -> dict[str, str]:
    """``databases`` of ``RUN_DIR/samples/<benchmark>.jsonl``, read by the run-folder reader as
    ``paired.item_verdicts`` reads it."""
    return databases(read_records(run_dir, benchmark, required=True))


def paired_items(pairs: Sequence[tuple[Mapping[str, bool | None], Mapping[str, bool | None]]],
                 database_of: Mapping[str, str], by: str = DATABASE) -> tuple[list[tuple[str, int]], str]:
    """The ``(cluster, d)`` items of one or more (old, new) verdict maps (one per seed, ``d`` = new - old) and what
    a cluster is: ``by`` database when every paired item's database is known (``database_of``), else by
    question. Items either run found not applicable (``None``) or only one run holds are left out, as in
    ``paired.flips``."""
    found = []
    for old, new in pairs:
        for sample_id, before in old.items():
            after = new.get(sample_id)
            if before is not None and after is not None:
                found.append((sample_id, int(after) - int(before)))
    if by == DATABASE and found and all(sample_id in database_of for sample_id, _ in found):
        return [(database_of[sample_id], d) for sample_id, d in found], DATABASE
    return found, QUESTION
