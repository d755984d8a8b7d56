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


# --- the Python sandbox ---------------------------------------------------------------------------------------

# the audit hook's deny list emptied by walking frames (docs/sandbox.md: model code can), so ctypes reaches libc
_NO_AUDIT = ("import ctypes, sys\nsys._getframe(1).f_locals['DENY'].clear()\n"
             "libc = ctypes.CDLL(None, use_errno=True)\n")


def test_sandbox_memory_outside_the_address_space_limit_is_refused() -> None:
    """memfd files (and System V segments and queues) hold host RAM that RLIMIT_AS does not count: with
    ``memory_mb=200`` a program held 720 MB this way, and up to open_files x file_size_mb (16 GB by default)."""
    from tabbench.sandbox import run_python

    held = ("import os\nfds = []\nfor i in range(6):\n    fd = os.memfd_create(f'm{i}')\n"
            "    for _ in range(50):\n        os.write(fd, b'x' * (1 << 20))\n    fds.append(fd)\n"
            "print('HELD', 50 * len(fds))\n")
    result = run_python(held, memory_mb=200, timeout_s=30)
    assert result.status is Status.EXEC_ERROR and "HELD" not in result.stdout
    assert "PermissionError" in (result.error or ""), result.error
    sysv = _NO_AUDIT + ("print('SHM', libc.shmget(0, 1 << 20, 0o1600), ctypes.get_errno())\n"
                        "print('MSG', libc.msgget(0, 0o1600), ctypes.get_errno())\n")
    result = run_python(sysv, timeout_s=30)
    assert result.ok, result.error
    assert "SHM -1 1\n" in result.stdout and "MSG -1 1\n" in result.stdout, result.stdout


def test_sandbox_report_nested_past_the_parsers_recursion_is_refused_not_raised() -> None:
    """A program that rewrites the report (it can reach the nonce by walking frames) nested its value 200,000
    levels deep: ``run_python`` raised RecursionError into the evaluator instead of returning a result."""
    from tabbench.sandbox import run_python

    forge = ("import os, sys\nframe = sys._getframe(1)\nnonce = frame.f_locals['NONCE']\n"
             "fd = [int(n) for n in os.listdir('/proc/self/fd') if 200 <= int(n) < 1000][0]\n"
             "os.lseek(fd, 0, 0)\nos.write(fd, REPORT.replace('NONCE', nonce).encode())\nos._exit(EXIT)\n")
    deep = '{"nonce": "NONCE", "steps": [{"ok": true}], "value": ' + "[" * 200_000 + "]" * 200_000 + "}"
    result = run_python(f"REPORT = {deep!r}\nEXIT = 0\n" + forge, timeout_s=30)
    assert result.status is Status.EXEC_ERROR and result.value is None
    odd = '{"nonce": "NONCE", "steps": [{"ok": false, "error": {"not": ["text"]}}], "epilogue_error": 7}'
    result = run_python(f"REPORT = {odd!r}\nEXIT = 1\n" + forge, timeout_s=30)
    assert result.status is Status.EXEC_ERROR
    assert isinstance(result.error, str) and isinstance(result.epilogue_error, str)


def test_tabbench_packages_in_a_system_or_dist_packages_install_are_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only ``<bind>/lib*/python3*/site-packages`` was searched, and never under ``/usr``: a system or Docker
    ``pip install`` (``/usr/local/lib/python3.11/site-packages``, Debian's ``dist-packages``) left the demo
    benchmark's gold files readable inside the sandbox."""
    from tabbench.sandbox.walls import _own_packages

    usr = tmp_path / "usr"
    dist = usr / "local" / "lib" / "python3.11" / "dist-packages"
    debian = usr / "lib" / "python3" / "dist-packages"
    for site in (dist, debian):
        for name in ("tabbench", "tabbench_demo", "tabbench-0.2.dist-info", "numpy"):
            (site / name).mkdir(parents=True)
    assert _own_packages([str(usr)]) == sorted(str(site / name) for site in (dist, debian)
                                               for name in ("tabbench", "tabbench_demo"))
    elsewhere = tmp_path / "opt" / "py" / "pkgs"  # an import directory of this interpreter, any layout
    (elsewhere / "tabbench_bird").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(elsewhere))
    assert str(elsewhere / "tabbench_bird") in _own_packages([str(tmp_path / "opt")])
    assert _own_packages([str(tmp_path / "nothing-bound-here")]) == []


# --- model text read by the evaluator -----------------------------------------------------------------------

# A degenerate policy repeats a token for its whole completion. Each of these took seconds for 80 kB and grows
# with the square of the length (minutes for 400 kB), holding the GIL in the evaluator; all are linear now. The
# bound is generous (they take milliseconds) so that a loaded machine never fails it.
_REPEATED = [
    ("<think>", 60_000), ("<answer>", 50_000), ("```sql", 70_000), ("<ANSWER><think>", 30_000),
]


@pytest.mark.parametrize(("unit", "times"), _REPEATED)
def test_sql_extraction_of_a_repetitive_completion_is_linear(unit: str, times: int) -> None:
    import time

    from tabbench.sql import extract_sql

    start = time.monotonic()
    assert extract_sql(unit * times) is None
    assert extract_sql("```sql\nSELECT 1\n```\n" + unit * times) == "SELECT 1"
    assert time.monotonic() - start < 5


def test_spider_distinct_removal_of_a_long_query_is_linear() -> None:
    import time

    from tabbench.sql.compare import remove_distinct

    start = time.monotonic()
    assert remove_distinct("SELECT DISTINCT a " * 30_000, keep_in_calls=True) == "SELECT  a " * 30_000
    assert remove_distinct("COUNT( \n DISTINCT x)", keep_in_calls=True) == "COUNT( \n DISTINCT x)"
    assert time.monotonic() - start < 5  # 4.4 s for 360 kB before, quadratic


def test_dabench_answer_extraction_of_a_line_without_a_closing_bracket_is_linear() -> None:
    """``@name[value]`` was searched with the official regex over the whole response: on a line of ``@a[@a[...``
    without a ``]`` every ``@`` scanned the rest of the line (over 10 s for 60 kB, minutes for 400 kB)."""
    import time

    from tabbench_dabench.answers import extract_answers

    start = time.monotonic()
    assert extract_answers("@a[" * 140_000) == {}
    assert extract_answers("@a[" * 140_000 + "]") == {"a": "@a[" * 139_999}
    assert extract_answers("@mean[1.5] @x[@y[2]\n@mean[2.5]") == {"mean": "2.5", "x": "@y[2"}
    assert time.monotonic() - start < 5


def test_sqlglot_helpers_keep_their_contract_on_deeply_nested_sql() -> None:
    """``validate`` (documented: ``None`` or a one-line reason) and ``transpile`` (documented: ``SqlParseError``)
    let sqlglot's RecursionError through on a query nested a few thousand levels deep."""
    from tabbench.sql import SqlParseError, transpile, validate

    for sql in ("SELECT " + "(" * 5000 + "1" + ")" * 5000,
                "SELECT * FROM " + "(SELECT * FROM " * 3000 + "t" + ")" * 3000):
        reason = validate(sql)
        assert isinstance(reason, str) and "\n" not in reason
        with pytest.raises(SqlParseError):
            transpile(sql, "sqlite", "postgres")
