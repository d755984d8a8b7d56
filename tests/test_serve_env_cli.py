"""``tabbench serve-env``'s mistakes are one line (exit 2) before any port opens, and the options are spelled as in
``tabbench eval --env`` and ``tabbench train``."""

from __future__ import annotations

import pytest

from tests.test_malformed_score_eval import one_line_error

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
