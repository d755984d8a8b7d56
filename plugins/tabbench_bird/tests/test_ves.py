"""BIRD R-VES: the formula against mini_dev's evaluation_ves.py on the same timings, and the bird-r-ves reward on
real (timed) queries whose speed differs by orders of magnitude, so the buckets do not depend on noise."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from tabbench_bird.ves import drop_outliers, question_score, reward_for, time_ratio

import tabbench
from tabbench import Example, Status

sys.path.insert(0, str(Path(__file__).parent))
from bird_fixtures import write_bird

CASES = json.loads((Path(__file__).parent / "official_ves_cases.json").read_text())["cases"]
SLOW = ("SELECT 1 FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) "
        "SELECT max(x) FROM c)")
FAST = "SELECT 1"


def test_official_mode_equals_the_official_reward_on_every_timing_case():
    assert len(CASES) == 140 and {c["official_reward"] for c in CASES} == {0, 0.25, 0.5, 0.75, 1, 1.25}
    for case in CASES:
        ratio = time_ratio(case["pred_times"], case["gold_times"], official=True)
        assert reward_for(ratio) == case["official_reward"], case["case"]


def test_default_differs_only_where_upstream_divides_by_zero():
    differing = [c for c in CASES if reward_for(time_ratio(c["pred_times"], c["gold_times"])) != c["official_reward"]]
    ratios = [[g / p for p, g in zip(c["pred_times"], c["gold_times"], strict=True)] for c in differing]
    assert differing and all(c["official_reward"] == 0 and not drop_outliers(r) for c, r in zip(differing, ratios,
                                                                                                 strict=True))
    assert {len(c["pred_times"]) for c in differing} == {1, 2, 3, 5, 20, 100}  # one repetition, or equal ratios


def test_buckets_and_outliers():
    assert [reward_for(r) for r in (0, 0.1, 0.25, 0.5, 0.99, 1, 1.99, 2, 50)] == [0, 0.25, 0.5, 0.75, 0.75, 1, 1,
                                                                                   1.25, 1.25]
    assert drop_outliers([1.0] * 20 + [100.0]) == [1.0] * 20
    assert question_score([1.0, 1.0], [2.0, 2.1]) == pytest.approx(math.sqrt(1.25))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = write_bird(tmp_path_factory.mktemp("bird"))
    return str(root / "dev_databases" / "retail" / "retail.sqlite")


def _example(db: str, gold: str) -> Example:
    return Example(id="0", gold=gold, fields={"db_path": db, "dialect": "sqlite"})


def test_reward_times_correct_predictions(db: str):
    reward = tabbench.get_reward("bird-r-ves", repetitions=3)
    faster, slower, wrong, broken = tabbench.score_batch(reward, [
        (_example(db, SLOW), f"```sql\n{FAST}\n```"), (_example(db, FAST), SLOW),
        (_example(db, FAST), "SELECT 2"), (_example(db, FAST), "SELECT nope FROM shop")])
    assert faster.value == pytest.approx(math.sqrt(1.25)) and faster.status is Status.MATCH
    assert faster.details["time_ratio"] >= 2 and faster.details["repetitions"] == 3
    assert slower.value == pytest.approx(math.sqrt(0.25))
    assert (wrong.value, wrong.status) == (0.0, Status.MISMATCH)
    assert (broken.value, broken.status) == (0.0, Status.EXEC_ERROR)


def test_reward_is_off_without_repetitions_and_the_benchmark_passes_them(db: str, tmp_path: Path):
    assert tabbench.score_batch(tabbench.get_reward("bird-r-ves"), [(_example(db, FAST), FAST)])[0].status \
        is Status.NOT_APPLICABLE
    root = write_bird(tmp_path / "bird")
    bench = tabbench.get_benchmark("bird", root, ves_repetitions=2)
    spec = next(s for s in tabbench.metric_specs(bench) if s.name == "r_ves")
    assert spec.options["repetitions"] == 2
    example = next(bench.examples())
    reward = tabbench.metric_rewards(bench)["r_ves"]
    score = tabbench.score_batch(reward, [(example, bench.gold_completion(example))])[0]
    assert score.details["repetitions"] == 2 and score.value in {math.sqrt(r) for r in (0.25, 0.5, 0.75, 1, 1.25)}
