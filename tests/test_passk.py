"""pass@k: the unbiased estimator (Chen et al., 2021) and its graded generalisation, and the sampling block."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from tabbench.contract.types import SampleRecord
from tabbench.evaluation.passk import expected_best_of, ks_for, sampling_summary


@pytest.mark.parametrize(("n", "c", "k"), [(8, 0, 1), (8, 3, 1), (8, 3, 2), (8, 3, 8), (10, 1, 5), (5, 5, 3)])
def test_binary_values_give_the_unbiased_pass_at_k(n: int, c: int, k: int):
    values = [1.0] * c + [0.0] * (n - c)
    assert expected_best_of(values, k) == pytest.approx(1 - math.comb(n - c, k) / math.comb(n, k))


def test_graded_values_give_the_mean_best_of_every_k_subset():
    values = [0.2, 1.25, 0.0, 0.75, 0.5]
    for k in range(1, 6):
        subsets = list(combinations(values, k))
        assert expected_best_of(values, k) == pytest.approx(sum(max(s) for s in subsets) / len(subsets))


def test_k_out_of_range_is_an_error():
    with pytest.raises(ValueError, match="between 1 and the number of samples"):
        expected_best_of([1.0, 0.0], 3)


def test_reported_ks():
    assert ks_for(2) == [1, 2] and ks_for(8) == [1, 2, 4, 8] and ks_for(10) == [1, 2, 4, 8, 10]


def _record(scores):
    return SampleRecord(id="x", prompt_hash="h", completions=["a"] * len(scores or [1]), answer=None, status="match",
                        score=1.0, scores={}, sample_scores=scores)


def test_sampling_summary_counts_none_as_zero_and_skips_inapplicable_examples():
    records = [_record([1.0, None, 0.0, 0.0]), _record([None] * 4), _record([0.0, 0.0, 0.0, 1.0]), _record(None)]
    summary = sampling_summary(records, "ex", "execution")
    assert summary == {"metric": "ex", "samples": 4, "examples": 2, "vote": "execution",
                       "pass_at_k": {"1": 0.25, "2": 0.5, "4": 1.0}}
    assert sampling_summary([_record(None)], "ex", None) is None


def test_score_reports_pass_at_k_from_several_completions(tmp_path, cli_runner):
    import json

    import tabbench

    bench = tabbench.get_benchmark("demo-bird")
    examples = list(bench.examples())[:2]
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps({"id": e.id, "completions": ["SELECT 'wrong'", bench.gold_completion(e)]})
                            + "\n" for e in examples))
    out = tmp_path / "run"
    result = cli_runner(["score", "demo-bird", "--predictions", str(path), "--limit", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    block = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]
    assert block["primary_metric"]["value"] == 0.0  # the first completion is scored
    assert block["sampling"] == {"metric": "ex", "samples": 2, "examples": 2, "vote": None,
                                 "pass_at_k": {"1": 0.5, "2": 1.0}}
