"""`tabbench score` end to end through a third-party plugin, and resume after SIGKILL.

Malformed input is one line naming the file, key or line, exit 2, and no run directory left behind (on the
BIRD-format demo data shipped in the repository).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bird_demo import BIRD, ROOT, gold_predictions, on_bird_demo, subprocess_env
from tests.one_line import one_line_error
from tests.toy_plugin import plugin_env, tabbench


def _predictions(path, n=40):
    # right for multiples of 3, empty for multiples of 5 (parse failures), wrong otherwise
    lines = []
    for i in range(n):
        completion = "" if i % 5 == 0 else (str(i) if i % 3 == 0 else "nope")
        lines.append(json.dumps({"id": f"q{i}", "completion": completion}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _comparable(results):
    return {name: {k: v for k, v in block.items() if k != "data"} for name, block in results["benchmarks"].items()}


def test_score_writes_results_and_samples(plugin_site, tmp_path, toy_data):
    out = tmp_path / "run"
    result = tabbench(["score", "toy", "--data", f"toy={toy_data}", "--predictions", str(_predictions(tmp_path / "p")),
                       "--out", str(out), "--no-progress"], plugin_env(plugin_site))
    assert result.returncode == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    toy = results["benchmarks"]["toy"]
    right = [i for i in range(40) if i % 3 == 0 and i % 5 != 0]
    assert toy["n"] == 40
    assert toy["primary_metric"]["name"] == "exact"
    assert toy["primary_metric"]["value"] == len(right) / 40
    assert toy["status_counts"] == {"match": len(right), "parse_fail": 8, "mismatch": 40 - 8 - len(right)}
    assert toy["parse_fail_rate"] == 8 / 40
    assert set(toy["breakdown"]["level"]) == {"easy", "hard"}
    assert toy["breakdown"]["level"]["easy"]["n"] == 20
    assert results["schema_version"] == 4 and results["plugins"]["toy"] == "1.2.3"
    assert results["config"]["backend"] == "predictions" and results["model"]["fingerprint"]["sha256"]
    assert next(iter(toy["data"]["files"].values()))  # data file hash recorded
    lines = (out / "samples" / "toy.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    assert len(lines) == 40
    assert set(first) >= {"id", "prompt_hash", "completions", "answer", "status", "score", "scores", "answers"}
    assert first["status"] == "parse_fail" and first["scores"]["length"]["value"] == 0.0
    records = [json.loads(line) for line in lines]
    extractor = toy["answer_extractor"]
    assert all(r["answers"][extractor] == [r["answer"]] for r in records)  # every completion's answer, named
    prompts = [json.loads(line) for line in (out / "prompts" / "toy.jsonl").read_text().splitlines()]
    assert sorted(p["prompt_hash"] for p in prompts) == sorted({r["prompt_hash"] for r in records})  # each once
    first_prompt = next(p for p in prompts if p["prompt_hash"] == first["prompt_hash"])
    assert set(first_prompt) == {"prompt_hash", "messages", "question", "gold", "meta"}
    assert first_prompt["messages"][-1]["role"] == "user" and first_prompt["meta"] == first["meta"]


@pytest.mark.slow  # SIGKILLs a scoring subprocess, then resumes it
def test_resume_after_sigkill_equals_an_uninterrupted_run(plugin_site, tmp_path, toy_data):
    predictions = _predictions(tmp_path / "p")
    common = ["score", "toy", "--data", f"toy={toy_data}", "--predictions", str(predictions), "--no-progress"]
    straight = tmp_path / "straight"
    assert tabbench([*common, "--out", str(straight)], plugin_env(plugin_site)).returncode == 0

    killed = tmp_path / "killed"
    env = plugin_env(plugin_site, TOY_SLEEP="0.02", TABBENCH_BATCH_SIZE="4")
    proc = subprocess.Popen([sys.executable, "-m", "tabbench", *common, "--out", str(killed)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = killed / "samples" / "toy.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not samples.exists() or samples.read_text().count("\n") < 10):
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = samples.read_text().count("\n")
    assert 10 <= done_before < 40, "the kill must land mid-run"
    assert not (killed / "results.json").exists()

    resumed = tabbench([*common, "--out", str(killed), "--resume"], plugin_env(plugin_site))
    assert resumed.returncode == 0, resumed.stderr
    ids = [json.loads(line)["id"] for line in samples.read_text().splitlines()]
    assert sorted(ids) == sorted(f"q{i}" for i in range(40)), "no sample redone or lost"
    a = json.loads((straight / "results.json").read_text())
    b = json.loads((killed / "results.json").read_text())
    assert _comparable(a) == _comparable(b)
    assert (straight / "prompts/toy.jsonl").read_text() == (killed / "prompts/toy.jsonl").read_text()


# --- malformed input --------------------------------------------------------------------------------------------------


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


@on_bird_demo
@pytest.mark.parametrize("case", list(SCORE_CASES))
def test_score_malformed_input(cli_runner, malformed_files, tmp_path: Path, case: str) -> None:
    extra, names = SCORE_CASES[case]
    out = tmp_path / "run"
    fill = {k: str(v) for k, v in malformed_files.items()}
    args = ["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--out", str(out), "--no-progress"]
    result = cli_runner(args + [a.format(**fill) for a in extra])
    one_line_error(result, *(n.format(**fill) for n in names))
    assert not out.exists(), "a refused input must leave no run directory"


@on_bird_demo
def test_score_out_under_a_file(cli_runner, malformed_files, tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    gold_predictions(gold, limit=2)
    out = malformed_files["afile"] / "run"
    result = cli_runner(["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "2", "--no-progress",
                         "--predictions", str(gold), "--out", str(out)])
    one_line_error(result, f"--out {out}", "Not a directory")
    assert malformed_files["afile"].read_bytes() == b"not a folder\n"


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


@on_bird_demo
@pytest.mark.slow  # SIGKILLs a scoring subprocess, then resumes it
def test_kill_during_results_write_then_resume(tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    gold_predictions(predictions, limit=3)
    out = tmp_path / "run"
    args = ["score", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "3", "--predictions",
            str(predictions), "--out", str(out), "--no-progress"]
    killed = subprocess.run([sys.executable, "-c", KILL_DURING_RESULTS, *args], env=subprocess_env(),
                            capture_output=True, text=True, timeout=300)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert list(out.glob(".results.json.*")) and not (out / "results.json").exists()
    resumed = subprocess.run([sys.executable, "-m", "tabbench", *args, "--resume"], env=subprocess_env(),
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert not list(out.glob(".results.json.*")), "--resume removes the interrupted write's temporary file"
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["benchmarks"]["bird"]["n"] == 3


@on_bird_demo
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
