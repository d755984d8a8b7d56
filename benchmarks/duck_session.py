"""DuckSession cost on a small table: session start (child process, load, lock) and per-query round trip.

Run: ``python benchmarks/duck_session.py [queries]``; prints seconds per start and milliseconds per query.
"""

from __future__ import annotations

import sys
import time

import pandas as pd

from tabbench.sql import DuckSession, Limits


def main(queries: int = 500) -> None:
    frame = pd.DataFrame({"a": range(100), "b": [f"row {i}" for i in range(100)]})
    limits = Limits(timeout=5, memory_mb=256)
    starts = []
    for _ in range(3):
        start = time.perf_counter()
        session = DuckSession(tables={"t": frame}, limits=limits)
        starts.append(time.perf_counter() - start)
        session.close()
    with DuckSession(tables={"t": frame}, limits=limits) as session:
        session.execute("SELECT 1")
        start = time.perf_counter()
        for i in range(queries):
            assert session.execute(f"SELECT a, b FROM t WHERE a < {i % 10}").ok
        per_query = (time.perf_counter() - start) / queries
    print(f"session start: {min(starts):.3f} s (best of 3; first {starts[0]:.3f} s)")
    print(f"per query: {per_query * 1000:.2f} ms ({queries} queries, 100-row table)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
