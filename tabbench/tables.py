"""Load benchmark tables from their on-disk formats and turn them into prompts, DataFrames and databases.

One in-memory form, ``Table``: ``header`` (one or more header rows, for hierarchical tables), ``rows`` (cell
values), and ``columns`` (one flat label per column, derived from the header levels). Merged cells (HTML
``rowspan``/``colspan``, LaTeX ``\\multicolumn``/``\\multirow``, xlsx merged ranges) are expanded so that every
covered cell holds the merged value: a grid stays rectangular and every row can be read alone.

Loaders (a malformed table or a missing file is a ``DataError`` naming the file):

- ``from_tablebench(obj)``: TableBench's ``{"columns": [...], "data": [[...], ...]}`` (or its JSON string).
- ``read_csv(path, sep=",")``: CSV (CRT-QA ships CSV tables; RealHiTBench too).
- ``read_html(path)``, ``read_markdown(path)``, ``read_latex(path)``, ``read_xlsx(path)``: RealHiTBench formats.
- ``read_table(path)``: any of the above, by file suffix.

Outputs: ``to_dataframe`` (pandas, imported lazily: the ``tables`` extra), ``to_duckdb`` (a locked
``tabbench.sql.DuckSession`` for untrusted SQL), ``to_csv_bytes`` (exactly what TableBench's parser writes as
``table.csv``), and ``serialize`` (markdown, csv, html or TableBench's JSON, cut to a size limit; the returned
``Serialized`` records the format and whether and where it was cut, so results can say what the model saw).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from tabbench.contract.errors import DataError

__all__ = [
    "FORMATS",
    "Serialized",
    "Table",
    "from_tablebench",
    "read_csv",
    "read_html",
    "read_latex",
    "read_markdown",
    "read_table",
    "read_xlsx",
    "serialize",
    "to_csv_bytes",
    "to_dataframe",
    "to_duckdb",
]

FORMATS = ("markdown", "csv", "html", "json")


@dataclass
class Table:
    """A rectangular table. ``header`` has one row per header level; ``columns`` flattens them."""

    header: list[list[str]]
    rows: list[list[Any]]
    name: str = ""
    source: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def columns(self) -> list[str]:
        """One label per column: the distinct non-empty header levels joined with `` / ``."""
        if not self.header:
            return [f"col{i + 1}" for i in range(self.width)]
        labels = []
        for j in range(self.width):
            parts: list[str] = []
            for level in self.header:
                value = str(level[j]).strip() if j < len(level) and level[j] is not None else ""
                if value and (not parts or parts[-1] != value):
                    parts.append(value)
            labels.append(" / ".join(parts))
        return labels

    @property
    def width(self) -> int:
        return max([len(r) for r in self.header + self.rows] or [0])


@dataclass(frozen=True)
class Serialized:
    """A table rendered for a prompt, and how: the record a run keeps of what the model saw."""

    text: str
    format: str
    truncated: bool
    rows_shown: int
    rows_total: int

    def record(self) -> dict[str, Any]:
        return {"format": self.format, "truncated": self.truncated, "rows_shown": self.rows_shown,
                "rows_total": self.rows_total, "chars": len(self.text)}


# --- loaders --------------------------------------------------------------------------------------------------


def from_tablebench(obj: Any, *, source: str = "<table>", name: str = "") -> Table:
    """TableBench's ``{columns, data}`` (a dict, or the JSON string the 2024 release used)."""
    if isinstance(obj, str):
        try:
            obj = json.loads(obj)
        except json.JSONDecodeError as exc:
            raise DataError(f"{source}: table is not valid JSON ({exc.msg})") from exc
    if not isinstance(obj, dict) or not isinstance(obj.get("columns"), list) or not isinstance(obj.get("data"), list):
        raise DataError(f"{source}: table must be an object with a 'columns' list and a 'data' list")
    columns = obj["columns"]
    for number, row in enumerate(obj["data"]):
        if not isinstance(row, list):
            raise DataError(f"{source}: table data row {number} is not a list")
        if len(row) != len(columns):
            raise DataError(f"{source}: table data row {number} has {len(row)} cells for {len(columns)} columns")
    return Table(header=[[str(c) for c in columns]], rows=[list(r) for r in obj["data"]], name=name, source=source)


