"""Turn sample records into a benchmark's entry in ``results.json``.

Each metric is the mean of its reward's values over the applicable samples (those whose gold side did
not fail), with the standard error of that mean. Breakdowns repeat every metric per value of each
breakdown key. Status counts are those of the primary metric, so unparseable output is visible next to
the score rather than hidden inside it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from tabbench.contract.types import SampleRecord


def mean_and_stderr(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, None
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def summarize(records: Sequence[SampleRecord], metric_names: Sequence[str]) -> dict[str, Any]:
    """Mean, stderr and counts of each metric over ``records``."""
    summary: dict[str, Any] = {}
    for name in metric_names:
        values = [r.scores[name]["value"] for r in records if r.scores.get(name, {}).get("value") is not None]
        mean, stderr = mean_and_stderr(values)
        summary[name] = {"value": mean, "stderr": stderr, "n": len(values), "n_excluded": len(records) - len(values)}
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
