"""``tabbench serve-env`` as a user runs it, for the OpenEnv tests: a server subprocess on a free port, its URL, and
the OpenEnv client's sessions on it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def serving(*args: str, env: dict[str, str] | None = None, timeout: float = 120.0) -> Iterator[str]:
    """Start ``tabbench serve-env ARGS --port 0``; yield its URL once it listens; stop it after."""
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "serve-env", *args, "--port", "0"],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=env or {**os.environ, "TABBENCH_WORKERS": "1"})
    timer = threading.Timer(timeout, process.kill)  # a server that never says where it listens is stopped
    timer.start()
    assert process.stderr is not None
    first = process.stderr.readline()
    timer.cancel()
    rest: list[str] = []
    drain = threading.Thread(target=lambda: rest.extend(process.stderr), daemon=True)  # type: ignore[arg-type]
    drain.start()
    try:
        found = re.search(r"at (http://[\d.]+:\d+) ", first)
        assert found, first + "".join(rest)
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=60)
        drain.join(timeout=10)
