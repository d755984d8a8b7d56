"""A board's file read back (``tabbench.reporting.boards.files``) by ``leaderboard check``: whatever is at the
path given, anything but a tabbench board is one line naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.mark.parametrize("first_line", [
    b"# my notes",
    b"\xff\xfe binary",
    b'<!-- tabbench-leaderboard {"format": 1 -->',
    b'<!-- tabbench-leaderboard [] -->',
    b'<!-- tabbench-leaderboard {"format": 1, "runs": [{"path": 5}]} -->',
    b"<!-- tabbench-leaderboard " + b"[" * 100_000 + b"]" * 100_000 + b" -->",
])
def test_check_not_a_board(cli_runner, tmp_path: Path, first_line: bytes) -> None:
    board = tmp_path / "notes.md"
    board.write_bytes(first_line + b"\n# x\n")
    one_line_error(cli_runner(["leaderboard", "check", str(board)]), str(board))


def test_check_missing_board(cli_runner, tmp_path: Path) -> None:
    one_line_error(cli_runner(["leaderboard", "check", str(tmp_path / "none.md")]), str(tmp_path / "none.md"))
