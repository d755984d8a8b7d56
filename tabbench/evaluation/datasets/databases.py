"""A Text-to-SQL dataset's databases: SQLite files as they are, DuckDB files and CSV tables copied into SQLite.

The execution rewards run queries through the host's SQLite executor (read-only, time- and row-bounded, in the
worker pool), so a DuckDB file or a folder of CSV tables is copied once into a SQLite file in tabbench's cache
(``$TABBENCH_CACHE_DIR/datasets/<content hash>/``), keyed by the hash of what it was made from: the same data
gives the same file, a changed file a new one. Queries then run as SQLite runs them (write SQLite SQL; ``tabbench
validate`` shows a gold query that does not). Column types map to SQLite's affinities; dates become ISO text.

``databases`` in the manifest is one of:

- a SQLite file (``.sqlite``, ``.sqlite3``, ``.db``) or a DuckDB file (``.duckdb``): one database, named after
  the file (questions need no ``db_id`` column);
- a folder of such files (``<db_id>.sqlite``), of folders holding one (``<db_id>/<db_id>.sqlite``: BIRD's and
  Spider's layout), or of folders of CSV tables (``<db_id>/<table>.csv``);
- a folder of CSV tables (``<table>.csv``): one database, named after the folder.
"""

from __future__ import annotations

import datetime
import decimal
import hashlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.atomic import atomic_path
from tabbench.contract.errors import DataError
from tabbench.contract.hashing import file_sha256
from tabbench.contract.paths import cache_dir

SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
DUCKDB_SUFFIXES = (".duckdb",)
#: Rows copied per batch from DuckDB into SQLite.
_BATCH = 10_000


@dataclass(frozen=True)
class Database:
    """One database of a dataset: its name (``db_id``), its kind (``sqlite``, ``duckdb`` or ``csv``) and the
    file (or, for CSV tables, the files) it is made of."""

    name: str
    kind: str
    files: tuple[Path, ...]

    def sqlite_path(self) -> Path:
        """The SQLite file queries run on: the database itself, or its copy in the cache (made now if absent)."""
        if self.kind == "sqlite":
            return self.files[0]
        digest = hashlib.sha256(repr((self.kind, [(p.name, file_sha256(p)) for p in self.files])).encode())
        target = cache_dir("datasets", digest.hexdigest()[:32], f"{self.name}.sqlite")
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            with atomic_path(target) as scratch:
                _copy_to_sqlite(self, scratch)
        return target


def find_databases(root: Path) -> dict[str, Database]:
    """The databases under the manifest's ``databases`` path, by name; none is a ``DataError`` naming it."""
    found: dict[str, Database] = {}
    if root.is_file():
        database = _file_database(root)
        if database is None:
            raise DataError(f"{root}: not a database file (expected {', '.join(SQLITE_SUFFIXES + DUCKDB_SUFFIXES)})")
        return {database.name: database}
    entries = sorted(root.iterdir())
    for entry in entries:
        database = _file_database(entry) if entry.is_file() else _folder_database(entry)
        if database is not None:
            if database.name in found:
                raise DataError(f"{root}: two databases named {database.name!r} ({found[database.name].files[0]} "
                                f"and {database.files[0]})")
            found[database.name] = database
    tables = tuple(p for p in entries if p.is_file() and p.suffix.lower() == ".csv")
    if tables and not found:
        found[root.resolve().name] = Database(root.resolve().name, "csv", tables)
    if not found:
        raise DataError(f"{root}: no database in it (SQLite or DuckDB files, <db_id>/<db_id>.sqlite folders, or CSV "
                        "tables)")
    return found


def _file_database(path: Path) -> Database | None:
    suffix = path.suffix.lower()
    if suffix in SQLITE_SUFFIXES:
        return Database(path.stem, "sqlite", (path,))
    if suffix in DUCKDB_SUFFIXES:
        return Database(path.stem, "duckdb", (path,))
    return None


def _folder_database(folder: Path) -> Database | None:
    """``<db_id>/<db_id>.sqlite`` (or the folder's one database file), else ``<db_id>/*.csv``."""
    if not folder.is_dir():
        return None
    files = sorted(p for p in folder.iterdir() if p.is_file())
    own = [p for p in files if p.stem == folder.name and _file_database(p) is not None]
    databases = own or [p for p in files if _file_database(p) is not None]
    if len(databases) == 1:
        database = _file_database(databases[0])
        assert database is not None
        return Database(folder.name, database.kind, database.files)
    if len(databases) > 1:
        raise DataError(f"{folder}: {len(databases)} database files and none named {folder.name}.sqlite")
    tables = tuple(p for p in files if p.suffix.lower() == ".csv")
    return Database(folder.name, "csv", tables) if tables else None


def _copy_to_sqlite(database: Database, target: Path) -> None:
    """Copy a DuckDB file's tables, or CSV tables read with DuckDB's type detection, into a new SQLite file."""
    import duckdb

    try:
        if database.kind == "duckdb":
            source = duckdb.connect(str(database.files[0]), read_only=True)
            names = [row[0] for row in source.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
                "AND table_type = 'BASE TABLE' ORDER BY table_name").fetchall()]
        else:
            source = duckdb.connect(":memory:")
            names = []
            for path in database.files:
                source.execute(f"CREATE TABLE {_quote(path.stem)} AS SELECT * FROM read_csv(?)", [str(path)])
                names.append(path.stem)
    except duckdb.Error as exc:
        raise DataError(f"{database.files[0]}: cannot read database {database.name!r} ({exc})") from None
    target_db = sqlite3.connect(target)
    try:
        for name in names:
            cursor = source.execute(f"SELECT * FROM {_quote(name)}")
            columns = [(column[0], _affinity(str(column[1]))) for column in cursor.description]
            target_db.execute(f"CREATE TABLE {_quote(name)} ("
                              + ", ".join(f"{_quote(c)} {kind}" for c, kind in columns) + ")")
            insert = f"INSERT INTO {_quote(name)} VALUES ({', '.join('?' for _ in columns)})"
            while batch := cursor.fetchmany(_BATCH):
                target_db.executemany(insert, [tuple(_value(v) for v in row) for row in batch])
        target_db.commit()
    finally:
        target_db.close()
        source.close()


def _affinity(duck_type: str) -> str:
    """The SQLite column type for a DuckDB type (SQLite's affinity rules read the declared name)."""
    upper = duck_type.upper()
    if "INT" in upper or upper == "BOOLEAN":
        return "INTEGER"
    if any(word in upper for word in ("DOUBLE", "FLOAT", "REAL", "DECIMAL", "NUMERIC")):
        return "REAL"
    if upper in ("BLOB", "BYTEA"):
        return "BLOB"
    return "TEXT"


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat(sep=" ") if isinstance(value, datetime.datetime) else value.isoformat()
    if isinstance(value, int | float | str | bytes) or value is None:
        return value
    return str(value)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
