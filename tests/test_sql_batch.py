"""execute_many: deduplication, the persistent gold cache (across processes), and DuckDB sessions."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabbench.contract.types import Status
from tabbench.sql import (
    BatchStats,
    DuckSession,
    ExecJob,
    GoldCache,
    Limits,
    default_cache_dir,
    default_gold_cache,
    execute_duckdb,
    execute_gold,
    execute_many,
)
from tests.test_sql_execute import make_db, sha


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_db(tmp_path / "music.sqlite")


def test_grpo_batch_is_deduplicated_and_gold_runs_once(db: Path, tmp_path: Path) -> None:
    cache = GoldCache(tmp_path / "cache")
    jobs = []
    for prompt in range(3):
        gold = f"SELECT name FROM singer WHERE id = {prompt}"
        completions = [gold, gold, f"SELECT name FROM singer WHERE id = {prompt + 1}", "  " + gold + "  "]
        completions += ["SELECT nope", "SELECT nope", gold, f"SELECT id FROM singer WHERE id = {prompt}"]
        for completion in completions:
            jobs += [ExecJob(str(db), completion), ExecJob(str(db), gold, gold=True)]
    stats = BatchStats()
    results = execute_many(jobs, Limits(timeout=2), cache=cache, stats=stats)
    assert len(results) == len(jobs) == 48
    # 3 golds (each also 4 completions), "id = 3" (the other "id + 1" queries are later golds),
    # "SELECT nope" (shared by all prompts), 3 "SELECT id" queries
    assert stats.distinct == 3 + 1 + 1 + 3
    assert stats.executed == stats.distinct and stats.cache_hits == 0
    assert results[1].rows == (("singer 0",),) and results[8].status == Status.EXEC_ERROR
    assert len(cache) == 3

    again = BatchStats()  # a new run (no result store): golds come from the disk cache
    execute_many(jobs, Limits(timeout=2), cache=cache, store=False, stats=again)
    assert again.cache_hits == 3 and again.executed == again.distinct - 3

    other_limits = BatchStats()
    execute_many(jobs, Limits(timeout=3), cache=cache, store=False, stats=other_limits)
    assert other_limits.cache_hits == 0  # limits are part of the key


def test_gold_cache_persists_across_processes(db: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    script = textwrap.dedent(
        f"""
        from tabbench.sql import execute_gold, Limits
        print(execute_gold({str(db)!r}, "SELECT count(*) FROM song", Limits(timeout=2)).rows)
        print(execute_gold({str(db)!r}, "SELECT broken", Limits(timeout=2)).status)
        """
    )
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(cache_dir)}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["((4000,),)", "exec_error"]
    assert (cache_dir / "gold" / "gold.sqlite").is_file()

    cache = GoldCache(cache_dir / "gold")
    stats = BatchStats()
    results = execute_many(
        [ExecJob(str(db), "SELECT count(*) FROM song", gold=True), ExecJob(str(db), "SELECT broken", gold=True)],
        Limits(timeout=2),
        cache=cache,
        stats=stats,
    )
    assert stats.cache_hits == 2 and stats.executed == 0
    assert results[0].rows == ((4000,),) and results[1].status == Status.EXEC_ERROR  # failures are cached too


def test_gold_timeouts_are_cached(db: Path, tmp_path: Path) -> None:
    cache = GoldCache(tmp_path / "cache")
    endless = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r"
    assert execute_gold(db, endless, Limits(timeout=0.2), cache=cache).status == Status.TIMEOUT
    stats = BatchStats()
    again = execute_many([ExecJob(str(db), endless, gold=True)], Limits(timeout=0.2), cache=cache, store=False,
                         stats=stats)
    assert again[0].status == Status.TIMEOUT and stats.cache_hits == 1 and stats.executed == 0


def test_cache_follows_file_contents(tmp_path: Path) -> None:
    cache = GoldCache(tmp_path / "cache")
    path = make_db(tmp_path / "a.sqlite", rows=10)
    assert execute_gold(path, "SELECT count(*) FROM singer", cache=cache).rows == ((10,),)
    path.unlink()
    make_db(path, rows=20)
    assert execute_gold(path, "SELECT count(*) FROM singer", cache=cache).rows == ((20,),)
    copy = tmp_path / "b.sqlite"
    copy.write_bytes(path.read_bytes())
    assert cache.file_hash(copy) == cache.file_hash(path) == sha(path)
    stats = BatchStats()
    execute_many([ExecJob(str(copy), "SELECT count(*) FROM singer", gold=True)], cache=cache, store=False,
                 stats=stats)
    assert stats.cache_hits == 1  # keyed by contents, not by path


def test_missing_database_and_disabled_cache(tmp_path: Path, db: Path) -> None:
    cache = GoldCache(tmp_path / "cache")
    missing = execute_gold(tmp_path / "none.sqlite", "SELECT 1", cache=cache)
    assert missing.status == Status.EXEC_ERROR and len(cache) == 0
    execute_many([ExecJob(str(db), "SELECT 1", gold=True)], cache=False)
    assert len(cache) == 0


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))
    assert default_cache_dir() == tmp_path / "gold"
    assert default_gold_cache().directory == tmp_path / "gold"
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "other"))
    assert default_gold_cache().directory == tmp_path / "other" / "gold"
    monkeypatch.delenv("TABBENCH_CACHE_DIR")
    assert default_cache_dir() == Path.home() / ".cache" / "tabbench" / "gold"


# --- DuckDB ----------------------------------------------------------------------------------------------


@pytest.fixture
def csv_file(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_text("region,amount\nnorth,10\nsouth,5\nnorth,7\n")
    return path


def test_duckdb_queries_csv_and_frames(csv_file: Path) -> None:
    import pandas as pd

    frame = pd.DataFrame({"region": ["north", "south"], "manager": ["Ann", "Bo"]})
    with DuckSession(csv={"sales": csv_file}, tables={"managers": frame}) as session:
        result = session.execute(
            "SELECT m.manager, sum(s.amount) FROM sales s JOIN managers m USING (region) GROUP BY 1 ORDER BY 1"
        )
        assert result.ok and result.rows == (("Ann", 17), ("Bo", 5)) and result.columns[0] == "manager"
        capped = session.execute("SELECT * FROM range(100)", Limits(max_rows=10))
        assert capped.truncated and len(capped.rows) == 10


@pytest.mark.parametrize(
    ("sql", "status"),
    [
        ("SELECT * FROM read_csv('/etc/passwd')", Status.FORBIDDEN),
        ("SELECT * FROM read_text('/etc/passwd')", Status.FORBIDDEN),
        ("SELECT * FROM glob('/etc/*')", Status.FORBIDDEN),
        ("COPY sales TO '/tmp/tabbench_evil.csv'", Status.FORBIDDEN),
        ("ATTACH '/tmp/tabbench_evil.duckdb' AS evil", Status.FORBIDDEN),
        ("SET enable_external_access = true", Status.FORBIDDEN),
        ("INSTALL httpfs", Status.FORBIDDEN),
        ("DROP TABLE sales", Status.FORBIDDEN),
        ("CREATE TABLE x AS SELECT 1", Status.FORBIDDEN),
        ("SELECT 1; SELECT 2", Status.FORBIDDEN),
        ("SELECT * FROM secret_frame", Status.EXEC_ERROR),  # no replacement scan of the caller's variables
        ("SELECT count(*) FROM range(1000000000000) a", Status.TIMEOUT),
        ("SELECT nope FROM sales", Status.EXEC_ERROR),
    ],
)
def test_duckdb_refuses_external_access_and_writes(csv_file: Path, sql: str, status: Status) -> None:
    import pandas as pd

    secret_frame = pd.DataFrame({"secret": [42]})  # noqa: F841 - a replacement scan would find it
    result = execute_duckdb(sql, csv={"sales": csv_file}, limits=Limits(timeout=0.5))
    assert result.status == status, result
    assert not Path("/tmp/tabbench_evil.csv").exists() and not Path("/tmp/tabbench_evil.duckdb").exists()
    with DuckSession(csv={"sales": csv_file}) as session:
        session.execute(sql, Limits(timeout=0.5))
        assert session.execute("SELECT sum(amount) FROM sales").rows == ((22,),)


def test_duckdb_limits_are_applied_and_locked(csv_file: Path) -> None:
    with DuckSession(csv={"sales": csv_file}, limits=Limits(memory_mb=256, threads=1)) as session:
        settings = dict(session.execute("SELECT name, value FROM duckdb_settings() WHERE name IN "
                                        "('threads', 'memory_limit', 'enable_external_access')").rows)
        assert settings["threads"] == "1" and settings["enable_external_access"] == "false"
        assert settings["memory_limit"].startswith("244") or "256" in settings["memory_limit"]
        assert session.execute("SET memory_limit = '100GB'").status == Status.FORBIDDEN


def test_duckdb_file_opened_read_only(tmp_path: Path) -> None:
    import duckdb

    path = tmp_path / "t.duckdb"
    conn = duckdb.connect(str(path))
    conn.execute("CREATE TABLE t AS SELECT 1 AS a")
    conn.close()
    before = sha(path)
    assert execute_duckdb("SELECT a FROM t", db_path=path).rows == ((1,),)
    assert execute_duckdb("DELETE FROM t", db_path=path).status == Status.FORBIDDEN
    assert sha(path) == before
    assert execute_duckdb("SELECT 1", csv={"x": tmp_path / "missing.csv"}).status == Status.EXEC_ERROR
