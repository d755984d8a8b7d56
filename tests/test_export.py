"""`tabbench export`: the gold run of every bundled benchmark in Every Eval Ever's format, validated against that
format's own JSON Schemas (vendored from every-eval-ever 0.3.0) and the rules its validator adds between the two
files; and in lm-evaluation-harness's layout, read back with the rules lm-eval's own file helpers use."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from tabbench.reporting.export import eee_schema
from tabbench.reporting.paired import passed
from tests.cli_run import gold_run, tabbench

LIMIT = 4
UUID4 = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"


@pytest.fixture(scope="module")
def gold(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    """The gold run (the oracles backend) of every bundled benchmark: the demo suite."""
    return gold_run(tmp_path_factory.mktemp("export") / "gold", "--suite", "demo", "--limit", str(LIMIT), env=env)


def _records(run: Path, benchmark: str) -> list[dict]:
    return [json.loads(line) for line in (run / "samples" / f"{benchmark}.jsonl").read_text().splitlines()]


def test_eee_export_of_every_bundled_gold_run_validates(gold: Path, env: dict[str, str], tmp_path: Path) -> None:
    done = tabbench("export", str(gold), "--format", "eee", "--out", str(tmp_path / "eee"),
                    "--organization", "tabbench-tests", "--relationship", "third_party", env=env)
    assert done.returncode == 0, done.stderr
    results = json.loads((gold / "results.json").read_text())
    aggregates = sorted((tmp_path / "eee").rglob("*.json"))
    assert len(aggregates) == len(results["benchmarks"]) == 4
    aggregate_check = jsonschema.Draft7Validator(eee_schema("aggregate"))
    instance_check = jsonschema.Draft7Validator(eee_schema("instance"))
    for path in aggregates:
        aggregate = json.loads(path.read_text())
        aggregate_check.validate(aggregate)
        repo_path = path.relative_to(tmp_path / "eee").as_posix()
        benchmark = repo_path.split("/")[1]
        # the datastore path rules of every_eval_ever.validator (data/benchmark/developer/model/uuid4.json)
        assert re.fullmatch(rf"data/{benchmark}/gold/gold/{UUID4}\.json", repo_path), repo_path
        detail = aggregate["detailed_evaluation_results"]
        assert detail["file_path"] == repo_path.removesuffix(".json") + "_samples.jsonl"
        samples = path.with_name(path.stem + "_samples.jsonl")
        assert hashlib.sha256(samples.read_bytes()).hexdigest() == detail["checksum"]
        rows = [json.loads(line) for line in samples.read_text().splitlines()]
        assert len(rows) == detail["total_rows"]
        for row in rows:
            instance_check.validate(row)
        assert {r["evaluation_id"] for r in rows} == {aggregate["evaluation_id"]}
        assert {r["model_id"] for r in rows} == {aggregate["model_info"]["id"]}
        assert aggregate["source_metadata"]["source_organization_name"] == "tabbench-tests"

        # the numbers are the run's: every metric's mean and standard error, every sample's score and verdict
        result = results["benchmarks"][benchmark]
        by_id = {r["evaluation_result_id"]: r for r in aggregate["evaluation_results"]}
        valued = {m: s for m, s in result["metrics"].items() if s["value"] is not None}
        assert set(by_id) == {f"{benchmark}/{m}" for m in valued}
        unvalued = sorted(set(result["metrics"]) - set(valued))  # no applicable sample (chart metrics of DP items)
        assert json.loads(aggregate["eval_library"]["additional_details"].get("metrics_without_value", "[]")) \
            == unvalued
        for metric, summary in valued.items():
            score = by_id[f"{benchmark}/{metric}"]["score_details"]
            assert score["score"] == summary["value"]
            assert score["uncertainty"]["standard_error"]["value"] == summary["stderr"]
        records = {r["id"]: r for r in _records(gold, benchmark)}
        assert len(rows) == sum(1 for r in records.values() for m in valued if r["scores"][m]["value"] is not None)
        for row in rows:
            metric = row["evaluation_result_id"].split("/", 1)[1]
            scored = records[row["sample_id"]]["scores"][metric]
            assert row["evaluation"]["score"] == scored["value"]
            assert row["evaluation"]["is_correct"] == passed(scored["status"], scored["value"])
            assert row["output"]["raw"] == records[row["sample_id"]]["completions"]
            assert row["input"]["reference"] and row["input"]["raw"]  # gold and question, from the run

    again = tabbench("export", str(gold), "--format", "eee", "--out", str(tmp_path / "again"), "--organization",
                     "tabbench-tests", "--relationship", "third_party", env=env)
    assert again.returncode == 0, again.stderr
    assert {p.relative_to(tmp_path / "again"): p.read_bytes() for p in (tmp_path / "again").rglob("*") if p.is_file()} \
        == {p.relative_to(tmp_path / "eee"): p.read_bytes() for p in (tmp_path / "eee").rglob("*") if p.is_file()}


def test_lm_eval_export_has_lm_evals_layout_and_the_runs_numbers(gold: Path, env: dict[str, str],
                                                                 tmp_path: Path) -> None:
    done = tabbench("export", str(gold), "--format", "lm-eval", "--out", str(tmp_path / "lm"), env=env)
    assert done.returncode == 0, done.stderr
    names = sorted(str(p) for p in (tmp_path / "lm").rglob("*") if p.is_file())
    # lm_eval.utils.get_results_filenames / get_sample_results_filenames / get_file_task_name, as written there
    (aggregate_file,) = [f for f in names if "/results_" in f and ".json" in f]
    sample_files = [f for f in names if "/samples_" in f and ".json" in f]
    tasks = {Path(f).name[Path(f).name.find("_") + 1: Path(f).name.rfind("_")]: f for f in sample_files}
    results = json.loads((gold / "results.json").read_text())
    assert sorted(tasks) == sorted(results["benchmarks"])
    assert Path(aggregate_file).parent.name == "gold"  # <model_name_sanitized>/
    aggregate = json.loads(Path(aggregate_file).read_text())
    for key in ("results", "group_subtasks", "configs", "versions", "n-shot", "higher_is_better", "n-samples",
                "config", "task_hashes", "model_name_sanitized", "date"):
        assert key in aggregate, key
    for benchmark, result in results["benchmarks"].items():
        task = aggregate["results"][benchmark]
        for metric, summary in result["metrics"].items():
            assert task[f"{metric},{result['answer_extractor']}"] == summary["value"]
        assert aggregate["n-samples"][benchmark] == {"original": LIMIT, "effective": LIMIT}
        rows = [json.loads(line) for line in Path(tasks[benchmark]).read_text().splitlines()]
        records = _records(gold, benchmark)
        assert [r["doc"]["id"] for r in rows] == [r["id"] for r in records]
        for row, record in zip(rows, records, strict=True):
            assert row["resps"] == [record["completions"]] and row["filtered_resps"] == [record["answer"]]
            assert row["filter"] == result["answer_extractor"]
            assert row["metrics"] == list(result["metrics"])
            assert all(row[m] == record["scores"][m]["value"] for m in row["metrics"])
            assert row["target_hash"] == hashlib.sha256(row["target"].encode()).hexdigest() and row["target"]
        hashes = "".join(r["doc_hash"] + r["prompt_hash"] + r["target_hash"] for r in rows)
        assert aggregate["task_hashes"][benchmark] == hashlib.sha256(hashes.encode()).hexdigest()


def test_export_refuses_a_non_empty_out_or_an_unfinished_run(gold: Path, env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    done = tabbench("export", str(gold), "--format", "eee", "--out", str(tmp_path / "full"), env=env)
    assert done.returncode == 2 and "not an empty folder" in done.stderr
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["keep.txt"]
    unfinished = tmp_path / "unfinished"
    (unfinished / "samples").mkdir(parents=True)
    (unfinished / "samples" / "demo-bird.jsonl").write_bytes((gold / "samples" / "demo-bird.jsonl").read_bytes())
    done = tabbench("export", str(unfinished), "--format", "lm-eval", "--out", str(tmp_path / "x"), env=env)
    assert done.returncode == 2 and "export needs a finished run" in done.stderr
    assert not (tmp_path / "x").exists()


def test_export_needs_neither_the_plugin_nor_the_data(gold: Path, env: dict[str, str], tmp_path: Path) -> None:
    """A run of a benchmark no plugin here provides, on data that is gone, exports with its questions and golds
    (from the run's prompts file)."""
    run = tmp_path / "orphan"
    for part in ("samples", "prompts"):
        (run / part).mkdir(parents=True)
        (run / part / "no-such-bench.jsonl").write_bytes((gold / part / "demo-bird.jsonl").read_bytes())
    results = json.loads((gold / "results.json").read_text())
    orphan = results["benchmarks"]["demo-bird"]
    orphan["data"]["path"] = str(tmp_path / "gone")
    results["benchmarks"] = {"no-such-bench": orphan}
    (run / "results.json").write_text(json.dumps(results))
    done = tabbench("export", str(run), "--format", "eee", "--out", str(tmp_path / "eee"), env=env)
    assert done.returncode == 0, done.stderr
    (samples,) = (tmp_path / "eee").rglob("*_samples.jsonl")
    rows = [json.loads(line) for line in samples.read_text().splitlines()]
    prompts = [json.loads(line) for line in (gold / "prompts/demo-bird.jsonl").read_text().splitlines()]
    assert {r["input"]["raw"] for r in rows} == {p["question"] for p in prompts}
    assert {r["input"]["reference"][0] for r in rows} == {p["gold"] for p in prompts}
    for row in rows:
        jsonschema.Draft7Validator(eee_schema("instance")).validate(row)


def test_an_agent_run_exports_as_agentic_instances(env: dict[str, str], tmp_path: Path) -> None:
    gold_run(tmp_path / "agent", "--suite", "demo-bird", "--limit", "2", "--env", "sql", env=env)
    done = tabbench("export", str(tmp_path / "agent"), "--format", "eee", "--out", str(tmp_path / "eee"), env=env)
    assert done.returncode == 0, done.stderr
    (samples,) = (tmp_path / "eee").rglob("*_samples.jsonl")
    rows = [json.loads(line) for line in samples.read_text().splitlines()]
    records = {r["id"]: r for r in _records(tmp_path / "agent", "demo-bird")}
    assert rows and {r["interaction_type"] for r in rows} == {"agentic"}
    for row in rows:
        jsonschema.Draft7Validator(eee_schema("instance")).validate(row)
        transcript = records[row["sample_id"]]["transcript"]
        assert row["output"] is None and len(row["messages"]) == len(transcript["messages"])
        assert row["evaluation"]["tool_calls_count"] == transcript["tool_calls"] > 0


@pytest.mark.parametrize("fmt", ["eee", "lm-eval"])
def test_hostile_names_in_a_run_folder_stay_inside_out(gold: Path, env: dict[str, str], tmp_path: Path,
                                                       fmt: str) -> None:
    def written() -> list[Path]:
        return sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")
                      if p.is_file() and not {"hostile", "model"} & set(p.parts))

    run = tmp_path / "hostile"
    for part in ("samples", "prompts"):
        (run / part).mkdir(parents=True)
    results = json.loads((gold / "results.json").read_text())
    results["benchmarks"] = {"../../escaped": results["benchmarks"]["demo-bird"]}
    (run / "results.json").write_text(json.dumps(results))
    done = tabbench("export", str(run), "--format", fmt, "--out", str(tmp_path / "out" / "x"), env=env)
    # a benchmark name that is a path is refused by the run-folder reader, with one line naming it
    assert done.returncode == 2 and "'../../escaped' cannot name a file" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not written(), done.stderr

    model = tmp_path / "model"
    shutil.copytree(gold, model)
    results = json.loads((model / "results.json").read_text())
    results["config"]["model"] = ".."
    (model / "results.json").write_text(json.dumps(results))
    done = tabbench("export", str(model), "--format", fmt, "--out", str(tmp_path / "out" / "y"), env=env)
    assert all(p.parts[:2] == ("out", "y") for p in written()), written()
    if fmt == "eee":  # names are made portable: the model is "unknown"
        assert done.returncode == 0 and written(), done.stderr
    else:  # lm-eval keeps the model name as lm-eval sanitises it ("/" -> "__"): ".." is refused, nothing written
        assert done.returncode != 0 and "would leave --out" in done.stderr and not written(), done.stderr
