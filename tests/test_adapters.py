"""tabbench.adapters: the TRL and verl contracts, and eval == training, sample by sample."""

from __future__ import annotations

import json
import pickle

import pytest

from tabbench import ConfigError, Example, UnknownNameError, get_reward
from tabbench.adapters import (
    TrlReward,
    completion_text,
    compute_score,
    compute_score_batch,
    dataset_rows,
    row_example,
    trl_reward,
)
from tabbench.evaluation.runner import score_examples
from tabbench.host.plugins import host

SQL_REWARDS = ["sqlr1", "databricks-rlvr", "arctic", "execution-partial", "execution-credit", "string-match",
               "component-f1", "orthographic"]


pytestmark = pytest.mark.usefixtures("private_gold_cache")


def variants(gold: str) -> list[str]:
    """Completions of every kind for one example: right, wrong, broken, degenerate, hostile."""
    return [
        gold,
        f"<think>easy</think>\n<answer>```sql\n{gold}\n```</answer>",
        f"```sql\n{gold}\n```",
        f"<think>{gold}</think><answer>no idea</answer>",
        "SELECT * FROM customers",
        "SELECT nonsense FROM nowhere",
        "",
        "DROP TABLE customers",
        f"{gold}; DELETE FROM customers",
    ]


def test_eval_metric_equals_trl_reward(demo):
    """The number `tabbench eval` records (runner.score_examples -> Reward.score_batch) is the number the TRL
    adapter hands GRPOTrainer, for every reward and every kind of completion."""
    examples = list(demo.examples("train"))[:6]
    rows = list(dataset_rows(demo, "train"))[:6]
    names = SQL_REWARDS + [m.reward for m in demo.metrics if m.reward in host().registry("reward")]
    for name in names:
        items = [(e, c) for e in examples for c in variants(e.gold)]
        _, scored = score_examples(demo, {name: get_reward(name)}, [e for e, _ in items], [c for _, c in items])
        evaluated = scored[name]
        function = trl_reward(name)
        columns = {key: [rows[i // 9][key] for i in range(len(items))] for key in rows[0] if key != "prompt"}
        prompts = [rows[i // 9]["prompt"] for i in range(len(items))]
        trained = function(prompts=prompts, completions=[c for _, c in items], **columns)
        assert trained == [s.value for s in evaluated], name
        # the conversational form of the same completions gives the same numbers
        chat = [[{"role": "assistant", "content": c}] for _, c in items]
        assert function(prompts=prompts, completions=chat, **columns) == trained, name


def test_dataset_rows_round_trip(demo):
    row = next(iter(dataset_rows("demo-bird", "train")))
    assert set(row) == {"prompt", "example", "benchmark", "id"}
    assert row["prompt"] == demo.prompt(next(iter(demo.examples("train"))))
    assert row_example({"example": [row["example"]]}, 0) == next(iter(demo.examples("train")))


def test_reasoning_content_is_rebuilt():
    message = {"role": "assistant", "reasoning_content": "think hard", "content": "<answer>x</answer>"}
    assert completion_text([message]) == "<think>think hard</think><answer>x</answer>"
    assert completion_text([{"role": "assistant", "content": "plain"}]) == "plain"
    assert completion_text(None) == "" and completion_text("s") == "s"


def test_sqlr1_format_survives_parse_response(demo):
    """With a response schema TRL moves <think> into reasoning_content; SQL-R1's format check still passes."""
    example = next(iter(demo.examples("train")))
    row = next(iter(dataset_rows(demo, "train")))
    message = {"role": "assistant", "reasoning_content": "count them",
               "content": f"<answer>```sql\n{example.gold}\n```</answer>"}
    value = trl_reward("sqlr1")(prompts=[row["prompt"]], completions=[[message]], example=[row["example"]])[0]
    assert value is not None and value > 6


def test_flattened_columns(tmp_path):
    import sqlite3

    db = tmp_path / "t.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2);")
    conn.commit()
    conn.close()
    f = trl_reward("arctic")
    values = f(prompts=["p", "p"], completions=["```sql\nSELECT a FROM t\n```", "```sql\nSELECT 1\n```"],
               gold_sql=["SELECT a FROM t"] * 2, db_path=[str(db)] * 2)
    assert values == [1.0, 0.1]


def test_name_and_pickling():
    # TRL's get_callable_name reads __name__ (checked against TRL itself in the GRPO test)
    a, b = trl_reward("arctic"), trl_reward("arctic", name="arctic_strict", require_tags=True)
    assert (a.__name__, b.__name__) == ("arctic", "arctic_strict")
    clone = pickle.loads(pickle.dumps(b))
    assert isinstance(clone, TrlReward) and clone.__name__ == "arctic_strict"
    assert clone.reward.options["require_tags"] is True


def test_never_raises_and_none_only_for_gold_failures(tmp_path):
    f = trl_reward("databricks-rlvr")
    good = json.dumps(Example("1", "SELECT 1", {"db_path": str(tmp_path / "missing.sqlite")}).to_json())
    completions = [None, 42, {"role": "assistant"}, [{"role": "user", "content": "x"}], "```sql\nSELECT 1\n```"]
    values = f(prompts=["p"] * 5, completions=completions, example=[good] * 5)
    assert values == [None] * 5  # the database is missing: the gold side failed for every row
    with pytest.raises(ConfigError, match="row 0 has no readable example"):
        f(prompts=["p"], completions=["x"], example=["{not json"])
    assert f(prompts=[], completions=[]) == [] and f() == []


def test_status_rates_are_logged_for_statuses_that_occur(demo):
    rows = list(dataset_rows(demo, "train"))[:2]
    metrics: dict[str, float] = {}
    extra: dict[str, list] = {}
    f = trl_reward("arctic")
    completions = [json.loads(rows[0]["example"])["gold"], "no sql"]
    f(prompts=[r["prompt"] for r in rows], completions=completions, example=[r["example"] for r in rows],
      log_metric=metrics.__setitem__, log_extra=extra.__setitem__, trainer_state=object())
    assert set(metrics) == {"arctic/status/match", "arctic/status/no_sql"}  # only statuses that occurred
    assert metrics["arctic/status/match"] == 0.5 and metrics["arctic/status/no_sql"] == 0.5
    assert extra == {"arctic/status": ["match", "no_sql"]}
    assert f.reset_status_counts() == {"match": 1, "no_sql": 1} and not f.status_counts


def test_verl_compute_score(demo):
    example = next(iter(demo.examples("train")))
    info = {"example": json.dumps(example.to_json())}
    right = compute_score("arctic", f"```sql\n{example.gold}\n```", example.gold, info)
    assert right == {"score": 1.0, "status": "match", "applicable": True, "tabbench_reward": "arctic"}
    wrong = compute_score(demo.name, "SELECT 1", example.gold, info)  # a benchmark name: its primary metric
    primary = demo.metric(demo.primary_metric).reward
    assert wrong == {"score": 0.0, "status": "mismatch", "applicable": True, "tabbench_reward": primary}
    flat = compute_score("whatever", "SELECT 1", "SELECT 1", {"db_path": example.fields["db_path"]}, reward="arctic")
    assert flat["score"] == 1.0
    gold_fails = compute_score("arctic", "SELECT 1", "SELECT nope", {"db_path": example.fields["db_path"]})
    assert gold_fails == {"score": 0.0, "status": "gold_error", "applicable": False, "tabbench_reward": "arctic"}
    with pytest.raises(UnknownNameError, match="no-such-reward"):  # a wiring mistake stops verl, never a 0.0
        compute_score("no-such-reward", "x", "y", {})
    with pytest.raises(ConfigError, match="timeot"):
        compute_score("arctic", "x", "y", info, reward_options={"timeot": 3})
    with pytest.raises(ConfigError, match="neither"):
        compute_score("arctic", "x", None, None)
    with pytest.raises(ConfigError, match="first verl sample cannot be scored"):  # extra_info=None: no db_path
        compute_score("databricks-rlvr", "SELECT 1", "SELECT 1", None, reward_options={"timeout": 7})
    batch = compute_score_batch(["arctic", "arctic"], [f"```sql\n{example.gold}\n```", "x"],
                                [example.gold] * 2, [info, info])
    assert [r["status"] for r in batch] == ["match", "no_sql"]


def test_adapter_never_raises_on_any_completion(demo):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    row = next(iter(dataset_rows(demo, "train")))
    message = st.fixed_dictionaries({"role": st.sampled_from(["assistant", "user", "tool"])},
                                    optional={"content": st.one_of(st.none(), st.text(max_size=80)),
                                              "reasoning_content": st.one_of(st.none(), st.text(max_size=40))})
    completion = st.one_of(st.text(max_size=200), st.lists(message, max_size=3), st.none(), st.integers())
    functions = [trl_reward(name, **({"timeout": 0.2} if name in SQL_REWARDS[:4] else {})) for name in SQL_REWARDS]

    @settings(max_examples=30, deadline=None)
    @given(completions=st.lists(completion, min_size=1, max_size=4))
    def check(completions):
        for f in functions:
            values = f(prompts=[row["prompt"]] * len(completions), completions=completions,
                       example=[row["example"]] * len(completions))
            assert len(values) == len(completions)
            assert all(isinstance(v, float) for v in values), (f.__name__, values)  # the gold runs: never None

    check()
