"""The contract seams: typed options, metric rewards built from benchmark options, the one score_batch, the
verl result shape, and the results schema (version 3, versions 1 and 2 still read)."""

from __future__ import annotations

import json
import math
import types
import typing

import pytest

import tabbench
from tabbench import (
    Benchmark,
    ConfigError,
    Example,
    Extractor,
    MetricSpec,
    Reward,
    SampleAnswers,
    Score,
    Status,
    score_batch,
)
from tabbench.contract.errors import DataError
from tabbench.contract.options import check_options, declared
from tabbench.evaluation import results as results_module


@pytest.mark.parametrize("value", [0, -1, 1e12, "5", "abc", math.nan, True])
def test_bad_timeouts_are_one_line_errors(value):
    with pytest.raises(ConfigError) as info:
        check_options("benchmark 'x'", declared({"timeout": 30.0}), {"timeout": value})
    assert "\n" not in str(info.value) and "timeout=" in str(info.value) and "> 0" in str(info.value)


@pytest.mark.parametrize("value", [-3, 0, 1e12, 2.5, "7"])
def test_bad_step_budgets_are_errors(value):
    with pytest.raises(ConfigError, match="max_steps"):
        check_options("reward 'x'", declared({"max_steps": None}), {"max_steps": value})


def test_good_values_are_converted():
    spec = declared({"timeout": 30.0, "max_steps": None, "official": False, "decimals": 2})
    got = check_options("x", spec, {"timeout": 5, "max_steps": 1e3, "official": "true", "decimals": 2.5})
    assert got == {"timeout": 5.0, "max_steps": 1000, "official": True, "decimals": 2.5}
    with pytest.raises(ConfigError, match="unknown option 'timeot'"):
        check_options("x", spec, {"timeot": 3})


def _lower(example, completion):
    ThirdParty.extracted += 1
    return completion.strip().lower()


LOWER = Extractor("seam:lower", _lower)


class TimedReward(Reward):
    """Declares ``timeout``: the host passes the benchmark's. Scores the benchmark's extractor's answer."""

    name = "seam-timed"
    option_defaults: typing.ClassVar[dict] = {"timeout": 10.0}
    extractor = LOWER

    def score(self, example, completion, answer):
        return Score(1.0 if answer == example.gold else 0.0, Status.MATCH, {"t": self.options["timeout"]})


class PlainReward(Reward):
    """Declares nothing: receives no benchmark option."""

    name = "seam-plain"

    def score(self, example, completion):
        return Score(0.5, Status.PARTIAL)


class ThirdParty(Benchmark):
    name = "seam-bench"
    version = "1"
    metrics = (MetricSpec("ok", "seam-timed"), MetricSpec("half", "seam-plain"))
    primary_metric = "ok"
    needs_data = False
    option_defaults: typing.ClassVar[dict] = {"timeout": 30.0}
    extracted = 0
    extractor = LOWER  # shared with seam-timed: extracted once per sample for the record and the metric

    def examples(self, split=None):
        yield from (Example(str(i), "yes") for i in range(3))

    def prompt(self, example):
        return [{"role": "user", "content": "?"}]

    def gold_completion(self, example):
        return " YES "


def _plugin():
    module = types.ModuleType("seam_plugin")

    @tabbench.hookimpl
    def register_benchmarks(register):
        register("seam-bench", ThirdParty)

    @tabbench.hookimpl
    def register_rewards(register):
        register("seam-timed", TimedReward)
        register("seam-plain", PlainReward)

    module.register_benchmarks, module.register_rewards = register_benchmarks, register_rewards
    return module


