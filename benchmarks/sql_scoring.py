"""How fast tabbench scores Text-to-SQL predictions, against a naive loop and the execution floor.

Builds a local SQLite database of realistic size (customers, products, orders, order items: about 1M rows
with indexes), then 10,000 (prediction, gold) pairs shaped like a GRPO batch: 1,250 prompts x 8
completions, with duplicates among the completions (a model repeats itself), equivalent rewrites, wrong
parameters, syntax errors and unknown columns. It times:

- naive: per pair, open a connection, run the prediction and the gold, fetch, compare (what the official
  BIRD script does, without its timeout machinery);
- floor: each distinct prediction executed once on one plain connection, nothing else;
- tabbench in-process: ``execute_many(workers=0)`` with a cold gold cache, then a warm one;
- tabbench pool: ``execute_many(workers=N)`` with a cold gold cache (workers already started).

Cold runs start from a new gold-cache directory, an unhashed database and a new connection, like the
floor. The machine may be shared: contenders run round-robin ``--repeat`` times and each one's best run is
reported, with its CPU time.

Every tabbench run is checked against the naive verdicts (set equality of rows, as BIRD EX). Usage:

    .venv/bin/python benchmarks/sql_scoring.py [--pairs 10000] [--workers 2] [--db PATH] [--skip-naive]
        [--repeat 3] [--exact 0.4]
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tabbench.sql import ExecJob, GoldCache, Limits, execute_many, shared_pool
from tabbench.sql.cache import _hash_memo
from tabbench.sql.execute import default_executor

COUNTRIES = ["France", "Peru", "Japan", "Kenya", "Canada", "Brazil", "India", "Norway", "Chile", "Egypt"]
SEGMENTS = ["consumer", "corporate", "home office", "small business"]
CATEGORIES = ["books", "garden", "toys", "music", "tools", "food", "sports", "beauty", "office", "auto"]
STATUSES = ["shipped", "pending", "cancelled", "returned"]
N_CUSTOMERS, N_PRODUCTS, N_ORDERS, ITEMS_PER_ORDER = 50_000, 5_000, 300_000, 2


def day(offset: int) -> str:
    """ISO date ``offset`` days after 2021-01-01 (three years of orders)."""
    year, rest = divmod(offset % 1095, 365)
    month, dom = divmod(rest, 31)
    return f"{2021 + year}-{min(month, 11) + 1:02d}-{min(dom, 27) + 1:02d}"


def build_database(path: Path) -> None:
    rng = random.Random(7)
    tmp = path.with_suffix(".building")
    if tmp.exists():
        tmp.unlink()
    conn = sqlite3.connect(tmp)
    conn.executescript(
        """
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT, segment TEXT, signup_date TEXT);
        CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, order_date TEXT, status TEXT,
                             total REAL);
        CREATE TABLE order_items (order_id INTEGER, product_id INTEGER, qty INTEGER, price REAL);
        """
    )
    conn.executemany(
        "INSERT INTO customers VALUES (?, ?, ?, ?, ?)",
        (
            (i, f"customer {i}", rng.choice(COUNTRIES), rng.choice(SEGMENTS), day(rng.randrange(1095)))
            for i in range(N_CUSTOMERS)
        ),
    )
    conn.executemany(
        "INSERT INTO products VALUES (?, ?, ?, ?)",
        ((i, f"product {i}", rng.choice(CATEGORIES), round(rng.uniform(1, 500), 2)) for i in range(N_PRODUCTS)),
    )
    conn.executemany(
        "INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
        (
            (i, rng.randrange(N_CUSTOMERS), day(i * 1095 // N_ORDERS), rng.choice(STATUSES),
             round(rng.uniform(5, 900), 2))
            for i in range(N_ORDERS)
        ),
    )
    conn.executemany(
        "INSERT INTO order_items VALUES (?, ?, ?, ?)",
        (
            (i // ITEMS_PER_ORDER, rng.randrange(N_PRODUCTS), rng.randint(1, 9), round(rng.uniform(1, 500), 2))
            for i in range(N_ORDERS * ITEMS_PER_ORDER)
        ),
    )
    conn.executescript(
        """
        CREATE INDEX orders_customer ON orders(customer_id);
        CREATE INDEX orders_date ON orders(order_date);
        CREATE INDEX items_order ON order_items(order_id);
        CREATE INDEX items_product ON order_items(product_id);
        CREATE INDEX customers_signup ON customers(signup_date);
        CREATE INDEX products_category ON products(category);
        ANALYZE;
        """
    )
    conn.commit()
    conn.close()
    tmp.rename(path)


# --- questions: templates with parameters, and the ways a model gets them wrong -----------------------------

Template = Callable[[random.Random], str]

TEMPLATES: list[Template] = [
    lambda r: f"SELECT name, country FROM customers WHERE id = {r.randrange(N_CUSTOMERS)}",
    lambda r: f"SELECT count(*) FROM orders WHERE customer_id = {r.randrange(N_CUSTOMERS)} "
    f"AND status = '{r.choice(STATUSES)}'",
    lambda r: (lambda d: f"SELECT sum(total) FROM orders WHERE order_date BETWEEN '{day(d)}' AND '{day(d + 3)}'")(
        r.randrange(1000)
    ),
    lambda r: (lambda o: "SELECT p.category, count(*) FROM order_items oi JOIN products p ON p.id = oi.product_id "
               f"WHERE oi.order_id BETWEEN {o} AND {o + 300} GROUP BY p.category ORDER BY 2 DESC")(
        r.randrange(N_ORDERS - 300)
    ),
    lambda r: (lambda d: "SELECT c.name, sum(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id "
               f"WHERE c.country = '{r.choice(COUNTRIES)}' AND o.order_date BETWEEN '{day(d)}' AND '{day(d + 2)}' "
               "GROUP BY c.id ORDER BY spent DESC LIMIT 5")(r.randrange(1000)),
    lambda r: f"SELECT name, price FROM products WHERE category = '{r.choice(CATEGORIES)}' "
    f"AND price > {r.randrange(400)} ORDER BY price DESC LIMIT 10",
    lambda r: (lambda c: "SELECT segment, round(avg(total), 2) FROM customers c JOIN orders o ON o.customer_id = c.id "
               f"WHERE c.id BETWEEN {c} AND {c + 150} GROUP BY segment")(r.randrange(N_CUSTOMERS - 150)),
    lambda r: "SELECT o.id, o.total FROM orders o WHERE o.customer_id IN (SELECT id FROM customers WHERE "
    f"signup_date = '{day(r.randrange(1095))}' AND country = '{r.choice(COUNTRIES)}') ORDER BY o.total DESC LIMIT 3",
    lambda r: f"SELECT max(qty), min(price), count(*) FROM order_items WHERE product_id = {r.randrange(N_PRODUCTS)}",
    lambda r: f"SELECT status, count(*) FROM orders WHERE customer_id BETWEEN {(c := r.randrange(N_CUSTOMERS))} "
    f"AND {c + 400} GROUP BY status ORDER BY status",
]


def completions_for(gold: str, template: Template, rng: random.Random, exact: float = 0.40) -> list[str]:
    """Eight completions for one prompt, drawn from a few distinct candidates as a sampled model does;
    ``exact`` is the share that repeats the gold query word for word."""
    rest = (1 - exact) / 0.60
    candidates = [
        (exact, gold),
        (0.12 * rest, gold.replace(" FROM ", "\nFROM ").replace(" WHERE ", "\n  WHERE ") + ";"),  # equivalent
        (0.20 * rest, template(rng)),  # wrong parameters
        (0.08 * rest, template(rng)),
        (0.10 * rest, gold.replace("FROM", "FORM", 1)),  # syntax error
        (0.10 * rest, gold.replace("SELECT ", "SELECT unknown_col, ", 1)),  # hallucinated column
    ]
    weights = [w for w, _ in candidates]
    return [rng.choices(candidates, weights)[0][1] for _ in range(8)]


def make_pairs(n_pairs: int, seed: int = 11, exact: float = 0.40) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    pairs = []
    for _ in range(max(1, n_pairs // 8)):
        template = rng.choice(TEMPLATES)
        gold = template(rng)
        pairs += [(prediction, gold) for prediction in completions_for(gold, template, rng, exact)]
    return pairs[:n_pairs]


# --- the contenders -----------------------------------------------------------------------------------------


def verdict(pred: object, gold: object) -> bool:
    return pred is not None and set(pred) == set(gold)  # type: ignore[call-overload]


def naive(db: str, pairs: list[tuple[str, str]]) -> list[bool]:
    verdicts = []
    for prediction, gold in pairs:
        conn = sqlite3.connect(db)
        cursor = conn.cursor()
        try:
            cursor.execute(prediction)
            predicted = cursor.fetchall()
            cursor.execute(gold)
            verdicts.append(set(predicted) == set(cursor.fetchall()))
        except sqlite3.Error:
            verdicts.append(False)
        conn.close()
    return verdicts


def floor(db: str, pairs: list[tuple[str, str]], tuned: bool = False) -> int:
    """Each distinct prediction once on one connection: plain read-only, or ``tuned`` with the settings
    tabbench uses in-process (immutable, 32 MB page cache) so the cost of its safety layers shows."""
    conn = sqlite3.connect(f"file:{db}?mode=ro" + ("&immutable=1" if tuned else ""), uri=True)
    if tuned:
        conn.execute("PRAGMA cache_size = -32768")
    distinct = list(dict.fromkeys(p for p, _ in pairs))
    for prediction in distinct:
        try:
            conn.execute(prediction).fetchall()
        except sqlite3.Error:
            pass
    conn.close()
    return len(distinct)


def tabbench(db: str, pairs: list[tuple[str, str]], workers: int, cache: GoldCache) -> list[bool]:
    jobs = []
    for prediction, gold in pairs:
        jobs += [ExecJob(db, prediction), ExecJob(db, gold, gold=True)]
    results = execute_many(jobs, Limits(timeout=30), workers=workers, cache=cache)
    return [
        verdict(p.rows if p.ok else None, g.rows) for p, g in zip(results[0::2], results[1::2], strict=True)
    ]


def process_cpu(pids: list[int]) -> float:
    """CPU seconds used so far by these processes (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


CPU: dict[str, float] = {}  # CPU seconds of this process in the run whose wall time is reported


def race(contenders: list[tuple[str, Callable[[], object]]], repeat: int) -> tuple[dict[str, object], dict[str, float]]:
    """Run the contenders round-robin ``repeat`` times (so a busy spell on a shared machine hits them all)
    and keep each one's best wall time, with this process's CPU time for that run, in ``CPU``."""
    outputs: dict[str, object] = {}
    timings = {label: float("inf") for label, _ in contenders}
    for _ in range(repeat):
        for label, func in contenders:
            start, start_cpu = time.perf_counter(), time.process_time()
            outputs[label] = func()
            took = time.perf_counter() - start
            if took < timings[label]:
                timings[label], CPU[label] = took, time.process_time() - start_cpu
    for label, _ in contenders:
        print(f"  {label:<36} {timings[label]:8.2f} s wall (best of {repeat})   {CPU[label]:8.2f} s CPU here")
    return outputs, timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=10_000, help="(prediction, gold) pairs; 8 per prompt")
    parser.add_argument("--workers", type=int, default=2, help="pool size for the parallel run")
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "tabbench_bench_sales.sqlite",
                        help="database file (built when missing)")
    parser.add_argument("--skip-naive", action="store_true", help="skip the (slow) naive loop")
    parser.add_argument("--repeat", type=int, default=3, help="runs per contender; the best is reported")
    parser.add_argument("--exact", type=float, default=0.40,
                        help="share of completions that repeat the gold query verbatim (GRPO duplicates)")
    args = parser.parse_args()

    if not args.db.exists():
        start = time.perf_counter()
        build_database(args.db)
        print(f"built {args.db} in {time.perf_counter() - start:.1f} s")
    db = str(args.db)
    size_mb = os.path.getsize(db) / 1e6
    pairs = make_pairs(args.pairs, exact=args.exact)
    n_prompts = len({g for _, g in pairs})
    print(f"database: {db} ({size_mb:.0f} MB, {N_CUSTOMERS + N_PRODUCTS + N_ORDERS * (1 + ITEMS_PER_ORDER):,} rows)")
    print(f"pairs: {len(pairs):,} over {n_prompts:,} distinct gold queries; CPUs: {os.cpu_count()}")

    repeat = args.repeat
    floor(db, pairs[:200])  # warm the OS page cache so every contender reads from memory
    floor_label, tuned_label = "floor (distinct predictions once)", "floor, tabbench connection settings"
    cold_label, warm_label = "tabbench in-process, cold cache", "tabbench in-process, warm cache"
    naive_label, pool_label = "naive loop (connect + pred + gold)", f"tabbench {args.workers} workers, cold cache"
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(1_000_000))

        def cold(workers: int) -> list[bool]:
            _hash_memo.clear()  # a new cache directory and a new process: the database is hashed again
            default_executor().close()  # and a new connection with an empty page cache, as the floor has
            return tabbench(db, pairs, workers, GoldCache(Path(tmp) / f"cold{next(counter)}"))

        warm_cache = GoldCache(Path(tmp) / "warm")
        tabbench(db, pairs, 0, warm_cache)
        pool = shared_pool(args.workers)
        pool.run([(db, "SELECT 1")] * args.workers)  # start the workers outside the timing
        contenders: list[tuple[str, Callable[[], object]]] = [
            (floor_label, lambda: floor(db, pairs)),
            (tuned_label, lambda: floor(db, pairs, tuned=True)),
            (cold_label, lambda: cold(0)),
            (warm_label, lambda: tabbench(db, pairs, 0, warm_cache)),
            (pool_label, lambda: cold(args.workers)),
        ]
        if not args.skip_naive:
            contenders.insert(2, (naive_label, lambda: naive(db, pairs)))
        before = process_cpu(pool.pids)
        outputs, timings = race(contenders, repeat)
        pool_cpu = (process_cpu(pool.pids) - before) / repeat
        warm_cache.close()
    distinct = outputs[floor_label]
    got = outputs[cold_label]
    print(f"    {distinct:,} distinct predictions ({distinct / len(pairs):.0%} of pairs)")  # type: ignore[operator]
    print(f"    pool workers used {pool_cpu:.2f} s CPU per run (mean of {repeat}); "
          "with idle cores, wall time ~ max(parent, worker CPU / workers)")
    assert outputs[warm_label] == got and outputs[pool_label] == got
    if naive_label in outputs and outputs[naive_label] != got:
        mismatched = sum(a != b for a, b in zip(got, outputs[naive_label], strict=True))  # type: ignore[call-overload]
        print(f"    !! {mismatched} verdicts differ from naive")
    print(f"  matches: {sum(got)} of {len(got)} pairs")  # type: ignore[arg-type]

    def ratio(text: str, a: str, b: str, note: str = "") -> None:
        print(f"  {text:<34} {timings[a] / timings[b]:6.2f}x wall   {CPU[a] / max(CPU[b], 1e-9):6.2f}x CPU   {note}")

    print("ratios (wall: best of runs; CPU: this process, steadier on a shared machine):")
    ratio("in-process cold / floor", cold_label, floor_label, "(target <= 1.3)")
    ratio("in-process cold / tuned floor", cold_label, tuned_label, "(cost of safety layers, dedup, cache)")
    ratio("in-process warm / floor", warm_label, floor_label)
    if naive_label in timings:
        ratio("naive / in-process cold", naive_label, cold_label, "(target >= 5)")
    print(f"  {'in-process / ' + str(args.workers) + ' workers (cold)':<34} "
          f"{timings[cold_label] / timings[pool_label]:6.2f}x wall   (throughput gain)")
    print(f"  {'pool CPU (parent + workers) / in-process':<34} {(CPU[pool_label] + pool_cpu) / CPU[cold_label]:6.2f}x"
          "       (overhead of going parallel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
