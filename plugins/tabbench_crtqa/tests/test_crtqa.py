"""CRT-QA: reading the release format, normalisation, the crtqa-em reward and `tabbench score` end to end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tabbench_crtqa.answers import exact_match, extract_answer, normalise, sparks_em

import tabbench
from tabbench import DataError, Example, Status, score_batch
from tabbench.testing import BenchmarkContract, RewardContract

FIXTURE = Path(__file__).parent / "fixtures" / "CRT-QA"


class TestCRTQABenchmarkContract(BenchmarkContract):
    def make_benchmark(self) -> tabbench.Benchmark:
        return tabbench.get_benchmark("crtqa", FIXTURE)


class TestCRTQARewardContract(RewardContract):
    def make_reward(self) -> tabbench.Reward:
        return tabbench.get_reward("crtqa-em")

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        ex = Example("t/0", "1,155.5")
        return [
            (ex, "Final Answer: 1155.50", Status.MATCH),
            (ex, "Final Answer: 1155", Status.MISMATCH),
            (ex, "I think it is 1155.5", Status.PARSE_FAIL),
            (Example("t/1", None), "Final Answer: 1", Status.NOT_APPLICABLE),
        ]


@pytest.mark.parametrize(
    ("prediction", "gold", "same"),
    [
        ("1,155.50", "1155.5", True),  # thousands separator, trailing zero
        ("$1,155.5", "1155.5", True),
        ("45%", "45", True),
        ("19.0", "19", True),
        ("19.004", "19", True),  # numbers compared at 2 decimals
        ("19.01", "19", False),
        ("-3.2", "3.2", False),  # the sign is kept (the seed paper's normaliser drops it)
        ("Anna Berg.", "anna berg", True),
        ("The Beatles", "beatles", True),  # articles dropped
        ("10000 m, 2008", "2008, 10000 m", True),  # lists compare as multisets
        ("2008", "2008, 10000 m", False),
        ("2008 and 10000 m", "2008, 10000 m", True),
        ("yes", "Yes", True),
        ("helsinki finland", "helsinki, finland", False),
    ],
)
def test_exact_match_normalisation(prediction: str, gold: str, same: bool) -> None:
    assert exact_match(prediction, gold) is same


def test_sparks_quirks_are_reproduced() -> None:
    assert sparks_em("3.14", "3.14")
    assert not sparks_em("3.140", "3.14")  # '.' removed first: 3140 vs 314
    assert sparks_em("-3.24", "3.24")  # '-' removed first
    assert sparks_em("Anna Berg!", "anna berg")
    assert normalise("  'Rovers'. ") == ["rovers"]


def test_reward_options() -> None:
    ex = Example("t", "3.14")
    sparks = tabbench.get_reward("crtqa-em", normalization="sparks")
    assert score_batch(sparks, [(ex, "Final Answer: 3.140")])[0].value == 0.0
    assert score_batch(tabbench.get_reward("crtqa-em"), [(ex, "Final Answer: 3.140")])[0].value == 1.0
    after_think = tabbench.get_reward("crtqa-em", extract="after_think")
    assert score_batch(after_think, [(ex, "<think>pi</think> 3.14")])[0].value == 1.0
    with pytest.raises(tabbench.ConfigError, match="normalization"):
        tabbench.get_reward("crtqa-em", normalization="loose")


def test_extraction() -> None:
    assert extract_answer("a\nFinal Answer: 4\nFinal Answer: 5") == "5"
    assert extract_answer("<think>Final Answer: 1</think>So... Final answer: 2") == "2"
    assert extract_answer('```json\n{"reason": "x", "answer": 19}\n```') == "19"
    assert extract_answer('```json\n{"answer": ["a", "b"]}\n```') == "a, b"
    assert extract_answer("```json\n{broken\n```") is None
    assert extract_answer("Final Answer:   ") is None


def test_examples_fields_and_categories() -> None:
    bench = tabbench.get_benchmark("crtqa", FIXTURE)
    examples = list(bench.examples())
    assert [e.id for e in examples][:2] == ["2-11111111-1.html.csv/0", "2-11111111-1.html.csv/1"]
    first = examples[0]
    assert first.gold == "4" and first.fields["title"] == "runner international competitions"
    assert first.meta["steps"] == "3"  # the empty step4 is not a step
    assert first.meta["op:filtering"] == "yes" and first.meta["reasoning:spatial"] == "yes"
    assert first.meta["reasoning:arithmetic"] == "no"
    assert first.meta["directness"] == "implicit" and first.meta["composition"] == "bridging"
    assert examples[2].gold == "19"  # a JSON number answer
    assert examples[4].fields["title"] == "films by release"  # README spelling 'Title'
    assert set(bench.breakdown_keys) >= {"directness", "composition", "reasoning:arithmetic", "op:sorting"}
    assert "helsinki , finland" in bench.prompt(first)[-1]["content"]
    assert [p.name for p in bench.data_files()] == ["dataset.json", "2-11111111-1.html.csv", "1-22222222-3.html.csv",
                                                    "2-33333333-2.html.csv"]


@pytest.mark.parametrize("fmt", ["markdown", "csv", "html", "json", "records"])
def test_table_formats_and_size_limit(fmt: str) -> None:
    bench = tabbench.get_benchmark("crtqa", FIXTURE, table_format=fmt, max_table_chars=120)
    example = next(iter(bench.examples()))
    text = bench.table_text(example)
    assert "table cut to its first" in text
    full = tabbench.get_benchmark("crtqa", FIXTURE, table_format=fmt).table_text(example)
    assert "berlin" in full and "table cut" not in full
    if fmt == "records":  # the seed paper's JSON row records
        assert json.loads(full)[0]["venue"] == "helsinki , finland"


def test_data_errors_name_file_and_key(tmp_path: Path) -> None:
    root = tmp_path / "CRT-QA"
    shutil.copytree(FIXTURE, root)
    (root / "all_csv_new" / "1-22222222-3.html.csv").unlink()
    bench = tabbench.get_benchmark("crtqa", tmp_path)  # the parent of CRT-QA/ works too
    with pytest.raises(DataError, match=r"1-22222222-3\.html\.csv: missing table for dataset\.json key"):
        list(bench.examples())
    (root / "all_csv_new" / "1-22222222-3.html.csv").write_text("team#points\nrovers#23#extra\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"1-22222222-3\.html\.csv:2: 3 cells where the header has 2"):
        list(bench.examples())
    (root / "dataset.json").write_text('{"2-11111111-1.html.csv": [{"Answer": "4"}]}', encoding="utf-8")
    with pytest.raises(DataError, match=r"key '2-11111111-1\.html\.csv'\[0\]: missing 'Question name'"):
        list(bench.examples())
    (root / "dataset.json").unlink()
    with pytest.raises(DataError, match=r"dataset\.json"):
        list(tabbench.get_benchmark("crtqa", root).examples())


def test_score_command_end_to_end(tmp_path: Path, cli_runner) -> None:
    bench = tabbench.get_benchmark("crtqa", FIXTURE)
    answers = ["4", "2008 and 10000 m", "19.00", "Yes", "", "anna berg"]
    predictions = tmp_path / "predictions.jsonl"
    with predictions.open("w", encoding="utf-8") as handle:
        for example, answer in zip(bench.examples(), answers, strict=True):
            completion = f"<think>...</think>\nFinal Answer: {answer}" if answer else "no idea"
            handle.write(json.dumps({"id": example.id, "completion": completion}) + "\n")
    out = tmp_path / "run"
    result = cli_runner(["score", "crtqa", "--data", f"crtqa={FIXTURE}", "--predictions", str(predictions), "--out",
                         str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    block = json.loads((out / "results.json").read_text())["benchmarks"]["crtqa"]
    assert block["metrics"]["em"]["value"] == pytest.approx(4 / 6)
    assert block["status_counts"] == {"match": 4, "mismatch": 1, "parse_fail": 1}
    assert block["breakdown"]["composition"]["comparison"] == {"n": 2, "metrics": {"em": 0.0}}
    assert block["breakdown"]["reasoning:arithmetic"]["yes"]["metrics"]["em"] == pytest.approx(0.5)
