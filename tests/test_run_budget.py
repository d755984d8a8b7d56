"""A run's budget (``--token-budget``, ``--cost-budget``): it stops the run cleanly between batches, keeps the
records so far consistent, says why in ``results.json`` (``stopped``) and with exit status 3; ``--resume`` with a
larger budget goes on and ends with the records an unbudgeted run writes.

The model is a backend that answers the gold completion and says it spent a fixed, known number of tokens per
prompt (``Counting``), so that every figure here can be computed by hand.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tabbench
from tabbench import GenerationParams, UsageError
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.launch import launch
from tabbench.evaluation.usage import RunBudget
from tests.counting import BATCH, BENCHMARKS, COMPLETION, LIMIT, PLUGINS, PROMPT, register
from tests.toy_plugin import tabbench as run_tabbench


@pytest.fixture
def host(isolated_host):
    """The isolated host (with ``PLUGINS``) and the ``counting`` and ``silent`` backends."""
    return register(isolated_host)


pytestmark = pytest.mark.tabbench_plugins(*PLUGINS)


def _config(out: Path, budget: RunBudget | None = None, **kwargs) -> RunConfig:
    return RunConfig(backend=kwargs.pop("backend", "counting"), benchmarks=BENCHMARKS, limit=LIMIT,
                     batch_size=BATCH, out=out, run_budget=budget, **kwargs)


def _records(out: Path) -> dict[str, list[dict]]:
    return {name: [json.loads(line) for line in (out / "samples" / f"{name}.jsonl").read_text().splitlines()]
            for name in BENCHMARKS if (out / "samples" / f"{name}.jsonl").exists()}


def _scored(results: dict) -> dict:
    """What a run's results say of its benchmarks (not when or how fast it ran)."""
    return {name: {k: v for k, v in block.items()} for name, block in results["benchmarks"].items()}


SAMPLE = PROMPT + COMPLETION  # 110 tokens a sample


def test_a_run_stopped_on_its_token_budget_then_resumed_has_the_records_of_an_unbudgeted_run(host, tmp_path):
    whole = launch(_config(tmp_path / "whole"))
    assert "stopped" not in whole and whole["usage"] == {"prompt_tokens": 14 * PROMPT, "completion_tokens":
                                                         14 * COMPLETION, "samples": 14}
    assert whole["benchmarks"]["demo-bird"]["usage"] == {"prompt_tokens": 7 * PROMPT,
                                                         "completion_tokens": 7 * COMPLETION, "samples": 7}

    out = tmp_path / "budget"
    stopped = launch(_config(out, RunBudget(tokens=4 * SAMPLE)))  # spent after two batches: 6 samples, 660 tokens
    assert stopped["stopped"]["reason"] == "token_budget"
    assert stopped["stopped"]["spent"] == {"tokens": 6 * SAMPLE, "cost": None}
    assert stopped["stopped"]["budget"] == {"tokens": 4 * SAMPLE, "cost": None}
    assert stopped["stopped"]["left"] == {"demo-bird": 1, "demo-spider": 7}
    assert "--resume and a larger --token-budget" in stopped["stopped"]["message"]
    assert list(stopped["benchmarks"]) == ["demo-bird"] and stopped["benchmarks"]["demo-bird"]["n"] == 6
    assert stopped["usage"]["samples"] == 6 and stopped["config"]["run_budget"] == {"tokens": 440, "cost": None}
    assert json.loads((out / "results.json").read_text()) == stopped  # written through the run store, whole
    assert _records(out) == {"demo-bird": _records(tmp_path / "whole")["demo-bird"][:6]}

    again = launch(_config(out, RunBudget(tokens=4 * SAMPLE), resume=True))  # still spent: nothing generated
    assert again["stopped"]["left"] == {"demo-bird": 1, "demo-spider": 7} and _records(out)["demo-bird"] == \
        _records(tmp_path / "whole")["demo-bird"][:6]

    raised = launch(_config(out, RunBudget(tokens=10 * SAMPLE), resume=True))  # bird's last one, spider's first 3
    assert raised["stopped"]["left"] == {"demo-spider": 4} and raised["stopped"]["spent"]["tokens"] == 10 * SAMPLE
    assert [block["n"] for block in raised["benchmarks"].values()] == [7, 3]

    done = launch(_config(out, RunBudget(tokens=100 * SAMPLE), resume=True))
    assert "stopped" not in done
    assert _records(out) == _records(tmp_path / "whole")
    assert _scored(done) == _scored(whole) and done["usage"] == whole["usage"]


