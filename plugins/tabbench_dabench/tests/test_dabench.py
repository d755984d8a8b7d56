"""DABench: the official @name[value] extraction and equality, exclusion of missing responses (and strict mode),
program-of-thought in the sandbox, the official responses format, the official tables, and per-sample parity
with eval_closed_form.py on the shared data; and a red-team finding (answer extraction in linear time).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from tabbench_dabench.answers import answers_equal, correctness, extract_answers
from tabbench_dabench.official import official_tables

import tabbench
from tabbench import DataError, Example, Status
from tabbench.testing import BenchmarkContract, RewardContract

sys.path.insert(0, str(Path(__file__).parent))
from dabench_fixtures import write_dabench
from response_cases import response_rows

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))
DABENCH = SHARED / "dabench"


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_dabench(tmp_path_factory.mktemp("dabench"))


def _scores(bench, predictions: dict[str, list[str]]) -> dict[str, list]:
    examples = list(bench.examples())
    items = [(e, predictions[e.id][0]) for e in examples]
    return {name: tabbench.score_batch(reward, items) for name, reward in tabbench.metric_rewards(bench).items()}


# --- the official extraction and equality -------------------------------------------------------------------


def test_extraction_keeps_the_last_value_and_stops_at_newlines():
    assert extract_answers("@a[1] then @b[x y] and again @a[2]") == {"a": "2", "b": "x y"}
    assert extract_answers("@a[1\n2] @b[[3]") == {"b": "[3"}  # lazy: the first ']' closes
    assert extract_answers("no markers") == {}


@pytest.mark.parametrize(("predicted", "label", "equal"), [
    ("34.65", "34.65", True), ("34.6500003", "34.65", True), ("34.650002", "34.65", False),
    (" 2 ", "2", True), ("3.465e1", "34.65", True), ("True", "True", True), ("true", "True", False),
    ("nan", "nan", True), ("inf", "inf", True), ("1_000", "1000", True), (None, "1", False), ("abc", "1", False),
])
def test_equality_is_string_or_float_within_1e_6(predicted, label, equal):
    assert answers_equal(predicted, label) is equal


def test_correctness_follows_the_label_names():
    assert correctness("@x[1] @y[2]", [["y", "2"], ["z", "3"]]) == {"y": True, "z": False}
    assert correctness("@x[5]", [["x", "4"], ["x", "5"]]) == {"x": True}  # a repeated label name keeps its last


# --- the benchmark on the fixture ------------------------------------------------------------------------------


def test_examples_prompt_and_gold(root: Path):
    bench = tabbench.get_benchmark("dabench", root)
    examples = list(bench.examples())
    assert [e.id for e in examples] == ["0", "3", "7"]
    assert examples[1].meta == {"level": "medium", "concepts": '["Summary Statistics", "Outlier Detection"]',
                                "concept_count": "2"}
    assert examples[2].fields["table_path"] == str(root / "da-dev-tables" / "weather data.csv")
    user = bench.prompt(examples[1])[1]["content"]
    assert "File: shop.csv" in user and "@top_item[name]" in user and "Use the price column." in user
    assert bench.gold_completion(examples[1]) == "@top_item[saw]\n@expensive_count[2]"


def test_program_of_thought_runs_in_the_sandbox(root: Path):
    bench = tabbench.get_benchmark("dabench", root)
    examples = {e.id: e for e in bench.examples()}
    program = ("```python\nimport pandas as pd\ndf = pd.read_csv('shop.csv')\ntop = df.loc[df.price.idxmax(), 'name']\n"
               "print(f'@top_item[{top}]')\nprint(f'@expensive_count[{(df.price > 5).sum()}]')\n```")
    assert bench.extract(examples["3"], program) == "@top_item[saw]\n@expensive_count[2]\n"
    spaced = ("```python\nimport pandas as pd\n"
              "print('@negative[' + str(pd.read_csv('weather data.csv').shape[0] == 3) + ']')\n```")
    assert bench.extract(examples["7"], spaced) == "@negative[True]\n"
    failing = "```python\nraise SystemExit(3)\n```"
    assert bench.extract(examples["0"], failing) is None
    predictions = {"0": [failing], "3": [program], "7": ["I think @negative[False]"]}
    scores = _scores(bench, predictions)
    assert [s.status for s in scores["accuracy_by_question"]] == [Status.EXEC_ERROR, Status.MATCH, Status.MISMATCH]


def test_pot_mode_needs_the_sandbox_before_a_run_generates(root: Path):
    """Its extractors say they run code in ``pot`` mode only: a run then checks the sandbox before generating."""
    for mode, runs in (("pot", True), ("response", False)):
        bench = tabbench.get_benchmark("dabench", root, mode=mode)
        example = next(bench.examples())
        extractors = [bench.answer_extractor(), *(r.extractor for r in tabbench.metric_rewards(bench).values())]
        assert [x.runs_code(example) for x in extractors] == [runs] * len(extractors)


def test_prose_answers_are_the_response_even_in_pot_mode(root: Path):
    bench = tabbench.get_benchmark("dabench", root)
    example = next(bench.examples())
    completion = "```python\nprint('@mean_price[1]')\n```\nSo the answer is @mean_price[7.5]"
    assert bench.extract(example, completion) == completion  # the program is not run
    assert tabbench.get_benchmark("dabench", root, mode="response").extract(example, "```python\nx\n```") \
        == "```python\nx\n```"


def test_scores_partial_missing_and_strict(root: Path):
    predictions = {"0": ["@mean_price[7.5000001]"], "3": ["@top_item[saw] @expensive_count[3]"], "7": [""]}
    default = _scores(tabbench.get_benchmark("dabench", root), predictions)
    assert [s.value for s in default["accuracy_by_question"]] == [1.0, 0.0, None]
    assert [s.value for s in default["accuracy_proportional"]] == [1.0, 0.5, None]
    assert [s.status for s in default["accuracy_proportional"]] == [Status.MATCH, Status.PARTIAL,
                                                                    Status.NOT_APPLICABLE]
    strict = _scores(tabbench.get_benchmark("dabench", root, strict=True), predictions)
    assert [s.value for s in strict["accuracy_by_question"]] == [1.0, 0.0, 0.0]
    assert strict["accuracy_by_question"][2].status is Status.PARSE_FAIL


def test_official_responses_file_and_cli(root: Path, tmp_path: Path, cli_runner):
    path = tmp_path / "responses.jsonl"
    path.write_text(json.dumps({"id": 0, "response": ""}) + "\n" + json.dumps({"id": 0, "response": "@mean_price[7.5]"})
                    + "\n" + json.dumps({"note": "no id"}) + "\n"
                    + json.dumps({"id": 3, "response": "@top_item[saw] @expensive_count[2.0]"}) + "\n")
    bench = tabbench.get_benchmark("dabench", root)
    assert bench.read_predictions(path) == {"0": ["@mean_price[7.5]"], "3": ["@top_item[saw] @expensive_count[2.0]"],
                                            "7": [""]}
    for strict, expected in ((False, (1.0, 2, 1)), (True, (2 / 3, 3, 0))):
        out = tmp_path / f"run{strict}"
        args = ["score", "dabench", "--data", f"dabench={root}", "--predictions", str(path), "--out", str(out)]
        result = cli_runner(args + (["-o", "strict=true"] if strict else []))
        assert result.exit_code == 0, result.output
        block = json.loads((out / "results.json").read_text())["benchmarks"]["dabench"]
        metric = block["metrics"]["accuracy_by_question"]
        assert (metric["value"], metric["n"], metric["n_excluded"]) == pytest.approx(expected)
        official = block["extensions"]["dabench.official"]
        assert official["excluded_no_response"] == expected[2]
        assert official["accuracy_by_sub_question"] == round(3 / (3 + (1 if strict else 0)), 4)
        for name in ("accuracy_by_question", "accuracy_proportional"):  # the host's aggregate, copied once
            assert official[name] == round(block["metrics"][name]["value"], 4)
        assert set(block["breakdown"]["level"]) == {"easy", "medium", "hard"}


def test_bad_files_name_file_and_line(root: Path, tmp_path: Path):
    broken = write_dabench(tmp_path / "broken")
    (broken / "da-dev-tables" / "shop.csv").unlink()
    with pytest.raises(DataError, match=r"da-dev-questions\.jsonl:1: table .*shop\.csv is missing"):
        list(tabbench.get_benchmark("dabench", broken).examples())
    (broken / "da-dev-labels.jsonl").write_text('{"id": 0, "common_answers": [["a"]]}\n')
    with pytest.raises(DataError, match=r"da-dev-labels\.jsonl:1: 'common_answers' must be"):
        list(tabbench.get_benchmark("dabench", broken).examples())
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": 0, "response": "x"}) + "\n{oops\n")
    with pytest.raises(DataError, match=r"bad\.jsonl:2: malformed JSON"):
        tabbench.get_benchmark("dabench", root).read_predictions(bad)
    bad.write_text(json.dumps({"id": 99, "response": "x"}) + "\n")
    with pytest.raises(DataError, match=r"bad\.jsonl: 1 responses match no question \(first id: '99'\)"):
        tabbench.get_benchmark("dabench", root).read_predictions(bad)


def test_official_tables_count_each_concept():
    """A question is right when the recorded ``dabench-all`` value is 1: the tables never re-judge the verdicts."""
    samples = [({"value": 1.0, "details": {"correctness": {"a": True}, "correct": 1, "total": 1}}, ["S", "C"]),
               ({"value": 0.0, "details": {"correctness": {"a": True, "b": False}, "correct": 1, "total": 2}}, ["S"]),
               ({"value": None, "details": {}}, ["C"])]
    tables = official_tables(samples)
    assert tables["concept_accuracy"] == {"S": 0.5, "C": 1.0}
    assert tables["concept_count_accuracy"] == {"1": 0.0, "2": 1.0}
    assert (tables["accuracy_by_sub_question"], tables["questions"], tables["excluded_no_response"]) \
        == (round(2 / 3, 4), 2, 1)
    assert "accuracy_by_question" not in tables  # a metric: the host aggregates it, the hook copies it in


def test_python_environment_offers_the_file_under_its_own_name(root: Path):
    example = list(tabbench.get_benchmark("dabench", root).examples())[2]
    env = tabbench.get_environment("python")
    assert "weather data.csv" in env.reset(example=example)
    out = env.run_python("import pandas as pd\nprint(len(pd.read_csv('weather data.csv')), len(df))")
    assert out.strip() == "3 3"


def test_training_rewards_match_evaluation(root: Path):
    """A trainer's reward (no benchmark, raw completion) gives what evaluation gives, program included."""
    from tabbench.adapters import dataset_rows, trl_reward

    bench = tabbench.get_benchmark("dabench", root)
    rows = list(dataset_rows(bench))
    program = "```python\nprint('@top_item[saw]')\nprint('@expensive_count[1]')\n```"
    completions = ["@mean_price[7.50]", program, "@negative[True]"]
    for metric in tabbench.metric_specs(bench):
        got = trl_reward(metric.reward, **metric.options)(
            prompts=[r["prompt"] for r in rows], completions=completions, example=[r["example"] for r in rows])
        assert got == ([1.0, 0.0, 1.0] if metric.name == "accuracy_by_question" else [1.0, 0.5, 1.0])


