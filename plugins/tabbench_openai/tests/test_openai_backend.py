"""The openai backend against a real ``transformers serve`` on loopback, serving the tiny model from a local path.

No fake server: the server is transformers' own, started by the fixture; the tests are skipped (with the reason)
when its serving dependencies (the ``serve`` extra) are not installed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import pytest
from tabbench_openai.backend import backoff_delay, choice_text, context_error, parse_spec

import tabbench
from tabbench import BackendError, ConfigError, Example, GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository's tests package
from tests import transformers_serve
from tests.long_prompts import demo_spider_with_a_long_question, one_refused, records_of

# The served model's context: the demo prompts of test_tabbench_eval_through_the_server (under 300 tokens) fit it
# with room to spare, so that test does not depend on how a server treats an over-long prompt (tested apart).
CONTEXT = 1024
CORPUS = ["SELECT name FROM users WHERE id = 1;", "SELECT COUNT(*) FROM orders", "How many users are there?"] * 5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``transformers serve MODEL`` on a free loopback port, offline, on CPU; stopped after the module."""
    missing = [m for m in transformers_serve.DEPENDENCIES if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"transformers serve needs {', '.join(missing)}: pip install -e '.[serve]'")
    root = tmp_path_factory.mktemp("openai")
    model = build_tiny_model(root / "tiny", CORPUS, vocab_size=300, hidden_size=32, num_hidden_layers=1,
                             num_attention_heads=2, num_key_value_heads=1, intermediate_size=64,
                             max_position_embeddings=CONTEXT)
    try:
        proc, base = transformers_serve.start(model, root)
    except transformers_serve.ServeError as exc:
        pytest.fail(str(exc))
    try:
        yield {"base": base, "model": str(model), "root": root}
    finally:
        transformers_serve.stop(proc)


def _requests(k: int) -> list[GenerationRequest]:
    return [GenerationRequest([{"role": "system", "content": "Answer with SQL."},
                               {"role": "user", "content": f"How many users have id {i}?"}],
                              Example(str(i), "SELECT 1"), "demo") for i in range(k)]


@pytest.mark.slow
def test_chat_endpoint_returns_n_samples_per_request(server):
    backend = tabbench.get_backend("openai", f"{server['base']}#{server['model']}", concurrency=3)
    outputs = backend.generate(_requests(5), GenerationParams(max_new_tokens=6, n=2, temperature=0.7, seed=3))
    assert len(outputs) == 5 and all(len(o) == 2 and all(isinstance(t, str) for t in o) for o in outputs)
    assert backend._server_honours_n is False  # transformers serve ignores n: the backend asked again
    again = backend.generate(_requests(5), GenerationParams(max_new_tokens=6, n=2, temperature=0.7, seed=3))
    assert len(again) == 5 and all(len(o) == 2 for o in again)


