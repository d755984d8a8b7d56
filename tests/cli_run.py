"""``tabbench`` as a user runs it: a subprocess of this interpreter, for tests that read its exit code and output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def tabbench(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabbench", *args], capture_output=True, text=True, env=env,
                          timeout=300)


def gold_run(out: Path, *args: str, env: dict[str, str]) -> Path:
    """``tabbench eval --model gold ARGS --out OUT``: a finished run of the references (the oracles backend)."""
    done = tabbench("eval", "--model", "gold", *args, "--out", str(out), "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    return out
