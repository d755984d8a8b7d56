"""``--dataset FOLDER``: a user's questions file and database as a benchmark (tabbench.evaluation.datasets).

The manifest is read with every key checked (one line naming the file and the key), a bad questions row is named
by its file and line, the schema comes from the database, the examples are scored by the benchmark the manifest
names (BIRD's or Spider's execution match, CRT-QA's answer match), and the dataset runs under its own name in eval,
score, rescore and training's plan, with its data files' hashes recorded.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tabbench.contract.errors import ConfigError, DataError, UsageError
from tabbench.evaluation.datasets import dataset_classes, load_dataset, read_manifest
from tabbench.evaluation.plan import plan
from tabbench.evaluation.selection import Selection
from tests.dataset_fixtures import QUESTIONS, write_shop, write_sql_dataset

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.fixture
def cli(cli_runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("TABBENCH_WORKERS", "0")
    monkeypatch.chdir(tmp_path)
    return cli_runner


def _plan(*folders: Path, **selection: object):
    return plan(Selection(datasets=folders, **selection))  # type: ignore[arg-type]


# --- a dataset as a benchmark ---------------------------------------------------------------------------------------


def test_a_dataset_runs_under_its_own_name_scored_as_the_benchmark_it_names(tmp_path: Path, cli) -> None:
    folder = write_sql_dataset(tmp_path / "shop-data")
    done = cli(["eval", "--model", "gold", "--dataset", str(folder), "--out", "run", "--no-progress"])
    assert done.exit_code == 0, done.output
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    result = results["benchmarks"]["shop"]
    assert result["version"] == "bird.1" and result["split"] == "dev" and result["n"] == 4
    assert result["primary_metric"] == {"name": "ex", "value": 1.0, "stderr": 0.0}
    assert [m["reward"] for m in result["metric_rewards"]] == ["bird-ex"]
    assert set(result["breakdown"]) == {"db_id", "difficulty"}
    assert {Path(p).name for p in result["data"]["files"]} == {"dataset.toml", "questions.jsonl", "shop.sqlite"}
    assert results["config"]["datasets"] == [str(folder)]
    prompt = json.loads((tmp_path / "run" / "prompts" / "shop.jsonl").read_text().splitlines()[0])
    user = prompt["messages"][-1]["content"]  # BIRD's prompt, the schema read from the database
    assert "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);" in user
    assert "Question: What is the total of all orders?" in user
    board = cli(["leaderboard", "build", "run=gold", "-o", "board.md"])  # its own column on a board
    assert board.exit_code == 0, board.output
    assert "## shop (ex, vbird.1, dev, n=4)" in (tmp_path / "board.md").read_text()


def test_spider_scoring_and_a_second_metric_by_reward_name(tmp_path: Path) -> None:
    folder = write_sql_dataset(tmp_path / "d", manifest=(
        'name = "shop-spider"\nkind = "text-to-sql"\nscoring = "spider"\nquestions = "questions.jsonl"\n'
        'databases = "shop.sqlite"\nmetrics = ["ex", "arctic=arctic"]\n'))
    planned = _plan(folder, split="train")["shop-spider"]
    benchmark = planned.benchmark
    assert [c.__name__ for c in type(benchmark).__mro__[1:4]] == ["SqlDataset", "DatasetBenchmark", "SpiderBenchmark"]
    assert [(m.name, m.reward) for m in benchmark.metrics] == [("ex", "spider-ex"), ("arctic", "arctic")]
    assert [e.id for e in planned.examples] == ["q0", "q1", "q2"] and planned.split == "train"
    assert benchmark.prompt(planned.examples[0])[0]["content"].startswith("You translate questions into SQLite")


def test_csv_questions_and_one_file_per_split(tmp_path: Path) -> None:
    folder = write_sql_dataset(tmp_path / "csv", csv_questions=True)
    planned = _plan(folder)["shop"]
    assert [e.gold for e in planned.examples] == [sql for _, sql, split, _ in QUESTIONS if split == "dev"]
    split_folder = write_sql_dataset(tmp_path / "split", manifest="")
    lines = (split_folder / "questions.jsonl").read_text().splitlines()
    (split_folder / "train.jsonl").write_text("\n".join(lines[:3]) + "\n")
    (split_folder / "test.jsonl").write_text("\n".join(lines[3:]) + "\n")
    (split_folder / "dataset.toml").write_text(
        'kind = "text-to-sql"\nscoring = "bird"\ndatabases = "shop.sqlite"\n[splits]\ntrain = "train.jsonl"\n'
        'test = "test.jsonl"\n')
    cls, _ = load_dataset(split_folder)
    assert cls.name == "split" and cls.splits == ("train", "test") and cls.default_split == "test"


def test_training_reads_the_manifests_train_split(tmp_path: Path) -> None:
    """No train_spider.json: ``tabbench train`` plans the dataset's ``train`` split as evaluation plans ``dev``."""
    from tabbench.training.data import training_plan

    planned = training_plan(Selection(datasets=(write_sql_dataset(tmp_path / "d"),)))
    assert [(b.name, e.id) for b, e in planned.items] == [("shop", "q0"), ("shop", "q1"), ("shop", "q2")]


