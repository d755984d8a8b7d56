"""Real PostgreSQL and MariaDB servers for tests and benchmarks: started once per process, on loopback, in a
temporary data directory, as an unprivileged user, with the demo BIRD databases loaded.

``postgres()`` / ``mariadb()`` return a ``Server`` or raise ``Unavailable`` with the reason (binaries or
drivers missing, no unprivileged user, a failed start). Install the servers with
``apt-get install postgresql mariadb-server`` (``.ci/run`` does) and the drivers with ``tabbench[servers]``.

Each server has a database ``bird`` (PostgreSQL) / ``BIRD`` (MariaDB) holding every demo table, as BIRD
Mini-Dev's dumps hold every dev table in one database, an administrator reached over a Unix socket, and the
SELECT-only role ``tabbench_ro``, created by the statements ``docs/sql-execution.md`` gives (read from it),
reached over TCP with its password in ``PGPASSWORD`` / ``TABBENCH_MYSQL_PASSWORD`` (set in this process's environment).
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEMO_DATABASES = sorted((REPO / "plugins" / "tabbench_demo" / "data" / "bird" / "dev_databases").glob("*/*.sqlite"))
PASSWORD = "tb-" + secrets.token_hex(8)
START_TIMEOUT = 30.0


class Unavailable(Exception):
    """No server of this kind can be started here (the message says why)."""


@dataclass
class Server:
    kind: str  # "postgresql" or "mysql"
    root: Path
    port: int
    admin_dsn: str  # superuser over the Unix socket
    dsn: str  # the SELECT-only role over TCP
    files_dir: Path  # where the server could write files (MariaDB secure_file_priv; PostgreSQL data dir)
    pid: int = 0
    process: subprocess.Popen | None = field(default=None, repr=False)

    def connect_admin(self):
        """A new DB-API connection as the administrator, as BIRD's evaluation connects (``postgres``/``root``)."""
        if self.kind == "postgresql":
            import psycopg

            return psycopg.connect(self.admin_dsn)
        import pymysql

        from tabbench.sql.dsn import mysql_params

        return pymysql.connect(**mysql_params(self.admin_dsn).connect_kwargs())

    def fingerprint(self) -> str:
        """The databases' schema and contents digest (tabbench's gold-cache fingerprint), read as administrator."""
        from tabbench.sql.server import open_session

        session = open_session(self.admin_dsn)
        try:
            return session.fingerprint()
        finally:
            session.close()

    def stop(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.process is not None:
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        shutil.rmtree(self.root, ignore_errors=True)


def _binary(name: str, patterns: list[str]) -> str:
    for pattern in patterns:
        found = sorted(glob.glob(pattern))
        if found:
            return found[-1]
    path = shutil.which(name)
    if path is None:
        raise Unavailable(f"{name} not found (apt-get install postgresql mariadb-server)")
    return path


def _user(preferred: str) -> str | None:
    """The user to run the server as: ourselves unless we are root, then ``preferred`` or ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in (preferred, "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise Unavailable("running as root and no unprivileged user (postgres, mysql or nobody) to start a server as")


def _as(user: str | None, argv: list[str]) -> list[str]:
    return ["runuser", "-u", user, "--", *argv] if user else argv


def _own(path: Path, user: str | None) -> None:
    if user:
        entry = pwd.getpwnam(user)
        os.chown(path, entry.pw_uid, entry.pw_gid)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _run(argv: list[str], what: str) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise Unavailable(f"{what} failed: {(done.stderr or done.stdout).strip()[-400:]}")


def _wait(check, log: Path, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            check()
            return
        except Exception as exc:
            last = exc
            time.sleep(0.1)
    tail = log.read_text(errors="replace")[-400:] if log.exists() else ""
    raise Unavailable(f"{what} did not start in {START_TIMEOUT:.0f} s ({last}); log: {tail}")


def start_postgres() -> Server:
    try:
        import psycopg
    except ImportError as exc:
        raise Unavailable("psycopg is not installed (pip install 'tabbench[servers]')") from exc
    initdb = _binary("initdb", ["/usr/lib/postgresql/*/bin/initdb"])
    postgres = _binary("postgres", ["/usr/lib/postgresql/*/bin/postgres"])
    export_password()
    user = _user("postgres")
    root = Path(tempfile.mkdtemp(prefix="tabbench-pg-"))
    _own(root, user)
    data, log, port = root / "data", root / "server.log", _free_port()
    _run(_as(user, [initdb, "-D", str(data), "-U", "admin", "--auth-local=trust", "--auth-host=scram-sha-256",
                    "--no-sync", "-E", "UTF8", "--locale=C"]), "initdb")
    process = subprocess.Popen(
        _as(user, [postgres, "-D", str(data), "-p", str(port), "-k", str(root), "-c", "listen_addresses=127.0.0.1",
                   "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                   "-c", "shared_buffers=32MB", "-c", "max_connections=40"]),
        stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    admin = f"postgresql://admin@/bird?host={root}&port={port}"
    server = Server("postgresql", root, port, admin, f"postgresql://tabbench_ro@127.0.0.1:{port}/bird", data,
                    process=process)
    try:
        _wait(lambda: psycopg.connect(f"postgresql://admin@/postgres?host={root}&port={port}").close(), log,
              "PostgreSQL")
        server.pid = int((data / "postmaster.pid").read_text().split()[0])
        with psycopg.connect(f"postgresql://admin@/postgres?host={root}&port={port}", autocommit=True) as conn:
            conn.execute("CREATE DATABASE bird")
        from tabbench.sql.server_load import load_sqlite

        load_sqlite(admin, DEMO_DATABASES)
        with psycopg.connect(admin, autocommit=True) as conn:
            for statement in role_statements("postgresql", PASSWORD):
                conn.execute(statement)
    except BaseException:
        server.stop()
        raise
    return server


DOCS = REPO / "docs" / "sql-execution.md"


def role_statements(kind: str, password: str) -> list[str]:
    """The statements docs/sql-execution.md gives for a SELECT-only role, read from its ``sql`` block (so
    the documented statements are the ones tested), with ``'...'`` replaced by ``password``."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## PostgreSQL and MySQL servers"):]
    start = section.index("```sql\n") + len("```sql\n")
    block = section[start: section.index("```", start)]
    postgres_part, mysql_part = block.split("-- MySQL / MariaDB")
    part = postgres_part if kind == "postgresql" else mysql_part.split("\n", 1)[1]
    code = "\n".join(line.split(" --")[0] for line in part.splitlines() if not line.startswith("--"))
    return [s.strip().replace("'...'", f"'{password}'") for s in code.split(";") if s.strip()]


