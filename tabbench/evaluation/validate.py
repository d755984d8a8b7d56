"""``tabbench validate``: the gold answer of every item through every metric reward, with no model.

Like the ``gold`` backend, each example's reference is given as the completion (``Benchmark.gold_completion``)
and scored by each of the benchmark's metric rewards; an item whose gold does not reach the top score is broken
for every model that runs it. Anchors: verifiers' ``validate`` (the gold must score 1.0; a per-item report of
valid, invalid, error, timeout) and NeMo Gym's ``reverify``.

Each item gets one verdict, the worst found:

- ``error``: the gold fails to execute (or the reward failed on it): the rewards report ``gold_error`` and leave
  the item out of every mean (``n_excluded``);
- ``timeout``: the gold runs past the per-query limit (``gold_timeout``), also left out;
- ``invalid``: the gold runs but scores below the top (a wrong reference, an answer the extractor cannot read);
  it counts as a zero for every model;
- ``nondeterministic``: the gold scores, but its result depends on an order the query does not fix: run again
  with SQLite scanning in the other order (``PRAGMA reverse_unordered_selects``), it returns other rows (``LIMIT``
  without a total ``ORDER BY``) or, with ``ORDER BY``, the same rows in another order (ties), which an
  order-sensitive comparison (Spider's, for a gold with ORDER BY) holds against a correct prediction;
- ``empty``: the gold returns no rows: any query that returns none matches it.

The first three fail (``fails``); the last two are warnings (``warns``), items that score now but are fragile.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.extract import SampleAnswers
from tabbench.contract.reward import Reward, score_batch
from tabbench.contract.types import Example, Score, Status
from tabbench.evaluation.plan import Plan

FAILS = ("error", "timeout", "invalid")
WARNS = ("nondeterministic", "empty")
VERDICTS = (*FAILS, *WARNS)
#: Characters of the gold kept in a finding.
GOLD_CHARS = 400
_BATCH = 64


@dataclass(frozen=True)
class Finding:
    """One item whose gold is not plainly valid: its verdict (``VERDICTS``), why, and the metric that said so."""

    id: str
    verdict: str
    reason: str
    metric: str | None = None
    status: str | None = None
    value: float | None = None
    db_id: str | None = None
    gold: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "verdict": self.verdict, "reason": self.reason, "metric": self.metric,
                "status": self.status, "value": self.value, "db_id": self.db_id, "gold": self.gold}


@dataclass
class Report:
    """One benchmark's validation: how many items were checked (``n``), how many ``skipped`` for missing data, and
    the findings in the items' order."""

    benchmark: str
    version: str
    split: str
    metrics: list[str]
    n: int
    skipped: int = 0
    data_sha256: str = ""  # of the data files' hashes, sorted: which copy of the data was checked
    findings: list[Finding] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        counts = Counter(f.verdict for f in self.findings)
        return {"valid": self.n - len(self.findings), **{v: counts[v] for v in VERDICTS}}

    def failed(self, strict: bool = False) -> list[Finding]:
        """The findings that fail validation (with ``strict``, the warnings too)."""
        return [f for f in self.findings if f.verdict in FAILS or strict]

    def to_json(self) -> dict[str, Any]:
        return {"benchmark": self.benchmark, "version": self.version, "split": self.split, "metrics": self.metrics,
                "n": self.n, "skipped": self.skipped, "data_sha256": self.data_sha256, "counts": self.counts,
                "items": [f.to_json() for f in self.findings]}