@pytest.mark.slow
def test_completions_endpoint_renders_the_chat_template_and_applies_stop(server):
    backend = tabbench.get_backend("openai", server["model"], base_url=server["base"], endpoint="completions")
    prompt = backend.render(_requests(1)[0].messages)
    assert prompt.startswith("<|im_start|>system\nAnswer with SQL.<|im_end|>") and prompt.endswith("assistant\n")
    [[free]] = backend.generate(_requests(1), GenerationParams(max_new_tokens=12))
    assert free  # the random tiny model always writes something from its vocabulary
    stop = free[len(free) // 2:][:2]
    [[cut]] = backend.generate(_requests(1), GenerationParams(max_new_tokens=12, stop=(stop,)))
    assert stop not in cut and free.startswith(cut)
    assert backend.fingerprint() == {"backend": "openai", "base_url": server["base"], "model": server["model"],
                                     "endpoint": "completions", "reasoning": "think", "extra_body": {},
                                     "revision": None, "prefix_cache": True}


@pytest.mark.slow
def test_greedy_is_deterministic(server):
    backend = tabbench.get_backend("openai", f"{server['base']}#{server['model']}", endpoint="completions")
    first = backend.generate(_requests(2), GenerationParams(max_new_tokens=8))
    assert first == backend.generate(_requests(2), GenerationParams(max_new_tokens=8))


@pytest.mark.slow
def test_client_error_is_one_line_and_not_retried(server):
    backend = tabbench.get_backend("openai", f"{server['base']}#not-the-served-model", max_retries=5, backoff=60)
    start = time.monotonic()
    with pytest.raises(BackendError, match=r"HTTP 400: .*pinned") as info:
        backend.generate(_requests(1), GenerationParams(max_new_tokens=4))
    assert time.monotonic() - start < 25 and "\n" not in str(info.value)  # a retry would first wait >= 30 s


def test_refused_connection_is_retried_then_reported():
    port = transformers_serve.free_port()
    backend = tabbench.get_backend("openai", f"http://127.0.0.1:{port}/v1#m", max_retries=2, backoff=0.01)
    with pytest.raises(BackendError, match=r"cannot reach .* after 3 attempts"):
        backend.generate(_requests(1), GenerationParams())


# --- pure helpers (no server) ---------------------------------------------------------------------------------


def test_parse_spec_forms(monkeypatch):
    monkeypatch.delenv("TABBENCH_OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert parse_spec("http://h:1/v1/#Qwen/Qwen2.5-7B", {}) == ("http://h:1/v1", "Qwen/Qwen2.5-7B")
    assert parse_spec("http://h:1/v1", {"model_name": "m"}) == ("http://h:1/v1", "m")
    assert parse_spec("http://h:1/v1", {}) == ("http://h:1/v1", None)
    assert parse_spec("m", {}) == ("http://127.0.0.1:8000/v1", "m")
    monkeypatch.setenv("TABBENCH_OPENAI_BASE_URL", "http://env:2/v1/")
    assert parse_spec("m", {}) == ("http://env:2/v1", "m")
    assert parse_spec("m", {"base_url": "http://opt:3/v1"}) == ("http://opt:3/v1", "m")


def test_origin_is_the_served_models_hub_id():
    assert tabbench.get_backend("openai", "http://127.0.0.1:9/v1#Qwen/Qwen2.5-7B").origin() == "Qwen/Qwen2.5-7B"
    assert tabbench.get_backend("openai", "http://127.0.0.1:9/v1#gpt-4o-mini").origin() is None


def test_backoff_grows_is_capped_and_honours_retry_after():
    assert [backoff_delay(k, 1.0, 10.0, rng=lambda: 1.0) for k in range(6)] == [1, 2, 4, 8, 10, 10]
    assert backoff_delay(3, 1.0, 10.0, rng=lambda: 0.0) == 4.0  # jitter keeps at least half
    assert backoff_delay(0, 1.0, 10.0, retry_after="3") == 3.0
    assert backoff_delay(0, 1.0, 10.0, retry_after="Wed, 21 Oct 2015", rng=lambda: 1.0) == 1.0


def test_reasoning_content_is_kept_in_think_tags():
    choice = {"message": {"content": "```sql\nSELECT 1\n```", "reasoning_content": "count rows"}}
    assert choice_text(choice, "think") == "<think>count rows</think>```sql\nSELECT 1\n```"
    assert choice_text(choice, "drop") == "```sql\nSELECT 1\n```"
    assert choice_text({"message": {"content": None, "reasoning": "r"}}, "think") == "<think>r</think>"
    assert choice_text({"text": "abc"}, "think") == "abc"


def test_bad_options_are_one_line_errors():
    """The options are declared (``option_defaults``) and checked by the host, like every backend's."""
    with pytest.raises(ConfigError, match="option endpoint=the string 'embeddings': expected one of 'chat'"):
        tabbench.get_backend("openai", "m", endpoint="embeddings")
    with pytest.raises(ConfigError, match="option concurrency=0: expected a whole number >= 1"):
        tabbench.get_backend("openai", "m", concurrency=0)
    with pytest.raises(ConfigError, match="option prefix_cache=the string 'maybe'"):
        tabbench.get_backend("openai", "m", prefix_cache="maybe")
    with pytest.raises(ConfigError, match="unknown option 'concurency'"):
        tabbench.get_backend("openai", "m", concurency=4)
    with pytest.raises(BackendError, match="tokenizer=PATH"):
        tabbench.get_backend("openai", "remote-name", endpoint="completions").render([{"role": "user", "content": "x"}])


@pytest.mark.slow
def test_tabbench_eval_through_the_server(server, tmp_path, cli_runner):
    """The command users run: `tabbench eval --model openai:URL#MODEL` on the demo suite, records written."""
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", f"openai:{server['base']}#{server['model']}", "--suite", "demo",
                         "--limit", "3", "--max-new-tokens", "8", "-m", "endpoint=completions", "-m", "concurrency=2",
                         "--out", str(out), "--no-cache", "--no-progress"])
    assert result.exit_code == 0, result.output
    results = json.loads((out / "results.json").read_text())
    assert results["config"]["backend"] == "openai"
    assert all(block["n"] == 3 for block in results["benchmarks"].values())
    assert all(path.read_text().count("\n") == 3 for path in (out / "samples").glob("*.jsonl"))
    assert sorted(path.stem for path in (out / "samples").glob("*.jsonl")) == sorted(results["benchmarks"])
    for name, block in results["benchmarks"].items():  # tokens in every record, summed per benchmark and run
        records = records_of(out, name).values()
        assert all(r["usage"]["prompt_tokens"] > 0 and 1 <= r["usage"]["completion_tokens"] <= 8 for r in records)
        assert block["usage"] == {"prompt_tokens": sum(r["usage"]["prompt_tokens"] for r in records),
                                  "completion_tokens": sum(r["usage"]["completion_tokens"] for r in records),
                                  "samples": 3}
    assert results["usage"]["samples"] == 3 * len(results["benchmarks"]) and "cost" not in results["usage"]


