"""``tabbench.evaluate`` runs whatever ``tabbench eval`` runs: a vote run, a sampled run, one shard and an ``--env``
run started from Python write the records the command writes for the same options (one ``RunConfig``, built by
``tabbench.evaluation.config.run_config`` for both)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench import Budget, GenerationParams, GenerationRequest, ModelBackend, Settings, UsageError
from tabbench.host.plugins import PluginInfo, host

pytestmark = pytest.mark.usefixtures("private_gold_cache")


class SeededSampler(ModelBackend):
    """A model that samples: each completion is the reference or a wrong query, drawn from the decoding parameters
    and the example, so a run's records show which parameters reached the backend."""

    name = "seeded-sampler"
    cacheable = False

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        outputs = []
        for request in requests:
            draw = random.Random(f"{params.seed}/{params.temperature}/{params.top_p}/{params.stop}/"
                                 f"{params.max_new_tokens}/{request.example.id}")
            outputs.append([request.gold_completion if params.temperature == 0 or draw.random() < 0.5
                            else f"SELECT {draw.randrange(100)}" for _ in range(params.n)])
        return outputs

    def fingerprint(self) -> dict[str, Any]:
        return {"backend": self.name}


class _Plugin:
    @tabbench.hookimpl
    def register_models(self, register: Any) -> None:
        register("seeded-sampler", SeededSampler)


@pytest.fixture(scope="module")
def sampler(demo: Any) -> Any:
    host().register(_Plugin(), PluginInfo("api-test"))
    yield
    host().unregister("api-test")


#: What results.json says about the machine and the clock, not the run.
VOLATILE = ("created", "timing", "platform", "python")


def records(out: Path) -> dict[str, Any]:
    """Everything a run folder records (the vote's greedy run inside it too), without the clock and the machine."""
    found: dict[str, Any] = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = str(path.relative_to(out))
        if path.name == "results.json":
            found[name] = {k: v for k, v in json.loads(path.read_text()).items() if k not in VOLATILE}
        elif name.endswith(".jsonl") and "samples" in path.parts:
            found[name] = [_unclocked(json.loads(line)) for line in path.read_text().splitlines()]
        else:
            found[name] = path.read_bytes()
    assert "results.json" in found and any(name.startswith("samples/") for name in found), sorted(found)
    return found


def _unclocked(record: dict[str, Any]) -> dict[str, Any]:
    """A sample record without the seconds its tool calls took (a rollout's ``transcript.tool_seconds``)."""
    if record.get("transcript"):
        record["transcript"] = {k: v for k, v in record["transcript"].items() if k != "tool_seconds"}
    return record


BASE = ["--benchmark", "demo-bird", "--limit", "6", "--no-cache", "--no-progress"]


def same_run(cli: Any, tmp_path: Path, arguments: list[str], **keywords: Any) -> dict[str, Any]:
    """Run ``tabbench eval`` with ``arguments`` and ``tabbench.evaluate`` with ``keywords``; the records of both."""
    done = cli(["eval", *arguments, *BASE, "--out", str(tmp_path / "cli")])
    assert done.exit_code == 0, done.output
    tabbench.evaluate(benchmarks="demo-bird", limit=6, out=tmp_path / "api", settings=Settings(workers=1), **keywords)
    cli_records, api_records = records(tmp_path / "cli"), records(tmp_path / "api")
    assert cli_records == api_records
    return api_records


def test_a_vote_run_from_python_is_the_command_s(demo_cli: Any, sampler: Any, tmp_path: Path) -> None:
    """``--samples 4`` (the execution vote and temperature 0.8 by default) with its greedy run beside it."""
    found = same_run(demo_cli, tmp_path, ["--model", "seeded-sampler", "--samples", "4"],
                     model="seeded-sampler", samples=4)
    config = found["results.json"]["config"]
    assert (config["vote"], config["generation"]["n"], config["generation"]["temperature"]) == ("execution", 4, 0.8)
    assert "greedy/results.json" in found
    lines = found["samples/demo-bird.jsonl"]
    assert {line["vote"]["method"] for line in lines} == {"execution"}
    assert len({c for line in lines for c in line["completions"]}) > len(lines)  # it sampled: the vote had work


