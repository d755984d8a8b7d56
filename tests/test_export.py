"""`tabbench export`: the gold run of every bundled benchmark in Every Eval Ever's format, validated against that
format's own JSON Schemas (vendored from every-eval-ever 0.3.0) and the rules its validator adds between the two
files; and in lm-evaluation-harness's layout, read back with the rules lm-eval's own file helpers use.

From a hostile run folder, what reaches standard JSON is written (lone surrogates as escapes) and the rest is one
line (NaN, names no file can have, an --out it cannot use), with nothing written.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from tabbench.reporting.export import eee_schema
from tabbench.reporting.paired import passed
from tests.cli_run import gold_run, tabbench
from tests.one_line import one_line_failure
from tests.run_edits import BENCH, copy_run, edit_json, edit_samples, files, first_metric, strict_json

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
        # the gold references have no developer to name: "unknown", never a folder's name
        assert re.fullmatch(rf"data/{benchmark}/unknown/gold/{UUID4}\.json", repo_path), repo_path
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


# --- the fields' content: runtime, status counts, developer, local paths -----------------------------------

PUBLISHED = """
import tabbench
from pathlib import Path


class Published(tabbench.ModelBackend):
    \"\"\"The references as completions, from a model folder that names its publisher (-m origin=ORG/NAME).\"\"\"

    name = "published"
    option_defaults = {"origin": ""}

    def generate(self, requests, params):
        return [[r.gold_completion] * params.n for r in requests]

    def fingerprint(self):
        return {"backend": self.name, "path": str(Path(self.model).resolve())}

    def origin(self):
        return self.options.get("origin") or None


@tabbench.hookimpl
def register_models(register):
    register("published", Published, description="gold answers from a named model folder")
"""


def _published_run(tmp_path: Path, env: dict[str, str], *options: str) -> Path:
    """A run of a local model folder ``TMP/models/smollm2`` (the ``published`` backend of a one-file plugin),
    with a response cache and a ``--where @FILE`` under ``TMP``."""
    plugins = tmp_path / "plugins"
    plugins.mkdir(parents=True, exist_ok=True)
    (plugins / "published.py").write_text(PUBLISHED)
    (tmp_path / "dbs.txt").write_text("shop\n")
    out = tmp_path / f"run{len(list(tmp_path.glob('run*')))}"
    done = tabbench("--plugins-dir", str(plugins), "eval", "--model", f"published:{tmp_path / 'models' / 'smollm2'}",
                    "--suite", "demo-bird", "--limit", "3", "--where", f"db_id=@{tmp_path / 'dbs.txt'}", "--cache",
                    str(tmp_path / "cache"), *options, "--out", str(out), "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    return out


def _aggregate(folder: Path) -> dict:
    """The one Every Eval Ever aggregate in ``folder``, checked against that format's schema."""
    (path,) = [p for p in folder.rglob("*.json") if not p.name.startswith("results_")]
    aggregate = json.loads(path.read_text())
    jsonschema.Draft7Validator(eee_schema("aggregate")).validate(aggregate)
    return aggregate


def test_the_developer_comes_from_the_model_or_the_option_never_a_folder(env: dict[str, str],
                                                                        tmp_path: Path) -> None:
    origin = "HuggingFaceTB/SmolLM2-135M-Instruct"
    named = _published_run(tmp_path, env, "-m", f"origin={origin}")
    assert json.loads((named / "results.json").read_text())["model"]["origin"] == origin  # recorded by eval
    done = tabbench("export", str(named), "--format", "eee", "--out", str(tmp_path / "named"), env=env)
    assert done.returncode == 0, done.stderr
    info = _aggregate(tmp_path / "named")["model_info"]
    assert (info["developer"], info["id"], info["name"]) == ("HuggingFaceTB", "HuggingFaceTB/smollm2", "smollm2")
    assert [p.parts[-3:-1] for p in (tmp_path / "named").rglob("*.json")] == [("HuggingFaceTB", "smollm2")]

    unnamed = _published_run(tmp_path, env)  # the folder names no publisher: its parent "models" is not one
    assert "origin" not in json.loads((unnamed / "results.json").read_text())["model"]
    tabbench("export", str(unnamed), "--format", "eee", "--out", str(tmp_path / "unnamed"), env=env)
    assert _aggregate(tmp_path / "unnamed")["model_info"]["developer"] == "unknown"
    done = tabbench("export", str(unnamed), "--format", "eee", "--out", str(tmp_path / "mine"), "--developer",
                    "My Lab", env=env)
    assert done.returncode == 0, done.stderr
    info = _aggregate(tmp_path / "mine")["model_info"]
    assert (info["developer"], info["id"]) == ("My Lab", "My_Lab/smollm2")
    empty = tabbench("export", str(unnamed), "--format", "eee", "--out", str(tmp_path / "x"), "--developer", " ",
                     env=env)
    assert empty.returncode == 2 and "--developer" in empty.stderr and not (tmp_path / "x").exists()

    served = tmp_path / "served"  # a served model (openai backend) recorded before origin was: its org/name
    shutil.copytree(unnamed, served)
    results = json.loads((served / "results.json").read_text())
    results["config"].update(backend="openai", model="http://127.0.0.1:8000/v1#Qwen/Qwen2.5-Coder-7B-Instruct")
    results["model"]["fingerprint"] = {"backend": "openai", "base_url": "http://127.0.0.1:8000/v1",
                                       "model": "Qwen/Qwen2.5-Coder-7B-Instruct"}
    (served / "results.json").write_text(json.dumps(results))
    done = tabbench("export", str(served), "--format", "eee", "--out", str(tmp_path / "qwen"), env=env)
    assert done.returncode == 0, done.stderr
    info = _aggregate(tmp_path / "qwen")["model_info"]
    assert (info["developer"], info["id"]) == ("Qwen", "Qwen/Qwen2.5-Coder-7B-Instruct")


