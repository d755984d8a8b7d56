"""The leaderboard's paired reader (``tabbench.reporting.paired.item_verdicts``, for ``leaderboard --pair``) of a
hostile run folder: it reads nothing outside the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabbench.contract.errors import TabbenchError
from tabbench.reporting.paired import item_verdicts
from tests.run_edits import BENCH, copy_run, symlinked_samples_file


def test_the_leaderboards_paired_reader_is_confined_too(shard_runs, tmp_path: Path) -> None:
    run = copy_run(shard_runs, "a", tmp_path)
    symlinked_samples_file(run, shard_runs["secret"])
    with pytest.raises(TabbenchError, match="leads outside the run folder"):
        item_verdicts(run, BENCH)
    with pytest.raises(TabbenchError, match="cannot name a file"):
        item_verdicts(run, "../outside/secret")
