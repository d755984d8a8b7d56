"""A run that will run model-written code stops before it generates when this machine has no kernel sandbox.

The sandbox is made unavailable as on a machine without bubblewrap: the walls this process found are replaced
by walls whose reason is ``bubblewrap (bwrap) is not installed`` (what ``walls.current`` caches after probing).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench.contract.extract import PerExample, runs_code
from tabbench.sandbox import SandboxUnavailableError, walls
from tabbench.tableqa.extractors import chart_extractor, text_extractor

TABLE = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}


def _row(key: str, qtype: str, qsubtype: str, answer: str, **extra: Any) -> dict[str, Any]:
    return {"id": key, "qtype": qtype, "qsubtype": qsubtype, "table": TABLE, "question": f"q {key}",
            "answer": answer, "instruction_type": "DP", "instruction": f"Answer {key}.", **extra}


@pytest.fixture
def tablebench_dir(tmp_path: Path) -> Path:
    """TableBench files of our own: a DP file with one chart question, a PoT file without any."""
    rows = [_row("fc1", "FactChecking", "MatchBased", "b"),
            _row("vis1", "Visualization", "ChartGeneration", "y_references = [[10, 20, 30]]", chart_type="bar")]
    folder = tmp_path / "tablebench"
    folder.mkdir()
    (folder / "TableBench_DP.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    pot = [dict(rows[0], instruction_type="PoT")]
    (folder / "TableBench_PoT.jsonl").write_text("".join(json.dumps(r) + "\n" for r in pot), encoding="utf-8")
    return folder


@pytest.fixture
def no_bubblewrap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(walls, "_CURRENT", [walls.Walls(None, None, False, "bubblewrap (bwrap) is not installed")])


class CountingBackend(tabbench.ModelBackend):
    """Answers every request with an empty completion and counts the calls of ``generate``."""

    name = "counting"

    def __init__(self) -> None:
        super().__init__("counting")
        self.calls = 0

    def generate(self, requests, params):
        self.calls += 1
        return [[""] * params.n for _ in requests]

    def fingerprint(self):
        return {"backend": self.name}


def _eval(cli_runner, out: Path, *args: str) -> Any:
    return cli_runner(["eval", "--model", "gold", "--out", str(out), "--no-progress", *args])


def _refusal(result: Any, who: str) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert f"{who} runs model-written code: cannot run model-written code safely here" in lines[0]
    assert "bubblewrap (bwrap) is not installed" in lines[0] and "--unsafe-sandbox" in lines[0]
    return lines[0]


def test_extractors_say_which_examples_run_code() -> None:
    dp = tabbench.Example("dp", None, {"instruction_type": "DP"})
    pot = tabbench.Example("pot", None, {"instruction_type": "PoT"})
    chart = tabbench.Example("chart", None, {"instruction_type": "DP", "chart_type": "bar"})
    text, charts = text_extractor("tablebench"), chart_extractor("tablebench")
    assert [text.runs_code(e) for e in (dp, pot, chart)] == [False, True, False]
    assert not text_extractor("raw").runs_code(pot)
    assert [charts.runs_code(e) for e in (dp, pot, chart)] == [False, False, True]
    per = PerExample("choose", lambda e: charts if e.fields.get("chart_type") else None)
    assert [per.runs_code(e) for e in (dp, chart)] == [False, True]
    assert not tabbench.Extractor("plain", lambda e, c: c).runs_code(pot)
    assert runs_code([None, text], [dp, pot]) and not runs_code([None, text], [dp, chart])


def test_a_chart_question_stops_the_run_before_generation(cli_runner, tmp_path, tablebench_dir,
                                                          no_bubblewrap) -> None:
    out = tmp_path / "run"
    result = _eval(cli_runner, out, "--benchmark", "tablebench", "--data", f"tablebench={tablebench_dir}",
                   "-o", "instruction_type=DP")
    _refusal(result, "benchmark 'tablebench'")
    assert not out.exists()  # no samples, no run.json: nothing was generated or recorded


def test_without_code_to_run_the_run_goes_on(cli_runner, tmp_path, tablebench_dir, no_bubblewrap) -> None:
    text_only = _eval(cli_runner, tmp_path / "dp", "--benchmark", "tablebench", "--data",
                      f"tablebench={tablebench_dir}", "-o", "instruction_type=DP", "--where", "qtype!=Visualization")
    assert text_only.exit_code == 0, text_only.output
    sql = _eval(cli_runner, tmp_path / "sql", "--benchmark", "demo-bird", "--limit", "3")
    assert sql.exit_code == 0, sql.output
    results = json.loads((tmp_path / "sql" / "results.json").read_text())
    assert results["benchmarks"]["demo-bird"]["n"] == 3


def test_the_opt_out_lets_it_run(cli_runner, tmp_path, tablebench_dir, no_bubblewrap) -> None:
    result = _eval(cli_runner, tmp_path / "run", "--benchmark", "tablebench", "--data",
                   f"tablebench={tablebench_dir}", "-o", "instruction_type=DP", "--unsafe-sandbox")
    assert result.exit_code == 0, result.output
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["benchmarks"]["tablebench"]["metrics"]["chart_pass"]["value"] == 1.0


def test_no_generate_call_for_a_pot_run(tmp_path, tablebench_dir, no_bubblewrap) -> None:
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.config import RunConfig
    from tabbench.evaluation.launch import launch

    backend = CountingBackend()
    config = RunConfig(backend="counting", model="counting", benchmarks=("tablebench",),
                       data={"tablebench": tablebench_dir}, benchmark_options={"instruction_type": "PoT"},
                       generation=GenerationParams(max_new_tokens=8), out=tmp_path / "run", progress=False)
    with pytest.raises(SandboxUnavailableError, match=r"^benchmark 'tablebench' runs model-written code"):
        launch(config, backend=backend)
    assert backend.calls == 0 and not (tmp_path / "run").exists()


def test_an_environment_that_runs_code_stops_the_run(cli_runner, tmp_path, no_bubblewrap) -> None:
    out = tmp_path / "run"
    result = _eval(cli_runner, out, "--benchmark", "demo-tablebench", "--limit", "1", "--env", "python")
    _refusal(result, "environment 'python'")
    assert not out.exists()
