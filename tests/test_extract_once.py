"""Extract once: the host computes each distinct extractor once per sample, in evaluation and in training.

Counted, not assumed: every call of a leaf ``Extractor`` and every program the sandbox runs is counted while a
whole suite, or every metric of a TableBench sample, is scored.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench import Example, Extractor, Score, Status, training
from tabbench.adapters import trl_reward
from tabbench.evaluation.runner import score_examples
from tests.toy_plugin import plugin_env
from tests.toy_plugin import tabbench as run_tabbench

TABLE = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}


@pytest.fixture
def extractor_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, str, str]]:
    """Counts ``(extractor name, example, completion)`` of every leaf extractor call."""
    calls: Counter[tuple[str, str, str]] = Counter()
    original = Extractor.__call__

    def counted(self: Extractor, example: Example, completion: str) -> Any:
        calls[(self.name, json.dumps(example.to_json(), sort_keys=True), completion)] += 1
        return original(self, example, completion)

    monkeypatch.setattr(Extractor, "__call__", counted)
    return calls


@pytest.fixture
def sandbox_runs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every program run in the sandbox for table QA (PoT and charts), in order."""
    import tabbench.tableqa.execution as execution

    runs: list[Any] = []
    original = execution.run_python

    def counted(code: Any, **kwargs: Any) -> Any:
        runs.append(code)
        return original(code, **kwargs)

    monkeypatch.setattr(execution, "run_python", counted)
    return runs


def test_demo_suite_extracts_each_answer_once_per_extractor(cli_runner, tmp_path: Path, monkeypatch,
                                                           extractor_calls) -> None:
    pytest.importorskip("tabbench_demo")
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "demo", "--limit", "6", "--out", str(out),
                         "--no-progress"])
    assert result.exit_code == 0, result.output
    repeated = {key[0]: n for key, n in extractor_calls.items() if n > 1}
    assert not repeated, f"extractors run more than once on a sample: {repeated}"
    results = json.loads((out / "results.json").read_text())
    samples = {name: len((out / "samples" / f"{name}.jsonl").read_text().splitlines())
               for name in results["benchmarks"]}
    per_extractor = Counter(name for name, _, _ in extractor_calls)
    # every benchmark's answer was extracted (once) for each of its samples, and shared with its metrics
    assert per_extractor["sql:auto"] == samples["demo-bird"] + samples["demo-spider"]
    assert per_extractor["crtqa:final_answer"] == samples["demo-crtqa"]
    assert per_extractor["tableqa:tablebench"] == samples["demo-tablebench"]
    for name in results["benchmarks"]:
        for line in (out / "samples" / f"{name}.jsonl").read_text().splitlines():
            record = json.loads(line)
            primary = record["scores"][results["benchmarks"][name]["primary_metric"]["name"]]
            assert primary["answer"] == record["answer"] is not None  # the score records the answer it used


