"""Malformed input to ``tabbench score`` and ``tabbench eval``: one line naming the file, key or line, exit 2,
and no run directory left behind (or one that ``--resume`` continues). Interrupted runs: a kill during the
results write and Ctrl-C with SQL workers.

The BIRD benchmark runs on the BIRD-format demo data shipped in the repository (no real data needed).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIRD = ROOT / "plugins" / "tabbench_demo" / "data" / "bird"

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def one_line_error(result: Any, *names: str) -> str:
    """The single ``Error:`` line of a user error (exit 2), which must contain each of ``names``."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for name in names:
        assert name in lines[0], lines[0]
    return lines[0]


@pytest.fixture(autouse=True)
def _bird_data() -> None:
    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """Malformed predictions files, and a regular file to put an output path under."""
    made = {
        "binary": bytes(range(256)) * 4,  # .json: BIRD's official format reader sees it
        "latin1": '{"id": "0", "completion": "SELECT 1"}\n\n{"id": "1", "completion": "caf\xe9"}\n'.encode("latin-1"),
        "torn": b'{"id": "0", "completion": "SELECT 1"}\n{"id": "1", "completion": \n',
        "deep": b'{"id": "0", "completion": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
        "digits": b'{"id": ' + b"9" * 5000 + b', "completion": "SELECT 1"}\n',
        "afile": b"not a folder\n",
    }
    out = {}
    for name, data in made.items():
        out[name] = tmp_path / (f"{name}.json" if name == "binary" else f"{name}.jsonl")
        out[name].write_bytes(data)
    return out


SCORE_CASES = {
    # name: (extra arguments, what the one line must name)
    "binary official-format predictions": (["--predictions", "{binary}"], ["{binary}", "not UTF-8"]),
    "non-UTF-8 JSONL predictions": (["--predictions", "{latin1}"], ["{latin1}:3:", "not UTF-8"]),
    "torn JSONL line": (["--predictions", "{torn}"], ["{torn}:2:"]),
    "JSON nested past the stack": (["--predictions", "{deep}"], ["{deep}:1:", "recursion"]),
    "number past the digits limit": (["--predictions", "{digits}"], ["{digits}:1:", "digits"]),
    "unknown benchmark option": (["--predictions", "{torn}", "-o", "nosuch=1"], ["'nosuch'"]),
    "quoted number as an option": (["--predictions", "{torn}", "-o", 'timeout="5"'], ["timeout"]),
    "1e12 seconds": (["--predictions", "{torn}", "--timeout", "1e12"], ["--timeout"]),
    "no such split": (["--predictions", "{torn}", "--split", "nosuch"], ["'nosuch'"]),
}


@pytest.mark.parametrize("case", list(SCORE_CASES))
def test_score_malformed_input(cli_runner, files, tmp_path: Path, case: str) -> None:
    extra, names = SCORE_CASES[case]
    out = tmp_path / "run"
    fill = {k: str(v) for k, v in files.items()}
    args = ["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--out", str(out), "--no-progress"]
    result = cli_runner(args + [a.format(**fill) for a in extra])
    one_line_error(result, *(n.format(**fill) for n in names))
    assert not out.exists(), "a refused input must leave no run directory"


