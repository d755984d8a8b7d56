"""Sample records read back from someone else's run folder are checked, not trusted (``tabbench merge``).

A merge computes the run's results from its shards' records without scoring anything again, so an edited
record would change the merged numbers silently. What every reward guarantees is checked instead, per record
and per metric over the merged records:

- every status is one of ``Status``, every value a finite number, and the value is ``None`` exactly when the
  status says the sample is not applicable;
- the record's ``status`` and ``score`` are its primary metric's (the runner writes them so), and its ``meta``
  is its example's (the breakdowns are computed from it);
- a passing status (``match``, ``empty_both``) scores above every failing one (``mismatch``, ``parse_fail``,
  ...) of the same metric: a ``match`` beside an EX of 0 is an edit, not a verdict;
- each shard's records give back the shard's own ``results.json``: its ``n``, status counts and every metric's
  mean (``check_against_results``).

Records and results edited together, consistently and within these rules, are beyond what a merge can see
without scoring again: ``tabbench score`` on the merged predictions is the check that trusts nothing.

A failure is a ``RunStoreError`` naming the file, the record and the metric.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabbench.contract.errors import RunStoreError
from tabbench.contract.types import SampleRecord, Status

PASSING = frozenset({Status.MATCH, Status.EMPTY_BOTH})
FAILING = frozenset({Status.MISMATCH, Status.PARSE_FAIL, Status.FORMAT_ERROR, Status.NO_SQL, Status.EXEC_ERROR,
                     Status.TIMEOUT, Status.FORBIDDEN, Status.PROMPT_TOO_LONG})
_STATUSES = {s.value: s for s in Status}


def checked_score(where: str, status: Any, value: Any) -> Status:
    """The ``Status`` of one recorded score, after checking it agrees with its value; else ``RunStoreError``."""
    if not isinstance(status, str) or status not in _STATUSES:
        raise RunStoreError(f"{where}: unknown status {status!r}")
    known = _STATUSES[status]
    if value is None:
        if not known.not_applicable:
            raise RunStoreError(f"{where}: status {status!r} without a value (only a not-applicable sample has none)")
        return known
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RunStoreError(f"{where}: value {value!r} is not a finite number")
    if known.not_applicable:
        raise RunStoreError(f"{where}: status {status!r} (not applicable) beside the value {value!r}")
    return known


def check_records(benchmark: str, records: Sequence[tuple[Path | str, SampleRecord]], primary: str,
                  examples: Mapping[str, Any]) -> None:
    """Check ``records`` (each with the file it came from) of ``benchmark`` whose primary metric is ``primary``;
    ``examples`` maps ids to the run's examples (their ``meta``)."""
    best_failing: dict[str, tuple[float, str]] = {}
    worst_passing: dict[str, tuple[float, str]] = {}
    for file, record in records:
        where = f"{file}: record {record.id!r}"
        if not isinstance(record.scores, dict) or not isinstance(record.scores.get(primary), dict):
            raise RunStoreError(f"{where}: no score of the primary metric {primary!r}")
        for metric, score in record.scores.items():
            if not isinstance(score, dict):
                raise RunStoreError(f"{where}: score {metric!r} is not an object")
            status = checked_score(f"{where}, metric {metric!r}", score.get("status"), score.get("value"))
            value = score.get("value")
            if status in PASSING and (metric not in worst_passing or value < worst_passing[metric][0]):
                worst_passing[metric] = (value, record.id)
            if status in FAILING and (metric not in best_failing or value > best_failing[metric][0]):
                best_failing[metric] = (value, record.id)
        top = record.scores[primary]
        if (record.status, record.score) != (top.get("status"), top.get("value")):
            raise RunStoreError(f"{where}: status {record.status!r} and score {record.score!r} are not its primary "
                                f"metric {primary!r}'s ({top.get('status')!r}, {top.get('value')!r})")
        example = examples.get(record.id)
        if example is not None and record.meta != example.meta:
            raise RunStoreError(f"{where}: meta {record.meta!r} is not its example's {example.meta!r}")
    for metric, (low, passing_id) in worst_passing.items():
        high, failing_id = best_failing.get(metric, (-math.inf, ""))
        if low <= high:
            raise RunStoreError(f"{benchmark}: metric {metric!r}: record {passing_id!r} passes with {low!r} but record "
                                f"{failing_id!r} fails with {high!r} (a passing status must score above a failing "
                                "one: an edited record?)")


def check_against_results(where: Path | str, records: Sequence[SampleRecord], result: Mapping[str, Any]) -> None:
    """The shard's ``records`` of one benchmark must give back its recorded ``result``: the same ``n``, status
    counts and metric means (the runner computed them from these records)."""
    from tabbench.evaluation.aggregate import summarize

    if result.get("n") != len(records):
        raise RunStoreError(f"{where}: {len(records)} records, but its results.json says n={result.get('n')!r}")
    counts = dict(Counter(r.status for r in records))
    if counts != dict(result.get("status_counts") or {}):
        raise RunStoreError(f"{where}: the records' statuses {dict(sorted(counts.items()))} are not its results.json's "
                            f"status_counts {result.get('status_counts')!r}")
    recorded = result.get("metrics") or {}
    for metric, summary in summarize(records, list(recorded)).items():
        said = (recorded.get(metric) or {}).get("value")
        if (said is None) != (summary["value"] is None) or (
                said is not None and not math.isclose(said, summary["value"], rel_tol=1e-9, abs_tol=1e-12)):
            raise RunStoreError(f"{where}: metric {metric!r} of the records is {summary['value']!r}, but its "
                                f"results.json says {said!r}")