def test_local_paths_are_written_relative_or_by_name_unless_kept(env: dict[str, str], tmp_path: Path) -> None:
    run = _published_run(tmp_path / "home", env)  # every path of the run's own making lies under TMP/home
    results = json.loads((run / "results.json").read_text())
    data_folder = results["benchmarks"]["demo-bird"]["data"]["path"]
    recorded = [str(tmp_path / "home"), data_folder]  # the model, cache, where-file and run folders; the data
    assert str(tmp_path / "home" / "cache") in json.dumps(results) and Path(data_folder).is_absolute()
    for fmt in ("eee", "lm-eval"):
        out = tmp_path / "shared" / fmt
        done = tabbench("export", str(run), "--format", fmt, "--out", str(out), env=env)
        assert done.returncode == 0, done.stderr
        text = "".join(p.read_text() for p in out.rglob("*") if p.is_file())
        assert not [path for path in recorded if path in text.replace("\\/", "/")], fmt
        kept = tmp_path / "kept" / fmt
        done = tabbench("export", str(run), "--format", fmt, "--out", str(kept), "--keep-paths", env=env)
        assert done.returncode == 0, done.stderr
        text = "".join(p.read_text() for p in kept.rglob("*") if p.is_file())
        assert all(path in text for path in recorded), fmt

    result = _aggregate(tmp_path / "shared" / "eee")
    assert result["eval_library"]["additional_details"]["run_folder"] == run.name
    assert result["model_info"]["name"] == "smollm2"
    files = json.loads(result["evaluation_results"][0]["source_data"]["additional_details"]["data_files_sha256"])
    assert "dev.json" in files and all(not Path(f).is_absolute() for f in files)  # relative to the data folder
    assert set(files.values()) == set(results["benchmarks"]["demo-bird"]["data"]["files"].values())
    (lm,) = (tmp_path / "shared" / "lm-eval").rglob("results_*.json")
    config = json.loads(lm.read_text())
    assert lm.parent.name == "smollm2" and config["config"]["model_args"] == "smollm2"
    recorded_config = config["tabbench"]["config"]
    assert recorded_config["where"][0]["file"] == "dbs.txt" and recorded_config["cache_path"] == "cache"
    assert config["configs"]["demo-bird"]["dataset_path"] == Path(data_folder).name


def test_lm_eval_runtime_is_the_runs_wall_time(gold: Path, env: dict[str, str], tmp_path: Path) -> None:
    done = tabbench("export", str(gold), "--format", "lm-eval", "--out", str(tmp_path / "lm"), env=env)
    assert done.returncode == 0, done.stderr
    (path,) = (tmp_path / "lm").rglob("results_*.json")
    timing = json.loads((gold / "results.json").read_text())["timing"]
    assert json.loads(path.read_text())["total_evaluation_time_seconds"] == str(timing["total_seconds"])
    merged = tmp_path / "merged"  # a run that recorded no timing (a merge of shards): no runtime, not a zero
    shutil.copytree(gold, merged)
    results = json.loads((merged / "results.json").read_text())
    del results["timing"]
    (merged / "results.json").write_text(json.dumps(results))
    tabbench("export", str(merged), "--format", "lm-eval", "--out", str(tmp_path / "lm2"), env=env)
    (path,) = (tmp_path / "lm2").rglob("results_*.json")
    assert json.loads(path.read_text())["total_evaluation_time_seconds"] is None


