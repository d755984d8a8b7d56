"""One run configuration: ``tabbench eval``, ``tabbench score`` and ``tabbench.evaluate`` build the same run from a
``RunConfig``; settings travel as parameters (never ``os.environ``); each run keeps its own result store."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabbench
from tabbench.contract.errors import UsageError
from tabbench.contract.settings import Settings
from tabbench.evaluation.config import RunConfig
from tests.bird_demo import GOLD_EVAL, on_bird_demo
from tests.one_line import one_line_error

ROOT = Path(__file__).resolve().parents[1]


def _config(out: Path) -> dict:
    return json.loads((out / "results.json").read_text())["config"]


def test_eval_evaluate_and_score_record_the_same_config(cli_runner, tmp_path: Path) -> None:
    common = ["--benchmark", "demo-bird", "--limit", "2", "--workers", "1", "--no-progress"]
    result = cli_runner(["eval", "--model", "gold", "--no-cache", "--out", str(tmp_path / "cli"), *common])
    assert result.exit_code == 0, result.output
    tabbench.evaluate("gold", benchmarks="demo-bird", limit=2, out=tmp_path / "api", settings=Settings(workers=1))
    assert _config(tmp_path / "cli") == _config(tmp_path / "api")
    config = _config(tmp_path / "api")
    assert config["backend"] == "gold" and config["benchmarks"] == ["demo-bird"] and config["suites"] == []
    assert config["settings"] == {"workers": 1, "result_store_mb": 1024.0, "unsafe_sandbox": False}

    predictions = tmp_path / "p.jsonl"
    records = [json.loads(line) for line in (tmp_path / "api" / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    predictions.write_text("".join(json.dumps({"id": r["id"], "completion": r["completions"][0]}) + "\n"
                                   for r in records))
    scored = cli_runner(["score", "demo-bird", "--predictions", str(predictions), "--out", str(tmp_path / "score"),
                         *common[2:]])
    assert scored.exit_code == 0, scored.output
    evaluated = cli_runner(["eval", "--model", f"predictions:{predictions}", "--no-cache",
                            "--out", str(tmp_path / "eval"), *common])
    assert evaluated.exit_code == 0, evaluated.output
    assert _config(tmp_path / "score") == _config(tmp_path / "eval")  # one way to score a predictions file
    score_results = json.loads((tmp_path / "score" / "results.json").read_text())
    assert score_results["benchmarks"]["demo-bird"]["primary_metric"]["value"] == 1.0


def test_two_evaluate_calls_in_threads_keep_separate_stores(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tabbench.evaluation import runner
    from tabbench.sql.store import current_store

    seen: dict[str, tuple[int, int]] = {}
    both = threading.Barrier(2)
    original = runner.run_benchmark

    def recording(run, benchmark, completer, choose=None):  # type: ignore[no-untyped-def]
        both.wait(60)  # both runs are in progress at once
        seen[run.out_dir.name] = (id(current_store()), current_store().max_bytes)
        return original(run, benchmark, completer, choose)

    monkeypatch.setattr(runner, "run_benchmark", recording)
    errors: list[BaseException] = []

    def evaluate(name: str, mb: float) -> None:
        try:
            tabbench.evaluate("gold", benchmarks=["demo-bird"], limit=1, out=tmp_path / name,
                              settings=Settings(workers=0, result_store_mb=mb))
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=evaluate, args=(n, mb)) for n, mb in (("a", 1), ("b", 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    assert seen["a"][0] != seen["b"][0]
    assert (seen["a"][1], seen["b"][1]) == (1 << 20, 2 << 20)


def test_a_suite_given_as_a_benchmark_says_so(cli_runner, tmp_path: Path) -> None:
    for command in (["eval", "--model", "gold"], ["score", "--predictions", str(ROOT / "README.md")]):
        result = cli_runner([*command, "--benchmark", "demo", "--out", str(tmp_path / "o"), "--no-progress"])
        assert result.exit_code == 2, result.output
        line = result.output.strip()
        assert len(line.splitlines()) == 1
        assert "'demo' is a suite (benchmarks: demo-bird, demo-spider, demo-tablebench, demo-crtqa)" in line
        assert not (tmp_path / "o").exists()


def test_evaluate_reports_the_benchmarks_it_could_not_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TABBENCH_DATA_DIR", "TABBENCH_DATA_BIRD", "TABBENCH_DATA_SPIDER"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "empty.toml").write_text("")
    monkeypatch.setenv("TABBENCH_CONFIG", str(tmp_path / "empty.toml"))  # no data configured for bird, spider
    with pytest.warns(RuntimeWarning, match="not run: bird: no data"):
        results = tabbench.evaluate("gold", ["demo", "text2sql"], out=tmp_path / "run", limit=1)
    assert set(results["benchmarks"]) == {"demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"}
    assert [(i["benchmark"], i["failed"]) for i in results["not_run"]] == [("bird", False), ("spider", False)]


def test_the_config_checks_what_the_commands_checked() -> None:
    with pytest.raises(UsageError, match="--timeout 0: expected seconds > 0"):
        RunConfig(backend="gold", timeout=0)
    with pytest.raises(UsageError, match="--vote needs --samples N"):
        RunConfig(backend="gold", vote="execution")
    assert RunConfig(backend="gold", generation=tabbench.GenerationParams(n=2, temperature=0.8)).vote == "execution"
    record = RunConfig(backend="gold", out=Path("somewhere"), resume=True).to_json()
    assert "out" not in record and "resume" not in record and "progress" not in record


def test_no_command_writes_the_environment() -> None:
    """Settings reach the code as parameters: no command sets ``os.environ[...]``."""
    assignment = re.compile(r"os\.environ\[.*\]\s*=|os\.environ\.(update|setdefault)\(")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "tabbench" / "cli").rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) if assignment.search(line)]
    assert not found, found


def _configs() -> list[RunConfig]:
    """A plain configuration and two that set every recorded field."""
    from tabbench.contract.backend import GenerationParams
    from tabbench.contract.environment import Budget
    from tabbench.evaluation.config import EnvironmentConfig
    from tabbench.evaluation.shards import Shard

    return [
        RunConfig(backend="gold"),
        RunConfig(backend="hf", model="ckpt", backend_options={"threads": 2}, benchmarks=("demo-bird", "spider"),
                  suites=("text2sql",), data={"spider": "/data/spider"}, benchmark_options={"spider": {"k": 1}},
                  timeout=4, split="dev", limit=7, where=("db_id=a,b", "difficulty!=hard"), shard=Shard(1, 3),
                  generation=GenerationParams(max_new_tokens=64, temperature=0.7, n=4, seed=3, stop=("\n\n",)),
                  vote="similarity", batch_size=8, cache_path="/cache", use_cache=False,
                  settings=Settings(workers=0, result_store_mb=12.5, unsafe_sandbox=True)),
        RunConfig(backend="hf", model="m", environment=EnvironmentConfig("sql", "tags", {"max_rows": 5},
                                                                         Budget(max_turns=3))),
    ]


def test_from_json_reads_back_what_to_json_records() -> None:
    from tabbench.contract.errors import DataError

    for config in _configs():
        recorded = json.loads(json.dumps(config.to_json()))  # as results.json holds it
        read = RunConfig.from_json(recorded)
        assert read == config and read.to_json() == recorded
    assert RunConfig.from_json({"backend": "gold", "model": ""}) == RunConfig(backend="gold")  # later keys: defaults
    with pytest.raises(DataError, match=r"^run config: unknown key 'command'"):
        RunConfig.from_json({"backend": "gold", "command": "eval"})
    with pytest.raises(DataError, match=r"^run config: shard: unreadable value"):
        RunConfig.from_json({"backend": "gold", "shard": "1/3"})
    with pytest.raises(DataError, match=r"^run config: no 'backend'"):
        RunConfig.from_json({})


def test_a_run_json_record_reads_back_equal_and_a_hostile_one_is_refused_naming_the_key() -> None:
    """``--resume`` compares ``run.json`` read back through ``RunConfig.from_json`` (``read_resume_record``): what
    this tabbench wrote reads back equal; a key it does not write or a value of the wrong type is a DataError."""
    from types import SimpleNamespace

    from tabbench.contract.errors import DataError
    from tabbench.evaluation.launch import read_resume_record, resume_record

    selection = [SimpleNamespace(name="spider", version="3", data_path=Path("/data/spider")),
                 SimpleNamespace(name="demo-bird", version="1", data_path=None)]
    for config in _configs():
        record = json.loads(json.dumps(resume_record(config, "abc123", selection)))  # as run.json holds it
        assert read_resume_record(record) == record
    record = json.loads(json.dumps(resume_record(_configs()[1], "abc123", selection)))
    for key, value, named in [("command", "eval", "unknown key 'command'"),
                              ("cache_path", "/elsewhere", "unknown key 'cache_path'"),
                              ("model", 5, "model: unreadable value 5"),
                              ("suites", [1], "suites: unreadable value [1]"),
                              ("use_cache", "yes", "unknown key 'use_cache'"),
                              ("timeout", True, "timeout: unreadable value True"),
                              ("data", {"spider": 5}, "data: unreadable value"),
                              ("benchmark_versions", ["3"], "benchmark_versions: expected dict, got list"),
                              ("unsafe_sandbox", 1, "unsafe_sandbox: expected bool, got int")]:
        with pytest.raises(DataError, match=re.escape(named)):
            read_resume_record({**record, key: value})
    with pytest.raises(DataError, match="'config' is not an object"):
        read_resume_record([record])  # type: ignore[arg-type]


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the key path to it)."""
    inner = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return [prefix] + [p for key, item in inner for p in _paths(item, (*prefix, key))]