def test_the_budget_is_checked_before_every_batch_and_the_last_one_may_pass_it(host, tmp_path):
    """A budget of one token: the first batch runs (nothing was spent before it), and the run stops after it."""
    stopped = launch(_config(tmp_path / "run", RunBudget(tokens=1)))
    assert stopped["benchmarks"]["demo-bird"]["n"] == BATCH and stopped["stopped"]["spent"]["tokens"] == 3 * SAMPLE


def test_a_cost_budget_prices_the_tokens_with_the_price_table(host, tmp_path):
    prices = tmp_path / "prices.toml"
    prices.write_text('[prices.counting]\ninput = 2.0\noutput = 10.0\n')  # per million tokens
    per_sample = (PROMPT * 2.0 + COMPLETION * 10.0) / 1e6
    stopped = launch(_config(tmp_path / "run", RunBudget(cost=5 * per_sample), prices=prices))
    assert stopped["stopped"]["reason"] == "cost_budget" and stopped["benchmarks"]["demo-bird"]["n"] == 6
    assert stopped["stopped"]["spent"] == {"tokens": 6 * SAMPLE, "cost": pytest.approx(6 * per_sample)}
    assert stopped["usage"]["cost"] == pytest.approx(6 * per_sample)
    assert stopped["usage"]["price"] == {"model": "counting", "input_per_million": 2.0, "output_per_million": 10.0,
                                         "source": str(prices)}
    assert stopped["benchmarks"]["demo-bird"]["usage"]["cost"] == pytest.approx(6 * per_sample)
    assert "--resume and a larger --cost-budget" in stopped["stopped"]["message"]
    with pytest.raises(UsageError, match=r"--cost-budget 1: .*prices.toml has no price for the model \(looked up "
                                         r"'silent'\)"):
        launch(_config(tmp_path / "other", RunBudget(cost=1), prices=prices, backend="silent"))
    assert not (tmp_path / "other").exists()  # refused before anything was written
    with pytest.raises(UsageError, match="--cost-budget 1 needs the model's price: give --prices FILE"):
        launch(_config(tmp_path / "other", RunBudget(cost=1)))


def test_a_backend_that_does_not_count_cannot_keep_a_budget(host, tmp_path):
    stopped = launch(_config(tmp_path / "run", RunBudget(tokens=10**6), backend="silent"))
    assert stopped["stopped"]["reason"] == "uncounted" and stopped["benchmarks"]["demo-bird"]["n"] == BATCH
    assert "did not say what sample" in stopped["stopped"]["message"] and "usage" not in stopped
    whole = launch(_config(tmp_path / "whole", backend="silent"))  # without a budget it runs, uncounted
    assert "stopped" not in whole and "usage" not in whole and "usage" not in whole["benchmarks"]["demo-bird"]


def test_a_vote_run_spends_its_budget_on_the_greedy_half_first(host, tmp_path):
    out = tmp_path / "vote"
    config = _config(out, RunBudget(tokens=20 * SAMPLE), generation=GenerationParams(n=2, temperature=0.8))
    stopped = launch(config)  # greedy: 14 samples of 110; the vote: 3 of 120 (two completions each)
    assert "stopped" not in json.loads((out / "greedy" / "results.json").read_text())
    assert stopped["stopped"]["spent"]["tokens"] == 14 * SAMPLE + 6 * (PROMPT + 2 * COMPLETION)
    assert stopped["benchmarks"]["demo-bird"]["n"] == 6
    early = launch(_config(tmp_path / "early", RunBudget(tokens=1), generation=GenerationParams(n=2, temperature=0.8)))
    assert early["config"]["vote"] is None and early["stopped"]["reason"] == "token_budget"  # the greedy half's
    assert not (tmp_path / "early" / "results.json").exists()
    done = launch(_config(out, RunBudget(tokens=10**6), resume=True, generation=GenerationParams(n=2, temperature=0.8)))
    assert "stopped" not in done and all(block["n"] == LIMIT for block in done["benchmarks"].values())


