"""``tabbench.contract.reward.Reward``'s options and failures: a reward's declared option defaults are in
``self.options`` and recorded as it ran; a reward that fails is counted (``reward_error``) and said, by eval and by
rescore, never a silent 0."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tabbench import Option, Reward, Score, Status, get_reward
from tests.cli_run import gold_run, tabbench

PLUGIN = '''
"""Rewards and a benchmark for tests/test_reward.py."""
import tabbench
from tabbench import MetricSpec, Reward, Score, Status


class Short(Reward):
    name = "short"
    option_defaults = {"max_chars": 60, "penalty": 0.5}

    def score(self, example, completion, answer):
        if len(completion) <= self.options["max_chars"]:
            return Score(1.0, Status.MATCH)
        return Score(1.0 - self.options["penalty"], Status.PARTIAL)


class Broken(Reward):
    name = "broken"

    def score(self, example, completion, answer):
        return {"max_chars": 1}["missing"]


class WithBroken(tabbench.benchmark_class("demo-bird")):
    name = "demo-bird-broken"
    metrics = (*tabbench.benchmark_class("demo-bird").metrics, MetricSpec("broken", "broken"))


@tabbench.hookimpl
def register_rewards(register):
    register("short", Short)
    register("broken", Broken)


@tabbench.hookimpl
def register_benchmarks(register):
    register("demo-bird-broken", WithBroken)
'''


@pytest.fixture(scope="module")
def plugins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("plugins")
    (folder / "test_reward_plugin.py").write_text(PLUGIN, encoding="utf-8")
    return folder


class Declared(Reward):
    name = "declared"
    option_defaults: ClassVar[dict[str, Any]] = {"max_chars": 60, "penalty": Option(0.5, float, min=0)}

    def score(self, example: Any, completion: str, answer: Any) -> Score:
        return Score(1.0, Status.MATCH)


class Keywords(Reward):
    name = "keywords"

    def __init__(self, *, threshold: float = 0.25, **options: Any) -> None:
        super().__init__(threshold=threshold, **options)

    def score(self, example: Any, completion: str, answer: Any) -> Score:
        return Score(1.0, Status.MATCH)


class Undeclared(Reward):
    name = "undeclared"

    def score(self, example: Any, completion: str, answer: Any) -> Score:
        return Score(1.0, Status.MATCH)


def test_declared_option_defaults_are_in_self_options() -> None:
    assert Declared().options == {"max_chars": 60, "penalty": 0.5}
    assert Declared(max_chars=10).options == {"max_chars": 10, "penalty": 0.5}
    assert Keywords().options == {"threshold": 0.25}
    assert Undeclared(anything=1).options == {"anything": 1}  # no declaration: as given
    assert get_reward("bird-ex").options == {"timeout": 30.0, "max_steps": None, "official": False}


def test_a_run_records_the_options_its_rewards_ran_with(env: dict[str, str], tmp_path: Path) -> None:
    run = gold_run(tmp_path / "run", "--benchmark", "demo-bird", "--limit", "2", "--timeout", "7", env=env)
    recorded = json.loads((run / "results.json").read_text())["benchmarks"]["demo-bird"]["metric_rewards"]
    ex = next(m for m in recorded if m["reward"] == "bird-ex")
    assert ex["options"] == {"timeout": 7.0, "max_steps": None, "official": False}  # was {"timeout": 7.0}


def test_rescore_with_a_reward_reading_its_declared_defaults(plugins: Path, env: dict[str, str],
                                                             tmp_path: Path) -> None:
    run = gold_run(tmp_path / "run", "--benchmark", "demo-bird", "--limit", "4", env=env)
    done = tabbench("--plugins-dir", str(plugins), "rescore", str(run), "--reward", "short", "--no-progress",
                    "--json", env=env)
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert row["status_counts"].get("reward_error") is None and row["value"] is not None  # it used to fail on all
    edit = json.loads((run / "results.json").read_text())["edits"][-1]["metrics"][0]
    assert edit["options"] == {"max_chars": 60, "penalty": 0.5}


def test_a_failing_reward_is_counted_and_said_by_rescore(plugins: Path, env: dict[str, str], tmp_path: Path) -> None:
    run = gold_run(tmp_path / "run", "--benchmark", "demo-bird", "--limit", "4", env=env)
    done = tabbench("--plugins-dir", str(plugins), "rescore", str(run), "--reward", "broken", "--no-progress",
                    env=env)
    assert done.returncode == 0, done.stderr
    assert "reward_error=4" in done.stdout  # the table's statuses column
    assert ("demo-bird: metric 'broken' (reward 'broken') failed on 4 of 4 samples (status reward_error, counted "
            "as 0); first, sample '0': KeyError: 'missing'") in " ".join(done.stderr.split())
    summary = json.loads((run / "results.json").read_text())["benchmarks"]["demo-bird"]["metrics"]["broken"]
    assert summary["status_counts"] == {"reward_error": 4}
    assert summary["reward_error"] == {"id": "0", "error": "KeyError: 'missing'"}


def test_a_failing_metric_is_counted_and_said_by_eval(plugins: Path, env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = tabbench("--plugins-dir", str(plugins), "eval", "--model", "gold", "--benchmark", "demo-bird-broken",
                    "--limit", "3", "--out", str(out), "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    assert "demo-bird-broken: metric 'broken' (reward 'broken') failed on 3 of 3 samples" in done.stderr
    metrics = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird-broken"]["metrics"]
    assert metrics["broken"]["status_counts"] == {"reward_error": 3}
    assert metrics["ex"]["status_counts"] == {"match": 3} and "reward_error" not in metrics["ex"]


def test_a_merge_of_shards_with_a_failing_metric_says_so_too(plugins: Path, env: dict[str, str],
                                                              tmp_path: Path) -> None:
    """The end-of-run table and its failing rewards' lines are one thing: merge printed the table only, so a
    merged run showed a failing metric as a value with no word of why."""
    shards = []
    for k in (0, 1):
        shards.append(tmp_path / f"s{k}")
        done = tabbench("--plugins-dir", str(plugins), "eval", "--model", "gold", "--benchmark", "demo-bird-broken",
                        "--limit", "4", "--shard", f"{k}/2", "--out", str(shards[-1]), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    merged = tabbench("--plugins-dir", str(plugins), "merge", str(tmp_path / "all"), *map(str, shards), env=env)
    assert merged.returncode == 0, merged.stderr
    assert "demo-bird-broken: metric 'broken' (reward 'broken') failed on 4 of 4 samples" in merged.stderr
