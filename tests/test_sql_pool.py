"""The process pool: hung and crashed workers cost one job each, never the run, and nothing is written."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabbench.contract.types import Status
from tabbench.sql import ExecJob, ExecPool, Limits, execute_many, register_function
from tests.bird_demo import BIRD, gold_predictions, on_bird_demo, subprocess_env
from tests.loaded import SLACK
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
    assert took < 2 * (0.5 + 0.5) + SLACK  # hard deadlines (timeout + grace) and replacements, not the 60 s sleep
    assert results[0].rows == ((2000,),)
    assert results[1].status == Status.TIMEOUT and "ignored cancellation" in (results[1].error or "")
    assert results[1].elapsed < 0.5 + 0.5 + SLACK
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
    assert all(r.elapsed < 0.5 + 0.5 + SLACK for r in results)  # unbounded, the timeout queries run for ever
    assert took < len(TIMEOUT_QUERIES) * (0.5 + 0.5) + SLACK
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


# --- the default path survives a query that ignores cancellation (issue 10) ---------------------------------

#: One SQLite instruction that runs for minutes: ``instr`` compares an 8 MB needle at every offset of a 16 MB
#: haystack (no progress handler runs inside a function call, so only killing the process stops it).
INSTR_BOMB = "SELECT instr(zeroblob(16000000), zeroblob(8000000) || x'01')"
#: The printf precision CPU bomb with the precision as text, which SQLite reads as 2000000000.
PRINTF_TEXT_PRECISION = "SELECT printf('%.*c', '2000000000x', 'x')"


def test_printf_guard_reads_the_precision_as_sqlite_does(db: Path) -> None:
    result = execute_many([ExecJob(str(db), PRINTF_TEXT_PRECISION)], Limits(timeout=5), workers=0, store=False)[0]
    assert result.ok and result.rows == ((None,),)  # SQLite itself would be stopped by the timeout, or too big


def test_default_workers_follow_the_cpus_as_the_help_says(monkeypatch: pytest.MonkeyPatch, cli_runner) -> None:
    from tabbench.contract.settings import Settings, use_settings
    from tabbench.sql import configured_workers, default_workers

    assert configured_workers() == default_workers() == max(1, min(len(os.sched_getaffinity(0)), 8))
    with use_settings(Settings(workers=0)):
        assert configured_workers() == 0
    for command in ("score", "eval"):
        text = " ".join(cli_runner([command, "--help"]).output.split())
        assert "Default: one per CPU, at most 8; 0 runs SQL in this process" in text


@pytest.mark.slow  # a scoring subprocess whose query runs to its timeout
def test_score_with_default_options_survives_a_query_that_ignores_cancellation(db: Path, tmp_path: Path) -> None:
    """``tabbench score bird`` as users run it (no --workers): the bomb is killed at its deadline, scored
    ``timeout``, and the rest of the run is scored normally."""
    import json
    import subprocess
    import sys

    from tests.test_sql_store import _bird_folder

    gold = "SELECT name FROM singer WHERE id = 1"
    data, predictions = _bird_folder(tmp_path / "bird", db, [(gold, INSTR_BOMB), (gold, gold), (gold, "SELECT 1")])
    env = {k: v for k, v in os.environ.items() if k != "TABBENCH_WORKERS"}
    env["TABBENCH_CACHE_DIR"] = str(tmp_path / "cache")
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tabbench", "score", "bird", "--data", f"bird={data}", "--predictions",
                           str(predictions), "--out", str(tmp_path / "run"), "--timeout", "1", "--no-progress"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert time.monotonic() - start < 2 * SLACK + 30  # the bomb alone runs for minutes
    records = [json.loads(line) for line in (tmp_path / "run" / "samples" / "bird.jsonl").read_text().splitlines()]
    assert [r["scores"]["ex"]["status"] for r in records] == ["timeout", "match", "mismatch"]
    assert records[0]["scores"]["soft_f1"]["status"] == "timeout"


def test_pool_workers_do_not_rerun_an_unguarded_main_script(db: Path, tmp_path: Path) -> None:
    """A training script without ``if __name__ == "__main__"`` starts the default pool: its top level runs
    once, not again in every worker."""
    import subprocess
    import sys

    marker = tmp_path / "runs.txt"
    script = tmp_path / "train.py"
    script.write_text(
        "from tabbench.sql import ExecJob, execute_many\n"
        f"open({str(marker)!r}, 'a').write('run\\n')\n"
        f"print(execute_many([ExecJob({str(db)!r}, 'SELECT count(*) FROM singer')], workers=2)[0].rows)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "((2000,),)" and marker.read_text() == "run\n"


def test_threads_share_the_default_pool_safely(db: Path) -> None:
    """Several threads (parallel agent rollouts, say) call execute_many on the default pool at once."""
    import threading

    from tabbench.sql import ResultStore, use_store

    errors: list[str] = []

    def work(seed: int) -> None:
        for n in range(15):
            ids = [(seed * 31 + n * 7 + k) % 1900 for k in range(4)]
            jobs = [ExecJob(str(db), f"SELECT name FROM singer WHERE id = {i}") for i in ids]
            results = execute_many(jobs, Limits(timeout=5), workers=2, cache=False, store=False)
            if [r.rows for r in results] != [((f"singer {i}",),) for i in ids]:
                errors.append(f"thread {seed}: {results}")

    with use_store(ResultStore()):
        threads = [threading.Thread(target=work, args=(t,), daemon=True) for t in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "pool calls from several threads deadlocked"
    assert errors == []


def test_a_forked_child_gets_its_own_pool_and_leaves_the_parents_alone(db: Path, tmp_path: Path) -> None:
    import subprocess
    import sys

    script = (
        "import os, sys\n"
        "from tabbench.sql import ExecJob, execute_many, shared_pool\n"
        f"job = [ExecJob({str(db)!r}, 'SELECT count(*) FROM singer')]\n"
        "print(execute_many(job, workers=2, store=False, cache=False)[0].rows)\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    print('child', execute_many(job, workers=2, store=False, cache=False)[0].rows, flush=True)\n"
        "    sys.exit(0)  # atexit runs in the child: it must not stop the parent's workers\n"
        "os.waitpid(pid, 0)\n"
        "print('parent', execute_many(job, workers=2, store=False, cache=False)[0].rows)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:3] == ["((2000,),)", "child ((2000,),)", "parent ((2000,),)"]


def _wait_for_file(path: str) -> int:
    Path(path + ".started").touch()
    deadline = time.monotonic() + 30
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.01)
    return int(os.path.exists(path))


def _touch(path: str) -> int:
    Path(path).touch()
    return 1


def register_rendezvous() -> None:
    """Pool initializer: a query that waits for a file another query creates."""
    register_function("test_wait_file", 1, _wait_for_file, deterministic=False)
    register_function("test_touch", 1, _touch, deterministic=False)


def test_calls_from_two_threads_run_on_two_workers_at_once(db: Path, tmp_path: Path) -> None:
    """Concurrent agent rollouts: a thread's query runs while another thread's query holds a worker (it waits
    for the second query's file, so it returns 1 only if both ran at once)."""
    from concurrent.futures import ThreadPoolExecutor

    flag = str(tmp_path / "flag")
    with ExecPool(2, initializer=register_rendezvous) as pool, ThreadPoolExecutor(1) as thread:
        waiting = thread.submit(pool.run, [(str(db), f"SELECT test_wait_file('{flag}')")], Limits(timeout=60))
        deadline = time.monotonic() + 60
        while not os.path.exists(flag + ".started") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert pool.run([(str(db), f"SELECT test_touch('{flag}')")], Limits(timeout=60))[0].rows == ((1,),)
        assert waiting.result(60)[0].rows == ((1,),)


def test_a_call_waits_for_a_worker_at_most_its_own_timeout(db: Path, tmp_path: Path) -> None:
    """A slow query in one rollout must not eat another rollout's time: on a one-worker pool held by another
    thread's query until this call has returned, a call with a 0.5 s timeout gives up waiting for a worker
    after its 0.5 s, and its queries get ``TIMEOUT`` like any other timeout. (Were it to wait for the worker
    instead, the other query would hold it until a 30 s fallback and this call would run its queries.)"""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    flag = str(tmp_path / "flag")
    fallback = threading.Timer(30.0, Path(flag).touch)  # frees the worker only if the call wrongly waits for it
    with ExecPool(1, initializer=register_rendezvous) as pool, ThreadPoolExecutor(1) as thread:
        busy = thread.submit(pool.run, [(str(db), f"SELECT test_wait_file('{flag}')")], Limits(timeout=60))
        deadline = time.monotonic() + 60
        while not os.path.exists(flag + ".started") and time.monotonic() < deadline:
            time.sleep(0.01)
        fallback.start()
        start = time.monotonic()
        results = pool.run([(str(db), "SELECT 1"), (str(db), "SELECT 2")], Limits(timeout=0.5))
        took = time.monotonic() - start
        still_held = not os.path.exists(flag)  # the other query still had the only worker when the call returned
        Path(flag).touch()
        assert busy.result(60)[0].rows == ((1,),)
        assert pool.run([(str(db), "SELECT 3")], Limits(timeout=0.5))[0].rows == ((3,),)  # a free worker: runs
    fallback.cancel()
    assert [r.status for r in results] == [Status.TIMEOUT] * 2, results
    assert "no SQL worker was free" in (results[0].error or "")
    assert still_held and took >= 0.5 and results[0].elapsed >= 0.5


class _Interrupted(Exception):
    pass


def test_a_call_that_fails_midway_hands_no_stale_job_to_the_next(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A call interrupted while its jobs are in flight (here: waiting for the worker raises) must not return
    that worker to the idle list with the old batch's answers still to come: the next call would read them."""
    import tabbench.sql.pool as pool_module

    real_wait = pool_module.wait

    def interrupted(*args: object, **kwargs: object) -> None:
        raise _Interrupted

    with ExecPool(1) as pool:
        monkeypatch.setattr(pool_module, "wait", interrupted)
        with pytest.raises(_Interrupted):
            pool.run([(str(db), f"SELECT 'old {i}'") for i in range(8)], Limits(timeout=5))
        monkeypatch.setattr(pool_module, "wait", real_wait)
        assert pool.run([(str(db), "SELECT 'new'")], Limits(timeout=5))[0].rows == (("new",),)
        assert pool.replaced == 1 and len(pool.pids) == 1
        assert all(w.outstanding == 0 and not w.inflight for w in pool._workers)


def test_workers_started_from_several_threads_leave_main_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads replacing workers at once hide ``__main__`` around each start: interleaved, one thread saved
    the other's hidden state and restored ``__spec__ = None`` for good (a later child re-imports the script)."""
    import sys
    import threading
    import types

    from tabbench.sql.pool import main_module_hidden

    main = types.ModuleType("__main__")
    main.__file__, main.__spec__ = "/train.py", object()
    original = dict(main.__dict__)
    monkeypatch.setitem(sys.modules, "__main__", main)
    first_inside, second_inside, first_left = threading.Event(), threading.Event(), threading.Event()

    def first() -> None:
        with main_module_hidden():
            first_inside.set()
            second_inside.wait(0.5)  # without a lock the second enters meanwhile
        first_left.set()

    def second() -> None:
        assert first_inside.wait(10)
        with main_module_hidden():
            second_inside.set()
            first_left.wait(10)  # ... and leaves last, restoring what it saw: the first one's hidden state

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert main.__dict__["__spec__"] is original["__spec__"] and main.__dict__["__file__"] == "/train.py"


def _sql_worker_cpu(sid: int) -> list[int]:
    """User CPU ticks of each SQL worker of session ``sid``: the children of multiprocessing's fork server."""
    found: dict[int, tuple[int, int]] = {}  # pid -> (parent pid, user ticks)
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[3]) == sid and b"forkserver" in cmdline:  # stat fields 6, 4, 14: session, parent, utime
            found[int(proc.name)] = (int(fields[1]), int(fields[11]))
    return [ticks for parent, ticks in found.values() if parent in found]


@on_bird_demo
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the worker processes")
def test_ctrl_c_with_sql_workers_is_one_line(tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group: the parent says ``Aborted!``, workers print nothing."""
    predictions = tmp_path / "slow.jsonl"
    gold_predictions(predictions, sql="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                      "WHERE x < 10000000000 + {i}) SELECT count(*) FROM c")
    out = tmp_path / "run"
    process = subprocess.Popen(
        [sys.executable, "-m", "tabbench", "score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--predictions",
         str(predictions), "--out", str(out), "--workers", "2", "--batch-size", "1", "--timeout", "300",
         "--no-progress"],
        env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while len(busy := _sql_worker_cpu(process.pid)) < 2 or max(busy) < 20:  # a worker runs the endless query
            assert process.poll() is None and time.monotonic() < deadline, "the SQL workers never started"
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert stderr.strip().splitlines()[-1] == "Aborted!", stderr
    assert not out.exists(), "nothing was scored: no run directory is left"
