"""RealHiTBench: the release format, official extraction and decimal handling, sandboxed charts, Structure
Comprehending against the model's own answers, official result CSVs, and `tabbench score` end to end."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from tabbench_realhitbench.answers import extract_answer, extract_chart_code, token_f1
from tabbench_realhitbench.benchmark import RealHiTBenchBenchmark
from tabbench_realhitbench.charts import prepare_code
from tabbench_realhitbench.rewards import Judge

import tabbench
from tabbench import ConfigError, DataError, Example, Status, score_batch
from tabbench.testing import BenchmarkContract, RewardContract

FIXTURE = Path(__file__).parent / "fixtures" / "realhitbench"
SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))
ROWS = [
    ["Employment status by sex (thousands)", None, None, None, None],
    ["Year", "Men", None, "Women", None],
    [None, "Employed", "Unemployed", "Employed", "Unemployed"],
    [2021, 100, 10, 90, 9],
    [2022, 110, 8, 95, 7],
    [2023, 120.25, 6, 99.5, 5],
]


def make_data(tmp_path: Path) -> Path:
    """The fixture release plus its workbook (tables/labor-table01.xlsx, written here with openpyxl)."""
    openpyxl = pytest.importorskip("openpyxl")
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    (root / "tables").mkdir()
    book = openpyxl.Workbook()
    sheet = book.active
    for row in ROWS:
        sheet.append(row)
    book.save(root / "tables" / "labor-table01.xlsx")
    return root


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return make_data(tmp_path)


def by_id(bench: tabbench.Benchmark, split: str | None = None) -> dict[str, Example]:
    return {e.id: e for e in bench.examples(split)}


class TestRealHiTBenchContract(BenchmarkContract):
    def make_benchmark(self) -> tabbench.Benchmark:
        return tabbench.get_benchmark("realhitbench", FIXTURE, missing_tables="skip")


class TestTokenF1Contract(RewardContract):
    def make_reward(self) -> tabbench.Reward:
        return tabbench.get_reward("realhitbench-f1")

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        ex = Example("1", "Strong negative correlation, -1.00", {"qtype": "Data Analysis"})
        return [
            (ex, "[Final Answer]: strong negative correlation, -1.0", Status.MATCH),
            (ex, "[Final Answer]: weak negative correlation, -0.5", Status.PARTIAL),
            (ex, "no marker", Status.PARSE_FAIL),
            (Example("2", "[1, 2]", {"qtype": "Visualization", "chart_type": "BarChart"}), "x", Status.NOT_APPLICABLE),
        ]


class TestPerTypeScoreContract(RewardContract):
    def make_reward(self) -> tabbench.Reward:
        return tabbench.get_reward("realhitbench-score")

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        fact = Example("1", "110", {"qtype": "Fact Checking"})
        analysis = Example("2", "Strong negative correlation, -1.00", {"qtype": "Data Analysis"})
        return [(fact, "[Final Answer]: 110", Status.MATCH), (fact, "[Final Answer]: 111", Status.MISMATCH),
                (fact, "110", Status.PARSE_FAIL), (analysis, "[Final Answer]: Strong negative", Status.PARTIAL),
                (Example("3", None, {"qtype": "Structure Comprehending"}), "[Final Answer]: 1",
                 Status.NOT_APPLICABLE)]


# --- official extraction and decimal handling -------------------------------------------------------------


def test_extraction_takes_the_last_marker() -> None:
    assert extract_answer("[Final Answer]: 1\nthinking again\n[Final Answer]: 2 ") == "2"
    assert extract_answer("Final Answer: 3\n[Final Answer]: 4") == "4"  # '[Final Answer]:' is tried first
    assert extract_answer("... Final Answer: 5") == "5"
    assert extract_answer("the answer is 6") is None


@pytest.mark.parametrize(
    ("prediction", "gold", "em"),
    [
        ("63.90", "63.9", 1.0),  # both rounded to 1 decimal
        ("6.65", "6.7", 1.0),  # Python's round(6.65, 1) == 6.7
        ("0.99", "0.985", 1.0),  # both become 1.0, then '10' after normalisation
        ("45.2%", "45.2", 1.0),  # '%' is punctuation
        ("-3.24", "3.24", 1.0),  # so is '-'
        ("1955, 62170", "1955,62170", 0.0),  # '1955 62170' vs '195562170'
        ("The United States", "united states", 1.0),
        ("94.83", "94.8333", 1.0),
        ("110.0", "110", 0.0),  # '110.0' keeps its decimal, then loses the point: '1100' != '110'
        ("94.9", "94.83", 0.0),
    ],
)
def test_official_em_parity(prediction: str, gold: str, em: float) -> None:
    reward = tabbench.get_reward("exact-match", match="string", extraction="realhitbench", decimals=1,
                                 empty_prediction="#")
    example = Example("x", gold, {"qtype": "Numerical Reasoning"})
    assert score_batch(reward, [(example, f"[Final Answer]: {prediction}")])[0].value == em


def test_token_f1() -> None:
    assert token_f1("x y z", "x y w") == pytest.approx(2 / 3)
    assert token_f1("a b c", "b d") == pytest.approx(0.5)  # the article 'a' is dropped by normalisation
    assert token_f1("", "x") == 0.0


# --- data -------------------------------------------------------------------------------------------------


def test_examples_gold_and_breakdown_labels(data: Path) -> None:
    bench = tabbench.get_benchmark("realhitbench", data)
    examples = by_id(bench)
    assert "107" not in examples  # Structure Comprehending is scored in split 'structure'
    assert len(examples) == 9
    assert examples["101"].gold == "110" and examples["101"].meta == {
        "qtype": "Fact Checking", "subtype": "Value-Matching", "structure": "MultiLevelHeader",
        "source": "Bureau of Labor Statistics", "table_format": "latex"}
    chart = examples["108"]
    assert chart.gold == "[100, 110, 120.25]\n" and chart.fields["chart_type"] == "BarChart"
    assert chart.fields["files"] == {"table.xlsx": str(data / "tables" / "labor-table01.xlsx")}
    assert [e.id for e in bench.examples("long")] == ["1"]
    assert bench.data_files("long") == [data / "QA_long.json", data / "latex" / "labor-table01.txt"]
    assert data / "tables" / "labor-table01.xlsx" in bench.data_files()  # charts read the workbook
    # the gold completion is read back by the official extraction
    assert all(bench.extract(e, bench.gold_completion(e)) is not None for e in examples.values())


@pytest.mark.parametrize(("fmt", "needle"), [("latex", r"\multicolumn{2}{l}{Men}"), ("html", 'colspan="2">Men'),
                                             ("csv", '"2023","120.25"'), ("markdown", "| 120.25 "),
                                             ("json", '"Unnamed: 1": "120.25"')])
def test_table_formats_are_recorded_and_prompted(data: Path, fmt: str, needle: str) -> None:
    bench = tabbench.get_benchmark("realhitbench", data, table_format=fmt)
    example = by_id(bench)["101"]
    assert example.fields["table_format"] == fmt
    messages = bench.prompt(example)
    assert needle in messages[-1]["content"] and f"table in {fmt} format" in messages[-1]["content"]
    assert "[Final Answer]: AnswerName1, AnswerName2..." in messages[0]["content"]
    assert "CorrelationRelation, CorrelationCoefficient" in bench.prompt(by_id(bench)["106"])[0]["content"]
    assert "pd.read_excel('table.xlsx')" in bench.prompt(by_id(bench)["108"])[0]["content"]


def test_table_size_limit(data: Path) -> None:
    bench = tabbench.get_benchmark("realhitbench", data, table_format="csv", max_table_chars=120)
    text = bench.table_text(by_id(bench)["101"])
    assert text.endswith("(table cut to 120 characters)") and "2023" not in text


def test_missing_and_malformed_files_are_data_errors(data: Path) -> None:
    (data / "html" / "labor-table01.html").unlink()
    bench = tabbench.get_benchmark("realhitbench", data, table_format="html")
    with pytest.raises(DataError, match=r"labor-table01\.html: missing table for question id 101 \(QA_final\.json"):
        list(bench.examples())
    assert list(tabbench.get_benchmark("realhitbench", data, table_format="html",
                                       missing_tables="skip").examples()) == []
    (data / "QA_long.json").write_text('{"queries": [{"id": 1, "Question": "q"}]}', encoding="utf-8")
    with pytest.raises(DataError, match=r"QA_long\.json: queries\[0\]: missing field\(s\) FileName"):
        list(bench.examples("long"))
    (data / "QA_long.json").unlink()
    with pytest.raises(DataError, match=r"QA_long\.json: missing RealHiTBench file"):
        list(bench.examples("long"))
    for bad in ({"table_format": "pdf"}, {"missing_tables": "ignore"}, {"sc_table": "both"},
                {"judge_model": "m"}):
        with pytest.raises(ConfigError):
            tabbench.get_benchmark("realhitbench", data, **bad)


@pytest.mark.parametrize("name", ["realhitbench-f1", "realhitbench-chart", "realhitbench-score"])
def test_registered_rewards_load(name: str) -> None:
    assert isinstance(tabbench.get_reward(name), tabbench.Reward)


def test_judge_option_names_a_judge_reward(data: Path) -> None:
    bench = tabbench.get_benchmark("realhitbench", data, judge_backend="hf", judge_model="m", judge="no-such-judge")
    spec = bench.metric("judge")
    assert (spec.reward, spec.options["judge"], spec.options["judge_model"]) == ("realhitbench-judge", "no-such-judge",
                                                                                "m")
    with pytest.raises(ConfigError, match="no-such-judge"):  # built with the metrics: a clear error, no stub
        tabbench.get_reward(spec.reward, **spec.options)
    with pytest.raises(ConfigError, match="backend"):
        tabbench.get_reward("realhitbench-judge")


class EchoJudge(tabbench.Reward):
    """A stand-in judge reward: scores 1 when the answer it is handed contains the gold answer's first word."""

    name = "echo-judge"

    def score(self, example: Example, completion: str, answer: object) -> tabbench.Score:
        seen = completion.lower().split()
        ok = bool(seen) and example.gold is not None and example.gold.lower().split()[0] in seen
        return tabbench.Score(1.0 if ok else 0.0, Status.MATCH if ok else Status.MISMATCH,
                              {"seen": completion, "options": self.options})