@pytest.mark.slow
def test_tool_turns_go_through_function_calling(server):
    """``eval --env`` through the chat endpoint: the conversation (with an earlier call and its observation) and
    the tool schemas reach the server, and its reply comes back as an assistant message."""
    env = tabbench.get_environment("sql")
    conversation = [*_requests(1)[0].messages,
                    {"role": "assistant", "content": "", "tool_calls": [
                        {"type": "function", "function": {"name": "list_tables", "arguments": {}}}]},
                    {"role": "tool", "name": "list_tables", "content": "users\norders"}]
    request = tabbench.TurnRequest(conversation, tabbench.tool_schemas(env), Example("0", "SELECT 1"), "demo", 1)
    backend = tabbench.get_backend("openai", f"{server['base']}#{server['model']}")
    [reply] = backend.generate_turns([request], GenerationParams(max_new_tokens=6))
    assert reply["role"] == "assistant" and isinstance(reply["content"], str)
    assert reply["usage"].prompt_tokens > 0 and 1 <= reply["usage"].completion_tokens <= 6  # the agent loop sums them
    assert all(isinstance(c["function"]["name"], str) for c in reply.get("tool_calls", []))


def test_openai_messages_give_calls_ids_and_json_arguments():
    from tabbench_openai.backend import openai_messages

    wire = openai_messages([
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"type": "function", "function": {"name": "query", "arguments": {"sql": "SELECT 1"}}},
            {"type": "function", "function": {"name": "list_tables", "arguments": {}}}]},
        {"role": "tool", "name": "query", "content": "1"},
        {"role": "tool", "name": "list_tables", "content": "t"},
    ])
    calls = wire[1]["tool_calls"]
    assert [c["id"] for c in calls] == ["call_1_0", "call_1_1"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"sql": "SELECT 1"}
    assert [m["tool_call_id"] for m in wire[2:]] == ["call_1_0", "call_1_1"]


