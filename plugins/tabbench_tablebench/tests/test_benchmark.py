"""The tablebench benchmark on small files in the official format, written here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tabbench_tablebench.benchmark import TableBench, gold_chart_code

import tabbench
from tabbench import DataError, Example, Status, score_batch
from tabbench.testing import BenchmarkContract

TABLE = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}


def row(key: str, qtype: str, qsubtype: str, answer: str, itype: str = "DP", **extra: Any) -> dict[str, Any]:
    return {"id": key, "qtype": qtype, "qsubtype": qsubtype, "table": TABLE, "question": f"q {key}",
            "answer": answer, "instruction_type": itype, "instruction": f"Answer {key}.\n[TABLE] {TABLE}", **extra}


ROWS = [
    row("fc1", "FactChecking", "MatchBased", "b"),
    row("nr1", "NumericalReasoning", "Aggregation", "60"),
    row("da1", "DataAnalysis", "CorrelationAnalysis", "Strong positive correlation, 0.98"),
    row("da2", "DataAnalysis", "DescriptiveAnalysis", "The table lists three teams and their points."),
    row("vis1", "Visualization", "ChartGeneration", "y_references = [[10, 20, 30]]", chart_type="bar"),
    row("nr1", "NumericalReasoning", "Counting", "3"),  # the release repeats an id: it becomes nr1#2
]


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    write(tmp_path / "TableBench_DP.jsonl", ROWS)
    pot = [dict(r, instruction_type="PoT") for r in ROWS[:2]]
    write(tmp_path / "TableBench_PoT.jsonl", pot)
    return tmp_path


class TestTableBenchContract(BenchmarkContract):
    @pytest.fixture(autouse=True)
    def _data(self, data_dir: Path) -> None:
        self.data_dir = data_dir

    def make_benchmark(self) -> TableBench:
        return tabbench.get_benchmark("tablebench", self.data_dir)


def test_examples_fields_and_breakdowns(data_dir: Path) -> None:
    bench = tabbench.get_benchmark("tablebench", data_dir)
    examples = list(bench.examples())
    assert [e.id for e in examples] == ["fc1", "nr1", "da1", "da2", "vis1", "nr1#2"]
    assert examples[2].meta == {"qtype": "DataAnalysis", "qsubtype": "CorrelationAnalysis",
                                "official_metric": "em_within_10", "instruction_type": "DP"}
    assert examples[4].fields["chart_type"] == "bar" and "chart_type" not in examples[0].fields
    assert bench.prompt(examples[0]) == [{"role": "user", "content": ROWS[0]["instruction"]}]
    assert bench.data_files() == [data_dir / "TableBench_DP.jsonl"]
    assert bench.primary_metric == "rouge_l" and "qsubtype" in bench.breakdown_keys


def test_gold_completions_score_full_marks(data_dir: Path) -> None:
    bench = tabbench.get_benchmark("tablebench", data_dir)
    mix = tabbench.get_reward("tablebench-mix")
    for example in bench.examples():
        if example.fields.get("chart_type"):
            continue
        score = score_batch(mix, [(example, bench.gold_completion(example))])[0]
        assert score.value == 1.0, (example.id, score)


def test_pot_instruction_type_runs_programs(data_dir: Path) -> None:
    bench = tabbench.get_benchmark("tablebench", data_dir, instruction_type="PoT")
    first = next(iter(bench.examples()))
    assert first.fields["instruction_type"] == "PoT"
    assert bench.extract(first, bench.gold_completion(first)) == "b"
    program = "```python\nimport pandas as pd\ndf = pd.read_csv('table.csv')\nprint(df['team'][1])\n```"
    assert bench.extract(first, program) == "b"  # no "Final Answer:" printed: the whole output, as officially


def test_official_predictions_file(tmp_path: Path) -> None:
    rows = [dict(r, model_name="m", prediction=f"Final Answer: {r['answer']}") for r in ROWS]
    rows[1]["prediction"] = ["Final Answer: 60", "Final Answer: 61"]  # infer.py writes lists of samples
    path = write(tmp_path / "m=TableBench_DP=run.jsonl", rows)
    bench = tabbench.get_benchmark("tablebench", path)
    predictions = bench.read_predictions(path)
    assert set(predictions) == {e.id for e in bench.examples()}
    assert predictions["nr1"] == ["Final Answer: 60", "Final Answer: 61"]
    generic = tmp_path / "generic.jsonl"
    generic.write_text(json.dumps({"id": "fc1", "completion": "Final Answer: b"}) + "\n")
    assert bench.read_predictions(generic) == {"fc1": ["Final Answer: b"]}
    rows[0]["prediction"] = 5
    with pytest.raises(DataError, match=r"run\.jsonl:1: 'prediction'"):
        bench.read_predictions(write(path, rows))


def test_score_command_end_to_end(tmp_path: Path, data_dir: Path, cli_runner) -> None:
    rows = [dict(r, prediction=f"Final Answer: {r['answer']}") for r in ROWS if r["qtype"] != "Visualization"]
    rows[0]["prediction"] = "I cannot tell"
    path = write(tmp_path / "preds.jsonl", rows)
    out = tmp_path / "run"
    result = cli_runner(["score", "tablebench", "--data", f"tablebench={path}", "--predictions", str(path),
                         "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "results.json").read_text())["benchmarks"]["tablebench"]
    assert summary["status_counts"]["parse_fail"] == 1  # counted, not hidden
    assert summary["metrics"]["em"]["value"] == pytest.approx(4 / 5)
    assert summary["extensions"]["tablebench.official"]["deterministic"]["DP"]["type"]["FactChecking"]["Parse@1"] == 0.0


def _sample(qtype: str, qsubtype: str, **values: float | None) -> dict[str, Any]:
    return {"qtype": qtype, "qsubtype": qsubtype, "instruction_type": "PoT",
            "scores": {m: {"value": v, "status": "match", "details": {}} for m, v in values.items()}}


def test_official_tables_only_aggregate_recorded_scores() -> None:
    """Every official number is a mean of a recorded per-sample value; nothing is read from answer strings."""
    from tabbench_tablebench.official import official_tables

    text = {"em": 0.0, "em_within_2": 0.0, "em_within_5": 1.0, "em_within_10": 1.0, "rouge_l": 0.5, "parsed": 1.0,
            "pot_ecr": 1.0, "chart_pass": None, "chart_ecr": None}
    chart = {**{m: None for m in text}, "parsed": 1.0, "chart_pass": 1.0, "chart_ecr": 1.0}
    samples = [_sample("DataAnalysis", "TrendForecasting", **text),
               _sample("DataAnalysis", "TrendForecasting", **{**text, "em_within_5": 0.0, "parsed": 0.0,
                                                               "pot_ecr": 0.0, "rouge_l": 0.0}),
               _sample("Visualization", "ChartGeneration", **chart)]
    tables = official_tables(samples)["PoT"]
    block = tables["subtype"]["DataAnalysis_TrendForecasting"]
    assert (block["EM_with_error_2"], block["EM_with_error_5"], block["EM_with_error_10"]) == (0.0, 50.0, 100.0)
    assert (block["ROUGE-L"], block["Parse@1"], block["ECR@1"]) == (25.0, 50.0, 50.0)
    overall = tables["type"]["Overall"]
    assert overall == {"Mix_Metric": 100.0, "Parse@1": 66.67, "ECR@1": 66.67}  # (2 x 100 + 1 x 100) / 3
    fraction = official_tables(samples, pass_as_fraction=True)["PoT"]["type"]["Overall"]["Mix_Metric"]
    assert fraction == round((2 * 100 + 1) / 3, 2)  # the official bug: Pass@1 as a 0-1 fraction
    samples[0]["scores"].pop("em_within_2")
    with pytest.raises(ValueError, match="em_within_2"):
        official_tables(samples)


def test_bootstrap_median_is_rouge_scores_aggregator() -> None:
    """The seeded bootstrap over recorded values draws exactly what rouge-score's BootstrapAggregator draws."""
    import numpy as np
    from rouge_score import scoring
    from tabbench_tablebench.official import bootstrap_median

    values = [0.0, 0.25, 1.0, 0.4, 0.9, 0.1, 0.33]
    np.random.seed(7)
    aggregator = scoring.BootstrapAggregator()
    for v in values:
        aggregator.add_scores({"rougeL": scoring.Score(v, v, v)})
    assert bootstrap_median(values, seed=7) == pytest.approx(aggregator.aggregate()["rougeL"].mid.fmeasure)


