"""Tokens in records and results: ``tabbench.Usage`` (``tabbench.contract.usage``), the totals of
``tabbench.evaluation.usage``, the record's ``usage`` as readers check it, the response cache keeping it, and what
the gold and predictions backends record (nothing: they spend no tokens)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabbench
from tabbench import Usage, counted_usage, finish_reason, total_usage
from tabbench.contract.record_shape import shape_problem
from tabbench.contract.types import SampleRecord
from tabbench.contract.usage import reasoning_text
from tabbench.evaluation.prices import Price
from tabbench.evaluation.usage import run_totals, usage_totals


def test_usage_adds_up_and_reads_back():
    assert Usage(10, 2) + Usage(5, 3, 1) == Usage(15, 5, 1)
    assert (Usage(10, 2) + Usage(5, 3)).reasoning_tokens is None  # nobody counted reasoning
    assert Usage(10, 2, 1).total == 12 and Usage(10, 2).to_json() == {"prompt_tokens": 10, "completion_tokens": 2}
    assert Usage.from_json(Usage(3, 4, 2).to_json()) == Usage(3, 4, 2)
    for bad in ({"prompt_tokens": -1, "completion_tokens": 0}, {"prompt_tokens": 1.5, "completion_tokens": 0},
                {"prompt_tokens": True, "completion_tokens": 0}, {"prompt_tokens": 1, "completion_tokens": "2"}):
        with pytest.raises(ValueError, match="not a token count"):
            Usage.from_json(bad)
    assert total_usage([Usage(1, 2), Usage(3, 4)]) == Usage(4, 6)
    assert total_usage([Usage(1, 2), None]) is None and total_usage([]) is None  # a part unknown: no total


def test_reasoning_is_the_think_text():
    assert reasoning_text("<think>a</think>SELECT 1") == "<think>a</think>"
    assert reasoning_text("a b</think>SELECT 1") == "a b</think>"  # the template opened <think> in the prompt
    assert reasoning_text("<think>cut at max_new_tokens") == "<think>cut at max_new_tokens"
    assert reasoning_text("SELECT 1") is None
    assert counted_usage(5, [3, 4], ["x</think>y", "z"], len) == Usage(5, 7, len("x</think>"))


def test_a_length_finish_at_the_context_is_said_as_context():
    assert finish_reason("length", 250, 6, 256, 8) == "context"  # 250 + 6 filled the 256 before 8 new tokens
    assert finish_reason("length", 100, 8, 256, 8) == "length"  # max_new_tokens reached
    assert finish_reason("length", 250, 6, None, 8) == "length"  # the context is unknown
    assert finish_reason("stop", 250, 6, 256, 8) == "stop" and finish_reason(None, 1, 1, 4, 8) is None


def _record(i: int, usage: dict | None) -> SampleRecord:
    return SampleRecord(str(i), "h", ["x"], "x", "match", 1.0, {}, usage=usage)


def test_totals_are_the_records_sums_with_their_cost():
    price = Price("m", 2.0, 10.0, "prices.toml")
    records = [_record(0, {"prompt_tokens": 100, "completion_tokens": 10}),
               _record(1, {"prompt_tokens": 200, "completion_tokens": 30, "reasoning_tokens": 20}),
               _record(2, None)]  # an old record, or one the backend did not count
    block = usage_totals(records, price)
    assert block == {"prompt_tokens": 300, "completion_tokens": 40, "reasoning_tokens": 20, "samples": 2,
                     "cost": pytest.approx((300 * 2.0 + 40 * 10.0) / 1e6)}
    assert usage_totals(records, None) == {"prompt_tokens": 300, "completion_tokens": 40, "reasoning_tokens": 20,
                                           "samples": 2}
    assert usage_totals([_record(0, None)], price) is None  # nothing counted: no block at all
    run = run_totals([block, None, {"prompt_tokens": 1, "completion_tokens": 2, "samples": 1}], price)
    assert run == {"prompt_tokens": 301, "completion_tokens": 42, "reasoning_tokens": 20, "samples": 3,
                   "cost": pytest.approx((301 * 2.0 + 42 * 10.0) / 1e6), "price": price.to_json()}
    assert run_totals([None], price) is None


def test_a_records_usage_is_checked_by_every_reader():
    good = _record(0, {"prompt_tokens": 1, "completion_tokens": 2, "reasoning_tokens": 0}).to_json()
    assert shape_problem(good) is None
    assert "usage" not in _record(0, None).to_json()  # records with nothing to say are as before
    for usage, problem in (({"prompt_tokens": -1, "completion_tokens": 2}, "usage.prompt_tokens"),
                           ({"prompt_tokens": 1}, "usage.completion_tokens"),
                           ({"prompt_tokens": 1, "completion_tokens": 2.5}, "usage.completion_tokens"),
                           ({"prompt_tokens": 1, "completion_tokens": 2, "reasoning_tokens": "a"},
                            "usage.reasoning_tokens"),
                           ({"prompt_tokens": 1, "completion_tokens": 2, "cost": 3}, "usage.cost"),
                           ([1, 2], "'usage' is a JSON list")):
        assert problem in str(shape_problem({**good, "usage": usage})), usage


def test_the_response_cache_keeps_what_a_generation_spent(tmp_path):
    from tabbench.evaluation.generation import ResponseCache

    cache = ResponseCache(tmp_path / "cache.jsonl", {"backend": "x"})
    cache.put("a", tabbench.Generation(["x"], None, {}, Usage(7, 3, 1)))
    cache.put("b", tabbench.Generation(["y"]))  # a backend that does not count
    cache.close()
    with (tmp_path / "cache.jsonl").open("a") as handle:  # a hostile or torn line: that prompt is generated again
        handle.write(json.dumps({"key": "c", "completions": ["z"], "usage": {"prompt_tokens": -3}}) + "\n")
    again = ResponseCache(tmp_path / "cache.jsonl", {"backend": "x"})
    assert again.get("a").usage == Usage(7, 3, 1) and again.get("b").usage is None and again.get("c") is None
    again.close()


@pytest.mark.tabbench_plugins("demo", "oracles", "bird", "sql-rewards")
def test_gold_and_predictions_spend_nothing_and_record_no_usage(isolated_host, tmp_path: Path):
    """No model, no tokens: their records have no ``usage`` and results no ``usage`` block (as before 0.3)."""
    bench = tabbench.get_benchmark("demo-bird")
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completions": [bench.gold_completion(e)]}) + "\n"
                                   for e in bench.examples(bench.default_split)))
    for model in ("gold", f"predictions:{predictions}"):
        out = tmp_path / model.split(":")[0]
        results = tabbench.evaluate(model, benchmarks="demo-bird", limit=3, out=out)
        assert results["benchmarks"]["demo-bird"]["primary_metric"]["value"] == 1.0
        assert "usage" not in results and "usage" not in results["benchmarks"]["demo-bird"]
        lines = (out / "samples" / "demo-bird.jsonl").read_text().splitlines()
        assert len(lines) == 3 and all("usage" not in json.loads(line) for line in lines)