_LEAF = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=8)
_JSON = st.recursive(_LEAF, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=3), max_leaves=6)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_any_edit_of_a_run_json_record_reads_back_or_is_one_line(data: st.DataObject) -> None:
    """Property: a ``run.json`` record with any one value replaced by any JSON value, or removed, reads back or is
    refused with a one-line ``TabbenchError``, never another exception (``--resume`` reads hostile folders)."""
    from types import SimpleNamespace

    from tabbench.contract.errors import TabbenchError
    from tabbench.evaluation.launch import read_resume_record, resume_record

    selection = [SimpleNamespace(name="spider", version="3", data_path=Path("/d"))]
    record = json.loads(json.dumps(resume_record(data.draw(st.sampled_from(_configs())), "abc", selection)))
    where = data.draw(st.sampled_from([p for p in _paths(record) if p]))
    parent = record
    for key in where[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and data.draw(st.booleans()):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(_JSON)
    try:
        read_resume_record(record)
    except TabbenchError as exc:
        assert "\n" not in str(exc).strip(), str(exc)


# --- run.json read back on --resume -----------------------------------------------------------------------------------


HOSTILE_RUN_JSON = {
    # name: (key of run.json's config, its new value (None: the key removed, added when absent), what is named)
    "an unknown key": ("command", "eval", "unknown key 'command'"),
    "a setting resume does not compare": ("batch_size", 0, "unknown key 'batch_size'"),
    "a limit as text": ("limit", "2", "limit: unreadable value '2'"),
    "benchmarks as one string": ("benchmarks", "bird", "benchmarks: unreadable value 'bird'"),
    "a generation that is a list": ("generation", [1], "generation: unreadable value [1]"),
    "a shard out of range": ("shard", {"index": 5, "count": 2}, "--shard 5/2"),
    "a fingerprint as a number": ("fingerprint_sha", 7, "fingerprint_sha: expected str, got int"),
    "a vote of no kind": ("vote", "loudest", "--vote 'loudest'"),
}


def _edit_run_json(path: Path, key: str, value: Any) -> None:
    run_json = json.loads(path.read_text())
    run_json["config"][key] = value
    path.write_text(json.dumps(run_json))


def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the model backend was built")

    monkeypatch.setattr("tabbench.host.lookup.get_backend", refuse)


@on_bird_demo
@pytest.mark.parametrize("case", list(HOSTILE_RUN_JSON))
def test_resume_reads_run_json_back_through_the_typed_config(cli_runner, tmp_path: Path, monkeypatch, case: str
                                                             ) -> None:
    """``run.json`` is read back through ``RunConfig.from_json`` before the model loads: an edited key or value is
    one line naming the file and the key, and nothing is written."""
    key, value, named = HOSTILE_RUN_JSON[case]
    out = tmp_path / "run"
    args = [*GOLD_EVAL, "--out", str(out)]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    _edit_run_json(out / "run.json", key, value)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    _no_model(monkeypatch)
    one_line_error(cli_runner([*args, "--resume"]), str(out / "run.json"), named)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before, "a refused resume writes nothing"


@on_bird_demo
def test_resume_of_a_vote_run_reads_its_greedy_run_json_before_anything_runs(cli_runner, tmp_path: Path,
                                                                             monkeypatch) -> None:
    out = tmp_path / "run"
    args = [*GOLD_EVAL, "--samples", "3", "--out", str(out)]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    _edit_run_json(out / "greedy" / "run.json", "limit", True)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    _no_model(monkeypatch)
    one_line_error(cli_runner([*args, "--resume"]), str(out / "greedy" / "run.json"), "limit: unreadable value True")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before, "the greedy run is not redone"