def _pot_benchmark(tmp_path: Path) -> tabbench.Benchmark:
    pytest.importorskip("tabbench_tablebench")
    rows = [{"id": "nr1", "qtype": "NumericalReasoning", "qsubtype": "Aggregation", "table": TABLE,
             "question": "total points?", "answer": "60", "instruction_type": "PoT", "instruction": "Answer."}]
    (tmp_path / "TableBench_PoT.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return tabbench.get_benchmark("tablebench", tmp_path, instruction_type="PoT")


PROGRAM = ("```python\nimport pandas as pd\ndf = pd.read_csv('table.csv')\n"
           "print(f\"Final Answer: {df['points'].sum()}\")\n```")


def test_a_pot_sample_runs_its_program_once_for_every_metric(tmp_path: Path, extractor_calls,
                                                              sandbox_runs) -> None:
    bench = _pot_benchmark(tmp_path)
    example = next(iter(bench.examples()))
    rewards = tabbench.metric_rewards(bench)
    answers, scores = score_examples(bench, rewards, [example], [PROGRAM])
    assert answers == ["60"]
    assert len(sandbox_runs) == 1, sandbox_runs  # one run for the record and all ten metrics
    assert all(n == 1 for n in extractor_calls.values()), extractor_calls
    by_metric = {name: s[0] for name, s in scores.items()}
    for name in ("em", "em_within_10", "rouge_l", "mix", "parsed", "pot_ecr"):
        assert by_metric[name].value == 1.0, (name, by_metric[name])
    assert by_metric["em"].answer == "60" and by_metric["pot_ecr"].details["ecr"] is True
    assert by_metric["chart_pass"].status is Status.NOT_APPLICABLE


def test_trl_reward_functions_of_one_step_share_the_pot_run(tmp_path: Path, sandbox_runs) -> None:
    from tabbench.adapters import dataset_rows

    bench = _pot_benchmark(tmp_path)
    row = next(dataset_rows(bench))
    functions = [trl_reward(reward) for reward in tabbench.metric_rewards(bench).values()]
    columns = {"example": [row["example"]] * 2, "benchmark": [row["benchmark"]] * 2}
    other = PROGRAM.replace("sum()", "max()")
    values = {f.__name__: f(prompts=[row["prompt"]] * 2, completions=[PROGRAM, other], **columns) for f in functions}
    assert len(sandbox_runs) == 2  # one run per distinct completion, whichever functions scored it
    assert values["exact-match"] == [1.0, 0.0] and values["pot-ecr"] == [1.0, 1.0]


with pytest.warns(DeprecationWarning, match="LegacyExact"):  # the 0.1.0 API works until 0.3.0, with a warning
    class LegacyExact(tabbench.Reward):
        """A reward written against the first API: ``score(example, completion)`` reads the completion itself."""

        name = "legacy-exact"

        def score(self, example: Example, completion: str) -> Score:
            ok = completion.strip() == example.gold
            return Score(1.0 if ok else 0.0, Status.MATCH if ok else Status.MISMATCH)


def test_first_api_rewards_score_unchanged_without_an_answer() -> None:
    example = Example("1", "b")
    scores = tabbench.score_batch(LegacyExact(), [(example, " b "), (example, "c")])
    assert [(s.value, s.answer) for s in scores] == [(1.0, None), (0.0, None)]
    assert trl_reward(LegacyExact())(prompts=["p"], completions=["b"], example=[json.dumps(example.to_json())]) == [1.0]


def test_prose_gets_one_status_from_the_benchmark_metric_and_the_training_rewards(demo) -> None:
    example = next(iter(demo.examples("test")))
    prose = "I could not write a query for this question."
    statuses = {name: tabbench.score_batch(tabbench.get_reward(name), [(example, prose)])[0].status
                for name in ("bird-ex", "bird-soft-f1", "arctic", "databricks-rlvr", "execution-partial")}
    assert set(statuses.values()) == {Status.NO_SQL}, statuses
    assert demo.extract(example, prose) is None


def test_an_installed_first_api_plugin_scores_through_eval_and_the_trl_adapter(plugin_site, tmp_path, toy_data):
    """tests/toy_plugin.py's rewards are written against the first API (``score(example, completion)``) and
    installed as a third party would: they score unchanged in a run and as a TRL reward function."""
    env = plugin_env(plugin_site, TABBENCH_CACHE_DIR=str(tmp_path / "cache"))
    result = run_tabbench(["eval", "--model", "gold", "--suite", "toy", "--data", f"toy={toy_data}", "--out",
                           str(tmp_path / "run"), "--no-progress"], env)
    assert result.returncode == 0, result.stderr
    toy = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["toy"]
    assert toy["primary_metric"]["value"] == 1.0 and toy["n"] == 40
    record = json.loads((tmp_path / "run" / "samples" / "toy.jsonl").read_text().splitlines()[0])
    assert record["answer"] == record["scores"]["exact"]["details"]["answer"]  # the benchmark's extract, recorded
    script = ("import json; from tabbench import Example; from tabbench.adapters import trl_reward; "
              "example = json.dumps(Example('q1', '1').to_json()); "
              "print(json.dumps(trl_reward('toy-exact')(prompts=['p'] * 3, completions=['1', ' 1 ', '2'], "
              "example=[example] * 3)))")
    trained = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert trained.returncode == 0, trained.stderr
    assert json.loads(trained.stdout) == [1.0, 1.0, 0.0]


def test_tao_extracts_once_for_its_record_its_vote_and_every_reward(demo, extractor_calls) -> None:
    tao = pytest.importorskip("tabbench_trainers.tao")
    example = next(iter(demo.examples("train")))
    unlabeled = Example(f"{example.id}-tao", None, example.fields, example.meta, example.split)
    specs = [training.RewardSpec("bird-ex", 1.0), training.RewardSpec("arctic", 0.5),
             training.RewardSpec("bird-soft-f1", 1)]
    rewards = list(zip(specs, training.trl_reward_funcs(specs), strict=True))
    completions = [example.gold, f"```sql\n{example.gold}\n```", "SELECT 12345", "not sql"]
    group = tao.score_group(demo, unlabeled, completions, rewards)  # pseudo-labelled by its vote
    assert group.pseudo and [s.reward for s in group.samples] == pytest.approx([2.5, 2.5, 0.05, 0.0])
    assert len(extractor_calls) == len(completions) and set(extractor_calls.values()) == {1}, extractor_calls


def test_a_first_api_score_batch_built_on_safe_score_still_works() -> None:
    class Batched(LegacyExact):
        def score_batch(self, items):
            return [tabbench.safe_score(self, example, completion) for example, completion in items]

    example = Example("1", "b")
    assert [s.value for s in tabbench.score_batch(Batched(), [(example, "b"), (example, "c")])] == [1.0, 0.0]


def test_a_training_step_keys_each_example_once_however_many_completions_it_has(monkeypatch) -> None:
    """The extract-once memo's key (the example without its gold) is built once per distinct example in a call:
    a GRPO step repeats each example's column once per completion, and serialising it per completion was the
    reward path's largest per-call cost."""
    from tabbench.adapters import shared_samples

    serialised: list[str] = []
    original = Example.to_json

    def counted(self: Example) -> dict[str, Any]:
        serialised.append(self.id)
        return original(self)

    monkeypatch.setattr(Example, "to_json", counted)
    first, second = Example("a", "1"), Example("b", "2")
    samples = shared_samples([first] * 8 + [second] * 8, [str(i % 3) for i in range(16)])
    assert sorted(serialised) == ["a", "b"]
    read: list[str] = []
    upper = Extractor("upper-test", lambda example, completion: read.append(completion) or completion.upper())
    again = shared_samples([Example("a", "other gold")], ["0"])  # an equal example (gold aside), another object
    assert [s.get(upper) for s in samples + again] == [str(i % 3) for i in range(16)] + ["0"]
    assert sorted(read) == ["0", "0", "1", "1", "2", "2"]  # once per (example, completion)
