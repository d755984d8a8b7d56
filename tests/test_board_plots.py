"""A trainer's log history read for ``leaderboard plot-rewards`` (``tabbench.reporting.boards.plots``): a
malformed log is one line naming it, and no plot is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.mark.parametrize("log", [b'{"log_history": [', b'{"log_history": 5}', b"\xff\xfe", b"[]",
                                 b'{"log_history": [{"step": 1, "reward": "high"}]}'])
def test_plot_rewards_malformed_log(cli_runner, tmp_path: Path, log: bytes) -> None:
    pytest.importorskip("matplotlib")
    source = tmp_path / "trainer_state.json"
    source.write_bytes(log)
    result = cli_runner(["leaderboard", "plot-rewards", str(source), "--out", str(tmp_path / "r.png")])
    one_line_error(result, str(source))
    assert not (tmp_path / "r.png").exists()
