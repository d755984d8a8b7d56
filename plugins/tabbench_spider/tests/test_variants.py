"""Spider-Syn, Spider-Realistic and Spider-DK: their official layouts (fixtures written here), database lookup,
gold errors, and per-sample parity with the official test-suite-sql-eval on the shared data."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
from pathlib import Path
from typing import ClassVar

import pytest

import tabbench
from tabbench import DataError, Status
from tabbench.testing import BenchmarkContract

sys.path.insert(0, str(Path(__file__).parent))
from spider_fixtures import CASES, TABLES_JSON, write_spider
from variant_predictions import variant_predictions

NAMES = [name for name, _, _ in CASES]
SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))
VARIANTS = {"spider-syn": ("spider_syn", "dev.json"), "spider-realistic": ("spider_realistic", "spider-realistic.json"),
            "spider-dk": ("spider_dk", "Spider-DK.json")}


@pytest.fixture(scope="module")
def spider_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_spider(tmp_path_factory.mktemp("spider"))


@pytest.fixture(scope="module")
def syn_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Spider-Syn's layout: dev.json with SpiderQuestion, SpiderSynQuestion and query; nothing else."""
    root = tmp_path_factory.mktemp("syn")
    items = [{"db_id": "shop", "SpiderQuestion": f"case {name}", "SpiderSynQuestion": f"synonym case {name}",
              "query": gold} for name, gold, _ in CASES]
    (root / "dev.json").write_text(json.dumps(items, indent=2))
    return root


@pytest.fixture(scope="module")
def realistic_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Spider-Realistic's layout: spider-realistic.json in Spider's question format."""
    root = tmp_path_factory.mktemp("realistic")
    items = [{"db_id": "shop", "question": f"realistic {name}", "query": gold, "query_toks": gold.split()}
             for name, gold, _ in CASES]
    (root / "spider-realistic.json").write_text(json.dumps(items, indent=2))
    return root


NEW_SHOP = [{**TABLES_JSON[0], "db_id": "new_shop"}]
DK_ITEMS = [
    {"type": 0, "db_id": "shop", "query": "SELECT name FROM item WHERE qty > 2", "question": "well stocked items?"},
    {"type": 1, "db_id": "new_shop", "query": "SELECT name FROM item WHERE price > 10",
     "question": "expensive items?"},
    {"type": 34, "db_id": "new_shop", "query": "SELECT T1.name , T1.price  T1.qty FROM item AS T1",  # item 76
     "question": "names, prices and quantities?"},
    {"type": 2, "db_id": "shop", "query": "SELECT count(*) FROM item", "question": "how many items?"},
]


@pytest.fixture(scope="module")
def dk_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Spider-DK's layout: Spider-DK.json, its own tables.json (Spider's schemas plus the new ones) and
    database/ with the new databases. ``shop`` is there too, with one extra item, to show the lookup order."""
    root = tmp_path_factory.mktemp("dk")
    (root / "Spider-DK.json").write_text(json.dumps(DK_ITEMS, indent=2))
    (root / "tables.json").write_text(json.dumps(TABLES_JSON + NEW_SHOP))
    for db_id, extra in (("new_shop", "(9, 'lamp', 25.0, 2, 1, 30.0)"), ("shop", "(9, 'crate', 1.0, 7, 1, 1.0)")):
        folder = root / "database" / db_id
        folder.mkdir(parents=True)
        conn = sqlite3.connect(folder / f"{db_id}.sqlite")
        conn.executescript("CREATE TABLE category (id INTEGER PRIMARY KEY, title TEXT);"
                           "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, qty INTEGER, "
                           "cat_id INTEGER, value_usd REAL);"
                           f"INSERT INTO category VALUES (1, 'tools'); INSERT INTO item VALUES {extra};")
        conn.commit()
        conn.close()
    return root


def _bench(name: str, root: Path, spider_root: Path, **options):
    return tabbench.get_benchmark(name, root, databases=str(spider_root / "database"), **options)


def _ex_values(bench, predictions: dict[str, list[str]]) -> list[float | None]:
    examples = list(bench.examples())
    reward = tabbench.metric_rewards(bench)["ex"]
    return [s.value for s in tabbench.score_batch(reward, [(e, predictions[e.id][0]) for e in examples])]


# --- layouts and lookups -------------------------------------------------------------------------------------


def test_syn_asks_the_synonym_question_and_scores_like_spider(syn_root: Path, spider_root: Path):
    bench = _bench("spider-syn", syn_root, spider_root, official=True)
    examples = list(bench.examples())
    assert examples[0].fields["question"] == "synonym case identical"
    assert "synonym case identical" in bench.prompt(examples[0])[1]["content"]
    assert examples[0].fields["tables_json"] == str(spider_root / "tables.json")  # beside the databases folder
    spider = tabbench.get_benchmark("spider", spider_root, official=True)
    values = _ex_values(bench, bench.read_predictions(spider_root / "pred.txt"))  # the official text format
    assert values == _ex_values(spider, spider.read_predictions(spider_root / "pred.txt"))
    assert 0 < sum(values) < len(values)


