"""The ``tabbench-verifiers`` taskset, loaded and scored by verifiers itself: its trace rewards, metrics and statuses
equal ``tabbench eval --model predictions:FILE``'s sample by sample, hostile answers change no database, and
``vf-validate`` (the docs' command) finds every gold valid."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.adapter_corpus import BENCHMARK, database_hashes

vf = pytest.importorskip("verifiers.v1")

ROOT = Path(__file__).resolve().parents[1]
TASKSET = "tabbench-verifiers"


def load(**config):
    """The taskset as verifiers' entrypoints load it: its config type from the id, then ``load_taskset``."""
    return vf.load_taskset(vf.taskset_config_type(TASKSET)(id=TASKSET, **config))


def scored_trace(task, reply: str):
    """A trace whose agent replied ``reply``, scored by verifiers' own ``Task.score`` (no runtime: offline)."""
    from verifiers.v1.graph import MessageNode
    from verifiers.v1.state import state_cls
    from verifiers.v1.trace import Trace, TraceTask

    trace = Trace(task=TraceTask(type=type(task).__name__, data=task.data, key=task.key, hash=task.hash),
                  state=state_cls(type(task))(), agent=vf.AgentInfo(config=vf.AgentConfig(), name="test",
                                                                    trainable=False))
    trace.nodes.append(MessageNode(message=vf.UserMessage(content=task.data.prompt_text)))
    trace.nodes.append(MessageNode(parent=0, message=vf.AssistantMessage(content=reply), sampled=True))
    asyncio.run(task.score(trace))
    return trace


def test_the_taskset_is_found_by_its_id_and_holds_the_split() -> None:
    taskset = load(benchmark=BENCHMARK)
    assert type(taskset).__name__ == "TabbenchTaskset"
    tasks = list(taskset.take(3))
    assert [t.data.id for t in tasks] == ["0", "1", "2"] and tasks[0].data.benchmark == BENCHMARK
    assert "Count the customers from 'Dublin'." in tasks[0].data.prompt_text


def test_trace_scores_equal_tabbench_eval(adapter_corpus) -> None:
    before = database_hashes(adapter_corpus.data)
    tasks = {t.data.id: t for t in load(benchmark=BENCHMARK, data=str(adapter_corpus.data))
             .include(ids=list(adapter_corpus.answers))}
    assert set(tasks) == set(adapter_corpus.answers)
    for example_id, answer in adapter_corpus.answers.items():
        trace = scored_trace(tasks[example_id], answer)
        status, value, metrics = adapter_corpus.verdict(example_id)
        kept = trace.info["tabbench"]
        assert (kept["status"], kept["value"]) == (status, value), example_id
        assert {n: (s["status"], s["value"]) for n, s in kept["metrics"].items()} == metrics
        assert trace.rewards["tabbench"].score == (value or 0.0) and trace.rewards["tabbench"].weight == 1.0
        assert trace.metrics == {f"tabbench/{n}": v for n, (_, v) in metrics.items() if v is not None}
    assert database_hashes(adapter_corpus.data) == before


def test_configured_rewards_are_summed_with_their_weights(adapter_corpus) -> None:
    taskset = load(benchmark=BENCHMARK, data=str(adapter_corpus.data), rewards=["bird-ex", "tool-errors:0.5"])
    (task,) = list(taskset.include(ids=["0"]))
    trace = scored_trace(task, adapter_corpus.answers["0"])
    rewards = trace.info["tabbench"]["rewards"]
    assert rewards["bird-ex"]["value"] == 1.0
    assert rewards["tool-errors"]["status"] == "not_applicable"  # no transcript: a final answer only
    assert trace.rewards["tabbench"].score == 1.0


def doc_command() -> str:
    """The ``vf-validate`` line of docs/integrations.md (this test runs it)."""
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith("vf-validate "))


@pytest.mark.slow  # runs verifiers' validation command
def test_vf_validate_finds_every_gold_valid(adapter_corpus, tmp_path: Path) -> None:
    args = [*shlex.split(doc_command()), "--taskset.data", str(adapter_corpus.data)]
    done = subprocess.run([str(Path(sys.executable).parent / args[0]), *args[1:]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, env={**os.environ, "TABBENCH_WORKERS": "0"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (summary,) = (tmp_path / "outputs").rglob("summary.json")
    outcome = json.loads(summary.read_text())
    assert outcome["total"] == 5 and outcome["outcomes"]["valid"] == 5, outcome
    assert outcome["checks"]["gold"]["valid"] == 5 and outcome["checks"]["noop"]["valid"] == 5


@pytest.mark.usefixtures("flawed_splits")
@pytest.mark.parametrize(("benchmark", "says"), [("dup-ids-bird", "duplicate example id '"),
                                                 ("empty-split-bird", "split 'test' has no examples")])
def test_the_taskset_reads_its_examples_as_a_run_does(benchmark: str, says: str) -> None:
    """A split with an id twice, or none at all, is the data error ``tabbench eval`` gives, not a taskset."""
    from tabbench import DataError

    with pytest.raises(DataError, match=f"benchmark '{benchmark}': {says}"):
        list(load(benchmark=benchmark).load())
