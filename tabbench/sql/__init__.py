"""The SQL execution service every SQL-running plugin uses: safe, bounded, cached, parallel.

Public API (see ``docs/sql-execution.md``):

- ``Limits``, ``QueryResult``, ``execute_sqlite`` / ``SqliteExecutor``, ``register_function``: one untrusted
  query against a read-only SQLite file, in this process.
- ``extract_sql``, ``strip_think``, ``split_statements``, ``is_single_statement``, ``validate``,
  ``transpile``, ``SqlParseError``: SQL in completions, and sqlglot helpers.
"""

from tabbench.sql.execute import (
    DEFAULT_LIMITS,
    Limits,
    QueryResult,
    SqliteExecutor,
    execute_sqlite,
    register_function,
)
from tabbench.sql.extract import (
    DEFAULT_SOURCES,
    SqlParseError,
    extract_sql,
    is_single_statement,
    split_statements,
    strip_think,
    transpile,
    validate,
)

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_SOURCES",
    "Limits",
    "QueryResult",
    "SqlParseError",
    "SqliteExecutor",
    "execute_sqlite",
    "extract_sql",
    "is_single_statement",
    "register_function",
    "split_statements",
    "strip_think",
    "transpile",
    "validate",
]
