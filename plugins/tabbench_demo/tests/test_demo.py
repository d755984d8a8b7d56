"""The bundled demo data and benchmarks: reproducible from build.py, well-formed, and 100% for the gold answers."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from tabbench_demo import build
from tabbench_demo.benchmark import DATA, DemoBenchmark

import tabbench
from tabbench.testing import BenchmarkContract

VARIANTS = ("demo-spider", "demo-tablebench", "demo-crtqa")


def _dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


@pytest.mark.slow  # rebuilds all the demo data
def test_committed_data_is_exactly_what_build_writes(tmp_path: Path) -> None:
    build.build(tmp_path)
    committed = sorted(p.relative_to(DATA) for p in DATA.rglob("*") if p.is_file())
    assert committed == sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    for rel in committed:
        if rel.suffix == ".sqlite":
            assert _dump(DATA / rel) == _dump(tmp_path / rel), rel
            assert (DATA / rel).stat().st_size < 200_000
        else:
            assert (DATA / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel


def test_splits_are_bird_format_and_test_combinations_are_unseen_in_training() -> None:
    test = json.loads((DATA / "bird" / "dev.json").read_text())
    train = json.loads((DATA / "bird" / "train.json").read_text())
    assert len(test) == 500 and len(train) > 2500
    for row in test + train:
        assert set(row) == {"question_id", "db_id", "question", "evidence", "SQL", "difficulty"}
        assert row["difficulty"] in ("simple", "moderate", "challenging")
        assert re.findall(r"'[^']*'", row["SQL"]) == [v for v in re.findall(r"'[^']*'", row["question"])
                                                       if v in row["SQL"]] or "'" not in row["SQL"]
    assert {r["difficulty"] for r in test} == {"simple", "moderate", "challenging"}
    assert not {r["SQL"] for r in test} & {r["SQL"] for r in train}  # new (template, value) combinations
    spider = json.loads((DATA / "spider" / "dev.json").read_text())
    spider_train = json.loads((DATA / "spider" / "train_spider.json").read_text())
    assert len(spider) == 500 and len(spider_train) > 900
    assert not {r["query"] for r in spider} & ({r["SQL"] for r in test} | {r["SQL"] for r in train})
    assert not {r["query"] for r in spider} & {r["query"] for r in spider_train}
    assert {r["query"] for r in spider_train} <= {r["SQL"] for r in train}  # both formats train on one pool
    # every value quoted in a test question also occurs in training: the split is compositional over seen values
    train_text = " ".join(r["SQL"] for r in train)
    assert all(v in train_text for r in test for v in re.findall(r"'[^']*'", r["SQL"]))


def test_gold_answers_are_non_empty_and_untied() -> None:
    for row in json.loads((DATA / "bird" / "dev.json").read_text()):
        db = DATA / "bird" / "dev_databases" / row["db_id"] / f"{row['db_id']}.sqlite"
        conn = sqlite3.connect(Path(db).resolve().as_uri() + "?mode=ro", uri=True)
        rows = conn.execute(row["SQL"]).fetchall()
        conn.close()
        assert rows and all(v not in (None, 0) for r in rows for v in r), row


class TestDemoContract(BenchmarkContract):
    def make_benchmark(self) -> DemoBenchmark:
        return tabbench.get_benchmark("demo-bird")


def test_demo_benchmark_prompt_and_examples() -> None:
    bench = tabbench.get_benchmark("demo-bird")
    assert bench.data_path == DATA / "bird"
    assert bench.splits == ("test", "train") and bench.primary_metric == "ex"
    assert [m.reward for m in bench.metrics] == ["bird-ex", "bird-soft-f1"]
    example = next(bench.examples("train"))
    assert Path(example.fields["db_path"]).is_file() and example.split == "train"
    messages = bench.prompt(example)
    assert messages[0]["role"] == "system" and messages[1]["content"].startswith(f"Database {example.fields['db_id']}:")
    assert example.fields["question"] in messages[1]["content"]
    assert bench.extract(example, f"```sql\n{example.gold}\n```") == example.gold
    timed = tabbench.get_benchmark("demo-bird", timeout=5)
    assert tabbench.metric_specs(timed)[0].options["timeout"] == 5  # --timeout reaches the metric reward


def test_bad_data_is_a_one_line_error_naming_the_file(tmp_path: Path) -> None:
    root = tmp_path / "bird"
    root.mkdir()
    (root / "dev_tables.json").write_text((DATA / "bird" / "dev_tables.json").read_text())
    (root / "dev.json").write_text(json.dumps([{"question_id": 0, "db_id": "shop", "question": "q"}]))
    with pytest.raises(tabbench.DataError, match=r"dev\.json: question 0: missing key 'SQL'"):
        list(DemoBenchmark(root).examples())
    (root / "dev.json").write_text(json.dumps([{"question_id": 0, "db_id": "nope", "question": "q", "SQL": "x",
                                                "difficulty": "simple"}]))
    with pytest.raises(tabbench.DataError, match="unknown db_id 'nope'"):
        list(DemoBenchmark(root).examples())
    (root / "dev.json").write_text("[")
    with pytest.raises(tabbench.DataError, match="invalid JSON"):
        list(DemoBenchmark(root).examples())


def test_suite_and_variants_are_registered_with_bundled_data() -> None:
    suite = tabbench.resolve_benchmarks("demo")
    assert suite[0] == "demo-bird" and set(suite[1:]) == set(VARIANTS)
    for name in VARIANTS:
        bench = tabbench.get_benchmark(name)
        assert bench.data_path is not None and bench.data_path.parent == DATA
        assert list(bench.examples())


def test_gold_backend_scores_every_demo_benchmark_100_percent(cli_runner, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    result = cli_runner(["eval", "--model", "gold", "--suite", "demo", "--no-cache", "--no-progress",
                         "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.stderr
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert set(results["benchmarks"]) == {"demo-bird", *VARIANTS}
    for name, block in results["benchmarks"].items():
        assert block["primary_metric"]["value"] == 1.0, (name, block["status_counts"])
    assert {name: block["n"] for name, block in results["benchmarks"].items()} == dict.fromkeys(results["benchmarks"],
                                                                                                  500)


def test_table_qa_splits_are_official_formats_with_unseen_table_question_pairs() -> None:
    tb = tabbench.get_benchmark("demo-tablebench")
    crt = tabbench.get_benchmark("demo-crtqa")
    for bench in (tb, crt):
        assert bench.splits == ("test", "train")
        test, train = list(bench.examples("test")), list(bench.examples("train"))
        assert len(test) == 500 and len(train) == 1500 and {e.split for e in train} == {"train"}
        prompts = {m["content"] for e in train for m in bench.prompt(e)}
        assert not any(bench.prompt(e)[-1]["content"] in prompts for e in test)  # table + question never seen
        # every answer is read off the four-row table in the prompt
        for example in test[:100]:
            text = bench.prompt(example)[-1]["content"]
            assert example.gold in text or example.gold in ("yes", "no", "1", "2", "3", "4"), example
    rows = [json.loads(line) for line in (DATA / "tablebench" / "TableBench_DP.jsonl").read_text().splitlines()]
    assert {r["instruction_type"] for r in rows} == {"DP"} and {r["qtype"] for r in rows} == {
        "FactChecking", "NumericalReasoning"}
    assert all(set(r) == {"id", "qtype", "qsubtype", "table", "question", "answer", "instruction_type",
                          "instruction"} for r in rows)


def test_build_tiny_is_a_command_of_this_plugin_and_rejects_bad_sizes(cli_runner, tmp_path: Path) -> None:
    result = cli_runner(["models", "build-tiny", str(tmp_path / "m"), "--size", "hidden_size=0"])
    assert result.exit_code == 2 and "--size 'hidden_size=0'" in result.output
    assert not (tmp_path / "m").exists()
    listed = cli_runner(["--help"])
    assert listed.exit_code == 0 and "demo" in listed.output  # registered through register_commands


def test_demo_reads_each_stage_s_primary_metric_through_the_results_reader(tmp_path: Path) -> None:
    from tabbench_demo.demo import primaries

    run = tmp_path / "run"
    run.mkdir()
    (run / "results.json").write_text(json.dumps(
        {"schema_version": 4, "benchmarks": {"demo-bird": {"primary_metric": {"name": "ex", "value": 0.5}, "n": 4}}}))
    assert primaries(run) == {"demo-bird": ("ex", 0.5, 4)}
    (run / "results.json").write_text("{}")
    with pytest.raises(tabbench.DataError, match=r"results\.json: not a tabbench results file"):
        primaries(run)
