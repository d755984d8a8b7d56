"""A GRPO-shaped BIRD workload for the scoring benchmarks: a generated SQLite database and (gold, prediction)
pairs that repeat through the file, as completions recur across training steps and evaluation runs.

Used by ``score_bird.py`` (the ``tabbench score bird`` command against the official script and the floor)
and ``trl_reward_path.py`` (the TRL reward functions); ``run_each`` is also ``agent_tools.py``'s floor.
Nothing here is timed.
"""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path

from tabbench import atomic_path

COUNTRIES = ["France", "Peru", "Japan", "Kenya", "Canada", "Brazil", "India", "Norway", "Chile", "Egypt"]
SEGMENTS = ["consumer", "corporate", "home office", "small business"]
CATEGORIES = ["books", "garden", "toys", "music", "tools", "food", "sports", "beauty", "office", "auto"]
STATUSES = ["shipped", "pending", "cancelled", "returned"]
N_CUSTOMERS, N_PRODUCTS, N_ORDERS, N_ITEMS = 20_000, 2_000, 150_000, 250_000
TOTAL_ROWS = N_CUSTOMERS + N_PRODUCTS + N_ORDERS + N_ITEMS
DB_ID = "sales"


def day(offset: int) -> str:
    """ISO date ``offset`` days after 2021-01-01 (three years of orders)."""
    year, rest = divmod(offset % 1095, 365)
    month, dom = divmod(rest, 31)
    return f"{2021 + year}-{min(month, 11) + 1:02d}-{min(dom, 27) + 1:02d}"


