"""The OpenEnv examples of docs/integrations.md, run against ``tabbench serve-env``: the client block, and the worked
TRL example (two GRPO steps on CPU whose rewards come from the server's reward plugins)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.openenv_serving import serving

pytest.importorskip("openenv")
pytestmark = pytest.mark.slow  # starts servers, trains a tiny model

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "integrations.md"


def doc_blocks() -> list[str]:
    """The python blocks docs/integrations.md marks as covered by this test, in order."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.strip() == "<!-- docs-test: covered by tests/test_openenv_docs.py -->":
            assert lines[i + 1] == "```python", lines[i + 1]
            end = lines.index("```", i + 2)
            found.append("\n".join(lines[i + 2:end]) + "\n")
    assert len(found) == 2
    return found


def test_the_client_example(capsys: pytest.CaptureFixture[str]) -> None:
    client, _ = doc_blocks()
    with serving("demo-bird", "--env", "sql") as url:
        exec(compile(client.replace("http://127.0.0.1:8000", url), f"{DOC}:client", "exec"), {"__name__": "doc"})
    printed = capsys.readouterr().out.splitlines()
    assert "Question: Count the customers from 'Dublin'." in printed
    assert printed[-4:] == ["customers", "products", "orders", "1.0 match"]


def test_trl_trains_two_grpo_steps_through_the_openenv_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, example = doc_blocks()
    built = subprocess.run([sys.executable, "-m", "tabbench", "models", "build-tiny", str(tmp_path / "models" / "tiny"),
                            "--chat-template", "tools"], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "doc"}
    with serving("demo-bird", "--env", "sql") as url:
        exec(compile(example.replace("http://127.0.0.1:8000", url), f"{DOC}:trl", "exec"), namespace)
        trainer = namespace["trainer"]
        sessions = [session for pool in trainer._environment_pool.values() for session in pool]
        states = [session.env.state() for session in sessions]
    steps = [entry for entry in trainer.state.log_history if "rewards/tabbench_reward/mean" in entry]
    assert [entry["step"] for entry in steps] == [1, 2]
    # every rollout slot is a server session whose last question was answered and judged there
    assert sessions and all(state["answered"] and state["example_id"] is not None for state in states), states
    assert len({state["example_id"] for state in states}) == len(states)  # the server handed out distinct questions
