"""Self-consistency votes: the OmniSQL/SQL-R1 execution majority and Arctic's similarity vote."""

from __future__ import annotations

import hashlib
import sqlite3
import typing

import pytest

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import UsageError
from tabbench.contract.types import Example, MetricSpec
from tabbench.evaluation.voting import (
    answer_key,
    chooser,
    denotation_similarity,
    majority,
    most_similar,
    result_key,
    similarity_scores,
    vote,
    vote_outcome,
)
from tabbench.sql import extract_sql


class SqlBench(Benchmark):
    name = "vote-sql"
    version = "1"
    metrics = (MetricSpec("ex", "unused"),)
    primary_metric = "ex"
    needs_data = False

    def examples(self, split=None):
        return iter(())

    def prompt(self, example):
        return [{"role": "user", "content": "q"}]

    def extract(self, example, completion):
        return extract_sql(completion)


class TextBench(SqlBench):
    name = "vote-text"

    def extract(self, example, completion):
        return completion.partition("Answer:")[2].strip() or None


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "t.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE t(x INTEGER, y TEXT); INSERT INTO t VALUES (1,'a'),(2,'b'),(2,'b'),(3,'c');")
    conn.commit()
    conn.close()
    return path


def sql(q: str) -> str:
    return f"reasoning...\n```sql\n{q}\n```"


def ex(db) -> Example:
    return Example("1", "SELECT 1", {"db_path": str(db)})


# --- pure functions ---------------------------------------------------------------------------------------------


def test_majority_ties_go_to_the_key_seen_first_and_none_does_not_vote():
    assert majority(["a", "b", "b", "a"]) == 0
    assert majority([None, "b", "a", "a"]) == 2
    assert majority([None, None]) is None


def test_result_key_semantics():
    assert result_key([(1,), (2,), (2,)]) == result_key([(2,), (1,)])  # set: order and duplicates ignored
    assert result_key([(1,)]) == result_key([(1.0,)])  # 1 == 1.0, as in the official set comparison
    assert result_key([(1,), (2,), (2,)], "multiset") != result_key([(2,), (1,)], "multiset")
    assert result_key([(1,), (2,)], "list") != result_key([(2,), (1,)], "list")
    with pytest.raises(UsageError):
        result_key([], "bag")
    assert answer_key("  Paris \n") == answer_key("paris") and answer_key("  ") is None and answer_key(None) is None


def test_denotation_similarity_is_arctics_weighted_jaccard():
    a = (("x",), ((1,), (2,)))
    b = (("x",), ((1,), (3,)))
    assert denotation_similarity(a, b) == pytest.approx(1 / 3)  # min-sum 1 over max-sum 3
    assert denotation_similarity(a, a) == 1.0
    assert denotation_similarity(a, (("z",), ((1,), (2,)))) == 0.0  # a column only one side has disagrees fully
    assert denotation_similarity((("x",), ((1,), (1,))), (("x",), ((1,),))) == 0.5  # multiplicities count
    assert denotation_similarity(a, None) == 0.0 and denotation_similarity((("x",), ()), (("x",), ())) == 0.0


def test_most_similar_picks_the_candidate_closest_to_the_rest():
    c = ("x",)
    cands = [(c, ((9,),)), (c, ((1,), (2,))), (c, ((1,), (2,), (3,))), None, (c, ((1,), (2,), (3,), (4,)))]
    scores = similarity_scores(cands)
    assert scores[3] == 0.0 and scores[0] == 1.0
    assert most_similar(cands) == 2  # 1 + 2/3 + 3/4 beats 1 + 2/3 + 2/4 and 1 + 3/4 + 2/4
    assert most_similar([None, None]) is None


# --- votes over executed candidates -------------------------------------------------------------------------------


def test_execution_vote_groups_by_result_set(db):
    completions = [sql("SELECT 3"), sql("SELECT x FROM t WHERE y = 'b'"), sql("SELECT DISTINCT x FROM t WHERE x = 2"),
                   sql("SELECT nope FROM t"), "no sql here"]
    outcome = vote_outcome(SqlBench(), ex(db), completions)
    assert outcome.index == 1 and outcome.executed
    assert outcome.support == [1.0, 2.0, 2.0, 0.0, 0.0]
    assert vote(SqlBench(), ex(db), completions, semantics="multiset") == 0  # now three singletons: first wins


def test_execution_vote_failures_do_not_vote_and_all_failed_picks_the_first(db):
    assert vote(SqlBench(), ex(db), [sql("SELECT nope"), "nothing", sql("SELECT 5")]) == 2
    assert vote(SqlBench(), ex(db), [sql("SELECT nope"), "nothing"]) == 0


