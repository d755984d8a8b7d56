"""The environment contract, the sql and python environments, the agent loop and the hostile trajectory corpus."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import tabbench
from tabbench import Budget, score_batch
from tabbench.testing import EnvironmentContract


def demo_example(benchmark: str = "demo-bird", split: str | None = None) -> tabbench.Example:
    bench = tabbench.get_benchmark(benchmark)
    return next(iter(bench.examples(split)))


def sha(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_environments_list_shows_sql_and_python(cli_runner) -> None:
    result = cli_runner(["environments", "list", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.output)}
    assert {"sql", "python"} <= set(rows)
    assert rows["sql"]["tools"] == "list_tables, describe_table, query" and rows["sql"]["answer"] == "sql"


def test_sql_tools_describe_and_query_compactly() -> None:
    example = demo_example()
    env = tabbench.get_environment("sql")
    assert "query" in env.reset(example=example)
    assert "customers" in env.list_tables().splitlines()
    described = env.describe_table(table="customers")
    assert described.startswith("CREATE TABLE customers") and "(3 rows)" in described
    out = env.query(sql=example.gold)
    assert out.endswith("(1 rows)") and not out.startswith("error:")
    assert [c.name for c in env.stats.calls] == ["list_tables", "describe_table", "query"]
    assert env.stats.errors == 0


def test_tool_schemas_follow_the_docstrings() -> None:
    env = tabbench.get_environment("sql")
    schemas = {s["function"]["name"]: s["function"] for s in tabbench.tool_schemas(env)}
    assert schemas["query"]["parameters"]["required"] == ["sql"]
    assert schemas["query"]["parameters"]["properties"]["sql"]["type"] == "string"
    assert schemas["describe_table"]["description"].startswith("Show a table's columns")


@pytest.mark.parametrize(("name", "arguments", "expected"), [
    ("query", {"sql": "DELETE FROM customers"}, "forbidden"),
    ("query", {"sql": "SELECT 1; DROP TABLE customers"}, "error:"),
    ("query", {"sql": "ATTACH DATABASE '/tmp/x.db' AS x"}, "forbidden"),
    ("query", {"sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"},
     "timeout"),
    ("drop_everything", {}, "unknown tool"),
    ("query", "{not json", "not JSON"),
    ("query", {"sequel": "SELECT 1"}, "bad arguments"),
    ("query", ["SELECT 1"], "JSON object"),
    ("describe_table", {"table": "x" * 10000}, "no table"),
])
def test_hostile_calls_cost_only_an_error_observation(name, arguments, expected) -> None:
    example = demo_example()
    db = example.fields["db_path"]
    before = sha(db)
    env = tabbench.get_environment("sql", budget=Budget(call_seconds=1.0, tool_seconds=60.0))
    env.reset(example=example)
    observation = env._call(name, arguments)
    assert observation.startswith("error:") and expected in observation
    assert env.stats.errors == 1 and len(env.stats.calls) == 1
    assert sha(db) == before
    assert not env.query(sql=example.gold).startswith("error:")  # the rollout goes on


def test_flooding_observations_are_capped_per_call_and_per_rollout() -> None:
    env = tabbench.get_environment("sql", budget=Budget(observation_bytes=300, total_observation_bytes=700),
                                   max_rows=1000)
    env.reset(example=demo_example())
    flood = "SELECT a.*, b.* FROM customers a, customers b"
    outputs = [env.query(sql=flood) for _ in range(4)]
    assert all(len(o.encode()) <= 300 for o in outputs)
    assert "more bytes cut" in outputs[0]
    assert outputs[-1].startswith("error: observation budget spent")
    assert env.stats.observation_bytes <= 700 + 200


def test_turn_and_time_budgets_end_a_looping_rollout() -> None:
    env = tabbench.get_environment("sql", budget=Budget(max_turns=3))
    env.reset(example=demo_example())
    outputs = [env.list_tables() for _ in range(5)]
    assert [o.startswith("error: turn budget") for o in outputs] == [False, False, False, True, True]
    slow = tabbench.get_environment("sql", budget=Budget(call_seconds=0.3, tool_seconds=0.5), max_steps=None)
    slow.reset(example=demo_example())
    hang = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    results = [slow.query(sql=hang) for _ in range(4)]
    spent = [r.startswith("error: tool time budget spent") for r in results]
    # the first call may run 0.3 s, the second what is left of 0.5 s; after them the budget is spent
    assert spent[2:] == [True, True] and not spent[0]
    ran = [call.observation for call, refused in zip(slow.stats.calls, spent, strict=True) if not refused]
    assert all(observation.startswith("error: timeout") for observation in ran), ran


def test_unknown_environment_option_is_a_config_error() -> None:
    with pytest.raises(tabbench.ConfigError, match="unknown option 'rows'"):
        tabbench.get_environment("sql", rows=3)


@pytest.mark.parametrize(("text", "name", "arguments"), [
    ('<tool_call>\n{"name": "query", "arguments": {"sql": "SELECT 1"}}\n</tool_call>', "query", {"sql": "SELECT 1"}),
    ('{"name": "query", "parameters": {"sql": "SELECT 1"}}', "query", {"sql": "SELECT 1"}),
    ('[TOOL_CALLS] [{"name": "list_tables", "arguments": {}}]', "list_tables", {}),
    ('<tool_call>{"name": "query", "arguments": {"sql": </tool_call>', "query",
     '{"name": "query", "arguments": {"sql":'),
])
def test_tool_calls_are_parsed_per_family(text, name, arguments) -> None:
    message = tabbench.parse_tool_calls(text)
    function = message["tool_calls"][0]["function"]
    assert function["name"] == name and function["arguments"] == arguments


def test_reference_trajectory_describes_then_queries_then_answers() -> None:
    example = demo_example()
    env = tabbench.get_environment("sql")
    first, messages = tabbench.reference_trajectory(env, example, example.gold)
    assert "query" in first
    calls = [m["tool_calls"][0]["function"]["name"] for m in messages if m.get("tool_calls")]
    assert calls[-1] == "query" and calls[:-1] and set(calls[:-1]) == {"describe_table"}
    assert messages[-1] == {"role": "assistant", "content": example.gold}
    assert [m["role"] for m in messages].count("tool") == len(calls) and env.stats.errors == 0


@pytest.mark.slow  # many sandboxed pandas programs
def test_python_keeps_state_across_turns_and_refuses_escapes() -> None:
    example = demo_example("demo-tablebench")
    env = tabbench.get_environment("python", budget=Budget(call_seconds=20, tool_seconds=60))
    assert "DataFrame `df`" in env.reset(example=example)
    assert env.run_python(code="n = len(df)\nprint(list(df.columns))").startswith("[")
    assert env.run_python(code="print(n * 2)").strip().isdigit()
    assert "forbidden" in env.run_python(code="import os\nos.system('touch /tmp/pwned')")
    assert env.run_python(code="raise ValueError('boom')").startswith("error:")
    assert env.run_python(code="print(n)").strip().isdigit()  # failed cells are not replayed
    assert env.stats.errors == 2


@pytest.mark.slow  # many sandboxed pandas programs
def test_a_hanging_cell_costs_its_call_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cell that never ends is stopped at the per-call limit and charged to the rollout; the next cell gets
    only what the rollout has left. (The sandbox's time limits are what is asserted, not the clock.)"""
    import tabbench.sandbox

    limits: list[float] = []
    run_python = tabbench.sandbox.run_python

    def recording(*args, **kwargs):
        limits.append(kwargs["timeout_s"])
        return run_python(*args, **kwargs)

    monkeypatch.setattr(tabbench.sandbox, "run_python", recording)
    example = demo_example("demo-tablebench")
    env = tabbench.get_environment("python", budget=Budget(call_seconds=3, tool_seconds=4))
    env.reset(example=example)
    out = env.run_python(code="while True:\n    pass")
    assert out.startswith("error: timeout") and limits == [3]  # the call budget, not the rollout's 4 s
    spent = env.stats.tool_seconds
    assert spent >= 3  # the hang was charged
    second = env.run_python(code="print(1)")
    if spent >= 4:  # a loaded machine took the whole budget: the cell is refused without running
        assert second.startswith("error: tool time budget spent") and limits == [3]
    else:  # it runs with what is left, never a fresh call budget
        assert limits == [3, pytest.approx(max(0.05, 4 - spent), abs=1e-6)]


