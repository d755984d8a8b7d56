"""What a refused input looks like to the user: one line, no traceback (the project's rule for bad input)."""

from __future__ import annotations

import subprocess
from typing import Any


def one_line_error(result: Any, *names: str) -> str:
    """The single ``Error:`` line of a user error (exit 2), which must contain each of ``names``; ``result`` is a
    ``cli_runner`` result or a finished ``tabbench`` subprocess (``tests.cli_run``)."""
    code = result.returncode if isinstance(result, subprocess.CompletedProcess) else result.exit_code
    assert code == 2, result.stderr if isinstance(result, subprocess.CompletedProcess) else result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for name in names:
        assert name in lines[0], lines[0]
    return lines[0]


def one_line_failure(done: subprocess.CompletedProcess[str], *says: str) -> str:
    """The command failed (any non-zero exit) with one line and no traceback, holding every one of ``says``."""
    err = done.stderr.strip()
    assert done.returncode != 0 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert all(s in err for s in says), err
    return err
