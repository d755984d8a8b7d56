"""Execution-based rewards: SQL-R1, Databricks RLVR, Arctic-Text2SQL-R1 and the execution-based RL paper.

All four share one scoring core (``ExecutionReward.score_batch``): take the SQL the host extracted (the
declared extractor: ``sql:auto``/``sql:block``, SQL-R1's tag parse), run every distinct
``(database, query)`` of the batch once through the host's execution service (the gold of a prompt once
for its whole group, identical completions once), compare results with the host's comparators
(``tabbench.sql.compare``), and map the verdict to a number. The verdict statuses are the shared taxonomy:

``match`` / ``empty_both`` (both results empty; a match unless ``empty_both="mismatch"``) / ``mismatch`` /
``partial`` (execution-partial only) / ``no_sql`` / ``format_error`` (SQL-R1) / ``exec_error`` /
``timeout`` / ``forbidden`` (writes, ATTACH, several statements) / ``gold_error`` / ``gold_timeout``.

A failing gold query makes the sample not applicable: value ``None`` (TRL leaves it out of the sum).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, ClassVar

from tabbench import ConfigError, Example, Option, Prediction, Score, Status
from tabbench.sql import BatchStats, ExecJob, QueryResult, current_store, execution_limits, result_details
from tabbench.sql.compare import fix_spaced_operators, order_matters, remove_distinct, rems, results_match
from tabbench_sql_rewards.base import SqlReward, extract_option, gold_sql
from tabbench_sql_rewards.completion import TaggedAnswer, sqlr1_extractor
from tabbench_sql_rewards.service import run_jobs

SEMANTICS = ("set", "spider", "multiset", "list")


@lru_cache(maxsize=65536)
def _spider_normalised(sql: str, fix_operators: bool, drop_distinct: bool) -> str:
    """Spider's query normalisation, once per distinct text (a policy repeats its completions)."""
    if fix_operators:
        sql = fix_spaced_operators(sql)
    if drop_distinct:
        sql = remove_distinct(sql)
    return sql


