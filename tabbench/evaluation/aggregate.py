"""Turn sample records into a benchmark's entry in ``results.json``.

Each metric is the mean of its reward's values over the applicable samples (those whose gold side did
not fail), with the standard error of that mean and its own status counts (a reward that failed counts
``reward_error`` and keeps its first error). Breakdowns repeat every metric per value of each
breakdown key. The benchmark's status counts are those of the primary metric, so unparseable output is visible
next to the score rather than hidden inside it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from tabbench.contract.types import SampleRecord, Status

REWARD_ERROR = Status.REWARD_ERROR.value


def mean_and_stderr(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, None
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


#: Characters of a reward's own error kept in a metric's summary (``reward_error.error``).
ERROR_CHARS = 300


def summarize(records: Sequence[SampleRecord], metric_names: Sequence[str]) -> dict[str, Any]:
    """Mean, stderr and counts of each metric over ``records``, each metric's status counts and, when its reward
    failed (``reward_error``), the first failing sample and the reward's error, so a failing reward says so
    instead of reading as a score of 0."""
    summary: dict[str, Any] = {}
    for name in metric_names:
        scores = [r.scores.get(name) or {} for r in records]
        values = [s["value"] for s in scores if s.get("value") is not None]
        mean, stderr = mean_and_stderr(values)
        statuses = Counter(str(s.get("status")) for s in scores if s)
        summary[name] = {"value": mean, "stderr": stderr, "n": len(values), "n_excluded": len(records) - len(values),
                         "status_counts": dict(sorted(statuses.items()))}
        failed = next(((r, s) for r, s in zip(records, scores, strict=True) if s.get("status") == REWARD_ERROR),
                      None)
        if failed is not None:
            error = (failed[1].get("details") or {}).get("error")
            summary[name]["reward_error"] = {"id": failed[0].id, "error": str(error or "")[:ERROR_CHARS]}
    return summary


def aggregate(
    records: Sequence[SampleRecord], metric_names: Sequence[str], primary: str, breakdown_keys: Sequence[str]
) -> dict[str, Any]:
    """The per-benchmark block of ``results.json``: n, primary_metric, metrics, breakdown, status_counts."""
    metrics = summarize(records, metric_names)
    breakdown: dict[str, dict[str, Any]] = {}
    for key in breakdown_keys:
        groups: dict[str, list[SampleRecord]] = defaultdict(list)
        for record in records:
            groups[str(record.meta.get(key, "unknown"))].append(record)
        breakdown[key] = {
            level: {"n": len(group), "metrics": {m: v["value"] for m, v in summarize(group, metric_names).items()}}
            for level, group in sorted(groups.items())
        }
    return {
        "n": len(records),
        "primary_metric": {"name": primary, "value": metrics[primary]["value"], "stderr": metrics[primary]["stderr"]},
        "metrics": metrics,
        "breakdown": breakdown,
        "status_counts": dict(sorted(Counter(r.status for r in records).items())),
    }