@pytest.mark.tabbench_plugins("oracles")  # the gold backend
def test_timeout_reaches_a_third_party_metric_reward(isolated_host, tmp_path):
    isolated_host.register(_plugin(), "seam")
    specs = {s.name: s.options for s in tabbench.metric_specs(ThirdParty(None, timeout=3))}
    assert specs == {"ok": {"timeout": 3.0}, "half": {}}
    ThirdParty.extracted = 0
    out = tabbench.evaluate("gold", "seam-bench", out=tmp_path / "run", timeout=3)
    block = out["benchmarks"]["seam-bench"]
    assert block["metrics"]["ok"]["value"] == 1.0  # the reward scored the extracted answer ("yes", not " YES ")
    assert ThirdParty.extracted == 3  # extract ran once per sample, not once per metric
    assert [m["options"] for m in block["metric_rewards"]] == [{"timeout": 3.0}, {}]
    samples = [json.loads(line) for line in (tmp_path / "run/samples/seam-bench.jsonl").read_text().splitlines()]
    assert {s["scores"]["ok"]["details"]["t"] for s in samples} == {3.0} and {s["answer"] for s in samples} == {"yes"}


def test_metrics_set_by_the_instance_are_its_own(isolated_host):
    isolated_host.register(_plugin(), "seam")

    class Legacy(ThirdParty):
        def __init__(self, data_path=None, **options):
            super().__init__(data_path, **options)
            self.metrics = (MetricSpec("ok", "seam-timed", {"timeout": 1.0}),)

    assert tabbench.metric_specs(Legacy(None))[0].options == {"timeout": 30.0}  # the user's option wins


class Raising(Reward):
    name = "seam-raising"

    def score(self, example, completion):
        if completion == "boom":
            raise RuntimeError("boom")
        return Score(1.0, Status.MATCH)

    def score_batch(self, items):
        raise RuntimeError("batch failed")


class Short(Reward):
    name = "seam-short"

    def score(self, example, completion):
        return "not a score"  # type: ignore[return-value]

    def score_batch(self, items):
        return [Score(1.0, Status.MATCH)]


def test_score_batch_never_raises():
    items = [(Example("1", "g"), "fine"), (Example("2", "g"), "boom")]
    scores = score_batch(Raising(), items)
    assert [s.status for s in scores] == [Status.MATCH, Status.REWARD_ERROR] and "boom" in scores[1].details["error"]
    assert [s.status for s in score_batch(Short(), items)] == [Status.REWARD_ERROR] * 2
    assert score_batch(Raising(), []) == []


def test_verl_result_survives_verl_validation():
    """A faithful re-implementation of verl 0.9.1's validation path: NaiveRewardManager appends every key of the
    returned dict to ``reward_extra_info[key]`` (naive.py), ``RayPPOTrainer._validate`` extends its own
    ``reward_extra_infos_dict["reward"]`` with the scalar scores, then every key's list, and asserts each list
    has one entry per sample (ray_trainer.py); ``process_validation_metrics`` skips string-valued keys.

    verl itself is not a test dependency (it needs Ray and some 70 packages, and pins another transformers), so
    this was also checked once by hand against verl 0.9.1's own ``NaiveRewardManager`` in a throwaway
    environment: the old ``reward`` key failed with ``reward: len(lst)=8, len(scores)=4``; the new keys pass."""
    from tabbench.adapters import _verl_result

    batch = [_verl_result(Score(1.0, Status.MATCH), "bird-ex"), _verl_result(Score(None, Status.GOLD_ERROR), "x")]
    reward_extra_info: dict[str, list] = {}
    for result in batch:  # naive.py
        for key, value in result.items():
            reward_extra_info.setdefault(key, []).append(value)
    infos: dict[str, list] = {"reward": [r["score"] for r in batch]}  # ray_trainer.py _validate
    for key, values in reward_extra_info.items():
        infos.setdefault(key, []).extend(values)
    for key, lst in infos.items():
        assert len(lst) == 0 or len(lst) == len(batch), f"{key}: {len(lst)=}"
    numeric = {k: v for k, v in infos.items() if not isinstance(v[0], str)}
    assert {k: sum(map(float, v)) / len(v) for k, v in numeric.items()}["score"] == 0.5


