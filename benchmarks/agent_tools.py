"""Tool time of one multi-turn GRPO step (8 rollouts x 4 turns, ``--env sql``) against the SQL floor.

Builds a SQLite database of realistic size (customers, products, orders: ``--orders`` rows, indexed), then a
GRPO step's tool calls shaped like a policy's: 8 rollouts of one prompt, 4 tool calls each, drawn from a
small set (a group repeats itself: describe the tables, a few aggregate queries, a wrong column, a hostile
write), seeded. It times:

- sequential: what TRL 1.16's ``GRPOTrainer._tool_call_loop`` does with ``--env sql``: one environment per
  rollout made as the trainer's factory makes it, ``reset(**row)``, then turn by turn each rollout's call
  through its tool dict, one rollout after another, inside a fresh run-scoped result store; SQL goes through
  ``tabbench.sql`` (read-only connection, authorizer, deadline, caps, the worker pool by default);
- concurrent: the same loop with the tool dicts ``tabbench train grpo --env`` hands TRL
  (``ConcurrentToolsGRPOTrainer``'s ``TurnPrefetch`` wrappers, fed the transcripts as TRL extends them), so
  each turn's calls of the 8 rollouts run at once in the trainer's thread pool;
- floor: each distinct statement the step needs (the queries, and the sample-row query behind
  ``describe_table``) executed once on one plain read-only connection, fetched, nothing else.

``--latency-ms N`` times instead the step of the issue's example: every call of every rollout a distinct query
that waits N ms on its database (a SQL function sleeping in the in-process executor, as a query to a busy
server waits without using a CPU), so the floor is TRL's 8 x 4 x N ms one after another and the ideal of
concurrent turns is 4 x N ms.

Contenders run round-robin ``--repeat`` times; each one's best is reported. Usage:

    .venv/bin/python benchmarks/agent_tools.py [--orders 300000] [--repeat 3] [--seed 0] [--workers N]
                                               [--latency-ms N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bird_workload import run_each

CITIES = ["Leeds", "Oslo", "Valencia", "Porto", "Lyon", "Graz", "Turin", "Ghent"]
CATEGORIES = ["books", "games", "garden", "tools", "music"]

QUERIES = [
    "SELECT COUNT(*) FROM orders WHERE year = 2022",
    "SELECT c.city, SUM(o.quantity) FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY c.city",
    "SELECT p.category, AVG(p.price * o.quantity) FROM orders o JOIN products p ON p.product_id = o.product_id "
    "GROUP BY p.category",
    "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id ORDER BY n DESC LIMIT 5",
    "SELECT COUNT(DISTINCT customer_id) FROM orders WHERE quantity > 5",
    "SELECT year, COUNT(*) FROM orders GROUP BY year",
]
CALLS = [("describe_table", {"table": "orders"}), ("describe_table", {"table": "customers"}),
         ("list_tables", {}), ("query", {"sql": "SELECT total FROM orders"}),
         ("query", {"sql": "DELETE FROM orders"})] + [("query", {"sql": q}) for q in QUERIES]


def build_database(path: Path, orders: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);"
        "CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);"
        "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, product_id INTEGER, "
        "quantity INTEGER, year INTEGER);"
    )
    conn.executemany("INSERT INTO customers VALUES (?, ?, ?, ?)",
                     [(i, f"c{i}", rng.choice(CITIES), rng.randint(18, 90)) for i in range(1, 5001)])
    conn.executemany("INSERT INTO products VALUES (?, ?, ?, ?)",
                     [(i, f"p{i}", rng.choice(CATEGORIES), round(rng.uniform(1, 200), 2)) for i in range(1, 501)])
    conn.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
                     [(i, rng.randint(1, 5000), rng.randint(1, 500), rng.randint(1, 10), rng.randint(2018, 2024))
                      for i in range(1, orders + 1)])
    conn.execute("CREATE INDEX orders_customer ON orders(customer_id)")
    conn.commit()
    conn.close()


def step_calls(seed: int, rollouts: int = 8, turns: int = 4) -> list[list[tuple[str, dict]]]:
    rng = random.Random(seed)
    return [[rng.choice(CALLS) for _ in range(turns)] for _ in range(rollouts)]


def waiting_calls(latency_ms: int, rollouts: int = 8, turns: int = 4) -> list[list[tuple[str, dict]]]:
    """Distinct queries that each wait ``latency_ms`` (``bench_wait``, registered in this process)."""
    from tabbench.sql import register_function

    register_function("bench_wait", 1, lambda ms: time.sleep(ms / 1000) or 1, deterministic=False)
    return [[("query", {"sql": f"SELECT bench_wait({latency_ms}), {r}, {t}"}) for t in range(turns)]
            for r in range(rollouts)]


def run_tools(db: Path, calls: list[list[tuple[str, dict]]], pool: ThreadPoolExecutor | None) -> tuple[float, int]:
    """The step as GRPOTrainer runs it: an env per rollout, reset(**row), then turn by turn the policy's calls
    appended to each transcript and made in TRL's loop order; ``pool``: through ``TurnPrefetch`` on it."""
    from tabbench_trainers.concurrent_tools import TurnPrefetch

    import tabbench
    from tabbench.sql import ResultStore, use_store

    example = tabbench.Example(id="q", gold=QUERIES[0], fields={"db_path": str(db)}, split="train")
    row = {"prompt": [{"role": "user", "content": "?"}], "example": json.dumps(example.to_json()),
           "benchmark": "bench", "id": "q"}
    envs = [tabbench.get_environment("sql", budget=tabbench.Budget(max_turns=4)) for _ in calls]
    completions: list[list[dict]] = [[] for _ in calls]
    tools = [{name: getattr(env, name) for name in env.tool_names()} for env in envs]
    if pool is not None:
        tools = TurnPrefetch(tools, completions, pool).wrapped
    errors = 0
    with use_store(ResultStore()):
        start = time.perf_counter()
        for env in envs:
            env.reset(**row)
        for turn in range(len(calls[0])):
            for transcript, rollout in zip(completions, calls, strict=True):  # the policy's turn
                name, arguments = rollout[turn]
                transcript.append({"role": "assistant", "content": "", "tool_calls": [
                    {"type": "function", "function": {"name": name, "arguments": dict(arguments)}}]})
            for rollout_tools, transcript in zip(tools, completions, strict=True):  # TRL's loop
                call = transcript[-1]["tool_calls"][0]["function"]
                observation = rollout_tools[call["name"]](**call["arguments"])
                errors += observation.startswith("error:")
                transcript.append({"role": "tool", "name": call["name"], "content": observation})
        return time.perf_counter() - start, errors