class TestDABenchContract(BenchmarkContract):
    @pytest.fixture(autouse=True)
    def _root(self, root: Path):
        self.root = root

    def make_benchmark(self):
        return tabbench.get_benchmark("dabench", self.root, timeout=10.0)


class _Cases:
    options: ClassVar[dict] = {"timeout": 10.0}

    @pytest.fixture(autouse=True)
    def _examples(self, root: Path):
        self.examples: list[Example] = list(tabbench.get_benchmark("dabench", root).examples())

    def cases(self):
        second = self.examples[1]
        return [(second, "@top_item[saw]\n@expensive_count[2]", Status.MATCH),
                (second, "@top_item[saw]", None), (second, "no answer", Status.PARSE_FAIL),
                (second, "", Status.NOT_APPLICABLE)]


class TestAllContract(_Cases, RewardContract):
    def make_reward(self):
        return tabbench.get_reward("dabench-all", **self.options)


class TestProportionalContract(_Cases, RewardContract):
    def make_reward(self):
        return tabbench.get_reward("dabench-proportional", **self.options)


# --- the shared data (skipped when absent) ---------------------------------------------------------------------

needs_shared = pytest.mark.skipif(not (DABENCH / "da-dev-labels.jsonl").is_file(), reason="shared DABench absent")


