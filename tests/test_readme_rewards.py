"""The README's Rewards snippet runs as written on a CPU (a tiny offline model) and logs what it promises."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
pytestmark = pytest.mark.usefixtures("private_gold_cache")


def rewards_snippet() -> str:
    section = README.read_text(encoding="utf-8").split("### Rewards", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Rewards section has one python block"
    return blocks[0]


@pytest.mark.slow
def test_readme_rewards_snippet_runs_as_written(tmp_path, monkeypatch):
    pytest.importorskip("trl")
    from tabbench_demo.tinymodel import build_tiny_model

    monkeypatch.chdir(tmp_path)
    build_tiny_model("models/tiny")
    namespace: dict = {}
    exec(compile(rewards_snippet(), str(README), "exec"), namespace)  # the README's own code
    trainer, rewards = namespace["trainer"], namespace["rewards"]
    logged = {key: value for entry in trainer.state.log_history for key, value in entry.items()}
    for function in rewards:
        occurred = set(function.status_counts)
        assert occurred and sum(function.status_counts.values()) == 2  # one step: 1 prompt x 2 generations
        prefix = f"{function.__name__}/status_count/"
        counts = {k.removeprefix(prefix): v for k, v in logged.items() if k.startswith(prefix)}
        rates = {k.rsplit("/", 1)[1] for k in logged if k.startswith(f"{function.__name__}/status/")}
        assert counts == dict(function.status_counts)  # counts reach log_history, only statuses that occurred
        assert rates == occurred