def floor_statements(calls: list[list[tuple[str, dict]]]) -> list[str]:
    statements = []
    for rollout in calls:
        for name, arguments in rollout:
            if name == "query":
                sql = arguments["sql"]
            elif name == "describe_table":
                sql = f'SELECT * FROM "{arguments["table"]}" LIMIT 3'
            else:
                continue
            if sql not in statements and not sql.startswith("DELETE"):
                statements.append(sql)
    return statements


def run_floor(db: Path, statements: list[str]) -> float:
    start = time.perf_counter()
    conn = sqlite3.connect(Path(db).resolve().as_uri() + "?mode=ro", uri=True)
    run_each(conn, statements)
    conn.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0, help="which calls the 8 rollouts make")
    parser.add_argument("--workers", type=int, default=None, help="SQL workers for the tools (default: host's)")
    parser.add_argument("--latency-ms", type=int, default=0,
                        help="time the issue's step instead: each call a distinct query waiting this long")
    args = parser.parse_args()
    from tabbench import Settings, use_settings
    from tabbench.sql import configured_workers

    workers = 0 if args.latency_ms else args.workers  # bench_wait exists in this process only
    with use_settings(Settings(workers=workers)), tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shop.sqlite"
        build_database(db, args.orders)
        # the same step each repeat: best times are comparable
        calls = waiting_calls(args.latency_ms) if args.latency_ms else step_calls(args.seed)
        best = {"sequential": float("inf"), "concurrent": float("inf"), "floor": float("inf")}
        errors: dict[str, int] = {}
        from tabbench.evaluation.agent import tool_threads

        with ThreadPoolExecutor(tool_threads(len(calls)), thread_name_prefix="tabbench-tools") as pool:  # the trainer's
            for _ in range(args.repeat):
                for mode, mode_pool in (("sequential", None), ("concurrent", pool)):
                    seconds, errors[mode] = run_tools(db, calls, mode_pool)
                    best[mode] = min(best[mode], seconds)
                if not args.latency_ms:
                    best["floor"] = min(best["floor"], run_floor(db, floor_statements(calls)))
        if args.latency_ms:
            floor = 32 * args.latency_ms / 1000
            print(f"step: 8 rollouts x 4 turns = 32 distinct queries waiting {args.latency_ms} ms each, in process")
            print(f"floor (TRL's loop: 32 waits one after another): {floor * 1000:.1f} ms; "
                  f"ideal of concurrent turns (4 waits): {floor / 8 * 1000:.1f} ms")
            for mode in ("sequential", "concurrent"):
                print(f"tools, {mode}: {best[mode] * 1000:.1f} ms ({errors[mode]} failed calls)")
            print(f"concurrent / sequential: {best['concurrent'] / best['sequential']:.2f}")
            return
        distinct = len(floor_statements(calls))
        print(f"database: {args.orders} orders; step: 8 rollouts x 4 turns = 32 tool calls, {distinct} distinct "
              f"statements, {errors['sequential']} failed calls (wrong column, write); {os.cpu_count()} CPUs, "
              f"{configured_workers()} SQL workers")
        if errors["concurrent"] != errors["sequential"]:
            print(f"concurrent turns: {errors['concurrent']} failed calls (sequential: {errors['sequential']})")
        print(f"floor (distinct statements once, plain connection): {best['floor'] * 1000:.1f} ms")
        for mode, what in (("sequential", "TRL's loop, one call after another"),
                           ("concurrent", "train grpo --env: each turn's calls at once")):
            print(f"tools, {mode} ({what}): {best[mode] * 1000:.1f} ms = {best[mode] / best['floor']:.2f}x floor")
        print(f"concurrent / sequential: {best['concurrent'] / best['sequential']:.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