def test_results_schema_matches_the_types_and_refuses_versions_1_and_2(tmp_path):
    schema = results_module.schema()
    for typed, props in [(results_module.Results, schema),
                         (results_module.BenchmarkResult, schema["$defs"]["benchmark"])]:
        hints = typing.get_type_hints(typed, include_extras=True)
        assert set(hints) == set(props["properties"])
        assert set(typed.__required_keys__) == set(props["required"])
    for version in (1, 2):
        path = tmp_path / f"v{version}.json"
        path.write_text(json.dumps({"schema_version": version, "benchmarks": {}, "config": {}, "model": {}}))
        with pytest.raises(DataError) as caught:
            results_module.load(path)
        assert str(caught.value) == (f"{path}: results schema_version {version} is not one this tabbench reads "
                                     "(3 and 4); rerun it with this tabbench")
    with pytest.raises(ValueError, match="schema version 4"):
        results_module.validate({"schema_version": 4})
    with pytest.warns(DeprecationWarning, match="upgrade is deprecated"):
        assert results_module.upgrade({"schema_version": 3, "benchmarks": {}}) == {"schema_version": 3,
                                                                                 "benchmarks": {}}


@pytest.mark.tabbench_plugins("oracles")  # the gold backend
def test_evaluate_returns_typed_results_and_the_board_reads_v3_and_v4(isolated_host, tmp_path):
    isolated_host.register(_plugin(), "seam")
    results = tabbench.evaluate("gold", "seam-bench", out=tmp_path / "v4", timeout=4)
    assert results["schema_version"] == 4 and results["benchmarks"]["seam-bench"]["metrics"]["ok"]["value"] == 1.0
    assert not set(results["config"]) & set(results["model"])  # what was asked, and what the backend reported
    assert results == json.loads((tmp_path / "v4/results.json").read_text())
    assert [m["options"] for m in results["benchmarks"]["seam-bench"]["metric_rewards"]] == [{"timeout": 4.0}, {}]
    v3 = dict(results, schema_version=3, benchmarks={name: {k: v for k, v in result.items() if k != "answer_extractor"}
                                                     for name, result in results["benchmarks"].items()})
    (tmp_path / "v3").mkdir()
    (tmp_path / "v3/results.json").write_text(json.dumps(v3))
    from tabbench.reporting.leaderboard import build, load_runs

    runs = load_runs([(tmp_path / "v3", "old"), (tmp_path / "v4", "new")])
    assert [r.results["schema_version"] for r in runs] == [3, 4] and runs[0].config == runs[1].config
    board = build([f"{tmp_path / 'v3'}=old", f"{tmp_path / 'v4'}=new"], tmp_path / "board.md", references=None)
    assert "| old |" in board and "| new |" in board


def test_the_run_store_refuses_a_results_file_that_breaks_the_schema(tmp_path):
    """The hook that validates every results.json the suite writes is active (jsonschema: dev extra)."""
    import jsonschema  # noqa: F401 - a dev dependency: without it nothing would be validated

    from tabbench.evaluation.store import RunStore

    store = RunStore.create(tmp_path / "run", {"command": "test"})
    with pytest.raises(ValueError, match="at benchmarks"):
        store.write_results({"schema_version": 4, "tabbench_version": "0", "created": "now", "python": "3",
                             "platform": "x", "plugins": {}, "config": {}, "seeds": {}, "model": {},
                             "benchmarks": {"b": {"n": -1}}})
    assert not store.results_path.exists()