def _read_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise DataError(f"{path}: table file not found") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read table ({exc})") from exc


def _grid(path: str | Path, header: list[list[str]], rows: list[list[Any]], header_rows: int) -> Table:
    if not header and not rows:
        raise DataError(f"{path}: no table found")
    width = max(len(r) for r in header + rows)
    header = [list(r) + [""] * (width - len(r)) for r in header]
    rows = [list(r) + [""] * (width - len(r)) for r in rows]
    if header_rows and not header:
        header, rows = rows[:header_rows], rows[header_rows:]
    return Table(header=header, rows=rows, name=Path(str(path)).stem, source=str(path))


def read_csv(path: str | Path, *, sep: str = ",", header_rows: int = 1, text: str | None = None) -> Table:
    """A CSV file (``sep`` for CRT-QA-style ``#``-separated files); the first ``header_rows`` rows are header."""
    content = _read_text(path) if text is None else text
    try:
        grid = [row for row in csv.reader(io.StringIO(content), delimiter=sep)]
    except csv.Error as exc:
        raise DataError(f"{path}: malformed CSV ({exc})") from exc
    while grid and not any(c.strip() for c in grid[-1]):
        grid.pop()
    return _grid(path, [], grid, header_rows)


class _HtmlTables(HTMLParser):
    """Collects the cells of the first ``<table>``, with spans, and which rows were header rows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, int, int]]] = []
        self.header_flags: list[bool] = []
        self.depth = 0
        self.done = False
        self.cell: list[str] | None = None
        self.span = (1, 1)
        self.in_thead = False
        self.row_all_th = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if tag == "table":
            self.depth += 1
        elif self.depth == 1 and tag == "thead":
            self.in_thead = True
        elif self.depth == 1 and tag == "tr":
            self.rows.append([])
            self.header_flags.append(self.in_thead)
            self.row_all_th = True
        elif self.depth == 1 and tag in ("td", "th") and self.rows:
            values = dict(attrs)
            self.cell = []
            self.span = (_int(values.get("rowspan")), _int(values.get("colspan")))
            if tag == "td":
                self.row_all_th = False
        elif self.depth == 1 and tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.done:
            return
        if tag == "table":
            self.depth -= 1
            self.done = self.depth == 0 and bool(self.rows)
        elif tag == "thead":
            self.in_thead = False
        elif tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append((" ".join("".join(self.cell).split()), *self.span))
            self.cell = None
        elif tag == "tr" and self.rows and self.rows[-1] and self.row_all_th:
            self.header_flags[-1] = True

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def _int(value: str | None) -> int:
    try:
        return max(1, min(int(str(value)), 1000))
    except (TypeError, ValueError):
        return 1


def _expand(rows: list[list[tuple[str, int, int]]]) -> list[list[str]]:
    """Lay out cells with row/column spans on a grid, copying a merged value into every covered cell."""
    grid: dict[tuple[int, int], str] = {}
    for i, cells in enumerate(rows):
        j = 0
        for value, rowspan, colspan in cells:
            while (i, j) in grid:
                j += 1
            for di in range(rowspan):
                for dj in range(colspan):
                    grid.setdefault((i + di, j + dj), value)
            j += colspan
    if not grid:
        return []
    height = max(i for i, _ in grid) + 1
    width = max(j for _, j in grid) + 1
    return [[grid.get((i, j), "") for j in range(width)] for i in range(height)]


def read_html(path: str | Path, *, header_rows: int | None = None, text: str | None = None) -> Table:
    """The first ``<table>`` of an HTML file; header rows are ``<thead>`` rows or leading all-``<th>`` rows."""
    parser = _HtmlTables()
    parser.feed(_read_text(path) if text is None else text)
    grid = _expand(parser.rows)
    if not grid:
        raise DataError(f"{path}: no <table> with rows found")
    if header_rows is None:
        header_rows = 0
        while header_rows < len(parser.header_flags) and parser.header_flags[header_rows]:
            header_rows += 1
        header_rows = header_rows or 1
    return _grid(path, grid[:header_rows], grid[header_rows:], 0)


_MD_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _split_pipes(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)]


def read_markdown(path: str | Path, *, text: str | None = None, drop_index: bool | None = None) -> Table:
    """A pipe table (the first one in the file). Rows above the ``|---|`` line are the header.

    ``drop_index`` removes a leading pandas index column (an empty header over 0, 1, 2...); by default it is
    dropped when detected.
    """
    lines = [ln for ln in (_read_text(path) if text is None else text).splitlines() if ln.strip().startswith("|")]
    if not lines:
        raise DataError(f"{path}: no markdown pipe table found")
    sep = next((i for i, ln in enumerate(lines) if _MD_SEPARATOR.match(ln)), None)
    cells = [_split_pipes(ln) for i, ln in enumerate(lines) if i != sep]
    header_rows = sep if sep is not None else 1
    header, rows = cells[:header_rows], cells[header_rows:]
    if drop_index is None:
        drop_index = bool(header) and header[0][0] == "" and all(r and r[0].isdigit() for r in rows) and bool(rows)
    if drop_index:
        header, rows = [r[1:] for r in header], [r[1:] for r in rows]
    return _grid(path, header, rows, 0)


_LATEX_RULES = re.compile(r"\\(hline|toprule|midrule|bottomrule|cline\{[^}]*\}|cmidrule(\([^)]*\))?\{[^}]*\})")


def _latex_arg(text: str, start: int) -> tuple[str, int]:
    """The balanced ``{...}`` group starting at or after ``start``; returns its content and the end index."""
    i = text.index("{", start)
    depth = 0
    for k in range(i, len(text)):
        if text[k] == "{" and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif text[k] == "}" and text[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[i + 1 : k], k + 1
    raise ValueError("unbalanced braces")


def _latex_plain(text: str) -> str:
    """Cell text without formatting commands: ``\\textbf{x}`` -> ``x``, ``\\%`` -> ``%``."""
    text = re.sub(r"\\(textbf|textit|emph|underline|text|mathrm|mathbf)\s*", "", text)
    text = re.sub(r"\\([%&$#_{}])", r"\1", text)
    text = re.sub(r"\\[a-zA-Z]+\*?", " ", text)
    return " ".join(text.replace("{", "").replace("}", "").replace("~", " ").split())


def _latex_cells(row: str) -> list[str]:
    cells, depth, current = [], 0, []
    for k, ch in enumerate(row):
        if ch == "{" and (k == 0 or row[k - 1] != "\\"):
            depth += 1
        elif ch == "}" and row[k - 1] != "\\":
            depth -= 1
        if ch == "&" and depth == 0 and (k == 0 or row[k - 1] != "\\"):
            cells.append("".join(current))
            current = []
        else:
            current.append(ch)
    cells.append("".join(current))
    return cells


def read_latex(path: str | Path, *, header_rows: int = 1, text: str | None = None) -> Table:
    """The first ``tabular`` environment; ``\\multicolumn`` and ``\\multirow`` are expanded."""
    content = _read_text(path) if text is None else text
    match = re.search(r"\\begin\{tabular\*?\}", content)
    end = content.find("\\end{tabular", match.end()) if match else -1
    if not match or end < 0:
        raise DataError(f"{path}: no \\begin{{tabular}} ... \\end{{tabular}} found")
    body = content[match.end() : end]
    try:
        _, skip = _latex_arg(body, 0)  # the column spec
        body = body[skip:]
        spans: list[list[tuple[str, int, int]]] = []
        for raw in re.split(r"\\\\(?:\[[^\]]*\])?", body):
            raw = _LATEX_RULES.sub(" ", raw)
            raw = "\n".join(ln.split("%")[0] if not re.search(r"\\%", ln) else ln for ln in raw.splitlines())
            if not raw.strip():
                continue
            row: list[tuple[str, int, int]] = []
            for cell in _latex_cells(raw):
                cell, colspan, rowspan = cell.strip(), 1, 1
                if cell.startswith("\\multicolumn"):
                    count, after = _latex_arg(cell, 0)
                    _, after = _latex_arg(cell, after)
                    cell, _ = _latex_arg(cell, after)
                    colspan = _int(count)
                    cell = cell.strip()
                if cell.startswith("\\multirow"):
                    count, after = _latex_arg(cell, 0)
                    _, after = _latex_arg(cell, after)
                    cell, _ = _latex_arg(cell, after)
                    rowspan = _int(count)
                row.append((_latex_plain(cell), rowspan, colspan))
            spans.append(row)
    except ValueError as exc:
        raise DataError(f"{path}: malformed tabular ({exc})") from exc
    grid = _expand_latex(spans)
    return _grid(path, grid[:header_rows], grid[header_rows:], 0)


def _expand_latex(rows: list[list[tuple[str, int, int]]]) -> list[list[str]]:
    """LaTeX keeps an empty placeholder cell under a ``\\multirow``; fill it instead of shifting the row."""
    grid: list[list[str]] = []
    pending: dict[int, tuple[str, int]] = {}  # column -> (value, rows still covered)
    for cells in rows:
        out: list[str] = []
        for value, rowspan, colspan in cells:
            j = len(out)
            if j in pending and not value:
                covered, left = pending.pop(j)
                if left > 1:
                    pending[j] = (covered, left - 1)
                out.extend([covered] * colspan)
                continue
            if rowspan > 1:
                for dj in range(colspan):
                    pending[j + dj] = (value, rowspan - 1)
            out.extend([value] * colspan)
        grid.append(out)
    return grid


def read_xlsx(path: str | Path, *, header_rows: int = 1, sheet: str | int = 0) -> Table:
    """The first (or named) worksheet of an xlsx file, merged ranges expanded (needs openpyxl)."""
    try:
        import openpyxl
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise DataError(f"{path}: reading xlsx needs openpyxl (pip install 'tabbench[tables]')") from exc
    if not Path(path).is_file():
        raise DataError(f"{path}: table file not found")
    try:
        book = openpyxl.load_workbook(path, data_only=True)
        ws = book.worksheets[sheet] if isinstance(sheet, int) else book[sheet]
    except Exception as exc:  # openpyxl raises many types on corrupt files
        raise DataError(f"{path}: cannot read xlsx ({type(exc).__name__}: {exc})") from exc
    grid = [["" if v is None else v for v in row] for row in ws.iter_rows(values_only=True)]
    for merged in ws.merged_cells.ranges:
        value = grid[merged.min_row - 1][merged.min_col - 1]
        for i in range(merged.min_row - 1, merged.max_row):
            for j in range(merged.min_col - 1, merged.max_col):
                grid[i][j] = value
    while grid and not any(str(c).strip() for c in grid[-1]):
        grid.pop()
    return _grid(path, [], grid, header_rows)


def read_table(path: str | Path, **options: Any) -> Table:
    """Load ``path`` by its suffix: .csv, .html/.htm, .md, .tex/.txt (LaTeX), .xlsx, .json (TableBench)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        try:
            return from_tablebench(json.loads(_read_text(path)), source=str(path), name=Path(path).stem)
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}: invalid JSON ({exc.msg}, line {exc.lineno})") from exc
    readers = {".csv": read_csv, ".html": read_html, ".htm": read_html, ".md": read_markdown,
               ".tex": read_latex, ".txt": read_latex, ".xlsx": read_xlsx}
    if suffix not in readers:
        raise DataError(f"{path}: unknown table format {suffix!r} (csv, html, md, tex/txt, xlsx, json)")
    return readers[suffix](path, **options)


