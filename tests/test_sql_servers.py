"""SQL execution on real PostgreSQL and MariaDB servers (started by tests/servers.py; skipped with the reason
when none can be started): results, DSNs and passwords, caps, connection reuse and reconnection, the write
warning, the gold cache's fingerprint, and the hostile corpus (contents unchanged, no file written, every
query within its timeout plus a second, the run completes)."""

from __future__ import annotations

import secrets
import sqlite3
import sys
import time
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from tabbench import ConfigError, Status, score_batch
from tabbench.sql import ExecJob, Limits, execute_many
from tabbench.sql.batch import BatchStats
from tabbench.sql.dsn import check_dsn, for_database, redact, resolve_dsn
from tabbench.sql.server import (
    ServerWriteWarning,
    forget_fingerprints,
    open_session,
    server_fingerprint,
    thread_executor,
)
from tests import servers
from tests.loaded import SLACK

pytestmark = pytest.mark.slow  # starts PostgreSQL and MariaDB servers

TIMEOUT = 0.5
LIMITS = Limits(timeout=TIMEOUT, max_rows=10_000, max_bytes=4 << 20)


@pytest.fixture(scope="session", params=["postgresql", "mysql"])
def server(request) -> servers.Server:
    try:
        return servers.postgres() if request.param == "postgresql" else servers.mariadb()
    except servers.Unavailable as exc:
        pytest.skip(f"no {request.param} server: {exc}")


def customers() -> int:
    """Rows of the demo's customers table, read from its SQLite file (the servers hold a copy)."""
    path = next(p for p in servers.DEMO_DATABASES if p.stem == "shop")
    with sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True) as conn:
        return conn.execute("SELECT count(*) FROM customers").fetchone()[0]


def run(target: str, sql: str, limits: Limits = LIMITS, workers: int = 0):
    return execute_many([ExecJob(target, sql)], limits, workers=workers, cache=False, store=False)[0]


# --- DSNs -------------------------------------------------------------------------------------------------


def test_dsn_refuses_passwords_and_redacts():
    with pytest.raises(ConfigError, match="PGPASSWORD") as info:
        check_dsn("postgresql://u:s3cret@h/db")
    assert "s3cret" not in str(info.value)
    with pytest.raises(ConfigError, match="TABBENCH_MYSQL_PASSWORD"):
        check_dsn("mysql://u@h/db?password=s3cret")
    with pytest.raises(ConfigError, match="unknown MySQL parameter"):
        check_dsn("mysql://u@h/db?init_command=DROP")
    assert redact("postgresql://u:s3cret@h:5/db") == "postgresql://u@h:5/db"
    assert for_database("postgresql://u@h/{db_id}", "shop") == "postgresql://u@h/shop"


def test_dsn_precedence_option_env_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    config = tmp_path / "tabbench.toml"
    config.write_text('[dsn]\npostgresql = "postgresql://fromconfig@h/bird"\n')
    monkeypatch.setenv("TABBENCH_CONFIG", str(config))
    monkeypatch.delenv("TABBENCH_DSN_POSTGRESQL", raising=False)
    assert resolve_dsn("postgresql") == "postgresql://fromconfig@h/bird"
    monkeypatch.setenv("TABBENCH_DSN_POSTGRESQL", "postgresql://fromenv@h/bird")
    assert resolve_dsn("postgresql") == "postgresql://fromenv@h/bird"
    assert resolve_dsn("postgresql", "postgresql://fromoption@h/bird") == "postgresql://fromoption@h/bird"
    assert resolve_dsn("mysql") is None
    config.write_text('[dsn]\nmysql = "mysql://u:pw@h/BIRD"\n')
    with pytest.raises(ConfigError, match=r"\[dsn\]\.mysql"):
        resolve_dsn("mysql")


# --- results ----------------------------------------------------------------------------------------------


def test_query_results_and_driver_types(server: servers.Server):
    result = run(server.dsn, "SELECT name, price FROM products WHERE product_id = 1")
    assert result.ok and result.columns == ("name", "price") and len(result.rows) == 1
    assert isinstance(result.rows[0][1], float)
    assert run(server.dsn, "SELECT CAST(1.5 AS DECIMAL(4, 2))").rows == ((Decimal("1.50"),),)
    assert run(server.dsn, "SELECT count(*) FROM customers;").rows == ((customers(),),)  # a trailing ; is one statement
    assert run(server.dsn, "SELEC 1").status is Status.EXEC_ERROR