def validate(plan: Plan, *, order_check: bool = True, tick: Callable[[str, int], None] | None = None
             ) -> list[Report]:
    """Validate every planned benchmark's selected items (``plan``: ``tabbench.evaluation.plan.plan``, as a run
    plans); ``order_check``: also run each SQL gold in the other scan order; ``tick(benchmark, n)`` is told of
    each batch done."""
    from tabbench.host.metrics import metric_rewards

    reports = []
    for planned in plan.planned:
        benchmark = planned.benchmark
        rewards = metric_rewards(benchmark)
        report = Report(benchmark.name, str(benchmark.version), planned.split, list(rewards),
                        len(planned.selected or ()), len(planned.missing), data_digest(benchmark, planned.split))
        timeout = benchmark.options.get("timeout")
        examples = list(planned.selected or ())
        for start in range(0, len(examples), _BATCH):
            chunk = examples[start:start + _BATCH]
            report.findings += check_items(benchmark, rewards, chunk, order_check=order_check, timeout=timeout)
            if tick is not None:
                tick(benchmark.name, len(chunk))
        reports.append(report)
    return reports


def data_digest(benchmark: Benchmark, split: str) -> str:
    """One sha256 of the split's data files' hashes (sorted; no paths): the same data gives the same digest on
    any machine."""
    from tabbench.contract.hashing import file_sha256, stable_hash

    return stable_hash(sorted(file_sha256(p) for p in benchmark.data_files(split) if os.path.isfile(p)), 64)


def check_items(benchmark: Benchmark, rewards: dict[str, Reward], examples: Sequence[Example], *,
                order_check: bool = True, timeout: float | None = None) -> list[Finding]:
    """The findings of ``examples``' gold: each metric reward's score of the gold completion, then (with
    ``order_check``) the scan-order check of a SQL gold on its SQLite database, ``timeout`` s per query."""
    samples = [SampleAnswers(e, benchmark.gold_completion(e)) for e in examples]
    scores = {metric: score_batch(reward, samples) for metric, reward in rewards.items()}
    findings = []
    for index, example in enumerate(examples):
        found = _worst([_judged(metric, rewards[metric], scores[metric][index]) for metric in rewards])
        if found is None and order_check:
            reason = scan_order_dependence(example, timeout)
            found = ("nondeterministic", reason, None, None, None) if reason else None
        if found is not None:
            verdict, reason, metric, status, value = found
            db_id = example.fields.get("db_id") or example.meta.get("db_id")
            findings.append(Finding(example.id, verdict, reason, metric, status, value,
                                    None if db_id is None else str(db_id), (example.gold or "")[:GOLD_CHARS]))
    return findings


_Judged = tuple[str, str, str | None, str | None, float | None]  # verdict, reason, metric, status, value


def _judged(metric: str, reward: Reward, score: Score) -> _Judged | None:
    """What one metric's score of the gold says about the item (``None``: nothing wrong)."""
    status = score.status
    error = str(score.details.get("error") or "")
    if status == Status.NOT_APPLICABLE:
        return None
    if status in (Status.GOLD_TIMEOUT, Status.TIMEOUT):
        return "timeout", f"{metric}: the gold runs past its time limit" + (f" ({error})" if error else ""), \
            metric, status.value, score.value
    if score.value is None or status in (Status.GOLD_ERROR, Status.EXEC_ERROR, Status.REWARD_ERROR,
                                          Status.JUDGE_ERROR, Status.FORBIDDEN):
        return "error", f"{metric}: {status.value}" + (f": {error}" if error else ""), metric, status.value, \
            score.value
    top = 1.0 if reward.higher_is_better else 0.0
    below = score.value < top - 1e-9 if reward.higher_is_better else score.value > top + 1e-9
    if below or math.isnan(score.value):
        why = error or str(score.details.get("differs_by") or "")
        return "invalid", f"{metric}: the gold scores {score.value:g} ({status.value}{': ' + why if why else ''})", \
            metric, status.value, score.value
    if status == Status.EMPTY_BOTH:
        return "empty", f"{metric}: the gold returns no rows, so any query returning none matches it", metric, \
            status.value, score.value
    return None