def test_duckdb_file_and_csv_tables_run_as_sqlite_copies(tmp_path: Path, cli) -> None:
    import duckdb

    folder = write_sql_dataset(tmp_path / "duck", manifest="")
    (folder / "shop.sqlite").unlink()
    with duckdb.connect(str(folder / "shop.duckdb")) as con:
        con.execute("CREATE TABLE customers (id INTEGER, name VARCHAR, city VARCHAR)")
        con.execute("INSERT INTO customers VALUES (1, 'Ada', 'Paris'), (2, 'Bo', 'Rome'), (3, 'Cy', 'Paris'), "
                    "(4, 'Di', 'Oslo')")
        con.execute("CREATE TABLE orders (id INTEGER, customer_id INTEGER, total DECIMAL(8, 2))")
        con.execute("INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 3.0), (3, 2, 7.25), (4, 3, 1.0), (5, 4, 2.0)")
    (folder / "dataset.toml").write_text('name = "duck"\nkind = "text-to-sql"\nscoring = "bird"\n'
                                         'questions = "questions.jsonl"\ndatabases = "shop.duckdb"\n')
    tables = tmp_path / "csvs"
    write_sql_dataset(tables, manifest="")
    (tables / "shop.sqlite").unlink()
    (tables / "db" / "shop").mkdir(parents=True)
    (tables / "db" / "shop" / "customers.csv").write_text("id,name,city\n1,Ada,Paris\n2,Bo,Rome\n3,Cy,Paris\n"
                                                          "4,Di,Oslo\n")
    (tables / "db" / "shop" / "orders.csv").write_text("id,customer_id,total\n1,1,10.5\n2,1,3.0\n3,2,7.25\n"
                                                       "4,3,1.0\n5,4,2.0\n")
    (tables / "dataset.toml").write_text('name = "csv-shop"\nkind = "text-to-sql"\nscoring = "bird"\n'
                                         'questions = "questions.jsonl"\ndatabases = "db"\n')
    done = cli(["eval", "--model", "gold", "--dataset", str(folder), "--dataset", str(tables), "--out", "run",
                "--no-progress"])
    assert done.exit_code == 0, done.output
    results = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]
    assert {name: r["primary_metric"]["value"] for name, r in results.items()} == {"duck": 1.0, "csv-shop": 1.0}
    copy = Path(_plan(folder)["duck"].examples[0].fields["db_path"])
    from tabbench.contract.paths import cache_dir

    assert copy.is_file() and copy.is_relative_to(cache_dir("datasets")) and copy.name == "shop.sqlite"
    schema = sqlite3.connect(copy).execute("SELECT sql FROM sqlite_master WHERE name = 'orders'").fetchone()[0]
    assert '"total" REAL' in schema  # DECIMAL as SQLite's REAL affinity


def test_table_qa_dataset_scored_as_crtqa(tmp_path: Path, cli) -> None:
    folder = tmp_path / "tq"
    (folder / "tables").mkdir(parents=True)
    (folder / "tables" / "medals.csv").write_text("country,gold\nNorway,16\nGermany,12\n")
    rows = [{"question": "Which country won most gold?", "answer": "Norway", "table": "medals.csv"},
            {"question": "How many golds did Germany win?", "answer": "12", "table": "medals.csv"}]
    (folder / "qa.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "dataset.toml").write_text('kind = "table-qa"\nscoring = "crtqa"\nquestions = "qa.jsonl"\n'
                                         'tables = "tables"\nmetrics = ["em", "rouge=rouge-l"]\n')
    done = cli(["eval", "--model", "gold", "--dataset", str(folder), "--out", "run", "--no-progress"])
    assert done.exit_code == 0, done.output
    result = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["tq"]
    assert {m: s["value"] for m, s in result["metrics"].items()} == {"em": 1.0, "rouge": 1.0}
    assert "Norway | 16" in json.loads((tmp_path / "run" / "prompts" / "tq.jsonl").read_text().splitlines()[0])[
        "messages"][-1]["content"]


