"""The committed demo board (leaderboards/demo.md) is a `tabbench demo` run with today's defaults on today's data:
when the demo's settings or data change, this fails until the board is regenerated (README: how)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from tabbench_demo.benchmark import DATA
from tabbench_demo.demo import EVAL_LIMIT, MAX_NEW_TOKENS, STAGES

import tabbench
from tabbench.evaluation.results import load

RESULTS = Path(__file__).resolve().parents[3] / "leaderboards" / "demo-results"


@pytest.mark.parametrize("stage", STAGES)
def test_committed_demo_run_matches_the_demo_defaults_and_the_bundled_data(stage: str) -> None:
    results = load(RESULTS / stage / "results.json")  # any schema version, read as the current one
    assert results["config"]["limit"] == EVAL_LIMIT
    generation = results["config"]["generation"]
    assert generation["max_new_tokens"] == MAX_NEW_TOKENS and generation["temperature"] == 0.0
    assert generation["seed"] == 0
    assert sorted(results["benchmarks"]) == sorted(tabbench.resolve_benchmarks("demo"))
    for name, block in results["benchmarks"].items():
        assert block["version"] == tabbench.get_benchmark(name).version, name
        assert block["n"] == EVAL_LIMIT
        for recorded, sha in block["data"]["files"].items():
            current = DATA / recorded.split("tabbench_demo/data/", 1)[1]
            assert hashlib.sha256(current.read_bytes()).hexdigest() == sha, f"{current} changed: rerun the demo"


def test_readmes_quote_the_committed_board() -> None:
    """The numbers the READMEs promise a new user are the committed run's, stage by stage."""
    root = RESULTS.parents[1]
    runs = {stage: json.loads((RESULTS / stage / "results.json").read_text()) for stage in STAGES}
    values = {stage: {name: 100 * block["primary_metric"]["value"] for name, block in run["benchmarks"].items()}
              for stage, run in runs.items()}
    plugin_readme = (root / "plugins" / "tabbench_demo" / "README.md").read_text(encoding="utf-8")
    project_readme = (root / "README.md").read_text(encoding="utf-8")
    labels = {"demo-bird": "BIRD-format EX", "demo-spider": "Spider-format EX", "demo-tablebench": "TableBench ROUGE-L",
              "demo-crtqa": "CRT-QA EM"}
    for name, label in labels.items():
        tiny, sft, grpo = (values[stage][name] for stage in STAGES)
        assert f"{label} 0 -> {sft:.1f} -> {grpo:.1f}" in " ".join(project_readme.split()), name
        row = next(line for line in plugin_readme.splitlines() if line.startswith(f"| `{name}` | `"))
        cells = [c.strip().split(" ")[0] for c in row.strip("|").split("|")]
        assert cells[2:] == [f"{tiny:.1f}", f"{sft:.1f}", f"{grpo:.1f}"], row


def test_readme_quotes_the_committed_baselines() -> None:
    """The baseline numbers the README sets beside the model are the committed baseline run's."""
    run = json.loads((RESULTS / "baseline" / "results.json").read_text())
    values = {name: 100 * block["primary_metric"]["value"] for name, block in run["benchmarks"].items()}
    readme = " ".join((RESULTS.parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert (f"BIRD-format EX {values['demo-bird']:.1f} and Spider-format {values['demo-spider']:.1f}" in readme)
    assert (f"TableBench ROUGE-L {values['demo-tablebench']:.1f} and CRT-QA EM {values['demo-crtqa']:.1f}" in readme)


def test_readme_says_what_grpo_changed_and_what_the_run_took() -> None:
    """Issue 43: the README said GRPO "changes no answer" of the other benchmarks and that the committed run took
    2,917 s; the committed records say which answers GRPO changed, and the trainers' own seconds."""
    readme = " ".join((RESULTS.parents[1] / "plugins" / "tabbench_demo" / "README.md").read_text(encoding="utf-8")
                      .split())

    def records(stage: str, name: str) -> dict[str, dict]:
        lines = (RESULTS / stage / "samples" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        return {row["id"]: row for row in map(json.loads, lines)}

    changed, flipped = {}, {}
    for name in ("demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"):
        sft, grpo = records("sft", name), records("sft-grpo", name)
        changed[name] = sum(sft[i]["answer"] != grpo[i]["answer"] for i in sft)
        flipped[name] = sum(sft[i]["score"] != grpo[i]["score"] for i in sft)
    assert f"changes {changed['demo-bird']} BIRD-format answers, turning two failed ones into matches" in readme
    assert flipped == {"demo-bird": 2, "demo-spider": 0, "demo-tablebench": 0, "demo-crtqa": 0}
    assert (f"and {changed['demo-spider']} Spider-format and {changed['demo-tablebench']} TableBench answers without "
            f"changing their verdicts (CRT-QA: none)") in readme and changed["demo-crtqa"] == 0
    seconds = {stage: json.loads((RESULTS / stage / "training" / "tabbench_train.json").read_text())["seconds"]
               for stage in ("sft", "sft-grpo")}
    assert f"SFT {seconds['sft']:.0f} s and GRPO {seconds['sft-grpo']:.0f} s" in readme
    em = json.loads((RESULTS / "baseline" / "results.json").read_text())["benchmarks"]["demo-spider"]["metrics"]["em"]
    assert (100 * em["value"], em["n"], em["n_excluded"]) == (100.0, 47, 53)
    assert "Spider-format EM of 100.0 is over 47 of the 100 items" in readme and "on the other 53" in readme