def test_tool_errors_reward_counts_failed_calls() -> None:
    reward = tabbench.get_reward("tool-errors", penalty=0.25)
    example = demo_example()
    transcript = [{"role": "assistant", "content": "", "tool_calls": []},
                  {"role": "tool", "name": "query", "content": "error: forbidden"},
                  {"role": "tool", "name": "query", "content": "x\n1\n(1 rows)"},
                  {"role": "tool", "name": "nope", "content": "{'error': 'Tool nope not found.'}"}]
    score = score_batch(reward, [(example, json.dumps(transcript))])[0]
    assert score.value == -0.5 and score.status == tabbench.Status.EXEC_ERROR
    assert score_batch(reward, [(example, "SELECT 1")])[0].status == tabbench.Status.NOT_APPLICABLE


def test_eval_env_with_the_gold_backend_scores_every_reference(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "gold"
    result = cli_runner(["eval", "--model", "gold", "--suite", "demo-bird", "--env", "sql", "--max-turns", "4",
                         "--limit", "6", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    results = json.loads((out / "results.json").read_text())
    bench = results["benchmarks"]["demo-bird"]
    assert bench["primary_metric"]["value"] == 1.0
    stats = bench["extensions"]["environment"]
    assert stats["protocol"] == "tools" and stats["tool_error_rate"] == 0.0 and stats["turn_limit_rate"] == 0.0
    assert stats["mean_turns"] >= 2
    records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    transcript = records[0]["transcript"]
    assert transcript["stop"] == "answer" and transcript["messages"][-1]["content"] == records[0]["completions"][0]
    assert any(m["role"] == "tool" for m in transcript["messages"])


def test_eval_env_budget_options_reach_the_environment(cli_runner, tmp_path: Path) -> None:
    """``--observation-bytes`` cuts each observation the model sees; ``--total-observation-bytes`` refuses the
    calls after the rollout's observations reached it; the budget is recorded with the environment settings."""

    def run(name: str, *budget: str) -> tuple[dict, list[list[str]]]:
        out = tmp_path / name
        result = cli_runner(["eval", "--model", "gold", "--suite", "demo-bird", "--env", "sql", "--limit", "2",
                             *budget, "--out", str(out), "--no-progress"])
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
        return (json.loads((out / "results.json").read_text())["config"]["environment"]["budget"],
                [[m["content"] for m in r["transcript"]["messages"] if m["role"] == "tool"] for r in records])

    budget, rollouts = run("per-call", "--observation-bytes", "120", "--tool-seconds", "20")
    assert budget == {"max_turns": 6, "tool_seconds": 20.0, "call_seconds": 10.0, "observation_bytes": 120,
                      "total_observation_bytes": 16000}
    for calls in rollouts:  # the table description (over 200 bytes) is cut, the query's result is whole
        assert len(calls) == 2 and len(calls[0].encode()) == 120 and calls[0].endswith("bytes cut]"), calls
        assert calls[1].endswith("rows)") and not calls[1].startswith("error:"), calls
    budget, rollouts = run("total", "--total-observation-bytes", "100")
    assert budget["total_observation_bytes"] == 100 and budget["observation_bytes"] == 2000
    for calls in rollouts:  # the first observation fills the rollout's 100 bytes; the query is refused
        assert len(calls[0].encode()) == 100 and calls[1] == "error: observation budget spent (100 bytes)", calls


def test_eval_budget_options_need_env(cli_runner, tmp_path: Path) -> None:
    result = cli_runner(["eval", "--model", "gold", "--suite", "demo-bird", "--limit", "1", "--call-seconds", "2",
                         "--out", str(tmp_path / "run")])
    assert result.exit_code == 2 and result.output.strip() == "Error: --call-seconds needs --env NAME", result.output


def test_hostile_transcripts_cost_only_their_own_rollout(cli_runner, tmp_path: Path) -> None:
    """Replayed trajectories that write, hang, loop, flood, call unknown tools and send malformed arguments."""
    bench = tabbench.get_benchmark("demo-bird")
    examples = list(bench.examples("test"))[:2]
    hostile, good = examples
    db = hostile.fields["db_path"]
    before = sha(db)

    def call(name, arguments):
        return tabbench.parse_tool_calls(json.dumps({"name": name, "arguments": arguments}))

    hang = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT max(x) FROM c"
    attacks = [call("query", {"sql": "DROP TABLE customers"}), call("query", {"sql": hang}),
               call("query", {"sql": "SELECT a.*, b.*, c.* FROM customers a, customers b, customers c"}),
               call("rm_rf", {}), call("query", "{{{"), call("query", {"sql": 1, "extra": 2}),
               *[call("list_tables", {}) for _ in range(10)]]
    lines = [{"id": hostile.id, "transcript": {"messages": attacks}},
             {"id": good.id, "transcript": {"messages": [call("query", {"sql": good.gold}),
                                                          {"role": "assistant", "content": good.gold}]}}]
    predictions = tmp_path / "transcripts.jsonl"
    predictions.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", f"predictions:{predictions}", "--suite", "demo-bird", "--env", "sql",
                         "--limit", "2", "--max-turns", "12", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    records = {json.loads(line)["id"]: json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").open()}
    assert records[good.id]["score"] == 1.0 and records[good.id]["transcript"]["tool_errors"] == 0
    bad = records[hostile.id]["transcript"]
    assert bad["stop"] == "turn_limit" and bad["tool_calls"] == 12 and bad["tool_errors"] >= 5
    assert bad["tool_seconds"] < 40
    assert sha(db) == before


class TestSqlContract(EnvironmentContract):
    def make_environment(self, budget: Budget) -> tabbench.Environment:
        return tabbench.get_environment("sql", budget=budget)

    def examples(self) -> list[tabbench.Example]:
        return [demo_example(), demo_example("demo-spider")]


@pytest.mark.slow  # many sandboxed pandas programs (every hostile argument)
class TestPythonContract(EnvironmentContract):
    def make_environment(self, budget: Budget) -> tabbench.Environment:
        return tabbench.get_environment("python", budget=budget)

    def examples(self) -> list[tabbench.Example]:
        return [demo_example("demo-tablebench"), demo_example("demo-crtqa")]


class LookupEnvironment(tabbench.Environment):
    """The third-party example of docs/agents.md, verbatim."""

    name = "lookup"
    description = "look up facts by key; answer: text"
    answer = "text"
    tag_protocol = {"lookup": ("lookup", "key")}  # noqa: RUF012  (as in the docs)

    @classmethod
    def _accepts(cls, example: tabbench.Example) -> bool:
        return isinstance(example.fields.get("facts"), dict)

    def _setup(self, example: tabbench.Example) -> str | None:
        self._facts = example.fields["facts"]
        return "\n\nYou may call lookup(key) before you answer."

    @tabbench.tool
    def lookup(self, key: str) -> str:
        """Look up one fact.

        Args:
            key: The fact's key.

        Returns:
            The fact's value, or an error.
        """
        if key not in self._facts:
            return tabbench.tool_error(f"no fact {key[:80]!r}")
        return str(self._facts[key])

    def _reference_calls(self, example: tabbench.Example) -> list[tuple[str, dict]]:
        return []


class TestLookupContract(EnvironmentContract):
    def make_environment(self, budget: Budget) -> tabbench.Environment:
        return LookupEnvironment(budget=budget)

    def examples(self) -> list[tabbench.Example]:
        return [tabbench.Example(id="1", gold="4", fields={"facts": {"a": 4}})]


def test_the_documented_third_party_environment_works() -> None:
    env = LookupEnvironment()
    env.reset(example=tabbench.Example(id="1", gold="4", fields={"facts": {"a": 4}}))
    assert env.lookup(key="a") == "4" and env.lookup(key="b").startswith("error: no fact")
    assert tabbench.tool_schemas(env)[0]["function"]["parameters"]["required"] == ["key"]


def test_a_run_s_records_replay_through_the_predictions_backend(cli_runner, tmp_path: Path) -> None:
    first = tmp_path / "gold"
    args = ["--suite", "demo-bird", "--env", "sql", "--limit", "4", "--no-progress"]
    assert cli_runner(["eval", "--model", "gold", *args, "--out", str(first)]).exit_code == 0
    samples = first / "samples" / "demo-bird.jsonl"
    replay = tmp_path / "replay"
    result = cli_runner(["eval", "--model", f"predictions:{samples}", *args, "--out", str(replay)])
    assert result.exit_code == 0, result.output

    def transcripts(path: Path) -> dict:
        return {r["id"]: (r["score"], r["transcript"]["messages"])
                for r in map(json.loads, (path / "samples" / "demo-bird.jsonl").read_text().splitlines())}

    assert transcripts(replay) == transcripts(first)


@pytest.mark.slow  # many sandboxed pandas programs
def test_python_floods_and_writes_cost_only_an_error_or_a_cut_observation() -> None:
    example = demo_example("demo-tablebench")
    env = tabbench.get_environment("python", budget=Budget(observation_bytes=500, call_seconds=20, tool_seconds=60))
    env.reset(example=example)
    flood = env.run_python(code="print('x' * 10_000_000)")
    assert len(flood.encode()) <= 500 and "more bytes cut" in flood
    assert env.run_python(code="open('/tmp/tabbench-pwned', 'w').write('x')").startswith("error:")
    assert not Path("/tmp/tabbench-pwned").exists()
    assert env.run_python(code="print(len(df))").strip().isdigit()
