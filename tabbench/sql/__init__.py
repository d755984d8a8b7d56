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

from typing import TYPE_CHECKING, Any

from tabbench.contract.deprecation import Deprecated, deprecated, kept, module_getattr
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


@deprecated("use tabbench.sql.extract_sql (it returns None where completion_sql fell back to the whole text)",
            category=None)
def _completion_sql(completion: str) -> str | None:
    """0.1.0's ``completion_sql``: the SQL a completion answers with (``extract_sql``); when none is recognised,
    the whole text, as the official scripts execute a predictions-file value."""
    if not isinstance(completion, str):
        return None
    sql = extract_sql(completion)
    if sql is None:
        sql = completion.strip()
    return sql or None


_old_name = module_getattr(__name__, {  # 0.1.0's names, deprecated (docs/api.md)
    "completion_sql": kept(_completion_sql),
    "env_workers": Deprecated(lambda: configured_workers, "tabbench.sql.configured_workers"),
})
if TYPE_CHECKING:  # for type checkers: the old behaviour kept is marked deprecated (PEP 702)
    from tabbench.sql import _completion_sql as completion_sql  # noqa: F401


def __getattr__(name: str) -> Any:
    """DuckDB is imported only when its API is first used; 0.1.0's removed names warn (``docs/api.md``)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    return _old_name(name)


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