def scan_order_dependence(example: Example, timeout: float | None) -> str | None:
    """Why the gold SQL's result depends on an order it does not fix, or ``None`` (it does not, or the example is
    not SQL on a SQLite file). The query runs as written, then with SQLite scanning the other way
    (``reverse_unordered_selects``: a ``LIMIT`` without ``ORDER BY`` picks other rows) and, when it ends in
    ``ORDER BY``, with the ties broken both ways (every result column appended ascending, then descending): rows
    that differ as a bag mean the result is not fixed; the same rows in another order mean ties that an
    order-sensitive comparison holds against a correct prediction."""
    from tabbench.sql.compare import order_matters
    from tabbench.sql.execute import Limits, QueryResult

    db_path, gold = example.fields.get("db_path"), example.gold
    if not gold or not isinstance(db_path, str) or not os.path.isfile(db_path):
        return None
    limits = Limits(timeout=timeout or 30.0, max_rows=100_000)
    first = _run(db_path, gold, limits)
    if first is None:
        return None  # the rewards report a gold that fails; a result over the cap is not compared here
    variants = [_run(db_path, gold, limits, reverse=True)]
    broken = [_run(db_path, sql, limits) for sql in _ties_broken(gold, len(first.columns))]
    results: list[QueryResult] = [r for r in (*variants, *broken) if r is not None]
    for other in results:
        if not _same_bag(first.rows, other.rows):
            if _rounded(first.rows) == _rounded(other.rows):
                return ("a REAL result (SUM, AVG) changes in its last digits with the summation order: an exact "
                        "comparison can refuse a correct prediction that adds in another order")
            return ("its rows depend on the scan order (LIMIT, or LIMIT after ORDER BY ties, picks other rows when "
                    "the order changes)")
    if len(broken) == 2 and None not in broken and broken[0].rows != broken[1].rows and order_matters(gold):
        return ("ORDER BY leaves ties: their order is not fixed, and an order-sensitive comparison can refuse a "
                "correct prediction that orders them otherwise")
    return None


def _run(db_path: str, sql: str, limits: Any, reverse: bool = False) -> Any:
    """``sql``'s result on a fresh connection (``reverse``: scanning the other way), ``None`` when it fails."""
    from tabbench.sql.execute import SqliteExecutor

    executor = SqliteExecutor(max_connections=1, reverse_unordered=reverse)
    try:
        result = executor.execute(db_path, sql, limits)
    finally:
        executor.close()
    return None if result.status is not None or result.truncated else result


def _ties_broken(sql: str, columns: int) -> list[str]:
    """``sql`` with its final ORDER BY extended by every result column, ascending then descending; none when it has
    no final ORDER BY or cannot be rewritten."""
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except sqlglot.errors.SqlglotError:
        return []
    order = tree.args.get("order") if isinstance(tree, exp.Query) else None
    if not isinstance(order, exp.Order) or not columns:
        return []
    out = []
    for desc in (False, True):
        copy = tree.copy()
        copy.args["order"].expressions.extend(exp.Ordered(this=exp.Literal.number(i), desc=desc)
                                              for i in range(1, columns + 1))
        out.append(copy.sql(dialect="sqlite"))
    return out


def _same_bag(a: Sequence[tuple[Any, ...]], b: Sequence[tuple[Any, ...]]) -> bool:
    try:
        return Counter(a) == Counter(b)
    except TypeError:  # an unhashable value: compare as sorted text
        return sorted(map(repr, a)) == sorted(map(repr, b))


def _rounded(rows: Sequence[tuple[Any, ...]]) -> list[str]:
    """The rows as sorted text with every float to 10 significant digits."""
    return sorted(repr(tuple(f"{v:.10g}" if isinstance(v, float) else v for v in row)) for row in rows)


def _worst(found: Sequence[_Judged | None]) -> _Judged | None:
    """The most serious of the metrics' findings (``VERDICTS`` order), the first metric's on a tie."""
    present = [f for f in found if f is not None]
    return min(present, key=lambda f: VERDICTS.index(f[0])) if present else None
