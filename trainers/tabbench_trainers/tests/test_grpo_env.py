"""Multi-turn training: ``train sft --env`` on gold trajectories, ``train grpo --env`` with TRL's environment_factory,
and the reward functions that score a rollout's final answer exactly as ``eval --env`` does."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from tabbench_trainers.environments import RolloutReward, factory, final_answer, sft_rows

import tabbench

pytestmark = pytest.mark.slow  # trains tiny models (GRPO, SFT) with environments


def roomy_copy(micro_model: Path, path: Path, tools: bool) -> Path:
    """A copy of the micro model (``tabbench models build-tiny``, through the session fixture) with room for the
    tool preamble and (``tools``) Qwen2.5's chat template, which renders tool calls and which TRL can parse."""
    from transformers import AutoTokenizer
    from trl.chat_template_utils import qwen2_5_chat_template

    shutil.copytree(micro_model, path)
    for name, key in (("config.json", "max_position_embeddings"), ("tokenizer_config.json", "model_max_length")):
        config = json.loads((path / name).read_text())
        config[key] = 4096
        (path / name).write_text(json.dumps(config))
    if tools:
        tokenizer = AutoTokenizer.from_pretrained(str(path))
        tokenizer.chat_template = qwen2_5_chat_template
        tokenizer.save_pretrained(str(path))
    return path


