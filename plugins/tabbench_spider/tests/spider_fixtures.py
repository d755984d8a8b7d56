"""A small Spider-layout dataset written by the tests: one shop database, a test-suite neighbour, and
query pairs covering the tricky cases (duplicates, NULLs, 1 vs 1.0, column order, ORDER BY, ties, empty
results, errors, the ``value`` placeholder, DISTINCT inside COUNT, writes)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

SCHEMA = """
CREATE TABLE category (id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, qty INTEGER, cat_id INTEGER,
                   value_usd REAL, FOREIGN KEY (cat_id) REFERENCES category(id));
"""
ROWS = {
    "category": [(1, "tools"), (2, "toys"), (3, "food")],
    "item": [
        (1, "hammer", 10.0, 3, 1, 12.0), (2, "saw", 15.5, 1, 1, 18.0), (3, "ball", 15.5, None, 2, 17.0),
        (4, "doll", 7.0, 5, 2, 8.0), (5, "apple", 0.5, 100, 3, 0.6), (6, "apple", 0.5, 50, 3, 0.6),
    ],
}
# The test-suite neighbour: same schema, other rows (a query right by coincidence fails here).
NEIGHBOUR_ROWS = {
    "category": [(1, "tools"), (2, "toys")],
    "item": [(1, "hammer", 10.0, 3, 2, 12.0), (2, "saw", 15.5, 1, 1, 18.0), (3, "nail", 0.1, 9, 1, 0.2)],
}

# (name, gold, prediction)
CASES = [
    ("identical", "SELECT name FROM item WHERE qty > 2", "SELECT name FROM item WHERE qty > 2"),
    ("column_order", "SELECT name, price FROM item", "SELECT price, name FROM item"),
    ("row_distinct", "SELECT cat_id FROM item", "SELECT DISTINCT cat_id FROM item"),
    ("count_distinct", "SELECT count(DISTINCT cat_id) FROM item", "SELECT count(cat_id) FROM item"),
    ("order_by", "SELECT name FROM item ORDER BY price", "SELECT name FROM item ORDER BY price DESC"),
    ("no_order_needed", "SELECT name FROM item WHERE cat_id = 2",
     "SELECT name FROM item WHERE cat_id = 2 ORDER BY name"),
    ("ties", "SELECT name FROM item ORDER BY price DESC LIMIT 1",
     "SELECT name FROM item WHERE price = (SELECT max(price) FROM item)"),
    ("duplicates_count", "SELECT name FROM item WHERE price < 1", "SELECT DISTINCT name FROM item WHERE price < 1"),
    ("null", "SELECT qty FROM item WHERE name = 'ball'", "SELECT qty FROM item WHERE id = 3"),
    ("int_vs_float", "SELECT qty FROM item WHERE id = 1", "SELECT qty * 1.0 FROM item WHERE id = 1"),
    ("empty_both", "SELECT name FROM item WHERE price > 1000", "SELECT name FROM item WHERE qty > 1000"),
    ("pred_error", "SELECT name FROM item", "SELECT nme FROM item"),
    ("value_placeholder", "SELECT name FROM item WHERE qty > 1", "SELECT name FROM item WHERE qty > value"),
    ("value_in_identifier", "SELECT value_usd FROM item WHERE id = 2", "SELECT value_usd FROM item WHERE id = 2"),
    ("spaced_operator", "SELECT name FROM item WHERE qty >= 3", "SELECT name FROM item WHERE qty > = 3"),
    ("coincidence", "SELECT name FROM item WHERE cat_id = 1", "SELECT name FROM item WHERE id IN (1, 2)"),
    ("join_alias", "SELECT T2.title FROM item AS T1 JOIN category AS T2 ON T1.cat_id = T2.id WHERE T1.qty > 2",
     "SELECT c.title FROM item AS i JOIN category AS c ON i.cat_id = c.id WHERE i.qty > 4"),
    ("group_having", "SELECT cat_id, count(*) FROM item GROUP BY cat_id HAVING count(*) > 1",
     "SELECT cat_id, count(*) FROM item GROUP BY cat_id"),
    ("set_op", "SELECT name FROM item WHERE cat_id = 1 UNION SELECT name FROM item WHERE cat_id = 2",
     "SELECT name FROM item WHERE cat_id = 1 OR cat_id = 2"),
    ("nested", "SELECT name FROM item WHERE price > (SELECT avg(price) FROM item)",
     "SELECT name FROM item WHERE price > 9"),
    ("write", "SELECT name FROM item WHERE price > 1000", "DELETE FROM item WHERE price > 1000"),
]

TABLES_JSON = [{
    "db_id": "shop",
    "table_names_original": ["category", "item"],
    "table_names": ["category", "item"],
    "column_names_original": [[-1, "*"], [0, "id"], [0, "title"], [1, "id"], [1, "name"], [1, "price"],
                              [1, "qty"], [1, "cat_id"], [1, "value_usd"]],
    "column_names": [[-1, "*"], [0, "id"], [0, "title"], [1, "id"], [1, "name"], [1, "price"], [1, "qty"],
                     [1, "category id"], [1, "value usd"]],
    "column_types": ["text", "number", "text", "number", "text", "number", "number", "number", "number"],
    "foreign_keys": [[7, 1]],
    "primary_keys": [1, 3],
}]


def _database(path: Path, rows: dict[str, list[tuple]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    for table, values in rows.items():
        marks = ",".join("?" * len(values[0]))
        conn.executemany(f"INSERT INTO {table} VALUES ({marks})", values)
    conn.commit()
    conn.close()


def write_spider(root: Path) -> Path:
    """Write the dataset in the official layout under ``root``; returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    _database(root / "database" / "shop" / "shop.sqlite", ROWS)
    _database(root / "test_suite" / "shop" / "shop.sqlite", ROWS)
    _database(root / "test_suite" / "shop" / "shop_neighbour.sqlite", NEIGHBOUR_ROWS)
    questions = [{"db_id": "shop", "question": f"case {name}", "query": gold} for name, gold, _ in CASES]
    (root / "dev.json").write_text(json.dumps(questions, indent=1))
    (root / "tables.json").write_text(json.dumps(TABLES_JSON))
    (root / "dev_gold.sql").write_text("".join(f"{gold}\tshop\n" for _, gold, _ in CASES))
    (root / "pred.txt").write_text("".join(f"{pred}\n" for _, _, pred in CASES))
    return root