@pytest.mark.parametrize(
    ("mutation", "message"),
    [
        (lambda r: r.pop("answer"), r"TableBench_DP\.jsonl:2: missing key 'answer'"),
        (lambda r: r.update(table={"columns": ["a"]}), r"TableBench_DP\.jsonl:2: 'table' must have"),
        (lambda r: r.update(table="{not json"), r"TableBench_DP\.jsonl:2: 'table' is not valid JSON"),
        (lambda r: r.update(instruction_type="XYZ"), r"TableBench_DP\.jsonl:2: unknown instruction_type"),
    ],
)
def test_malformed_rows_name_file_and_line(tmp_path: Path, mutation: Any, message: str) -> None:
    rows = [dict(r) for r in ROWS]
    mutation(rows[1])
    write(tmp_path / "TableBench_DP.jsonl", rows)
    with pytest.raises(DataError, match=message):
        list(tabbench.get_benchmark("tablebench", tmp_path).examples())


def test_missing_files_and_bad_options(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"TableBench_TCoT\.jsonl: file not found"):
        list(tabbench.get_benchmark("tablebench", tmp_path, instruction_type="TCoT").examples())
    with pytest.raises(tabbench.ConfigError, match="instruction_type"):
        tabbench.get_benchmark("tablebench", tmp_path, instruction_type="CoT")
    (tmp_path / "TableBench_DP.jsonl").write_text("{oops\n")
    with pytest.raises(DataError, match=r"TableBench_DP\.jsonl:1: malformed JSON"):
        list(tabbench.get_benchmark("tablebench", tmp_path).examples())


@pytest.mark.slow  # eight sandboxed chart programs
def test_gold_chart_code_passes_for_every_chart_type() -> None:
    reward = tabbench.get_reward("chart-pass")
    references = {"bar": [[3, 1, 2]], "hbar": [[4, 5]], "waterfall": [[1, 2, 3]], "line": [[1, 2], [3, 4.5]],
                  "radar": [[1, 2, 3]], "scatter": [[2, 3, 5]], "pie": [[30, 70]], "area": [[2, 4, 6]]}
    for kind, values in references.items():
        example = Example(kind, f"y_references = {values}", {"chart_type": kind, "instruction_type": "DP"})
        code = f"```python\n{gold_chart_code(example)}```"
        score = score_batch(reward, [(example, code)])[0]
        assert score.status is Status.MATCH, (kind, score)
