"""BIRD: parity with bird-bench/mini_dev evaluation_ex.py / evaluation_f1.py on a fixture written here,
readers and the checked predictions file on fixtures and on the real dev / Mini-Dev files."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

import tabbench
from tabbench import DataError, Example, Status, score_batch
from tabbench.testing import BenchmarkContract, RewardContract

sys.path.insert(0, str(Path(__file__).parent))
from bird_fixtures import CASES, write_bird


def metric_rewards(bench) -> dict:
    """The benchmark's metric rewards by metric name, built as a run builds them."""
    return tabbench.metric_rewards(bench)


# Per-case verdicts of the official functions (mini_dev 4d970a9a: evaluation_ex.execute_model and
# evaluation_f1.execute_model, SQLite, 30 s) on the fixture, in CASES order.
OFFICIAL_EX = [1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1]
OFFICIAL_F1 = [1.0, 2 / 3, 1.0, 1.0, 1.0, 1.0, 0, 1.0, 0, 0, 2 / 3, 0, 0.5, 0, 1.0]
# The one deliberate difference: upstream runs the predicted DELETE on the gold's connection (and then
# compares its empty result with the gold's); tabbench refuses writes.
DIFFERENCES = {"write_leak"}
NAMES = [name for name, _, _, _ in CASES]

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))
MINIDEV = SHARED / "bird_minidev"
BIRD_DEV = SHARED / "bird_dev"


@pytest.fixture(scope="module")
def bird_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bird(tmp_path_factory.mktemp("bird"))


def _score(root: Path, split: str = "dev", **options):
    bench = tabbench.get_benchmark("bird", root, **options)
    examples = list(bench.examples(split))
    preds = bench.read_predictions(root / "predict_dev.json", split)
    items = [(e, preds[e.id][0]) for e in examples]
    return examples, {name: score_batch(r, items) for name, r in metric_rewards(bench).items()}


@pytest.mark.parametrize("split", ["dev", "minidev"])
def test_parity_with_official_ex_and_soft_f1(bird_root: Path, split: str):
    _, scores = _score(bird_root, split)
    ex_diff = {NAMES[i] for i, s in enumerate(scores["ex"]) if s.value != OFFICIAL_EX[i]}
    f1_diff = {NAMES[i] for i, s in enumerate(scores["soft_f1"]) if s.value != pytest.approx(OFFICIAL_F1[i])}
    assert ex_diff == DIFFERENCES
    assert f1_diff == DIFFERENCES


def test_statuses_explain_verdicts(bird_root: Path):
    _, scores = _score(bird_root)
    ex = dict(zip(NAMES, scores["ex"], strict=True))
    assert ex["empty_both"].status is Status.EMPTY_BOTH and ex["empty_both"].value == 1.0
    assert ex["pred_error"].status is Status.EXEC_ERROR and "town" in ex["pred_error"].details["error"]
    assert ex["two_statements"].status is Status.FORBIDDEN
    assert ex["write_leak"].status is Status.FORBIDDEN
    f1 = dict(zip(NAMES, scores["soft_f1"], strict=True))
    assert f1["row_order"].status is Status.PARTIAL
    assert f1["column_order"].status is Status.MATCH