@pytest.mark.parametrize("prefix_cache", [True, False])
def test_prefix_cache_sends_a_databases_questions_together_and_is_recorded(prefix_cache, monkeypatch):
    """On (the default), requests reach the server sorted by their messages, so the questions of one database
    (one schema) arrive together; off, in the caller's order. Either way results keep the caller's order, and
    the choice is in the fingerprint, since it decides which prompts a server batches together."""
    dbs = ["schema of pets_1", "schema of concert_singer"] * 3
    requests = [GenerationRequest([{"role": "system", "content": db}, {"role": "user", "content": f"q{i}"}],
                                  Example(str(i), None), "spider") for i, db in enumerate(dbs)]
    backend = tabbench.get_backend("openai", "http://127.0.0.1:9/v1#m", concurrency=1, prefix_cache=prefix_cache)
    sent: list[str] = []

    def complete(pool, request, params, prompt=None):  # one worker: answered in the order they were submitted
        from tabbench_openai.backend import Sampled

        sent.append(request.messages[0]["content"])
        return Sampled([request.messages[1]["content"]], ["stop"], None)

    monkeypatch.setattr(backend, "_complete", complete)
    outputs = backend.generate(requests, GenerationParams())
    assert sent == (sorted(dbs) if prefix_cache else dbs)
    assert outputs == [[f"q{i}"] for i in range(len(dbs))]
    assert backend.fingerprint()["prefix_cache"] is prefix_cache


# --- prompts too long for the model's context ------------------------------------------------------------------