def test_the_budget_and_the_price_table_are_recorded_but_not_compared_on_resume(host, tmp_path):
    launch(_config(tmp_path / "run", RunBudget(tokens=1)))
    record = json.loads((tmp_path / "run" / "run.json").read_text())["config"]
    assert "run_budget" not in record and "prices" not in record  # --resume may change them
    unbudgeted = launch(_config(tmp_path / "plain"))
    assert "run_budget" not in unbudgeted["config"] and "prices" not in unbudgeted["config"]  # as before 0.3
    assert RunConfig.from_json(_config(tmp_path, RunBudget(5, 2.5)).to_json()).run_budget == RunBudget(5, 2.5)
    with pytest.raises(tabbench.DataError, match="run config: run_budget"):
        RunConfig.from_json({**unbudgeted["config"], "run_budget": {"tokens": 0}})
    with pytest.raises(UsageError, match="--token-budget 0: expected a whole number"):
        RunBudget(tokens=0)


def test_ray_and_merge_say_what_a_budget_means_for_shards(host, tmp_path):
    from tabbench.evaluation.merge import merge, plan_for
    from tabbench.evaluation.ray_launcher import RayOptions, launch_on_ray
    from tabbench.evaluation.shards import Shard

    with pytest.raises(UsageError, match="--launcher ray runs --shards N folders at once: give each shard its own"):
        launch_on_ray(_config(tmp_path / "ray", RunBudget(tokens=5)), 2, RayOptions())
    shards = []
    for k in range(2):
        folder = tmp_path / f"s{k}"
        launch(_config(folder, RunBudget(tokens=1) if k == 0 else None, shard=Shard(k, 2)))
        shards.append(folder)
    with pytest.raises(tabbench.TabbenchError, match=r"s0: shard 0/2 stopped on its budget before it finished: "
                                                     r"resume it with --resume and a larger budget"):
        merge(tmp_path / "merged", shards, plan_for)


@pytest.mark.slow  # two runs in new processes
def test_the_command_stops_with_exit_status_3_and_says_how_to_go_on(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "counting.py").write_text(
        "import tabbench\n"
        "class Counting(tabbench.ModelBackend):\n"
        "    name = 'counting'\n"
        "    cacheable = False\n"
        "    def generate(self, requests, params):\n"
        "        return tabbench.completions_of(self.name, requests, self.generations(requests, params))\n"
        "    def generations(self, requests, params):\n"
        f"        return [tabbench.Generation([r.gold_completion], None, {{}}, tabbench.Usage({PROMPT}, {COMPLETION}))"
        " for r in requests]\n"
        "    def fingerprint(self):\n"
        "        return {'backend': 'counting'}\n"
        "@tabbench.hookimpl\n"
        "def register_models(register):\n"
        "    register('counting', Counting)\n")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}, "TABBENCH_STRICT_PLUGINS": "1"}
    base = ["--plugins-dir", str(folder), "eval", "--model", "counting", "--benchmark", "demo-bird", "--limit", "7",
            "--batch-size", "3", "--out", str(tmp_path / "run"), "--no-progress"]
    stopped = run_tabbench([*base, "--token-budget", "300"], env, cwd=tmp_path, timeout=300)
    assert stopped.returncode == 3, stopped.stderr
    assert ("stopped: the run's token budget of 300 tokens (330 spent) is used up with 4 example(s) left; the "
            "records so far are kept: run the same command with --resume and a larger --token-budget to go on"
            in stopped.stderr)
    assert "tokens: 300 prompt, 30 completion" in stopped.stderr
    done = run_tabbench([*base, "--resume", "--token-budget", "5000"], env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "tokens: 700 prompt, 70 completion" in done.stderr
    wrong = run_tabbench([*base, "--max-tokens", "5"], env, cwd=tmp_path, timeout=300)
    assert wrong.returncode == 2 and wrong.stderr.strip().endswith(
        "--max-tokens: a run's budget is --token-budget (tokens) or --cost-budget (their cost); one completion's "
        "limit is --max-new-tokens")


def test_evaluate_takes_the_same_budget(host, tmp_path):
    results = tabbench.evaluate("counting", benchmarks=BENCHMARKS, limit=LIMIT, batch_size=BATCH,
                                out=tmp_path / "run", token_budget=1)
    assert results["stopped"]["reason"] == "token_budget" and results["benchmarks"]["demo-bird"]["n"] == BATCH
    done = tabbench.evaluate("counting", benchmarks=BENCHMARKS, limit=LIMIT, batch_size=BATCH, out=tmp_path / "run",
                             resume=True)  # no budget: it finishes
    assert "stopped" not in done and done["usage"]["samples"] == 2 * LIMIT