def start_mariadb() -> Server:
    try:
        import pymysql
    except ImportError as exc:
        raise Unavailable("PyMySQL is not installed (pip install 'tabbench[servers]')") from exc
    install = _binary("mariadb-install-db", [])
    mariadbd = _binary("mariadbd", ["/usr/sbin/mariadbd"])
    export_password()
    user = _user("mysql")
    root = Path(tempfile.mkdtemp(prefix="tabbench-mariadb-"))
    _own(root, user)
    data, files, log, port, sock = root / "data", root / "files", root / "server.log", _free_port(), root / "sock"
    files.mkdir()
    _own(files, user)
    _run(_as(user, [install, "--no-defaults", f"--datadir={data}", "--auth-root-authentication-method=normal",
                    "--skip-test-db"]), "mariadb-install-db")
    process = subprocess.Popen(
        _as(user, [mariadbd, "--no-defaults", f"--datadir={data}", f"--port={port}", "--bind-address=127.0.0.1",
                   f"--socket={sock}", f"--pid-file={root / 'pid'}", "--skip-log-bin", "--skip-name-resolve",
                   f"--secure-file-priv={files}", "--innodb-buffer-pool-size=32M", "--innodb-flush-log-at-trx-commit=0",
                   "--max-connections=60"]),
        stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    server = Server("mysql", root, port, f"mysql://root@localhost/BIRD?unix_socket={sock}",
                    f"mysql://tabbench_ro@127.0.0.1:{port}/BIRD", files, process=process)
    try:
        _wait(lambda: pymysql.connect(unix_socket=str(sock), user="root").close(), log, "MariaDB")
        server.pid = int((root / "pid").read_text().strip())
        conn = pymysql.connect(unix_socket=str(sock), user="root", autocommit=True)
        with conn.cursor() as cursor:
            cursor.execute("CREATE DATABASE BIRD")
            cursor.execute(f"ALTER USER root@localhost IDENTIFIED BY '{PASSWORD}'")  # one password in the env
            for statement in role_statements("mysql", PASSWORD):
                cursor.execute(statement)
        conn.close()
        from tabbench.sql.server_load import load_sqlite

        load_sqlite(server.admin_dsn, DEMO_DATABASES)
    except BaseException:
        server.stop()
        raise
    return server


_started: dict[str, Server | Unavailable] = {}
_lock = threading.Lock()


def export_password() -> None:
    """The roles' password where tabbench and the drivers look for it (never in a DSN)."""
    os.environ["PGPASSWORD"] = PASSWORD
    os.environ["TABBENCH_MYSQL_PASSWORD"] = PASSWORD


def _get(kind: str) -> Server:
    export_password()
    with _lock:
        if not _started:
            _start_both()
    found = _started[kind]
    if isinstance(found, Unavailable):
        raise found
    return found


def _start_both() -> None:
    """Both servers start in parallel (about 2 s together instead of one after the other)."""
    def start(kind: str, launcher) -> None:
        try:
            _started[kind] = launcher()
        except Unavailable as exc:
            _started[kind] = exc
        except Exception as exc:
            _started[kind] = Unavailable(f"{kind} server could not be prepared: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=start, args=("postgresql", start_postgres)),
               threading.Thread(target=start, args=("mysql", start_mariadb))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    atexit.register(stop_all)


def stop_all() -> None:
    for server in _started.values():
        if isinstance(server, Server):
            server.stop()


def postgres() -> Server:
    return _get("postgresql")


def mariadb() -> Server:
    return _get("mysql")