def build_database(path: Path) -> None:
    """The ``sales`` database: 422,000 rows, a few indexes (some queries scan), deterministic; written beside
    ``path`` and moved onto it when complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp, closing(sqlite3.connect(tmp)) as conn:
        _fill(conn)


def _fill(conn: sqlite3.Connection) -> None:
    rng = random.Random(7)
    conn.executescript(
        """
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT, segment TEXT, signup_date TEXT);
        CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, order_date TEXT, status TEXT, total REAL);
        CREATE TABLE order_items (order_id INTEGER, product_id INTEGER, qty INTEGER, price REAL);
        """
    )
    conn.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?)", (
        (i, f"customer {i}", rng.choice(COUNTRIES), rng.choice(SEGMENTS), day(rng.randrange(1095)))
        for i in range(N_CUSTOMERS)))
    conn.executemany("INSERT INTO products VALUES (?, ?, ?, ?)", (
        (i, f"product {i}", rng.choice(CATEGORIES), round(rng.uniform(1, 500), 2)) for i in range(N_PRODUCTS)))
    conn.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)", (
        (i, rng.randrange(N_CUSTOMERS), day(i * 1095 // N_ORDERS), rng.choice(STATUSES), round(rng.uniform(5, 900), 2))
        for i in range(N_ORDERS)))
    conn.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?)", (
        (rng.randrange(N_ORDERS), rng.randrange(N_PRODUCTS), rng.randint(1, 9), round(rng.uniform(1, 500), 2))
        for _ in range(N_ITEMS)))
    conn.executescript(
        """
        CREATE INDEX orders_customer ON orders(customer_id);
        CREATE INDEX items_order ON order_items(order_id);
        ANALYZE;
        """
    )
    conn.commit()


# (gold, prediction) per question: 11 question templates x 4 parameters = 44 golds. For the first parameter the
# prediction is the gold verbatim; for the others it is what a policy writes instead: an equivalent rewrite, a
# wrong filter, swapped columns (a mismatch under BIRD EX), an error. 77 distinct queries; several results
# hold thousands of rows.
TEMPLATES: list[tuple[list, object, object]] = [
    (["Peru", "Kenya", "Japan", "Chile"],  # ~2,000 rows
     lambda c: f"SELECT id, name FROM customers WHERE country = '{c}'",
     lambda c: f"SELECT name, id FROM customers WHERE country = '{c}'"),
    (STATUSES,  # ~37,000-row join, grouped
     lambda s: "SELECT c.country, count(*) FROM orders o JOIN customers c ON c.id = o.customer_id "
               f"WHERE o.status = '{s}' GROUP BY c.country",
     lambda s: "SELECT c.country, count(o.id) FROM orders o JOIN customers c ON c.id = o.customer_id "
               f"WHERE o.status = '{s}' GROUP BY c.country"),
    ([9, 1, 5, 3],  # ~28,000 rows
     lambda q: f"SELECT order_id, product_id FROM order_items WHERE qty = {q}",
     lambda q: f"SELECT order_id, product_id FROM order_items WHERE qty = {q} AND price > 2"),
    (["toys", "tools", "music", "garden"],
     lambda c: "SELECT p.name, sum(oi.qty) FROM order_items oi JOIN products p ON p.id = oi.product_id "
               f"WHERE p.category = '{c}' GROUP BY p.id ORDER BY 2 DESC LIMIT 10",
     lambda c: "SELECT p.name, sum(oi.qty) FROM order_items oi JOIN products p ON p.id = oi.product_id "
               f"WHERE p.category = '{c}' GROUP BY p.id ORDER BY 2 DESC LIMIT 5"),
    (["2021", "2022", "2023", "2021-0"],
     lambda y: f"SELECT strftime('%m', order_date) AS m, round(sum(total), 2) FROM orders WHERE order_date LIKE "
               f"'{y}%' GROUP BY m",
     lambda y: f"SELECT strftime('%m', order_date) AS m, round(sum(total), 1) FROM orders WHERE order_date LIKE "
               f"'{y}%' GROUP BY m"),
    ([100, 400, 250, 10],  # ~400 rows
     lambda lo: f"SELECT id, price FROM products WHERE price BETWEEN {lo} AND {lo + 100}",
     lambda lo: f"SELECT id, price FROM products WHERE price >= {lo} AND price <= {lo + 100}"),
    (SEGMENTS,
     lambda s: "SELECT count(DISTINCT o.customer_id) FROM orders o JOIN customers c ON c.id = o.customer_id "
               f"WHERE c.segment = '{s}'",
     lambda s: "SELECT count(o.customer_id) FROM orders o JOIN customers c ON c.id = o.customer_id "
               f"WHERE c.segment = '{s}'"),
    ([100, 700, 400, 1000],  # ~3,000 rows
     lambda d: f"SELECT id, customer_id, total FROM orders WHERE order_date BETWEEN '{day(d)}' AND '{day(d + 20)}'",
     lambda d: f"SELECT customer_id, total FROM orders WHERE order_date BETWEEN '{day(d)}' AND '{day(d + 20)}'"),
    ([10, 12, 14, 16],  # up to thousands of rows
     lambda n: f"SELECT customer_id, count(*) AS n FROM orders GROUP BY customer_id HAVING n > {n} ORDER BY n DESC",
     lambda n: f"SELECT customer_id, count(*) AS n FORM orders GROUP BY customer_id HAVING n > {n}"),
    (["France", "Norway", "Egypt", "Brazil"],
     lambda c: f"SELECT avg(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.country = '{c}'",
     lambda c: f"SELECT avg(o.totals) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.country = '{c}'"),
    (["books", "food", "sports", "beauty"],  # a correlated subquery per product of the category
     lambda c: "SELECT p.id, (SELECT count(*) FROM order_items oi WHERE oi.product_id = p.id) FROM products p "
               f"WHERE p.category = '{c}' AND p.id < 300",
     lambda c: "SELECT p.id, (SELECT count(*) FROM order_items oi WHERE oi.product_id = p.id) FROM products p "
               f"WHERE p.category = '{c}' AND p.id < 200"),
]
QUESTIONS: list[tuple[str, str]] = [
    (gold(param), gold(param) if k == 0 else variant(param))  # type: ignore[operator]
    for params, gold, variant in TEMPLATES for k, param in enumerate(params)
]
assert len(QUESTIONS) == 44 and len({q for pair in QUESTIONS for q in pair}) == 77


def run_each(conn: sqlite3.Connection, queries: list[str]) -> None:
    """Execute and fetch each query once on ``conn``, skipping a failing one: the work a floor times."""
    for sql in queries:
        try:
            conn.execute(sql).fetchall()
        except sqlite3.Error:
            pass


def spread(n_pairs: int, seed: int = 3) -> list[int]:
    """Question indices for ``n_pairs`` pairs: every question repeated ``n_pairs / 44`` times, shuffled so the
    repeats are spread through the file (completions recurring across steps and runs)."""
    order = [i % len(QUESTIONS) for i in range(n_pairs)]
    random.Random(seed).shuffle(order)
    return order


def write_bird_folder(root: Path, db_source: Path, order: list[int]) -> tuple[Path, Path]:
    """An official BIRD dev layout under ``root`` (``dev.json``, ``dev_tables.json``, ``dev_gold.sql``,
    ``dev_databases/sales/sales.sqlite``, a difficulty JSONL for the official script) and the official
    predictions file. Returns (data folder, predictions file)."""
    db_dir = root / "dev_databases" / DB_ID
    db_dir.mkdir(parents=True, exist_ok=True)
    db = db_dir / f"{DB_ID}.sqlite"
    if not db.exists():
        db.symlink_to(db_source.resolve())
    difficulties = ("simple", "moderate", "challenging")
    items = [{"question_id": i, "db_id": DB_ID, "question": f"question {q}", "evidence": "",
              "SQL": QUESTIONS[q][0], "difficulty": difficulties[q % 3]} for i, q in enumerate(order)]
    (root / "dev.json").write_text(json.dumps(items))
    (root / "dev.jsonl").write_text("".join(json.dumps(item) + "\n" for item in items))
    (root / "dev_gold.sql").write_text("".join(f"{QUESTIONS[q][0]}\t{DB_ID}\n" for q in order))
    (root / "dev_tables.json").write_text(json.dumps([schema(db)]))
    predictions = {str(i): f"{QUESTIONS[q][1]}\t----- bird -----\t{DB_ID}" for i, q in enumerate(order)}
    pred_path = root / "predict_dev.json"
    pred_path.write_text(json.dumps(predictions, indent=1))
    return root, pred_path


def schema(db: Path) -> dict:
    """``dev_tables.json`` entry read from the database itself."""
    conn = sqlite3.connect(Path(db).resolve().as_uri() + "?mode=ro", uri=True)
    names = conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
    tables = [r[0] for r in names]
    columns: list[list] = [[-1, "*"]]
    types = ["text"]
    for t, table in enumerate(tables):
        for _, name, kind, *_ in conn.execute(f"PRAGMA table_info({table})"):
            columns.append([t, name])
            types.append("number" if kind in ("INTEGER", "REAL") else "text")
    conn.close()
    return {"db_id": DB_ID, "table_names_original": tables, "table_names": tables,
            "column_names_original": columns, "column_names": columns, "column_types": types,
            "primary_keys": [], "foreign_keys": []}
