"""The host's agent loop helpers: the SkyRL-style tag protocol and the choice of protocol."""

from __future__ import annotations

from typing import ClassVar

import pytest

import tabbench
from tabbench.evaluation.agent import choose_protocol, parse_tags, tool_threads


def test_tag_protocol_reads_calls_and_solutions() -> None:
    env = tabbench.get_environment("sql")
    call = parse_tags(env, "think first <sql>SELECT 1</sql>")
    assert call["tool_calls"][0]["function"] == {"name": "query", "arguments": {"sql": "SELECT 1"}}
    answer = parse_tags(env, "done <solution>SELECT 2</solution>")
    assert answer["answer"] == "SELECT 2" and "tool_calls" not in answer
    assert parse_tags(env, "SELECT 3")["answer"] == "SELECT 3"
    assert "tool_calls" in parse_tags(env, "<sql>SELECT 4")  # cut at the stop string </sql>
    solved_first = parse_tags(env, "<solution>SELECT 5</solution> <sql>SELECT 6</sql>")
    assert solved_first["answer"] == "SELECT 5" and "tool_calls" not in solved_first


def test_protocol_choice() -> None:
    gold = tabbench.get_backend("gold", "")
    assert choose_protocol(gold, "auto") == "tools"
    assert choose_protocol(gold, "tags") == "tags"

    class TextOnly(tabbench.ModelBackend):
        name = "text-only"

        def generate(self, requests, params):
            return [[""] for _ in requests]

        def fingerprint(self):
            return {}

    assert choose_protocol(TextOnly(""), "auto") == "tags"
    with pytest.raises(tabbench.UsageError, match="cannot return tool calls"):
        choose_protocol(TextOnly(""), "tools")


@pytest.mark.parametrize(("args", "message"), [
    (["--env", "sql", "--samples", "2", "--vote", "execution"], "--env runs one rollout per example"),
    (["--max-turns", "2"], "--max-turns needs --env NAME"),
    (["--protocol", "tags", "-e", "rows=3"], "--protocol, --env-option need --env NAME"),
    (["--env", "sqll"], "unknown environment 'sqll'. Did you mean 'sql'?"),
    (["--env", "sql", "-e", "rows=3"], "unknown option 'rows'"),
])
def test_env_usage_errors_are_one_line(cli_runner, tmp_path, args, message) -> None:
    result = cli_runner(["eval", "--model", "gold", "--suite", "demo-bird", "--limit", "1", "--out",
                         str(tmp_path / "run"), *args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1


def test_tool_threads_are_one_per_rollout_at_most_one_per_sql_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """eval --env and train grpo --env size their tool-call threads alike: more than the SQL workers would queue."""
    from tabbench.contract.settings import Settings, use_settings

    with use_settings(Settings(workers=2)):
        assert (tool_threads(6), tool_threads(1), tool_threads(0)) == (2, 1, 1)
    with use_settings(Settings(workers=0)):  # SQL in this process: no pool to queue for
        assert tool_threads(6) == 6


# --- a conversation that outgrows the model's context: that rollout's record, the run goes on -----------------


class Squeezed(tabbench.ModelBackend):
    """Lists the tables first (10 prompt, 2 completion tokens), then answers the gold SQL (20 and 3); its second
    turn of the examples in ``refused`` no longer fits the context: refused as ``tabbench.prompt_too_long`` does.
    ``tools`` protocol through ``generate_turns``, ``tags`` through ``generations``."""

    name = "squeezed"
    cacheable = False
    refused: frozenset[str] = frozenset()
    too_long: ClassVar[dict[str, int]] = {"prompt_tokens": 300, "context_length": 256, "max_new_tokens": 8}

    def generate(self, requests, params):
        return tabbench.completions_of(self.name, requests, self.generations(requests, params))

    def _gold(self, example):
        return tabbench.get_benchmark("demo-bird").gold_completion(example)

    def generate_turns(self, requests, params):
        from tabbench.contract.toolcalls import call_message

        return [{**call_message("list_tables", {}), "usage": tabbench.Usage(10, 2)} if r.turn == 0
                else tabbench.prompt_too_long(self.too_long) if r.example.id in self.refused
                else {"role": "assistant", "content": self._gold(r.example), "usage": tabbench.Usage(20, 3)}
                for r in requests]

    def generations(self, requests, params):
        out = []
        for r in requests:
            turn = sum(m.get("role") == "assistant" for m in r.messages)
            if turn == 0:
                out.append(tabbench.Generation(["<sql>SELECT 1</sql>"], None, {}, tabbench.Usage(10, 2)))
            elif r.example.id in self.refused:
                out.append(tabbench.prompt_too_long(self.too_long))
            else:
                out.append(tabbench.Generation([f"<solution>{r.example.gold}</solution>"], None, {},
                                               tabbench.Usage(20, 3)))
        return out

    def fingerprint(self):
        return {"backend": self.name}


@pytest.mark.tabbench_plugins("demo", "environments", "sql-rewards", "bird")
@pytest.mark.parametrize("protocol", ["tools", "tags"])
def test_a_rollout_that_outgrows_the_context_is_its_own_record(isolated_host, tmp_path, protocol) -> None:
    import json
    import types

    from tabbench.evaluation.config import EnvironmentConfig, RunConfig
    from tabbench.evaluation.launch import launch

    bench = tabbench.get_benchmark("demo-bird")
    ids = [e.id for e in bench.examples(bench.default_split)][:4]
    backend = type("SqueezedHere", (Squeezed,), {"refused": frozenset({ids[2]})})
    plugin = types.ModuleType("squeezed_plugin")
    plugin.register_models = tabbench.hookimpl(lambda register: register("squeezed", backend))
    isolated_host.register(plugin, "squeezed")
    results = launch(RunConfig(backend="squeezed", benchmarks=("demo-bird",), limit=4, out=tmp_path / "run",
                               environment=EnvironmentConfig("sql", protocol),
                               generation=tabbench.GenerationParams(max_new_tokens=8)))
    block = results["benchmarks"]["demo-bird"]
    assert block["n"] == 4 and block["status_counts"] == {"match": 3, "prompt_too_long": 1}
    lines = (tmp_path / "run" / "samples" / "demo-bird.jsonl").read_text().splitlines()
    records = {r["id"]: r for r in map(json.loads, lines)}
    refused = records.pop(ids[2])
    assert refused["status"] == "prompt_too_long" and refused["score"] == 0.0 and refused["completions"] == []
    assert refused["generation"] == Squeezed.too_long
    transcript = refused["transcript"]  # the conversation so far: the first turn's call and what it returned
    assert transcript["stop"] == "prompt_too_long" and transcript["turns"] == 1 and transcript["tool_calls"] == 1
    assert [m["role"] for m in transcript["messages"]] == ["assistant", "tool" if protocol == "tools" else "user"]
    assert refused["usage"] == {"prompt_tokens": 10, "completion_tokens": 2}  # the turn it took
    assert all(r["usage"] == {"prompt_tokens": 30, "completion_tokens": 5} for r in records.values())  # two turns
    assert block["usage"] == {"prompt_tokens": 100, "completion_tokens": 17, "samples": 4}