def test_password_comes_from_the_environment(server: servers.Server, monkeypatch: pytest.MonkeyPatch):
    variable = "PGPASSWORD" if server.kind == "postgresql" else "TABBENCH_MYSQL_PASSWORD"
    monkeypatch.setenv(variable, "wrong-password")
    monkeypatch.delenv("MYSQL_PWD", raising=False)
    session_dsn = server.dsn + ("?application_name=wrongpw" if server.kind == "postgresql" else "?charset=utf8mb4")
    result = run(session_dsn, "SELECT 1")
    assert result.status is Status.EXEC_ERROR and "cannot connect" in result.error
    assert servers.PASSWORD not in result.error and "wrong-password" not in result.error


def test_row_and_byte_caps_stream(server: servers.Server):
    many = "SELECT a.customer_id FROM customers a, customers b, customers c, customers d"  # 10**8 rows and more
    result = run(server.dsn, many, Limits(timeout=20, max_rows=1000))
    assert result.ok and result.truncated and len(result.rows) == 1000  # 10**8 rows would have hit the timeout
    wide = run(server.dsn, "SELECT a.name, REPEAT('x', 1000) FROM customers a, customers b",
               Limits(timeout=20, max_bytes=100_000))
    assert wide.truncated and 50 < len(wide.rows) < 100
    after = run(server.dsn, "SELECT count(*) FROM products")  # the session is usable after a cut stream
    assert after.ok and after.rows[0][0] > 0


def _backend_id(server: servers.Server) -> int:
    sql = "SELECT pg_backend_pid()" if server.kind == "postgresql" else "SELECT CONNECTION_ID()"
    result = thread_executor().execute(server.dsn, sql, LIMITS)
    assert result.ok, result.error
    return int(result.rows[0][0])


def test_one_connection_reused_and_reopened_after_a_drop(server: servers.Server):
    first = _backend_id(server)
    assert _backend_id(server) == first
    admin = open_session(server.admin_dsn)
    try:
        kill = (f"SELECT pg_terminate_backend({first})" if server.kind == "postgresql" else f"KILL {first}")
        conn = admin.conn  # type: ignore[attr-defined]
        if server.kind == "postgresql":
            conn.execute(kill)
        else:
            with conn.cursor() as cursor:
                cursor.execute(kill)
    finally:
        admin.close()
    _wait_until_gone(server, first)
    second = _backend_id(server)  # the dropped connection is noticed and replaced, the query runs
    assert second != first


def _wait_until_gone(server: servers.Server, backend_id: int) -> None:
    """Wait until the server has ended session ``backend_id`` (a kill is asynchronous on both servers)."""
    sql = (f"SELECT count(*) FROM pg_stat_activity WHERE pid = {backend_id}" if server.kind == "postgresql"
           else f"SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = {backend_id}")
    deadline = time.monotonic() + 60
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ServerWriteWarning)
        while run(server.admin_dsn, sql).rows != ((0,),):
            assert time.monotonic() < deadline, f"session {backend_id} was not ended"
            time.sleep(0.05)


def test_warns_when_the_role_can_write(server: servers.Server):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = open_session(server.dsn)
        assert session.write_privileges() == []
        session.close()
        admin = open_session(server.admin_dsn)
        extra = admin.write_privileges()
        admin.close()
    assert extra, "the administrator can write"
    assert not [w for w in caught if issubclass(w.category, ServerWriteWarning)]
    with pytest.warns(ServerWriteWarning, match="SELECT-only role"):
        from tabbench.sql.server import ServerExecutor

        ServerExecutor().session(server.admin_dsn + ("&connect_timeout=9" if server.kind == "postgresql"
                                                     else "&charset=utf8mb4"))


def test_gold_cache_keyed_by_contents(server: servers.Server, private_gold_cache):
    gold = "SELECT count(*) FROM loans"
    first, second = BatchStats(), BatchStats()
    execute_many([ExecJob(server.dsn, gold, gold=True)], LIMITS, store=False, stats=first)
    execute_many([ExecJob(server.dsn, gold, gold=True)], LIMITS, store=False, stats=second)
    assert (first.cache_hits, second.cache_hits) == (0, 1)
    before = server_fingerprint(server.dsn)
    admin = open_session(server.admin_dsn)
    change = ("UPDATE loans SET year = year + 1 WHERE loan_id = 1",
              "UPDATE loans SET year = year - 1 WHERE loan_id = 1")
    try:
        _admin_write(server, admin, change[0])
        forget_fingerprints()
        assert server_fingerprint(server.dsn) != before  # same row count, different contents
        third = BatchStats()
        execute_many([ExecJob(server.dsn, gold, gold=True)], LIMITS, store=False, stats=third)
        assert third.cache_hits == 0
    finally:
        _admin_write(server, admin, change[1])
        admin.close()
        forget_fingerprints()
    assert server_fingerprint(server.dsn) == before