class JudgePlugin:
    @tabbench.hookimpl
    def register_rewards(self, register):  # type: ignore[no-untyped-def]
        register("echo-judge", EchoJudge)


def test_judge_delegates_data_analysis_answers(isolated_host, data: Path) -> None:  # type: ignore[no-untyped-def]
    isolated_host.register(JudgePlugin(), "judge-test")
    judge = Judge(judge="echo-judge", judge_backend="openai", judge_model="m", judge_options={"rubric": "r"})
    examples = by_id(RealHiTBenchBenchmark(data))
    summary = score_batch(judge, [(examples["105"], "thinking...\n[Final Answer]: The table shows employment.")])[0]
    assert summary.value == 1.0 and summary.details["seen"] == "The table shows employment."
    assert summary.details["options"] == {"judge_backend": "openai", "judge_model": "m", "rubric": "r"}
    assert score_batch(judge, [(examples["105"], "no marker")])[0].status == Status.PARSE_FAIL
    assert score_batch(judge, [(examples["101"], "[Final Answer]: 110")])[0].status.not_applicable


# --- charts -----------------------------------------------------------------------------------------------


def test_chart_code_extraction_and_preparation() -> None:
    text = "[Final Answer]: import pandas as pd \n import matplotlib.pyplot as plt \n plt.plot([1]) \n plt.show()"
    code = extract_chart_code(text)
    assert code is not None and code.endswith("plt.show()")
    fixed = prepare_code(code)  # does not compile as is: the official per-line strip is applied
    assert fixed.splitlines()[1] == "import matplotlib.pyplot as plt"
    looped = "import pandas as pd\nfor i in range(2):\n    x = i\nplt.show()"
    assert prepare_code(looped) == looped  # compiles: kept (the official strip would break the loop)
    assert "    x" not in prepare_code(looped, indentation="official")
    assert prepare_code("pd.read_excel(\"data/x.xlsx\")") == "pd.read_excel('table.xlsx')"
    assert extract_chart_code("[Final Answer]: plt.plot([1])") is None


