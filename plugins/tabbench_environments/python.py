"""The ``python`` environment: TableGPT-R1's code interpreter over the example's table, answer in text.

The table is loaded as a pandas DataFrame ``df``. Each call runs in a fresh ``tabbench.sandbox`` process (its
own namespaces, rlimits, no network, no writes outside its scratch folder). State carries across the turns
of one rollout by replay: the rollout's earlier successful cells run again, their output discarded, before
the new cell, in the same interpreter. Replay costs a few hundred milliseconds per earlier cell but keeps no
process alive between turns, so nothing a cell does can outlive its call or leak into another rollout
(a persistent interpreter would hold a sandbox open across the model's generation steps, one per rollout).
Cells with side effects outside the interpreter cannot exist (the sandbox refuses them); cells that draw
random numbers see the same seedless draws again only if they seed.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, ClassVar

from tabbench import DataError, Environment, Example, tool, tool_error

PRELUDE = """\
import contextlib as _contextlib, io as _io, json as _json
import pandas as pd
df = pd.read_csv("table.csv")
_cells = _json.loads(open("cells.json", encoding="utf-8").read())
for _i, _cell in enumerate(_cells):
    _code = compile(_cell, "<cell %d>" % (_i + 1), "exec")
    if _i < len(_cells) - 1:
        with _contextlib.redirect_stdout(_io.StringIO()):
            exec(_code, globals())
    else:
        exec(_code, globals())
"""


def table_csv(table: Any) -> bytes:
    """CSV bytes of a table given as ``{"columns": [...], "data" (or "rows"): [[...]]}``, a list of rows (header first),
    or a path to a CSV file."""
    if isinstance(table, str) and Path(table).is_file():
        return Path(table).read_bytes()
    body = table.get("data", table.get("rows")) if isinstance(table, dict) else None
    if isinstance(table, dict) and isinstance(table.get("columns"), list) and isinstance(body, list):
        rows = [table["columns"], *body]
    elif isinstance(table, list) and table and all(isinstance(r, list) for r in table):
        rows = table
    else:
        raise DataError("environment 'python': "
                        "the example's table is neither {columns, data|rows}, rows nor a CSV path")
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode("utf-8")


class PythonEnvironment(Environment):
    """A code interpreter over ``fields["table"]`` (TableBench, CRT-QA, RealHiTBench CSV, the demo table sets) or
    ``fields["table_path"]`` (DABench's CSV files, also written under ``fields["file_name"]``)."""

    name = "python"
    description = "a sandboxed code interpreter with the example's table as a pandas DataFrame; answer: text"
    answer = "text"
    runs_code = True
    tag_protocol: ClassVar[dict[str, tuple[str, str]]] = {"python": ("run_python", "code")}
    option_defaults: ClassVar[dict[str, Any]] = {"memory_mb": 1024, "table_field": "table"}

    @classmethod
    def _accepts(cls, example: Example) -> bool:
        return example.fields.get("table") is not None or example.fields.get("table_path") is not None

    def _setup(self, example: Example) -> str | None:
        field = str(self.options["table_field"])
        table = example.fields.get(field) or example.fields.get("table_path")
        if table is None:
            raise DataError(f"environment 'python': example {example.id!r} has no fields[{field!r}]")
        self._table = table_csv(table)
        self._cells: list[str] = []
        name = example.fields.get("file_name")  # the table's own file name, when the question refers to it
        self._file_name = name if isinstance(name, str) and name and name != "table.csv" and "/" not in name else None
        also = f" (read from `{self._file_name}`, also in the working directory)" if self._file_name else ""
        return (f"\n\nThe table is loaded as a pandas DataFrame `df`{also}. You may call run_python to compute with "
                "it (print what you want to see; variables persist between calls), then give your final answer.")

    @tool
    def run_python(self, code: str) -> str:
        """Run Python code with the table loaded as the pandas DataFrame df; variables persist between calls.

        Args:
            code: Python statements; print() what you want to see.

        Returns:
            What the code printed, or its error.
        """
        from tabbench.sandbox import run_python

        if not isinstance(code, str) or not code.strip():
            return tool_error("empty code")
        limit = self.budget.observation_bytes
        result = run_python(
            PRELUDE,
            files={"table.csv": self._table, "cells.json": json.dumps([*self._cells, code]).encode(),
                   **({self._file_name: self._table} if self._file_name else {})},
            timeout_s=self._call_timeout(), memory_mb=int(self.options["memory_mb"]), preload=("pandas",),
            max_output_bytes=4 * limit, collect_files=False,
        )
        if result.ok:
            self._cells.append(code)
            return result.stdout.strip() or "(no output)"
        tail = result.stderr.strip().splitlines()
        detail = tail[-1] if tail else ""
        return tool_error(f"{(result.status.value if result.status else 'error')}: {result.error or detail}")

    def _reference_calls(self, example: Example) -> list[tuple[str, dict[str, Any]]]:
        """Look at the table; the reference answer then follows (no gold program exists for these sets)."""
        return [("run_python", {"code": "print(df.head())"})]
