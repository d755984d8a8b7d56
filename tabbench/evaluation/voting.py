"""Self-consistency: choose one of an example's n sampled completions by their agreement.

Two votes, as the seed papers run them:

- ``execution`` (SQL-R1 and OmniSQL, ``evaluation_bird_post.py``): every candidate's SQL is executed (each
  distinct query once, read-only and bounded, through ``tabbench.sql``; in a run, as the benchmark's execution
  reward executes it, under its limits and through the run's result store, so the reward's own execution of
  the same query is answered from the store: one execution per distinct query per run); candidates are
  grouped by result as a set of rows (``frozenset(fetchall())``: row order and duplicates ignored); the
  largest group wins, a tie goes to the group seen first, and the winner is that group's first candidate.
  Candidates whose SQL is missing or fails do not vote. When every candidate fails, the first one is chosen
  (OmniSQL picks one at random; the first keeps runs reproducible).
- ``similarity`` (Arctic-Text2SQL-R1's default "Snow" mode): each executed result is a multiset of
  ``(column name, value)`` pairs; two results agree by the weighted Jaccard ``Σ min(f1, f2) / Σ max(f1, f2)``
  over those pairs (a column only one side has counts as full disagreement); a failed or empty result agrees
  with nothing. The candidate with the largest total agreement with all candidates (itself included) wins,
  ties to the first.

An example without a database (table QA) votes on the benchmark's extracted answers instead: ``execution``
becomes a majority over whitespace- and case-normalised answers, ``similarity`` the same weighted Jaccard over
answer tokens. The database is the example field ``db_path`` (option ``db_field``).

Trainers reuse ``vote`` for a pseudo-label (TAO on prompts without gold). A reward built on agreement belongs in
a reward plugin (every reward does), not here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.deprecation import deprecated, kept, module_getattr
from tabbench.contract.errors import UsageError
from tabbench.contract.reward import Reward
from tabbench.contract.types import Example
from tabbench.evaluation.runner import Chooser

METHODS = ("execution", "similarity")
#: Bounds for executing candidates when no reward executes them (a vote outside a run, a benchmark without an
#: execution reward): 10 s per query as in SQL-R1's and Arctic's voting scripts.
VOTE_TIMEOUT = 10.0
VOTE_MAX_ROWS = 10_000

Denotation = tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]  # (column names, rows)


# --- pure functions over results ----------------------------------------------------------------------------


def result_key(rows: Sequence[Sequence[Any]], semantics: str = "set") -> Hashable:
    """The value candidates are grouped by: ``set`` (OmniSQL/SQL-R1, the default), ``multiset`` or ``list``."""
    tuples = [tuple(row) for row in rows]
    if semantics == "set":
        return frozenset(tuples)
    if semantics == "multiset":
        return frozenset(Counter(tuples).items())
    if semantics == "list":
        return tuple(tuples)
    raise UsageError(f"unknown vote semantics {semantics!r} (set, multiset, list)")


def answer_key(answer: str | None) -> Hashable | None:
    """A text answer's vote key: whitespace collapsed and lower-cased; ``None`` (no answer) does not vote."""
    if answer is None:
        return None
    key = " ".join(answer.split()).lower()
    return key or None


def majority(keys: Sequence[Hashable | None]) -> int | None:
    """Index of the winning candidate: first member of the most frequent non-``None`` key, ties to the key seen
    first; ``None`` when no candidate has a key."""
    counts = Counter(k for k in keys if k is not None)
    if not counts:
        return None
    top = max(counts.values())
    for index, key in enumerate(keys):
        if key is not None and counts[key] == top:
            return index
    raise AssertionError("unreachable")


def denotation_similarity(a: Denotation | None, b: Denotation | None) -> float:
    """Arctic's soft denotation similarity of two results, in [0, 1]: weighted Jaccard over (column, value)."""
    if a is None or b is None:
        return 0.0
    fa, fb = _pairs(a), _pairs(b)
    union = sum((fa | fb).values())
    return sum((fa & fb).values()) / union if union else 0.0


def _pairs(denotation: Denotation) -> Counter:
    columns, rows = denotation
    counts: Counter = Counter()
    for row in rows:
        for position, value in enumerate(row):
            name = columns[position] if position < len(columns) else str(position)
            counts[(name, _hashable(value))] += 1
    return counts


def _hashable(value: Any) -> Hashable:
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def similarity_scores(denotations: Sequence[Denotation | None]) -> list[float]:
    """Each candidate's total agreement with all candidates (itself included: 1 for a non-empty result)."""
    n = len(denotations)
    scores = [0.0] * n
    for i in range(n):
        for j in range(i, n):
            sim = denotation_similarity(denotations[i], denotations[j])
            scores[i] += sim
            if j != i:
                scores[j] += sim
    return scores