def test_score_out_under_a_file(cli_runner, files, tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    _gold_predictions(gold, limit=2)
    out = files["afile"] / "run"
    result = cli_runner(["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "2", "--no-progress",
                         "--predictions", str(gold), "--out", str(out)])
    one_line_error(result, f"--out {out}", "Not a directory")
    assert files["afile"].read_bytes() == b"not a folder\n"


EVAL_CASES = {
    "missing predictions file": (["--model", "predictions:{tmp}/missing.jsonl"], ["{tmp}/missing.jsonl"]),
    "unknown backend prefix": (["--model", "nosuchbackend:x"], ["unknown model backend 'nosuchbackend'"]),
    "binary predictions": (["--model", "predictions:{binary}"], ["{binary}", "not UTF-8"]),
    "non-UTF-8 predictions": (["--model", "predictions:{latin1}"], ["{latin1}:3:"]),
    "1e12 workers": (["--model", "gold", "--workers", "1e12"], ["--workers", "1e12"]),
    "quoted workers": (["--model", "gold", "--workers", '"2"'], ["--workers"]),
    "an option gold does not take": (["--model", "gold", "--dtype", "bfloat16"], ["model backend 'gold'", "dtype"]),
    "unknown predictions option": (["--model", "predictions:{torn}", "-m", "mising=empty"], ["mising"]),
    "non-UTF-8 transcripts (--env)": (["--model", "predictions:{latin1}", "--env", "sql"], ["{latin1}"]),
    "transcripts nested past the stack": (["--model", "predictions:{deep}", "--env", "sql"], ["{deep}:1:"]),
    "malformed TABBENCH_RESULT_STORE_MB": (["--model", "gold", "--result-store-mb", "lots"], ["--result-store-mb"]),
    "nan temperature": (["--model", "gold", "--temperature", "nan"], ["--temperature", "not a finite number"]),
    "nan top-p": (["--model", "gold", "--top-p", "nan"], ["--top-p", "not a finite number"]),
    "data for another benchmark": (["--model", "gold", "--data", "spider=/x"], ["--data spider"]),
}


@pytest.mark.parametrize("case", list(EVAL_CASES))
def test_eval_malformed_input(cli_runner, files, tmp_path: Path, case: str) -> None:
    extra, names = EVAL_CASES[case]
    out = tmp_path / "run"
    fill = {"tmp": str(tmp_path), **{k: str(v) for k, v in files.items()}}
    args = ["eval", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "3", "--out", str(out),
            "--no-progress", "--no-cache"]
    result = cli_runner(args + [a.format(**fill) for a in extra])
    one_line_error(result, *(n.format(**fill) for n in names))
    assert not out.exists(), "a refused input must leave no run directory"


DATA_DAMAGE = {
    # name: (file of the BIRD data folder, how it is damaged, the file the error names)
    "questions cut mid-record": ("dev.json", lambda data: data[: len(data) // 2], "dev.json"),
    "questions nested past the stack": ("dev.json", lambda data: b"[" * 100_000 + b"]" * 100_000, "dev.json"),
    "no questions": ("dev.json", lambda data: b"[]", "dev_gold.sql"),  # "N gold queries for 0 questions"
    "gold SQL not UTF-8": ("dev_gold.sql", lambda data: data + b"\xe9", "dev_gold.sql"),
    "schema not JSON": ("dev_tables.json", lambda data: b"\x00" * 64, "dev_tables.json"),
}


@pytest.mark.parametrize("case", list(DATA_DAMAGE))
def test_eval_malformed_data_file_leaves_nothing_and_the_rerun_works(cli_runner, tmp_path: Path, case: str) -> None:
    name, damage, named = DATA_DAMAGE[case]
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    good = (data / name).read_bytes()
    (data / name).write_bytes(damage(good))
    out = tmp_path / "runs" / "x"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={data}", "--split", "dev", "--limit", "2",
            "--out", str(out), "--no-progress", "--no-cache"]
    one_line_error(cli_runner(args), str(data / named))
    assert not (tmp_path / "runs").exists(), "no run.json (nor the folders made for it) after a failed start"
    (data / name).write_bytes(good)
    result = cli_runner(args)
    assert result.exit_code == 0, result.output
    assert (out / "results.json").is_file()


def test_eval_out_under_a_file(cli_runner, files) -> None:
    out = files["afile"] / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "2", "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, f"--out {out}")


@pytest.fixture(scope="module")
def micro_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A very small random checkpoint for the hf backend (built offline in seconds)."""
    pytest.importorskip("transformers")
    tinymodel = pytest.importorskip("tabbench_demo.tinymodel")
    spec = tinymodel.TinySpec(vocab_size=300, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                              num_key_value_heads=1, intermediate_size=32, max_position_embeddings=256)
    return tinymodel.build_tiny_model(tmp_path_factory.mktemp("micro") / "model", spec=spec)


@pytest.mark.parametrize("option", [["--cache", "{afile}/responses.jsonl"], ["--device", "cuda:7"]])
@pytest.mark.slow  # builds a tiny checkpoint
def test_eval_hf_backend_options(cli_runner, micro_model: Path, files, tmp_path: Path, option: list[str]) -> None:
    import torch

    if option[0] == "--device" and torch.cuda.device_count() > 7:
        pytest.skip("this machine has a cuda:7")
    out = tmp_path / "run"
    args = [a.format(afile=files["afile"]) for a in option]
    result = cli_runner(["eval", "--model", str(micro_model), "--suite", "bird", "--data", f"bird={BIRD}", "--split",
                         "dev", "--limit", "1", "--max-new-tokens", "2", "--out", str(out), "--no-progress", *args])
    one_line_error(result, args[1])
    assert not out.exists()


def test_resume_mismatch_names_only_what_changed(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
            "--out", str(out), "--no-progress", "--no-cache", "--stop", ";"]
    assert cli_runner([*args, "--limit", "2"]).exit_code == 0
    line = one_line_error(cli_runner([*args, "--limit", "3", "--resume"]))
    assert line.endswith("(changed: limit)"), line  # generation (a tuple of stops) did not change


RUN_DAMAGE = {
    # name: (file of the finished run, new content or None to delete it, what the error names)
    "run.json not JSON": ("run.json", b'{"config": ', "run.json"),
    "run.json a list": ("run.json", b"[]", "run.json"),
    "config not an object": ("run.json", b'{"config": 5}', "'config' is not an object"),
    "records without run.json": ("run.json", None, "without run.json"),
    "a damaged record before the last": ("samples/bird.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n{}\n",
                                         "bird.jsonl:1:"),
}


@pytest.mark.parametrize("case", list(RUN_DAMAGE))
def test_resume_of_a_damaged_run_is_one_line(cli_runner, tmp_path: Path, case: str) -> None:
    name, content, named = RUN_DAMAGE[case]
    out = tmp_path / "run"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "2",
            "--out", str(out), "--no-progress", "--no-cache"]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    if content is None:
        (out / name).unlink()
    else:
        (out / name).write_bytes(content)
    one_line_error(cli_runner([*args, "--resume"]), named)
    assert (out / "samples" / "bird.jsonl").exists(), "a refused resume deletes nothing"


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


@pytest.mark.parametrize("case", list(HOSTILE_RUN_JSON))
def test_resume_reads_run_json_back_through_the_typed_config(cli_runner, tmp_path: Path, monkeypatch, case: str
                                                             ) -> None:
    """``run.json`` is read back through ``RunConfig.from_json`` before the model loads: an edited key or value is
    one line naming the file and the key, and nothing is written."""
    key, value, named = HOSTILE_RUN_JSON[case]
    out = tmp_path / "run"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "2",
            "--out", str(out), "--no-progress", "--no-cache"]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    _edit_run_json(out / "run.json", key, value)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    _no_model(monkeypatch)
    one_line_error(cli_runner([*args, "--resume"]), str(out / "run.json"), named)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before, "a refused resume writes nothing"


def test_resume_of_a_vote_run_reads_its_greedy_run_json_before_anything_runs(cli_runner, tmp_path: Path,
                                                                             monkeypatch) -> None:
    out = tmp_path / "run"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "2",
            "--samples", "3", "--out", str(out), "--no-progress", "--no-cache"]
    assert cli_runner(args).exit_code == 0
    (out / "results.json").unlink()
    _edit_run_json(out / "greedy" / "run.json", "limit", True)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    _no_model(monkeypatch)
    one_line_error(cli_runner([*args, "--resume"]), str(out / "greedy" / "run.json"), "limit: unreadable value True")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before, "the greedy run is not redone"


# --- interrupted runs (real processes) -------------------------------------------------------------------------


def _gold_predictions(path: Path, limit: int | None = None, sql: str | None = None) -> list[str]:
    """JSONL predictions for BIRD dev on the demo data: the gold SQL, or ``sql`` with ``{i}`` filled in."""
    import tabbench

    bench = tabbench.get_benchmark("bird", BIRD)
    examples = list(bench.examples("dev"))[:limit]
    with path.open("w", encoding="utf-8") as handle:
        for i, e in enumerate(examples):
            handle.write(json.dumps({"id": e.id, "completion": sql.format(i=i) if sql else e.gold}) + "\n")
    return [e.id for e in examples]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


KILL_DURING_RESULTS = """
import os, signal, sys
import tabbench.contract.atomic as atomic
import tabbench.evaluation.store as store

def die_at_fsync(fd):  # the results file is written and flushed, not yet renamed: SIGKILL now
    os.kill(os.getpid(), signal.SIGKILL)

write = store.RunStore.write_results
def write_results(self, results):
    atomic.os.fsync = die_at_fsync
    write(self, results)
store.RunStore.write_results = write_results

from tabbench.cli import main
main(sys.argv[1:])
"""


@pytest.mark.slow  # SIGKILLs a scoring subprocess, then resumes it
def test_kill_during_results_write_then_resume(tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    _gold_predictions(predictions, limit=3)
    out = tmp_path / "run"
    args = ["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "3", "--predictions",
            str(predictions), "--out", str(out), "--no-progress"]
    killed = subprocess.run([sys.executable, "-c", KILL_DURING_RESULTS, *args], env=_env(), capture_output=True,
                            text=True, timeout=300)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert list(out.glob(".results.json.*")) and not (out / "results.json").exists()
    resumed = subprocess.run([sys.executable, "-m", "tabbench", *args, "--resume"], env=_env(), capture_output=True,
                             text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert not list(out.glob(".results.json.*")), "--resume removes the interrupted write's temporary file"
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["benchmarks"]["bird"]["n"] == 3


def _sql_worker_cpu(sid: int) -> list[int]:
    """User CPU ticks of each SQL worker of session ``sid``: the children of multiprocessing's fork server."""
    found: dict[int, tuple[int, int]] = {}  # pid -> (parent pid, user ticks)
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[3]) == sid and b"forkserver" in cmdline:  # stat fields 6, 4, 14: session, parent, utime
            found[int(proc.name)] = (int(fields[1]), int(fields[11]))
    return [ticks for parent, ticks in found.values() if parent in found]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the worker processes")
def test_ctrl_c_with_sql_workers_is_one_line(tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group: the parent says ``Aborted!``, workers print nothing."""
    predictions = tmp_path / "slow.jsonl"
    _gold_predictions(predictions, sql="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                      "WHERE x < 10000000000 + {i}) SELECT count(*) FROM c")
    out = tmp_path / "run"
    process = subprocess.Popen(
        [sys.executable, "-m", "tabbench", "score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--predictions",
         str(predictions), "--out", str(out), "--workers", "2", "--batch-size", "1", "--timeout", "300",
         "--no-progress"],
        env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while len(busy := _sql_worker_cpu(process.pid)) < 2 or max(busy) < 20:  # a worker runs the endless query
            assert process.poll() is None and time.monotonic() < deadline, "the SQL workers never started"
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert stderr.strip().splitlines()[-1] == "Aborted!", stderr
    assert not out.exists(), "nothing was scored: no run directory is left"


def test_empty_data_file_is_an_error_not_a_run_of_none(cli_runner, tmp_path: Path) -> None:
    source = ROOT / "plugins" / "tabbench_demo" / "data" / "tablebench"
    if not source.is_dir():
        pytest.skip("the TableBench-format demo data is not in this checkout")
    data = tmp_path / "tablebench"
    shutil.copytree(source, data)
    for rows in data.glob("*.jsonl"):
        rows.write_text("")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "tablebench", "--data", f"tablebench={data}",
                         "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, "'tablebench'", "has no examples", str(data))
    assert not out.exists()


def test_eval_unloadable_checkpoint(cli_runner, tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    folder = tmp_path / "lookalike"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    (folder / "tokenizer_config.json").write_text("{}")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(folder), "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "1", "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, f"hf: cannot load {folder}")
    assert not out.exists()


def test_eval_damaged_database_file(cli_runner, tmp_path: Path) -> None:
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    for database in data.glob("dev_databases/*/*.sqlite"):
        database.write_bytes(b"not a database, " * 64)
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={data}", "--split", "dev",
                         "--limit", "2", "--out", str(out), "--no-progress", "--no-cache"])
    line = one_line_error(result, str(data / "dev_databases"), "not a readable SQLite database")
    assert ".sqlite" in line and not out.exists()


def test_score_spider_damaged_database_file(cli_runner, tmp_path: Path) -> None:
    source = ROOT / "plugins" / "tabbench_demo" / "data" / "spider"
    if not source.is_dir():
        pytest.skip("the Spider-format demo data is not in this checkout")
    data = tmp_path / "spider"
    shutil.copytree(source, data)
    for database in data.glob("database/*/*.sqlite"):
        database.write_bytes(b"not a database, " * 64)
    predictions = tmp_path / "p.jsonl"
    predictions.write_text('{"id": "0", "completion": "SELECT 1"}\n')
    out = tmp_path / "run"
    result = cli_runner(["score", "spider", "--data", f"spider={data}", "--predictions", str(predictions),
                         "--limit", "1", "--out", str(out), "--no-progress"])
    one_line_error(result, str(data / "database"), "not a readable SQLite database")
    assert not out.exists()


@pytest.mark.parametrize("content", [bytes(range(256)), "Id,Model_Answer\n1,caf\xe9\n".encode("latin-1")])
def test_score_realhitbench_non_utf8_predictions(cli_runner, tmp_path: Path, content: bytes) -> None:
    data = ROOT / "plugins" / "tabbench_realhitbench" / "tests" / "fixtures" / "realhitbench"
    if not data.is_dir():
        pytest.skip("the RealHiTBench fixture is not in this checkout")
    predictions = tmp_path / "results.csv"
    predictions.write_bytes(content)
    out = tmp_path / "run"
    result = cli_runner(["score", "realhitbench", "--data", f"realhitbench={data}", "--predictions", str(predictions),
                         "--out", str(out), "--no-progress", "-o", "missing_tables=skip"])
    one_line_error(result, str(predictions), "not UTF-8")
    assert not out.exists()


def test_malformed_environment_variable_is_one_line(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "1", "--out", str(out), "--no-progress"], env={"TABBENCH_RESULT_STORE_MB": "lots"})
    one_line_error(result, "--result-store-mb", "'lots'")
    assert not out.exists()
