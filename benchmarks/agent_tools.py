"""Tool time of one multi-turn GRPO step (8 rollouts x 4 turns, ``--env sql``) against the SQL floor.

Builds a SQLite database of realistic size (customers, products, orders: ``--orders`` rows, indexed), then a
GRPO step's tool calls shaped like a policy's: 8 rollouts of one prompt, 4 tool calls each, drawn from a
small set (a group repeats itself: describe the tables, a few aggregate queries, a wrong column, a hostile
write), seeded. It times:

- tools: what ``GRPOTrainer`` does with ``--env sql`` (TRL 1.16's ``_tool_call_loop``): one environment per
  rollout from the plugin's factory, ``reset(**row)``, then turn by turn each rollout's call through the
  bound tool method, one after another, inside a fresh run-scoped result store; SQL goes through
  ``tabbench.sql`` (read-only connection, authorizer, deadline, caps, the worker pool by default);
- floor: each distinct statement the step needs (the queries, and the sample-row query behind
  ``describe_table``) executed once on one plain read-only connection, fetched, nothing else.

Contenders run round-robin ``--repeat`` times; each one's best is reported. Usage:

    .venv/bin/python benchmarks/agent_tools.py [--orders 300000] [--repeat 3] [--seed 0] [--workers N]
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


def run_tools(db: Path, calls: list[list[tuple[str, dict]]]) -> tuple[float, int]:
    """The step as GRPOTrainer runs it: envs from the factory, reset(**row), calls turn by turn, in order."""
    from tabbench_trainers.environments import factory

    import tabbench
    from tabbench.sql import ResultStore, use_store

    example = tabbench.Example(id="q", gold=QUERIES[0], fields={"db_path": str(db)}, split="train")
    row = {"prompt": [{"role": "user", "content": "?"}], "example": json.dumps(example.to_json()),
           "benchmark": "bench", "id": "q"}
    make = factory("sql", 4, {})
    envs = [make() for _ in calls]
    errors = 0
    with use_store(ResultStore()):
        start = time.perf_counter()
        for env in envs:
            env.reset(**row)
        for turn in range(len(calls[0])):
            for env, rollout in zip(envs, calls, strict=True):
                name, arguments = rollout[turn]
                errors += getattr(env, name)(**arguments).startswith("error:")
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
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    run_each(conn, statements)
    conn.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0, help="which calls the 8 rollouts make")
    parser.add_argument("--workers", type=int, default=None, help="TABBENCH_WORKERS for the tools (default: host's)")
    args = parser.parse_args()
    if args.workers is not None:
        os.environ["TABBENCH_WORKERS"] = str(args.workers)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shop.sqlite"
        build_database(db, args.orders)
        calls = step_calls(args.seed)  # the same step each repeat: best times are comparable
        best_tools, best_floor, errors = float("inf"), float("inf"), 0
        for _ in range(args.repeat):
            seconds, errors = run_tools(db, calls)
            best_tools = min(best_tools, seconds)
            best_floor = min(best_floor, run_floor(db, floor_statements(calls)))
        distinct = len(floor_statements(calls))
        print(f"database: {args.orders} orders; step: 8 rollouts x 4 turns = 32 tool calls, {distinct} distinct "
              f"statements, {errors} failed calls (wrong column, write)")
        print(f"floor (distinct statements once, plain connection): {best_floor * 1000:.1f} ms")
        print(f"tools (GRPOTrainer's path through the sql environment): {best_tools * 1000:.1f} ms")
        print(f"ratio tools / floor: {best_tools / best_floor:.2f}x (target <= 1.3x)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
