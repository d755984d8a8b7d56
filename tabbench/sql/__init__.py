"""The SQL execution service every SQL-running plugin uses: safe, bounded, cached, parallel.

Public API (details in ``docs/sql-execution.md``):

- one query, in this process: ``Limits``, ``QueryResult``, ``execute_sqlite``, ``SqliteExecutor``,
  ``register_function``;
- many queries: ``ExecJob``, ``execute_many`` (each distinct query once per run, gold through the cache, in a
  process pool by default), ``execute_gold``, ``BatchStats``, ``ExecPool``, ``shared_pool``,
  ``default_workers``, ``configured_workers``;
- the run-scoped result store: ``ResultStore``, ``current_store``, ``use_store``;
- the gold cache: ``GoldCache``, ``default_cache_dir``, ``default_gold_cache``;
- DuckDB (imported on first use): ``DuckSession``, ``execute_duckdb``;
- PostgreSQL / MySQL servers (a DSN where a SQLite path would be; drivers imported on first use):
  ``resolve_dsn``, ``for_database``, ``server_kind``, ``is_server_target``, ``execute_server``,
  ``ServerWriteWarning``, ``load_sqlite``;
- SQL in completions (the one SQL extractor, modes ``SQL_MODES``): ``extract_sql``, ``sql_extractor``,
  ``last_sql_block``, ``strip_think``; sqlglot helpers: ``split_statements``, ``is_single_statement``,
  ``validate``, ``transpile``, ``SqlParseError``; Spider/BIRD ``tables.json`` schemas: ``read_tables``;
- what a sample record keeps of two executed results (bounded previews, the comparison rule that failed):
  ``result_details``.
"""

from typing import Any

from tabbench.sql.batch import BatchStats, ExecJob, default_gold_cache, execute_gold, execute_many
from tabbench.sql.cache import GoldCache, default_cache_dir
from tabbench.sql.execute import (
    DEFAULT_LIMITS,
    Limits,
    QueryResult,
    SqliteExecutor,
    execute_sqlite,
    normalise_sql,
    register_function,
)
from tabbench.sql.extract import (
    DEFAULT_SOURCES,
    SQL_MODES,
    SqlParseError,
    extract_sql,
    is_single_statement,
    last_sql_block,
    split_statements,
    sql_extractor,
    strip_think,
    transpile,
    validate,
)
from tabbench.sql.pool import ExecPool, shared_pool
from tabbench.sql.preview import result_details
from tabbench.sql.store import ResultStore, current_store, use_store
from tabbench.sql.text2sql import configured_workers, default_workers, execution_limits, read_tables, sqlite_ddl

_LAZY = {
    "DuckSession": "tabbench.sql.duck", "execute_duckdb": "tabbench.sql.duck",
    **dict.fromkeys(("resolve_dsn", "for_database", "server_kind", "is_server_target"), "tabbench.sql.dsn"),
    **dict.fromkeys(("execute_server", "ServerWriteWarning"), "tabbench.sql.server"),
    "load_sqlite": "tabbench.sql.server_load",
}


def __getattr__(name: str) -> Any:
    """DuckDB is imported only when its API is first used; 0.1.0's removed names warn (``docs/api.md``)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    from tabbench.contract.deprecation import module_getattr  # a name of 0.1.0, removed or renamed: it warns

    return module_getattr(__name__)(name)


__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_SOURCES",
    "SQL_MODES",
    "BatchStats",
    "DuckSession",
    "ExecJob",
    "ExecPool",
    "GoldCache",
    "Limits",
    "QueryResult",
    "ResultStore",
    "ServerWriteWarning",
    "SqlParseError",
    "SqliteExecutor",
    "configured_workers",
    "current_store",
    "default_cache_dir",
    "default_gold_cache",
    "default_workers",
    "execute_duckdb",
    "execute_gold",
    "execute_many",
    "execute_server",
    "execute_sqlite",
    "execution_limits",
    "extract_sql",
    "for_database",
    "is_server_target",
    "is_single_statement",
    "last_sql_block",
    "load_sqlite",
    "normalise_sql",
    "read_tables",
    "register_function",
    "resolve_dsn",
    "result_details",
    "server_kind",
    "shared_pool",
    "split_statements",
    "sql_extractor",
    "sqlite_ddl",
    "strip_think",
    "transpile",
    "use_store",
    "validate",
]