# --- outputs --------------------------------------------------------------------------------------------------


def _unique(names: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        name = name or "col"
        if name in seen:
            seen[name] += 1
            name = f"{name}_{seen[name]}"
        seen.setdefault(name, 0)
        out.append(name)
    return out


def to_dataframe(table: Table, *, unique_columns: bool = False) -> Any:
    """A pandas DataFrame of the rows with ``table.columns`` (needs the ``tables`` extra)."""
    import pandas as pd

    columns = _unique(table.columns) if unique_columns else table.columns
    return pd.DataFrame([list(r) for r in table.rows], columns=columns)


def to_csv_bytes(table: Table) -> bytes:
    """The ``table.csv`` TableBench's parser writes: rows as column-keyed records, pandas ``to_csv(index=False)``.

    Built the official way (a later duplicate column name overwrites an earlier one; missing cells are empty),
    so model code reads the same file it would read under the official script.
    """
    import pandas as pd

    columns = table.header[0] if len(table.header) == 1 else table.columns
    records = [dict(zip(columns, row, strict=False)) for row in table.rows]
    frame = pd.DataFrame(records) if records else pd.DataFrame(columns=list(dict.fromkeys(columns)))
    return frame.to_csv(index=False).encode("utf-8")


def to_duckdb(table: Table, *, name: str = "t", limits: Any = None) -> Any:
    """A locked ``tabbench.sql.DuckSession`` holding ``table`` as ``name`` (unique column names), ready for
    untrusted SQL: external access off, configuration locked, one SELECT at a time (needs pandas)."""
    from tabbench.sql import DEFAULT_LIMITS, DuckSession

    return DuckSession(tables={name: to_dataframe(table, unique_columns=True)}, limits=limits or DEFAULT_LIMITS)


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def _render(table: Table, rows: list[list[Any]], fmt: str) -> str:
    header = table.header or [table.columns]
    if fmt == "markdown":
        def line(cells: Sequence[Any]) -> str:
            return "| " + " | ".join(_cell(c).replace("|", "\\|").replace("\n", " ") for c in cells) + " |"
        out = [line(h) for h in header]
        out.insert(len(header), "|" + "|".join("---" for _ in range(table.width)) + "|")
        out += [line(r) for r in rows]
        return "\n".join(out)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        for r in [*header, *rows]:
            writer.writerow([_cell(c) for c in r])
        return buffer.getvalue()
    if fmt == "html":
        head = "".join("<tr>" + "".join(f"<th>{html.escape(_cell(c))}</th>" for c in h) + "</tr>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"
    if fmt == "json":
        return str({"columns": table.columns, "data": rows})  # TableBench's prompt form: a Python dict repr
    raise ValueError(f"unknown table format {fmt!r} (choose from {', '.join(FORMATS)})")


def serialize(table: Table, fmt: str = "markdown", *, max_chars: int | None = None) -> Serialized:
    """Render ``table`` as ``fmt``; past ``max_chars``, keep the header and as many leading rows as fit.

    The header is always kept, even when it alone exceeds the limit; ``truncated`` says rows were dropped.
    """
    full = _render(table, table.rows, fmt)
    total = len(table.rows)
    if max_chars is None or len(full) <= max_chars:
        return Serialized(full, fmt, False, total, total)
    low, high = 0, total  # the largest row count whose rendering fits
    while low < high:
        mid = (low + high + 1) // 2
        if len(_render(table, table.rows[:mid], fmt)) <= max_chars:
            low = mid
        else:
            high = mid - 1
    return Serialized(_render(table, table.rows[:low], fmt), fmt, True, low, total)
