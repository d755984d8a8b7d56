"""The demo's no-model baselines: what they answer, and that `tabbench score` scores them with the benchmarks'
own metrics."""

from __future__ import annotations

import json
from pathlib import Path

from tabbench_demo.baselines import majority_answers, skeleton, skeleton_answers, write_predictions

from tabbench import Example


def test_skeleton_replaces_literals_and_keeps_identifiers():
    sql = "SELECT T1.name FROM a AS T1 WHERE T1.city = 'O''Hara' AND T1.age > 30.5 LIMIT 1"
    assert skeleton(sql) == "SELECT T1.name FROM a AS T1 WHERE T1.city = ? AND T1.age > ? LIMIT ?"


def test_the_skeleton_baseline_takes_the_most_common_training_sql_of_the_gold_skeleton():
    train = [Example("t1", "SELECT a FROM t WHERE c = 'x'", {}), Example("t2", "SELECT a FROM t WHERE c = 'y'", {}),
             Example("t3", "SELECT a FROM t WHERE c = 'y'", {}), Example("t4", "SELECT b FROM t WHERE c = 'z'", {})]
    held_out = [Example("h1", "SELECT a FROM t WHERE c = 'new'", {}),
                Example("h2", "SELECT b FROM t WHERE c = 'q'", {}), Example("h3", "SELECT COUNT(*) FROM t", {})]
    assert skeleton_answers(train, held_out) == {
        "h1": "SELECT a FROM t WHERE c = 'y'",  # the right skeleton, a training value
        "h2": "SELECT b FROM t WHERE c = 'z'",
        "h3": "SELECT COUNT(*) FROM t",  # no training SQL has the skeleton: the gold itself
    }


def test_the_majority_baseline_never_reads_the_table():
    train = [Example("1", "yes", {"question": "Is Ann in Lyon?"}), Example("2", "no", {"question": "Is Ann in Lyon?"}),
             Example("3", "no", {"question": "Is Bob in Rome?"}), Example("4", "3", {"question": "How many rows?"}),
             Example("5", "3", {"question": "How many books?"}), Example("6", "4", {"question": "How many rows?"})]
    held_out = [Example("a", "yes", {"question": "Is Ann in Lyon?", "table": "ignored"}),
                Example("b", "yes", {"question": "Is Cid in Oslo?"}), Example("c", "2", {"question": "How many rows?"}),
                Example("d", "x", {"question": "Which one?"})]
    # a tie on the seen text (yes 1, no 1) goes to the first in sorted order; an unseen text to its first word
    assert majority_answers(train, held_out) == {"a": "no", "b": "no", "c": "3", "d": "3"}


def test_predictions_are_in_each_benchmarks_gold_format_and_score_with_its_metrics(cli_runner, tmp_path: Path):
    folder = tmp_path / "pred"
    paths = write_predictions(folder, 5)
    assert [p.name for p in paths] == ["demo-bird.jsonl", "demo-spider.jsonl", "demo-tablebench.jsonl",
                                       "demo-crtqa.jsonl"]
    rows = {p.stem: [json.loads(line) for line in p.read_text().splitlines()] for p in paths}
    assert all(len(r) == 5 for r in rows.values())
    assert rows["demo-spider"][0]["completion"].startswith("```sql\n")
    assert rows["demo-tablebench"][0]["completion"].startswith("Final Answer: ")
    result = cli_runner(["score", "--suite", "demo", "--predictions", str(folder), "--limit", "5", "--out",
                         str(tmp_path / "run"), "--no-progress"])
    assert result.exit_code == 0, result.output
    scored = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]
    assert {name: block["n"] for name, block in scored.items()} == {
        "demo-bird": 5, "demo-spider": 5, "demo-tablebench": 5, "demo-crtqa": 5}
    assert scored["demo-bird"]["primary_metric"]["name"] == "ex"