def test_a_dataset_s_predictions_file_and_rescore_after_the_folder_moved(tmp_path: Path, cli) -> None:
    folder = write_sql_dataset(tmp_path / "d")
    (tmp_path / "preds.txt").write_text("SELECT sum(total) FROM orders\nSELECT 0\n")  # the 2 selected questions
    done = cli(["score", "--dataset", str(folder), "--predictions", "preds.txt", "--limit", "2", "--out", "run",
                "--no-progress"])
    assert done.exit_code == 0, done.output
    assert "2 predictions read" in done.output
    moved = folder.rename(tmp_path / "moved")
    done = cli(["rescore", "run", "--reward", "arctic", "--no-progress"])
    assert done.exit_code != 0 and "--dataset FOLDER for a dataset" in done.output
    done = cli(["rescore", "run", "--reward", "arctic", "--dataset", str(moved), "--no-progress"])
    assert done.exit_code == 0, done.output
    metrics = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["shop"]["metrics"]
    assert metrics["ex"]["value"] == 0.5 and metrics["arctic"]["n"] == 2


def test_a_selected_question_on_an_unknown_database_is_missing_data(tmp_path: Path) -> None:
    folder = write_sql_dataset(tmp_path / "d", manifest="")
    write_shop(folder / "dbs" / "shop.sqlite")
    rows = [{"question": "q?", "sql": "SELECT 1", "db": name} for name in ("shop", "gone", "shop")]
    (folder / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "dataset.toml").write_text('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\n'
                                         'databases = "dbs"\n[columns]\ndb_id = "db"\n')
    assert [e.id for e in _plan(folder, limit=1)["d"].examples] == ["0"]
    with pytest.raises(DataError, match=r"example '1': database 'gone' is not in .*dbs \(has: shop\).*--skip-missing"):
        _plan(folder)
    planned = _plan(folder, skip_missing=True)["d"]
    assert [e.id for e in planned.examples] == ["0", "2"] and [i for i, _ in planned.missing] == ["1"]


# --- bad input: one line naming the file and the key, or the file and the line ---------------------------------