@pytest.mark.slow  # three sandboxed matplotlib runs (the bar and pie references run in the end-to-end test)
def test_charts_run_in_the_sandbox(data: Path) -> None:
    bench = tabbench.get_benchmark("realhitbench", data)
    examples = by_id(bench)
    ecr, passed = tabbench.get_reward("realhitbench-chart", measure="ecr"), tabbench.get_reward("realhitbench-chart")
    gold = bench.gold_completion(examples["110"])  # the reference code draws the reference values
    assert score_batch(passed, [(examples["110"], gold)])[0].status == Status.MATCH
    assert score_batch(ecr, [(examples["110"], gold)])[0].value == 1.0
    wrong = "[Final Answer]: import pandas as pd\nimport matplotlib.pyplot as plt\nplt.bar(['a'], [1])\nplt.show()"
    assert score_batch(passed, [(examples["108"], wrong)])[0].status == Status.MISMATCH
    assert score_batch(ecr, [(examples["108"], wrong)])[0].status == Status.MATCH
    broken = "[Final Answer]: import pandas as pd\nraise ValueError('boom')\nplt.show()"
    failed = score_batch(passed, [(examples["108"], broken)])[0]
    assert (failed.value, failed.status) == (0.0, Status.EXEC_ERROR)
    assert score_batch(passed, [(examples["108"], "[Final Answer]: a bar chart")])[0].status == Status.PARSE_FAIL
    assert score_batch(passed, [(examples["101"], wrong)])[0].status.not_applicable


