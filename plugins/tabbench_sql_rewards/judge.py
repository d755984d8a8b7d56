"""LLM judges: the sparks paper's class judge and change counter, the ``llm-exe`` execution judge, and the
answer judge of ``hybrid``.

The judge is any tabbench model backend (``tabbench.get_backend(name, model, **options)``) or a
``ModelBackend`` instance. As in the paper, one judge call grades every distinct prediction of a prompt
group together. A judgement that cannot be read (no JSON, wrong number of grades, an unknown grade, a
backend error) gives every affected completion ``judge_error`` with value 0: counted, never raised.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench import (
    ConfigError,
    Example,
    GenerationParams,
    GenerationRequest,
    ModelBackend,
    Prediction,
    Score,
    Status,
)
from tabbench_sql_rewards.base import SqlReward, extract_option, gold_sql, group_key

DEFAULT_GRADES = {"excellent": 1.0, "good": 0.8, "above average": 0.6, "average": 0.4, "bad": 0.2,
                  "very bad": 0.0}

# The sparks paper's grading rubric (training/unsloth_training/rewards.py), with its LangChain format
# instructions replaced by a plain JSON instruction.
CLASSES_PROMPT = """Compare these SQL queries to the correct query and grade each one as: 'Very bad', 'Bad', \
'Above average', 'Good', or 'Excellent'. Use the correct query as the reference:

- Correct query: {gold}

1. Excellent: only when the SQL query is perfect and matches the correct query
2. Good: there is a grammar mistake in the query
3. Above average: the query is mostly correct but gets one logical step wrong
4. Bad: the query makes more than one mistake
5. Very bad: there is no query, or it differs significantly from the correct query

Queries to grade:
{queries}

Return ONLY a JSON object {{"grades": [...]}} with one grade per query ({n} in all), in order."""

CHANGES_PROMPT = """You are an SQL expert. Count how many changes you need to make to get the following \
predicted queries correct.

Predicted queries:
{queries}

For reference, use this schema: {schema}

Here is the correct query:
{gold}

Count the number of orthographic elements you need to change to turn each predicted query into the correct \
query. ONLY RETURN a JSON object {{"scores": [...]}} with {n} numbers, the number of changes needed for each \
predicted query, in order."""

ANSWER_PROMPT = """Grade each predicted answer to the question against the reference answer, as one of: \
'Very bad', 'Bad', 'Above average', 'Good', or 'Excellent'.

Question: {question}
Reference answer: {gold}

1. Excellent: the answer is correct and complete
2. Good: correct, with a minor slip in wording or formatting
3. Above average: mostly correct, but one part is wrong or missing
4. Bad: more than one mistake
5. Very bad: no answer, or an answer that differs significantly from the reference

Answers to grade:
{queries}

Return ONLY a JSON object {{"grades": [...]}} with one grade per answer ({n} in all), in order."""

EXECUTION_PROMPT = """You are an SQL expert. Without running anything, decide for each predicted query whether it \
would return exactly the same result as the correct query on this database: the same rows and values (row \
order matters only when the correct query has ORDER BY), whatever the data in the tables. Wording, aliases \
and formatting do not matter; a different filter, join, aggregate, grouping, column set or limit does.

Schema:
{schema}

Question: {question}

Correct query:
{gold}

Predicted queries:
{queries}

Return ONLY a JSON object {{"same_result": [...]}} with {n} values, true or false, one per predicted query, \
in order."""

_GRADE_WORDS = re.compile(r"very bad|above average|excellent|good|average|bad", re.IGNORECASE)


class JudgeClient:
    """A lazily built judge backend; picklable (a backend built from a name is rebuilt after unpickling)."""

    def __init__(self, backend: str | ModelBackend, model: str | None, options: dict[str, Any],
                 max_new_tokens: int, temperature: float) -> None:
        self.spec, self.model, self.backend_options = backend, model, dict(options or {})
        self.params = GenerationParams(max_new_tokens=int(max_new_tokens), temperature=float(temperature))
        self._backend: ModelBackend | None = backend if isinstance(backend, ModelBackend) else None

    @classmethod
    def from_options(cls, reward: str, options: dict[str, Any]) -> JudgeClient:
        backend = options.get("judge_backend")
        if not backend:
            raise ConfigError(f"reward {reward!r} needs a judge: judge_backend=NAME (a model backend) and "
                              f"judge_model=MODEL")
        if isinstance(backend, str) and not options.get("judge_model"):
            raise ConfigError(f"reward {reward!r}: judge_backend={backend!r} needs judge_model=MODEL")
        return cls(backend, options.get("judge_model"), options.get("judge_options") or {},
                   options.get("judge_max_new_tokens", 512), options.get("judge_temperature", 0.0))

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if isinstance(self.spec, str):
            state["_backend"] = None
        return state

    def ask_many(self, asks: Sequence[tuple[Example, str]]) -> list[tuple[str | None, str]]:
        """The judge's text for each ``(example, prompt)``, in one ``generate`` call; ``None`` and the error
        where there is none."""
        if not asks:
            return []
        try:
            if self._backend is None:
                from tabbench import get_backend

                self._backend = get_backend(str(self.spec), str(self.model), **self.backend_options)
            requests = [GenerationRequest([{"role": "user", "content": p}], e, "judge") for e, p in asks]
            outputs = self._backend.generate(requests, self.params)
            if len(outputs) != len(asks):
                raise ValueError(f"{len(outputs)} outputs for {len(asks)} prompts")
        except Exception as exc:
            return [(None, f"judge failed: {type(exc).__name__}: {exc}")] * len(asks)
        answers: list[tuple[str | None, str]] = []
        for output in outputs:
            text = output[0] if isinstance(output, list | tuple) and output else None
            answers.append((text, "") if isinstance(text, str) else (None, "the judge returned no text"))
        return answers


def _json_object(text: str) -> dict[str, Any] | None:
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        value = json.loads(text[start : end + 1])
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def parse_grades(text: str, n: int, grades: dict[str, float]) -> list[float] | None:
    """``n`` grade values from the judge's text (JSON ``{"grades": [...]}``, else grade words in order)."""
    obj = _json_object(text)
    if obj is not None and isinstance(obj.get("grades"), list):
        words = [str(g) for g in obj["grades"]]
    else:
        words = _GRADE_WORDS.findall(text)
    words = [" ".join(w.lower().split()) for w in words]
    if len(words) != n or any(w not in grades for w in words):
        return None
    return [float(grades[w]) for w in words]


