"""The reference rows: every number of the shared reported-results file, copied exactly, with texts a reader can
follow, the official data sets they were measured on, and the papers' board.

The comparison with the source reads ``../shared/reference/reported-results.md`` (beside the checkout), and the
data sets' check the shared data files; each skips when its files are absent. The other checks need only the
shipped JSON.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from importlib.resources import files
from pathlib import Path

import pytest

from tabbench.reporting.leaderboard import DEFAULT_REFERENCES, build, load_references
from tabbench.reporting.papers import render_papers

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "reference" / "reported-results.md"
DATA = ROOT.parent / "shared" / "data"
HEADER = "| benchmark | split/set | metric | model | method/stage | value | where | note |"
KEYS = ("benchmark", "set", "metric", "model", "setting", "value", "where", "note")
PAPER_OF_SECTION = {"1": "sparks", "2": "sql-r1", "3": "databricks-rlvr", "4": "tablegpt-r1", "5": "execution-rl"}


def source_rows(text: str) -> dict[str, list[tuple[str, ...]]]:
    """Every row of every long-form results table, as printed, by paper (the section number decides the paper)."""
    rows: dict[str, list[tuple[str, ...]]] = {}
    section = table = None
    in_table = False
    for line in text.splitlines():
        if line.startswith("## "):
            section, in_table = line[3:].split(".")[0], False
        elif line.startswith("### "):
            table, in_table = line[4:].strip(), False
        elif line.strip() == HEADER:
            in_table = True
        elif in_table and line.startswith("|---"):
            continue
        elif in_table and line.startswith("| "):
            body = line.strip()[1:]
            cells = [c.strip() for c in (body[:-1] if body.endswith("|") else body).split(" | ")]
            assert len(cells) == len(KEYS), line
            rows.setdefault(PAPER_OF_SECTION[section], []).append((*cells, table))
        else:
            in_table = False
    return rows


# What the shipped file words differently from the source notes, so that a reader of a board or of papers.md can
# follow it without the source ("header lost", "see table note": the source's table notes are the file's "tables").
# The test applies exactly these to the source; any other difference fails it.
TABLE_NOTE = "(see the note on the table)"
REWORDED = [
    ("set", "Dev (header lost)", "Dev (inferred: the column heading is missing)"),
    ("set", "Test (header lost)", "Test (inferred: the column heading is missing)"),
    ("metric", "EX (§3.1 metric; header lost)", "EX (the metric of §3.1; the column heading is missing)"),
    ("metric", "EX (header lost)", "EX (inferred: the column heading is missing)"),
    ("metric", "numeric column 1 (header lost; probably per-query latency in seconds)",
     "unnamed column 1 (heading missing; probably seconds per query)"),
    ("metric", "numeric column 2 (header lost; unit unknown)", "unnamed column 2 (heading missing; unit unknown)"),
    ("note", "column identity: see table note", "the table's column headings are missing from the text the numbers "
     f"were copied from; the number columns are read as Spider Dev, Spider Test and BIRD Dev {TABLE_NOTE}"),
    ("note", "see table note", "the table's column headings are missing from the text the numbers were copied from; "
     f"the number columns are read as Spider Dev, Spider Test and BIRD Dev, and the ✓/✗ column's meaning is uncertain "
     f"{TABLE_NOTE}"),
    ("note", 'row label printed "01" in the extracted text; the caption says "OpenAI o1"',
     'the row label reads "01" in the text copied from the PDF; the caption says "OpenAI o1"'),
    ("note", "(LaTeX `\\uparrow` left in the extracted text)",
     "(the text copied from the PDF has the LaTeX command `\\uparrow` in place of the arrow)"),
    ("note", 'row label printed "+ + +": the reward symbols (format + execution + result + length scores) were lost '
     "in extraction", 'the row label reads "+ + +" in the text copied from the PDF, which lost the reward symbols: '
     "read as format + execution + result + length scores, all four rewards"),
    ("note", "benchmark identity uncertain: the table has no caption in the extracted text",
     f"which benchmark this is, is uncertain: the table has no caption in the text copied from the PDF {TABLE_NOTE}"),
    ("note", "(column alignment uncertain) header lost; ", "the column heading is missing from the text the numbers "
     "were copied from, and which value belongs to which column is uncertain; "),
    ("note", "so this may be a token-usage figure, but the text does not say",
     "so this may be a token count, but the paper does not say"),
    ("note", "the Accuracy (%) header survived", "this column's heading, Accuracy (%), is legible in the copied text"),
    ("note", "the reward symbol before the label was lost in extraction",
     "the reward's symbol before the label is missing from the text copied from the PDF"),
    ("note", "citation key in text: ", "the report's text names the source by its raw citation key, "),
    ("note", "mean of the four vs.Q3-8B cells",
     "mean of the four TableBench cells of the vs.Q3-8B column (TableGPT-R1 minus Qwen3-8B)"),
    ("where", '(§3.4; the text calls it "Table 6", see note)',
     f'(§3.4; the text calls it "Table 6", {TABLE_NOTE[1:-1]})'),
    ("table", "2.6 Additional benchmark (probably Spider2.0; see note)",
     "2.6 Additional benchmark (probably Spider2.0)"),
    ("setting", "printed difference column", "difference column as printed (TableGPT-R1 minus the model named)"),
]
ON_BOARDS = ("on boards under BIRD Mini-Dev's SQLite questions: the paper does not name the dialect, and SQLite is "
             "the release's default")  # added to Sparks' BIRD rows, which boards show under that data set


def reworded(row: tuple[str, ...]) -> tuple[str, ...]:
    cells = dict(zip((*KEYS, "table"), row, strict=True))
    for key, old, new in REWORDED:
        cells[key] = cells[key].replace(old, new)
    return tuple(cells.values())


@pytest.mark.skipif(not SOURCE.is_file(), reason="the shared reference material is not beside this checkout")
def test_every_reported_number_is_copied_exactly_with_its_table_and_setting():
    expected = source_rows(SOURCE.read_text(encoding="utf-8"))
    assert set(expected) == set(PAPER_OF_SECTION.values())
    papers = {p["id"]: p for p in load_references(DEFAULT_REFERENCES)}
    for paper_id, rows in expected.items():
        got = [(*(r[k] for k in KEYS), r["table"]) for r in papers[paper_id]["results"]]
        got = [(*row[:7], row[7].removesuffix(ON_BOARDS).removesuffix("; "), row[8]) for row in got]
        # same rows, same order, every value as printed; only the wording REWORDED lists differs
        assert [(r[0], r[3], r[5]) for r in got] == [(r[0], r[3], r[5]) for r in rows], paper_id
        assert got == [reworded(row) for row in rows], paper_id
    assert sum(len(rows) for rows in expected.values()) > 600


def test_texts_a_reader_can_follow_and_sources_that_exist():
    """No note leans on text the reader does not have ("see table note", "header lost", the project's own notes):
    each source is a citation with its address, and a pointer to a table's note finds one in the file."""
    data = json.loads(DEFAULT_REFERENCES.read_text(encoding="utf-8"))
    assert "reported-results.md" not in data["about"]
    for paper in data["papers"]:
        assert re.search(r"https://\S+", paper["source"]) and not re.search(r"\w+\.md\b", paper["source"])
        for row in paper["results"]:
            text = " ".join(str(row.get(k, "")) for k in (*KEYS, "table"))
            for jargon in ("header lost", "table note", "extracted text", "in extraction", "see note", ".md"):
                assert jargon not in text, (paper["id"], jargon, text)
            if "the note on the table" in text:
                assert paper.get("tables", {}).get(row["table"]), (paper["id"], row["table"])
        assert set(paper.get("tables", {})) <= {r["table"] for r in paper["results"]}
    rendered = render_papers(load_references(DEFAULT_REFERENCES))
    assert "Note on the table: In the text extracted from the paper's PDF this table's column headings" in rendered


def test_each_paper_has_numbers_a_citation_and_board_targets_that_exist():
    papers = load_references(DEFAULT_REFERENCES)
    assert {p["id"] for p in papers} >= set(PAPER_OF_SECTION.values())
    for paper in papers:
        assert paper["results"] and paper["citation"] and paper["source"]
        for row in paper["results"]:
            assert isinstance(row["value"], str) and row["value"].strip()
            if "board" in row:  # comparable rows hold one number, with a benchmark tabbench ships, on its data
                assert re.fullmatch(r"\d+(\.\d+)?%?", row["value"]), row
                assert row["board"]["benchmark"] in {"bird", "spider", "crtqa", "tablebench", "temptabqa"}
                assert row["board"]["dataset"]["benchmark"] == row["board"]["benchmark"]
    boards = {(p["id"], r["benchmark"], r["set"]): r["board"]["data"] for p in papers for r in p["results"]
              if "board" in r}
    assert boards[("sql-r1", "Spider", "Dev")] == "spider-dev" and boards[("sql-r1", "BIRD", "Dev")] == "bird-dev"
    # the data a number was measured on is known, or the row stays off boards: BIRD's private test set, Spider's
    # test set (no release hashed here), sets a paper does not state, CRT-QA (no copy of its release to hash)
    for off in (("databricks-rlvr", "BIRD", "Test set (private, 1,789)"), ("sql-r1", "Spider", "Test"),
                ("tablegpt-r1", "Spider", "not stated"), ("sparks", "CRT-QA", "not stated"),
                ("sparks", "Tablebench", "Fact Checking (§4.1)")):
        assert off not in boards, off


@pytest.mark.skipif(not DATA.is_dir(), reason="the shared benchmark data is not beside this checkout")
def test_the_official_data_sets_are_the_released_files():
    """Each data set's first sha256 and its example count are those of the released file (the shared copies, checked
    against other copies in data/SOURCES.md); a second sha256 is another release (TableBench 2024-08-29)."""
    datasets = json.loads(DEFAULT_REFERENCES.read_text(encoding="utf-8"))["datasets"]
    folders = {"bird-dev": "bird_dev", "bird-minidev-sqlite": "bird_minidev", "spider-dev": "spider",
               "tablebench": "tablebench", "temptabqa": "temptabqa_c"}
    for key, dataset in datasets.items():
        folder = DATA / (folders[key] if key in folders else folders[key.split("-")[0]])
        path = folder / dataset["file"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == dataset["sha256"][0], key
        if path.suffix == ".json":
            count = len(json.loads(path.read_text(encoding="utf-8")))
        elif path.suffix == ".jsonl":
            count = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        else:
            csv.field_size_limit(1 << 30)
            with path.open(encoding="utf-8", newline="") as handle:
                count = sum(1 for _ in csv.DictReader(handle, delimiter="\t"))
        assert count == dataset["examples"], key
        for other in dataset["sha256"][1:]:
            older = folder / "v2024-08-29_partial" / dataset["file"]
            assert hashlib.sha256(older.read_bytes()).hexdigest() == other, key


def test_the_reference_file_is_package_data():
    assert files("tabbench.reporting").joinpath("reference_results.json").is_file()
    assert DEFAULT_REFERENCES.parent == Path(__file__).resolve().parent.parent / "tabbench" / "reporting"


def test_papers_board_is_the_rendering_of_the_reference_file():
    committed = (ROOT / "leaderboards" / "papers.md").read_text(encoding="utf-8")
    assert committed == render_papers(load_references(DEFAULT_REFERENCES)), (
        "leaderboards/papers.md is stale: python -m tabbench.reporting.papers leaderboards/papers.md")


def _run(folder: Path, benchmark: str, split: str, n: int, sha256: str, limit: int | None = None) -> Path:
    folder.mkdir()
    result = {"n": n, "version": "1", "split": split, "primary_metric": {"name": "ex", "value": 0.5, "stderr": 0.1},
              "metrics": {}, "data": {"path": "/data", "files": {"/data/questions.json": sha256}}}
    (folder / "results.json").write_text(json.dumps({
        "schema_version": 4, "benchmarks": {benchmark: result}, "model": {},
        "config": {"backend": "hf", "model": "m", "limit": limit}}))
    return folder


def test_board_reference_rows_show_the_printed_value_and_the_set(tmp_path):
    datasets = json.loads(DEFAULT_REFERENCES.read_text(encoding="utf-8"))["datasets"]
    minidev = _run(tmp_path / "minidev", "bird", "minidev", 500, datasets["bird-minidev-sqlite"]["sha256"][0])
    dev = _run(tmp_path / "dev", "bird", "dev", 1534, datasets["bird-dev"]["sha256"][0])
    text = build([f"{minidev}=mine", f"{dev}=dev"], tmp_path / "lb.md")
    rows = [line for line in text.splitlines() if line.startswith("| [sparks]")]
    # Sparks Table 1 prints BIRD minidev EXE for 13 model/stage pairs; the o1 row reads 28.3 (one decimal, as printed)
    assert len(rows) == 13 and rows[0].endswith("|  | 28.3 (minidev (§4.1)) |")  # columns: dev, then minidev
    assert "| 70.80 (Dev set (1,534)) |  |" in text  # Databricks Table 1 on BIRD dev: trailing zero kept
    assert "Test set (private" not in text.split("## Reported results")[0]  # no public data: never on a board
    assert "Clinton" not in text.split("## Reported results")[0]  # no tabbench benchmark: not on a board
