"""Copy SQLite databases into a PostgreSQL or MySQL/MariaDB database (schema through sqlglot, then rows).

For tests, benchmarks and users who have BIRD's SQLite files but no server dump. Names follow BIRD
Mini-Dev's server dumps: on PostgreSQL a plain name (``CustomerID``) is created unquoted, so the server
folds it to lower case and the official gold SQL (``SELECT CustomerID FROM customers``) finds it, while a
name that needs quoting (``"Free Meal Count (K-12)"``) keeps its case; on MySQL every name keeps its case.
Foreign keys are dropped (tables load in any order); integer columns become ``BIGINT`` as in SQLite; a
MySQL ``TEXT`` key column becomes ``VARCHAR(255)`` (MySQL cannot index ``TEXT`` without a length).

This writes: pass an administrator's DSN (with its password in the environment, as everywhere), never the
read-only role's.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sqlglot
from sqlglot import exp

from tabbench.sql.dsn import mysql_params, server_kind

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
BATCH_ROWS = 5000


def _server_ddl(create_sql: str, dialect: str) -> str:
    tree = sqlglot.parse_one(create_sql, read="sqlite")
    for foreign in list(tree.find_all(exp.ForeignKey)):
        parent = foreign.parent
        (parent if isinstance(parent, exp.Constraint) else foreign).pop()
    for column_constraint in list(tree.find_all(exp.ColumnConstraint)):
        if isinstance(column_constraint.args.get("kind"), exp.Reference):
            column_constraint.pop()
    keys = {ident.name for key in tree.find_all(exp.PrimaryKey, exp.UniqueColumnConstraint)
            for ident in key.find_all(exp.Identifier)}
    for column in tree.find_all(exp.ColumnDef):
        if any(isinstance(c.args.get("kind"), exp.PrimaryKeyColumnConstraint) for c in column.constraints):
            keys.add(column.name)
    for ident in tree.find_all(exp.Identifier):
        if dialect == "postgres":
            ident.set("quoted", not _PLAIN.match(ident.name))
            if not ident.args["quoted"]:
                ident.set("this", ident.name.lower())
        else:
            ident.set("quoted", True)
    for column in tree.find_all(exp.ColumnDef):
        kind = column.args.get("kind")
        if kind is None:
            column.set("kind", exp.DataType.build("TEXT"))
        elif kind.this in (exp.DataType.Type.INT, exp.DataType.Type.SMALLINT, exp.DataType.Type.TINYINT):
            column.set("kind", exp.DataType.build("BIGINT"))
        elif dialect == "mysql" and column.name in keys and kind.this == exp.DataType.Type.TEXT:
            column.set("kind", exp.DataType.build("VARCHAR(255)", dialect="mysql"))
    return tree.sql(dialect)


def _tables(sqlite_path: Path) -> list[tuple[str, str, list[str], list[tuple[Any, ...]]]]:
    conn = sqlite3.connect(Path(sqlite_path).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        out = []
        for name, create in conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall():
            cursor = conn.execute(f'SELECT * FROM "{name.replace(chr(34), chr(34) * 2)}"')
            columns = [d[0] for d in cursor.description]
            out.append((name, create, columns, cursor.fetchall()))
        return out
    finally:
        conn.close()


def _pg_name(name: str) -> str:
    return name.lower() if _PLAIN.match(name) else '"' + name.replace('"', '""') + '"'


def _my_name(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _batches(rows: list[tuple[Any, ...]]) -> Iterable[list[tuple[Any, ...]]]:
    for start in range(0, len(rows), BATCH_ROWS):
        yield rows[start: start + BATCH_ROWS]


def load_sqlite(admin_dsn: str, sqlite_paths: Iterable[str | Path], *, replace: bool = True) -> list[str]:
    """Create every table of each SQLite file in the database ``admin_dsn`` names and copy its rows.

    Returns the tables created. ``replace``: drop a table of the same name first. Raises the driver's
    error on failure.
    """
    kind = server_kind(admin_dsn)
    if kind is None:
        raise ValueError("admin_dsn must be a postgresql:// or mysql:// DSN")
    created: list[str] = []
    if kind == "postgresql":
        import psycopg

        with psycopg.connect(admin_dsn) as conn, conn.cursor() as cursor:
            for path in sqlite_paths:
                for name, create, columns, rows in _tables(Path(path)):
                    if replace:
                        cursor.execute(f"DROP TABLE IF EXISTS {_pg_name(name)}")  # type: ignore[arg-type]
                    cursor.execute(_server_ddl(create, "postgres"))  # type: ignore[arg-type]
                    names = ", ".join(_pg_name(c) for c in columns)
                    with cursor.copy(f"COPY {_pg_name(name)} ({names}) FROM STDIN") as copy:  # type: ignore[arg-type]
                        for row in rows:
                            copy.write_row(row)
                    created.append(name)
        return created
    import pymysql

    conn = pymysql.connect(**mysql_params(admin_dsn).connect_kwargs(), autocommit=False)  # type: ignore[arg-type]
    try:
        with conn.cursor() as cursor:
            for path in sqlite_paths:
                for name, create, columns, rows in _tables(Path(path)):
                    if replace:
                        cursor.execute(f"DROP TABLE IF EXISTS {_my_name(name)}")
                    cursor.execute(_server_ddl(create, "mysql"))
                    marks = ", ".join(["%s"] * len(columns))
                    insert = (f"INSERT INTO {_my_name(name)} ({', '.join(_my_name(c) for c in columns)}) "
                              f"VALUES ({marks})")
                    for batch in _batches(rows):
                        cursor.executemany(insert, batch)
                    created.append(name)
        conn.commit()
    finally:
        conn.close()
    return created
