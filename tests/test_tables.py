"""Table loaders (TableBench, CSV, HTML, Markdown, LaTeX, xlsx), serialisation with a size limit, DuckDB."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabbench import DataError
from tabbench.tables import (
    from_tablebench,
    read_csv,
    read_html,
    read_latex,
    read_markdown,
    read_table,
    serialize,
    to_csv_bytes,
    to_dataframe,
    to_duckdb,
)

TB = {"columns": ["year", "films", "jury"], "data": [["2011", 86, "A, B"], ["2012", None, "C"]]}

HTML = """<html><body><table>
<tr><th rowspan="2">Region</th><th colspan="2">Population</th></tr>
<tr><th>2000</th><th>2010</th></tr>
<tr><td>North</td><td>1</td><td>2</td></tr>
<tr><td rowspan="2">South</td><td>3</td><td>4</td></tr>
<tr><td>5</td><td>6</td></tr>
</table></body></html>"""

LATEX = r"""\begin{table}[]
\begin{tabular}{lrr}
\hline
\multirow{2}{*}{Region} & \multicolumn{2}{c}{\textbf{Population}} \\
 & 2000 & 2010 \\ \hline
North & 1 & 2 \\
South & 3\% & 4 \\
\end{tabular}
\end{table}"""

MARKDOWN = """|    | Region   | 2000   |
|---:|:---------|:-------|
|  0 | North    | 1      |
|  1 | South    | 3      |
"""


def test_tablebench_tables_and_errors() -> None:
    table = from_tablebench(TB)
    assert table.columns == ["year", "films", "jury"] and table.rows[1][1] is None
    assert to_csv_bytes(table).decode().splitlines() == ["year,films,jury", '2011,86.0,"A, B"', "2012,,C"]
    with pytest.raises(DataError, match="row 0 has 2 cells"):
        from_tablebench({"columns": ["a"], "data": [[1, 2]]}, source="x.jsonl:3")
    with pytest.raises(DataError, match=r"x\.jsonl:3"):
        from_tablebench({"rows": []}, source="x.jsonl:3")


def test_hierarchical_html_expands_spans(tmp_path: Path) -> None:
    path = tmp_path / "t.html"
    path.write_text(HTML)
    table = read_html(path)
    assert len(table.header) == 2
    assert table.columns == ["Region", "Population / 2000", "Population / 2010"]
    assert table.rows == [["North", "1", "2"], ["South", "3", "4"], ["South", "5", "6"]]


def test_latex_multicolumn_and_multirow(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text(LATEX)
    table = read_latex(path, header_rows=2)
    assert table.columns == ["Region", "Population / 2000", "Population / 2010"]
    assert table.rows == [["North", "1", "2"], ["South", "3%", "4"]]


def test_markdown_csv_and_xlsx(tmp_path: Path) -> None:
    md = tmp_path / "t.md"
    md.write_text(MARKDOWN)
    assert read_markdown(md).rows == [["North", "1"], ["South", "3"]]
    csv_path = tmp_path / "t.csv"
    csv_path.write_text("a#b\n1#2\n", encoding="utf-8")
    assert read_csv(csv_path, sep="#").rows == [["1", "2"]]
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Region", "Population", None])
    sheet.append([None, 2000, 2010])
    sheet.append(["North", 1, 2])
    sheet.merge_cells("B1:C1")
    xlsx = tmp_path / "t.xlsx"
    book.save(xlsx)
    table = read_table(xlsx, header_rows=2)
    assert table.columns == ["Region", "Population / 2000", "Population / 2010"]
    assert table.rows == [["North", 1, 2]]


def test_missing_and_malformed_files_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"missing\.csv: table file not found"):
        read_table(tmp_path / "missing.csv")
    bad = tmp_path / "bad.txt"
    bad.write_text("no tabular here")
    with pytest.raises(DataError, match=r"bad\.txt"):
        read_table(bad)
    with pytest.raises(DataError, match="unknown table format"):
        read_table(tmp_path / "x.pdf")
    html = tmp_path / "empty.html"
    html.write_text("<p>nothing</p>")
    with pytest.raises(DataError, match=r"empty\.html"):
        read_table(html)


def test_serialize_formats_and_truncation() -> None:
    table = from_tablebench({"columns": ["k", "v"], "data": [[str(i), "x" * 10] for i in range(100)]})
    full = serialize(table, "markdown")
    assert not full.truncated and full.rows_shown == 100 and full.text.startswith("| k | v |\n|---|---|")
    cut = serialize(table, "csv", max_chars=200)
    assert cut.truncated and len(cut.text) <= 200 and cut.text.startswith("k,v\n")
    assert cut.record() == {"format": "csv", "truncated": True, "rows_shown": cut.rows_shown, "rows_total": 100,
                            "chars": len(cut.text)}
    assert "<th>k</th>" in serialize(table, "html").text
    assert serialize(table, "json").text.startswith("{'columns': ['k', 'v']")
    with pytest.raises(ValueError):
        serialize(table, "yaml")


def test_dataframe_and_locked_duckdb() -> None:
    table = from_tablebench({"columns": ["a", "a"], "data": [["x", "y"]]})
    assert list(to_dataframe(table, unique_columns=True).columns) == ["a", "a_1"]
    with to_duckdb(table) as session:
        assert session.execute('SELECT "a_1" FROM t').rows == (("y",),)
        assert not session.execute("SELECT * FROM read_csv('/etc/passwd')").ok
        assert not session.execute("SET enable_external_access = true").ok
