"""Red-team findings beyond the hostile corpora of test_sql_execute, test_sql_batch and test_sandbox_hostile: each
test is an attack that got through before its fix (what it did is in the test's docstring)."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

import tabbench.sql.execute as execute_module
from tabbench.contract.types import Status
from tabbench.sql import Limits, SqliteExecutor, register_function
from tests.test_sql_execute import make_db, sha

MiB = 1 << 20


def _open_temp_files() -> int:
    """This process's open SQLite temp files (unlinked ``etilqs_*`` files: invisible to a directory listing)."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            count += "etilqs_" in os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            pass
    return count


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc to see unlinked temp files")
def test_sqlite_sort_does_not_spill_to_the_hosts_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A big ORDER BY (or DISTINCT, UNION) wrote its sorter to unlinked files in /var/tmp: 300 MB in 2 s for one
    query, gigabytes within a 30 s timeout, from a read-only SELECT."""
    monkeypatch.setattr(execute_module, "_EXTRA_FUNCTIONS", {})
    register_function("open_temp_files", 0, _open_temp_files, deterministic=False)
    db = make_db(tmp_path / "music.sqlite", rows=10)
    before = sha(db)
    executor = SqliteExecutor()
    # 1,000 rows of 100 kB to sort: three times the 32 MB page cache, past which SQLite spills
    sql = ("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 1000) "
           "SELECT x, open_temp_files() FROM r ORDER BY randomblob(100000)")
    result = executor.execute(db, sql, Limits(timeout=30))
    executor.close()
    assert result.ok and len(result.rows) == 1000, result.error
    assert max(row[1] for row in result.rows) == 0
    assert sha(db) == before


def test_sqlite_byte_cap_bounds_the_memory_of_a_fetch(tmp_path: Path) -> None:
    """Rows were fetched 1,000 at a time and measured afterwards: 100 rows of 16 MB blobs took 1.5 GB of the
    evaluator's (or a pool worker's) memory for a 64 MB cap, 1,000 rows would take 16 GB."""
    db = make_db(tmp_path / "music.sqlite", rows=10)
    limits = Limits(timeout=30, max_bytes=2 * MiB, max_value_bytes=MiB)
    sql = ("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 300) "
           "SELECT zeroblob(1000000) FROM r")
    executor = SqliteExecutor()
    tracemalloc.start()
    try:
        result = executor.execute(db, sql, limits)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        executor.close()
    assert result.ok and result.truncated and len(result.rows) == 2
    assert peak < 8 * MiB, peak  # the 2 MB kept, the row that did not fit, and change; 300 MB before
    # the cap still serves ordinary results in full
    small = SqliteExecutor().execute(db, "SELECT id, name FROM singer ORDER BY id", limits)
    assert small.ok and not small.truncated and len(small.rows) == 10


def test_duckdb_past_its_memory_limit_fails_instead_of_spilling_to_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past ``memory_limit`` DuckDB spilled to a ``.tmp`` folder in the evaluator's working directory (or beside a
    database file), up to 90% of the free disk, and left it there if the process was killed."""
    import duckdb
    import pandas as pd

    from tabbench.sql import DuckSession

    monkeypatch.chdir(tmp_path)
    sql = ("SELECT count(*) FROM (SELECT md5(range::varchar) || md5((range + 1)::varchar) AS s "
           "FROM range(2000000) ORDER BY s)")
    with DuckSession(tables={"t": pd.DataFrame({"a": [1]})}, limits=Limits(timeout=30, memory_mb=32)) as session:
        result = session.execute(sql)
        assert result.status == Status.EXEC_ERROR and "Out of Memory" in (result.error or "")
        assert os.listdir(tmp_path) == []
        assert session.execute("SELECT count(*) FROM t").rows == ((1,),)
    path = tmp_path / "t.duckdb"
    conn = duckdb.connect(str(path))
    conn.execute("CREATE TABLE t AS SELECT 1 AS a")
    conn.close()
    with DuckSession(db_path=path, limits=Limits(timeout=30, memory_mb=32)) as session:
        assert session.execute(sql).status == Status.EXEC_ERROR
        assert os.listdir(tmp_path) == ["t.duckdb"]
