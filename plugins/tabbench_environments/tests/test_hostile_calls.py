"""Nothing a policy writes crashes a run (issue 21): the seven cases found by an adversary, as regression tests
through ``tabbench eval --env``, and property-based tests over tool-call text and arguments for both
environments and every parser. Each checks the database is byte-identical, no sandbox folder or process is left,
and nothing carries into the next episode."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabbench
from tabbench import Budget

LONE = chr(0xD800)
NESTED_TAGS = "<tool_call>" + '{"name": "query", "arguments": ' + "[" * 5000 + "</tool_call>"
HOSTILE_TEXTS = [
    NESTED_TAGS,
    "<tool_call>" * 3 + '{"name": "query", "arguments": ' + "{\"a\": " * 3000 + "</tool_call>" * 3,
    "[TOOL_CALLS] " + "[" * 5000,
    '{"name": "query", "parameters": ' + "{\"a\": " * 3000,
    "<|python_tag|>" + '{"name": "x", "arguments": ' + "[" * 5000,
    '<tool_call>{"name": "query", "arguments": {"sql": "SELECT \'\\ud800\'"}}</tool_call>',
    "<tool_call>\x00\x00" + "\udfff" * 10 + "</tool_call>",
    "[TOOL_CALLS] [1, \"x\", null, {\"name\": 5}]",
]


def demo_example(benchmark: str = "demo-bird") -> tabbench.Example:
    return next(iter(tabbench.get_benchmark(benchmark).examples(None)))


def sha(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module", autouse=True)
def private_tmp(tmp_path_factory: pytest.TempPathFactory):
    """Sandboxes make their folders here, not in the /tmp other processes' sandboxes share."""
    saved = tempfile.tempdir
    tempfile.tempdir = str(tmp_path_factory.mktemp("tmp"))
    yield
    tempfile.tempdir = saved


def sandbox_folders() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("tabbench-sandbox-*")}


