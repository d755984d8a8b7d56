"""Small datasets of the user's own kind (``--dataset``): a questions file beside a SQLite database, written here."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

SHOP = """
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total REAL);
INSERT INTO customers VALUES (1, 'Ada', 'Paris'), (2, 'Bo', 'Rome'), (3, 'Cy', 'Paris'), (4, 'Di', 'Oslo');
INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 3.0), (3, 2, 7.25), (4, 3, 1.0), (5, 4, 2.0);
"""

#: (question, gold SQL, split, difficulty)
QUESTIONS = [
    ("How many customers are there?", "SELECT count(*) FROM customers", "train", "easy"),
    ("Which customers live in Paris?", "SELECT name FROM customers WHERE city = 'Paris'", "train", "easy"),
    ("What is the largest order total?", "SELECT max(total) FROM orders", "train", "easy"),
    ("What is the total of all orders?", "SELECT sum(total) FROM orders", "dev", "easy"),
    ("How many orders did Ada place?", "SELECT count(*) FROM orders JOIN customers ON customers.id = "
     "orders.customer_id WHERE name = 'Ada'", "dev", "hard"),
    ("Which cities have customers?", "SELECT DISTINCT city FROM customers", "dev", "easy"),
    ("Name the customers of each city, by city.", "SELECT city, name FROM customers ORDER BY city", "dev", "hard"),
]


def write_shop(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.executescript(SHOP)
    connection.commit()
    connection.close()
    return path


def write_sql_dataset(folder: Path, *, manifest: str | None = None, csv_questions: bool = False) -> Path:
    """``folder`` with ``shop.sqlite``, the questions (``questions.jsonl``, or ``questions.csv``) and, unless
    ``manifest`` is ``""``, a ``dataset.toml`` (``manifest``, else one scored as BIRD)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_shop(folder / "shop.sqlite")
    rows = [{"id": f"q{i}", "question": q, "sql": sql, "split": split, "difficulty": level}
            for i, (q, sql, split, level) in enumerate(QUESTIONS)]
    if csv_questions:
        with (folder / "questions.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    else:
        (folder / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    if manifest is None:
        questions = "questions.csv" if csv_questions else "questions.jsonl"
        manifest = (f'name = "shop"\nkind = "text-to-sql"\nscoring = "bird"\nquestions = "{questions}"\n'
                    'databases = "shop.sqlite"\nbreakdown = ["difficulty"]\n')
    if manifest:
        (folder / "dataset.toml").write_text(manifest, encoding="utf-8")
    return folder
