"""The tiny model's compact tool-calling template (``build-tiny --chat-template tools``): TRL accepts it and parses
its calls back, ``tabbench eval --env`` reads them, and a gold trajectory renders far shorter than with Qwen2.5's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tabbench_demo.tinymodel import CHAT_TEMPLATE, TinySpec, build_tiny_model

import tabbench

pytestmark = pytest.mark.slow  # builds tiny checkpoints with chat templates

SMALL = TinySpec(vocab_size=512, hidden_size=64, num_hidden_layers=1, intermediate_size=128,
                 max_position_embeddings=4096)


@pytest.fixture(scope="module")
def tools_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("tools") / "model", spec=SMALL, chat_template="tools")


@pytest.fixture(scope="module")
def tokenizer(tools_model: Path) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(tools_model))


@pytest.fixture(scope="module")
def trajectories() -> list[dict[str, Any]]:
    """Gold demo-bird trajectories (describe, query, observe, answer) with the observations the sql environment
    really returns, as ``train sft --env`` builds them."""
    benchmark = tabbench.get_benchmark("demo-bird")
    rows = []
    for example in list(benchmark.examples("train"))[:40]:
        env = tabbench.get_environment("sql", budget=tabbench.Budget(max_turns=4))
        first, messages = tabbench.reference_trajectory(env, example, benchmark.gold_completion(example))
        prompt = [dict(m) for m in benchmark.prompt(example)]
        prompt[-1]["content"] = str(prompt[-1]["content"]) + (first or "")
        rows.append({"messages": prompt + messages, "tools": tabbench.tool_schemas(env)})
    return rows


def test_trl_accepts_the_template_and_reads_its_calls_back(tokenizer: Any, trajectories: list[dict]) -> None:
    from trl.chat_template_utils import is_chat_template_prefix_preserving, parse_response, supports_tool_calling

    assert supports_tool_calling(tokenizer) and is_chat_template_prefix_preserving(tokenizer)
    assert tokenizer.response_template is not None  # saved with the tokenizer: GRPO does not guess a parser
    checked = 0
    for row in trajectories[:10]:
        messages, tools = row["messages"], row["tools"]
        for i, message in enumerate(messages):
            if message["role"] != "assistant":
                continue
            prompt = tokenizer.apply_chat_template(messages[:i], tools=tools, add_generation_prompt=True,
                                                   tokenize=True, return_dict=False)
            full = tokenizer.apply_chat_template(messages[: i + 1], tools=tools, tokenize=True, return_dict=False)
            assert full[: len(prompt)] == prompt
            turn = full[len(prompt):]
            # TRL's GRPO reads a rollout turn from its token ids; tabbench's hf backend from the decoded text
            assert _same(parse_response(tokenizer, turn, prefix=prompt), message)
            assert _same(tabbench.parse_tool_calls(tokenizer.decode(turn, skip_special_tokens=True)), message)
            checked += 1
    assert checked >= 30  # every row has at least one call and an answer


def _same(parsed: dict[str, Any], message: dict[str, Any]) -> bool:
    """The same assistant turn: its text and its calls (name and arguments)."""
    def calls(m: dict[str, Any]) -> list[tuple[str, Any]]:
        return [(c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls") or []]
    return (parsed.get("content") or "").strip() == (message.get("content") or "").strip() and calls(parsed) == calls(
        message)


def test_a_row_stored_by_datasets_renders_as_the_trajectory(tokenizer: Any, trajectories: list[dict]) -> None:
    """``datasets`` gives each call every tool's argument names (the others null): SFT must still see the calls
    the model is to make, not ``{"table": "t", "sql": null}``, which the environment refuses."""
    from datasets import Dataset

    stored = Dataset.from_list([{"messages": row["messages"]} for row in trajectories[:10]])
    assert any(None in c["function"]["arguments"].values()
               for m in stored[0]["messages"] for c in m.get("tool_calls") or [])  # what this test is about
    for row, kept in zip(trajectories, stored, strict=False):
        assert tokenizer.apply_chat_template(kept["messages"], tools=row["tools"], tokenize=False) == (
            tokenizer.apply_chat_template(row["messages"], tools=row["tools"], tokenize=False))


def test_without_tools_it_renders_exactly_as_chatml(tokenizer: Any) -> None:
    """Single-turn prompts and answers are unchanged, so ``tabbench eval`` without --env sees the same text."""
    from transformers.utils.chat_template_utils import render_jinja_template

    benchmark = tabbench.get_benchmark("demo-bird")
    for example in list(benchmark.examples("test"))[:5]:
        chat = [*benchmark.prompt(example), {"role": "assistant", "content": benchmark.gold_completion(example)}]
        for messages, generation in ((chat, False), (chat[:-1], True)):
            ours = tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=generation)
            chatml, _ = render_jinja_template([messages], chat_template=CHAT_TEMPLATE,
                                              add_generation_prompt=generation)
            assert ours == chatml[0]


def test_a_gold_trajectory_renders_far_shorter_than_with_qwen2_5_s(tokenizer: Any, trajectories: list[dict]) -> None:
    from trl.chat_template_utils import qwen2_5_chat_template

    def mean_tokens(template: str) -> float:
        lengths = [len(tokenizer.apply_chat_template(row["messages"], tools=row["tools"], chat_template=template,
                                                     tokenize=True, return_dict=False)) for row in trajectories]
        return sum(lengths) / len(lengths)

    compact, qwen = mean_tokens(tokenizer.chat_template), mean_tokens(qwen2_5_chat_template)
    # measured with this tokenizer (demo corpus, 512 tokens): 920 against 1,702 tokens, Qwen2.5's tool preamble
    # (every tool's JSON schema and its instructions) being most of the 782 saved on every row
    assert compact < 0.58 * qwen and qwen - compact > 700, (compact, qwen)


def test_eval_env_runs_the_tools_protocol_with_the_tiny_model(cli_runner, tools_model: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(tools_model), "--suite", "demo-bird", "--limit", "3", "--env", "sql",
                         "--max-turns", "2", "--max-new-tokens", "8", "--no-cache", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    environment = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]["extensions"][
        "environment"]
    assert environment["protocol"] == "tools" and environment["n"] == 3  # the hf backend took the template as tools
    records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    assert len(records) == 3 and all(r["transcript"] for r in records)


def test_build_tiny_chat_template_option(cli_runner, tmp_path: Path) -> None:
    result = cli_runner(["models", "build-tiny", str(tmp_path / "m"), "--chat-template", "xml"])
    assert result.exit_code == 2 and "--chat-template" in result.output
    corpus = tmp_path / "corpus.txt"  # the templates do not depend on the tokenizer's corpus: a small one is quick
    corpus.write_text("SELECT name FROM t WHERE id = 1\nWhich name has id 1?\n", encoding="utf-8")
    small = ["--corpus", str(corpus), "--size", "hidden_size=32", "--size", "num_hidden_layers=1"]
    result = cli_runner(["models", "build-tiny", str(tmp_path / "tools"), "--chat-template", "tools", *small])
    assert result.exit_code == 0, result.output
    config = json.loads((tmp_path / "tools" / "tokenizer_config.json").read_text())
    assert config["response_template"]["fields"]["tool_calls"]["open"] == "<tool_call>"
    result = cli_runner(["models", "build-tiny", str(tmp_path / "plain"), *small])
    assert result.exit_code == 0, result.output
    assert "response_template" not in json.loads((tmp_path / "plain" / "tokenizer_config.json").read_text())
    assert (tmp_path / "plain" / "chat_template.jinja").read_text() == CHAT_TEMPLATE  # the default is unchanged