def test_masked_chart_reference_is_not_applicable(data: Path) -> None:
    example = by_id(tabbench.get_benchmark("realhitbench", data))["110"]
    masked = Example(example.id, "[[masked, 1.0]]\n", example.fields, example.meta)
    code = "[Final Answer]: import pandas as pd\nplt.show()"
    score = score_batch(tabbench.get_reward("realhitbench-chart"), [(masked, code)])[0]
    assert score.value is None and score.status.not_applicable


# --- structure comprehending ------------------------------------------------------------------------------


def test_structure_split_scores_swap_answers_against_original_answers(data: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="sc_reference"):
        list(tabbench.get_benchmark("realhitbench", data).examples("structure"))
    original = tabbench.get_benchmark("realhitbench", data, sc_table="original")
    first = list(original.examples("structure"))
    assert [e.gold for e in first] == [None, None]
    assert first[0].fields["table_path"].endswith("latex/labor-table01.txt")
    reference = tmp_path / "original.jsonl"
    reference.write_text("\n".join(json.dumps({"id": i, "completion": f"[Final Answer]: {a}"})
                                   for i, a in (("1", "5"), ("2", "330.25"))), encoding="utf-8")
    swap = tabbench.get_benchmark("realhitbench", data, sc_reference=str(reference))
    second = by_id(swap, "structure")
    assert second["1"].gold == "5" and second["1"].fields["table_path"].endswith("labor-table01_swap.txt")
    score = tabbench.get_reward("realhitbench-score")
    assert score_batch(score, [(second["2"], "[Final Answer]: 330.2")])[0].status == Status.MATCH
    # official 1-decimal rounding is Python's round(): 330.25 is exact in binary and rounds half to even
    assert score_batch(score, [(second["2"], "[Final Answer]: 330.3")])[0].status == Status.MISMATCH
    assert score_batch(score, [(second["1"], "[Final Answer]: 7")])[0].status == Status.MISMATCH
    missing_swap = tabbench.get_benchmark("realhitbench", data, sc_reference=str(reference), table_format="html")
    with pytest.raises(DataError, match=r"labor-table01_swap\.html"):
        list(missing_swap.examples("structure"))


# --- predictions files and the score command --------------------------------------------------------------