@pytest.fixture(scope="module")
def tool_model(micro_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return roomy_copy(micro_model, tmp_path_factory.mktemp("tools") / "model", tools=True)


@pytest.fixture(scope="module")
def plain_model(micro_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The micro model with its ChatML template, which cannot render tool calls (tests only read it)."""
    return roomy_copy(micro_model, tmp_path_factory.mktemp("plain") / "model", tools=False)


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


def scripted_policy(monkeypatch: pytest.MonkeyPatch, model: Path, call: str, answer: str) -> list[str]:
    """Force every generation of the tiny model (random weights never call a tool) to a script: ``call`` while the
    conversation has no tool result yet, ``answer`` after one. Returns the tool results the model was shown."""
    import torch
    from transformers import AutoTokenizer, GenerationMixin, LogitsProcessor, LogitsProcessorList

    tokenizer = AutoTokenizer.from_pretrained(str(model))
    scripts = {False: tokenizer.encode(call, add_special_tokens=False),
               True: tokenizer.encode(answer, add_special_tokens=False)}
    generate = GenerationMixin.generate
    shown: list[str] = []

    class Script(LogitsProcessor):
        def __init__(self, rows: list[list[int]], start: int) -> None:
            self.rows, self.start = rows, start

        def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
            step = input_ids.shape[1] - self.start
            forced = torch.full_like(scores, float("-inf"))
            for i, script in enumerate(self.rows):
                forced[i, script[step] if step < len(script) else tokenizer.eos_token_id] = 0.0
            return forced

    def scripted(self: Any, *args: Any, **kwargs: Any) -> Any:
        rows = []
        for text in tokenizer.batch_decode(kwargs["input_ids"]):
            results = re.findall(r"<tool_response>\n(.*?)\n</tool_response>", text, re.S)
            shown.extend(results[-1:])
            rows.append(scripts[bool(results)])
        kwargs["logits_processor"] = LogitsProcessorList([Script(rows, kwargs["input_ids"].shape[1])])
        return generate(self, *args, **kwargs)

    monkeypatch.setattr(GenerationMixin, "generate", scripted)
    return shown


def test_grpo_with_the_python_environment_runs_code_in_the_sandbox(
    cli_runner, tool_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two GRPO steps with ``--env python``: each rollout's call runs pandas on its own table in the sandbox and
    the model is shown the result, cut to ``--observation-bytes`` (a scripted policy makes the tiny model call)."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap (bwrap) is not installed: the python environment's sandbox needs it")
    code = "print(df.iloc[0, 0]); print('x' * 400)"
    shown = scripted_policy(monkeypatch, tool_model, '<tool_call>\n{"name": "run_python", "arguments": '
                            + json.dumps({"code": code}) + '}\n</tool_call>', "4")
    out, benchmark = tmp_path / "grpo", "demo-tablebench"
    result = cli_runner(["train", "grpo", "--model", str(tool_model), "--benchmark", benchmark, "--limit", "4",
                         "--env", "python", "--max-turns", "2", "--observation-bytes", "150", "--reward", "rouge-l",
                         "--reward", "tool-errors", "--max-steps", "2", "--num-generations", "2",
                         "--prompts-per-step", "2", "--max-completion-length", "400", "--logging-steps", "1",
                         "--out", str(out)])
    assert result.exit_code == 0, result.output
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["steps"] == 2 and info["environment"] == "python" and info["settings"]["observation_bytes"] == 150
    logged = [e for e in json.loads((out / "trainer_state.json").read_text())["log_history"] if "reward" in e]
    assert len(logged) == 2
    for entry in logged:  # every rollout called run_python once, and no call raised
        assert entry["tools/call_frequency"] == pytest.approx(1.0) and entry["tools/failure_frequency"] == 0.0
        assert entry["rewards/tool-errors/mean"] == 0.0  # no call answered with an error either
    # each rollout saw its own table's first cell; two steps of two prompts cover the four training rows
    examples = list(tabbench.get_benchmark(benchmark).examples("train"))[:4]
    first_cells = {str(e.fields["table"]["data"][0][0]) for e in examples}
    assert len(shown) == 2 * 2 * 2, shown  # steps x prompts x generations
    assert {text.partition("\n")[0] for text in shown} == first_cells, shown
    assert all(text.endswith("bytes cut]") and len(text.encode()) <= 150 for text in shown), shown


def test_grpo_env_refuses_a_template_without_tool_calls(cli_runner, plain_model: Path, tmp_path: Path) -> None:
    result = cli_runner(["train", "grpo", "--model", str(plain_model), "--benchmark", "demo-bird", "--env", "sql",
                         "--max-steps", "1", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "cannot render tool calls" in result.output


def test_rollout_rewards_score_the_final_answer_as_eval_does() -> None:
    """A TRL multi-turn completion (assistant calls, tool observations, answer): the benchmark reward sees the
    final answer only, the shaping reward the transcript."""
    from tabbench.adapters import trl_reward

    bench = tabbench.get_benchmark("demo-bird")
    example = next(iter(bench.examples("test")))
    make = factory("sql", tabbench.Budget(max_turns=4), {})
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


def _items(limit: int) -> list[tuple[tabbench.Benchmark, tabbench.Example]]:
    """The first ``limit`` demo-bird training examples, planned as a trainer's are (``run.items``)."""
    from tabbench import training

    return training.plan(training.Selection("demo-bird", limit=limit), default_split="train").items


def test_sft_rows_are_gold_trajectories_with_real_observations() -> None:
    rows, counts = sft_rows(_items(3), "sql", tabbench.Budget(), {})
    assert len(rows) == 3 and counts["tool_errors"] == 0
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


def test_auto_protocol_falls_back_to_tags_without_a_tool_template(cli_runner, plain_model: Path,
                                                                 tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(plain_model), "--suite", "demo-bird", "--env", "sql", "--limit", "1",
                         "--max-new-tokens", "8", "--no-cache", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]["extensions"][
        "environment"]["protocol"] == "tags"


def test_sft_env_trains_on_gold_trajectories_within_the_budget(cli_runner, tool_model: Path, tmp_path: Path) -> None:
    """``--max-turns 2``: of the first ten examples only the one whose gold trajectory takes two calls (describe,
    query) is a row; the others need three and are counted, not trained on with a refused call."""
    out = tmp_path / "sft"
    result = cli_runner(["train", "sft", "--model", str(tool_model), "--benchmark", "demo-bird", "--env", "sql",
                         "--limit", "10", "--max-turns", "2", "--observation-bytes", "300", "--max-steps", "1",
                         "--batch-size", "2", "--max-length", "2048", "--out", str(out)])
    assert result.exit_code == 0, result.output
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["steps"] == 1 and info["rows"] == 1 and info["targets"]["tool_errors"] == 9
    assert info["settings"]["max_turns"] == 2 and info["settings"]["observation_bytes"] == 300


def test_sft_rows_follow_the_budget() -> None:
    rows, counts = sft_rows(_items(10), "sql", tabbench.Budget(max_turns=2, observation_bytes=120), {})
    assert len(rows) == 1 and counts == {"gold": 1, "trace": 0, "tool_errors": 9}
    tools = [m for m in rows[0]["completion"] if m["role"] == "tool"]
    assert len(tools) == 2 and all(len(t["content"].encode()) <= 120 for t in tools)
    assert tools[0]["content"].endswith("bytes cut]")  # the table description is longer than 120 bytes


@pytest.mark.parametrize(("args", "message"), [
    (["train", "grpo", "--reward", "bird-ex", "--observation-bytes", "500"], "--observation-bytes needs --env NAME"),
    (["train", "sft", "--tool-seconds", "5", "--call-seconds", "1"], "--tool-seconds, --call-seconds need --env NAME"),
    (["train", "sft", "--env-option", "max_rows=3"], "--env-option needs --env NAME"),
    (["train", "sft", "--max-turns", "3"], "--max-turns needs --env NAME"),
    (["train", "sft", "--env", "sql", "--env-option", "max_rows"], "--env-option 'max_rows': expected KEY=VALUE"),
    (["train", "sft", "--env", "sql", "--max-turns", "1"], "have a refused or failed tool call"),
])
def test_train_env_usage_errors(cli_runner, tool_model: Path, tmp_path: Path, args: list[str], message: str) -> None:
    result = cli_runner([*args, "--model", str(tool_model), "--benchmark", "demo-bird", "--limit", "3",
                         "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_sft_env_text_keeps_each_tool_call_as_made(tool_model: Path) -> None:
    """Message lists stored in an Arrow table share one struct of arguments (every call gets every tool's
    argument names, set to null); the rendered text the trainer gets has only the arguments each call made."""
    from datasets import Dataset
    from tabbench_trainers.environments import rendered
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(tool_model))
    rows, _ = sft_rows(_items(5), "sql", tabbench.Budget(max_turns=4), {})
    stored = Dataset.from_list(rows)[0]
    assert any(v is None for m in stored["completion"] for c in m.get("tool_calls") or []
               for v in c["function"]["arguments"].values())  # what rendering from the table would teach
    texts = rendered(rows, tokenizer)
    assert len(texts) == len(rows)
    for text, row in zip(texts, rows, strict=True):
        assert "<tool_call>" in text["completion"] and ": null" not in text["completion"]
        assert text["completion"].endswith(tokenizer.eos_token)
        calls = [c for m in row["completion"] for c in m.get("tool_calls") or []]
        assert text["completion"].count("<tool_call>") == len(calls)
