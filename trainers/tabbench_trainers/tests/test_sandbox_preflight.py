"""Training that will run model-written code stops before the model loads on a machine without bubblewrap.

The model folder holds only empty ``config.json`` and ``tokenizer_config.json`` files: a run that got as far as
loading it would fail with another message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TABLE = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}


def _train(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABBENCH_BWRAP": str(tmp_path / "no-bwrap"), "TABBENCH_CACHE_DIR": str(tmp_path / "c")}
    (tmp_path / "empty-model").mkdir()
    for name in ("config.json", "tokenizer_config.json"):
        (tmp_path / "empty-model" / name).write_text("{}", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tabbench", "train", *args, "--model", str(tmp_path / "empty-model"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, env=env, timeout=300)


def _one_line_refusal(done: subprocess.CompletedProcess[str], who: str) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith(f"Error: {who} runs model-written code: cannot run model-written code safely here")
    assert "bubblewrap (bwrap) is not installed" in lines[0] and "--unsafe-sandbox" in lines[0]


@pytest.mark.parametrize("trainer", [["grpo", "--max-steps", "1"], ["tao", "--rounds", "1"]])
def test_a_reward_that_runs_programs_refuses_before_loading(tmp_path: Path, trainer: list[str]) -> None:
    row = {"id": "p1", "qtype": "NumericalReasoning", "qsubtype": "Aggregation", "table": TABLE, "question": "sum?",
           "answer": "60", "instruction_type": "PoT", "instruction": "Answer."}
    (tmp_path / "TableBench_PoT.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    done = _train(tmp_path, *trainer, "--benchmark", "tablebench", "--data", f"tablebench={tmp_path}",
                  "--split", "test", "-o", "instruction_type=PoT")
    _one_line_refusal(done, "reward 'rouge-l'")  # the primary metric's reward reads PoT answers
    assert not (tmp_path / "out").exists()


def test_grpo_with_the_python_environment_refuses_before_loading(tmp_path: Path) -> None:
    done = _train(tmp_path, "grpo", "--benchmark", "demo-tablebench", "--env", "python", "--limit", "2",
                  "--max-steps", "1")
    _one_line_refusal(done, "environment 'python'")
