"""Print listings as a rich table on a terminal or as JSON for machines, in one place."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from tabbench.contract.modeltext import printable

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")


def emit(rows: Sequence[dict[str, Any]], columns: Sequence[str], *, as_json: bool, title: str) -> None:
    """Print ``rows`` as JSON (every field) or as a table of ``columns``."""
    if as_json:
        click.echo(json.dumps(list(rows), indent=2, ensure_ascii=False, default=str))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    def shown(text: Any) -> str:
        """Text from a run folder (a bucket, a label) as it reads: control characters and rich markup escaped."""
        return escape(printable(str(text)))

    table = Table(title=shown(title), title_justify="left")
    for column in columns:
        table.add_column(shown(column), overflow="fold")
    for row in rows:
        table.add_row(*("" if row.get(c) is None else shown(row.get(c)) for c in columns))
    console = Console()
    if not console.is_terminal:  # piped: wide enough that rows are not folded into columns of fragments
        console = Console(width=160)
    console.print(table)
