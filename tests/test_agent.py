"""The host's agent loop helpers: the SkyRL-style tag protocol and the choice of protocol."""

from __future__ import annotations

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