def test_hostile_candidates_are_refused_and_leave_the_database_untouched(db):
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    completions = [sql("DELETE FROM t"), sql("DROP TABLE t"), sql("ATTACH 'x.db' AS x"),
                   sql("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM r) SELECT max(i) FROM r"),
                   sql("SELECT count(*) FROM t")]
    assert vote(SqlBench(), ex(db), completions, timeout=0.5) == 4
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_similarity_vote_on_execution_results(db):
    completions = [sql("SELECT x FROM t WHERE x = 3"), sql("SELECT x FROM t WHERE x < 3"), sql("SELECT x FROM t"),
                   sql("SELECT y AS x FROM t")]
    outcome = vote_outcome(SqlBench(), ex(db), completions, "similarity")
    assert outcome.index == 2 and outcome.method == "similarity"
    assert outcome.support[2] == max(outcome.support)


def test_examples_without_a_database_vote_on_answers(tmp_path):
    example = Example("1", "Paris", {})
    completions = ["Answer: London", "Answer:  paris", "Answer: Paris", "no answer"]
    assert vote(TextBench(), example, completions) == 1
    outcome = vote_outcome(TextBench(), example, ["Answer: New York City", "Answer: new york", "Answer: Boston"],
                           "similarity")
    assert outcome.index == 0 and not outcome.executed
    missing_db = Example("2", "x", {"db_path": str(tmp_path / "absent.sqlite")})
    assert not vote_outcome(TextBench(), missing_db, ["Answer: a"]).executed


def test_bad_methods_and_empty_input_are_usage_errors(db):
    with pytest.raises(UsageError, match="unknown vote"):
        chooser("plurality")
    with pytest.raises(UsageError, match="at least one"):
        vote(SqlBench(), ex(db), [])


def test_chooser_plugs_into_the_runner(tmp_path, db):
    """The voted completion is the one the runner scores; every sample stays in the record."""
    import tabbench
    from tabbench.contract.reward import Reward
    from tabbench.contract.types import Score, Status
    from tabbench.evaluation.config import RunConfig
    from tabbench.evaluation.plan import Plan, PlannedBenchmark, read_examples
    from tabbench.evaluation.runner import Run, execute
    from tabbench.evaluation.selection import Selection
    from tabbench.evaluation.store import RunStore
    from tabbench.host.plugins import PluginInfo, host

    class Bench(SqlBench):
        name = "vote-run"
        metrics = (MetricSpec("ex", "vote-run-ex"),)
        extracted: typing.ClassVar[list[str]] = []

        def examples(self, split=None):
            yield Example("1", "SELECT 2", {"db_path": str(db)})

        def extract(self, example, completion):
            type(self).extracted.append(completion)
            return super().extract(example, completion)

    class Ex(Reward):
        name = "vote-run-ex"

        def score(self, example, completion, answer):
            return Score(1.0, Status.MATCH) if extract_sql(completion) == example.gold else Score(0.0, Status.MISMATCH)

    class Plugin:
        @tabbench.hookimpl
        def register_rewards(self, register):
            register("vote-run-ex", Ex)

    host().register(Plugin(), PluginInfo("vote-run-plugin"))
    try:
        completions = [sql("SELECT 1"), sql("SELECT 2"), sql("SELECT 1 + 1")]
        results = {}
        for method in ("first", "execution"):
            Bench.extracted.clear()
            out = tmp_path / method
            config = RunConfig(backend="test").to_json()
            bench = Bench()
            planned = Plan(Selection(), (PlannedBenchmark(bench, "dev", read_examples(bench, None)),))
            run = Run(out_dir=out, config=config, plan=planned, store=RunStore.create(out, {}), show_progress=False)
            choose = None if method == "first" else chooser(method)
            results[method] = execute(run, lambda b, reqs: [list(completions) for _ in reqs], choose)
        assert results["first"]["benchmarks"]["vote-run"]["primary_metric"]["value"] == 0.0
        assert results["execution"]["benchmarks"]["vote-run"]["primary_metric"]["value"] == 1.0
        record = RunStore(tmp_path / "execution").read_samples("vote-run")[0]
        assert record.completions == completions and record.answer == "SELECT 2"
        assert sorted(Bench.extracted) == sorted(completions)  # each candidate once: the vote's is the record's
    finally:
        host().unregister("vote-run-plugin")


def test_candidates_can_run_in_the_process_pool(db):
    completions = [sql("SELECT 3"), sql("SELECT x FROM t WHERE y = 'b'"), sql("SELECT 2"), sql("DELETE FROM t")]
    in_process = vote_outcome(SqlBench(), ex(db), completions)
    pooled = vote_outcome(SqlBench(), ex(db), completions, workers=2)
    assert (pooled.index, pooled.support) == (in_process.index, in_process.support) == (1, [1.0, 2.0, 2.0, 0.0])
