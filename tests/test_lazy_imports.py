"""Listing and help never import the heavy libraries (checked in a fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ["torch", "transformers", "trl", "vllm", "peft", "accelerate", "datasets", "pandas", "matplotlib"]

PROBE = """
import json, sys
from tabbench.cli import main
try:
    main({args!r})
except SystemExit:
    pass
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [["--help"], ["plugins", "--json"], ["benchmarks", "list", "--json"], ["rewards", "list", "--json"],
     ["models", "list", "--json"], ["trainers", "list", "--json"], ["suites", "list", "--json"], ["train", "--help"]],
    ids=lambda a: " ".join(a),
)
def test_no_heavy_imports(args):
    code = PROBE.format(args=args, heavy=HEAVY)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    marker = [line for line in result.stderr.splitlines() if line.startswith("HEAVY=")]
    assert marker, result.stderr
    assert json.loads(marker[-1][len("HEAVY="):]) == []