def test_a_sampled_run_and_a_shard_from_python_are_the_command_s(demo_cli: Any, sampler: Any,
                                                                 tmp_path: Path) -> None:
    arguments = ["--model", "seeded-sampler", "--temperature", "0.7", "--top-p", "0.9", "--seed", "3", "--stop",
                 ";", "--max-new-tokens", "64", "--shard", "1/2"]
    keywords = {"model": "seeded-sampler", "temperature": 0.7, "top_p": 0.9, "seed": 3, "stop": [";"],
                "max_new_tokens": 64, "shard": "1/2"}
    found = same_run(demo_cli, tmp_path, arguments, **keywords)
    config = found["results.json"]["config"]
    assert config["shard"] == {"index": 1, "count": 2} and config["vote"] is None
    assert config["generation"] == {"max_new_tokens": 64, "temperature": 0.7, "top_p": 0.9, "n": 1, "seed": 3,
                                    "stop": [";"]}
    # the comparison sees a difference in what reached the model: another seed samples other completions
    tabbench.evaluate(benchmarks="demo-bird", limit=6, out=tmp_path / "other", settings=Settings(workers=1),
                      **{**keywords, "seed": 4})
    assert records(tmp_path / "other")["samples/demo-bird.jsonl"] != found["samples/demo-bird.jsonl"]


def test_an_env_run_from_python_is_the_command_s(demo_cli: Any, tmp_path: Path) -> None:
    arguments = ["--model", "gold", "--env", "sql", "--max-turns", "3", "--tool-seconds", "20", "-e",
                 "max_rows=5"]
    found = same_run(demo_cli, tmp_path, arguments, model="gold", env="sql", env_options={"max_rows": 5},
                     budget=Budget(max_turns=3, tool_seconds=20.0))
    environment = found["results.json"]["config"]["environment"]
    assert (environment["name"], environment["options"], environment["budget"]["max_turns"]) == ("sql",
                                                                                                  {"max_rows": 5}, 3)
    lines = found["samples/demo-bird.jsonl"]
    assert len(lines) == 6 and all(line["transcript"]["tool_calls"] for line in lines)


def test_evaluate_refuses_what_the_command_refuses(tmp_path: Path) -> None:
    for keywords, says in (({"env_options": {"max_rows": 5}}, "need --env NAME"),
                           ({"samples": 2, "temperature": 0.0}, "--temperature 0 would give N identical"),
                           ({"env": "sql", "samples": 2}, "--env runs one rollout per example"),
                           ({"shard": "3/2"}, "--shard 3/2: K must be between 0 and N-1")):
        with pytest.raises(UsageError, match=says):
            tabbench.evaluate("gold", benchmarks="demo-bird", out=tmp_path / "never", **keywords)
        assert not (tmp_path / "never").exists()


#: ``tabbench eval``'s options that ``tabbench.evaluate`` spells otherwise: option -> keyword
RENAMED = {"model_spec": "model", "suites": "suite", "data_pairs": "data", "benchmark_options": "options",
           "out_dir": "out", "no_cache": "use_cache", "cache_path": "cache", "prices_path": "prices", "env_name": "env",
           **dict.fromkeys(("dtype", "device", "adapter", "threads"), "model_options"),
           **dict.fromkeys(("system_prompt", "few_shot", "few_shot_seed", "chat_template"), "prompt"),
           **dict.fromkeys(("workers", "result_store_mb", "unsafe_sandbox"), "settings"),
           **dict.fromkeys(("max_turns", "tool_seconds", "call_seconds", "observation_bytes",
                            "total_observation_bytes"), "budget")}
#: the command's alone, and why
COMMAND_ONLY = {
    **dict.fromkeys(("shards", "launcher", "ray_address", "ray_cpus_per_shard", "ray_gpus_per_shard", "ray_retries"),
                    "launching N shards and merging them is the command's; Python runs one with shard="),
    **dict.fromkeys(("max_tokens", "max_cost"), "hidden spellings that only say which option is meant"),
}


def test_every_eval_option_is_an_evaluate_keyword_and_back() -> None:
    """A new ``tabbench eval`` option without its ``tabbench.evaluate`` keyword (``--dataset`` and ``--skip-missing``
    were missing once) fails here."""
    import inspect

    from tabbench.cli.eval import eval_command

    keywords = set(inspect.signature(tabbench.evaluate).parameters)
    options = {p.name for p in eval_command.params} - set(COMMAND_ONLY)
    assert {RENAMED.get(name, name) for name in options} == keywords


def test_evaluate_takes_a_dataset_folder_and_skip_missing(tmp_path: Path) -> None:
    from tests.dataset_fixtures import write_sql_dataset

    folder = write_sql_dataset(tmp_path / "shop-data")
    results = tabbench.evaluate("gold", datasets=[folder], out=tmp_path / "run", settings=Settings(workers=0))
    assert results["benchmarks"]["shop"]["n"] == 4 and results["config"]["datasets"] == [str(folder)]
    skipped = tabbench.evaluate("gold", datasets=str(folder), skip_missing=True, out=tmp_path / "skipped",
                                settings=Settings(workers=0))
    assert skipped["config"]["skip_missing"] is True and skipped["benchmarks"]["shop"]["n"] == 4