@pytest.mark.tabbench_plugins("oracles")
@pytest.mark.parametrize("args, says", [
    (["--timeout", "0"], "--timeout 0.0: expected seconds > 0"),
    (["--timeout", "-5"], "--timeout -5.0"),
    (["--timeout", "1e12"], "<= 86400"),
    (["-o", "timeout=0"], "benchmark 'seam-bench': option timeout=0: expected a number > 0"),
    (["-o", 'timeout="5"'], "option timeout=the string '5'"),
    (["-o", "timeout=abc"], "option timeout=the string 'abc'"),
    (["-o", "timeout=1e12"], "option timeout=1000000000000.0"),
    (["--workers", "100000"], "--workers"),
])
def test_bad_option_values_are_one_line_usage_errors(isolated_host, cli_runner, tmp_path, args, says):
    isolated_host.register(_plugin(), "seam")
    result = cli_runner(["eval", "--model", "gold", "--suite", "seam-bench", "--out", str(tmp_path / "run"),
                         "--no-progress", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert says in result.output and len([line for line in lines if "rror" in line]) == 1, result.output
    assert not (tmp_path / "run").exists()  # nothing half-written


@pytest.mark.tabbench_plugins("sql-rewards")
def test_a_composite_scores_through_score_batch(isolated_host):
    """A component whose batch call raises costs only the samples it fails on (as in evaluation)."""
    module = types.ModuleType("seam_raising")

    @tabbench.hookimpl
    def register_rewards(register):
        register("seam-raising", Raising)

    module.register_rewards = register_rewards
    isolated_host.register(module, "seam-raising")
    composite = tabbench.get_reward("composite", rewards={"seam-raising": 1.0})
    scores = score_batch(composite, [(Example("1", "g"), "fine"), (Example("2", "g"), "boom")])
    assert [s.details["seam-raising"]["status"] for s in scores] == ["match", "reward_error"]


@pytest.mark.tabbench_plugins("sql-rewards", "tableqa-rewards")
def test_trl_adapter_wiring_mistakes_raise(isolated_host):
    from tabbench.adapters import trl_reward

    with pytest.raises(ConfigError, match="unknown option 'timeot'"):
        trl_reward("exact-match", timeot=3)  # declared by its __init__ keywords
    with pytest.raises(ConfigError, match="timeout=0"):
        trl_reward("arctic", timeout=0)
    with pytest.raises(tabbench.UnknownNameError):
        trl_reward("no-such-reward")
    f = trl_reward("arctic")
    with pytest.raises(ConfigError, match="no reference column"):
        f(prompts=["p"], completions=["SELECT 1"], question=["q"])  # flattened rows without a gold column
    f = trl_reward("arctic")
    with pytest.raises(ConfigError, match="no row of the first batch can be scored"):
        f(prompts=["p"] * 2, completions=["SELECT 1"] * 2, gold_sql=["SELECT 1"] * 2)  # no db_path


@pytest.mark.tabbench_plugins("oracles")
def test_hooks_add_under_extensions_and_in_place_edits_change_nothing(isolated_host, tmp_path):
    isolated_host.register(_plugin(), "seam")
    hooks = types.ModuleType("seam_hooks")

    @tabbench.hookimpl
    def after_benchmark(run, benchmark, result):
        run.extend(benchmark, "seam.summary", {"n": result["n"]})
        result["legacy"] = "edited in place"  # a copy: never recorded
        result["n"] = -1  # an edit of a recorded field never reaches the record

    hooks.after_benchmark = after_benchmark
    isolated_host.register(hooks, "seam-hooks")
    results = tabbench.evaluate("gold", "seam-bench", out=tmp_path / "run")
    block = results["benchmarks"]["seam-bench"]
    assert block["n"] == 3 and "legacy" not in block
    assert block["extensions"] == {"seam.summary": {"n": 3}}


def test_a_reward_and_its_extractor_survive_pickling():
    import pickle

    from tabbench.sql import sql_extractor

    class Sql(Reward):
        name = "seam-sql"
        extractor = sql_extractor("block")

        def score(self, example, completion, answer):
            return Score(1.0 if answer == example.gold else 0.0, Status.MATCH)

    extractor = pickle.loads(pickle.dumps(sql_extractor("block")))
    sample = SampleAnswers(Example("1", "SELECT 1"), "<think>```sql\nSELECT 2\n```</think>```sql\nSELECT 1\n```")
    assert extractor.name == "sql:block" and sample.get(extractor) == "SELECT 1"
    assert sample.get(sql_extractor("block")) == "SELECT 1"  # the same key: answered from the sample's memo
    assert [s.answer for s in tabbench.score_batch(Sql(), [sample])] == ["SELECT 1"]