def _admin_write(server: servers.Server, admin, statement: str) -> None:
    conn = admin.conn
    if server.kind == "postgresql":
        conn.execute("SET default_transaction_read_only = off")
        conn.execute(statement)
    else:
        with conn.cursor() as cursor:
            cursor.execute("SET SESSION TRANSACTION READ WRITE")
            cursor.execute(statement)


def test_timeout_cancels_on_the_server(server: servers.Server):
    sleep = "SELECT pg_sleep(20)" if server.kind == "postgresql" else "SELECT SLEEP(20)"
    start = time.monotonic()
    result = run(server.dsn, sleep, Limits(timeout=1.0))
    assert result.status is Status.TIMEOUT
    assert time.monotonic() - start < 1.0 + SLACK  # cancelled, not left to sleep its 20 s
    listing = ("SELECT query FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(20)%' "
               "AND pid <> pg_backend_pid()" if server.kind == "postgresql" else
               "SELECT INFO FROM information_schema.PROCESSLIST WHERE INFO LIKE '%SLEEP(20)%' "
               "AND ID <> CONNECTION_ID()")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ServerWriteWarning)
        still = run(server.admin_dsn, listing)
    assert still.ok and still.rows == ()


# --- the hostile corpus -----------------------------------------------------------------------------------

NONCE = secrets.token_hex(4)


def hostile(server: servers.Server) -> list[str]:
    tmp = f"/tmp/tabbench_pwned_{NONCE}"
    inside = f"{server.files_dir}/pwned_{NONCE}"
    common = [
        "DELETE FROM customers", "UPDATE products SET price = 0", "INSERT INTO customers VALUES (999, 'x', 'y', 1)",
        "DROP TABLE orders", "CREATE TABLE pwned (a INT)", "TRUNCATE customers", "ALTER TABLE customers ADD x INT",
        "SELECT * FROM customers FOR UPDATE", "SELECT 1; DROP TABLE customers", "SELECT 1; DELETE FROM customers",
        "BEGIN", "COMMIT", "ROLLBACK; DROP TABLE customers",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        "SELECT count(*) FROM customers a, customers b, customers c, customers d, customers e",
    ]
    if server.kind == "postgresql":
        return [
            *common, f"COPY customers TO PROGRAM 'touch {tmp}'", f"COPY (SELECT 1) TO '{tmp}_copy'",
            f"COPY (SELECT 1) TO '{inside}'", "SELECT pg_read_file('/etc/passwd')",
            "SELECT pg_catalog.pg_read_binary_file('/etc/hostname')", "SELECT pg_ls_dir('.')",
            "SELECT lo_import('/etc/passwd')", f"SELECT lo_export(lo_create(0), '{tmp}_lo')",
            "SELECT pg_sleep(30)", "SELECT count(*) FROM generate_series(1, 100000000000)",
            "SELECT * FROM generate_series(1, 1000000000)", "SET ROLE admin", "SET SESSION AUTHORIZATION admin",
            "RESET ROLE", "SELECT set_config('role', 'admin', false)",
            "WITH d AS (DELETE FROM customers RETURNING *) SELECT count(*) FROM d",
            "SELECT * INTO pwned FROM customers", "CREATE TEMP TABLE t AS SELECT 1",
            "DO $$ BEGIN DELETE FROM customers; END $$", "EXPLAIN ANALYZE DELETE FROM customers",
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "VACUUM", "LOCK TABLE customers",
            "NOTIFY pwned", "SELECT 1; COPY customers TO PROGRAM 'touch " + tmp + "_multi'",
            "SELECT pg_advisory_lock(7)", "SELECT pg_advisory_lock(g) FROM generate_series(1, 100000) g",
            "SELECT pg_notify('pwned', 'x')",
        ]
    return [
        *common, f"SELECT * FROM customers INTO OUTFILE '{tmp}'", f"SELECT * FROM customers INTO OUTFILE '{inside}'",
        f"SELECT 'x' INTO DUMPFILE '{inside}_dump'", "LOAD DATA INFILE '/etc/passwd' INTO TABLE customers",
        "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE customers", "SELECT LOAD_FILE('/etc/passwd')",
        "SELECT SLEEP(30)", "SELECT BENCHMARK(100000000000, MD5('x'))", "DO SLEEP(30)",
        "REPLACE INTO customers VALUES (1, 'x', 'y', 1)", "RENAME TABLE customers TO pwned",
        "SET ROLE NONE", "SET PASSWORD = PASSWORD('pwned')", "GRANT ALL ON *.* TO 'tabbench_ro'@'%'",
        "CREATE USER pwned", "LOCK TABLES customers WRITE", "FLUSH TABLES", "KILL 1", "HANDLER customers OPEN",
        "START TRANSACTION READ WRITE", "SET SESSION TRANSACTION READ WRITE",
        "(SELECT 1) UNION (SELECT 2) INTO OUTFILE '" + inside + "_union'",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100000000) SELECT n FROM r",
        "SELECT GET_LOCK('tabbench', 100)", "SELECT @x := 1", "SELECT 1 INTO @x",
        "/*!100000 SET STATEMENT max_statement_time=0 FOR */ SELECT SLEEP(30)", "/*M!100000 DELETE FROM customers */",
    ]


