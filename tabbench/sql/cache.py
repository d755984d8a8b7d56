"""Gold results persisted on disk, so a reference query runs once across evaluations and training runs.

Key: sha256 of (database file sha256, gold SQL, ``Limits.key()``, SQLite version, format version). The file
hash is itself cached by (path, size, mtime, inode), in memory and in the cache database, so a 1 GB BIRD
database is hashed once, not once per process. Failures (``EXEC_ERROR``, ``TIMEOUT``) are cached like
successes: callers map them to ``GOLD_ERROR`` / ``GOLD_TIMEOUT``. Delete the directory (or call
``GoldCache.clear``) after changing machines if cached gold timeouts matter to you.

Location: ``$TABBENCH_CACHE_DIR/gold`` when that variable is set, else ``~/.cache/tabbench/gold``; one
SQLite file, ``gold.sqlite``, in WAL mode so concurrent processes (pool parents, TRL ranks) share it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from tabbench.contract.hashing import file_sha256
from tabbench.contract.paths import cache_dir
from tabbench.sql.execute import Limits, QueryResult
from tabbench.sql.store import database_identity

FORMAT_VERSION = "1"

_hash_memo: dict[tuple[str, int, int, int], str] = {}
_hash_lock = threading.Lock()


def default_cache_dir() -> Path:
    """``$TABBENCH_CACHE_DIR/gold`` or ``~/.cache/tabbench/gold``."""
    return cache_dir("gold")


class GoldCache:
    """A persistent map from (database contents, gold SQL, limits) to ``QueryResult``.

    Safe to use from several processes at once; each process opens its own connection lazily (also after a
    fork). Raises ``OSError``/``sqlite3.Error`` only when the cache directory cannot be created or written.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.path = self.directory / "gold.sqlite"
        self._conn: sqlite3.Connection | None = None
        self._pid = -1
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"GoldCache({str(self.directory)!r})"

    def __getstate__(self) -> dict[str, object]:  # connections do not travel to workers
        return {"directory": self.directory}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(state["directory"])  # type: ignore[misc, arg-type]

    def _db(self) -> sqlite3.Connection:
        if self._conn is None or self._pid != os.getpid():
            self.directory.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
            _set_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("CREATE TABLE IF NOT EXISTS gold (key TEXT PRIMARY KEY, result BLOB, created REAL)")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS files (path TEXT, size INTEGER, mtime_ns INTEGER, inode INTEGER, "
                "sha256 TEXT, PRIMARY KEY (path, size, mtime_ns, inode))"
            )
            self._conn, self._pid = conn, os.getpid()
        return self._conn

    # --- database fingerprints -------------------------------------------------------------------------

    def file_hash(self, db_path: str | os.PathLike[str]) -> str:
        """sha256 of the file, computed once per (path, size, mtime, inode) across processes."""
        signature = database_identity(os.fspath(db_path))
        with _hash_lock:
            known = _hash_memo.get(signature)
        if known is not None:
            return known
        with self._lock:
            row = self._db().execute(
                "SELECT sha256 FROM files WHERE path=? AND size=? AND mtime_ns=? AND inode=?", signature
            ).fetchone()
        digest = row[0] if row else file_sha256(Path(signature[0]))
        if row is None:
            with self._lock:
                self._db().execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)", (*signature, digest))
        with _hash_lock:
            _hash_memo[signature] = digest
        return digest

    # --- gold results ----------------------------------------------------------------------------------

    def key(self, db_path: str | os.PathLike[str], sql: str, limits: Limits, *, file_hash: str | None = None) -> str:
        """The cache key; raises ``OSError`` when the database file cannot be read. Pass ``file_hash`` when
        already known (many keys for one database)."""
        digest = file_hash if file_hash is not None else self.file_hash(db_path)
        text = "\0".join((FORMAT_VERSION, sqlite3.sqlite_version, digest, sql, limits.key()))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, db_path: str | os.PathLike[str], sql: str, limits: Limits) -> QueryResult | None:
        return self.get_many([self.key(db_path, sql, limits)]).get(self.key(db_path, sql, limits))

    def put(self, db_path: str | os.PathLike[str], sql: str, limits: Limits, result: QueryResult) -> None:
        self.put_many([(self.key(db_path, sql, limits), result)])

    def get_many(self, keys: Sequence[str]) -> dict[str, QueryResult]:
        """The cached results among ``keys`` (missing keys are absent from the answer)."""
        found: dict[str, QueryResult] = {}
        with self._lock:
            db = self._db()
            for start in range(0, len(keys), 500):
                chunk = list(keys[start: start + 500])
                marks = ",".join("?" * len(chunk))
                for key, blob in db.execute(f"SELECT key, result FROM gold WHERE key IN ({marks})", chunk):
                    try:
                        found[key] = pickle.loads(blob)
                    except Exception:  # written by an incompatible version: recompute
                        continue
        return found

    def put_many(self, items: Iterable[tuple[str, QueryResult]]) -> None:
        now = time.time()
        rows = [(key, pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL), now) for key, result in items]
        if not rows:
            return
        with self._lock:
            db = self._db()
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT OR REPLACE INTO gold VALUES (?, ?, ?)", rows)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def __len__(self) -> int:
        with self._lock:
            return self._db().execute("SELECT count(*) FROM gold").fetchone()[0]

    def clear(self) -> None:
        """Forget every cached gold result and file hash."""
        with self._lock:
            self._db().execute("DELETE FROM gold")
            self._db().execute("DELETE FROM files")
        with _hash_lock:
            _hash_memo.clear()

    def close(self) -> None:
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None


def _set_wal(conn: sqlite3.Connection, attempts: int = 200) -> None:
    """Switch to WAL. SQLite answers "database is locked" at once (without its busy handler) when another
    process is creating the same cache at that moment, so retry for up to about ten seconds."""
    for attempt in range(attempts):
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.05)
