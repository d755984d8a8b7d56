"""Malformed input to ``leaderboard build|check``, ``rewards audit``, ``benchmarks list`` and
``models build-tiny``: one line naming the file, key or line, exit 2, nothing written.

BIRD runs on the BIRD-format demo data shipped in the repository.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_malformed_score_eval import BIRD, one_line_error

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


@pytest.fixture
def afile(tmp_path: Path) -> Path:
    path = tmp_path / "afile"
    path.write_text("not a folder\n")
    return path


# --- leaderboard ---------------------------------------------------------------------------------------------


def test_build_missing_run_is_named_as_given(cli_runner, tmp_path: Path) -> None:
    board = tmp_path / "new" / "board.md"
    line = one_line_error(cli_runner(["leaderboard", "build", "/nonexistent/run", "--out", str(board)]),
                          "/nonexistent/run: no results.json")
    assert "../" not in line
    assert not (tmp_path / "new").exists(), "nothing is written when a run is missing"


@pytest.mark.parametrize("where", ["--out {afile}/board.md", "--out {afile}/sub/board.md", "--plots {afile}/plots"])
def test_build_output_under_a_file(cli_runner, run_dir: Path, afile: Path, tmp_path: Path, where: str) -> None:
    option, path = where.format(afile=afile).split()
    args = ["leaderboard", "build", str(run_dir), "--out", str(tmp_path / "board.md"), option, path]
    one_line_error(cli_runner(args), f"{option} {path}", "a file is in the way")
    assert afile.read_text() == "not a folder\n" and not (tmp_path / "board.md").exists()


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


@pytest.mark.parametrize("log", [b'{"log_history": [', b'{"log_history": 5}', b"\xff\xfe", b"[]",
                                 b'{"log_history": [{"step": 1, "reward": "high"}]}'])
def test_plot_rewards_malformed_log(cli_runner, tmp_path: Path, log: bytes) -> None:
    pytest.importorskip("matplotlib")
    source = tmp_path / "trainer_state.json"
    source.write_bytes(log)
    result = cli_runner(["leaderboard", "plot-rewards", str(source), "--out", str(tmp_path / "r.png")])
    one_line_error(result, str(source))
    assert not (tmp_path / "r.png").exists()


def test_plot_rewards_under_a_file(cli_runner, tmp_path: Path, afile: Path) -> None:
    pytest.importorskip("matplotlib")
    source = tmp_path / "trainer_state.json"
    source.write_text('{"log_history": [{"step": 1, "reward": 0.5}, {"step": 2, "reward": 0.7}]}')
    one_line_error(cli_runner(["leaderboard", "plot-rewards", str(source), "--out", str(afile / "r.png")]),
                   str(afile / "r.png"), "a file is in the way")


# --- rewards audit ---------------------------------------------------------------------------------------------

AUDIT_CASES = {
    "unknown reward": (["nosuch-reward", "--benchmark", "bird"], ["unknown reward 'nosuch-reward'"]),
    "unknown reward option": (["bird-ex", "--benchmark", "bird", "--reward-option", "nosuch=1"], ["'nosuch'"]),
    "malformed reward option": (["bird-ex", "--benchmark", "bird", "--reward-option", "timeout"], ["timeout"]),
    "1e12 seconds": (["bird-ex", "--benchmark", "bird", "--reward-option", "timeout=1e12"], ["timeout"]),
    "missing data": (["bird-ex", "--benchmark", "bird", "--data", "bird=/nonexistent/bird"], ["/nonexistent/bird"]),
    "unknown split": (["bird-ex", "--benchmark", "bird", "--split", "nosuch"], ["'nosuch'"]),
    "threshold out of range": (["bird-ex", "--benchmark", "bird", "--threshold", "2"], ["--threshold"]),
    "nan threshold": (["bird-ex", "--benchmark", "bird", "--threshold", "nan"], ["--threshold", "finite"]),
}


@pytest.mark.parametrize("case", list(AUDIT_CASES))
def test_rewards_audit_malformed_input(cli_runner, case: str) -> None:
    args, names = AUDIT_CASES[case]
    data = [] if "--data" in args else ["--data", f"bird={BIRD}"]
    split = [] if "--split" in args else ["--split", "dev"]
    one_line_error(cli_runner(["rewards", "audit", *args, *data, *split, "--limit", "2"]), *names)


# --- benchmarks list -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [b"[data\nbird = 1\n", b"\xff\xfe[data]\n", b'data = "x"\n', None])
def test_benchmarks_list_with_a_broken_config_file(cli_runner, tmp_path: Path, content: bytes | None) -> None:
    config = tmp_path / "tabbench.toml"
    if content is not None:
        config.write_bytes(content)
    result = cli_runner(["benchmarks", "list", "--json"], env={"TABBENCH_CONFIG": str(config)})
    one_line_error(result, str(config))
    assert result.stdout == "", "no listing of every benchmark as an error"


# --- models build-tiny -----------------------------------------------------------------------------------------


def _build_tiny(cli_runner: Any, *args: str) -> Any:
    pytest.importorskip("tokenizers")
    return cli_runner(["models", "build-tiny", *args])


def test_build_tiny_under_a_file(cli_runner, afile: Path) -> None:
    one_line_error(_build_tiny(cli_runner, str(afile / "model")), str(afile / "model"), "not a writable folder")
    assert afile.read_text() == "not a folder\n"


def test_build_tiny_binary_corpus(cli_runner, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes(bytes(range(256)))
    one_line_error(_build_tiny(cli_runner, str(tmp_path / "model"), "--corpus", str(corpus)), str(corpus))
    assert not (tmp_path / "model").exists()


def test_build_tiny_into_a_non_empty_folder(cli_runner, tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    one_line_error(_build_tiny(cli_runner, str(tmp_path)), str(tmp_path), "not empty")
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_build_tiny_vocabulary_out_of_range(cli_runner, tmp_path: Path) -> None:
    one_line_error(_build_tiny(cli_runner, str(tmp_path / "m"), "--vocab-size", "1e12"), "--vocab-size")


# --- plugins new -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["bad name!"], ["ok-name", "--dir", "{afile}/x"], ["ok-name", "--dir", "{full}"]])
def test_plugins_new_malformed_input(cli_runner, tmp_path: Path, afile: Path, args: list[str]) -> None:
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    args = [a.format(afile=afile, full=full) for a in args]
    one_line_error(cli_runner(["plugins", "new", *args]), args[-1])
    assert (full / "keep.txt").read_text() == "mine" and afile.read_text() == "not a folder\n"
