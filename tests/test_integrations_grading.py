"""``tabbench.training.Grader``, the judge under every adapter to other stacks: its verdicts are ``tabbench eval``'s,
sample by sample, and its reward is the weighted sum of the reward plugins' own scores."""

from __future__ import annotations

import json

import pytest

import tabbench
from tabbench.training import Grader, grader_for, reward_specs
from tests.adapter_corpus import BENCHMARK, database_hashes


def test_the_verdicts_are_tabbench_evals(adapter_corpus) -> None:
    before = database_hashes(adapter_corpus.data)
    grader = grader_for(BENCHMARK, str(adapter_corpus.data))
    examples = [e for e in grader.benchmark.examples("test") if e.id in adapter_corpus.answers]
    verdicts = grader.grade(examples, [adapter_corpus.answers[e.id] for e in examples])
    for example, verdict in zip(examples, verdicts, strict=True):
        metrics = {name: (s.status.value, s.value) for name, s in verdict.metrics.items()}
        assert (verdict.status, verdict.value, metrics) == adapter_corpus.verdict(example.id), example.id
        assert verdict.reward == verdict.value  # default: the primary metric's reward, as evaluation builds it
        assert verdict.answer == adapter_corpus.expected[example.id]["answer"]
    assert database_hashes(adapter_corpus.data) == before


def test_the_reward_is_the_weighted_sum_of_the_reward_plugins(adapter_corpus) -> None:
    bench = tabbench.get_benchmark(BENCHMARK, adapter_corpus.data)
    grader = Grader(bench, reward_specs(bench, ["bird-ex", "sqlr1:0.5"], ["sqlr1.result_reward=2.0"]))
    assert grader.rewards["bird-ex"][0] is grader.metrics["ex"]  # built as the metric is: scored once, the same
    examples = [e for e in bench.examples("test") if e.id in adapter_corpus.answers]
    answers = [adapter_corpus.answers[e.id] for e in examples]
    sqlr1 = tabbench.score_batch(tabbench.get_reward("sqlr1", result_reward=2.0),
                                 list(zip(examples, answers, strict=True)))
    for verdict, own in zip(grader.grade(examples, answers), sqlr1, strict=True):
        assert verdict.rewards["sqlr1"].value == own.value
        assert verdict.reward == pytest.approx(verdict.metrics["ex"].value + 0.5 * own.value)


def test_a_transcript_reward_reads_the_transcript(adapter_corpus) -> None:
    bench = tabbench.get_benchmark(BENCHMARK, adapter_corpus.data)
    grader = Grader(bench, reward_specs(bench, ["bird-ex", "tool-errors:0.5"]))
    example = next(iter(bench.examples("test")))
    transcript = json.dumps([{"role": "tool", "name": "query", "content": "error: forbidden"},
                             {"role": "assistant", "content": example.gold}])
    (verdict,) = grader.grade([example], [example.gold], [transcript])
    assert verdict.rewards["tool-errors"].value == -0.1 and verdict.status == "match"
    assert verdict.reward == pytest.approx(1.0 - 0.05)


def test_grader_for_builds_once_per_setting(adapter_corpus) -> None:
    data = str(adapter_corpus.data)
    assert grader_for(BENCHMARK, data) is grader_for(BENCHMARK, data)
    assert grader_for(BENCHMARK, data, rewards=["sqlr1"]) is not grader_for(BENCHMARK, data)


def test_an_unknown_reward_is_a_one_line_error(adapter_corpus) -> None:
    bench = tabbench.get_benchmark(BENCHMARK, adapter_corpus.data)
    with pytest.raises(tabbench.UnknownNameError, match="nosuch"):
        reward_specs(bench, ["nosuch"])
