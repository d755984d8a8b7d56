"""Reward throughput: 1,000 prompts x 8 completions on a local SQLite database, as a GRPO run scores them.

Three ways to score the same 8,000 completions with execution match:

- ``tabbench``: the ``arctic`` reward plugin's ``score_batch`` (what ``tabbench.adapters.trl_reward`` calls),
  one call per GRPO step of ``--prompts-per-step`` prompts; the host's ``execute_many`` runs each prompt's gold
  once and identical completions in a group once (gold cache off, so nothing is carried between runs);
- ``naive``: what a per-completion reward function does (SQL-R1, the official scripts): for every completion
  open a connection, run the gold and the prediction, compare;
- ``floor``: the raw execution floor: every distinct query of the batch (each prompt's gold and each distinct
  prediction) run once on one plain ``sqlite3`` connection, no extraction, no safety, no comparison.

Prints rewards per second for each and the ratios (targets: >= 5x naive, within 1.3x of the floor).
Completions are drawn per group from the gold SQL (p=0.5), two wrong variants (0.25, 0.15) and a completion
with no SQL (0.1), which gives about 2.5 distinct queries per group of 8: a mid-training GRPO mix.

    python benchmarks/reward_throughput.py [--prompts 1000] [--group 8] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from tabbench import score_batch

CITIES = ["Ghent", "Lyon", "Porto", "Turin", "Leeds", "Graz", "Brno", "Cork", "Split", "Malmo"]
CATEGORIES = ["tools", "toys", "books", "food", "garden", "music", "sports", "office"]


def build_db(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);
        CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);
        CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, product_id INTEGER,
                             quantity INTEGER, year INTEGER);
        CREATE INDEX orders_customer ON orders (customer_id);
        """
    )
    conn.executemany("INSERT INTO customers VALUES (?, ?, ?, ?)",
                     [(i, f"customer {i}", rng.choice(CITIES), rng.randint(18, 90)) for i in range(20_000)])
    conn.executemany("INSERT INTO products VALUES (?, ?, ?, ?)",
                     [(i, f"product {i}", rng.choice(CATEGORIES), round(rng.uniform(1, 500), 2))
                      for i in range(2_000)])
    conn.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
                     [(i, rng.randrange(20_000), rng.randrange(2_000), rng.randint(1, 20), rng.randint(2015, 2024))
                      for i in range(100_000)])
    conn.commit()
    conn.close()


def make_prompt(rng: random.Random) -> tuple[str, str, str]:
    """A gold query and two wrong variants of it."""
    kind = rng.randrange(4)
    city, year, age = rng.choice(CITIES), rng.randint(2015, 2024), rng.randint(20, 80)
    if kind == 0:
        gold = f"SELECT COUNT(*) FROM orders WHERE year = {year} AND quantity > {rng.randint(1, 19)}"
        return gold, gold.replace(f"year = {year}", f"year >= {year}"), gold.replace("COUNT(*)", "SUM(quantity)")
    if kind == 1:
        gold = f"SELECT name FROM customers WHERE city = '{city}' AND age > {age}"
        return gold, gold.replace(f"age > {age}", f"age >= {age}"), f"SELECT name FROM customers WHERE age > {age}"
    if kind == 2:
        cat = rng.choice(CATEGORIES)
        gold = f"SELECT AVG(price) FROM products WHERE category = '{cat}'"
        return gold, gold.replace("AVG", "MAX"), "SELECT AVG(price) FROM products"
    gold = (f"SELECT c.city, SUM(o.quantity) FROM orders AS o JOIN customers AS c ON o.customer_id = c.customer_id "
            f"WHERE o.year = {year} GROUP BY c.city ORDER BY 2 DESC LIMIT 3")
    return gold, gold.replace("LIMIT 3", "LIMIT 5"), gold.replace("SUM(o.quantity)", "COUNT(*)")


def completion(sql: str | None) -> str:
    if sql is None:
        return "<think>I am not sure.</think><answer>I cannot write this query.</answer>"
    return f"<think>Find the rows, then aggregate.</think>\n<answer>\n```sql\n{sql}\n```\n</answer>"


def workload(n_prompts: int, group: int, seed: int) -> list[tuple[str, list[str | None]]]:
    rng = random.Random(seed + 1)
    out = []
    for _ in range(n_prompts):
        gold, wrong_a, wrong_b = make_prompt(rng)
        preds = rng.choices([gold, wrong_a, wrong_b, None], weights=[0.5, 0.25, 0.15, 0.1], k=group)
        out.append((gold, preds))
    return out


_SQL_BLOCK = re.compile(r"```sql(.*?)```", re.S)