def test_each_eee_metric_carries_its_own_status_counts(env: dict[str, str], tmp_path: Path) -> None:
    """TableBench answers with a word too many: ROUGE-L gives partial credit where exact match says mismatch."""
    gold = gold_run(tmp_path / "gold", "--suite", "demo-tablebench", "--limit", "6", env=env)
    records = _records(gold, "demo-tablebench")
    predictions = tmp_path / "preds.jsonl"
    predictions.write_text("".join(json.dumps({"id": r["id"], "completion": r["completions"][0] + (
        " indeed" if i % 2 else "")}) + "\n" for i, r in enumerate(records)))
    run = tmp_path / "run"
    done = tabbench("score", "demo-tablebench", "--predictions", str(predictions), "--limit", "6", "--out", str(run),
                    "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    done = tabbench("export", str(run), "--format", "eee", "--out", str(tmp_path / "eee"), env=env)
    assert done.returncode == 0, done.stderr
    scored = _records(run, "demo-tablebench")
    shown = {r["evaluation_result_id"].split("/")[1]: json.loads(r["score_details"]["details"]["status_counts"])
             for r in _aggregate(tmp_path / "eee")["evaluation_results"]}
    for metric, counts in shown.items():
        assert counts == dict(Counter(r["scores"][metric]["status"] for r in scored)), metric
    assert shown["rouge_l"] != shown["em"]  # partial vs mismatch: each its own
    assert shown["rouge_l"] == json.loads((run / "results.json").read_text())["benchmarks"]["demo-tablebench"][
        "status_counts"]  # the primary metric's, as results.json counts them


def test_lm_eval_export_says_how_many_shots_and_which_system_prompt(env: dict[str, str], tmp_path: Path) -> None:
    run = gold_run(tmp_path / "shots", "--benchmark", "demo-bird", "--limit", "2", "--few-shot", "2",
                   "--system-prompt", "Answer in SQL.", env=env)
    done = tabbench("export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm"), env=env)
    assert done.returncode == 0, done.stderr
    (aggregate_file,) = (tmp_path / "lm").rglob("results_*.json")
    aggregate = json.loads(aggregate_file.read_text())
    assert aggregate["n-shot"] == {"demo-bird": 2} and aggregate["configs"]["demo-bird"]["num_fewshot"] == 2
    assert aggregate["system_instruction"] == "Answer in SQL." and aggregate["fewshot_as_multiturn"] is True


@pytest.mark.parametrize(("setting", "value"), [("max_new_tokens", 0), ("max_new_tokens", None),
                                                ("temperature", "hot"), ("top_p", None), ("temperature", True)])
def test_eee_of_a_run_with_odd_generation_settings_is_valid_and_keeps_them_as_text(
        gold: Path, env: dict[str, str], tmp_path: Path, setting: str, value: object) -> None:
    """A recorded config with ``max_new_tokens`` 0 or null or a temperature that is no number (an edited or odd
    run) wrote aggregate files that fail the format's own schema."""
    run = Path(shutil.copytree(gold, tmp_path / "run"))
    results = json.loads((run / "results.json").read_text())
    results["config"]["generation"][setting] = value
    (run / "results.json").write_text(json.dumps(results))
    done = tabbench("export", str(run), "--format", "eee", "--out", str(tmp_path / "eee"), env=env)
    assert done.returncode == 0, done.stderr
    check = jsonschema.Draft7Validator(eee_schema("aggregate"))
    for path in (tmp_path / "eee").rglob("*.json"):
        aggregate = json.loads(path.read_text())
        check.validate(aggregate)
        for result in aggregate["evaluation_results"]:
            config = result["generation_config"]
            key = "max_tokens" if setting == "max_new_tokens" else setting
            assert key not in config["generation_args"]
            assert config["additional_details"][f"recorded_{key}"] == repr(value)