def no_files_written(server: servers.Server) -> list[str]:
    return [str(p) for p in (*Path("/tmp").glob(f"*{NONCE}*"), *server.root.rglob(f"*{NONCE}*"))]


def test_hostile_corpus_leaves_the_server_untouched(server: servers.Server):
    corpus = hostile(server)
    before = server.fingerprint()
    # 1. the read-only role through the public path, one query at a time, each timed from outside
    for sql in corpus:
        start = time.monotonic()
        result = run(server.dsn, sql)
        took = time.monotonic() - start
        assert took < TIMEOUT + SLACK, (sql, took)  # unbounded, the corpus sleeps 30 s or runs for ever
        # MariaDB stops a runaway recursive CTE itself (max_recursive_iterations): a harmless result
        harmless = server.kind == "mysql" and sql.startswith("WITH RECURSIVE")
        assert result.status is not None or result.truncated or harmless, (sql, result)
    # 2. the read-only role with tabbench's statement screen bypassed: the server itself refuses
    session = open_session(server.dsn)
    try:
        for sql in corpus:
            start = time.monotonic()
            session.run(sql, LIMITS)
            assert time.monotonic() - start < TIMEOUT + SLACK, sql
    finally:
        session.close()
    # 3. the administrator (warned about), in parallel: read-only transactions and the screen still hold
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ServerWriteWarning)
        results = execute_many([ExecJob(server.admin_dsn, sql) for sql in corpus], LIMITS, workers=8, cache=False,
                               store=False)
    assert len(results) == len(corpus)
    assert server.fingerprint() == before, "the hostile corpus changed the databases"
    assert no_files_written(server) == []
    assert run(server.dsn, "SELECT count(*) FROM customers").rows == ((customers(),),)
    # nothing outlives a query on the reused connection: no advisory or user lock, no session variable
    left = ("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'" if server.kind == "postgresql"
            else "SELECT IS_USED_LOCK('tabbench'), @x")
    assert run(server.dsn, left).rows[0] in ((0,), (None, None))


def test_password_from_a_service_or_option_file(server: servers.Server, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch):
    for variable in ("PGPASSWORD", "TABBENCH_MYSQL_PASSWORD", "MYSQL_PWD"):
        monkeypatch.delenv(variable, raising=False)
    if server.kind == "postgresql":
        service = tmp_path / "pg_service.conf"
        service.write_text(f"[tb]\nhost=127.0.0.1\nport={server.port}\ndbname=bird\nuser=tabbench_ro\n"
                           f"password={servers.PASSWORD}\n")
        monkeypatch.setenv("PGSERVICEFILE", str(service))
        target = "postgresql://?service=tb"
    else:
        option_file = tmp_path / "my.cnf"
        option_file.write_text(f"[client]\npassword={servers.PASSWORD}\n")
        target = f"{server.dsn}?read_default_file={option_file}"
    result = run(target, "SELECT count(*) FROM products")
    assert result.ok and result.rows[0][0] > 0, result.error