def children() -> set[int]:
    """This process's live child processes (a sandbox left running would be one)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found |= {int(pid) for pid in text.split()}
    return found


def call(name: str, arguments: Any) -> dict[str, Any]:
    return {"role": "assistant", "content": "",
            "tool_calls": [{"type": "function", "function": {"name": name, "arguments": arguments}}]}


def run_transcripts(cli_runner, tmp_path: Path, suite: str, env: str, rollouts: dict[str, list[dict]],
                    *extra: str) -> dict[str, dict]:
    """``tabbench eval --env`` replaying ``rollouts`` (example id -> assistant messages); the records by id."""
    predictions = tmp_path / "transcripts.jsonl"
    predictions.write_text("".join(json.dumps({"id": i, "transcript": {"messages": m}}) + "\n"
                                   for i, m in rollouts.items()), encoding="utf-8")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", f"predictions:{predictions}", "--suite", suite, "--env", env,
                         "--limit", str(len(rollouts)), "--out", str(out), "--no-progress", "--no-cache", *extra])
    assert result.exit_code == 0, result.output
    lines = (out / "samples" / f"{suite}.jsonl").read_bytes().decode("utf-8").splitlines()  # strict UTF-8
    records = {r["id"]: r for r in map(json.loads, lines)}
    assert set(records) == set(rollouts)
    return records


def tool_observations(record: dict) -> list[str]:
    return [m["content"] for m in record["transcript"]["messages"] if m["role"] == "tool"]


# --- the seven cases of the issue, on the eval path ---------------------------------------------------------


def test_a_lone_surrogate_in_a_python_error_is_an_error_observation(cli_runner, tmp_path: Path) -> None:
    """Case 1: ``raise ValueError(chr(0xd800))`` crashed ``eval --env python`` (the observation was encoded outside
    the tool's try); now an error observation the model can read, and the run records every example."""
    examples = list(tabbench.get_benchmark("demo-tablebench").examples(None))[:2]
    cell = call("run_python", {"code": "raise ValueError(chr(0xd800))"})
    records = run_transcripts(cli_runner, tmp_path, "demo-tablebench", "python",
                              {e.id: [cell, {"role": "assistant", "content": "x"}] for e in examples})
    for record in records.values():
        (observation,) = tool_observations(record)
        assert observation.startswith("error:") and "ValueError" in observation and "\ufffd" in observation
        assert record["transcript"]["tool_errors"] == 1


def test_deeply_nested_arguments_are_refused(cli_runner, tmp_path: Path) -> None:
    """Case 3: arguments given as the text ``"[" * 5000`` (a RecursionError in ``json.loads``) crashed the eval."""
    example = demo_example()
    db = example.fields["db_path"]
    before = sha(db)
    rollout = [call("query", "[" * 5000), call("query", "[" * 60 + "]" * 60),
               call("query", {"sql": [[[[[["SELECT 1"]]]]]]}), {"role": "assistant", "content": "SELECT 1"}]
    record = run_transcripts(cli_runner, tmp_path, "demo-bird", "sql", {example.id: rollout})[example.id]
    first, second, third = tool_observations(record)
    assert first.startswith("error: arguments are not JSON") and "nested deeper than 64" in first
    assert second.startswith("error: arguments must be a JSON object")
    assert third.startswith("error: empty query")
    assert record["transcript"]["tool_calls"] == 3 and sha(db) == before


def test_a_lone_surrogate_in_sql_is_recorded_and_reads_back(cli_runner, tmp_path: Path) -> None:
    """Case 5: ``{"sql": "SELECT '\\ud800'"}`` got its error observation, then the record writer crashed. The record
    now holds the call losslessly (escaped) and the file is valid UTF-8."""
    example = demo_example()
    sql = f"SELECT '{LONE}'"
    answer = f"SELECT 1 -- {LONE}"
    record = run_transcripts(cli_runner, tmp_path, "demo-bird", "sql",
                             {example.id: [call("query", {"sql": sql}), {"role": "assistant", "content": answer}]}
                             )[example.id]
    messages = record["transcript"]["messages"]
    assert messages[0]["tool_calls"][0]["function"]["arguments"] == {"sql": sql}  # read back equal
    assert tool_observations(record)[0].startswith("error:")
    assert record["completions"] == [answer]


def test_a_single_turn_completion_with_a_lone_surrogate_is_scored_and_recorded(cli_runner, tmp_path: Path) -> None:
    """Any completion with a lone surrogate crashed the record writer of a single-turn run too."""
    examples = list(tabbench.get_benchmark("demo-bird").examples(None))[:2]
    predictions = tmp_path / "predictions.jsonl"
    completions = {examples[0].id: f"SELECT '{LONE}'", examples[1].id: f"{examples[1].gold} -- {LONE}\x00"}
    predictions.write_text("".join(json.dumps({"id": i, "completion": c}) + "\n" for i, c in completions.items()))
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", f"predictions:{predictions}", "--suite", "demo-bird", "--limit", "2",
                         "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    lines = (out / "samples" / "demo-bird.jsonl").read_bytes().decode("utf-8").splitlines()
    records = {r["id"]: r for r in map(json.loads, lines)}
    assert {i: r["completions"][0] for i, r in records.items()} == completions
    assert all(r["status"] for r in records.values())


@pytest.mark.parametrize("text", HOSTILE_TEXTS)
def test_parse_tool_calls_never_raises(text: str) -> None:
    """Case 4: ``parse_tool_calls`` raised RecursionError on nested ``<tool_call>``, ``[TOOL_CALLS]`` and bare
    Llama-style text; what it cannot read becomes a call the environment refuses."""
    message = tabbench.parse_tool_calls(text)
    assert message["role"] == "assistant"
    env = tabbench.get_environment("sql")
    env.reset(example=demo_example())
    for tool_call in message.get("tool_calls", []):
        function = tool_call["function"]
        assert env._call(function["name"], function["arguments"]).startswith("error:")


def test_the_hf_backend_turns_hostile_text_into_calls_and_hostile_conversations_into_prompts(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """The hf backend's ``generate_turns`` (vllm's is the same code on vLLM) on hostile completions and on a
    conversation holding a lone surrogate: every prompt it renders is valid Unicode (a tokenizer refuses lone
    surrogates), every completion becomes a message."""
    (tmp_path / "config.json").write_text("{}")  # never loaded: rendering and generation are stood in for
    backend = tabbench.get_backend("hf", str(tmp_path))
    request.addfinalizer(backend.close)  # an open hf backend holds the hub offline for the whole process
    rendered: list[str] = []
    monkeypatch.setattr(backend, "render", lambda request, tools=None: rendered.append(
        json.dumps(request.messages, ensure_ascii=False)) or "prompt")
    completions = [HOSTILE_TEXTS[5], NESTED_TAGS, HOSTILE_TEXTS[2]]  # a lone surrogate in SQL, then nesting
    monkeypatch.setattr(backend, "context_length", lambda: None)  # the context is unknown: nothing refused
    monkeypatch.setattr(backend, "_encode", lambda texts: [[0] * 5 for _ in texts])
    monkeypatch.setattr(backend, "_count", len)
    monkeypatch.setattr(backend, "_complete", lambda texts, params, ids=None: (
        [[completions.pop(0)] for _ in texts], [[3] for _ in texts]))
    example = demo_example()
    env = tabbench.get_environment("sql")
    from tabbench.evaluation.agent import run_rollouts

    bench = tabbench.get_benchmark("demo-bird")
    generation = tabbench.GenerationRequest(bench.prompt(example), example, bench.name)
    (rollout,) = run_rollouts(backend, bench, [env], [generation], tabbench.GenerationParams(max_new_tokens=8),
                              max_turns=2, protocol="tools")
    assert rollout.stop == "turn_limit" and not completions
    assert len(env.stats.calls) == 2 and all(c.error for c in env.stats.calls)
    assert len(rendered) == 3 and all(text.encode("utf-8") for text in rendered)  # what a tokenizer is given
    assert "SELECT '\ufffd'" in rendered[1]  # the model sees its surrogate replaced...
    assert rollout.messages[0]["tool_calls"][0]["function"]["arguments"] == {"sql": f"SELECT '{LONE}'"}  # ...kept


def test_the_openai_backend_keeps_unreadable_arguments_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's ``tool_calls`` arguments nested thousands deep: kept as text, refused by the environment."""
    backend = tabbench.get_backend("openai", "http://127.0.0.1:9#m")
    reply = {"choices": [{"message": {"content": "", "tool_calls": [
        {"id": "c", "type": "function", "function": {"name": "query", "arguments": "[" * 5000}}]}}]}
    monkeypatch.setattr(backend, "_call", lambda method, path, body=None: reply)
    monkeypatch.setattr(backend, "resolve_model_name", lambda: "m")
    example = demo_example()
    turn = tabbench.TurnRequest([{"role": "user", "content": LONE}], [], example, "demo-bird", 0)
    (message,) = backend.generate_turns([turn], tabbench.GenerationParams(max_new_tokens=8))
    assert message["tool_calls"][0]["function"]["arguments"] == "[" * 5000


# --- budgets, state, leftovers --------------------------------------------------------------------------------


def test_every_call_counts_against_the_turn_budget_even_when_refused_or_failing() -> None:
    env = tabbench.get_environment("sql", budget=Budget(max_turns=4))
    env.reset(example=demo_example())
    outputs = [env._call("nope", {}), env._call("query", "[" * 5000), env.describe_table(table=[[[1]]] * 3),
               env.query(sql=f"SELECT '{LONE}'"), env.list_tables()]
    assert len(env.stats.calls) == 5 and all(o.startswith("error:") for o in outputs)
    assert outputs[-1].startswith("error: turn budget spent")


def test_huge_and_binary_arguments_are_observations() -> None:
    """Megabytes of arguments, NUL bytes and control characters: an observation within the byte budget each, the
    database unchanged, no sandbox left behind."""
    example = demo_example()
    db, before, folders = example.fields["db_path"], sha(example.fields["db_path"]), sandbox_folders()
    sql = tabbench.get_environment("sql", budget=Budget(observation_bytes=500))
    sql.reset(example=example)
    binary = "".join(map(chr, range(32))) + "\x7f\x80\xff"
    observations = [sql.query(sql="SELECT '" + "x" * 3_000_000 + "'"), sql.query(sql="SELECT 1 -- " + binary),
                    sql.describe_table(table="t" * 3_000_000), sql._call("query", "{" + " " * 3_000_000)]
    python = tabbench.get_environment("python", budget=Budget(observation_bytes=500, call_seconds=20))
    python.reset(example=demo_example("demo-tablebench"))
    observations += [python.run_python(code="# " + "x" * 300_000 + "\nprint(len(df))"),
                     python.run_python(code=binary)]
    assert all(len(o.encode("utf-8")) <= 500 for o in observations)
    assert [o.split(":")[0] if o.startswith("error:") else "ok" for o in observations] == [
        "error", "error", "error", "error", "ok", "error"], observations
    assert "null character" in observations[1] and observations[4].strip().isdigit()
    assert sha(db) == before and sandbox_folders() <= folders


def test_a_python_episode_leaves_nothing_for_the_next() -> None:
    """Variables, files and modules of one rollout are gone in the next (a fresh process per call, replay per
    rollout), and no sandbox folder or process outlives a call."""
    folders, kids = sandbox_folders(), children()
    env = tabbench.get_environment("python", budget=Budget(call_seconds=20, tool_seconds=60))
    env.reset(example=demo_example("demo-tablebench"))
    assert env.run_python(code="secret = 41\nopen('planted.txt', 'w').write('x')\nimport sys\n"
                               "sys.modules['json'].planted = 1\nprint(secret + 1)").strip() == "42"
    env.reset(example=demo_example("demo-tablebench"))
    out = env.run_python(code="import json, os\nprint(getattr(json, 'planted', None), os.path.exists('planted.txt'), "
                              "'secret' in globals())")
    assert out.strip() == "None False False"
    assert sandbox_folders() <= folders and children() <= kids


# --- properties ---------------------------------------------------------------------------------------------

# any code point, lone surrogates and NUL included, favouring the characters JSON and the parsers care about
CHARS = st.one_of(st.sampled_from([*'{}[]":,\\ \n\x00', LONE, "\udfff", "\ufffd"]),
                  st.characters(codec=None, exclude_categories=()))
TEXT = st.text(CHARS, max_size=200)
MARKERS = st.sampled_from(["<tool_call>", "</tool_call>", "[TOOL_CALLS]", "<|python_tag|>", '{"name": ',
                           '"arguments": ', '"parameters": ', "[" * 1200, "{\"a\":" * 1200, "\\ud800"])
OPENINGS = st.sampled_from(["", "<tool_call>", "[TOOL_CALLS] ", "<|python_tag|>", '{"name": "query", "arguments": '])
TOOL_TEXT = st.tuples(OPENINGS, st.lists(st.one_of(TEXT, MARKERS), max_size=8)).map(lambda t: t[0] + "".join(t[1]))
JSON_VALUE = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                          max_leaves=12)
ARGUMENTS = st.one_of(TOOL_TEXT, JSON_VALUE, st.dictionaries(st.sampled_from(["sql", "table", "code", "x", LONE]),
                                                             JSON_VALUE, max_size=3))
NAMES = st.one_of(st.sampled_from(["query", "list_tables", "describe_table", "run_python", ""]), TEXT, JSON_VALUE)
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(TOOL_TEXT)
def test_any_text_parses_to_an_assistant_message(text: str) -> None:
    message = tabbench.parse_tool_calls(text)
    assert message["role"] == "assistant" and isinstance(message["content"], str)
    for tool_call in message.get("tool_calls", []):
        assert isinstance(tool_call["function"]["name"], str)
    json.dumps(message)  # JSON-safe: nesting bounded


@QUICK
@given(TOOL_TEXT)
def test_any_text_through_the_tag_protocol_is_a_call_or_an_answer(text: str) -> None:
    from tabbench.evaluation.agent import parse_tags

    for name in ("sql", "python"):
        message = parse_tags(tabbench.get_environment(name), text)
        assert "tool_calls" in message or isinstance(message["answer"], str)


@pytest.fixture(scope="module")
def sql_env() -> tuple[tabbench.Environment, str, str]:
    example = demo_example()
    env = tabbench.get_environment("sql", budget=Budget(max_turns=10**6, call_seconds=1, tool_seconds=10**6,
                                                        total_observation_bytes=10**9))
    env.reset(example=example)
    return env, example.fields["db_path"], sha(example.fields["db_path"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(NAMES, ARGUMENTS)
def test_any_sql_call_is_charged_and_observed_and_changes_nothing(sql_env, name: Any, arguments: Any) -> None:
    env, db, before = sql_env
    made = len(env.stats.calls)
    observation = env._call(name, arguments)
    assert isinstance(observation, str) and observation.encode("utf-8")  # valid Unicode: a tokenizer takes it
    assert len(observation.encode("utf-8")) <= env.budget.observation_bytes
    assert len(env.stats.calls) == made + 1
    json.dumps([c.to_json() for c in env.stats.calls[made:]])
    assert sha(db) == before


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.one_of(TEXT, TOOL_TEXT, st.sampled_from([f"SELECT '{LONE}'", "SELECT char(0)", "SELECT x'00ff'",
                                                   "ATTACH 'x.db' AS x", "VACUUM INTO '/tmp/x.db'",
                                                   "SELECT load_extension('x')", "PRAGMA writable_schema=1"])))
def test_any_sql_text_is_an_observation_and_changes_nothing(sql_env, sql: str) -> None:
    env, db, before = sql_env
    for observation in (env.query(sql=sql), env.describe_table(table=sql)):
        assert observation.encode("utf-8") and len(observation.encode("utf-8")) <= env.budget.observation_bytes
    assert sha(db) == before and not Path("/tmp/x.db").exists()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(TOOL_TEXT, st.sampled_from(["raise ValueError(chr(0xd800))", "print(chr(0xdfff) * 3)",
                                             "print('\\x00' * 10)", "import os\nos.fork()",
                                             "open('/tmp/x', 'w')", "x = 1\x00"])))
def test_any_python_cell_is_an_observation_and_leaves_nothing(code: str) -> None:
    folders, kids = sandbox_folders(), children()
    env = tabbench.get_environment("python", budget=Budget(call_seconds=10, tool_seconds=30))
    env.reset(example=demo_example("demo-tablebench"))
    observation = env._call("run_python", {"code": code})
    assert observation.encode("utf-8") and len(env.stats.calls) == 1
    assert sandbox_folders() <= folders and children() <= kids
