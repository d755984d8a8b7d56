"""Spider's metrics as rewards: ``spider-ex`` (execution, test-suite semantics) and ``spider-em`` (exact set).

Both read what they need from ``Example.fields`` (``db_paths``/``db_path``, ``tables_json``) and the gold
SQL from ``Example.gold``, so the same objects score evaluation runs and training rollouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Example, Prediction, Reward, Score, Status
from tabbench.sql import (
    ExecJob,
    current_store,
    execute_many,
    execution_limits,
    result_details,
    sql_extractor,
)
from tabbench.sql.compare import order_matters, spider_result_eq
from tabbench_spider.data import read_tables
from tabbench_spider.exact_match import (
    Schema,
    SpiderParseError,
    canonical,
    component_matches,
    empty_sql,
    exact_match,
    foreign_key_map,
    hardness,
    parse,
)
from tabbench_spider.sqltext import normalise_for_execution, replace_value_placeholder


class SpiderExecution(Reward):
    """1.0 when the prediction's result equals the gold's on every database of the db's folder.

    Equality is test-suite's ``result_eq``: bags of rows up to a column permutation, in order only when the
    gold query has ORDER BY. Options: ``timeout`` (s per query, default 30; upstream's never fires),
    ``max_steps`` (SQLite VM budget), ``official`` (substring ``value`` replacement and DISTINCT deleted
    everywhere, as upstream), ``keep_distinct`` (upstream's ``--keep_distinct``).
    """

    name = "spider-ex"
    version = "1"
    description = "Spider execution accuracy (test-suite semantics: bag of rows up to column order)"
    option_defaults: ClassVar[dict[str, Any]] = {"timeout": 30.0, "max_steps": None, "official": False,
                                                 "keep_distinct": False}
    extractor = sql_extractor("auto")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # checked against option_defaults (flags arrive as booleans)
        self.official = bool(self.options.get("official", False))
        self.distinct = "keep" if self.options.get("keep_distinct") else ("all" if self.official else "row")
        self.limits = execution_limits(self.options)

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        return self.score_batch([Prediction(example, completion, answer)])[0]

    def executed_query(self, example: Example, answer: str) -> str:
        return normalise_for_execution(replace_value_placeholder(answer, self.official), distinct=self.distinct)

    def _prepare(self, example: Example, sql: str | None) -> tuple[Score | None, dict[str, Any]]:
        gold = example.gold
        paths = example.fields.get("db_paths") or ([example.fields["db_path"]] if example.fields.get("db_path") else [])
        if not gold or not paths:
            return Score(None, Status.GOLD_ERROR, {"error": "no gold SQL or database for this example"}), {}
        if sql is None:
            return Score(0.0, Status.NO_SQL, {}), {}
        pred = self.executed_query(example, sql)
        gold = normalise_for_execution(gold, distinct=self.distinct)
        return None, {"sql": sql, "pred": pred, "gold": gold, "paths": [str(p) for p in paths]}

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        prepared = []
        jobs: list[ExecJob] = []
        for item in items:
            try:
                early, plan = self._prepare(item.example, item.answer)
            except Exception as exc:  # a malformed example must cost one sample, not the batch
                early, plan = Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"}), {}
            prepared.append((early, plan))
            if early is None:
                for path in plan["paths"]:
                    jobs.append(ExecJob(path, plan["gold"], gold=True))
                    jobs.append(ExecJob(path, plan["pred"]))
        results = iter(execute_many(jobs, self.limits) if jobs else [])
        scores = []
        for early, plan in prepared:
            if early is not None:
                scores.append(early)
                continue
            pairs = [(next(results), next(results)) for _ in plan["paths"]]
            scores.append(self._verdict(plan, pairs))
        return scores

    def _verdict(self, plan: dict[str, Any], pairs: list) -> Score:
        details: dict[str, Any] = {"sql": plan["sql"], "databases": len(plan["paths"])}
        ordered = order_matters(plan["gold"])
        all_empty = True
        for path, (gold, pred) in zip(plan["paths"], pairs, strict=True):
            if gold.status is not None:
                status = Status.GOLD_TIMEOUT if gold.status == Status.TIMEOUT else Status.GOLD_ERROR
                return Score(None, status, {**details, "error": gold.error, "database": path})
            if gold.truncated:
                return Score(None, Status.GOLD_ERROR, {**details, "error": "gold result over the row cap",
                                                       "database": path})
            if pred.status is not None:
                return Score(0.0, pred.status, {**details, "error": pred.error, "database": path})
            if pred.truncated or not current_store().compared(  # a repeated pair is compared once per run
                    ("spider-ex", ordered), pred, gold, lambda p, g: spider_result_eq(p.rows, g.rows, ordered)):
                return Score(0.0, Status.MISMATCH, {**details, "database": path, "truncated": pred.truncated,
                                                    **result_details(pred, gold, matched=False)})
            details.update(result_details(pred, gold, matched=True))
            all_empty = all_empty and not gold.rows and not pred.rows
        return Score(1.0, Status.EMPTY_BOTH if all_empty else Status.MATCH, details)


@lru_cache(maxsize=64)
def _tables(path: str) -> dict[str, dict[str, Any]]:
    return read_tables(Path(path))


@lru_cache(maxsize=256)
def _schema(db_path: str, tables_json: str, db_id: str) -> Schema:
    if Path(db_path).is_file():
        return Schema.from_sqlite(db_path)
    return Schema.from_tables_json(_tables(tables_json)[db_id])


class SpiderExactMatch(Reward):
    """1.0 when the prediction's clause structure equals the gold's (Spider exact-set match, values ignored).

    Option ``official``: replace every substring ``value`` by ``1`` in the prediction first, as upstream.
    """

    name = "spider-em"
    version = "1"
    description = "Spider exact-set match (component matching as in the official evaluation.py)"

    option_defaults: ClassVar[dict[str, Any]] = {"official": False}
    extractor = sql_extractor("auto")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # checked against option_defaults
        self.official = bool(self.options.get("official", False))

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        gold = example.gold
        fields = example.fields
        if not gold or not fields.get("tables_json") or not fields.get("db_id"):
            return Score(None, Status.GOLD_ERROR, {"error": "no gold SQL or schema for this example"})
        db_id = fields["db_id"]
        schema = _schema(str(fields.get("db_path", "")), fields["tables_json"], db_id)
        try:
            gold_tree = parse(gold, schema)
        except (SpiderParseError, RecursionError) as exc:
            return Score(None, Status.GOLD_ERROR, {"error": f"gold does not parse: {exc}"})
        details: dict[str, Any] = {"hardness": hardness(gold_tree)}
        sql = answer
        if sql is None:
            return Score(0.0, Status.NO_SQL, details)
        details["sql"] = sql
        status = None
        try:
            pred_tree = parse(replace_value_placeholder(sql, self.official), schema)
        except (SpiderParseError, RecursionError) as exc:
            pred_tree, status = empty_sql(), Status.PARSE_FAIL
            details["error"] = str(exc)
        fk = foreign_key_map(_tables(fields["tables_json"])[db_id])
        pred_c, gold_c = canonical(pred_tree, schema, fk), canonical(gold_tree, schema, fk)
        if exact_match(pred_c, gold_c):
            return Score(1.0, Status.MATCH, details)
        details["failed_components"] = [k for k, ok in component_matches(pred_c, gold_c).items() if not ok]
        return Score(0.0, status or Status.MISMATCH, details)
