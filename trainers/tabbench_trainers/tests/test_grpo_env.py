"""Multi-turn training: ``train sft --env`` on gold trajectories, ``train grpo --env`` with TRL's environment_factory,
and the reward functions that score a rollout's final answer exactly as ``eval --env`` does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tabbench_trainers.environments import RolloutReward, factory, final_answer, sft_rows

import tabbench


def build_tiny(path: Path, tools: bool) -> Path:
    """The tiny model through ``tabbench models build-tiny``, room for the tool preamble, and (``tools``)
    Qwen2.5's chat template, which renders tool calls and which TRL can parse."""
    from transformers import AutoTokenizer
    from trl.chat_template_utils import qwen2_5_chat_template

    tabbench_command = str(Path(sys.executable).with_name("tabbench"))
    subprocess.run([tabbench_command, "models", "build-tiny", str(path), "--vocab-size", "384"], check=True,
                   capture_output=True)
    config = json.loads((path / "config.json").read_text())
    config["max_position_embeddings"] = 4096
    (path / "config.json").write_text(json.dumps(config))
    if tools:
        tokenizer = AutoTokenizer.from_pretrained(str(path))
        tokenizer.chat_template = qwen2_5_chat_template
        tokenizer.save_pretrained(str(path))
    return path


@pytest.fixture(scope="module")
def tool_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny(tmp_path_factory.mktemp("tools") / "model", tools=True)


def test_grpo_with_an_environment_runs_two_steps(cli_runner, tool_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "grpo"
    result = cli_runner(["train", "grpo", "--model", str(tool_model), "--benchmark", "demo-bird", "--limit", "4",
                         "--env", "sql", "--max-turns", "2", "--reward", "bird-ex", "--reward", "tool-errors:0.5",
                         "--max-steps", "2", "--num-generations", "2", "--prompts-per-step", "2",
                         "--max-completion-length", "24", "--logging-steps", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["steps"] == 2 and info["environment"] == "sql"
    logged = [e for e in json.loads((out / "trainer_state.json").read_text())["log_history"] if "reward" in e]
    assert len(logged) == 2
    for entry in logged:  # the environment's tools were offered, and both reward plugins scored every rollout
        assert "tools/call_frequency" in entry and "tools/failure_frequency" in entry
        assert "rewards/bird-ex/mean" in entry and "rewards/tool-errors/mean" in entry
        assert sum(v for k, v in entry.items() if k.startswith("bird-ex/status/")) == pytest.approx(1.0)


def test_grpo_env_refuses_a_template_without_tool_calls(cli_runner, tmp_path: Path) -> None:
    plain = build_tiny(tmp_path / "plain", tools=False)
    result = cli_runner(["train", "grpo", "--model", str(plain), "--benchmark", "demo-bird", "--env", "sql",
                         "--max-steps", "1", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "cannot render tool calls" in result.output


def test_rollout_rewards_score_the_final_answer_as_eval_does() -> None:
    """A TRL multi-turn completion (assistant calls, tool observations, answer): the benchmark reward sees the
    final answer only, the shaping reward the transcript."""
    from tabbench.adapters import trl_reward

    bench = tabbench.get_benchmark("demo-bird")
    example = next(iter(bench.examples("test")))
    make = factory("sql", 4, {})
    env = make()
    env.reset(example=json.dumps(example.to_json()), prompt=[], benchmark="demo-bird", id=example.id)  # TRL: **row
    observation = env.query(sql="DELETE FROM customers")
    rollout = [{"role": "assistant", "content": "", "tool_calls": [
                   {"type": "function", "function": {"name": "query", "arguments": {"sql": "DELETE FROM customers"}}}]},
               {"role": "tool", "name": "query", "content": observation},
               {"role": "assistant", "content": example.gold}]
    assert final_answer(rollout) == example.gold and final_answer(rollout[:2]) == ""
    columns = {"example": [json.dumps(example.to_json())]}
    ex = RolloutReward(trl_reward("bird-ex"))
    shaping = RolloutReward(trl_reward("tool-errors", penalty=0.25))
    assert ex(prompts=[[]], completions=[rollout], **columns) == [1.0]
    assert ex(prompts=[[]], completions=[rollout[:2]], **columns) == [0.0]
    assert shaping(prompts=[[]], completions=[rollout], **columns) == [-0.25]
    assert ex.status_counts["match"] == 1


def test_sft_rows_are_gold_trajectories_with_real_observations() -> None:
    bench = tabbench.get_benchmark("demo-bird")
    rows = sft_rows([bench], "train", 3, "sql", 6, {})
    assert len(rows) == 3
    for row in rows:
        roles = [m["role"] for m in row["completion"]]
        assert roles[-1] == "assistant" and "tool" in roles
        tools = [m for m in row["completion"] if m["role"] == "tool"]
        assert tools[-1]["content"].endswith("rows)") and not any(t["content"].startswith("error:") for t in tools)
        assert {t["function"]["name"] for t in json.loads(row["tools"])} == {"list_tables", "describe_table", "query"}
        assert "query" in row["prompt"][-1]["content"]  # the environment's first observation


@pytest.mark.parametrize("protocol", ["tools", "tags"])
def test_eval_env_with_the_tiny_model(cli_runner, tool_model: Path, tmp_path: Path, protocol: str) -> None:
    """``eval --env`` end to end with the hf backend: the template's tool calls, or the tag protocol."""
    out = tmp_path / protocol
    result = cli_runner(["eval", "--model", str(tool_model), "--suite", "demo-bird", "--env", "sql", "--limit", "2",
                         "--max-turns", "2", "--protocol", protocol, "--max-new-tokens", "12", "--no-cache",
                         "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    bench = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]
    assert bench["n"] == 2 and bench["extensions"]["environment"]["protocol"] == protocol
    records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    for record in records:
        transcript = record["transcript"]
        assert transcript["protocol"] == protocol and transcript["turns"] >= 1
        assert transcript["messages"][0]["role"] == "assistant"


def test_auto_protocol_falls_back_to_tags_without_a_tool_template(cli_runner, tmp_path: Path) -> None:
    plain = build_tiny(tmp_path / "plain", tools=False)
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(plain), "--suite", "demo-bird", "--env", "sql", "--limit", "1",
                         "--max-new-tokens", "8", "--no-cache", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]["extensions"][
        "environment"]["protocol"] == "tags"


def test_sft_env_trains_on_gold_trajectories(cli_runner, tool_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "sft"
    result = cli_runner(["train", "sft", "--model", str(tool_model), "--benchmark", "demo-bird", "--env", "sql",
                         "--limit", "2", "--max-steps", "1", "--batch-size", "2", "--max-length", "2048",
                         "--out", str(out)])
    assert result.exit_code == 0, result.output
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["steps"] == 1 and info["rows"] == 2
