"""The reference rows: every number of the shared reported-results file, copied exactly, and the papers' board.

The comparison with the source reads ``../shared/reference/reported-results.md`` (beside the checkout) and
skips when that file is absent; the other checks need only the shipped JSON.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path

import pytest

from tabbench.reporting.leaderboard import DEFAULT_REFERENCES, build, load_references
from tabbench.reporting.papers import render_papers

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "reference" / "reported-results.md"
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


@pytest.mark.skipif(not SOURCE.is_file(), reason="the shared reference material is not beside this checkout")
def test_every_reported_number_is_copied_exactly_with_its_table_and_setting():
    expected = source_rows(SOURCE.read_text(encoding="utf-8"))
    assert set(expected) == set(PAPER_OF_SECTION.values())
    papers = {p["id"]: p for p in load_references(DEFAULT_REFERENCES)}
    for paper_id, rows in expected.items():
        got = [(*(r[k] for k in KEYS), r["table"]) for r in papers[paper_id]["results"]]
        assert got == rows, paper_id  # same rows, same order, every cell as printed
    assert sum(len(rows) for rows in expected.values()) > 600


def test_each_paper_has_numbers_a_citation_and_board_targets_that_exist():
    papers = load_references(DEFAULT_REFERENCES)
    assert {p["id"] for p in papers} >= set(PAPER_OF_SECTION.values())
    for paper in papers:
        assert paper["results"] and paper["citation"] and paper["source"]
        for row in paper["results"]:
            assert isinstance(row["value"], str) and row["value"].strip()
            if "board" in row:  # comparable rows hold one number, with a benchmark tabbench ships
                assert re.fullmatch(r"\d+(\.\d+)?%?", row["value"]), row
                assert row["board"]["benchmark"] in {"bird", "spider", "crtqa", "tablebench", "temptabqa"}


def test_the_reference_file_is_package_data():
    assert files("tabbench.reporting").joinpath("reference_results.json").is_file()
    assert DEFAULT_REFERENCES.parent == Path(__file__).resolve().parent.parent / "tabbench" / "reporting"


def test_papers_board_is_the_rendering_of_the_reference_file():
    committed = (ROOT / "leaderboards" / "papers.md").read_text(encoding="utf-8")
    assert committed == render_papers(load_references(DEFAULT_REFERENCES)), (
        "leaderboards/papers.md is stale: python -m tabbench.reporting.papers leaderboards/papers.md")


def test_board_reference_rows_show_the_printed_value_and_the_set(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    result = {"n": 10, "version": "1", "split": "minidev", "primary_metric": {"name": "ex", "value": 0.5,
                                                                               "stderr": 0.1}, "metrics": {}}
    (run / "results.json").write_text(json.dumps({
        "schema_version": 4, "benchmarks": {"bird": result}, "model": {}, "config": {"backend": "hf", "model": "m"}}))
    text = build([f"{run}=mine"], tmp_path / "lb.md")
    rows = [line for line in text.splitlines() if line.startswith("| [sparks]")]
    # Sparks Table 1 prints BIRD minidev EXE for 13 model/stage pairs; the o1 row reads 28.3 (one decimal, as printed)
    assert len(rows) == 13 and "| 28.3 (minidev (§4.1)) |" in rows[0]
    assert "| 70.80 (Dev set (1,534)) |" in text  # Databricks Table 1: trailing zero kept
    assert "Clinton" not in text.split("## Reported results")[0]  # no tabbench benchmark: not on a board