def parse_changes(text: str, n: int) -> list[int] | None:
    """``n`` non-negative change counts (JSON ``{"scores": [...]}``, else the integers in order)."""
    obj = _json_object(text)
    if obj is not None and isinstance(obj.get("scores"), list):
        values = obj["scores"]
    else:
        values = re.findall(r"-?\d+", text)
    try:
        counts = [int(float(v)) for v in values]
    except (TypeError, ValueError):
        return None
    if len(counts) != n or any(c < 0 for c in counts):
        return None
    return counts


def parse_same_result(text: str, n: int) -> list[float] | None:
    """``n`` verdicts (1.0 same result, 0.0 not) from JSON ``{"same_result": [...]}``, else yes/no/true/false
    words in order."""
    obj = _json_object(text)
    if obj is not None and isinstance(obj.get("same_result"), list):
        words = [str(v).strip().lower() for v in obj["same_result"]]
    else:
        words = [w.lower() for w in re.findall(r"\b(true|false|yes|no)\b", text, re.IGNORECASE)]
    truth = {"true": 1.0, "yes": 1.0, "1": 1.0, "false": 0.0, "no": 0.0, "0": 0.0}
    if len(words) != n or any(w not in truth for w in words):
        return None
    return [truth[w] for w in words]


def schema_text(example: Example) -> str:
    """The schema shown to a judge: the example's ``schema``/``context`` text, else the CREATE TABLE statements of
    its SQLite database."""
    text = example.fields.get("schema") or example.fields.get("context")
    if text:
        return str(text)
    db_path = example.fields.get("db_path")
    if isinstance(db_path, str) and db_path.endswith((".sqlite", ".db", ".sqlite3")):
        from tabbench.sql import sqlite_ddl

        try:
            return "\n\n".join(statement for _table, statement in sqlite_ddl(db_path))
        except Exception:  # an unreadable database still leaves the question and the queries to judge
            return "(not given)"
    return "(not given)"


def _numbered(items: Sequence[str], label: str) -> str:
    return "\n\n".join(f"{label} {i}:\n{item}" for i, item in enumerate(items, 1))


