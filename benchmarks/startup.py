"""Start-up cost: ``tabbench --help`` and ``import tabbench`` against ``python -c "import click"``.

Target (issue 11): ``tabbench --help`` within 1.5x of importing click. Each command runs as a fresh process,
the contenders alternate (so background load hits both alike), and the minimum and median of each are
printed. Commands run as an installed tabbench runs: with bytecode caches (``PYTHONDONTWRITEBYTECODE`` is
removed from their environment, and one warm-up run writes the caches). Usage:
``python benchmarks/startup.py [--runs 30]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    python = sys.executable
    tabbench = shutil.which("tabbench", path=str(Path(python).parent)) or shutil.which("tabbench")
    if tabbench is None:
        sys.exit("tabbench is not installed in this environment")
    contenders = {
        'python -c "import click"': [python, "-c", "import click"],
        'python -c "import tabbench"': [python, "-c", "import tabbench"],
        "tabbench --help": [tabbench, "--help"],
    }
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    for command in contenders.values():  # warm-up: bytecode caches written, files in the page cache
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.runs):
        for name, command in contenders.items():
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
            times[name].append(time.perf_counter() - start)
    base_min, base_med = min(times['python -c "import click"']), statistics.median(times['python -c "import click"'])
    print(f"{'command':30s} {'min ms':>8s} {'median ms':>10s} {'x click (min)':>14s} {'x click (median)':>17s}")
    for name, values in times.items():
        low, mid = min(values), statistics.median(values)
        print(f"{name:30s} {low * 1e3:8.1f} {mid * 1e3:10.1f} {low / base_min:14.2f} {mid / base_med:17.2f}")


if __name__ == "__main__":
    main()