@needs_shared
def test_shared_gold_scores_100_percent():
    bench = tabbench.get_benchmark("dabench", DABENCH)
    examples = list(bench.examples())
    assert len(examples) == 257
    scores = _scores(bench, {e.id: [bench.gold_completion(e)] for e in examples})
    assert all(s.value == 1.0 for values in scores.values() for s in values)


@needs_shared
def test_shared_verdicts_equal_the_official_script(tmp_path: Path):
    expected = json.loads((Path(__file__).parent / "official_verdicts.json").read_text())
    labels = [json.loads(line) for line in (DABENCH / "da-dev-labels.jsonl").read_text().splitlines() if line]
    path = tmp_path / "responses.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in response_rows(labels)))
    bench = tabbench.get_benchmark("dabench", DABENCH)
    examples = list(bench.examples())
    both = _scores(bench, bench.read_predictions(path))
    scores = both["accuracy_by_question"]
    got = {e.id: ("-" if s.value is None else "".join(str(int(v)) for v in s.details["correctness"].values()))
           for e, s in zip(examples, scores, strict=True)}
    assert got == expected["verdicts"]
    concepts = [json.loads(e.meta["concepts"]) for e in examples]
    tables = official_tables([(s.to_json(), c) for s, c in zip(scores, concepts, strict=True)])
    for key in ("concept_accuracy", "concept_count_accuracy", "two_or_more_concepts_accuracy"):
        assert tables[key] == expected[key]
    for name in ("accuracy_by_question", "accuracy_proportional"):  # the metrics: the mean of the reward values
        values = [s.value for s in both[name] if s.value is not None]
        tables[name] = round(sum(values) / len(values), 4)
    assert {k: tables[k] for k in expected["main_results"]} == expected["main_results"]
    assert tables["excluded_no_response"] == sum(v == "-" for v in expected["verdicts"].values())


def test_dabench_answer_extraction_of_a_line_without_a_closing_bracket_is_linear() -> None:
    """``@name[value]`` was searched with the official regex over the whole response: on a line of ``@a[@a[...``
    without a ``]`` every ``@`` scanned the rest of the line (over 10 s for 60 kB, minutes for 400 kB)."""
    import time

    from tabbench_dabench.answers import extract_answers

    start = time.monotonic()
    assert extract_answers("@a[" * 140_000) == {}
    assert extract_answers("@a[" * 140_000 + "]") == {"a": "@a[" * 139_999}
    assert extract_answers("@mean[1.5] @x[@y[2]\n@mean[2.5]") == {"mean": "2.5", "x": "@y[2"}
    assert time.monotonic() - start < 5