def test_realistic_reads_spiders_format(realistic_root: Path, spider_root: Path):
    bench = _bench("spider-realistic", realistic_root, spider_root)
    examples = list(bench.examples())
    assert [e.fields["question"] for e in examples[:2]] == ["realistic identical", "realistic column_order"]
    assert {e.meta["hardness"] for e in examples} == {"easy", "medium", "hard"}
    jsonl = realistic_root / "p.jsonl"
    jsonl.write_text("".join(json.dumps({"id": e.id, "completion": f"```sql\n{e.gold}\n```"}) + "\n"
                             for e in examples))
    assert _ex_values(bench, bench.read_predictions(jsonl)) == [1.0] * len(CASES)


def test_dk_looks_in_its_own_database_folder_first(dk_root: Path, spider_root: Path):
    bench = _bench("spider-dk", dk_root, spider_root)
    examples = list(bench.examples())
    assert [e.fields["db_path"] for e in examples] == [
        str(dk_root / "database" / "shop" / "shop.sqlite"), str(dk_root / "database" / "new_shop" / "new_shop.sqlite"),
        str(dk_root / "database" / "new_shop" / "new_shop.sqlite"), str(dk_root / "database" / "shop" / "shop.sqlite")]
    assert examples[0].fields["tables_json"] == str(dk_root / "tables.json")
    assert [e.meta["dk_type"] for e in examples] == ["0", "1", "34", "2"]
    # the gold count sees DK's shop (1 item), not Spider's (6): a prediction counting 1 is right
    scores = tabbench.score_batch(tabbench.metric_rewards(bench)["ex"], [(examples[3], "SELECT 1")])
    assert scores[0].status is Status.MATCH


def test_dk_falls_back_to_spiders_databases(dk_root: Path, spider_root: Path, tmp_path: Path):
    root = tmp_path / "dk"
    (root / "database").mkdir(parents=True)
    (root / "database" / "new_shop").symlink_to(dk_root / "database" / "new_shop")
    for name in ("Spider-DK.json", "tables.json"):
        (root / name).write_text((dk_root / name).read_text())
    examples = list(_bench("spider-dk", root, spider_root).examples())
    assert examples[0].fields["db_path"] == str(spider_root / "database" / "shop" / "shop.sqlite")


def test_dk_gold_error_is_reported_and_excluded(dk_root: Path, spider_root: Path, tmp_path: Path, cli_runner):
    pred = tmp_path / "pred.txt"
    pred.write_text("SELECT name FROM item WHERE qty > 2\nSELECT name FROM item WHERE price < 10\n"
                    "SELECT name FROM item\nSELECT count(*) FROM item\n")
    out = tmp_path / "run"
    result = cli_runner(["score", "spider-dk", "--data", f"spider-dk={dk_root}", "--predictions", str(pred),
                         "--out", str(out), "-o", f"databases={spider_root / 'database'}"])
    assert result.exit_code == 0, result.output
    block = json.loads((out / "results.json").read_text())["benchmarks"]["spider-dk"]
    assert block["status_counts"] == {"gold_error": 1, "match": 2, "mismatch": 1}
    assert block["metrics"]["ex"] == {"value": pytest.approx(2 / 3), "stderr": pytest.approx(1 / 3), "n": 3,
                                      "n_excluded": 1, "status_counts": {"gold_error": 1, "match": 2, "mismatch": 1}}
    assert set(block["breakdown"]["dk_type"]) == {"0", "1", "2", "34"}


def test_missing_databases_option_and_missing_db(syn_root: Path, spider_root: Path, tmp_path: Path):
    with pytest.raises(DataError, match=r"missing tables\.json for 'spider-syn': pass .* -o databases=PATH"):
        list(tabbench.get_benchmark("spider-syn", syn_root).examples())
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "dev.json").write_text((syn_root / "dev.json").read_text())
    (alone / "tables.json").write_text(json.dumps(TABLES_JSON))
    with pytest.raises(DataError, match=r"no database folder for 'spider-syn': pass .* -o databases=PATH"):
        list(tabbench.get_benchmark("spider-syn", alone).examples())
    with pytest.raises(DataError, match=r"databases folder .*nowhere does not exist"):
        list(tabbench.get_benchmark("spider-syn", syn_root, databases=str(tmp_path / "nowhere")).examples())
    empty = tmp_path / "spider" / "database"
    empty.mkdir(parents=True)
    (empty.parent / "tables.json").write_text(json.dumps(TABLES_JSON))
    bare = tabbench.get_benchmark("spider-syn", syn_root, databases=str(empty))
    assert all(re.fullmatch(r"database .*shop\.sqlite is missing", bare.missing_data(e)) for e in bare.examples())
    kept = list(tabbench.get_benchmark("spider-syn", syn_root, databases=str(empty), on_missing_db="keep").examples())
    assert len(kept) == len(CASES)


