"""``tabbench validate``: every item's gold through every metric reward, and the items it does not pass, with why.

The verdicts are checked on a dataset with one item of each kind (a gold that does not run, that runs past the
limit, that returns nothing, whose rows depend on the scan order, whose ORDER BY leaves ties), the exit status and
the outputs on the command line, and the committed lists (``leaderboards/validate/``) against a fresh validation:
the demo benchmarks' always, Spider's, its variants' and DABench's when ``../shared/data`` holds them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabbench.evaluation.plan import plan
from tabbench.evaluation.selection import Selection
from tabbench.evaluation.validate import validate
from tests.dataset_fixtures import write_sql_dataset

ROOT = Path(__file__).resolve().parents[1]
LISTS = ROOT / "leaderboards" / "validate"
SHARED = ROOT.parent / "shared" / "data"

pytestmark = pytest.mark.usefixtures("private_gold_cache")

#: (gold SQL, the verdict validate gives it, words of the reason)
BROKEN = [
    ("SELECT count(*) FROM customers", None, ""),
    ("SELECT nam FROM customers", "error", "ex: gold_error: no such column: nam"),
    ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n", "timeout",
     "the gold runs past its time limit"),
    ("SELECT name FROM customers WHERE city = 'Lima'", "empty", "the gold returns no rows"),
    ("SELECT name FROM customers LIMIT 1", "nondeterministic", "its rows depend on the scan order"),
    ("SELECT city, name FROM customers ORDER BY city", "nondeterministic", "ORDER BY leaves ties"),
    ("SELECT city, name FROM customers ORDER BY city, name", None, ""),
]


def _broken_dataset(folder: Path) -> Path:
    write_sql_dataset(folder, manifest='kind = "text-to-sql"\nscoring = "spider"\nquestions = "questions.jsonl"\n'
                      'databases = "shop.sqlite"\n')
    rows = [{"id": f"b{i}", "question": "q?", "sql": sql} for i, (sql, _, _) in enumerate(BROKEN)]
    (folder / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def test_each_kind_of_broken_gold_gets_its_verdict_and_reason(tmp_path: Path) -> None:
    folder = _broken_dataset(tmp_path / "broken")
    [report] = validate(plan(Selection(datasets=(folder,), timeout=1.0)))
    found = {f.id: f for f in report.findings}
    for index, (_, verdict, reason) in enumerate(BROKEN):
        finding = found.get(f"b{index}")
        assert (finding and finding.verdict) == verdict, (index, finding)
        if verdict is not None:
            assert reason in finding.reason, finding.reason
    assert report.counts == {"valid": 2, "error": 1, "timeout": 1, "invalid": 0, "nondeterministic": 2, "empty": 1}
    assert [f.id for f in report.failed()] == ["b1", "b2"] and len(report.failed(strict=True)) == 5
    assert found["b1"].db_id == "shop" and found["b1"].gold == "SELECT nam FROM customers"


def test_a_gold_answer_its_own_extractor_cannot_read_is_invalid(tmp_path: Path) -> None:
    folder = tmp_path / "tq"
    (folder / "tables").mkdir(parents=True)
    (folder / "tables" / "t.csv").write_text("a,b\n1,2\n")
    rows = [{"question": "a?", "answer": "1", "table": "t.csv"},
            {"question": "b?", "answer": "2\n(two)", "table": "t.csv"}]  # Final Answer: reads the first line
    (folder / "qa.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "dataset.toml").write_text('kind = "table-qa"\nscoring = "crtqa"\nquestions = "qa.jsonl"\n'
                                         'tables = "tables"\n')
    [report] = validate(plan(Selection(datasets=(folder,))))
    [finding] = report.findings
    assert (finding.id, finding.verdict, finding.metric, finding.value) == ("1", "invalid", "em", 0.0)
    assert finding.reason.startswith("em: the gold scores 0 (mismatch")


def test_the_command_reports_per_item_and_its_exit_status_means_something(tmp_path: Path, cli_runner,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    broken = _broken_dataset(tmp_path / "broken")
    done = cli_runner(["validate", "--dataset", str(broken), "--timeout", "1", "--ids", "bad.txt", "--no-progress"])
    assert done.exit_code == 1, done.output
    assert "broken dev" not in done.output and "broken all: 7 items: 2 valid, 1 error, 1 timeout" in done.output
    assert (tmp_path / "bad.txt").read_text() == "b1\nb2\n"  # for --where id!=@bad.txt
    done = cli_runner(["validate", "--dataset", str(broken), "--timeout", "1", "--json", "--no-progress",
                       "--where", "id=b0,b3,b4"])
    assert done.exit_code == 0, done.output  # warnings only
    reports = json.loads(done.stdout)
    assert [(r["benchmark"], r["n"], [i["verdict"] for i in r["items"]]) for r in reports] == [
        ("broken", 3, ["empty", "nondeterministic"])]
    strict = cli_runner(["validate", "--dataset", str(broken), "--strict", "--where", "id=b0,b3", "--no-progress"])
    assert strict.exit_code == 1
    clean = cli_runner(["validate", "--dataset", str(write_sql_dataset(tmp_path / "clean")), "--split", "train",
                        "--no-progress"])
    assert clean.exit_code == 0 and "shop train: 3 items: 3 valid" in clean.output


@pytest.mark.parametrize("name", ["demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"])
def test_the_committed_list_of_each_demo_benchmark_is_what_validate_finds(name: str) -> None:
    pytest.importorskip("tabbench_demo")
    [report] = validate(plan(Selection(benchmarks=(name,))))
    assert report.to_json() == json.loads((LISTS / f"{name}.json").read_text(encoding="utf-8"))


#: benchmark -> (its folder under ../shared/data, options): as leaderboards/validate/README.md makes each list
REAL = {
    "spider": ("spider", {}),
    "spider-syn": ("spider_syn", {"databases": str(SHARED / "spider" / "database")}),
    "spider-realistic": ("spider_realistic", {"databases": str(SHARED / "spider" / "database")}),
    "spider-dk": ("spider_dk", {"databases": str(SHARED / "spider" / "database")}),
    "dabench": ("dabench", {}),
}


@pytest.mark.slow  # every gold query of the real dev sets, twice
@pytest.mark.parametrize("name", list(REAL))
def test_the_committed_list_of_real_data_is_what_validate_finds(name: str) -> None:
    folder, options = REAL[name]
    if not (SHARED / folder).is_dir():
        pytest.skip(f"../shared/data/{folder} is not here")
    selection = Selection(benchmarks=(name,), data={name: SHARED / folder}, benchmark_options=options,
                          skip_missing=True)
    [report] = validate(plan(selection))
    assert report.to_json() == json.loads((LISTS / f"{name}.json").read_text(encoding="utf-8"))
