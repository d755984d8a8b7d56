"""``tabbench`` as a user runs it: a subprocess of this interpreter, for tests that read its exit code and output."""

from __future__ import annotations

import subprocess
import sys


def tabbench(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabbench", *args], capture_output=True, text=True, env=env,
                          timeout=300)
