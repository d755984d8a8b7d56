"""Sample records stay small whatever a program printed: the answer once, cut with a marker and its size."""

from __future__ import annotations

import json

from tabbench.evaluation.record_limits import ANSWER_CHARS, DETAIL_CHARS, SAME_AS_ANSWER, bounded, truncate


def test_short_records_are_unchanged() -> None:
    scores = {"em": {"value": 1.0, "status": "match", "details": {"answer": "60", "pred": "60", "n": 3}}}
    assert bounded("60", scores) == ("60", scores)


def test_a_megabyte_answer_is_stored_once_and_cut_with_its_size() -> None:
    loud = "é" * 1_000_000
    scores = {m: {"value": 0.0, "status": "mismatch", "details": {"answer": loud, "pred": loud + "!",
                                                                      "nested": [{"out": loud}], "ok": True}}
              for m in ("em", "rouge_l", "mix")}
    answer, recorded = bounded(loud, scores)
    assert answer == "é" * ANSWER_CHARS + "…[truncated: 2000000 bytes in all]"
    for score in recorded.values():
        assert score["value"] == 0.0 and score["status"] == "mismatch"
        details = score["details"]
        assert details["answer"] == SAME_AS_ANSWER and details["ok"] is True
        assert details["pred"] == truncate(loud + "!", DETAIL_CHARS)
        assert details["pred"].endswith("[truncated: 2000001 bytes in all]")
        assert details["nested"][0]["out"] == SAME_AS_ANSWER
    assert len(json.dumps({"answer": answer, "scores": recorded}, ensure_ascii=False)) < 3 * ANSWER_CHARS
