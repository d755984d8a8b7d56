"""``--where``: parsing, the recorded configuration, and eval/score/merge/resume runs on the demo suite that
use only the matching examples."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tabbench import Example, UsageError
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.where import Where, parse_where, parse_wheres, select_where

BASE = ["eval", "--model", "gold", "--no-cache", "--no-progress"]


@pytest.fixture
def cli(demo_cli):
    return demo_cli


def records(out: Path, benchmark: str) -> list[dict]:
    return [json.loads(line) for line in (out / "samples" / f"{benchmark}.jsonl").read_text().splitlines()]


# --- parsing ----------------------------------------------------------------------------------------------


def test_expressions_parse_into_filters(tmp_path: Path) -> None:
    assert parse_where("db_id=a,b") == Where("db_id", True, ("a", "b"))
    assert parse_where(" difficulty != hard , easy ") == Where("difficulty", False, ("hard", "easy"))
    assert parse_where("op:sorting=yes") == Where("op:sorting", True, ("yes",))
    assert parse_where("question=a=b").values == ("a=b",)  # the first operator splits
    ids = tmp_path / "ids.txt"
    ids.write_text("q1\n\n  q2 \nq1\n")
    where = parse_where(f"id=@{ids}")
    digest = hashlib.sha256(ids.read_bytes()).hexdigest()
    assert where == Where("id", True, ("q1", "q2"), str(ids), 13, digest)  # blank lines ignored, duplicates once
    assert where.text == f"id=@{ids}"
    assert where.to_json() == {"key": "id", "op": "=", "file": str(ids), "size": 13, "sha256": digest}
    assert Where.from_json(where.to_json()) == where


@pytest.mark.parametrize(("expression", "says"), [
    ("db_id", "expected KEY=V1,V2"), ("=shop", "expected KEY=V1,V2"), ("!=shop", "expected KEY=V1,V2"),
    ("db_id=", "empty value"), ("db_id=a,,b", "empty value"), ("db_id!=a,", "empty value"),
    ("id=@no/such/file.txt", "no such file 'no/such/file.txt'"),
])
def test_malformed_expressions_are_usage_errors(expression: str, says: str) -> None:
    with pytest.raises(UsageError, match="--where") as caught:
        parse_where(expression)
    assert says in str(caught.value) and repr(expression) in str(caught.value)


def test_an_empty_values_file_is_an_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n  \n")
    with pytest.raises(UsageError, match="lists no values"):
        parse_where(f"id=@{empty}")


def test_filters_select_by_id_meta_and_fields_and_check_keys() -> None:
    examples = {"a": [Example("1", None, {"db_id": "x", "n": 3, "table": {}}, {"difficulty": "easy"}),
                      Example("2", None, {"db_id": "y", "n": 4}, {"difficulty": "hard"})],
                "b": [Example("t1", None, {}, {"qtype": "count"})]}
    kept = select_where(parse_wheres(["db_id=x,y", "difficulty!=hard"]), examples)
    assert {k: [e.id for e in v] for k, v in kept.items()} == {"a": ["1"], "b": []}
    assert [e.id for e in select_where(parse_wheres(["n=4"]), examples)["a"]] == ["2"]  # values compare as text
    assert [e.id for e in select_where(parse_wheres(["qtype!=count"]), examples)["a"]] == ["1", "2"]  # no key: kept
    with pytest.raises(UsageError, match=r"no example has key 'colour' \(keys: db_id, difficulty, id, n, qtype\)"):
        select_where(parse_wheres(["colour=red"]), examples)  # a table (dict) field is not a key
    with pytest.raises(UsageError, match="--where id=9 --where db_id=x: no example matches"):
        select_where(parse_wheres(["id=9", "db_id=x"]), examples)


def test_the_run_config_records_the_filters() -> None:
    config = RunConfig(backend="gold", where=("db_id=shop,school", "difficulty!=simple"))
    assert config.where == (Where("db_id", True, ("shop", "school")), Where("difficulty", False, ("simple",)))
    assert config.to_json()["where"] == [{"key": "db_id", "op": "=", "values": ["shop", "school"]},
                                         {"key": "difficulty", "op": "!=", "values": ["simple"]}]
    assert RunConfig(backend="gold", where="id=1").where == (Where("id", True, ("1",)),)
    assert RunConfig(backend="gold").to_json()["where"] == []
    assert parse_wheres(config.to_json()["where"]) == config.where  # what merge rebuilds from results.json


# --- runs -------------------------------------------------------------------------------------------------


def test_eval_scores_only_matching_examples(cli, tmp_path: Path) -> None:
    result = cli([*BASE, "--suite", "demo", "--where", "db_id=shop,school", "--where", "difficulty!=moderate",
                  "--limit", "30", "--out", "r"])
    assert result.exit_code == 0, result.output
    results = json.loads((tmp_path / "r" / "results.json").read_text())
    assert results["config"]["where"] == [{"key": "db_id", "op": "=", "values": ["shop", "school"]},
                                          {"key": "difficulty", "op": "!=", "values": ["moderate"]}]
    assert set(results["benchmarks"]) == {"demo-bird", "demo-spider"}  # the table QA members have no db_id
    assert {n["benchmark"] for n in results["not_run"]} >= {"demo-tablebench", "demo-crtqa"}
    assert all("no example matches --where" in n["reason"] for n in results["not_run"])
    bird = records(tmp_path / "r", "demo-bird")
    assert len(bird) == 30 and results["benchmarks"]["demo-bird"]["n"] == 30  # --limit after the filter
    assert {r["meta"]["db_id"] for r in bird} <= {"shop", "school"} and "school" in {r["meta"]["db_id"] for r in bird}
    assert "moderate" not in {r["meta"]["difficulty"] for r in bird}
    spider = records(tmp_path / "r", "demo-spider")  # no difficulty key: kept by the != filter
    assert len(spider) == 30 and {r["meta"]["db_id"] for r in spider} <= {"shop", "school"}


def test_eval_on_ids_from_a_file_then_resume_and_merge_compare_the_selection(cli, tmp_path: Path) -> None:
    import tabbench

    bird = tabbench.get_benchmark("demo-bird")
    ids = [e.id for e in bird.examples(bird.check_split(None))][5:50:7]
    (tmp_path / "ids.txt").write_text("\n".join(ids) + "\n\n")
    args = [*BASE, "--benchmark", "demo-bird", "--where", "id=@ids.txt"]
    assert cli([*args, "--out", "r"]).exit_code == 0
    assert [r["id"] for r in records(tmp_path / "r", "demo-bird")] == ids
    recorded = json.loads((tmp_path / "r" / "results.json").read_text())["config"]["where"]
    content = (tmp_path / "ids.txt").read_bytes()
    assert recorded == [{"key": "id", "op": "=", "file": "ids.txt", "size": len(content),
                         "sha256": hashlib.sha256(content).hexdigest()}]  # the path and hash, not the ids
    assert cli([*args, "--out", "r", "--resume"]).exit_code == 0
    other = cli([*BASE, "--benchmark", "demo-bird", "--where", "id=" + ",".join(ids[:2]), "--out", "r", "--resume"])
    assert other.exit_code != 0 and "changed: where" in other.output
    for shard in ("0/2", "1/2"):
        assert cli([*args, "--shard", shard, "--out", f"s{shard[0]}"]).exit_code == 0
    assert cli(["merge", "m", "s0", "s1"]).exit_code == 0
    merged = json.loads((tmp_path / "m" / "results.json").read_text())
    assert merged["benchmarks"]["demo-bird"]["n"] == len(ids) and not merged["merge"]["partial"]


def test_a_run_without_filters_records_none_for_resume_so_older_runs_still_resume(cli, tmp_path: Path) -> None:
    args = [*BASE, "--benchmark", "demo-bird", "--limit", "3", "--out", "r"]
    assert cli(args).exit_code == 0
    assert "where" not in json.loads((tmp_path / "r" / "run.json").read_text())["config"]  # as before --where
    assert json.loads((tmp_path / "r" / "results.json").read_text())["config"]["where"] == []
    assert cli([*args, "--resume"]).exit_code == 0
    refused = cli([*args, "--resume", "--where", "db_id=shop"])
    assert refused.exit_code != 0 and "changed: where" in refused.output


def test_evaluate_takes_where_as_the_command_does(cli, tmp_path: Path) -> None:
    import tabbench

    results = tabbench.evaluate("gold", "demo-bird", out=tmp_path / "lib", where=["db_id=school"], limit=4)
    assert results["config"]["where"] == [{"key": "db_id", "op": "=", "values": ["school"]}]
    assert [r["meta"]["db_id"] for r in records(tmp_path / "lib", "demo-bird")] == ["school"] * 4


def test_score_checks_predictions_only_for_the_selected_examples(cli, tmp_path: Path) -> None:
    import tabbench

    bird = tabbench.get_benchmark("demo-bird")
    examples = list(bird.examples(bird.check_split(None)))
    (tmp_path / "preds.jsonl").write_text("".join(
        json.dumps({"id": e.id, "completion": bird.gold_completion(e)}) + "\n" for e in examples))
    result = cli(["score", "demo-bird", "--predictions", "preds.jsonl", "--where", "db_id=library",
                  "--out", "s", "--no-progress"])
    assert result.exit_code == 0, result.output
    scored = records(tmp_path / "s", "demo-bird")
    assert len(scored) == sum(e.meta["db_id"] == "library" for e in examples)
    assert {r["meta"]["db_id"] for r in scored} == {"library"}


@pytest.mark.parametrize(("where", "says"), [
    ("db_id", "--where 'db_id': expected KEY=V1,V2"),
    ("colour=red", "--where colour=red: no example has key 'colour' (keys: "),
    ("id=@missing.txt", "--where 'id=@missing.txt': no such file 'missing.txt'"),
    ("db_id=nowhere", "--where db_id=nowhere: no example matches"),
])
def test_bad_filters_exit_2_in_one_line_and_write_nothing(cli, tmp_path: Path, where: str, says: str) -> None:
    result = cli([*BASE, "--suite", "demo", "--where", where, "--out", "r"])
    assert result.exit_code == 2
    assert says in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "r").exists()


# --- hostile @FILE ------------------------------------------------------------------------------------------


def test_a_values_file_is_recorded_by_path_size_and_hash_never_its_contents(cli, tmp_path: Path) -> None:
    secret = tmp_path / "shadow"
    secret.write_text("root:SECRET-HASH:19000:0:99999:7:::\n0\n")
    result = cli([*BASE, "--benchmark", "demo-bird", "--where", f"id!=@{secret}", "--limit", "2", "--out", "r"])
    assert result.exit_code == 0, result.output
    for name in ("results.json", "run.json"):
        text = (tmp_path / "r" / name).read_text()
        assert "SECRET-HASH" not in text and hashlib.sha256(secret.read_bytes()).hexdigest() in text, name
    assert "SECRET-HASH" not in (tmp_path / "r" / "samples" / "demo-bird.jsonl").read_text()


@pytest.mark.parametrize(("content", "says"), [
    (bytes(range(256)) * 4, "shadow.bin:2 is not UTF-8 text"),
    (b"0\n1\n\xff\xfe\n", "shadow.bin:3 is not UTF-8 text"),
    (b"0\n\x00\x00\n", "holds NUL bytes"),
])
def test_a_binary_values_file_is_one_line(cli, tmp_path: Path, content: bytes, says: str) -> None:
    (tmp_path / "shadow.bin").write_bytes(content)
    result = cli([*BASE, "--benchmark", "demo-bird", "--where", "id=@shadow.bin", "--out", "r"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert says in result.output and not (tmp_path / "r").exists()


def test_merge_refuses_a_values_file_changed_since_the_shards_ran(cli, tmp_path: Path) -> None:
    (tmp_path / "ids.txt").write_text("0\n1\n2\n3\n")
    for shard in ("0/2", "1/2"):
        done = cli([*BASE, "--benchmark", "demo-bird", "--where", "id=@ids.txt", "--shard", shard,
                    "--out", f"s{shard[0]}"])
        assert done.exit_code == 0, done.output
    (tmp_path / "ids.txt").write_text("0\n1\n")
    refused = cli(["merge", "m", "s0", "s1"])
    assert refused.exit_code == 2 and "the file changed since the run used it" in refused.output
    assert not (tmp_path / "m").exists()