def score_groups(reward: SqlReward, items: Sequence[Prediction], judge: JudgeClient, kind: str,
                 grades: dict[str, float] | None = None) -> list[Score]:
    """Judge ``items`` one prompt group per call; identical predictions in a group are judged once.

    ``kind``: ``classes`` (SQL graded into classes), ``changes`` (SQL change count, value ``1/(x+1)``),
    ``execution`` (would the SQL return the gold result: 1 or 0) or ``answer`` (free-text answers graded into
    classes). What is judged is each prediction's ``answer`` (the reward's declared extractor: the SQL, or the
    final answer of a table-QA completion). All groups go to the judge backend in one ``generate`` call, so a
    batching backend (vLLM, a server) batches them.
    """
    grades = grades or DEFAULT_GRADES
    scores: list[Score | None] = [None] * len(items)
    groups: dict[tuple[str, str], list[int]] = {}
    preds: list[str | None] = []
    for i, item in enumerate(items):
        example = item.example
        gold = example.gold if kind == "answer" else gold_sql(example)
        if gold is None:
            scores[i] = Score(None, Status.GOLD_ERROR, {"error": "the example has no reference"})
            preds.append(None)
            continue
        pred = item.answer
        preds.append(pred)
        if pred is None:
            scores[i] = Score(0.0, Status.NO_SQL if kind != "answer" else Status.PARSE_FAIL,
                              {"error": "nothing to judge in the completion"})
            continue
        groups.setdefault(group_key(example), []).append(i)
    plans = []
    for members in groups.values():
        example = items[members[0]].example
        distinct = list(dict.fromkeys(preds[i] for i in members))
        plans.append((members, distinct, example, _prompt(kind, example, distinct)))
    verdicts = judge.ask_many([(example, prompt) for _, _, example, prompt in plans])
    for (members, distinct, _, _), (text, error) in zip(plans, verdicts, strict=True):
        values: list[float] | None = None
        if text is not None:
            if kind == "changes":
                counts = parse_changes(text, len(distinct))
                values = [1.0 / (c + 1) for c in counts] if counts is not None else None
            elif kind == "execution":
                values = parse_same_result(text, len(distinct))
            else:
                values = parse_grades(text, len(distinct), grades)
            if values is None:
                error = f"unreadable judgement: {text[:200]!r}"
        for i in members:
            if values is None:
                scores[i] = Score(0.0, Status.JUDGE_ERROR, {"error": error})
                continue
            value = values[distinct.index(preds[i])]
            status = Status.MATCH if value >= 1.0 else (Status.MISMATCH if value <= 0.0 else Status.PARTIAL)
            scores[i] = Score(value, status, {"judged": preds[i], "group_size": len(distinct)})
    return [s if s is not None else Score(0.0, Status.REWARD_ERROR, {"error": "unscored"}) for s in scores]


def _prompt(kind: str, example: Example, distinct: list[str | None]) -> str:
    texts = [d or "" for d in distinct]
    if kind == "classes":
        return CLASSES_PROMPT.format(gold=gold_sql(example), queries=_numbered(texts, "Query"), n=len(texts))
    if kind == "execution":
        return EXECUTION_PROMPT.format(schema=schema_text(example), question=example.fields.get("question") or
                                       "(not given)", gold=gold_sql(example), queries=_numbered(texts, "Query"),
                                       n=len(texts))
    if kind == "changes":
        schema = example.fields.get("schema") or example.fields.get("context") or "(not given)"
        return CHANGES_PROMPT.format(gold=gold_sql(example), queries=_numbered(texts, "Query"), n=len(texts),
                                     schema=schema)
    question = example.fields.get("question") or "(not given)"
    return ANSWER_PROMPT.format(question=question, gold=example.gold, queries=_numbered(texts, "Answer"),
                                n=len(texts))


class LlmJudgeClassesReward(SqlReward):
    """Very bad / Bad / Average / Above average / Good / Excellent -> 0 / 0.2 / 0.4 / 0.6 / 0.8 / 1.

    The sparks paper's judge: the gold query and every prediction of the group go to the judge in one call.
    ``grades`` overrides the mapping (keys are grade names, case-insensitive).
    """

    name = "llm-judge-classes"
    version = "1"
    description = "sparks paper: an LLM judge grades the SQL Very bad..Excellent, mapped to 0..1"
    option_defaults: ClassVar[dict[str, Any]] = {"judge_backend": None, "judge_model": None, "judge_options": {},
                                                 "judge_max_new_tokens": 512, "judge_temperature": 0.0,
                                                 "grades": dict(DEFAULT_GRADES), "extract": extract_option("block")}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        grades = self.opt("grades")
        if not isinstance(grades, dict) or not all(isinstance(v, int | float) for v in grades.values()):
            raise ConfigError("reward 'llm-judge-classes': grades must map grade names to numbers")
        self._grades = {" ".join(str(k).lower().split()): float(v) for k, v in grades.items()}
        self._judge = JudgeClient.from_options(self.name, self.options)

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        try:
            return score_groups(self, items, self._judge, "classes", self._grades)
        except Exception as exc:
            return [Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"})] * len(items)


class LlmExeReward(SqlReward):
    """1.0 when a judge model says the predicted SQL would return the gold query's result, else 0.0.

    The sparks seed's LLM-EXE idea for data without databases: execution accuracy estimated by a judge that
    sees the schema (the example's ``schema`` text, else its SQLite database's CREATE TABLE statements), the
    question, the gold query and every distinct prediction of the group, in one call. An unreadable verdict is
    ``judge_error`` (0). Options as ``llm-judge-classes`` (``judge_backend``, ``judge_model``, ...).
    """

    name = "llm-exe"
    version = "1"
    description = "an LLM judge estimates whether the predicted SQL returns the gold result (no database needed)"
    option_defaults: ClassVar[dict[str, Any]] = {"judge_backend": None, "judge_model": None, "judge_options": {},
                                                 "judge_max_new_tokens": 512, "judge_temperature": 0.0,
                                                 "extract": extract_option("block")}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._judge = JudgeClient.from_options(self.name, self.options)

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        try:
            return score_groups(self, items, self._judge, "execution")
        except Exception as exc:
            return [Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"})] * len(items)
