"""Where a PostgreSQL or MySQL/MariaDB server is: a DSN from an option, the environment or the config file.

A *target* is a DSN string such as ``postgresql://tabbench_ro@db.example:5432/bird`` or
``mysql://tabbench_ro@127.0.0.1:3306/BIRD``; it stands where a SQLite path would (``ExecJob.db_path``,
``Example.fields["db_path"]``), so every SQL reward runs on a server unchanged. ``{db_id}`` in a DSN is
replaced by the question's database id (one server database per BIRD database); without it every question
runs on the one database the DSN names, as BIRD Mini-Dev's PostgreSQL and MySQL dumps are laid out.

Passwords never travel in a DSN, because DSNs are recorded in run results and sample records:

- PostgreSQL: libpq's own mechanisms, ``PGPASSWORD``, ``~/.pgpass`` (``PGPASSFILE``) or a service file
  (``PGSERVICEFILE``, ``?service=NAME``);
- MySQL/MariaDB: ``TABBENCH_MYSQL_PASSWORD`` (else ``MYSQL_PWD``), or an option file given as
  ``?read_default_file=~/.my.cnf`` (its ``[client]`` section).

A DSN that carries a password is refused with a ``ConfigError`` that says where to put it instead.

Precedence for a benchmark's DSN: the ``dsn`` option (``-o dsn=...``), then ``TABBENCH_DSN_POSTGRESQL`` /
``TABBENCH_DSN_MYSQL``, then the ``[dsn]`` table of the config file (``postgresql = "..."``, ``mysql = "..."``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit

from tabbench.contract.errors import ConfigError

#: URL schemes per server kind.
SCHEMES = {"postgresql": "postgresql", "postgres": "postgresql", "mysql": "mysql", "mariadb": "mysql"}

#: DSN query parameters tabbench understands for MySQL (PostgreSQL's go to libpq as they are).
MYSQL_PARAMS = frozenset({"unix_socket", "read_default_file", "charset", "ssl_ca", "ssl_disabled"})


def server_kind(target: object) -> str | None:
    """``"postgresql"`` or ``"mysql"`` when ``target`` is a server DSN, else ``None`` (a SQLite path)."""
    if not isinstance(target, str) or "://" not in target[:16]:
        return None
    return SCHEMES.get(target.split("://", 1)[0].lower())


def is_server_target(target: object) -> bool:
    return server_kind(target) is not None


@dataclass(frozen=True)
class MysqlParams:
    """Connection arguments for PyMySQL, parsed from a ``mysql://`` DSN (password from the environment)."""

    host: str
    port: int
    user: str | None
    database: str | None
    options: tuple[tuple[str, str], ...]

    def connect_kwargs(self) -> dict[str, object]:
        kwargs: dict[str, object] = {"host": self.host, "port": self.port, "database": self.database}
        if self.user:
            kwargs["user"] = self.user
        password = os.environ.get("TABBENCH_MYSQL_PASSWORD") or os.environ.get("MYSQL_PWD")
        if password:
            kwargs["password"] = password
        for key, value in self.options:
            if key == "read_default_file":
                kwargs[key] = os.path.expanduser(value)
            elif key == "ssl_disabled":
                kwargs[key] = value.lower() in ("1", "true", "yes")
            else:
                kwargs[key] = value
        return kwargs


def check_dsn(target: str) -> str:
    """Return ``target`` if it is a usable server DSN without a password; raise ``ConfigError`` otherwise."""
    kind = server_kind(target)
    if kind is None:
        raise ConfigError(f"dsn {redact(target)!r}: expected postgresql://... or mysql://...")
    parts = urlsplit(target)
    query = dict(parse_qsl(parts.query))
    if parts.password is not None or "password" in query:
        where = ("PGPASSWORD, ~/.pgpass or a service file" if kind == "postgresql"
                 else "TABBENCH_MYSQL_PASSWORD (or MYSQL_PWD) or an option file (?read_default_file=...)")
        raise ConfigError(f"dsn {redact(target)!r}: remove the password from the DSN (DSNs are recorded); "
                          f"put it in {where}")
    if kind == "mysql":
        unknown = sorted(set(query) - MYSQL_PARAMS)
        if unknown:
            raise ConfigError(f"dsn {redact(target)!r}: unknown MySQL parameter(s) {', '.join(unknown)} "
                              f"(known: {', '.join(sorted(MYSQL_PARAMS))})")
        try:
            _ = parts.port
        except ValueError as exc:
            raise ConfigError(f"dsn {redact(target)!r}: {exc}") from exc
    return target


def mysql_params(target: str) -> MysqlParams:
    parts = urlsplit(check_dsn(target))
    database = unquote(parts.path.lstrip("/")) or None
    return MysqlParams(
        host=parts.hostname or "localhost",
        port=parts.port or 3306,
        user=unquote(parts.username) if parts.username else None,
        database=database,
        options=tuple(parse_qsl(parts.query)),
    )


def redact(target: str) -> str:
    """``target`` with any password removed (for messages and records)."""
    if "://" not in target:
        return target
    parts = urlsplit(target)
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = user.split(":", 1)[0] + "@" + host
    query = "&".join(f"{k}={v}" if k != "password" else "password=***" for k, v in parse_qsl(parts.query))
    return parts._replace(netloc=netloc, query=query).geturl()


def for_database(target: str, db_id: str) -> str:
    """The DSN for one BIRD database: ``{db_id}`` replaced, or ``target`` itself when it has none."""
    return target.replace("{db_id}", db_id)


#: The driver module each server kind needs (``pip install 'tabbench[servers]'``).
DRIVERS = {"postgresql": "psycopg", "mysql": "pymysql"}


def require_driver(kind: str) -> None:
    """Raise ``ConfigError`` saying what to install when the driver for ``kind`` cannot be imported."""
    import importlib

    try:
        importlib.import_module(DRIVERS[kind])
    except ImportError:
        raise ConfigError(f"{kind} servers need the {DRIVERS[kind]} driver: pip install 'tabbench[servers]'") from None


def resolve_dsn(dialect: str, explicit: str | None = None) -> str | None:
    """The DSN for ``dialect`` (``postgresql`` or ``mysql``): option, then environment, then config file.
    Raises ``ConfigError`` for a DSN with a password, or when the dialect's driver is not installed."""
    dsn = _find_dsn(dialect, explicit)
    if dsn is not None:
        require_driver(server_kind(dsn) or dialect)
    return dsn


def _find_dsn(dialect: str, explicit: str | None) -> str | None:
    from tabbench.host.config import config_file, load_config

    if explicit:
        return check_dsn(str(explicit))
    env = f"TABBENCH_DSN_{dialect.upper()}"
    if os.environ.get(env):
        try:
            return check_dsn(os.environ[env])
        except ConfigError as exc:
            raise ConfigError(f"{env}: {exc}") from exc
    table = load_config().get("dsn", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{config_file()}: [dsn] must be a table of dialect = DSN")
    if dialect in table:
        try:
            return check_dsn(str(table[dialect]))
        except ConfigError as exc:
            raise ConfigError(f"{config_file()} [dsn].{dialect}: {exc}") from exc
    return None