@dataclass
class Verdict:
    """What executing one completion against its gold established, before a reward turns it into a number."""

    status: Status
    sql: str | None = None
    pred: QueryResult | None = None
    gold: QueryResult | None = None
    error: str | None = None
    parsed: TaggedAnswer | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def details(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sql": self.sql}
        if self.error:
            out["error"] = self.error
        if self.pred is not None and self.pred.ok:
            out["rows"] = len(self.pred.rows)
            if self.pred.truncated:
                out["truncated"] = True
        if self.gold is not None and self.gold.ok:
            out["gold_rows"] = len(self.gold.rows)
            if self.pred is not None and self.pred.ok:
                out.update(result_details(self.pred, self.gold, matched=self.status in (Status.MATCH,
                                                                                        Status.EMPTY_BOTH)))
        out.update(self.extra)
        return out


class ExecutionReward(SqlReward):
    """Base of the execution rewards. Options every one of them takes:

    ``timeout`` (seconds per query; a timeout is a failure), ``max_steps`` (SQLite VM-instruction budget,
    machine-independent), ``max_rows``, ``comparison`` (``set`` = BIRD EX, ``spider`` = bag up to column
    permutation, ordered iff the gold has ORDER BY, ``multiset``, ``list``), ``remove_distinct`` and
    ``fix_operators`` (Spider test-suite query normalisation, applied to both queries), ``empty_both``
    (``match`` or ``mismatch``), ``extract`` (``auto`` = the host's extractor, ``block`` = last ```sql block),
    ``db_field`` (the example field holding the SQLite path), ``workers`` (``None``: the host's default,
    ``--workers`` or a pool of one process per CPU; 0: in this process; N >= 1: the host's shared pool of N
    processes, which kills queries that ignore cancellation), ``gold_cache`` (read and write gold results in
    the host's persistent cache). With the default ``max_rows`` (``None``: the host's cap, as the benchmark
    metrics use) a query these rewards share with ``bird-ex`` and the other metrics executes once per run.
    """

    option_defaults: ClassVar[dict[str, Any]] = {
        "timeout": 30.0, "max_steps": None, "max_rows": None, "comparison": Option("set", str, choices=SEMANTICS),
        "remove_distinct": False, "fix_operators": False,
        "empty_both": Option("match", str, choices=("match", "mismatch")), "extract": extract_option("auto"),
        "db_field": "db_path", "workers": None, "gold_cache": True,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.limits = execution_limits(self.options)
        if self.opt("max_rows") is not None:
            self.limits = replace(self.limits, max_rows=int(self.opt("max_rows")))
        #: Filled by every batch: jobs asked, distinct after deduplication, gold cache hits, queries run.
        self.stats = BatchStats()

    # --- hooks for the concrete rewards -------------------------------------------------------------------

    def answer_sql(self, prediction: Prediction) -> tuple[str | None, Verdict | None]:
        """The SQL to run, or a verdict that ends scoring early (no SQL, bad format)."""
        sql = prediction.answer
        if sql is None:
            return None, Verdict(Status.NO_SQL, error="no SQL in the completion")
        return sql, None

    def value(self, verdict: Verdict) -> float:
        """The reward for an applicable verdict (the gold ran)."""
        raise NotImplementedError

    # --- the shared core ----------------------------------------------------------------------------------

    def _normalise(self, sql: str) -> str:
        return _spider_normalised(sql, bool(self.opt("fix_operators")), bool(self.opt("remove_distinct")))

    def executed_query(self, example: Example, answer: str) -> str:
        return self._normalise(answer)

    def verdicts(self, items: Sequence[Prediction]) -> list[Verdict]:
        """Execute and compare a batch with one ``execute_many`` call (each distinct query runs once)."""
        plans: list[tuple[Verdict, int | None, int | None]] = []
        jobs: list[ExecJob] = []
        for item in items:
            example = item.example
            gold = gold_sql(example)
            db = example.fields.get(self.opt("db_field"))
            if gold is None or not isinstance(db, str) or not db:
                what = "reference SQL" if gold is None else f"database path (field {self.opt('db_field')!r})"
                plans.append((Verdict(Status.GOLD_ERROR, error=f"the example has no {what}"), None, None))
                continue
            sql, early = self.answer_sql(item)
            jobs.append(ExecJob(db, self._normalise(gold), gold=True))
            gold_at = len(jobs) - 1
            if early is not None or sql is None:
                plans.append((early or Verdict(Status.NO_SQL), gold_at, None))
                continue
            jobs.append(ExecJob(db, self._normalise(sql)))
            plans.append((Verdict(Status.MISMATCH, sql=sql), gold_at, len(jobs) - 1))
        results = run_jobs(jobs, self.limits, self.opt("workers"), bool(self.opt("gold_cache")),
                           self.stats) if jobs else []
        out = []
        for (verdict, gold_at, pred_at), item in zip(plans, items, strict=True):
            if gold_at is not None:
                gold_result = results[gold_at]
                verdict.gold = gold_result
                if not gold_result.ok:
                    timeout = gold_result.status is Status.TIMEOUT
                    out.append(Verdict(Status.GOLD_TIMEOUT if timeout else Status.GOLD_ERROR, sql=verdict.sql,
                                       error=f"gold query failed: {gold_result.error}", parsed=verdict.parsed))
                    continue
            if pred_at is not None:
                verdict.pred = results[pred_at]
                self._compare(verdict, gold_sql(item.example) or "")
            out.append(verdict)
        return out

    def _compare(self, verdict: Verdict, gold_text: str) -> None:
        pred, gold = verdict.pred, verdict.gold
        assert pred is not None and gold is not None
        if not pred.ok:
            verdict.status = pred.status or Status.EXEC_ERROR
            verdict.error = pred.error
            return
        if not pred.rows and not gold.rows:
            verdict.status = Status.EMPTY_BOTH if self.opt("empty_both") == "match" else Status.MISMATCH
            return
        ordered = order_matters(gold_text)
        semantics = self.opt("comparison")
        same = current_store().compared(("match", semantics, ordered), pred, gold,
                                        lambda p, g: results_match(p.rows, g.rows, semantics, ordered=ordered))
        verdict.status = Status.MATCH if same else Status.MISMATCH

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        try:
            verdicts = self.verdicts(items)
        except Exception as exc:  # a bug here must cost these samples, not the training step
            return [Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"}) for _ in items]
        scores = []
        for verdict in verdicts:
            try:
                if verdict.status.not_applicable:
                    scores.append(Score(None, verdict.status, verdict.details()))
                else:
                    value = float(self.value(verdict))
                    scores.append(Score(value, verdict.status, verdict.details()))
            except Exception as exc:
                scores.append(Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"}))
        return scores

    @staticmethod
    def matched(verdict: Verdict) -> bool:
        return verdict.status in (Status.MATCH, Status.EMPTY_BOTH)

    @staticmethod
    def executed(verdict: Verdict) -> bool:
        return verdict.status in (Status.MATCH, Status.EMPTY_BOTH, Status.MISMATCH, Status.PARTIAL)


class ArcticReward(ExecutionReward):
    """Arctic-Text2SQL-R1: ``match`` (1.0) for a matching result, ``executes`` (0.1) for SQL that runs with a
    wrong result, ``fail`` (0.0) otherwise. ``require_tags=True`` gives the 0.1 only when the completion has
    ``<think>`` and ``<answer>`` tags (Think2SQL's reading of the paper)."""

    name = "arctic"
    version = "1"
    description = "Arctic-Text2SQL-R1: 1 match, 0.1 executes with a wrong result, 0 otherwise"
    option_defaults: ClassVar[dict[str, Any]] = {**ExecutionReward.option_defaults, "match": 1.0, "executes": 0.1,
                                          "fail": 0.0, "require_tags": False}

    def verdicts(self, items: Sequence[Prediction]) -> list[Verdict]:
        verdicts = super().verdicts(items)
        if self.opt("require_tags"):
            for verdict, item in zip(verdicts, items, strict=True):
                text = item.completion
                verdict.extra["tags"] = all(t in text for t in ("<think>", "</think>", "<answer>", "</answer>"))
        return verdicts

    def value(self, verdict: Verdict) -> float:
        if self.matched(verdict):
            return self.opt("match")
        if verdict.status is Status.MISMATCH and (not self.opt("require_tags") or verdict.extra.get("tags")):
            return self.opt("executes")
        return self.opt("fail")


class DatabricksRlvrReward(ExecutionReward):
    """Databricks RLVR: ``match`` (1) for a matching result, ``mismatch`` (0) for a wrong one, ``fail`` (-1)
    for SQL that does not parse or execute (no SQL, errors, timeouts, refused statements)."""

    name = "databricks-rlvr"
    version = "1"
    description = "Databricks RLVR: 1 match, 0 mismatch, -1 for SQL that does not execute or parse"
    option_defaults: ClassVar[dict[str, Any]] = {**ExecutionReward.option_defaults, "match": 1.0, "mismatch": 0.0,
                                                 "fail": -1.0}

    def value(self, verdict: Verdict) -> float:
        if self.matched(verdict):
            return self.opt("match")
        if verdict.status is Status.MISMATCH:
            return self.opt("mismatch")
        return self.opt("fail")


class ExecutionPartialReward(ExecutionReward):
    """The execution-based RL paper: ``fail`` (-100) when the query fails, else ``base`` (1) +
    ``rems_scale`` (100) x REMS, plus ``exact_bonus`` (1000) for a matching result.

    REMS is ``tabbench.sql.compare.rems``: the share of distinct gold cell values found in the predicted
    result. Extra predicted values are free, which is what ``SELECT *`` exploits (``tabbench rewards audit``
    flags it); ``rems_strict=True`` scores REMS 0 when the prediction holds values the gold lacks.
    """

    name = "execution-partial"
    version = "1"
    description = "execution-based RL paper: -100 fails, else 1 + 100*REMS, +1000 for an exact match"
    option_defaults: ClassVar[dict[str, Any]] = {**ExecutionReward.option_defaults, "fail": -100.0, "base": 1.0,
                                          "rems_scale": 100.0, "exact_bonus": 1000.0, "rems_strict": False}

    def _compare(self, verdict: Verdict, gold_text: str) -> None:
        super()._compare(verdict, gold_text)
        if verdict.pred is not None and verdict.pred.ok and verdict.gold is not None:
            strict = bool(self.opt("rems_strict"))
            score = current_store().compared(("rems", strict), verdict.pred, verdict.gold,
                                             lambda p, g: rems(p.rows, g.rows, strict=strict))
            verdict.extra["rems"] = score
            if verdict.status is Status.MISMATCH and score > 0:
                verdict.status = Status.PARTIAL

    def value(self, verdict: Verdict) -> float:
        if not self.executed(verdict):
            return self.opt("fail")
        bonus = self.opt("exact_bonus") if self.matched(verdict) else 0.0
        return self.opt("base") + self.opt("rems_scale") * verdict.extra.get("rems", 0.0) + bonus


class SqlR1Reward(ExecutionReward):
    """SQL-R1 (IDEA-FinAI/SQL-R1 ``synsql.py``): R = S_format + S_exec + S_result + S_length.

    S_format = +1 when ``<think>``, ``</think>``, ``<answer>``, ``</answer>`` appear once each, in order, with
    a ```sql block in the answer, else -1 (and nothing else is scored). With the format right:
    unexecutable (error, timeout, refused) S_exec = -2, S_result = 0; mismatch +2, -3; match +2, +3 plus
    S_length = 0.5 * min(L, length_limit) / length_limit + len(sql) / len(answer), L = len(think) + len(answer)
    in characters. Values: -1 (format or execution failure), 0 (mismatch), 6 < R <= 7.5 (match).
    Fixed bug: a failing gold query is not applicable (``None``), where SQL-R1 paid +5 to any executable SQL.
    """

    name = "sqlr1"
    version = "1"
    description = "SQL-R1: format +-1, execution +-2, result +-3, length term on a match; gold errors not applicable"
    option_defaults: ClassVar[dict[str, Any]] = {
        **ExecutionReward.option_defaults, "comparison": Option("spider", str, choices=SEMANTICS),
        "remove_distinct": True, "fix_operators": True,
        "format_reward": 1.0, "exec_reward": 2.0, "result_reward": 3.0, "length_limit": 2048,
        "length_weight": 0.5, "length_term": True, "prefilled_think": False,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.extractor = sqlr1_extractor(bool(self.opt("prefilled_think")))  # its tag check is the formula

    def answer_sql(self, prediction: Prediction) -> tuple[str | None, Verdict | None]:
        parsed = prediction.answer
        if not isinstance(parsed, TaggedAnswer):
            return None, Verdict(Status.FORMAT_ERROR, error="the completion could not be read")
        if not parsed.format_ok:
            return None, Verdict(Status.FORMAT_ERROR, sql=parsed.sql, error=parsed.reason, parsed=parsed)
        return parsed.sql, None

    def verdicts(self, items: Sequence[Prediction]) -> list[Verdict]:
        verdicts = super().verdicts(items)
        for verdict, item in zip(verdicts, items, strict=True):
            if verdict.parsed is None and isinstance(item.answer, TaggedAnswer):
                verdict.parsed = item.answer
        return verdicts

    def length_term(self, parsed: TaggedAnswer) -> float:
        think, answer, sql = parsed.think.strip(), parsed.answer.strip(), (parsed.sql or "")
        total, limit = len(think) + len(answer), self.opt("length_limit")
        share = len(sql) / len(answer) if answer else 0.0
        return self.opt("length_weight") * min(total, limit) / limit + share

    def value(self, verdict: Verdict) -> float:
        s_format, s_exec, s_result = self.opt("format_reward"), self.opt("exec_reward"), self.opt("result_reward")
        if verdict.status is Status.FORMAT_ERROR:
            return -s_format
        if self.matched(verdict):
            parsed = verdict.parsed
            length = self.length_term(parsed) if parsed is not None and self.opt("length_term") else 0.0
            verdict.extra["length"] = length
            return s_format + s_exec + s_result + length
        if verdict.status is Status.MISMATCH:
            return s_format + s_exec - s_result
        return s_format - s_exec


def _credit_cell(value: Any) -> Any:
    """A cell as the credit reward compares it: integral floats equal their int, text is stripped."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value.strip() if isinstance(value, str) else value


def _credit_row(row: Sequence[Any]) -> tuple[Any, ...]:
    """A row as a sorted tuple of its cells: the same row whatever the column order."""
    return tuple(sorted((_credit_cell(v) for v in row), key=lambda v: (type(v).__name__, repr(v))))


def row_f1(pred_rows: Sequence[Sequence[Any]], gold_rows: Sequence[Sequence[Any]]) -> float:
    """F1 of the two results' rows as multisets (rows compared up to column order); 0 when either is empty."""
    pred, gold = Counter(map(_credit_row, pred_rows)), Counter(map(_credit_row, gold_rows))
    shared = sum((pred & gold).values())
    if not shared:
        return 0.0
    precision, recall = shared / sum(pred.values()), shared / sum(gold.values())
    return 2 * precision * recall / (precision + recall)


def _width(result: QueryResult) -> int | None:
    """How many columns a result has: its column names, else its first row; ``None`` when neither tells."""
    return len(result.columns) or (len(result.rows[0]) if result.rows else None)


class ExecutionCreditReward(ExecutionReward):
    """Partial credit for execution, below a match: ``match`` (1.0) for a matching result; for SQL that runs
    with a wrong result ``executes`` (0.1) + ``columns`` (0.2) when it returns as many columns as the gold +
    ``rows`` (0.5) x the F1 of its rows against the gold's (multisets, up to column order); ``fail`` (0.0) for
    SQL that does not run, no SQL, timeouts and refused statements. Status ``partial`` when a wrong result
    earned more than ``executes``.

    Why: a 0/1 reward gives a small model's group no gradient until one sample is exactly right (Think2SQL and
    FINER-SQL report 0/1 rewards unstable for small models and partial credit helping); this one orders wrong
    answers by how close they are, and keeps every wrong answer below a right one (at most 0.8 with the
    defaults). Row F1 makes a dump pay for its extra rows (precision) and ``SELECT *`` pay for its extra
    columns (its rows never equal the gold's), unlike REMS (``execution-partial``).
    """

    name = "execution-credit"
    version = "1"
    description = "partial credit: 1 match; else 0.1 executes + 0.2 same column count + 0.5 x row F1; 0 fails"
    option_defaults: ClassVar[dict[str, Any]] = {**ExecutionReward.option_defaults, "match": 1.0, "executes": 0.1,
                                                 "columns": 0.2, "rows": 0.5, "fail": 0.0}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.opt("executes") + self.opt("columns") + self.opt("rows") >= self.opt("match"):
            raise ConfigError(f"reward {self.name!r}: executes + columns + rows must stay below match, so no wrong "
                              "answer earns as much as a right one")

    def _compare(self, verdict: Verdict, gold_text: str) -> None:
        super()._compare(verdict, gold_text)
        pred, gold = verdict.pred, verdict.gold
        if verdict.status is not Status.MISMATCH or pred is None or gold is None or not pred.ok:
            return
        width = _width(pred) is not None and _width(pred) == _width(gold)
        f1 = current_store().compared(("row_f1",), pred, gold, lambda p, g: row_f1(p.rows, g.rows))
        verdict.extra.update({"same_columns": width, "row_f1": f1})
        if width or f1 > 0:
            verdict.status = Status.PARTIAL

    def value(self, verdict: Verdict) -> float:
        if self.matched(verdict):
            return self.opt("match")
        if not self.executed(verdict):
            return self.opt("fail")
        return (self.opt("executes") + self.opt("columns") * bool(verdict.extra.get("same_columns"))
                + self.opt("rows") * verdict.extra.get("row_f1", 0.0))