def test_official_result_csv_is_read(data: Path, tmp_path: Path) -> None:
    path = tmp_path / "model_text_2025.csv"
    path.write_text("Id,QuestionType,Model_Answer,Correct_Answer,F1,EM,ROUGE-L,SacreBLEU,GPT_EVAL,ECR,Pass\n"
                    '101,Fact Checking,110,110,100.0,100.0,100.0,100.0,,,\n'
                    '102,Fact Checking,"Yes, clearly",No,0,0,0,0,,,\n', encoding="utf-8")
    bench = tabbench.get_benchmark("realhitbench", data)
    predictions = bench.read_predictions(path)
    assert predictions == {"101": ["[Final Answer]: 110"], "102": ["[Final Answer]: Yes, clearly"]}
    bad = tmp_path / "bad.csv"
    bad.write_text("id,answer\n1,2\n", encoding="utf-8")
    with pytest.raises(DataError, match="official result CSV"):
        bench.read_predictions(bad)
    jsonl = tmp_path / "p.jsonl"
    jsonl.write_text('\n{"id": "101", "completion": "[Final Answer]: 110"}\n', encoding="utf-8")
    assert bench.read_predictions(jsonl) == {"101": ["[Final Answer]: 110"]}


@pytest.mark.slow  # scores charts in the sandbox
def test_score_command_end_to_end(data: Path, tmp_path: Path, cli_runner) -> None:
    bench = tabbench.get_benchmark("realhitbench", data)
    examples = by_id(bench)
    completions = {
        "101": "The 2022 row, Men/Employed.\n[Final Answer]: 110",
        "102": "[Final Answer]: No",
        "103": "[Final Answer]: 94.83",
        "104": "[Final Answer]: 5%",  # wrong
        "105": "[Final Answer]: The table shows employed and unemployed men and women from 2021 to 2023.",
        "106": "I cannot tell.",  # no marker: parse_fail
        "108": bench.gold_completion(examples["108"]),
        "109": bench.gold_completion(examples["109"]),  # ' \n '-separated lines, as the official format
        "110": "[Final Answer]: import pandas as pd\nimport matplotlib.pyplot as plt\nx = 1 / 0\nplt.show()",
    }
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("\n".join(json.dumps({"id": k, "completion": v}) for k, v in completions.items()),
                           encoding="utf-8")
    out = tmp_path / "run"
    result = cli_runner(["score", "realhitbench", "--data", f"realhitbench={data}", "--predictions", str(predictions),
                         "--out", str(out), "--no-progress", "-o", "table_format=csv"])
    assert result.exit_code == 0, result.output
    run = json.loads((out / "results.json").read_text())
    block = run["benchmarks"]["realhitbench"]
    assert run["config"]["benchmark_options"]["table_format"] == "csv"  # the format choice is recorded
    assert list(block["breakdown"]["table_format"]) == ["csv"] and block["breakdown"]["table_format"]["csv"]["n"] == 9
    metrics = {name: m["value"] for name, m in block["metrics"].items()}
    assert metrics["em"] == pytest.approx(3 / 6)  # 101, 102, 103 of the six text questions
    assert block["metrics"]["em"]["n"] == 6 and block["metrics"]["pass"]["n"] == 3
    assert metrics["ecr"] == pytest.approx(2 / 3) and metrics["pass"] == pytest.approx(2 / 3)
    assert block["status_counts"] == {"match": 5, "mismatch": 1, "parse_fail": 1, "partial": 1, "exec_error": 1}
    qtypes = block["breakdown"]["qtype"]
    assert qtypes["Fact Checking"]["metrics"]["score"] == 1.0
    assert qtypes["Numerical Reasoning"]["metrics"]["score"] == 0.5
    assert qtypes["Visualization"]["metrics"]["em"] is None
    assert set(block["breakdown"]["subtype"]) >= {"Value-Matching", "Calculation", "Summary Analysis"}


@pytest.mark.skipif(not (SHARED / "realhitbench" / "QA_final.json").is_file(),
                    reason="shared RealHiTBench data not present")
def test_shared_release_reads_and_text_gold_scores_one() -> None:
    bench = tabbench.get_benchmark("realhitbench", SHARED / "realhitbench", missing_tables="skip")
    examples = [e for e in bench.examples() if e.meta["qtype"] != "Visualization"]
    assert len(examples) == 210  # the 41 shipped tables cover these non-chart QA_final questions
    reward = tabbench.get_reward("realhitbench-score")
    assert all(s.value == 1.0 for s in score_batch(reward, [(e, bench.gold_completion(e)) for e in examples]))
    assert "\\begin{tabular}" in bench.prompt(examples[0])[-1]["content"]