def naive(db: str, items: list[tuple[str, str]]) -> list[float]:
    """Per completion: open a read-only connection, run gold and prediction, compare as sets."""
    values = []
    for gold, text in items:
        blocks = _SQL_BLOCK.findall(text)
        if not blocks:
            values.append(0.0)
            continue
        conn = sqlite3.connect(Path(db).resolve().as_uri() + "?mode=ro", uri=True)
        deadline = time.monotonic() + 30
        conn.set_progress_handler(lambda d=deadline: int(time.monotonic() > d), 1000)
        try:
            gold_rows = conn.execute(gold).fetchall()
            try:
                pred_rows = conn.execute(blocks[-1].strip()).fetchall()
                values.append(1.0 if set(pred_rows) == set(gold_rows) else 0.1)
            except sqlite3.Error:
                values.append(0.0)
        finally:
            conn.close()
    return values


def floor(db: str, work: list[tuple[str, list[str | None]]], per_step: int) -> int:
    """Run each step's distinct queries once on one plain connection; returns how many ran."""
    conn = sqlite3.connect(db)
    ran = 0
    for start in range(0, len(work), per_step):
        distinct: dict[str, None] = {}
        for gold, preds in work[start : start + per_step]:
            distinct[gold] = None
            for sql in preds:
                if sql is not None:
                    distinct[sql] = None
        for sql in distinct:
            conn.execute(sql).fetchall()
            ran += 1
    conn.close()
    return ran


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", type=int, default=1000)
    parser.add_argument("--group", type=int, default=8)
    parser.add_argument("--prompts-per-step", type=int, default=16, help="prompts per score_batch call")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="interleaved repeats of floor and tabbench")
    parser.add_argument("--skip-naive", action="store_true")
    args = parser.parse_args()

    from tabbench import Example, get_reward
    from tabbench.sql import ResultStore, use_store

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "shop.sqlite")
        build_db(Path(db), args.seed)
        work = workload(args.prompts, args.group, args.seed)
        n = args.prompts * args.group
        print(f"database: {os.path.getsize(db) / 1e6:.1f} MB (customers 20k, products 2k, orders 100k rows)")
        print(f"workload: {args.prompts} prompts x {args.group} completions = {n} rewards; "
              f"{args.prompts_per_step} prompts per score_batch call; 2-core CPU sandbox figures vary by machine")

        # warm the OS page cache so no method pays the first read
        floor(db, work[:50], args.prompts_per_step)

        def run_ours() -> tuple[float, list[float | None], Any]:
            reward = get_reward("arctic", gold_cache=False)
            examples = [Example(str(i), gold, {"db_path": db}) for i, (gold, _) in enumerate(work)]
            values: list[float | None] = []
            t = time.perf_counter()
            with use_store(ResultStore()):  # a new run each repeat: nothing carried over from the last one
                for start in range(0, len(work), args.prompts_per_step):
                    stop = min(start + args.prompts_per_step, len(work))
                    items = [(examples[i], completion(sql)) for i in range(start, stop) for sql in work[i][1]]
                    values.extend(s.value for s in score_batch(reward, items))
            return time.perf_counter() - t, values, reward.stats

        # interleaved repeats, best of each: the machine is shared, so single timings are noisy
        floors, ours = [], []
        for _ in range(args.repeat):
            t = time.perf_counter()
            ran = floor(db, work, args.prompts_per_step)
            floors.append(time.perf_counter() - t)
            elapsed, values, stats = run_ours()
            ours.append(elapsed)
        t_floor, t_ours = min(floors), min(ours)
        print(f"repeats  : best of {args.repeat} interleaved runs; floor {', '.join(f'{x:.1f}' for x in floors)} s;"
              f" tabbench {', '.join(f'{x:.1f}' for x in ours)} s")
        print(f"floor    : {ran} distinct queries in {t_floor:7.2f} s -> {n / t_floor:8.0f} rewards/s")
        print(f"tabbench : {stats.executed} queries run ({stats.jobs} asked) in {t_ours:7.2f} s -> "
              f"{n / t_ours:8.0f} rewards/s   ({t_ours / t_floor:.2f}x the floor; target <= 1.3x)")
        if not args.skip_naive:
            items = [(gold, completion(sql)) for gold, preds in work for sql in preds]
            t = time.perf_counter()
            naive_values = naive(db, items)
            t_naive = time.perf_counter() - t
            print(f"naive    : {2 * n - sum(1 for _, p in work for s in p if s is None)} queries in {t_naive:7.2f} s"
                  f" -> {n / t_naive:8.0f} rewards/s   (tabbench is {t_naive / t_ours:.1f}x faster; target >= 5x)")
            agree = sum(1 for a, b in zip(values, naive_values, strict=True) if a == b)
            print(f"agreement: tabbench and naive give the same reward on {agree}/{n} completions")


if __name__ == "__main__":
    main()
