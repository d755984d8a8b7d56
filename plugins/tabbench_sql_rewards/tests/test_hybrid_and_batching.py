"""The hybrid's routes, and batched scoring: gold once per prompt, identical completions once."""

from __future__ import annotations

import pytest
from conftest import GOLD, wrap
from test_formulas import ScriptedJudge

from tabbench import Example, Status, get_reward, registered_names, score_batch
from tabbench.sql import ResultStore, use_store

needs_tableqa = pytest.mark.skipif(
    not {"exact-match", "rouge-l"} <= set(registered_names("reward")),
    reason="the table-QA rewards plugin (exact-match, rouge-l) is not installed",
)


@needs_tableqa
def test_hybrid_routes(example):
    judge = ScriptedJudge(['{"grades": ["Good"]}'])
    hybrid = get_reward("hybrid", judge_backend=judge)
    number = Example("n", "42", {"question": "How many?"})
    essay = Example("e", "Sales rose in every region because the new product line sold well in spring.",
                    {"question": "Why did sales rise?"})
    scores = score_batch(hybrid, [
        (example, wrap("SELECT name FROM singer WHERE country='FR'")),
        (number, "Reasoning.\nFinal Answer: 42"),
        (number, "Final Answer: 41"),
        (essay, "Final Answer: the new products sold well"),
    ])
    assert [s.details["route"] for s in scores] == ["sql", "rule", "rule", "judge"]
    assert [s.value for s in scores] == [1.0, 1.0, 0.0, 0.8]
    assert "the new products sold well" in judge.prompts[0]


@needs_tableqa
def test_hybrid_without_judge_falls_back(example):
    essay = Example("e", "Sales rose in every region because the new product line sold well.", {})
    answer = "Final Answer: Sales rose in every region because products sold well"
    score = score_batch(get_reward("hybrid"), [(essay, answer)])[0]
    assert score.details["route"] == "judge" and 0 < score.value < 1


@pytest.mark.parametrize("name", ["sqlr1", "databricks-rlvr", "arctic", "execution-partial"])
def test_gold_once_per_prompt_and_identical_completions_once(name, db_path, tmp_path, monkeypatch):
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))
    prompts = [Example(f"p{i}", GOLD if i % 2 else "SELECT age FROM singer", {"db_path": db_path}) for i in range(4)]
    group = [wrap("SELECT name FROM singer WHERE country='FR'")] * 5 + [wrap("SELECT name FROM singer")] * 3
    items = [(p, c) for p in prompts for c in group]
    reward = get_reward(name, gold_cache=False)
    with use_store(ResultStore()):  # a new run
        scores = score_batch(reward, items)
    assert len(scores) == 32
    # one execute_many call: 64 jobs, 2 distinct golds + 2 distinct predictions on one database, 4 run
    assert (reward.stats.jobs, reward.stats.distinct, reward.stats.executed) == (64, 4, 4)
    assert scores == [score_batch(get_reward(name, gold_cache=False), [(e, c)])[0] for e, c in items]


def test_rewards_of_one_run_share_executions(db_path, tmp_path, monkeypatch):
    """Four execution rewards scoring the same completions in one run, batch after batch: each distinct query
    executes once, whichever reward or batch asks (SQL-R1's DISTINCT removal leaves this gold unchanged)."""
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))
    example = Example("p", GOLD, {"db_path": db_path})
    completions = [wrap("SELECT name FROM singer WHERE country='FR'"), wrap("SELECT name FROM singer")]
    items = [(example, c) for c in completions] * 4
    names = ["sqlr1", "arctic", "execution-partial", "databricks-rlvr"]
    rewards = [get_reward(n) for n in names]
    store = ResultStore()
    with use_store(store):
        for reward in rewards:
            score_batch(reward, items)
            score_batch(reward, items[:3])
    executed = sum(r.stats.executed for r in rewards)
    assert executed == 3  # the gold and the two completions
    assert store.stats.stored == 3 and store.stats.hits == 3 * (2 * len(names) - 1)


def test_gold_results_come_from_the_cache_the_second_time(db_path, tmp_path, monkeypatch):
    import tabbench_sql_rewards.execution as execution

    from tabbench.sql import GoldCache, execute_many

    cache = GoldCache(tmp_path)

    def run(jobs, limits, workers=None, gold_cache=True, stats=None):
        return execute_many(list(jobs), limits, cache=cache, stats=stats)

    monkeypatch.setattr(execution, "run_jobs", run)
    reward = get_reward("arctic")
    items = [(Example("p", GOLD, {"db_path": db_path}), wrap("SELECT name FROM singer"))] * 8
    for _ in range(2):  # two runs, each with its own result store
        with use_store(ResultStore()):
            score_batch(reward, items)
    assert reward.stats.cache_hits == 1 and reward.stats.executed == 3


def test_failed_predictions_do_not_hide_gold_failures(bad_gold):
    scores = score_batch(get_reward("databricks-rlvr"), [(bad_gold, ""), (bad_gold, wrap("SELECT 1"))])
    assert [s.status for s in scores] == [Status.GOLD_ERROR, Status.GOLD_ERROR]
    assert [s.value for s in scores] == [None, None]