def test_eee_files_that_would_not_validate_are_refused_and_nothing_is_written(
        gold: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting import export as exporting

    monkeypatch.setattr(exporting, "_generation_config", lambda config: {"generation_args": {"max_tokens": 0}})
    with pytest.raises(DataError, match=r"does not match Every Eval Ever's aggregate schema at .*max_tokens"):
        exporting.export(read_run(gold), "eee", tmp_path / "eee")
    assert not (tmp_path / "eee").exists() and not list(tmp_path.iterdir())


# --- hostile run folders ----------------------------------------------------------------------------------------------


def _export(run: Path, fmt: str, out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return tabbench("export", str(run), "--format", fmt, "--out", str(out), env=env)


def _exported(out: Path) -> dict[str, object]:
    """Every file written, read as a strict reader reads it (JSON lines line by line)."""
    found: dict[str, object] = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")  # valid UTF-8, or this raises
        found[str(path.relative_to(out))] = ([strict_json(line) for line in text.splitlines()]
                                             if path.suffix == ".jsonl" else strict_json(text))
    return found


@pytest.mark.parametrize("fmt", ["eee", "lm-eval"])
def test_lone_surrogates_in_model_text_and_prompts_export_as_json_escapes(scored_runs, tmp_path: Path, env,
                                                                         fmt: str) -> None:
    """A policy can write a lone surrogate (docs/run-folder.md: records keep it as its \\udXXX escape); UTF-8
    cannot hold one, so writing the export raised UnicodeEncodeError. It is written as the same JSON escape."""
    run = copy_run(scored_runs, "a", tmp_path)
    edit_samples(run, lambda rs: rs[0].update(completions=["SELECT 1 -- \ud800"], answer="SELECT 1 -- \ud800"))
    prompts = run / "prompts" / f"{BENCH}.jsonl"
    entries = [json.loads(line) for line in prompts.read_text().splitlines()]
    entries[0]["question"] = "which \udfff?"
    prompts.write_text("".join(json.dumps(e) + "\n" for e in entries))
    done = _export(run, fmt, tmp_path / "out", env)
    assert done.returncode == 0, done.stderr
    text = json.dumps(_exported(tmp_path / "out"))
    assert "\\ud800" in text and "\\udfff" in text
    if fmt == "eee":
        for name, value in _exported(tmp_path / "out").items():
            for item in value if name.endswith(".jsonl") else [value]:
                jsonschema.Draft7Validator(eee_schema("instance" if name.endswith(".jsonl") else "aggregate")
                                           ).validate(item)


NON_FINITE: dict[str, tuple[Callable[[Path], object], tuple[str, ...]]] = {
    "a record's score is NaN": (lambda run: edit_samples(run, lambda rs: rs[1]["scores"]["ex"].update(
        value=math.nan)), (f"samples/{BENCH}.jsonl: record ", "= nan")),
    "a metric's value is infinite": (lambda run: edit_json(run / "results.json", lambda r: first_metric(r).update(
        value=math.inf)), ("results.json", "= inf")),
    "a meta value is -infinity": (lambda run: edit_samples(run, lambda rs: rs[1]["meta"].update(
        weight=-math.inf)), (f"samples/{BENCH}.jsonl: record ", "doc.weight = -inf")),
}


@pytest.mark.parametrize("fmt", ["eee", "lm-eval"])
@pytest.mark.parametrize("case", sorted(NON_FINITE))
def test_nan_and_infinities_are_one_line_never_an_invalid_export(scored_runs, tmp_path: Path, env, case: str,
                                                                 fmt: str) -> None:
    """Standard JSON has no NaN: eee raised ValueError (a traceback), lm-eval wrote NaN into its files. (eee
    writes meta values as text, where "-inf" is no number: that export is written.)"""
    edit, says = NON_FINITE[case]
    run = copy_run(scored_runs, "a", tmp_path)
    edit(run)
    done = _export(run, fmt, tmp_path / "out", env)
    if fmt == "eee" and "meta" in case:
        assert done.returncode == 0 and _exported(tmp_path / "out"), done.stderr
        return
    one_line_failure(done, *says)
    assert not (tmp_path / "out").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a"]


def _out_symlink_to_an_empty_folder(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    return tmp_path / "link"


def _out_dangling_symlink(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    return tmp_path / "dangling"


def _out_under_a_file(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "file").write_text("mine")
    return tmp_path / "file" / "out"


def _out_inside_the_run(tmp_path: Path, run: Path) -> Path:
    return run / "samples" / "export.jsonl"


def _out_symlink_loop(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "loop").symlink_to(tmp_path / "pool")
    (tmp_path / "pool").symlink_to(tmp_path / "loop")
    return tmp_path / "loop"


@pytest.mark.parametrize(("place", "says"), [
    (_out_symlink_to_an_empty_folder, "is a symlink"), (_out_dangling_symlink, "a symlink to nothing"),
    (_out_under_a_file, "a file is in the way"), (_out_inside_the_run, "inside the run folder"),
    (_out_symlink_loop, "cannot be resolved")])
def test_an_out_folder_export_cannot_use_is_one_line_and_nothing_is_written(scored_runs, tmp_path: Path, env, place,
                                                                            says: str) -> None:
    run = copy_run(scored_runs, "a", tmp_path)
    out = place(tmp_path, run)
    before, run_before = files(tmp_path), files(run)
    one_line_failure(_export(run, "lm-eval", out, env), "--out", says)
    assert files(tmp_path) == before and files(run) == run_before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no staging folder left


def test_two_benchmarks_lm_eval_names_alike_are_refused_not_overwritten(scored_runs, tmp_path: Path, env) -> None:
    """lm-eval sanitises a task name ("demo bird" -> "demo_bird"): two benchmarks whose names sanitise alike
    wrote one samples file over the other."""
    run = copy_run(scored_runs, "a", tmp_path)
    for name in ("demo bird", "demo_bird"):
        for part in ("samples", "prompts"):
            shutil.copy(run / part / f"{BENCH}.jsonl", run / part / f"{name}.jsonl")
    edit_json(run / "results.json", lambda r: r["benchmarks"].update(
        {name: r["benchmarks"][BENCH] for name in ("demo bird", "demo_bird")}))
    one_line_failure(_export(run, "lm-eval", tmp_path / "out", env), "samples_demo_bird_", "twice")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("model", "says"), [("a\0b", "not a plain file name"), ("a\nb", "not a plain file name"),
                                             ("m" * 300, "File name too long")])
def test_a_model_name_that_is_no_file_name_is_one_line_in_lm_eval(scored_runs, tmp_path: Path, env, model: str,
                                                                  says: str) -> None:
    """lm-eval names its folder after the model: NUL in the recorded model was a ValueError, a long name an
    OSError (tracebacks)."""
    run = copy_run(scored_runs, "a", tmp_path)
    edit_json(run / "results.json", lambda r: r["config"].update(model=model))
    one_line_failure(_export(run, "lm-eval", tmp_path / "out", env), says)
    assert not (tmp_path / "out").exists()
    done = _export(run, "eee", tmp_path / "eee", env)  # eee makes names portable, but not shorter
    if len(model) > 255:
        one_line_failure(done, says)
    else:
        assert done.returncode == 0, done.stderr


def test_a_run_made_with_where_at_file_exports_and_builds_a_board_without_the_file(scored_runs, tmp_path: Path,
                                                                                   env) -> None:
    """`--where id=@FILE` records the file's path and hash; export and leaderboard build read that record, they do
    not read the file again (it may be gone, or be any path a hostile run folder names). Only merge and resume,
    which select examples with it, read it."""
    run = copy_run(scored_runs, "a", tmp_path)
    recorded = json.loads((run / "results.json").read_text())["config"]["where"]
    assert recorded[0]["file"] == str(scored_runs["ids"])
    edit_json(run / "results.json", lambda r: r["config"]["where"][0].update(file=str(tmp_path / "gone.txt")))
    for fmt in ("eee", "lm-eval"):
        done = _export(run, fmt, tmp_path / fmt, env)
        assert done.returncode == 0, done.stderr
    (results,) = (tmp_path / "lm-eval").rglob("results_*.json")
    # as recorded, by name (an export writes no local path unless --keep-paths)
    assert strict_json(results.read_text())["tabbench"]["config"]["where"][0]["file"] == "gone.txt"
    done = tabbench("leaderboard", "build", str(run), "--out", str(tmp_path / "board.md"), env=env)
    assert done.returncode == 0, done.stderr


def test_an_export_of_a_partial_merge_says_how_many_examples_are_missing(tmp_path: Path, env) -> None:
    """`merge --allow-partial` marks results.json partial; its export looked complete. lm-eval's n-samples has
    the run's size as `original` and the samples exported as `effective`; each eee result names the examples
    missing from its score."""
    gold_run(tmp_path / "shard", "--suite", BENCH, "--limit", "6", "--shard", "0/2", env=env)
    done = tabbench("merge", str(tmp_path / "part"), str(tmp_path / "shard"), "--allow-partial", env=env)
    assert done.returncode == 0, done.stderr
    missing = json.loads((tmp_path / "part" / "results.json").read_text())["merge"]["missing"][BENCH]
    assert missing
    for fmt in ("eee", "lm-eval"):
        done = _export(tmp_path / "part", fmt, tmp_path / fmt, env)
        assert done.returncode == 0, done.stderr
    (aggregate,) = (tmp_path / "eee").rglob("*-*.json")
    for result in strict_json(aggregate.read_text())["evaluation_results"]:
        assert result["score_details"]["details"]["examples_missing"] == str(len(missing))
    (results,) = (tmp_path / "lm-eval").rglob("results_*.json")
    counts = strict_json(results.read_text())["n-samples"][BENCH]
    assert counts == {"original": 6, "effective": 6 - len(missing)}