def most_similar(denotations: Sequence[Denotation | None]) -> int | None:
    """Index with the highest similarity score (ties to the first); ``None`` when every score is 0."""
    scores = similarity_scores(denotations)
    best = max(scores, default=0.0)
    return scores.index(best) if best > 0 else None


def text_denotation(answer: str | None) -> Denotation | None:
    """A text answer as a one-column result of its lower-cased tokens, for the similarity vote."""
    if answer is None or not answer.split():
        return None
    return ("answer",), tuple((token,) for token in answer.lower().split())


# --- candidates of one example ----------------------------------------------------------------------------


@dataclass
class Candidate:
    """One completion as the vote sees it: the extracted answer and, for SQL, its execution."""

    answer: str | None
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[Any, ...], ...] | None = None  # None: not executed or failed
    error: str | None = None

    def denotation(self) -> Denotation | None:
        return (self.columns, self.rows) if self.rows else None


@dataclass
class VoteOutcome:
    """The vote's winner and why: ``support`` is each candidate's agreement (group size or similarity score)."""

    index: int
    method: str
    executed: bool
    support: list[float] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)
    """The candidates that agree (same result set, or same normalised answer), largest first, ties to the group
    seen first; candidates without a result or answer are in none."""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "method": self.method, "executed": self.executed, "support": self.support,
                "groups": self.groups}


def database_of(example: Example, db_field: str = "db_path") -> Path | str | None:
    """The SQLite file, or PostgreSQL/MySQL DSN (``tabbench.sql.dsn``), the example's SQL runs on, or ``None``
    for examples without one (table QA)."""
    value = example.fields.get(db_field)
    if not value:
        return None
    from tabbench.sql.dsn import is_server_target

    if is_server_target(value):
        return str(value)
    path = Path(str(value))
    return path if path.is_file() else None


def executing_reward(rewards: Sequence[Reward]) -> Reward | None:
    """The first of ``rewards`` that executes queries (it declares ``limits``), whose executions the vote reads."""
    return next((reward for reward in rewards if reward.limits is not None), None)


def candidates(
    benchmark: Benchmark, example: Example, completions: Sequence[str], *, db_field: str = "db_path",
    timeout: float = VOTE_TIMEOUT, max_rows: int = VOTE_MAX_ROWS, workers: int | None = None,
    answers: Sequence[str | None] | None = None, reward: Reward | None = None,
) -> tuple[list[Candidate], bool]:
    """Extract every completion's answer (unless the caller already holds them: ``answers``) and, when the
    example has a database, execute each distinct SQL once (``tabbench.sql.execute_many``, through the run's
    result store; ``workers`` ``None``: the host's default pool, which kills a query that ignores cancellation;
    0: in this process). With ``reward`` (an execution reward of the run), each query is executed as that reward
    executes it (``Reward.executed_query``, ``Reward.limits``), so the reward's execution and the vote's are
    one; without, under ``timeout`` and ``max_rows``. Returns the candidates and whether they were executed.
    """
    if answers is None:
        answers = [_extract(benchmark, example, c) for c in completions]
    database = database_of(example, db_field)
    if database is None:
        return [Candidate(a) for a in answers], False
    from tabbench.sql import ExecJob, Limits, execute_many

    distinct = list(dict.fromkeys(a for a in answers if a))
    if reward is not None and reward.limits is not None:
        limits, queries = reward.limits, [reward.executed_query(example, sql) for sql in distinct]
    else:
        limits, queries = Limits(timeout=timeout, max_rows=max_rows), distinct
    executed = execute_many([ExecJob(str(database), query) for query in queries], limits, workers=workers,
                            cache=False)
    results = dict(zip(distinct, executed, strict=True))
    out = []
    for answer in answers:
        result = results.get(answer) if answer else None
        if result is None:
            out.append(Candidate(answer, error="no SQL"))
        elif not result.ok:
            out.append(Candidate(answer, error=result.error or str(result.status)))
        else:
            out.append(Candidate(answer, tuple(result.columns), tuple(tuple(r) for r in result.rows)))
    return out, True


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise UsageError(f"unknown vote {method!r}: choose one of {', '.join(METHODS)}")


def _extract(benchmark: Benchmark, example: Example, completion: str) -> str | None:
    try:
        return benchmark.extract(example, completion)
    except Exception:  # a benchmark bug must not take the vote down; the scorer will report it
        return None


def _keys(cands: Sequence[Candidate], executed: bool, semantics: str) -> list[Hashable | None]:
    if executed:
        return [result_key(c.rows, semantics) if c.rows is not None else None for c in cands]
    return [answer_key(c.answer) for c in cands]


def _denotations(cands: Sequence[Candidate], executed: bool) -> list[Denotation | None]:
    return [c.denotation() if executed else text_denotation(c.answer) for c in cands]


