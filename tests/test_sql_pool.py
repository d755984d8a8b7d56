"""The process pool: hung and crashed workers cost one job each, never the run, and nothing is written."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest

from tabbench.contract.types import Status
from tabbench.sql import ExecJob, ExecPool, Limits, execute_many, register_function
from tests.test_sql_execute import ERROR_QUERIES, FORBIDDEN_QUERIES, TIMEOUT_QUERIES, make_db, sha


def _sleep_ignoring_cancellation(seconds: float) -> int:
    time.sleep(seconds)  # a Python function: neither the progress handler nor interrupt() can stop it
    return 1


def _crash() -> int:
    os._exit(3)


def register_test_hooks() -> None:
    """Pool initializer: SQL functions that simulate a query ignoring cancellation and a worker crash."""
    register_function("test_sleep", 1, _sleep_ignoring_cancellation)
    register_function("test_crash", 0, _crash)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_db(tmp_path / "music.sqlite")


@pytest.fixture(scope="module")
def pool():
    with ExecPool(2, grace=0.5, initializer=register_test_hooks) as pool:
        yield pool


def test_hung_and_crashed_workers_cost_one_job_each(pool: ExecPool, db: Path) -> None:
    before = pool.replaced
    jobs = [
        (str(db), "SELECT count(*) FROM singer"),
        (str(db), "SELECT test_sleep(60)"),
        (str(db), "SELECT max(age) FROM singer"),
        (str(db), "SELECT test_crash()"),
        (str(db), "SELECT min(age) FROM singer"),
        (str(db), "SELECT test_sleep(0.01)"),
    ]
    start = time.monotonic()
    results = pool.run(jobs, Limits(timeout=0.5))
    took = time.monotonic() - start
    assert took < 10  # hard deadlines (timeout + grace) and worker replacements, nowhere near the 60 s sleep
    assert results[0].rows == ((2000,),)
    assert results[1].status == Status.TIMEOUT and "ignored cancellation" in (results[1].error or "")
    assert results[1].elapsed < 0.5 + 1
    assert results[2].rows == ((67,),)
    assert results[3].status == Status.EXEC_ERROR and "exit code 3" in (results[3].error or "")
    assert results[4].rows == ((18,),)
    assert results[5].rows == ((1,),)
    assert pool.replaced - before == 2
    assert pool.run([(str(db), "SELECT 1")], Limits(timeout=1))[0].rows == ((1,),)  # replacements work


def test_hostile_corpus_through_the_pool(pool: ExecPool, db: Path) -> None:
    before = sha(db)
    files = sorted(os.listdir(db.parent))
    queries = [q.format(tmp=db.parent) for q in FORBIDDEN_QUERIES + TIMEOUT_QUERIES + ERROR_QUERIES]
    start = time.monotonic()
    results = pool.run([(str(db), q) for q in queries], Limits(timeout=0.5))
    took = time.monotonic() - start
    expected = (
        [Status.FORBIDDEN] * len(FORBIDDEN_QUERIES)
        + [Status.TIMEOUT] * len(TIMEOUT_QUERIES)
        + [Status.EXEC_ERROR] * len(ERROR_QUERIES)
    )
    assert [r.status for r in results] == expected
    assert all(r.elapsed < 0.5 + 1 for r in results)
    assert took < 10
    assert sha(db) == before and sorted(os.listdir(db.parent)) == files


def test_worker_heap_limit_turns_memory_bombs_into_errors(pool: ExecPool, db: Path) -> None:
    sql = "SELECT length(randomblob(12000000))"  # under the 16 MiB value cap, over an 8 MiB heap
    assert pool.run([(str(db), sql)], Limits(timeout=2, memory_mb=64))[0].rows == ((12000000,),)
    result = pool.run([(str(db), sql)], Limits(timeout=2, memory_mb=8))[0]
    assert result.status == Status.EXEC_ERROR and "memory" in (result.error or "")
    assert pool.run([(str(db), "SELECT count(*) FROM singer")], Limits(memory_mb=8))[0].rows == ((2000,),)


def test_execute_many_with_a_pool_matches_in_process(pool: ExecPool, db: Path) -> None:
    jobs = [ExecJob(str(db), f"SELECT name FROM singer WHERE id = {i % 5}") for i in range(20)]
    jobs += [ExecJob(str(db), "DROP TABLE singer"), ExecJob(str(db), "SELECT nope FROM singer")]
    in_process = execute_many(jobs, Limits(timeout=2), workers=0, cache=False)
    pooled = execute_many(jobs, Limits(timeout=2), workers=pool, cache=False)
    assert [(r.rows, r.status) for r in in_process] == [(r.rows, r.status) for r in pooled]


def test_big_queries_and_big_results_do_not_deadlock_the_pipes(pool: ExecPool, db: Path) -> None:
    padding = "/*" + "x" * 40_000 + "*/"  # each chunk message is far over the pipelining threshold
    jobs = [(str(db), f"SELECT {i}, name, title {padding} FROM singer JOIN song ON song.singer_id = singer.id")
            for i in range(24)]
    results = pool.run(jobs, Limits(timeout=5))
    assert [r.rows[0][0] for r in results] == list(range(24)) and all(len(r.rows) == 4000 for r in results)


def test_missing_database_in_a_worker(pool: ExecPool, tmp_path: Path) -> None:
    result = pool.run([(str(tmp_path / "none.sqlite"), "SELECT 1")])[0]
    assert result.status == Status.EXEC_ERROR and "not found" in (result.error or "")
    assert not (tmp_path / "none.sqlite").exists()


def test_closed_pool_refuses_work(tmp_path: Path) -> None:
    pool = ExecPool(1)
    path = make_db(tmp_path / "x.sqlite", rows=3)
    assert pool.run([(str(path), "SELECT count(*) FROM singer")])[0].rows == ((3,),)
    pool.close()
    with pytest.raises(RuntimeError):
        pool.run([(str(path), "SELECT 1")])
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM singer").fetchone() == (3,)
    conn.close()