@pytest.mark.parametrize("status, body, expected", [
    (400, {"detail": "The prompt has 275 tokens, but the model takes at most 256, prompt and answer "
                     "(`--max-model-len`)."}, {"prompt_tokens": 275, "context_length": 256}),  # transformers serve
    (400, {"object": "error", "message": "This model's maximum context length is 256 tokens. However, you requested "
           "300 tokens (292 in the messages, 8 in the completion). Please reduce the length of the messages or "
           "completion.", "type": "BadRequestError", "param": None, "code": 400},
     {"prompt_tokens": 292, "context_length": 256}),  # vLLM's OpenAI server
    (400, {"object": "error", "message": "'max_tokens' or 'max_completion_tokens' is too large: 8. This model's "
           "maximum context length is 256 tokens and your request has 250 input tokens (8 > 256 - 250).",
           "type": "BadRequestError", "code": 400}, {"prompt_tokens": 250, "context_length": 256}),  # newer vLLM
    (400, {"error": {"message": "This model's maximum context length is 8192 tokens. However, your messages resulted "
                                "in 9000 tokens. Please reduce the length of the messages.",
                     "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}},
     {"prompt_tokens": 9000, "context_length": 8192}),  # OpenAI
    (400, {"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it",
                     "type": "exceed_context_size_error"}}, {}),  # llama.cpp's server
])
def test_a_servers_context_error_is_told_apart(status, body, expected):
    found = context_error(status, json.dumps(body))
    assert found is not None and {k: v for k, v in found.items() if k != "message"} == expected
    assert found["message"] and len(found["message"]) <= 300


@pytest.mark.parametrize("status, body", [
    (400, '{"detail": "Model not-the-served-model is not available: the server is pinned to /m"}'),
    (422, '{"detail": "Unexpected fields in the request: {\'logprobs\'}"}'),
    (500, '{"detail": "This model\'s maximum context length is 256 tokens"}'),  # a server fault, retried
    (401, "Incorrect API key provided"),
])
def test_other_http_errors_are_not_context_errors(status, body):
    assert context_error(status, body) is None


def _eval(cli_runner, server, data, out, limit, *extra):
    return cli_runner([
        "eval", "--model", f"openai:{server['base']}#{server['model']}", "--benchmark", "demo-spider", "--data",
        f"demo-spider={data}", "--limit", str(limit), "--max-new-tokens", "8", "--out", str(out), "--no-cache",
        "--no-progress", "-m", "concurrency=4", *extra])


@pytest.fixture(scope="module")
def long_question(server):
    return demo_spider_with_a_long_question(server["root"] / "long-data")


@pytest.mark.slow
def test_an_over_long_prompt_is_one_record_of_a_100_question_eval(server, long_question, tmp_path, cli_runner):
    """Measured here against the served folder's context (transformers serve lists none): refused without a
    request, recorded; the 99 others are generated and scored."""
    data, long_id = long_question
    result = _eval(cli_runner, server, data, tmp_path / "run", 100)
    assert result.exit_code == 0, result.output
    assert one_refused(tmp_path / "run", long_id, CONTEXT)["generation"]["max_new_tokens"] == 8


@pytest.mark.slow
def test_the_servers_own_refusal_is_recorded_with_its_words(server, long_question, tmp_path, cli_runner):
    """With a context claimed larger than the server's, the prompt is sent and the server refuses it (HTTP 400):
    that request alone is recorded as too long, with what the server said; the run goes on."""
    data, long_id = long_question
    result = _eval(cli_runner, server, data, tmp_path / "run", 60, "-m", "max_model_len=100000")
    assert result.exit_code == 0, result.output
    records = records_of(tmp_path / "run")
    refused = records.pop(long_id)
    assert refused["status"] == "prompt_too_long"
    assert "model takes at most 1024" in refused["generation"]["message"]
    assert refused["generation"]["context_length"] == CONTEXT and refused["generation"]["prompt_tokens"] > CONTEXT
    assert all(r["status"] != "prompt_too_long" for r in records.values())


@pytest.mark.slow
def test_truncate_prompts_cuts_the_long_prompt_from_the_left_and_is_recorded(server, long_question, tmp_path,
                                                                             cli_runner):
    data, long_id = long_question
    result = _eval(cli_runner, server, data, tmp_path / "run", 60, "-m", "endpoint=completions",
                   "--truncate-prompts")
    assert result.exit_code == 0, result.output
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["config"]["generation"]["truncate_prompts"] is True
    cut = records_of(tmp_path / "run")[long_id]
    assert cut["status"] != "prompt_too_long" and len(cut["completions"]) == 1
    assert cut["generation"]["prompt_tokens"] == CONTEXT - 8 and cut["generation"]["truncated_tokens"] > 0
    chat = _eval(cli_runner, server, data, tmp_path / "chat", 1, "--truncate-prompts")
    assert chat.exit_code != 0 and "needs endpoint=completions" in chat.output


def test_answer_usage_reads_openais_usage_and_its_reasoning_tokens():
    from tabbench_openai.backend import answer_usage

    from tabbench import Usage

    answer = {"usage": {"prompt_tokens": 120, "completion_tokens": 80, "total_tokens": 200,
                        "completion_tokens_details": {"reasoning_tokens": 64}}}
    assert answer_usage(answer) == Usage(120, 80, 64)
    assert answer_usage({"usage": {"prompt_tokens": 5, "completion_tokens": 1}}) == Usage(5, 1, None)
    for broken in ({}, {"usage": None}, {"usage": {"prompt_tokens": 5}}, {"usage": {"prompt_tokens": "5",
                   "completion_tokens": 1}}, {"usage": {"prompt_tokens": -1, "completion_tokens": 1}}):
        assert answer_usage(broken) is None, broken  # a server that says nothing usable: not counted


@pytest.mark.slow
def test_usage_is_what_the_server_says_each_request_spent(server):
    """transformers serve answers with OpenAI's usage: the prompt as its tokenizer read it and the tokens it
    generated; samples asked for one by one (it ignores n) are every call's, summed; finish reasons are kept."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(server["model"], local_files_only=True)
    backend = tabbench.get_backend("openai", server["model"], base_url=server["base"], endpoint="completions")
    request = _requests(1)
    [one] = backend.generations(request, GenerationParams(max_new_tokens=8))
    prompt = len(tokenizer(backend.render(request[0].messages), add_special_tokens=False)["input_ids"])
    assert one.usage is not None and one.usage.prompt_tokens == prompt
    assert 1 <= one.usage.completion_tokens <= 8 and one.usage.reasoning_tokens is None
    assert one.details["finish_reasons"][0] in ("stop", "length")
    [two] = backend.generations(request, GenerationParams(max_new_tokens=8, n=2, temperature=0.7, seed=3))
    assert len(two.completions) == 2 and two.usage.prompt_tokens == 2 * prompt  # two calls, each its prompt
    assert 2 <= two.usage.completion_tokens <= 16