def test_missing_question_file_and_key_name_the_file(tmp_path: Path, spider_root: Path):
    with pytest.raises(DataError, match=r"spider-realistic\.json: missing questions"):
        list(_bench("spider-realistic", tmp_path, spider_root).examples())
    (tmp_path / "dev.json").write_text(json.dumps([{"db_id": "shop", "question": "q", "query": "SELECT 1"}]))
    with pytest.raises(DataError, match=r"dev\.json: item 0 has no string 'SpiderSynQuestion'"):
        list(_bench("spider-syn", tmp_path, spider_root).examples())


class TestSpiderDKContract(BenchmarkContract):
    gold_exceptions: ClassVar[dict[str, str]] = {"2": "gold has upstream item 76's syntax error (a missing comma)"}

    @pytest.fixture(autouse=True)
    def _roots(self, dk_root: Path, spider_root: Path):
        self.roots = (dk_root, spider_root)

    def make_benchmark(self):
        return _bench("spider-dk", *self.roots)


class TestSpiderSynContract(BenchmarkContract):
    @pytest.fixture(autouse=True)
    def _roots(self, syn_root: Path, spider_root: Path):
        self.roots = (syn_root, spider_root)

    def make_benchmark(self):
        return _bench("spider-syn", *self.roots)


# --- the shared data (skipped when absent) ---------------------------------------------------------------------


def _shared(name: str, **options):
    folder, _ = VARIANTS[name]
    return tabbench.get_benchmark(name, SHARED / folder, databases=str(SHARED / "spider" / "database"), **options)


def _runnable(bench) -> list:
    """The questions whose database the shared copy has (it lacks ``wta_1``)."""
    return [e for e in bench.examples() if bench.missing_data(e) is None]


DEFAULT_MODE_DIFFERENCES = {"spider-syn": 16, "spider-realistic": 0, "spider-dk": 4}
needs_shared = pytest.mark.skipif(not all((SHARED / f / q).is_file() for f, q in VARIANTS.values())
                                  or not (SHARED / "spider" / "database").is_dir()
                                  or not (SHARED / "spider" / "evaluation_examples" / "pred_example.txt").is_file(),
                                  reason="shared Spider variant data not present")


@needs_shared
@pytest.mark.parametrize("name", list(VARIANTS))
def test_shared_gold_scores_100_percent_on_every_runnable_question(name: str):
    bench = _shared(name)
    examples = _runnable(bench)
    rewards = tabbench.metric_rewards(bench)
    items = [(e, bench.gold_completion(e)) for e in examples]
    expected = json.loads((Path(__file__).parent / "official_variant_verdicts.json").read_text())[name]
    for metric, reward in rewards.items():
        scores = tabbench.score_batch(reward, items)
        runnable = [s for s in scores if s.value is not None]
        assert all(s.value == 1.0 for s in runnable), metric
        gold_errors = [e.id for e, s in zip(examples, scores, strict=True) if s.value is None]
        if metric == "ex":  # the upstream syntax error; exact match's parser reads past the missing comma
            assert gold_errors == (["76"] if name == "spider-dk" else [])
            assert len(runnable) == len(expected["ids"])
        else:
            assert gold_errors == []


@needs_shared
@pytest.mark.parametrize("name", list(VARIANTS))
def test_shared_verdicts_equal_the_official_scripts(name: str):
    """Per-sample exec, exact match and hardness as the official script gave them (``official=true``); the
    default mode differs only where upstream deletes DISTINCT inside COUNT (see the README)."""
    expected = json.loads((Path(__file__).parent / "official_variant_verdicts.json").read_text())[name]
    folder, questions = VARIANTS[name]
    dev = json.loads((SHARED / "spider" / "dev.json").read_text())
    dev_predictions = (SHARED / "spider" / "evaluation_examples" / "pred_example.txt").read_text().splitlines()
    predictions = variant_predictions(json.loads((SHARED / folder / questions).read_text()), dev, dev_predictions)
    for official in (True, False):
        bench = _shared(name, official=official)
        by_id = {e.id: e for e in bench.examples()}
        examples = [by_id[str(i)] for i in expected["ids"]]
        items = [(e, predictions[int(e.id)]) for e in examples]
        rewards = tabbench.metric_rewards(bench)
        ex = "".join(str(int(s.value or 0)) for s in tabbench.score_batch(rewards["ex"], items))
        em = "".join(str(int(s.value or 0)) for s in tabbench.score_batch(rewards["em"], items))
        assert em == expected["exact"]
        assert "".join(e.meta["hardness"][0] for e in examples) == expected["hardness"]
        differing = [k for k, (a, b) in enumerate(zip(ex, expected["exec"], strict=True)) if a != b]
        if official:
            assert differing == []
        else:  # upstream deletes DISTINCT inside COUNT and calls count(x) right for a count(DISTINCT x) gold
            assert len(differing) == DEFAULT_MODE_DIFFERENCES[name]
            assert all("count(distinct" in examples[k].gold.lower() and expected["exec"][k] == "1" for k in differing)
