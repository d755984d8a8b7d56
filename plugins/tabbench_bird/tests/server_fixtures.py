"""BIRD Mini-Dev in its official server layout, written from the demo BIRD data: the questions
(``mini_dev_<dialect>.json``), the gold file (``mini_dev_<dialect>_gold.sql``, the demo's SQLite gold
transpiled by sqlglot), ``dev_tables.json`` and an official-format predictions file
(``predict_mini_dev_fixture_<dialect>.json``) whose predictions cover the cases that decide parity: exact
gold, another question's gold, syntax errors, duplicates and row order (``DISTINCT``, a derived table), a
second statement, writes (the DML leak) and a PostgreSQL data-modifying CTE.

``official_verdict`` is BIRD's ``evaluation_ex.py`` server path restated (not copied): a new connection per
pair as the administrator, the prediction then the gold on one cursor in one uncommitted transaction, rows
compared as sets, any exception 0. PostgreSQL is reached through psycopg 3 where upstream uses psycopg2: for
several statements psycopg2's ``fetchall`` returns the last result, so the restatement moves to the last one.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import sqlglot

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "plugins" / "tabbench_demo" / "data" / "bird"
SEPARATOR = "\t----- bird -----\t"
SQLGLOT = {"postgresql": "postgres", "mysql": "mysql"}


def _special(dialect: str) -> list[str]:
    """Predictions every fixture carries, cycled over the questions."""
    common = [
        "DELETE FROM customers",  # upstream: runs on the gold's connection (MySQL: the gold then sees no rows)
        "UPDATE products SET price = 0",
        "SELECT 1",
        "SELECT name FROM customers; SELECT 1",  # psycopg2: the last result; PyMySQL: a syntax error
        "SELECT NULL",
        "SELECT count(*) FROM students WHERE grade > 100",
    ]
    if dialect == "postgresql":
        common.append("WITH d AS (DELETE FROM students RETURNING *) SELECT count(*) FROM d")
    return common


def _gold(sql: str, dialect: str) -> str:
    return sqlglot.transpile(sql, read="sqlite", write=SQLGLOT[dialect])[0]


def _prediction(index: int, golds: list[str], db_ids: list[str], dialect: str) -> str:
    gold, kind = golds[index], index % 6
    if kind == 0:
        return gold
    if kind == 1:
        return golds[(index + 1) % len(golds)]
    if kind == 2:
        return "SELEC " + gold[len("SELECT "):] if gold.upper().startswith("SELECT ") else gold + " WHERE"
    if kind == 3:
        return f"SELECT * FROM ({gold}) AS sub"
    if kind == 4:
        return gold.replace("SELECT ", "SELECT DISTINCT ", 1) if "DISTINCT" not in gold.upper() else gold
    specials = _special(dialect)
    return specials[(index // 6) % len(specials)]


def write_minidev(folder: Path, dialect: str, limit: int | None = None) -> Path:
    """Write the Mini-Dev files for ``dialect`` into ``folder``; returns the predictions file."""
    folder.mkdir(parents=True, exist_ok=True)
    items = json.loads((DEMO / "dev.json").read_text())[:limit]
    golds = [_gold(item["SQL"], dialect) for item in items]
    db_ids = [item["db_id"] for item in items]
    questions = [{**item, "SQL": gold} for item, gold in zip(items, golds, strict=True)]
    (folder / f"mini_dev_{dialect}.json").write_text(json.dumps(questions, indent=2))
    (folder / f"mini_dev_{dialect}_gold.sql").write_text(
        "".join(f"{gold}\t{db}\n" for gold, db in zip(golds, db_ids, strict=True)))
    shutil.copy(DEMO / "dev_tables.json", folder / "dev_tables.json")
    predictions = {str(i): _prediction(i, golds, db_ids, dialect) + SEPARATOR + db_ids[i] for i in range(len(items))}
    path = folder / f"predict_mini_dev_fixture_{dialect}.json"
    path.write_text(json.dumps(predictions, indent=4))
    return path


def official_verdict(connect, predicted: str, gold: str) -> int:
    """1 when the prediction's rows equal the gold's as sets, as upstream computes it on a server; else 0."""
    try:
        conn = connect()
        try:
            cursor = conn.cursor()
            cursor.execute(predicted)
            while hasattr(cursor, "nextset") and cursor.nextset():  # psycopg2 keeps only the last result
                pass
            predicted_rows = cursor.fetchall()
            cursor.execute(gold)
            gold_rows = cursor.fetchall()
        finally:
            conn.close()
        return int(set(predicted_rows) == set(gold_rows))
    except Exception:
        return 0