def test_breakdown_and_cli(bird_root: Path, tmp_path: Path, cli_runner):
    out = tmp_path / "run"
    result = cli_runner(["score", "bird", "--data", f"bird={bird_root}", "--predictions",
                         str(bird_root / "predict_dev.json"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "results.json").read_text())["benchmarks"]["bird"]
    assert summary["n"] == len(CASES)
    ours = [v if n not in DIFFERENCES else 0 for n, v in zip(NAMES, OFFICIAL_EX, strict=True)]
    assert summary["metrics"]["ex"]["value"] == pytest.approx(sum(ours) / len(ours))
    assert set(summary["breakdown"]["difficulty"]) == {"simple", "moderate", "challenging"}


# --- readers --------------------------------------------------------------------------------------------


def test_minidev_jsonl_and_dialect(bird_root: Path, tmp_path: Path):
    root = tmp_path / "m"
    root.mkdir()
    for name in ("mini_dev_sqlite.jsonl", "mini_dev_sqlite_gold.sql", "dev_tables.json"):
        (root / name).write_text((bird_root / name).read_text())
    examples = list(tabbench.get_benchmark(
        "bird", root, db_root=str(bird_root / "dev_databases")).examples("minidev"))
    assert [e.gold for e in examples] == [gold for _, _, gold, _ in CASES]
    assert examples[0].fields["dialect"] == "sqlite"
    assert examples[3].meta["difficulty"] == "moderate"


def test_example_fields_carry_what_rewards_need(bird_root: Path):
    example = next(tabbench.get_benchmark("bird", bird_root).examples())
    assert json.loads(json.dumps(example.to_json())) == example.to_json()
    assert Path(example.fields["db_path"]).is_file()
    assert example.gold == CASES[0][2]
    gold = f"```sql\n{example.gold}\n```"
    assert score_batch(tabbench.get_reward("bird-ex"), [(example, gold)])[0].status is Status.MATCH


def test_prompt_schema_evidence_and_options(bird_root: Path):
    plain = tabbench.get_benchmark("bird", bird_root)
    example = next(plain.examples())
    text = plain.prompt(example)[1]["content"]
    assert "CREATE TABLE shop" in text and "Evidence: opened is a year" in text and "case identical?" in text
    rich = tabbench.get_benchmark("bird", bird_root, sample_rows=2, descriptions=True)
    text = rich.prompt(example)[1]["content"]
    assert "-- shop.opened: year the shop opened" in text
    assert "(1, 'Oslo', 1999)" in text


def _predictions(tmp_path: Path, data: object, raw: str | None = None) -> Path:
    path = tmp_path / "pred.json"
    path.write_text(raw if raw is not None else json.dumps(data))
    return path


def test_predictions_file_checks(bird_root: Path, tmp_path: Path):
    bench = tabbench.get_benchmark("bird", bird_root)
    good = {str(i): f"SELECT {i}\t----- bird -----\tretail" for i in range(len(CASES))}
    sorted_keys = dict(sorted(good.items()))  # "0", "1", "10", ... as json.dump(sort_keys=True) writes
    with pytest.raises(DataError, match=r"pred\.json: key '10' at position 2"):
        bench.read_predictions(_predictions(tmp_path, sorted_keys))
    with pytest.raises(DataError, match=r"pred\.json: 14 predictions for 15 questions"):
        bench.read_predictions(_predictions(tmp_path, dict(list(good.items())[:-1])))
    wrong_db = {**good, "3": "SELECT 3\t----- bird -----\tfinancial"}
    with pytest.raises(DataError, match=r"key '3': db_id 'financial' but question 3 is on 'retail'"):
        bench.read_predictions(_predictions(tmp_path, wrong_db))
    with pytest.raises(DataError, match=r"key '2': the prediction is not a string"):
        bench.read_predictions(_predictions(tmp_path, {**good, "2": 7}))
    with pytest.raises(DataError, match=r"duplicate key '0'"):
        bench.read_predictions(_predictions(tmp_path, None, raw='{"0": "SELECT 1", "0": "SELECT 2"}'))
    with pytest.raises(DataError, match=r"pred\.json:1: malformed JSON"):
        bench.read_predictions(_predictions(tmp_path, None, raw='{"0": '))
    bare = {str(i): f"  SELECT {i}  " for i in range(len(CASES))}  # no separator: taken whole, as upstream
    assert bench.read_predictions(_predictions(tmp_path, bare))["4"] == ["SELECT 4"]


def test_a_predictions_file_may_hold_just_the_selected_questions(bird_root: Path, tmp_path: Path):
    """``--limit``/``--where``: the official file's entries pair with the selected questions in order, their db
    ids checked against those; the whole split's file still reads."""
    bench = tabbench.get_benchmark("bird", bird_root)
    selected = {"0": "SELECT 5\t----- bird -----\tretail", "1": "SELECT 9\t----- bird -----\tretail"}
    assert bench.read_predictions(_predictions(tmp_path, selected), ids=["5", "9"]) == {
        "5": ["SELECT 5"], "9": ["SELECT 9"]}
    with pytest.raises(DataError, match=r"2 predictions for 15 questions"):
        bench.read_predictions(_predictions(tmp_path, selected), ids=["5", "9", "11"])
    good = {str(i): f"SELECT {i}\t----- bird -----\tretail" for i in range(len(CASES))}
    assert bench.read_predictions(_predictions(tmp_path, good), ids=["5", "9"])["9"] == ["SELECT 9"]


def test_write_predictions_round_trip(bird_root: Path, tmp_path: Path):
    bench = tabbench.get_benchmark("bird", bird_root)
    path = tmp_path / "out.json"
    bench.write_predictions(path, {str(i): f"SELECT {i}" for i in range(len(CASES))})
    data = json.loads(path.read_text())
    assert list(data) == [str(i) for i in range(len(CASES))]
    assert data["2"] == "SELECT 2\t----- bird -----\tretail"
    assert bench.read_predictions(path)["2"] == ["SELECT 2"]
    with pytest.raises(DataError, match="no prediction for 1 questions"):
        bench.write_predictions(path, {str(i): "SELECT 1" for i in range(len(CASES) - 1)})


def test_missing_database_and_malformed_files(bird_root: Path, tmp_path: Path):
    root = tmp_path / "nodb"
    root.mkdir()
    for name in ("dev.json", "dev_tables.json", "dev.sql"):
        (root / name).write_text((bird_root / name).read_text())
    bare = tabbench.get_benchmark("bird", root)  # every question kept: the host asks which lack their database
    assert all(re.match(r"database .*retail\.sqlite is missing", bare.missing_data(e)) for e in bare.examples())
    with pytest.warns(DeprecationWarning, match="on_missing_db=skip is deprecated since 0.3.0"):
        assert tabbench.get_benchmark("bird", root, on_missing_db="skip").skip_missing
    kept = list(tabbench.get_benchmark("bird", root, on_missing_db="keep").examples())
    assert len(kept) == len(CASES) and tabbench.get_benchmark("bird", root, on_missing_db="keep").missing_data(
        kept[0]) is None
    assert score_batch(tabbench.get_reward("bird-ex"), [(kept[0], kept[0].gold)])[0].status is Status.GOLD_ERROR
    (root / "dev.sql").write_text("SELECT 1\tretail\n")
    with pytest.raises(DataError, match=r"dev\.sql:1: 1 gold queries for 15 questions"):
        list(tabbench.get_benchmark("bird", root, on_missing_db="keep").examples())
    (root / "dev.sql").write_text("SELECT 1\tother\n" * len(CASES))
    with pytest.raises(DataError, match=r"dev\.sql:1: db_id 'other' but question 0 is on 'retail'"):
        list(tabbench.get_benchmark("bird", root, on_missing_db="keep").examples())
    (root / "dev.json").write_text('[\n{"db_id": "retail", "question": "q"},\n{"db_id": 3}\n]')
    with pytest.raises(DataError, match=r"dev\.json: item 1: no string 'db_id'"):
        list(tabbench.get_benchmark("bird", root, on_missing_db="keep").examples())


def test_a_bad_jsonl_question_is_named_by_its_line(tmp_path: Path):
    from tabbench_bird.data import read_questions

    path = tmp_path / "mini_dev_sqlite.jsonl"
    path.write_text('{"db_id": "retail", "question": "q"}\n\n{"db_id": 3, "question": "q"}\n')
    with pytest.raises(DataError, match=r"mini_dev_sqlite\.jsonl:3: no string 'db_id'"):  # the file's line
        read_questions(path)
    path.write_text('{"db_id": "retail", "question": "q"}\n[1]\n')
    with pytest.raises(DataError, match=r"mini_dev_sqlite\.jsonl:2: expected a JSON object"):
        read_questions(path)


# --- contracts ------------------------------------------------------------------------------------------


class TestBirdBenchmarkContract(BenchmarkContract):
    @pytest.fixture(autouse=True)
    def _root(self, bird_root: Path):
        self.root = bird_root

    def make_benchmark(self):
        return tabbench.get_benchmark("bird", self.root, sample_rows=1, descriptions=True)


class _Cases:
    @pytest.fixture(autouse=True)
    def _root(self, bird_root: Path):
        self.examples = list(tabbench.get_benchmark("bird", bird_root).examples())

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        first = self.examples[0]
        return [
            (first, f"<think>easy</think>```sql\n{first.gold}\n```", Status.MATCH),
            (first, "SELECT city FROM shop", None),
            (first, "SELECT nothing FROM nowhere", Status.EXEC_ERROR),
            (first, "   ", Status.NO_SQL),
        ]


class TestBirdExContract(_Cases, RewardContract):
    def make_reward(self):
        return tabbench.get_reward("bird-ex", timeout=5)


class TestBirdSoftF1Contract(_Cases, RewardContract):
    def make_reward(self):
        return tabbench.get_reward("bird-soft-f1")


# --- real files (skipped when the shared data is absent) ------------------------------------------------


def _dialect(name: str) -> str:
    lowered = name.lower()
    return "mysql" if "mysql" in lowered else ("postgresql" if "postgresql" in lowered else "sqlite")


@pytest.mark.skipif(not (MINIDEV / "mini_dev_sqlite.json").exists(), reason="shared BIRD Mini-Dev data not present")
def test_real_minidev_baseline_predictions_are_accepted(tmp_path: Path):
    files = sorted((MINIDEV / "baseline_predictions").glob("predict_mini_dev_*.json"))
    assert len(files) == 31
    benches = {d: tabbench.get_benchmark("bird", MINIDEV, dialect=d, on_missing_db="keep")
               for d in ("sqlite", "mysql", "postgresql")}
    for path in files:
        predictions = benches[_dialect(path.name)].read_predictions(path, "minidev")
        assert len(predictions) == 500 and list(predictions) == [str(i) for i in range(500)], path.name
    difficulties = [e.meta["difficulty"] for e in benches["sqlite"].examples("minidev")]
    assert [difficulties.count(d) for d in ("simple", "moderate", "challenging")] == [148, 250, 102]
    # the silent-failure case of mini_dev#41: a sort_keys dump is refused, not scored at ~0
    data = json.loads(files[0].read_text())
    resorted = tmp_path / "sorted.json"
    resorted.write_text(json.dumps(data, sort_keys=True))
    with pytest.raises(DataError, match="key '10' at position 2"):
        benches[_dialect(files[0].name)].read_predictions(resorted, "minidev")
    # db ids are checked position by position: a file shifted by one is refused
    shifted = tmp_path / "shifted.json"
    values = list(data.values())
    shifted.write_text(json.dumps({str(i): v for i, v in enumerate(values[1:] + values[:1])}))
    with pytest.raises(DataError, match="db_id"):
        benches[_dialect(files[0].name)].read_predictions(shifted, "minidev")


@pytest.mark.skipif(not (BIRD_DEV / "dev.json").exists(), reason="shared BIRD dev data not present")
def test_real_dev_files_read(tmp_path: Path):
    bench = tabbench.get_benchmark("bird", BIRD_DEV, on_missing_db="keep")
    examples = list(bench.examples("dev"))
    assert len(examples) == 1534
    difficulties = [e.meta["difficulty"] for e in examples]
    assert [difficulties.count(d) for d in ("simple", "moderate", "challenging")] == [925, 464, 145]
    assert "CREATE TABLE `frpm`" in bench.prompt(examples[0])[1]["content"]
    minidev_file = MINIDEV / "baseline_predictions" / "predict_mini_dev_gpt-4_sqlite.json"
    if minidev_file.exists():
        with pytest.raises(DataError, match="500 predictions for 1534 questions"):
            bench.read_predictions(minidev_file, "dev")


def test_gold_failure_is_excluded_or_wrong_in_official_mode(bird_root: Path):
    example = next(tabbench.get_benchmark("bird", bird_root).examples())
    broken = Example(id="x", gold="SELECT missing FROM shop", fields=dict(example.fields), meta={}, split="dev")
    excluded = score_batch(tabbench.get_reward("bird-ex"), [(broken, "SELECT 1")])[0]
    assert excluded.value is None and excluded.status is Status.GOLD_ERROR
    official = score_batch(tabbench.get_reward("bird-ex", official=True), [(broken, "SELECT 1")])[0]
    assert official.value == 0.0 and official.status is Status.EXEC_ERROR


def test_training_rewards_equal_evaluation_scores(bird_root: Path):
    """Through the TRL adapter, rows built from the benchmark score exactly as ``tabbench score`` does."""
    from tabbench.adapters import dataset_rows, trl_reward

    bench = tabbench.get_benchmark("bird", bird_root)
    rows = list(dataset_rows(bench, "dev"))
    preds = bench.read_predictions(bird_root / "predict_dev.json")
    completions = [[{"role": "assistant", "content": f"```sql\n{preds[r['id']][0]}\n```"}] for r in rows]
    examples = list(bench.examples())
    for metric in tabbench.metric_specs(bench):
        items = [(e, preds[e.id][0]) for e in examples]
        expected = [s.value for s in score_batch(metric_rewards(bench)[metric.name], items)]
        got = trl_reward(metric.reward, **metric.options)(
            prompts=[r["prompt"] for r in rows], completions=completions, example=[r["example"] for r in rows])
        assert got == pytest.approx(expected)


def test_jsonl_predictions_under_any_suffix(bird_root: Path, tmp_path: Path):
    bench = tabbench.get_benchmark("bird", bird_root)
    lines = "".join(json.dumps({"id": str(i), "completion": f"```sql\nSELECT {i}\n```"}) + "\n" for i in range(3))
    for name in ("p.jsonl", "p.json"):
        (tmp_path / name).write_text(lines)
        assert bench.read_predictions(tmp_path / name)["2"] == ["```sql\nSELECT 2\n```"]


def test_data_files_include_the_databases(bird_root: Path):
    bench = tabbench.get_benchmark("bird", bird_root)
    files = bench.data_files("dev")
    assert bird_root / "dev_databases" / "retail" / "retail.sqlite" in files
    assert {bird_root / "dev.json", bird_root / "dev_tables.json", bird_root / "dev.sql"} <= set(files)
