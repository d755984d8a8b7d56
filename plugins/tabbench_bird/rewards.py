"""BIRD's metrics as rewards: ``bird-ex`` (execution accuracy), ``bird-soft-f1`` and ``bird-r-ves``.

Both run the gold SQL (``Example.gold``, through the gold cache) and the predicted SQL on
``Example.fields["db_path"]`` with the host's read-only, time-bounded executor, then compare rows with
``tabbench.sql.compare``. The same objects score evaluation runs and training rollouts.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench import Example, Prediction, Reward, Score, Status
from tabbench.sql import (
    ExecJob,
    QueryResult,
    current_store,
    execute_many,
    execution_limits,
    is_server_target,
    result_details,
    sql_extractor,
)
from tabbench.sql.compare import bird_ex, bird_soft_f1
from tabbench_bird.ves import question_score, time_ratio


class _BirdExecutionReward(Reward):
    """Shared core: execute gold and the predicted SQL (the host's ``sql:auto`` extraction, shared with the
    benchmark's record) once per distinct query, then ``_compare``."""

    option_defaults: ClassVar[dict[str, Any]] = {"timeout": 30.0, "max_steps": None, "official": False}
    extractor = sql_extractor("auto")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # checked against option_defaults
        self.official = bool(self.options.get("official", False))
        self.limits = execution_limits(self.options)

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        return self.score_batch([Prediction(example, completion, answer)])[0]

    def _plan(self, example: Example, sql: str | None) -> Score | tuple[str, str, str]:
        fields = example.fields
        if not example.gold or not fields.get("db_path"):
            return Score(None, Status.GOLD_ERROR, {"error": "no gold SQL or database for this example"})
        dialect = fields.get("dialect", "sqlite")
        if dialect != "sqlite" and not is_server_target(fields["db_path"]):
            return Score(None, Status.GOLD_ERROR, {"error": f"{dialect} needs a server: -o dsn=..., "
                                                   f"TABBENCH_DSN_{dialect.upper()} or [dsn] in the config file"})
        if sql is None:
            return Score(0.0, Status.NO_SQL, {})
        return str(fields["db_path"]), example.gold, sql

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        plans: list[Score | tuple[str, str, str]] = []
        jobs: list[ExecJob] = []
        for item in items:
            try:
                plan = self._plan(item.example, item.answer)
            except Exception as exc:  # a malformed example costs one sample
                plan = Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"})
            plans.append(plan)
            if not isinstance(plan, Score):
                db, gold, sql = plan
                jobs += [ExecJob(db, gold, gold=True), ExecJob(db, sql)]
        results = iter(execute_many(jobs, self.limits) if jobs else [])
        scores = []
        for plan in plans:
            if isinstance(plan, Score):
                scores.append(plan)
                continue
            gold, pred = next(results), next(results)
            scores.append(self._verdict(plan[2], gold, pred))
        return scores

    def _verdict(self, sql: str, gold: QueryResult, pred: QueryResult) -> Score:
        details: dict[str, Any] = {"sql": sql}
        if gold.status is not None:
            if self.official:  # upstream: any exception or timeout, gold's included, scores 0
                return Score(0.0, gold.status, {**details, "error": f"gold: {gold.error}"})
            status = Status.GOLD_TIMEOUT if gold.status == Status.TIMEOUT else Status.GOLD_ERROR
            return Score(None, status, {**details, "error": gold.error})
        if gold.truncated:
            return Score(None, Status.GOLD_ERROR, {**details, "error": "gold result over the row cap"})
        if pred.status is not None:
            return Score(0.0, pred.status, {**details, "error": pred.error})
        if pred.truncated:
            return Score(0.0, Status.MISMATCH, {**details, "truncated": True})
        if not gold.rows and not pred.rows:
            return Score(1.0, Status.EMPTY_BOTH, details)
        try:  # a (prediction, gold) pair repeated in a run is compared once: the run's store remembers it
            known = current_store().compared(self.name, pred, gold, lambda p, g: self._compare(p.rows, g.rows))
            shown = result_details(pred, gold, matched=known.status == Status.MATCH)
            return Score(known.value, known.status, {**known.details, **details, **shown})
        except TypeError as exc:  # an unhashable value (a server's array or JSON): upstream's set() raises, 0
            return Score(0.0, Status.MISMATCH, {**details, "error": f"rows not comparable: {exc}"})

    @abstractmethod
    def _compare(self, pred: Sequence[tuple], gold: Sequence[tuple]) -> Score:
        """Turn two non-empty, complete results into the reward's score."""


class BirdExecution(_BirdExecutionReward):
    """1.0 when the predicted rows equal the gold rows as sets of tuples (``evaluation_ex.py``), else 0.

    Options: ``timeout`` (seconds per query, default 30), ``max_steps`` (SQLite VM budget), ``official``
    (a gold query that fails or times out scores 0, as upstream, instead of being excluded).
    """

    name = "bird-ex"
    version = "1"
    description = "BIRD execution accuracy: set equality of result rows (column order matters)"

    def _compare(self, pred: Sequence[tuple], gold: Sequence[tuple]) -> Score:
        if bird_ex(pred, gold):
            return Score(1.0, Status.MATCH, {})
        return Score(0.0, Status.MISMATCH, {})


class BirdSoftF1(_BirdExecutionReward):
    """BIRD Soft-F1 in [0, 1] (``evaluation_f1.py``: de-duplicated rows paired by position, cell overlap).

    Options: as ``bird-ex``.
    """

    name = "bird-soft-f1"
    version = "1"
    description = "BIRD Soft-F1: row-by-row cell overlap between predicted and gold results"

    def _compare(self, pred: Sequence[tuple], gold: Sequence[tuple]) -> Score:
        value = bird_soft_f1(pred, gold)
        status = Status.MATCH if value == 1.0 else (Status.MISMATCH if value == 0.0 else Status.PARTIAL)
        return Score(value, status, {})


class BirdRVES(BirdExecution):
    """R-VES per question: ``sqrt(reward)`` of the time-ratio bucket for a correct prediction, 0 otherwise
    (mini_dev ``evaluation_ves.py``; the mean over questions is R-VES / 100, on a 0 to 1.118 scale).

    Options: as ``bird-ex``, plus ``repetitions`` (timed runs of each query; upstream 100; 0 turns the metric
    off: every sample is ``not_applicable``). Correctness is decided as ``bird-ex`` decides it; then each
    correct prediction and its gold run ``repetitions`` times alternately in this process, on one read-only
    connection (``tabbench.sql``, same limits), and the gold/prediction time ratios go through ``ves``.
    Wall-clock timing: the value varies from run to run (see the README for the measured spread).
    """

    name = "bird-r-ves"
    version = "1"
    description = "BIRD R-VES: sqrt of the efficiency reward of a correct prediction (time ratio buckets)"
    option_defaults: ClassVar[dict[str, Any]] = {**BirdExecution.option_defaults, "repetitions": 0}

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        repetitions = int(self.options.get("repetitions", 0) or 0)
        if repetitions <= 0:
            return [Score(None, Status.NOT_APPLICABLE, {"reason": "R-VES is off: pass -o ves_repetitions=N"})
                    for _ in items]
        scores = []
        for item, verdict in zip(items, super().score_batch(items), strict=True):
            if verdict.value != 1.0:
                scores.append(verdict)
                continue
            db, gold, sql = self._plan(item.example, item.answer)  # type: ignore[misc]  # correct: it has a plan
            scores.append(self._timed(db, gold, sql, repetitions, verdict))
        return scores

    def _timed(self, db: str, gold: str, sql: str, repetitions: int, verdict: Score) -> Score:
        pred_times, gold_times = [], []
        for _ in range(repetitions):
            for query, times in ((sql, pred_times), (gold, gold_times)):
                result = execute_many([ExecJob(db, query)], self.limits, workers=0, cache=False, store=False)[0]
                if result.status is not None:  # upstream: a timeout or error while timing scores 0
                    return Score(0.0, result.status, {**verdict.details, "error": f"while timing: {result.error}"})
                times.append(result.elapsed)
        ratio = time_ratio(pred_times, gold_times, official=self.official)
        value = question_score(pred_times, gold_times, official=self.official)
        return Score(value, verdict.status, {**verdict.details, "time_ratio": ratio, "repetitions": repetitions,
                                             "pred_seconds": sum(pred_times) / repetitions,
                                             "gold_seconds": sum(gold_times) / repetitions})
