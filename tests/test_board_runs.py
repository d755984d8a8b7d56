"""The runs a board is built from (``tabbench.reporting.boards.runs``), as ``leaderboard build`` reads them:
a missing or corrupt run is one line naming it, and no board is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def test_build_missing_run_is_named_as_given(cli_runner, tmp_path: Path) -> None:
    board = tmp_path / "new" / "board.md"
    line = one_line_error(cli_runner(["leaderboard", "build", "/nonexistent/run", "--out", str(board)]),
                          "/nonexistent/run: no results.json")
    assert "../" not in line
    assert not (tmp_path / "new").exists(), "nothing is written when a run is missing"


@pytest.mark.parametrize("content", [
    b'{"benchmarks": ', b"\xff\xfe{}", b"[]", b"[" * 100_000 + b"]" * 100_000, b'{"benchmarks": {"bird": 5}}',
    b'{"benchmarks": {"bird": {"primary_metric": 5}}}', b'{"benchmarks": {}, "model": "gold"}',
])
def test_build_corrupt_results_names_the_file(cli_runner, tmp_path: Path, content: bytes) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "results.json").write_bytes(content)
    one_line_error(cli_runner(["leaderboard", "build", str(run), "--out", str(tmp_path / "b.md")]),
                   str(run / "results.json"))
    assert not (tmp_path / "b.md").exists()
