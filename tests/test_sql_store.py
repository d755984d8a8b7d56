"""The run-scoped result store: each distinct query executes once per run (counted), memory is bounded, and
two processes share the on-disk gold cache without corrupting it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabbench.contract.settings import Settings, run_in_context, use_settings
from tabbench.sql import (
    BatchStats,
    ExecJob,
    GoldCache,
    Limits,
    QueryResult,
    ResultStore,
    current_store,
    execute_many,
    use_store,
)
from tabbench.sql.execute import SqliteExecutor
from tabbench.sql.store import configured_max_bytes, result_bytes
from tests.test_sql_execute import make_db


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_db(tmp_path / "music.sqlite")


@pytest.fixture
def executions(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter]:
    """Every query the in-process executor runs, counted by (database, SQL)."""
    seen: Counter = Counter()
    original = SqliteExecutor.execute

    def counting(self, db_path, sql, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen[(os.fspath(db_path), sql.strip().rstrip(";").strip())] += 1
        return original(self, db_path, sql, *args, **kwargs)

    monkeypatch.setattr(SqliteExecutor, "execute", counting)
    monkeypatch.setenv("TABBENCH_WORKERS", "0")  # the commands' default: in this process, where the counter sees
    with use_settings(Settings(workers=0)):  # every execution; and the same for library calls
        yield seen


# --- the store itself ---------------------------------------------------------------------------------------


def _result(n_rows: int, text: str = "x" * 100) -> QueryResult:
    return QueryResult(rows=tuple((i, text) for i in range(n_rows)))


def test_store_evicts_least_recently_used_by_bytes_and_skips_results_over_the_bound() -> None:
    size = result_bytes(_result(100))
    store = ResultStore(max_bytes=int(size * 2.5))
    keys = [(("db", 0, 0, 0), f"SELECT {i}", "limits") for i in range(3)]
    for key in keys[:2]:
        store.put(key, _result(100))
    assert store.claim(keys[0]) is not None  # keys[0] is now the most recently used
    store.put(keys[2], _result(100))
    assert store.claim(keys[1]) is None and store.claim(keys[0]) is not None and store.claim(keys[2]) is not None
    assert store.bytes <= store.max_bytes and store.stats.evicted == 1
    store.put((("db", 0, 0, 0), "SELECT big", "limits"), _result(1000))
    assert store.stats.too_big == 1 and store.claim((("db", 0, 0, 0), "SELECT big", "limits")) is None
    assert len(store) == 2


def test_result_size_estimate_is_close_for_big_results() -> None:
    rows = tuple((i, "abc" * (i % 7)) for i in range(100_000))
    exact = sum(56 + 80 + len(text) for _, text in rows) + 400
    assert abs(result_bytes(QueryResult(rows=rows)) - exact) / exact < 0.05


def test_bound_from_the_run_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABBENCH_RESULT_STORE_MB", "2")  # only the command line's default: the library ignores it
    assert configured_max_bytes() == 1024 << 20 and ResultStore().max_bytes == 1024 << 20
    with use_settings(Settings(result_store_mb=2)):
        assert configured_max_bytes() == 2 << 20 and ResultStore().max_bytes == 2 << 20
    with use_settings(Settings(result_store_mb=0)):
        store = ResultStore()
    store.put((("db", 0, 0, 0), "SELECT 1", "l"), _result(1))
    assert len(store) == 0  # nothing kept: every query runs again
    assert configured_max_bytes() == 1024 << 20


def test_comparisons_are_remembered_while_both_results_are_held() -> None:
    store = ResultStore()
    pred, gold = _result(3), _result(3, "y")
    key_pred, key_gold = (("db", 0, 0, 0), "p", "l"), (("db", 0, 0, 0), "g", "l")
    store.put(key_pred, pred)
    store.put(key_gold, gold)
    calls = []

    def compare(p: QueryResult, g: QueryResult) -> bool:
        calls.append(1)
        return p.rows == g.rows

    assert [store.compared("ex", pred, gold, compare) for _ in range(3)] == [False] * 3
    assert len(calls) == 1 and store.stats.comparisons_reused == 2
    store.compared("other-metric", pred, gold, compare)
    assert len(calls) == 2  # the metric is part of the key
    store.put(key_pred, _result(3))  # replaced: its comparisons are forgotten, the bytes given back
    before = store.bytes
    store.compared("ex", pred, gold, compare)
    assert len(calls) == 3 and store.bytes == before  # pred is no longer held: computed, not remembered
    outside = _result(2)
    store.compared("ex", outside, gold, compare)
    store.compared("ex", outside, gold, compare)
    assert len(calls) == 5


def test_a_changed_database_file_is_a_different_database(tmp_path: Path) -> None:
    path = make_db(tmp_path / "a.sqlite", rows=10)
    with use_store(ResultStore()):
        count = [ExecJob(str(path), "SELECT count(*) FROM singer")]
        assert execute_many(count, workers=0, cache=False)[0].rows == ((10,),)
        path.unlink()
        make_db(path, rows=20)
        assert execute_many(count, workers=0, cache=False)[0].rows == ((20,),)


# --- once per run, counted ---------------------------------------------------------------------------------


def test_repeated_queries_execute_once_per_run_across_batches(db: Path, tmp_path: Path, executions: Counter) -> None:
    gold = "SELECT name FROM singer WHERE id = 1"
    batch = [ExecJob(str(db), gold, gold=True), ExecJob(str(db), gold + " ;"), ExecJob(str(db), "SELECT 2")]
    cache = GoldCache(tmp_path / "cache")
    with use_store(ResultStore()):
        for _ in range(5):
            execute_many(batch, cache=cache)
    assert executions == {(str(db), gold): 1, (str(db), "SELECT 2"): 1}
    executions.clear()
    stats = BatchStats()
    with use_store(ResultStore()):  # the next run: golds from the disk cache, predictions run again
        execute_many(batch, cache=cache, stats=stats)
    assert executions == {(str(db), "SELECT 2"): 1} and stats.cache_hits == 1


def _bird_folder(root: Path, db: Path, pairs: list[tuple[str, str]]) -> tuple[Path, Path]:
    """A minimal official BIRD dev layout over ``db`` (database ``music``) and its predictions file."""
    target = root / "dev_databases" / "music" / "music.sqlite"
    target.parent.mkdir(parents=True)
    target.write_bytes(db.read_bytes())
    items = [{"question_id": i, "db_id": "music", "question": f"q{i}", "evidence": "", "difficulty": "simple"}
             for i in range(len(pairs))]
    (root / "dev.json").write_text(json.dumps(items))
    (root / "dev_gold.sql").write_text("".join(f"{gold}\tmusic\n" for gold, _ in pairs))
    columns = [[-1, "*"], [0, "id"], [0, "name"], [0, "country"], [0, "age"]]
    (root / "dev_tables.json").write_text(json.dumps([{
        "db_id": "music", "table_names_original": ["singer"], "table_names": ["singer"],
        "column_names_original": columns, "column_names": columns,
        "column_types": ["text", "number", "text", "text", "number"], "primary_keys": [], "foreign_keys": []}]))
    predictions = root / "predict_dev.json"
    lines = {str(i): f"{pred}\t----- bird -----\tmusic" for i, (_, pred) in enumerate(pairs)}
    predictions.write_text(json.dumps(lines))
    return root, predictions


def test_score_bird_executes_each_distinct_query_once(db: Path, tmp_path: Path, executions: Counter,
                                                      cli_runner, private_gold_cache) -> None:
    """``tabbench score bird`` with two metrics (ex, soft_f1), batches of 4, every pair repeated 6 times
    through the file: each distinct query runs once in the whole run."""
    gold_a, gold_b = "SELECT name FROM singer WHERE id < 3", "SELECT count(*) FROM singer"
    pairs = [(gold_a, gold_a), (gold_a, "SELECT name FROM singer WHERE id < 4"), (gold_b, gold_b),
             (gold_b, "SELECT count(*) FROM singr")] * 6
    data, predictions = _bird_folder(tmp_path / "bird", db, pairs)
    result = cli_runner(["score", "bird", "--data", f"bird={data}", "--predictions", str(predictions),
                         "--out", str(tmp_path / "run"), "--batch-size", "4", "--no-progress"])
    assert result.exit_code == 0, result.output
    ran = {sql: n for (_, sql), n in executions.items() if "singer" in sql or "singr" in sql}
    assert ran == {gold_a: 1, "SELECT name FROM singer WHERE id < 4": 1, gold_b: 1, "SELECT count(*) FROM singr": 1}
    records = [json.loads(line) for line in (tmp_path / "run" / "samples" / "bird.jsonl").read_text().splitlines()]
    assert [r["scores"]["ex"]["value"] for r in records[:4]] == [1.0, 0.0, 1.0, 0.0]
    assert [r["scores"]["soft_f1"]["status"] for r in records[:4]] == ["match", "partial", "match", "exec_error"]


def test_trl_rewards_execute_each_distinct_query_once_per_training_run(db: Path, executions: Counter,
                                                                       private_gold_cache) -> None:
    """Two reward functions called as GRPOTrainer calls them, for 6 steps whose prompts recur."""
    from tabbench import Example
    from tabbench.adapters import trl_reward

    examples = [Example(str(i), f"SELECT name FROM singer WHERE id = {i}", {"db_path": str(db)}) for i in range(3)]

    def completion(sql: str) -> str:
        return f"<think>look</think><answer>```sql\n{sql}\n```</answer>"

    functions = [trl_reward("bird-ex"), trl_reward("sqlr1")]
    with use_store(ResultStore()):
        for step in range(6):
            example = examples[step % 3]
            group = [example.gold, example.gold, "SELECT name FROM singer", "SELECT nme FROM singer"] * 2
            columns = {"example": [json.dumps(example.to_json())] * len(group)}
            for function in functions:
                values = function(prompts=["p"] * len(group), completions=[completion(s) for s in group],
                                  completion_ids=[[1]] * len(group), trainer_state=None, **columns)
                assert len(values) == len(group) and values[0] is not None
    ran = {sql: n for (_, sql), n in executions.items() if "singer" in sql}
    assert ran == {**{e.gold: 1 for e in examples}, "SELECT name FROM singer": 1, "SELECT nme FROM singer": 1}


def test_runs_outside_a_scope_share_the_process_store() -> None:
    assert current_store() is current_store()
    inner = ResultStore()
    with use_store(inner):
        assert current_store() is inner
    assert current_store() is not inner


# --- two processes on one cache ----------------------------------------------------------------------------

QUERY = "SELECT name, age FROM singer WHERE id BETWEEN {} AND 80"
WRITER = textwrap.dedent(
    """
    import json, os, sys, time
    from tabbench.sql import BatchStats, ExecJob, GoldCache, Limits, execute_many
    db, cache_dir, go, out, offset, QUERY = sys.argv[1:5] + [int(sys.argv[5]), sys.argv[6]]
    open(out + ".ready", "w").close()  # started: the test lets both go at once
    while not os.path.exists(go):
        time.sleep(0.005)
    cache = GoldCache(cache_dir)
    stats = BatchStats()
    verdicts = []
    for round_ in range(40):  # many small transactions, interleaved with the other process's
        jobs = [ExecJob(db, QUERY.format((offset + round_ + k) % 60), gold=True) for k in range(5)]
        verdicts += [[list(r) for r in result.rows] for result in execute_many(jobs, Limits(timeout=5),
                     workers=0, cache=cache, store=False, stats=stats)]
    json.dump({"verdicts": verdicts, "executed": stats.executed, "hits": stats.cache_hits}, open(out, "w"))
    """
)


def test_two_processes_share_the_gold_cache_without_corruption(db: Path, tmp_path: Path) -> None:
    cache_dir, go = tmp_path / "shared-cache", tmp_path / "go"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    outs = [tmp_path / f"out{i}.json" for i in range(2)]
    processes = [subprocess.Popen([sys.executable, str(script), str(db), str(cache_dir), str(go), str(out),
                                   str(i * 7), QUERY]) for i, out in enumerate(outs)]
    deadline = time.monotonic() + 120
    while not all(Path(f"{out}.ready").exists() for out in outs):  # both started and waiting for the go
        assert time.monotonic() < deadline and all(p.poll() is None for p in processes), "a writer did not start"
        time.sleep(0.01)
    go.touch()  # they create the cache and write at the same moment
    assert [p.wait(timeout=120) for p in processes] == [0, 0]
    runs = [json.loads(out.read_text()) for out in outs]

    conn = sqlite3.connect(db)
    for i, run in enumerate(runs):  # every result each process got is the database's answer
        expected = [[list(r) for r in conn.execute(QUERY.format((i * 7 + rnd + k) % 60))]
                    for rnd in range(40) for k in range(5)]
        assert run["verdicts"] == expected
    conn.close()
    distinct = len({(i * 7 + rnd + k) % 60 for i in range(2) for rnd in range(40) for k in range(5)})
    assert sum(run["executed"] for run in runs) >= distinct  # a race may run one twice; nothing is lost
    check = sqlite3.connect(cache_dir / "gold.sqlite")
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert check.execute("SELECT count(*) FROM gold").fetchone() == (distinct,)
    check.close()

    stats = BatchStats()  # a third process: everything is read back, nothing runs
    jobs = [ExecJob(str(db), QUERY.format(n), gold=True) for n in range(60)]
    cached = execute_many(jobs, Limits(timeout=5), workers=0, cache=GoldCache(cache_dir), store=False, stats=stats)
    assert stats.executed == 60 - distinct and stats.cache_hits == distinct
    assert all(result.ok for result in cached)


def test_result_store_bound_flag(db: Path, tmp_path: Path, executions: Counter, cli_runner, private_gold_cache,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``--result-store-mb 0`` keeps no results: the repeated prediction then runs once per batch and metric."""
    monkeypatch.delenv("TABBENCH_RESULT_STORE_MB", raising=False)
    gold, pred = "SELECT name FROM singer WHERE id < 3", "SELECT name FROM singer WHERE id < 4"
    data, predictions = _bird_folder(tmp_path / "bird", db, [(gold, pred)] * 4)
    result = cli_runner(["score", "bird", "--data", f"bird={data}", "--predictions", str(predictions), "--out",
                         str(tmp_path / "run"), "--batch-size", "2", "--result-store-mb", "0", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "TABBENCH_RESULT_STORE_MB" not in os.environ  # the flag travels as a parameter, not through the environment
    assert executions[(str(data / "dev_databases" / "music" / "music.sqlite"), pred)] == 2 * 2  # batches x metrics


def test_store_is_consistent_under_threads() -> None:
    """Reward functions may be called from several threads: the accounting stays exact under a small bound."""
    import threading

    from tabbench.sql.store import _COMPARISON_BYTES

    results = [_result(20 + i % 7) for i in range(40)]
    store = ResultStore(max_bytes=sum(result_bytes(r) for r in results[:12]))

    def work(seed: int) -> None:
        for step in range(400):
            i = (seed * 7 + step) % len(results)
            key = (("db", 0, 0, 0), f"SELECT {i}", "l")
            if store.claim(key) is None:
                store.put(key, results[i])
            store.compared("ex", results[i], results[(i + 1) % len(results)], lambda p, g: len(p.rows))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    held = sum(result_bytes(r) for r in store._entries.values())
    assert store.bytes == held + _COMPARISON_BYTES * len(store._comparisons) <= store.max_bytes
    assert store.stats.evicted > 0 and len(store._sizes) == len(store)
    assert all(pred in store._sizes and gold in store._sizes for _, pred, gold in store._comparisons)


def test_a_query_another_thread_is_running_runs_once(db: Path, executions: Counter,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Concurrent agent rollouts ask for the same query in the same turn: the second caller waits for the first
    caller's run instead of running it again."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    started, go_on = threading.Event(), threading.Event()
    counting = SqliteExecutor.execute

    def held(self, db_path, sql, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        assert go_on.wait(60)
        return counting(self, db_path, sql, *args, **kwargs)

    monkeypatch.setattr(SqliteExecutor, "execute", held)
    jobs = [ExecJob(str(db), "SELECT count(*) FROM singer")]
    with use_store(ResultStore()) as store, ThreadPoolExecutor(2) as pool:
        run = run_in_context(execute_many)  # the pool's threads see the run's store and settings
        first = pool.submit(run, jobs, Limits(timeout=5), cache=False)
        assert started.wait(60)
        second = pool.submit(run, jobs, Limits(timeout=5), cache=False)
        deadline = time.monotonic() + 60
        while store.stats.hits == 0 and time.monotonic() < deadline:  # the second has found the first's claim
            time.sleep(0.01)
        go_on.set()
        rows = [future.result(60)[0].rows for future in (first, second)]
    assert rows == [((2000,),)] * 2 and store.stats.hits == 1
    assert executions[(str(db), "SELECT count(*) FROM singer")] == 1


def test_a_released_claim_leaves_the_query_to_its_waiters() -> None:
    store = ResultStore()
    key = (("db", 0, 0, 0), "SELECT 1", "l")
    assert store.claim(key) is None
    waiting = store.claim(key)
    assert waiting is not None and not isinstance(waiting, QueryResult)
    store.release(key)
    assert waiting.wait() is None and store.claim(key) is None  # the waiter runs it; a new claim is possible
    store.put(key, _result(1))
    assert store.claim(key) == _result(1)


class _Failed(Exception):
    pass


@pytest.mark.parametrize("failing", ["execute", "put"])
def test_a_waiter_runs_the_query_itself_when_its_runner_fails(db: Path, executions: Counter,
                                                             monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    """The thread that claimed a query fails (running it, or storing its result): its claim is released, so a
    thread waiting for it neither hangs nor takes it for a store hit; it runs the query, counts and stores it."""
    import threading

    started, go_on = threading.Event(), threading.Event()
    counting, storing = SqliteExecutor.execute, ResultStore.put
    failures: list[str] = []

    def held(self, db_path, sql, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        assert go_on.wait(60)
        if failing == "execute" and not failures:
            failures.append("execute")
            raise _Failed("the runner's execution failed")
        return counting(self, db_path, sql, *args, **kwargs)

    def put(self, key, result):  # type: ignore[no-untyped-def]
        if failing == "put" and not failures:
            failures.append("put")
            raise _Failed("the runner's store failed")
        return storing(self, key, result)

    monkeypatch.setattr(SqliteExecutor, "execute", held)
    monkeypatch.setattr(ResultStore, "put", put)
    jobs = [ExecJob(str(db), "SELECT count(*) FROM singer")]
    outcomes: dict[str, object] = {}
    waiter_stats = BatchStats()

    def call(name: str, stats: BatchStats | None) -> None:
        try:
            outcomes[name] = execute_many(jobs, Limits(timeout=5), cache=False, stats=stats)[0]
        except _Failed as exc:
            outcomes[name] = exc

    with use_store(ResultStore()) as store:
        runner = threading.Thread(target=run_in_context(call), args=("runner", None), daemon=True)
        runner.start()
        assert started.wait(60)
        waiter = threading.Thread(target=run_in_context(call), args=("waiter", waiter_stats), daemon=True)
        waiter.start()
        deadline = time.monotonic() + 60
        while store.stats.hits == 0 and time.monotonic() < deadline:  # the waiter has found the runner's claim
            time.sleep(0.01)
        go_on.set()
        runner.join(30)
        waiter.join(30)
        assert not waiter.is_alive(), "the waiter hangs on a claim nobody will put or release"
        assert isinstance(outcomes["runner"], _Failed) and failures == [failing]
        assert outcomes["waiter"].rows == ((2000,),)  # type: ignore[union-attr]
        assert (waiter_stats.store_hits, waiter_stats.executed) == (0, 1)
        assert len(store) == 1 and not store._running  # the waiter's result is kept; no claim is left open
    assert executions[(str(db), "SELECT count(*) FROM singer")] == (2 if failing == "put" else 1)


def test_stores_and_settings_are_scoped_to_their_context() -> None:
    """Two runs in two threads each see their own store and settings; a new thread sees neither unless it is
    started in the run's context (``run_in_context``)."""
    import threading

    seen: dict[str, tuple[object, object]] = {}
    ready = threading.Barrier(2)

    def a_run(name: str, mb: float) -> None:
        with use_settings(Settings(result_store_mb=mb)), use_store(ResultStore()) as store:
            ready.wait(30)  # both runs are in progress at once
            seen[name] = (current_store() is store, configured_max_bytes())
            inner: list[object] = []
            plain = threading.Thread(target=lambda: inner.append(current_store() is store))
            carried = threading.Thread(target=run_in_context(lambda: inner.append(current_store() is store)))
            for thread in (plain, carried):
                thread.start()
                thread.join(30)
            seen[name + " threads"] = tuple(inner)  # type: ignore[assignment]

    threads = [threading.Thread(target=a_run, args=(n, mb)) for n, mb in (("one", 1), ("two", 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert seen["one"] == (True, 1 << 20) and seen["two"] == (True, 2 << 20)
    assert seen["one threads"] == seen["two threads"] == (False, True)


def test_result_details_of_a_stored_pair_are_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A GRPO run scores the same (prediction, gold) pair every step: its previews and the failed rule are
    computed once while the run's store holds both results, and each call gets its own dict."""
    import tabbench.sql.preview as preview

    rules: list[int] = []
    original = preview.differs_by

    def counted(pred, gold):  # type: ignore[no-untyped-def]
        rules.append(1)
        return original(pred, gold)

    monkeypatch.setattr(preview, "differs_by", counted)
    store = ResultStore()
    pred, gold = QueryResult(rows=((2,), (1,))), QueryResult(rows=((1,), (2,)))
    store.put((("db", 0, 0, 0), "p", "l"), pred)
    store.put((("db", 0, 0, 0), "g", "l"), gold)
    with use_store(store):
        details = [preview.result_details(pred, gold, matched=False) for _ in range(3)]
        matched = preview.result_details(pred, gold, matched=True)
    assert len(rules) == 1 and details[0] == details[2] and details[0] is not details[1]
    assert details[0]["differs_by"] == "row order" and "differs_by" not in matched
    outside = QueryResult(rows=((3,),))  # not held by the store: computed each time
    with use_store(store):
        preview.result_details(outside, gold, matched=False)
        preview.result_details(outside, gold, matched=False)
    assert len(rules) == 3
