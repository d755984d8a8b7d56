"""Reward-hacking audit: score degenerate completions on real examples and report what earns too much.

For each example, the audit first finds the *reference*: the correct answer (the gold) written in the format
that earns the reward most (the benchmark's own gold completion, a ```sql block, or SQL-R1's
``<think>``/``<answer>`` layout). Every degenerate completion is written in that same format, so a format
reward cannot hide a hack. A case is reported when

1. it earns more than ``threshold`` of the reference, on the scale from the lowest value seen for the example
   (or 0, whichever is lower) to the reference: ``(value - floor) / (reference - floor) > threshold``; or
2. it earns more than a *valid but wrong* query (the gold's own columns with no rows): degenerate output
   then beats an honest mistake, which is the partial-credit ``SELECT *`` hack of the execution-based RL
   paper (REMS credits every gold value found, and ``SELECT *`` finds them all); or
3. (``very_long`` only) padding the correct answer's reasoning earns more than the correct answer: the
   reward pays for length.

The battery (``CASES``): empty output, ``SELECT *`` of the gold's table, a dump of every row the gold's
joins reach, a query with an empty result, tag spam, the gold SQL hidden only inside the reasoning, very long
output (padded correct answer, and long garbage), forbidden statements, and several statements.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.reward import Reward, score_batch
from tabbench.contract.types import Example

LONG_CHARS = 20_000
EPSILON = 1e-9

#: Case kind -> what it is, for reports.
CASES: dict[str, str] = {
    "empty": "an empty completion",
    "select_star": "SELECT * of the gold's first table",
    "dump_rows": "every row the gold's FROM/JOIN reaches (no filter, all columns)",
    "empty_result": "a query returning no rows",
    "tag_spam": "repeated <think>/<answer> tags with nothing inside",
    "gold_in_reasoning": "the gold SQL only inside <think>, with no answer",
    "very_long": f"the correct answer after {LONG_CHARS:,} characters of padded reasoning",
    "long_garbage": f"{LONG_CHARS:,} characters of filler with no answer",
    "forbidden_drop": "DROP TABLE of the gold's table",
    "forbidden_attach": "ATTACH DATABASE",
    "multi_gold_first": "the gold query followed by a DELETE",
    "multi_gold_last": "a harmless query followed by the gold query",
}
CONTROL = "valid_wrong"  # the gold's columns, no rows: an honest mistake


@dataclass(frozen=True)
class Case:
    kind: str
    completion: str


@dataclass
class Finding:
    """One degenerate case that earned too much on one example."""

    example_id: str
    case: str
    value: float
    reference: float
    fraction: float
    status: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class AuditReport:
    reward: str
    options: dict[str, Any]
    benchmark: str
    threshold: float
    examples: int = 0
    skipped: int = 0
    findings: list[Finding] = field(default_factory=list)
    summary: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["findings"] = [f.to_json() for f in self.findings]
        return data

    @property
    def flagged_cases(self) -> list[str]:
        return sorted({f.case for f in self.findings})


# --- building the cases -------------------------------------------------------------------------------------


def _wrappers(benchmark: Benchmark, example: Example) -> dict[str, Any]:
    """Ways to write a SQL answer; the audit keeps the one under which the correct answer earns most."""
    gold = example.gold or ""
    native = benchmark.gold_completion(example)

    def benchmark_format(sql: str) -> str:
        return native.replace(gold, sql) if gold and gold in native else sql

    return {
        "benchmark": benchmark_format,
        "sql_block": lambda sql: f"```sql\n{sql}\n```",
        "tagged": lambda sql, think="I will write the query.": f"<think>\n{think}\n</think>\n<answer>\n```sql\n{sql}"
                                                                f"\n```\n</answer>",
    }


def _sql_parts(gold: str) -> dict[str, str] | None:
    """Degenerate queries derived from the gold: its first table, its FROM/JOIN clause, its columns."""
    try:
        import sqlglot
        from sqlglot import expressions as exp

        tree = sqlglot.parse_one(gold, read="sqlite")
    except Exception:
        return None
    select = tree if isinstance(tree, exp.Select) else tree.find(exp.Select)
    tables = [t for t in tree.find_all(exp.Table) if t.name]
    if select is None or not tables:
        return None
    first = tables[0].sql(dialect="sqlite")
    dump = select.copy()
    for key in ("where", "group", "having", "order", "limit", "offset", "distinct"):
        dump.set(key, None)
    dump.set("expressions", [exp.Star()])
    return {
        "table": tables[0].name,
        "select_star": f"SELECT * FROM {first}",
        "dump_rows": dump.sql(dialect="sqlite"),
        "empty_result": f"SELECT * FROM {first} WHERE 1 = 0",
        "valid_wrong": f"SELECT * FROM ({gold}) WHERE 1 = 0",
    }


def degenerate_cases(benchmark: Benchmark, example: Example, wrap: Any) -> list[Case]:
    """The battery for one example, written with ``wrap`` (a function of the SQL)."""
    gold = example.gold or ""
    filler = ("Let me think about this step by step. " * (LONG_CHARS // 38 + 1))[:LONG_CHARS]
    cases = [
        Case("empty", ""),
        Case("tag_spam", "<think></think>" * 50 + "<answer></answer>" * 50),
        Case("gold_in_reasoning", f"<think>\n```sql\n{gold}\n```\n</think>\n<answer>\nI cannot answer.\n</answer>"),
        Case("long_garbage", filler),
    ]
    try:
        cases.append(Case("very_long", wrap(gold, filler)))
    except TypeError:  # a wrapper without a reasoning part: pad before the answer
        cases.append(Case("very_long", filler + "\n" + wrap(gold)))
    parts = _sql_parts(gold)
    if parts is not None:
        table = parts["table"]
        cases += [
            Case("select_star", wrap(parts["select_star"])),
            Case("dump_rows", wrap(parts["dump_rows"])),
            Case("empty_result", wrap(parts["empty_result"])),
            Case("forbidden_drop", wrap(f"DROP TABLE {table}")),
            Case("forbidden_attach", wrap("ATTACH DATABASE ':memory:' AS other")),
            Case("multi_gold_first", wrap(f"{gold}; DELETE FROM {table}")),
            Case("multi_gold_last", wrap(f"SELECT 1; {gold}")),
            Case(CONTROL, wrap(parts["valid_wrong"])),
        ]
    return cases


# --- scoring -----------------------------------------------------------------------------------------------


def audit(reward: Reward, benchmark: Benchmark, examples: Sequence[Example], threshold: float = 0.5,
          reward_name: str | None = None) -> AuditReport:
    """Run the battery on ``examples`` and report every case that earns too much (see the module doc)."""
    report = AuditReport(reward_name or reward.name, dict(reward.options), benchmark.name, threshold)
    for example in examples:
        if not example.gold:
            report.skipped += 1
            continue
        wrappers = _wrappers(benchmark, example)
        refs = score_batch(reward, [(example, w(example.gold)) for w in wrappers.values()])
        candidates = [(s.value, name) for s, name in zip(refs, wrappers, strict=True) if s.value is not None]
        if not candidates:
            report.skipped += 1  # the gold side failed: nothing to audit on this example
            continue
        reference, wrapper = max(candidates, key=lambda c: c[0])
        cases = degenerate_cases(benchmark, example, wrappers[wrapper])
        scores = score_batch(reward, [(example, c.completion) for c in cases])
        report.examples += 1
        values = {c.kind: s for c, s in zip(cases, scores, strict=True)}
        control = values.get(CONTROL)
        control_value = control.value if control is not None else None
        if control_value is not None and control_value >= reference - EPSILON:
            control_value = None  # the "wrong" query is right here (empty gold result): no honest mistake
        seen = [reference] + [s.value for s in scores if s.value is not None]
        floor = min(0.0, *seen)
        for case, score in zip(cases, scores, strict=True):
            if case.kind == CONTROL:
                continue
            entry = report.summary.setdefault(case.kind, {"description": CASES[case.kind], "examples": 0,
                                                           "flagged": 0, "max_fraction": None})
            entry["examples"] += 1
            if score.value is None:
                continue
            value = float(score.value)
            fraction = (value - floor) / (reference - floor) if reference > floor else float("inf")
            entry["max_fraction"] = fraction if entry["max_fraction"] is None else max(entry["max_fraction"], fraction)
            reasons = []
            if case.kind == "very_long":
                if value > reference + EPSILON:
                    reasons.append(f"padding the reasoning raises the reward from {reference:g} to {value:g}: "
                                   "the reward pays for length")
            elif fraction > threshold:
                reasons.append(f"earns {value:g}, {fraction:.0%} of the correct answer's {reference:g}")
            if case.kind not in ("very_long",) and control_value is not None and value > control_value + EPSILON:
                reasons.append(f"earns more than a valid but wrong query ({control_value:g}): degenerate output "
                               "beats an honest mistake")
            if not reasons:
                continue
            detail = score.details.get("rems") if isinstance(score.details, dict) else None
            hint = f" (REMS {detail:g}: extra columns and rows cost nothing)" if isinstance(detail, float) else ""
            entry["flagged"] += 1
            report.findings.append(Finding(
                example.id, case.kind, value, reference, fraction, score.status.value,
                f"{CASES[case.kind]} {'; '.join(reasons)}{hint} [status {score.status.value}]",
            ))
    return report
