"""The ``sql`` environment: explore the example's SQLite database with read-only queries, answer with SQL.

Every query goes through ``tabbench.sql.execute_many`` (read-only connection, authorizer, deadline, row and
byte caps; the run's result store when one is open), with the rollout's remaining tool time as its
deadline. Results are rendered compactly: a header, at most ``max_rows`` rows of cells cut to
``max_cell_chars``, and the row count, so an observation stays a few hundred bytes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from tabbench import DataError, Environment, Example, tool, tool_error


def render_rows(columns: tuple[str, ...], rows: tuple[tuple[Any, ...], ...], max_rows: int, max_cell: int,
                truncated: bool) -> str:
    """``col | col`` then one line per row, then ``(N rows)``; says when rows were cut."""

    def cell(value: Any) -> str:
        text = "NULL" if value is None else (value.hex() if isinstance(value, bytes) else str(value))
        text = " ".join(text.split())
        return text if len(text) <= max_cell else text[: max_cell - 3] + "..."

    lines = [" | ".join(cell(c) for c in columns)] if columns else []
    lines += [" | ".join(cell(v) for v in row) for row in rows[:max_rows]]
    more = len(rows) > max_rows or truncated
    count = f"first {min(len(rows), max_rows)} rows shown; more exist" if more else f"{len(rows)} rows"
    return "\n".join([*lines, f"({count})"])


class SqlEnvironment(Environment):
    """Tools over the example's database (``fields["db_path"]``, as BIRD, Spider and the demo sets carry)."""

    name = "sql"
    description = "list and describe tables, run read-only queries on the example's database; answer: SQL"
    answer = "sql"
    tag_protocol: ClassVar[dict[str, tuple[str, str]]] = {"sql": ("query", "sql")}
    option_defaults: ClassVar[dict[str, Any]] = {"max_rows": 10, "max_cell_chars": 40, "max_steps": 5_000_000}

    @classmethod
    def _accepts(cls, example: Example) -> bool:
        return isinstance(example.fields.get("db_path"), str)

    def _setup(self, example: Example) -> str | None:
        db_path = example.fields.get("db_path")
        if not isinstance(db_path, str) or not Path(db_path).is_file():
            raise DataError(f"environment 'sql': example {example.id!r} has no readable fields['db_path']")
        self._db_path = db_path
        self._tables: list[str] | None = None
        return ("\n\nYou may call list_tables, describe_table and query (read-only SQL) to explore the database "
                "before you answer with one SQLite query.")

    def _table_names(self) -> list[str]:
        if self._tables is None:
            from tabbench.sql import sqlite_ddl

            self._tables = [name for name, _ in sqlite_ddl(self._db_path)]
        return self._tables

    def _run(self, sql: str) -> str:
        from tabbench.sql import ExecJob, Limits, execute_many

        max_rows = int(self.options["max_rows"])
        limits = Limits(timeout=self._call_timeout(), max_steps=self.options["max_steps"], max_rows=max_rows + 1,
                        max_bytes=64 * 1024, max_value_bytes=1 << 20)
        # concurrent rollouts need no lock here: the shared pool serves several threads' calls at once, the
        # in-process executor is per thread and the run's result store is thread-safe
        result = execute_many([ExecJob(self._db_path, sql)], limits, cache=False)[0]
        if not result.ok:
            status = result.status.value if result.status is not None else "error"
            return tool_error(f"{status}: {' '.join(str(result.error).split())[:300]}")
        return render_rows(result.columns, result.rows, max_rows, int(self.options["max_cell_chars"]),
                           result.truncated)

    @tool
    def list_tables(self) -> str:
        """List the tables of the database.

        Returns:
            The table names, one per line.
        """
        return "\n".join(self._table_names()) or "(no tables)"

    @tool
    def describe_table(self, table: str) -> str:
        """Show a table's columns with their types, and its first three rows.

        Args:
            table: The name of a table, as list_tables prints it.

        Returns:
            The CREATE TABLE statement and three sample rows.
        """
        from tabbench.sql import sqlite_ddl

        ddl = dict(sqlite_ddl(self._db_path))
        match = next((name for name in ddl if name.lower() == str(table).strip().strip('"`[]').lower()), None)
        if match is None:
            return tool_error(f"no table {str(table)[:80]!r}; tables: {', '.join(self._table_names())}")
        quoted = '"' + match.replace('"', '""') + '"'
        return " ".join(ddl[match].split()) + "\n" + self._run(f"SELECT * FROM {quoted} LIMIT 3")

    @tool
    def query(self, sql: str) -> str:
        """Run one read-only SQLite query on the database and show its result.

        Args:
            sql: A single SELECT (or WITH ... SELECT) statement.

        Returns:
            The result's columns and first rows, or the error.
        """
        if not isinstance(sql, str) or not sql.strip():
            return tool_error("empty query")
        return self._run(sql)

    def _reference_calls(self, example: Example) -> list[tuple[str, dict[str, Any]]]:
        """Describe each table the gold query reads, run the gold query: the cold-start trajectory."""
        gold = example.gold or ""
        self._db_path = str(example.fields.get("db_path", ""))
        self._tables = None
        try:
            names = self._table_names()
        except Exception:
            names = []
        used = [n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", gold, re.I)]
        return [*(("describe_table", {"table": n}) for n in used), ("query", {"sql": gold})]
