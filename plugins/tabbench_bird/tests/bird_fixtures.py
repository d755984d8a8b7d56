"""A small BIRD-layout dataset written by the tests: one database with a description folder, dev and
Mini-Dev question files, gold files and an official predictions file, with query pairs covering the tricky
cases (row order, duplicates, column order, 1 vs 1.0, NULLs, '1' vs 1, empty results, errors, writes)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

SCHEMA = """
CREATE TABLE shop (id INTEGER PRIMARY KEY, city TEXT, opened INTEGER);
CREATE TABLE sale (id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shop(id), amount REAL, code TEXT,
                   note TEXT);
"""
ROWS = {
    "shop": [(1, "Oslo", 1999), (2, "Bergen", 2005), (3, "Oslo", 2010)],
    "sale": [(1, 1, 10.0, "1", None), (2, 1, 10.0, "2", "late"), (3, 2, 7.5, "3", None), (4, 3, 0.1, "4", "x")],
}
DESCRIPTIONS = {
    "shop": "original_column_name,column_name,column_description,data_format,value_description\n"
            "id,shop id,unique id of the shop,integer,\ncity,city,city of the shop,text,\n"
            "opened,opened,year the shop opened,integer,\n",
}

# (name, difficulty, gold, prediction)
CASES = [
    ("identical", "simple", "SELECT city FROM shop WHERE opened > 2000", "SELECT city FROM shop WHERE opened > 2000"),
    ("row_order", "simple", "SELECT id, city FROM shop ORDER BY id", "SELECT id, city FROM shop ORDER BY id DESC"),
    ("duplicates", "simple", "SELECT city FROM shop", "SELECT DISTINCT city FROM shop"),
    ("column_order", "moderate", "SELECT id, city FROM shop", "SELECT city, id FROM shop"),
    ("int_vs_float", "simple", "SELECT count(*) FROM sale", "SELECT count(*) * 1.0 FROM sale"),
    ("nulls", "moderate", "SELECT note FROM sale WHERE id = 1", "SELECT note FROM sale WHERE id = 3"),
    ("text_vs_number", "moderate", "SELECT code FROM sale WHERE id = 1", "SELECT id FROM sale WHERE id = 1"),
    ("empty_both", "simple", "SELECT city FROM shop WHERE opened > 3000", "SELECT city FROM shop WHERE id > 99"),
    ("pred_empty", "simple", "SELECT city FROM shop", "SELECT city FROM shop WHERE 0"),
    ("pred_error", "challenging", "SELECT city FROM shop", "SELECT town FROM shop"),
    ("extra_column", "moderate", "SELECT city FROM shop WHERE id = 1", "SELECT city, opened FROM shop WHERE id = 1"),
    ("float_exact", "challenging", "SELECT 0.3", "SELECT 0.1 + 0.2"),
    ("partial_rows", "moderate", "SELECT amount FROM sale WHERE shop_id = 1 ORDER BY id",
     "SELECT amount FROM sale ORDER BY id"),
    ("two_statements", "simple", "SELECT 1", "SELECT 1; SELECT 2"),
    ("write_leak", "challenging", "SELECT city FROM shop WHERE opened > 3000", "DELETE FROM sale WHERE id > 99"),
]


def _database(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    for table, values in ROWS.items():
        conn.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(values[0]))})", values)
    conn.commit()
    conn.close()
    description = path.parent / "database_description"
    description.mkdir(exist_ok=True)
    for table, text in DESCRIPTIONS.items():
        (description / f"{table}.csv").write_text(text, encoding="utf-8")


TABLES_JSON = [{
    "db_id": "retail",
    "table_names_original": ["shop", "sale"],
    "table_names": ["shop", "sale"],
    "column_names_original": [[-1, "*"], [0, "id"], [0, "city"], [0, "opened"], [1, "id"], [1, "shop_id"],
                              [1, "amount"], [1, "code"], [1, "note"]],
    "column_names": [[-1, "*"], [0, "id"], [0, "city"], [0, "opened"], [1, "id"], [1, "shop id"], [1, "amount"],
                     [1, "code"], [1, "note"]],
    "column_types": ["text", "integer", "text", "integer", "integer", "integer", "real", "text", "text"],
    "primary_keys": [1, 4],
    "foreign_keys": [[5, 1]],
}]


def write_bird(root: Path) -> Path:
    """Write dev and Mini-Dev files in the official layout under ``root``; returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    _database(root / "dev_databases" / "retail" / "retail.sqlite")
    questions = [
        {"question_id": i, "db_id": "retail", "question": f"case {name}?", "evidence": "opened is a year",
         "SQL": gold, "difficulty": difficulty}
        for i, (name, difficulty, gold, _) in enumerate(CASES)
    ]
    (root / "dev.json").write_text(json.dumps(questions, indent=2))
    (root / "mini_dev_sqlite.json").write_text(json.dumps(questions, indent=2))
    (root / "mini_dev_sqlite.jsonl").write_text("".join(json.dumps(q) + "\n" for q in questions))
    (root / "dev_tables.json").write_text(json.dumps(TABLES_JSON))
    gold = "".join(f"{gold}\tretail\n" for _, _, gold, _ in CASES)
    (root / "dev.sql").write_text(gold)
    (root / "mini_dev_sqlite_gold.sql").write_text(gold)
    predictions = {str(i): f"{pred}\t----- bird -----\tretail" for i, (_, _, _, pred) in enumerate(CASES)}
    (root / "predict_dev.json").write_text(json.dumps(predictions, indent=4))
    return root