def test_watchdog_fires_once_and_disarm_waits_for_a_running_cancel():
    """Cancels fire in deadline order on one thread: a disarmed one never fires, and ``disarm`` of a cancel
    that is running returns only when it has finished (events, not sleeps, say when each thing happened)."""
    import threading

    from tabbench.sql.session import Watchdog

    dog, calls = Watchdog(), []
    started, release, disarmed = threading.Event(), threading.Event(), threading.Event()

    def slow_cancel() -> None:
        started.set()
        release.wait(60)
        calls.append(f"slow (disarm returned: {disarmed.is_set()})")

    now = time.monotonic()
    early = dog.arm(now + 1.0, lambda: calls.append("early"))
    dog.disarm(early)
    dog.arm(now, lambda: calls.append("due"))
    slow = dog.arm(now + 1.1, slow_cancel)  # after early's deadline: early would have fired first
    assert started.wait(60)
    waiter = threading.Thread(target=lambda: (dog.disarm(slow), disarmed.set()), daemon=True)
    waiter.start()
    assert not disarmed.wait(0.2)  # the cancel is running: disarm waits for it
    release.set()
    assert disarmed.wait(60)
    assert calls == ["due", "slow (disarm returned: False)"]
    dog.disarm(slow)  # fired once: nothing left to wait for
    assert calls == ["due", "slow (disarm returned: False)"]


def test_worker_threads_each_reuse_one_connection(server: servers.Server):
    backend = "pg_backend_pid()" if server.kind == "postgresql" else "CONNECTION_ID()"
    jobs = [ExecJob(server.dsn, f"SELECT {backend}, {k}") for k in range(60)]  # distinct, so none deduplicated
    first = {r.rows[0][0] for r in execute_many(jobs, LIMITS, workers=3, cache=False, store=False)}
    again = {r.rows[0][0] for r in execute_many(jobs, LIMITS, workers=3, cache=False, store=False)}
    assert 1 <= len(first) <= 3 and again <= first  # at most one connection per worker thread, kept


def test_a_missing_driver_is_named_with_what_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "pymysql", None)  # as if PyMySQL were not installed
    with pytest.raises(ConfigError, match=r"pip install 'tabbench\[servers\]'"):
        resolve_dsn("mysql", "mysql://u@127.0.0.1:1/BIRD")
    result = run("mysql://u@127.0.0.1:1/BIRD", "SELECT 1")
    assert result.status is Status.EXEC_ERROR and "tabbench[servers]" in result.error


def test_kill_query_from_a_second_connection_when_the_server_timer_is_bypassed():
    """MySQL's executable comment turns off MariaDB's timer for one statement (tabbench's screen refuses it;
    here the screen is bypassed): the watchdog's KILL QUERY still ends it just after the deadline."""
    try:
        server = servers.mariadb()
    except servers.Unavailable as exc:
        pytest.skip(f"no mysql server: {exc}")
    session = open_session(server.dsn)
    try:
        start = time.monotonic()
        unbounded = "/*!100000 SET STATEMENT max_statement_time=0 FOR */ SELECT SLEEP(30)"
        result = session.run(unbounded, Limits(timeout=0.5))
        took = time.monotonic() - start
        # the watchdog (timeout + its grace), since the server's own timer is off for this statement
        assert result.status is Status.TIMEOUT and 0.5 + 0.2 < took < 0.5 + SLACK
        assert session.run("SELECT 1", LIMITS).rows == ((1,),)  # the connection survives the kill
    finally:
        session.close()


def test_execution_voting_runs_on_the_server(server: servers.Server):
    from tabbench import Example
    from tabbench.evaluation.voting import candidates

    class SqlAnswers:  # the one method voting needs from a benchmark
        def extract(self, example, completion):
            return completion

    example = Example(id="0", gold=None, fields={"db_path": server.dsn})
    completions = ["SELECT count(*) FROM customers", "SELECT count(*) FROM customers", "SELECT 1"]
    found, executed = candidates(SqlAnswers(), example, completions)  # type: ignore[arg-type]
    assert executed and found[0].rows == ((customers(),),) and found[2].rows == ((1,),)


@pytest.mark.parametrize("name", ["arctic", "databricks-rlvr", "sqlr1", "execution-partial"])
def test_execution_rewards_score_on_the_server(server: servers.Server, name: str, private_gold_cache):
    """Every execution reward takes a DSN where it takes a SQLite path (the example's ``db_path``)."""
    import tabbench
    from tabbench import Example

    example = Example(id="0", gold="SELECT count(*) FROM customers", fields={"db_path": server.dsn})
    reward = tabbench.get_reward(name)
    def answer(sql: str) -> str:  # the format every one of them reads (SQL-R1 needs the tags)
        return f"<think>count them</think>\n<answer>\n```sql\n{sql}\n```\n</answer>"

    sqls = ["SELECT COUNT(*) FROM customers", "SELECT 1", "DELETE FROM customers"]
    right, wrong, write = score_batch(reward, [(example, answer(sql)) for sql in sqls])
    assert right.value > wrong.value >= write.value, (right, wrong, write)
    assert right.status is Status.MATCH and wrong.status is Status.MISMATCH and write.status is Status.FORBIDDEN