@pytest.mark.parametrize(("manifest", "message"), [
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\nwho = 1\n',
     r"dataset\.toml: who: unknown key"),
    ('kind = "sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: kind: 'sql' \(expected one of text-to-sql, table-qa\)"),
    ('kind = "text-to-sql"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: scoring: missing"),
    ('kind = "text-to-sql"\nscoring = "crtqa"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: scoring: benchmark 'crtqa' cannot score a text-to-sql dataset \(those that can: bird, spider"),
    ('kind = "text-to-sql"\nscoring = "birdd"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: scoring: unknown benchmark 'birdd'\. Did you mean 'bird'"),
    ('name = "spider"\nkind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\n'
     'databases = "shop.sqlite"\n', r"dataset\.toml: name: 'spider' is a registered benchmark's name"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "nope.jsonl"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: questions: .*nope\.jsonl does not exist"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ntables = "x"\ndatabases = "shop.sqlite"\n',
     r"dataset\.toml: tables: .* does not exist|dataset\.toml: tables: not used"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n'
     'metrics = ["f1"]\n', r"dataset\.toml: metrics: 'f1' is not a metric of 'bird' \(metrics: ex, soft_f1, r_ves"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n'
     '[columns]\nanswer = "gold_sql"\n',
     r"dataset\.toml: columns\.answer: .*questions\.jsonl has no column 'gold_sql'"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n'
     'breakdown = ["level"]\n', r"dataset\.toml: breakdown: .*has no column 'level'"),
    ('kind = "text-to-sql"\nscoring = "bird"\nquestions = "questions.jsonl"\ndatabases = "shop.sqlite"\n'
     'default_split = "test"\n', r"dataset\.toml: default_split: 'test' is not a split \(splits: train, dev\)"),
    ('kind = "text-to-sql"\nscoring = \n', r"dataset\.toml: not valid TOML"),
])
def test_a_bad_manifest_is_one_line_naming_the_file_and_key(tmp_path: Path, manifest: str, message: str) -> None:
    folder = write_sql_dataset(tmp_path / "d", manifest=manifest)
    with pytest.raises((ConfigError, UsageError), match=message) as caught:
        _plan(folder)
    assert "\n" not in str(caught.value)


def test_a_bad_questions_row_is_named_by_its_file_and_line(tmp_path: Path) -> None:
    folder = write_sql_dataset(tmp_path / "d")
    good = (folder / "questions.jsonl").read_text().splitlines()
    (folder / "questions.jsonl").write_text("\n".join([*good[:4], '{"question": "q", "sql": ', *good[4:]]) + "\n")
    with pytest.raises(DataError, match=r"questions\.jsonl:5: malformed JSON"):
        _plan(folder)
    (folder / "questions.jsonl").write_text("\n".join([*good[:5], json.dumps({"id": "x", "question": "q",
                                                                               "sql": "", "split": "dev"})]) + "\n")
    with pytest.raises(DataError, match=r"questions\.jsonl:6: no text in column 'sql' \(the answer\)"):
        _plan(folder)
    csv_folder = write_sql_dataset(tmp_path / "c", csv_questions=True)
    text = (csv_folder / "questions.csv").read_text().splitlines()
    (csv_folder / "questions.csv").write_text("\n".join([*text[:3], "q9,only two", *text[3:]]) + "\n")
    with pytest.raises(DataError, match=r"questions\.csv:4: 2 fields, the header has 5"):
        _plan(csv_folder)
    (csv_folder / "questions.csv").write_text(text[0] + "\n" + "\n".join([text[1], text[1]]) + "\n")
    with pytest.raises(DataError, match=r"benchmark 'shop': duplicate example id 'q0'"):
        _plan(csv_folder, split="train")


def test_names_are_checked_across_datasets_and_data_options(tmp_path: Path) -> None:
    first, second = write_sql_dataset(tmp_path / "a"), write_sql_dataset(tmp_path / "b")
    with pytest.raises(ConfigError, match=r"--dataset .*b: the name 'shop' is taken by --dataset .*a"):
        dataset_classes([first, second])
    with pytest.raises(UsageError, match=r"--data shop=\.\.\.: 'shop' is a --dataset, read from its folder"):
        plan(Selection(datasets=(first,), data={"shop": tmp_path}))
    with pytest.raises(ConfigError, match=r"--dataset .*nowhere: no such folder"):
        read_manifest(tmp_path / "nowhere")
    with pytest.raises(ConfigError, match=r"no dataset\.toml in it \(write one with `tabbench datasets init"):
        read_manifest(write_sql_dataset(tmp_path / "bare", manifest=""))


# --- tabbench datasets init ----------------------------------------------------------------------------------------


def test_init_writes_a_commented_manifest_that_runs(tmp_path: Path, cli) -> None:
    folder = write_sql_dataset(tmp_path / "my data", manifest="")
    done = cli(["datasets", "init", str(folder)])
    assert done.exit_code == 0, done.output
    text = (folder / "dataset.toml").read_text()
    for line in ('name = "my-data"', 'kind = "text-to-sql"', 'scoring = "bird"', 'questions = "questions.jsonl"',
                 'databases = "shop.sqlite"', 'answer = "sql"', 'split = "split"',
                 "#   spider: spider-ex: Spider execution match", "# Splits: train (3), dev (4)"):
        assert line in text, line
    assert read_manifest(folder).columns == {"id": "id", "question": "question", "answer": "sql", "split": "split"}
    assert cli(["datasets", "init", str(folder)]).exit_code == 2  # an existing manifest is kept
    assert _plan(folder)["my-data"].benchmark.primary_metric == "ex"
    (folder / "dataset.toml").unlink()
    (folder / "other.csv").write_text("question,answer\nq,a\n")
    done = cli(["datasets", "init", str(folder)])
    assert done.exit_code == 2 and "2 questions files (other.csv, questions.jsonl)" in done.output
    assert cli(["datasets", "init", str(folder), "--questions", "questions.jsonl"]).exit_code == 0


def test_a_dataset_s_shards_merge_into_the_unsharded_run(tmp_path: Path, cli) -> None:
    folder = write_sql_dataset(tmp_path / "d")
    for k in (0, 1):
        done = cli(["eval", "--model", "gold", "--dataset", str(folder), "--shard", f"{k}/2", "--out", f"s{k}",
                    "--no-progress"])
        assert done.exit_code == 0, done.output
    done = cli(["merge", "merged", "s0", "s1"])
    assert done.exit_code == 0, done.output
    result = json.loads((tmp_path / "merged" / "results.json").read_text())["benchmarks"]["shop"]
    assert (result["n"], result["primary_metric"]["value"]) == (4, 1.0)
