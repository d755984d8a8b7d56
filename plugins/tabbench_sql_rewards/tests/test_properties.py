"""Property tests: any text as a completion yields a float or None (None only for a failed gold), never an
exception, for every reward this package ships; and the host's reward contract."""

from __future__ import annotations

import math

import pytest
from conftest import GOLD, wrap
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tabbench_sql_rewards import REWARDS
from test_formulas import ScriptedJudge

from tabbench import Example, Reward, Score, Status, get_reward, registered_names, score_batch
from tabbench.testing import RewardContract

PIECES = ["<think>", "</think>", "<answer>", "</answer>", "```sql\n", "```", "SELECT ", "name ", "* ", "FROM ",
          "singer ", "WHERE ", "country = 'FR' ", ";", "DROP TABLE singer", "ATTACH 'x' AS y", "(", ")", "'", "\"",
          "\n", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT * FROM c", "Final Answer: "]

completions = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=10)), max_size=20).map("".join),
)


def make(name: str) -> Reward:
    judge = {"judge_backend": ScriptedJudge(['{"grades": ["Good"]}', '{"scores": [2]}', "garbage"] * 1000)}
    options = {
        "sqlr1": {"timeout": 0.1}, "databricks-rlvr": {"timeout": 0.1}, "arctic": {"timeout": 0.1},
        "execution-partial": {"timeout": 0.1}, "llm-judge-classes": judge, "llm-exe": judge,
        "orthographic": {}, "composite": {"preset": "sparks-best4", "shared": judge},
        "hybrid": {"sql_options": {"timeout": 0.1}},
    }
    return get_reward(name, **options.get(name, {}))


def _available(name: str) -> bool:
    if name != "hybrid":
        return True
    return {"exact-match", "rouge-l"} <= set(registered_names("reward"))


@pytest.mark.parametrize("name", sorted(REWARDS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=completions)
def test_any_text_scores_to_float_or_none(name, text, db_path):
    if not _available(name):
        pytest.skip("hybrid needs the table-QA rewards plugin (exact-match, rouge-l)")
    reward = make(name)
    examples = [Example("q1", GOLD, {"db_path": db_path}), Example("q2", "SELECT nope FROM singer",
                                                                   {"db_path": db_path})]
    for example in examples:
        batch = score_batch(reward, [(example, text), (example, text)])
        for score in [*batch, *score_batch(reward, [(example, text)])]:
            assert isinstance(score, Score) and isinstance(score.status, Status)
            assert score.status is not Status.REWARD_ERROR, score
            if score.value is None:
                assert score.status.not_applicable, score
            else:
                assert isinstance(score.value, float) and math.isfinite(score.value), score


class TestArcticContract(RewardContract):
    @pytest.fixture(autouse=True)
    def _db(self, db_path):
        self.db = db_path

    def make_reward(self) -> Reward:
        return get_reward("arctic", timeout=1.0)

    def cases(self):
        example = Example("q1", GOLD, {"db_path": self.db})
        return [(example, wrap("SELECT name FROM singer WHERE country='FR'"), Status.MATCH),
                (example, wrap("SELECT name FROM singer"), Status.MISMATCH),
                (example, "", Status.NO_SQL),
                (Example("q2", "SELECT nope FROM t", {"db_path": self.db}), wrap("SELECT 1"), Status.GOLD_ERROR)]


class TestSqlR1Contract(TestArcticContract):
    def make_reward(self) -> Reward:
        return get_reward("sqlr1", timeout=1.0)

    def cases(self):
        example = Example("q1", GOLD, {"db_path": self.db})
        return [(example, wrap("SELECT name FROM singer WHERE country='FR'"), Status.MATCH),
                (example, "SELECT 1", Status.FORMAT_ERROR),
                (example, wrap("SELECT name FROM singer; DROP TABLE singer"), Status.FORBIDDEN)]


class TestComponentF1Contract(TestArcticContract):
    def make_reward(self) -> Reward:
        return get_reward("component-f1")

    def cases(self):
        example = Example("q1", GOLD, {"db_path": self.db})
        return [(example, f"```sql\n{GOLD}\n```", Status.MATCH), (example, "", Status.NO_SQL)]
