"""BIRD Mini-Dev scoring on real servers: tabbench against the official ``evaluation_ex.py`` server path.

Starts throwaway PostgreSQL and MariaDB servers with the demo BIRD databases (``tests/servers.py``; needs
``apt-get install postgresql mariadb-server`` and ``tabbench[servers]``), writes the demo questions in
Mini-Dev's server layout with an official-format predictions file (``server_fixtures.write_minidev``), then:

1. times ``tabbench score bird --split minidev -o dialect=D -o dsn=...`` as a subprocess, the path users
   run: a cold gold cache, then a warm one (gold results from the cache), with one worker and the default;
2. times upstream's path restated: a new connection per question as the administrator, prediction then gold
   on one cursor, set comparison (``evaluation_ex.py`` with ``--num_cpus 1``);
3. isolates the connection cost: N queries each on a new connection versus N on one reused connection;
4. prints how many per-sample verdicts agree.

    python benchmarks/sql_servers.py [--questions 500] [--dialects postgresql,mysql]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "plugins" / "tabbench_bird" / "tests")]

from server_fixtures import SEPARATOR, official_verdict, write_minidev  # noqa: E402

from tests import servers  # noqa: E402


def score(server: servers.Server, data: Path, predictions: Path, out: Path, cache: Path, workers: int | None) -> float:
    argv = [str(REPO / ".venv" / "bin" / "tabbench"), "score", "bird", "--data", f"bird={data}", "--split", "minidev",
            "-o", f"dialect={server.kind}", "-o", f"dsn={server.dsn}", "-o", "official=true",
            "--predictions", str(predictions), "--out", str(out)]
    if workers is not None:
        argv += ["--workers", str(workers)]
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(cache)}
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"tabbench score failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return took


def connection_cost(server: servers.Server, n: int) -> tuple[float, float]:
    """Seconds per query: a new connection each time (as upstream) versus tabbench's reused session."""
    from tabbench.sql import Limits
    from tabbench.sql.server import ServerExecutor

    start = time.perf_counter()
    for _ in range(n):
        conn = server.connect_admin()
        cursor = conn.cursor()
        cursor.execute("SELECT count(*) FROM customers")
        cursor.fetchall()
        conn.close()
    fresh = (time.perf_counter() - start) / n
    executor = ServerExecutor()
    executor.execute(server.dsn, "SELECT 1", Limits())
    start = time.perf_counter()
    for _ in range(n):
        executor.execute(server.dsn, "SELECT count(*) FROM customers", Limits())
    reused = (time.perf_counter() - start) / n
    executor.close()
    return fresh, reused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=500)
    parser.add_argument("--dialects", default="postgresql,mysql")
    args = parser.parse_args()
    start = time.perf_counter()
    started = {kind: (servers.postgres if kind == "postgresql" else servers.mariadb)()
               for kind in args.dialects.split(",")}
    print(f"servers started and demo data loaded in {time.perf_counter() - start:.1f} s (both, in parallel)")
    for kind, server in started.items():
        work = Path(tempfile.mkdtemp(prefix=f"tabbench-bench-{kind}-"))
        predictions = write_minidev(work / "data", kind, limit=args.questions)
        n = len(json.loads(predictions.read_text()))
        # best of two (the machine is shared); a cold run gets a fresh gold cache, a warm one reuses it
        cold = min(score(server, work / "data", predictions, work / f"cold{i}", work / f"cache{i}", None)
                   for i in range(2))
        warm = min(score(server, work / "data", predictions, work / f"warm{i}", work / "cache0", None)
                   for i in range(2))
        one = min(score(server, work / "data", predictions, work / f"one{i}", work / f"cache1{i}", 1)
                  for i in range(2))
        gold = [line.split("\t")[0] for line in (work / "data" / f"mini_dev_{kind}_gold.sql").read_text().splitlines()]
        predicted = [v.split(SEPARATOR)[0] for v in json.loads(predictions.read_text()).values()]
        begin = time.perf_counter()
        official = [official_verdict(server.connect_admin, p, g) for p, g in zip(predicted, gold, strict=True)]
        upstream = time.perf_counter() - begin
        records = [json.loads(line) for line in (work / "cold0" / "samples" / "bird.jsonl").read_text().splitlines()]
        ours = {r["id"]: r["scores"]["ex"]["value"] for r in records}
        agree = sum(ours[str(i)] == v for i, v in enumerate(official))
        fresh, reused = connection_cost(server, 300)
        print(f"\n{kind}: {n} questions (demo data, {n} predictions + {n} gold queries)")
        print(f"  tabbench score (subprocess), default workers, cold gold cache: {cold:6.2f} s")
        print(f"  tabbench score (subprocess), default workers, warm gold cache: {warm:6.2f} s")
        print(f"  tabbench score (subprocess), --workers 1, cold gold cache:     {one:6.2f} s")
        print(f"  upstream path (a connection per question, in-process loop):   {upstream:6.2f} s")
        print(f"  per query: new connection {fresh * 1000:6.2f} ms, reused connection {reused * 1000:6.2f} ms")
        print(f"  verdicts agreeing with upstream's: {agree}/{n} (EX upstream {sum(official)}, "
              f"tabbench {int(sum(ours.values()))})")
    servers.stop_all()


if __name__ == "__main__":
    main()
