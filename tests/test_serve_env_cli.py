"""``tabbench serve-env``'s mistakes are one line (exit 2) before any port opens, and the options are spelled as in
``tabbench eval --env`` and ``tabbench train``."""

from __future__ import annotations

import pytest

from tests.one_line import one_line_error

pytest.importorskip("openenv")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["serve-env", "nosuch"], ["nosuch"]),
        (["serve-env", "demo-tablebench", "--env", "sql"], ["--env sql", "demo-tablebench"]),
        (["serve-env", "demo-bird", "--env", "nosuch"], ["nosuch"]),
        (["serve-env", "demo-bird", "--reward", "nosuch"], ["nosuch"]),
        (["serve-env", "demo-bird", "--reward", "bird-ex:x"], ["--reward", "finite number"]),
        (["serve-env", "demo-bird", "--reward-option", "sqlr1:timeout=1"], ["'sqlr1' is not one of"]),
        (["serve-env", "demo-bird", "--max-turns", "3"], ["--max-turns", "--env"]),
        (["serve-env", "demo-bird", "-e", "max_rows=3"], ["--env-option", "--env"]),
        (["serve-env", "demo-bird", "--env", "sql", "-e", "nosuch=1"], ["nosuch"]),
        (["serve-env", "demo-bird", "-o", "nosuch=1"], ["nosuch"]),
        (["serve-env", "demo-bird", "--split", "nosuch"], ["nosuch"]),
        (["serve-env", "demo-bird", "--few-shot", "65"], ["--few-shot", "65"]),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) and value[0] == "serve-env" else None,
)
def test_a_mistake_is_one_line_before_serving(cli_runner, args: list[str], names: list[str]) -> None:
    one_line_error(cli_runner([*args, "--port", "0"]), *names)


def test_a_port_in_use_is_one_line(cli_runner) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        one_line_error(cli_runner(["serve-env", "demo-bird", "--port", str(port)]), "--port", str(port))


def test_the_served_prompts_are_evals_with_the_same_prompt_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--system-prompt`` and ``--few-shot`` on serve-env (and in ``$TABBENCH_SERVE_ENV``): each question's messages
    are those ``tabbench eval`` sends with the same options."""
    from tabbench import PromptOptions
    from tabbench.cli.serve_env import _app_from_environment, build
    from tabbench.evaluation.plan import plan
    from tabbench.evaluation.selection import Selection

    options = PromptOptions("Only SQL. {system}", few_shot=2, few_shot_seed=3)
    planned = plan(Selection(benchmarks=("demo-bird",), limit=4, prompt=options))["demo-bird"]
    catalogue, _ = build("demo-bird", (), None, 4, (), (), (), None, 6, (), 8, None, prompt=options,
                         tool_seconds=30.0, call_seconds=10.0, observation_bytes=2000, total_observation_bytes=16000)
    assert [catalogue.messages(e) for e in catalogue.examples] == [planned.messages(e) for e in planned.examples]
    monkeypatch.setenv("TABBENCH_SERVE_ENV", "demo-bird --limit 4 --few-shot 2 --few-shot-seed 3 "
                                             "--system-prompt 'Only SQL. {system}'")
    assert _app_from_environment() is not None
