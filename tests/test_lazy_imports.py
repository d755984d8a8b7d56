"""Listing and help never import the heavy libraries, and the core install never imports the packages of the
adapters to other stacks (extras ``openenv``, ``verifiers``, ``inspect``): checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ["torch", "transformers", "trl", "vllm", "peft", "accelerate", "datasets", "pandas", "matplotlib"]
#: The packages of the ``openenv``, ``verifiers`` and ``inspect`` extras (and the server stack they bring).
ADAPTERS = ["openenv", "verifiers", "inspect_ai", "fastapi", "uvicorn", "gradio", "fastmcp"]

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
     ["models", "list", "--json"], ["trainers", "list", "--json"], ["suites", "list", "--json"], ["train", "--help"],
     ["serve-env", "--help"]],
    ids=lambda a: " ".join(a),
)
def test_no_heavy_imports(args):
    code = PROBE.format(args=args, heavy=HEAVY + ADAPTERS)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    marker = [line for line in result.stderr.splitlines() if line.startswith("HEAVY=")]
    assert marker, result.stderr
    assert json.loads(marker[-1][len("HEAVY="):]) == []


CORE = """
import json, sys
import tabbench, tabbench.adapters, tabbench.training, tabbench.integrations
from tabbench.training import Grader, grader_for
grader = grader_for("demo-bird")
example = next(iter(grader.benchmark.examples("test")))
grader.grade([example], [example.gold])
print("LOADED=" + json.dumps(sorted(m for m in {adapters!r} if m in sys.modules)), file=sys.stderr)
"""


def test_the_core_install_imports_no_adapter_package() -> None:
    """The library (the grader under every adapter included) runs without the extras' packages: it imports none."""
    result = subprocess.run([sys.executable, "-c", CORE.format(adapters=ADAPTERS)], capture_output=True, text=True,
                            timeout=120)
    marker = [line for line in result.stderr.splitlines() if line.startswith("LOADED=")]
    assert marker, result.stderr
    assert json.loads(marker[-1][len("LOADED="):]) == []


def test_serve_env_without_openenv_says_which_extra_to_install() -> None:
    """Where the ``openenv`` extra is not installed, ``serve-env`` is a one-line error naming it (exit 2)."""
    code = ("import sys\nsys.modules['openenv'] = None\nfrom tabbench.cli import main\n"
            "main(['serve-env', 'demo-bird', '--port', '0'])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == ["Error: serve-env needs OpenEnv: pip install 'tabbench[openenv]'"]
