"""``transformers serve`` on a free loopback port, offline, on the CPU: the real OpenAI-compatible server the
openai backend's tests and benchmarks talk to (no fake server). ``start`` returns once ``/health`` answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.request import urlopen

DEPENDENCIES = ("fastapi", "uvicorn", "openai", "transformers", "torch")  # the `serve` extra


class ServeError(RuntimeError):
    """The server exited or did not answer in time (the message holds the end of its log)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(model: Path, root: Path, args: Sequence[str] = (), wait: float = 90) -> tuple[subprocess.Popen, str]:
    """``transformers serve MODEL [ARGS]`` with its log in ``root/serve.log``; returns the process and the base URL
    (``http://127.0.0.1:PORT/v1``). ``ServeError`` when it exits or does not answer within ``wait`` seconds."""
    port = free_port()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HOME": str(root / "hf"),
           "CUDA_VISIBLE_DEVICES": ""}
    log_path = root / "serve.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-c", "import sys; from transformers.cli.transformers import main; sys.exit(main())",
             "serve", str(model), "--host", "127.0.0.1", "--port", str(port), "--device", "cpu", *args],
            stdout=log, stderr=subprocess.STDOUT, env=env,
        )
    deadline = time.monotonic() + wait
    while True:
        if proc.poll() is not None:
            raise ServeError(f"transformers serve exited with {proc.returncode}: {log_path.read_text()[-800:]}")
        try:
            with urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as resp:
                if resp.status == 200:
                    return proc, f"http://127.0.0.1:{port}/v1"
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop(proc)
            raise ServeError(f"transformers serve did not answer within {wait:g} s: {log_path.read_text()[-800:]}")
        time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
