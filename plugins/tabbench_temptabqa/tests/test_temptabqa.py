"""TEMPTABQA-C: official EMS/REMS semantics, extraction, data reading and `tabbench score` end to end."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from tabbench_temptabqa.answers import ems, extract_answer, rems
from tabbench_temptabqa.data import TEST_SUBSETS
from tabbench_temptabqa.database import parse_infobox

import tabbench
from tabbench import DataError, Example, Status, score_batch
from tabbench.testing import RewardContract

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))

CONTEXT = """Ada Runner

Personal Information
Birth Date
1990-5-1\t

Country Representing: NOR
World Championships
10000 m\tMedalGold | 2015 | Beijing, MedalBronze | 2017 | London
Olympic Games
5000 m\tMedalSilver | 2016 | Rio de Janeiro
"""

ROWS = [
    ("How many medals did Ada Runner win?", "3", "52"),
    ("Which city did Ada Runner win his/her most recent medal ?", "London", "34"),
    ("In which format did Ada Runner win her first International medal ?", "10000 m, Team", "19"),
    ("Did Ada Runner win international medals in the  2016  ?", "Yes", "54"),
]


def write_release(root: Path) -> Path:
    """A miniature TEMPTABQA-C release: the seven test files, dev and train, in the official columns."""
    for subset in TEST_SUBSETS:
        path = root / subset.path
        path.parent.mkdir(parents=True, exist_ok=True)
        extended = subset.name in ("easy", "medium", "hard")
        header = ["Questions", "Answers", "Context", "Types"]
        if extended:
            header += ["Difficulty", "PlayerName", "SportCategory", "Popularity", "Unnamed: 0"]
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, delimiter="\t")
            writer.writerow(header)
            for i, (question, answer, qtype) in enumerate(ROWS):
                row = [question, answer, CONTEXT, qtype]
                if extended:  # the released files leave Difficulty empty on some rows
                    row += [subset.name.title() if i % 2 else "", "Ada Runner", "Athletics", "", ""]
                writer.writerow(row)
    for name in ("Dev_set/dev_set.tsv", "Train_set/train_set.tsv"):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, delimiter="\t")
            writer.writerow(["Types", "Questions", "Answers", "PlayerName", "SportCategory", "Context", "Popularity",
                             "Unnamed: 0"])
            for question, answer, qtype in ROWS:
                writer.writerow([qtype, question, answer, "Ada Runner", "Athletics", CONTEXT, "Neutral", ""])
    return root


class TestREMSContract(RewardContract):
    def make_reward(self) -> tabbench.Reward:
        return tabbench.get_reward("temptabqa-rems")

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        ex = Example("x", "10000 m, Team", {"question": "q", "context": CONTEXT})
        return [(ex, "Team, 10000 m && both", Status.MATCH), (ex, "10000 m && one", Status.PARTIAL),
                (ex, "Final Answer: relay", Status.MISMATCH), (ex, "", Status.PARSE_FAIL),
                (Example("y", None), "3", Status.NOT_APPLICABLE)]


class TestSqlEMSContract(RewardContract):
    """SQL mode: the hostile battery (DROP, ATTACH, huge strings ...) runs against the rebuilt database."""

    @pytest.fixture(autouse=True)
    def _cache(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))

    def make_reward(self) -> tabbench.Reward:
        return tabbench.get_reward("temptabqa-ems", sql=True)

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        ex = Example("x", "3", {"question": "q", "context": CONTEXT})
        return [(ex, "```sql\nSELECT COUNT(*) FROM Medal\n```", Status.MATCH),
                (ex, "```sql\nSELECT 4\n```", Status.MISMATCH),
                (ex, "```sql\nDELETE FROM Medal\n```", Status.FORBIDDEN),
                (ex, "three", Status.NO_SQL)]


# --- the official metric --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prediction", "gold", "expected_rems", "expected_ems"),
    [
        ("3", "3", 1.0, 1.0),
        ("3 medals", "3", 1.0, 1.0),  # a gold part may sit inside a predicted part, as a whole phrase
        ("13", "3", 0.0, 0.0),  # ... but only as a whole space-delimited phrase
        ("London, Paris", "London", 1.0, 1.0),  # extra predicted parts are not penalised officially
        ("10000 m", "10000 m, Team", 0.5, 0.0),
        ("Team, 10000 m", "10000 m, Team", 1.0, 1.0),  # order does not matter
        ("yes", "Yes", 0.0, 0.0),  # case-sensitive, as the official script
        ("A, B", "A, B, C", 0.67, 0.0),  # REMS rounded to 2 decimals
    ],
)
def test_official_semantics(prediction: str, gold: str, expected_rems: float, expected_ems: float) -> None:
    assert rems(prediction, gold) == expected_rems
    assert ems(prediction, gold) == expected_ems


def test_options_lowercase_and_strict() -> None:
    assert ems("yes", "Yes", lowercase=True) == 1.0
    assert ems("London, Paris", "London", strict=True) == 0.0
    assert ems("3 medals", "3", strict=True) == 0.0
    assert ems("Team, 10000 m", "10000 m, Team", strict=True) == 1.0


@pytest.mark.parametrize(
    ("completion", "answer"),
    [
        ("2 && two bronze medals are listed", "2"),
        ("<think>count: 1, 2</think>Yes && because", "Yes"),
        ("Reasoning...\nFinal Answer: Beijing, London\nDone", "Beijing, London"),
        ("**Oslo**", "Oslo"),
        ("\n\n  Rome  \nmore text", "Rome"),
        ("", None),
        ("   \n  ", None),
        (" && reasoning only", None),
    ],
)
def test_extract_answer(completion: str, answer: str | None) -> None:
    assert extract_answer(completion) == answer


def test_rewards_statuses_and_parse_fail() -> None:
    example = Example("x", "10000 m, Team", {"question": "q", "context": "c"})
    r = tabbench.get_reward("temptabqa-rems")
    e = tabbench.get_reward("temptabqa-ems")
    partial = score_batch(r, [(example, "10000 m && ...")])[0]
    assert (partial.value, partial.status, partial.details["answer"]) == (0.5, Status.PARTIAL, "10000 m")
    assert score_batch(e, [(example, "10000 m && ...")])[0].status == Status.MISMATCH
    assert score_batch(e, [(example, "Team, 10000 m && ...")])[0].status == Status.MATCH
    failed = score_batch(r, [(example, "")])[0]
    assert (failed.value, failed.status) == (0.0, Status.PARSE_FAIL)
    assert score_batch(r, [(Example("y", None), "3")])[0].status == Status.NOT_APPLICABLE
    # never raises, whatever it is given (a list where a string belongs becomes a reward_error or parse_fail)
    assert score_batch(r, [(example, None)])[0].status in (Status.PARSE_FAIL, Status.REWARD_ERROR)  # type: ignore[list-item]


# --- data reading ---------------------------------------------------------------------------------------


def test_examples_and_breakdown_labels(tmp_path: Path) -> None:
    bench = tabbench.get_benchmark("temptabqa", write_release(tmp_path))
    test = list(bench.examples())
    assert len(test) == 7 * len(ROWS)
    assert len({e.id for e in test}) == len(test)
    first = test[0]
    assert first.id == "original-1" and first.gold == "3"
    assert first.meta["variant"] == "original"
    counter = next(e for e in test if e.meta["subset"] == "counterfactual")
    assert counter.meta["variant"] == "counterfactual"
    hard = [e for e in test if e.meta["subset"] == "hard"]
    assert {e.meta["difficulty"] for e in hard} == {"hard"}  # empty Difficulty cells fall back to the file
    assert {e.meta["size"] for e in test if e.meta["subset"] == "large"} == {"large"}
    assert [e.id for e in bench.examples("dev")] == [f"dev-{i}" for i in range(1, len(ROWS) + 1)]
    messages = bench.prompt(first)
    assert "MedalGold | 2015 | Beijing" in messages[-1]["content"] and ROWS[0][0] in messages[-1]["content"]
    closed = tabbench.get_benchmark("temptabqa", tmp_path, prompt="no_context")
    assert "MedalGold" not in closed.prompt(first)[-1]["content"]
    assert all(bench.extract(e, bench.gold_completion(e)) == e.gold for e in test)


def test_missing_file_and_column_are_data_errors(tmp_path: Path) -> None:
    root = write_release(tmp_path)
    (root / "Test_Dataset_with_Splits" / "Hard.tsv").unlink()
    bench = tabbench.get_benchmark("temptabqa", root)
    with pytest.raises(DataError, match=r"Hard\.tsv"):
        list(bench.examples())
    (root / "Test_Dataset_with_Splits" / "Hard.tsv").write_text("Questions\tAnswers\nq\ta\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"Hard.tsv:1: missing column\(s\) Context, Types"):
        list(bench.examples("hard"))
    with pytest.raises(tabbench.ConfigError, match="prompt"):
        tabbench.get_benchmark("temptabqa", root, prompt="pot")


# --- SQL over the rebuilt database ----------------------------------------------------------------------


def test_infobox_is_rebuilt_as_the_papers_database() -> None:
    info = parse_infobox(CONTEXT)
    assert info["name"] == "Ada Runner" and info["birth"] == (1990, 5, 1)
    assert info["tournaments"] == [
        ("World Championships", [("10000 m", [("MedalGold", 2015, "Beijing"), ("MedalBronze", 2017, "London")])]),
        ("Olympic Games", [("5000 m", [("MedalSilver", 2016, "Rio de Janeiro")])]),
    ]
    tricky = ("X\n\nCountry Representing: USA\nGames\n"
              "Relay\tMedalGold | 2019 | Washington, D.C., MedalBronze | 2020 | Lima\n60 m\t\n")
    games = parse_infobox(tricky)["tournaments"]
    assert games == [("Games", [("Relay", [("MedalGold", 2019, "Washington, D.C."), ("MedalBronze", 2020, "Lima")]),
                                ("60 m", [])])]


@pytest.mark.parametrize(
    ("gold", "sql", "status"),
    [
        ("3", "SELECT COUNT(*) FROM Medal", Status.MATCH),
        ("London", "SELECT location FROM Medal ORDER BY year DESC LIMIT 1", Status.MATCH),
        ("25", "SELECT MIN(m.year) - p.birth_year FROM Medal m, PersonalInformation p", Status.MATCH),
        ("Yes", "SELECT CASE WHEN COUNT(*) > 0 THEN 'Yes' ELSE 'No' END FROM Medal WHERE year = 2016", Status.MATCH),
        ("10000 m, 5000 m", "SELECT DISTINCT f.name FROM Format f JOIN Medal m ON m.format_id = f.format_id "
                            "WHERE m.type = 'MedalGold'", Status.PARTIAL),
        ("3", "SELECT COUNT(*) FROM Medals", Status.EXEC_ERROR),
        ("3", "DROP TABLE Medal", Status.FORBIDDEN),
    ],
)
def test_sql_mode_runs_queries_on_the_database(
    gold: str, sql: str, status: Status, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))
    example = Example("x", gold, {"question": "q", "context": CONTEXT})
    score = score_batch(tabbench.get_reward("temptabqa-rems", sql=True), [(example, f"Here:\n```sql\n{sql}\n```")])[0]
    assert score.status == status, score
    ems = tabbench.get_reward("temptabqa-ems", sql=True)
    assert score_batch(ems, [(example, "no query")])[0].status == Status.NO_SQL
    count = "```sql\nSELECT COUNT(*) FROM Medal\n```"
    survived = score.status != Status.FORBIDDEN or score_batch(ems, [(example, count)])[0].status == Status.MATCH
    assert survived  # a refused write leaves the database as it was


def test_sql_prompt_and_gold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    bench = tabbench.get_benchmark("temptabqa", write_release(tmp_path / "data"), prompt="sql")
    example = next(iter(bench.examples()))
    content = bench.prompt(example)[-1]["content"]
    assert "CREATE TABLE Medal" in content and "MedalGold | 2015" not in content
    assert all(m.options["sql"] for m in tabbench.metric_specs(bench))
    reward = tabbench.get_reward("temptabqa-ems", sql=True)
    assert all(score_batch(reward, [(e, bench.gold_completion(e))])[0].value == 1.0 for e in bench.examples("dev"))
    assert bench.extract(example, "```sql\nSELECT 1\n```") == "SELECT 1"


# --- end to end -------------------------------------------------------------------------------------------


def test_score_command_end_to_end(tmp_path: Path, cli_runner) -> None:
    data = write_release(tmp_path / "data")
    bench = tabbench.get_benchmark("temptabqa", data)
    answers = {"3": "3 && counted", "London": "Final Answer: London", "10000 m, Team": "10000 m && first",
               "Yes": ""}
    predictions = tmp_path / "predictions.jsonl"
    with predictions.open("w", encoding="utf-8") as handle:
        for example in bench.examples():
            handle.write(json.dumps({"id": example.id, "completion": answers[example.gold]}) + "\n")
    out = tmp_path / "run"
    result = cli_runner(["score", "temptabqa", "--data", f"temptabqa={data}", "--predictions", str(predictions),
                         "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    block = json.loads((out / "results.json").read_text())["benchmarks"]["temptabqa"]
    assert block["metrics"]["ems"]["value"] == pytest.approx(0.5)
    assert block["metrics"]["rems"]["value"] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
    assert block["status_counts"] == {"match": 14, "partial": 7, "parse_fail": 7}
    assert set(block["breakdown"]["subset"]) == {s.name for s in TEST_SUBSETS}
    assert set(block["breakdown"]["difficulty"]) == {"easy", "medium", "hard", "unknown"}
    assert block["breakdown"]["variant"]["counterfactual"]["n"] == len(ROWS)


@pytest.mark.skipif(not (SHARED / "temptabqa_c").is_dir(), reason="shared TEMPTABQA-C data not present")
def test_real_release_reads_and_gold_scores_one() -> None:
    bench = tabbench.get_benchmark("temptabqa", SHARED / "temptabqa_c")
    counts = {s.name: sum(1 for _ in bench.examples(s.name)) for s in TEST_SUBSETS}
    assert counts == {"original": 578, "counterfactual": 699, "large": 538, "small": 855, "easy": 732,
                      "medium": 507, "hard": 719}
    reward = tabbench.get_reward("temptabqa-ems")
    examples = list(bench.examples("hard"))
    scores = score_batch(reward, [(e, bench.gold_completion(e)) for e in examples])
    assert all(s.value == 1.0 for s in scores)


@pytest.mark.skipif(not (SHARED / "temptabqa_c").is_dir(), reason="shared TEMPTABQA-C data not present")
def test_rebuilt_database_reproduces_official_sql_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The released SQL templates (types 13 and 3), run on the rebuilt databases, give the gold answers."""
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path))
    root = SHARED / "temptabqa_c"
    csv.field_size_limit(1 << 30)
    with (root / "Dataset_Creation/Questions_Answers_with_SQL_Logic/SQL_with_Types.tsv").open(encoding="utf-8") as f:
        templates = {r["Types"]: r["SQL"] for r in csv.DictReader(f, delimiter="\t")}
    reward = tabbench.get_reward("temptabqa-ems", sql=True)
    results: dict[str, list[float]] = {"13": [], "3": []}
    for example in tabbench.get_benchmark("temptabqa", root).examples("original"):
        qtype = example.fields["qtype"]
        if qtype not in results:
            continue
        name = parse_infobox(example.fields["context"])["name"].replace("'", "''")
        medal = next((m for m in ("Gold", "Silver", "Bronze") if m in example.fields["question"]), "")
        sql = templates[qtype].replace("{player}", f"'{name}'").replace("{medal}", f"'Medal{medal}'")
        results[qtype].append(score_batch(reward, [(example, f"```sql\n{sql}\n```")])[0].value)
    assert len(results["13"]) > 10 and all(v == 1.0 for v in results["13"])
    assert len(results["3"]) > 10 and sum(results["3"]) / len(results["3"]) >= 0.95
