"""Where a board's files go (``tabbench.reporting.boards.paths``): an output folder under a file is one line
naming the option and the path, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bird_demo import BIRD
from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished two-example run of the gold backend on BIRD dev (the demo data)."""
    from click.testing import CliRunner

    from tabbench.cli import build_cli

    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")
    out = tmp_path_factory.mktemp("runs") / "gold"
    result = CliRunner().invoke(build_cli(), ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}",
                                              "--split", "dev", "--limit", "2", "--out", str(out), "--no-progress",
                                              "--no-cache"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("where", ["--out {afile}/board.md", "--out {afile}/sub/board.md", "--plots {afile}/plots"])
def test_build_output_under_a_file(cli_runner, run_dir: Path, afile: Path, tmp_path: Path, where: str) -> None:
    option, path = where.format(afile=afile).split()
    args = ["leaderboard", "build", str(run_dir), "--out", str(tmp_path / "board.md"), option, path]
    one_line_error(cli_runner(args), f"{option} {path}", "a file is in the way")
    assert afile.read_text() == "not a folder\n" and not (tmp_path / "board.md").exists()


def test_plot_rewards_under_a_file(cli_runner, tmp_path: Path, afile: Path) -> None:
    pytest.importorskip("matplotlib")
    source = tmp_path / "trainer_state.json"
    source.write_text('{"log_history": [{"step": 1, "reward": 0.5}, {"step": 2, "reward": 0.7}]}')
    one_line_error(cli_runner(["leaderboard", "plot-rewards", str(source), "--out", str(afile / "r.png")]),
                   str(afile / "r.png"), "a file is in the way")
