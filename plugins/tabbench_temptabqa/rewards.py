"""TEMPTABQA-C's metrics as reward plugins: ``temptabqa-ems`` (0/1) and ``temptabqa-rems`` (0..1).

Both score the answer the host extracted with ``ANSWER`` (``answers.extract_answer``, the same extractor the
benchmark records, run once per sample) and compare it with ``example.gold``. Options:

- ``lowercase`` (default ``False``): compare case-insensitively; the official script is case-sensitive.
- ``strict`` (default ``False``): parts must be equal and no extra parts are allowed; the official rule
  lets a gold part match inside a longer predicted part, so ``"2, 3, 4"`` gets full credit for gold ``"2"``.
- ``extract`` (default ``True``): ``False`` scores the completion as the answer itself (for completions
  that are already bare answers, e.g. a predictions file of answers).
- ``sql`` (default ``False``): the completion holds a SQLite query (the paper's symbolic method); it is run,
  read-only and time-bounded (``sql_timeout`` seconds, default 10), on the athlete's database rebuilt from
  the infobox (``tabbench_temptabqa.database``), and the result's cells, joined with ``", "``, are the
  answer. No query is ``no_sql``; a failing one ``exec_error`` / ``timeout`` / ``forbidden``; all score 0.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabbench import Example, Extractor, Reward, Score, Status
from tabbench.sql import sql_extractor
from tabbench_temptabqa.answers import ems, extract_answer, matched_share, rems, rows_to_answer


def _answer(example: Example, completion: str) -> str | None:
    return extract_answer(completion)


def _raw(example: Example, completion: str) -> str | None:
    return completion.strip() or None


#: The answer line of a completion (``answers.extract_answer``): the benchmark's record and both metrics'.
ANSWER = Extractor("temptabqa:answer", _answer)
#: The whole completion as the answer (``extract=false``).
RAW = Extractor("temptabqa:raw", _raw)


class _TempTabQAReward(Reward):
    relaxed: ClassVar[bool]

    def __init__(self, *, lowercase: bool = False, strict: bool = False, extract: bool = True, sql: bool = False,
                 sql_timeout: float = 10.0, **options: Any) -> None:
        super().__init__(lowercase=lowercase, strict=strict, extract=extract, sql=sql, sql_timeout=sql_timeout,
                         **options)
        self.lowercase, self.strict, self.extract = bool(lowercase), bool(strict), bool(extract)
        self.sql, self.sql_timeout = bool(sql), float(sql_timeout)
        self.extractor = sql_extractor("auto") if self.sql else (ANSWER if self.extract else RAW)

    def sql_answer(self, example: Example, query: str | None) -> tuple[str | None, Score | None]:
        """Run the extracted query on the example's database: ``(answer, None)`` or ``(None, failure)``."""
        from tabbench.sql import ExecJob, Limits, execute_many
        from tabbench_temptabqa.database import database_for

        if query is None:
            return None, Score(0.0, Status.NO_SQL, {"sql": None})
        database = str(database_for(str(example.fields.get("context", ""))))  # the host's default: the SQL pool
        result = execute_many([ExecJob(database, query)], Limits(timeout=self.sql_timeout, max_rows=1000))[0]
        if not result.ok:
            assert result.status is not None
            return None, Score(0.0, result.status, {"sql": query, "error": result.error})
        return rows_to_answer(result.rows), None

    def score(self, example: Example, completion: str, answer: str | None) -> Score:
        if example.gold is None:
            return Score(None, Status.NOT_APPLICABLE, {"not_applicable": "example has no gold answer"})
        if self.sql:
            answer, failure = self.sql_answer(example, answer)
            if failure is not None:
                return failure
        if answer is None:
            return Score(0.0, Status.PARSE_FAIL, {"answer": None})
        compare = {"lowercase": self.lowercase, "strict": self.strict}
        value = (rems if self.relaxed else ems)(answer, example.gold, **compare)
        share = matched_share(answer, example.gold, **compare)
        if value == 1.0:
            status = Status.MATCH
        elif value > 0:
            status = Status.PARTIAL
        else:
            status = Status.MISMATCH
        return Score(value, status, {"answer": answer, "gold": example.gold, "matched_share": round(share, 4)})


class EMSReward(_TempTabQAReward):
    """Exact Match Score of TEMPTABQA-C: 1 when every comma-separated gold part is found in the answer."""

    name = "temptabqa-ems"
    version = "1"
    description = "TEMPTABQA-C exact match score (official part matching), 0 or 1"
    relaxed = False


class REMSReward(_TempTabQAReward):
    """Relaxed Exact Match Score of TEMPTABQA-C: the share of gold parts found, rounded to 2 decimals."""

    name = "temptabqa-rems"
    version = "1"
    description = "TEMPTABQA-C relaxed exact match score: share of gold parts matched (0..1)"
    relaxed = True
