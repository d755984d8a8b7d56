"""The Inspect entry point: ``inspect eval tabbench/demo_bird`` runs a tabbench benchmark, its scorer's value and
explanation are ``tabbench eval``'s score and status sample by sample, and the log reads back with Inspect's reader.

Offline: Inspect's ``mockllm`` model answering the fixed corpus (its outputs carry their token usage, so Inspect
counts nothing with tiktoken, which would download an encoding), and a local tiny model through Inspect's ``hf``
provider for the command line.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.adapter_corpus import BENCHMARK, database_hashes
from tests.cli_run import tabbench

pytest.importorskip("inspect_ai")

ROOT = Path(__file__).resolve().parents[1]
SCORER = "tabbench_scorer"


def test_every_benchmark_is_a_task_under_the_tabbench_package() -> None:
    from inspect_ai._util.registry import registry_lookup

    import tabbench

    for name in tabbench.registered_names("benchmark"):
        assert registry_lookup("task", f"tabbench/{name.replace('-', '_')}") is not None, name


def test_scores_equal_tabbench_eval_and_the_log_reads_back(adapter_corpus, tmp_path: Path) -> None:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    import tabbench

    before = database_hashes(adapter_corpus.data)
    bench = tabbench.get_benchmark(BENCHMARK, adapter_corpus.data)
    by_prompt = {bench.prompt(e)[-1]["content"]: adapter_corpus.answers[e.id]
                 for e in bench.examples("test") if e.id in adapter_corpus.answers}
    assert len(by_prompt) == len(adapter_corpus.answers)  # each question's prompt names its answer

    def answer(messages, tools, tool_choice, config) -> ModelOutput:
        output = ModelOutput.from_content(model="mockllm", content=by_prompt[messages[-1].text])
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    (log,) = inspect_eval("tabbench/demo_bird", model=get_model("mockllm/model", custom_outputs=answer),
                          task_args={"data": str(adapter_corpus.data)}, limit=len(adapter_corpus.answers),
                          log_dir=str(tmp_path / "logs"), display="none")
    back = read_eval_log(log.location)
    assert back.status == "success" and len(back.samples) == len(adapter_corpus.answers)
    for sample in back.samples:
        score = sample.scores[SCORER]
        status, value, metrics = adapter_corpus.verdict(str(sample.id))
        assert (score.explanation, score.value) == (status, value), sample.id
        assert {n: (s["status"], s["value"]) for n, s in score.metadata["metrics"].items()} == metrics
        assert score.answer == adapter_corpus.expected[str(sample.id)]["answer"]
    mean = back.results.scores[0].metrics["mean"].value
    assert mean == pytest.approx(sum(r["score"] for r in adapter_corpus.expected.values()) / len(back.samples))
    assert database_hashes(adapter_corpus.data) == before


def doc_command() -> str:
    """The ``inspect eval`` line of docs/integrations.md (this test runs it)."""
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith("inspect eval tabbench/"))


@pytest.mark.slow  # builds a tiny model and generates with it
def test_the_inspect_eval_command_with_a_local_model(adapter_corpus, tmp_path: Path) -> None:
    """The docs' ``inspect eval`` command, a local model: the log reads back, and each sample's explanation is the
    status ``tabbench eval --model predictions:FILE`` gives the completion the log recorded."""
    from inspect_ai.log import list_eval_logs, read_eval_log

    from tabbench.testing import build_tiny_model

    build_tiny_model(tmp_path / "models" / "tiny")
    command = doc_command() + f" -T data={adapter_corpus.data}"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TABBENCH_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env={
        **env, "PATH": os.pathsep.join([str(Path(sys.executable).parent), env["PATH"]])},
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    log_dir = re.search(r"--log-dir (\S+)", command).group(1)
    (listed,) = list_eval_logs(str(tmp_path / log_dir))
    log = read_eval_log(listed)
    assert log.status == "success" and log.eval.task_registry_name == "tabbench/demo_bird"
    completions = {str(s.id): s.output.completion for s in log.samples}
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": i, "completion": c}) + "\n" for i, c in completions.items()))
    scored = tabbench("eval", "--model", f"predictions:{predictions}", "--benchmark", BENCHMARK, "--data",
                      f"{BENCHMARK}={adapter_corpus.data}", "--limit", str(len(completions)), "--out",
                      str(tmp_path / "reference"), "--no-progress", env={**env, "TABBENCH_WORKERS": "0"})
    assert scored.returncode == 0, scored.stderr
    records = [json.loads(line) for line in (tmp_path / "reference" / "samples" / f"{BENCHMARK}.jsonl").open()]
    assert len(records) == len(log.samples) > 0
    explained = {str(s.id): (s.scores[SCORER].explanation, s.scores[SCORER].value) for s in log.samples}
    assert explained == {r["id"]: (r["status"], r["score"]) for r in records}


@pytest.mark.usefixtures("flawed_splits")
@pytest.mark.parametrize(("benchmark", "says"), [("dup-ids-bird", "duplicate example id '"),
                                                 ("empty-split-bird", "split 'test' has no examples")])
def test_a_task_reads_its_examples_as_a_run_does(benchmark: str, says: str) -> None:
    """A split with an id twice, or none at all, is the data error ``tabbench eval`` gives, not a task."""
    from tabbench.contract.errors import DataError
    from tabbench.integrations.inspect_tasks import benchmark_task

    with pytest.raises(DataError, match=f"benchmark '{benchmark}': {says}"):
        benchmark_task(benchmark)