def decide(
    cands: Sequence[Candidate], executed: bool, method: str = "execution", semantics: str = "set"
) -> VoteOutcome:
    """The vote over prepared candidates (see ``candidates``)."""
    _check_method(method)
    keys = _keys(cands, executed, semantics)
    if method == "execution":
        counts = Counter(k for k in keys if k is not None)
        support = [float(counts[k]) if k is not None else 0.0 for k in keys]
        winner = majority(keys)
    else:
        denotations = _denotations(cands, executed)
        support = similarity_scores(denotations)
        winner = most_similar(denotations)
    return VoteOutcome(0 if winner is None else winner, method, executed, support, _groups(keys))


def _groups(keys: Sequence[Hashable | None]) -> list[list[int]]:
    """Indices of the candidates sharing a key, largest group first (ties: the group seen first)."""
    groups: dict[Hashable, list[int]] = {}
    for index, key in enumerate(keys):
        if key is not None:
            groups.setdefault(key, []).append(index)
    return sorted(groups.values(), key=lambda members: -len(members))


def vote_outcome(
    benchmark: Benchmark, example: Example, completions: Sequence[str], method: str = "execution", *,
    semantics: str = "set", db_field: str = "db_path", timeout: float = VOTE_TIMEOUT, max_rows: int = VOTE_MAX_ROWS,
    workers: int | None = None, answers: Sequence[str | None] | None = None, reward: Reward | None = None,
) -> VoteOutcome:
    """Vote among ``completions`` of ``example``; see the module docstring for the rules. ``answers``: the
    completions' answers when the caller already extracted them; ``reward``: the execution reward whose
    executions the vote reads (``candidates``)."""
    _check_method(method)
    if not completions:
        raise UsageError("a vote needs at least one completion")
    cands, executed = candidates(benchmark, example, completions, db_field=db_field, timeout=timeout,
                                 max_rows=max_rows, workers=workers, answers=answers, reward=reward)
    return decide(cands, executed, method, semantics)


def vote(benchmark: Benchmark, example: Example, completions: Sequence[str], method: str = "execution",
         **options: Any) -> int:
    """Index of the winning completion (a ``Chooser`` when ``method`` and options are bound)."""
    return vote_outcome(benchmark, example, completions, method, **options).index


def chooser(method: str, **options: Any) -> Chooser:
    """A ``tabbench.evaluation.runner.Chooser`` for ``--vote METHOD``; options as in ``vote_outcome``. It reads
    the executions of the first of the run's metric rewards that executes queries (``executing_reward``)."""
    _check_method(method)

    def choose(benchmark: Benchmark, example: Example, completions: list[str], answers: list[str | None],
               rewards: Sequence[Reward]) -> VoteOutcome:
        return vote_outcome(benchmark, example, completions, method, answers=answers,
                            reward=executing_reward(rewards), **options)

    choose.__name__ = f"{method}_vote"
    return choose


# --- 0.1.0's names (docs/api.md) ------------------------------------------------------------------------------

@deprecated("use a reward plugin (every reward is one): tabbench.evaluation.voting.vote_outcome gives the winner",
            category=None)
def _agreement(keys: Sequence[Hashable | None]) -> list[float]:
    """0.1.0's ``agreement``: 1.0 for each candidate whose key equals the majority winner's, else 0.0."""
    winner = majority(keys)
    if winner is None:
        return [0.0] * len(keys)
    return [1.0 if key is not None and key == keys[winner] else 0.0 for key in keys]


@deprecated("use a reward plugin (every reward is one): tabbench.evaluation.voting.vote_outcome gives the winner",
            category=None)
def _vote_agreement(benchmark: Any, example: Any, completions: Sequence[str], method: str = "execution", *,
                    semantics: str = "set", db_field: str = "db_path", timeout: float | None = None,
                    max_rows: int | None = None, workers: int | None = None) -> list[float]:
    """0.1.0's ``vote_agreement``: each completion's agreement with the vote's winner, in [0, 1]."""
    _check_method(method)
    cands, executed = candidates(benchmark, example, completions, db_field=db_field, timeout=timeout or VOTE_TIMEOUT,
                                 max_rows=max_rows or VOTE_MAX_ROWS, workers=workers)
    if method == "execution":
        return _agreement(_keys(cands, executed, semantics))
    denotations = _denotations(cands, executed)
    winner = most_similar(denotations)
    if winner is None:
        return [0.0] * len(cands)
    return [denotation_similarity(d, denotations[winner]) for d in denotations]


__getattr__ = module_getattr(__name__, {"agreement": kept(_agreement), "vote_agreement": kept(_vote_agreement)})
if TYPE_CHECKING:  # for type checkers: the old behaviours kept are marked deprecated (PEP 702)
    from tabbench.evaluation.voting import _agreement as agreement  # noqa: F401
    from tabbench.evaluation.voting import _vote_agreement as vote_agreement  # noqa: F401
