"""Model-written text in the host (issue 21): JSON read without RecursionError, records that store any text
losslessly and portably, and the trainer adapters (TRL, verl) scoring any completion with a status."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tabbench.adapters import compute_score, compute_score_batch, trl_reward
from tabbench.contract import modeltext
from tabbench.contract.types import SampleRecord
from tabbench.evaluation.store import RunStore

LONE = chr(0xD800)
# every code point (lone surrogates included), with the ones that broke things made likely
ANY_CHAR = st.one_of(st.sampled_from([LONE, "\udfff", "\x00", "\\", '"', "\n", "\u2028", "\ufffd", "\U0001f600"]),
                     st.characters(codec=None, exclude_categories=()))
ANY_TEXT = st.text(ANY_CHAR, max_size=100)


def joined(text: str) -> str:
    """``text`` with each high surrogate followed by a low one read as the character they encode: what JSON
    (any JSON) reads back from the escaped pair."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | ANY_TEXT,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
                    max_leaves=10))
def test_dumps_is_valid_utf8_and_reads_back_equal(value) -> None:
    text = modeltext.dumps(value)
    assert text.encode("utf-8").decode("utf-8") == text  # strict: no lone surrogate reaches the file
    expected = json.loads(json.dumps(value))  # ensure_ascii: the escape for every character
    assert json.loads(text) == expected


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT)
def test_text_reads_back_equal_but_for_pairs_json_cannot_tell_apart(text: str) -> None:
    assert json.loads(modeltext.dumps(text)) == joined(text)
    if not any(0xD800 <= ord(c) <= 0xDBFF for c in text):
        assert json.loads(modeltext.dumps(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(ANY_TEXT, st.sampled_from(["[", "{", "]", "}", '"a":', ",", "[" * 2000, '{"a":' * 2000])),
                max_size=6).map("".join))
def test_loads_raises_only_value_error(text: str) -> None:
    try:
        value = modeltext.loads(text)
    except ValueError:
        return
    assert modeltext.depth(value) <= modeltext.MAX_DEPTH


def test_valid_text_and_valid_json_leave_nothing_an_encoder_refuses() -> None:
    deep: object = LONE
    for _ in range(3000):
        deep = {LONE: [deep]}
    safe = modeltext.valid_json(deep)
    text = json.dumps(safe, ensure_ascii=False)
    assert text.encode("utf-8") and modeltext.TOO_DEEP in text and "\ufffd" in text
    assert modeltext.valid_text(f"a{LONE}b\udfff") == "a\ufffdb\ufffd"


def test_records_with_any_text_round_trip(tmp_path) -> None:
    """A record holding lone surrogates, NUL and non-ASCII text is written as valid UTF-8 (non-ASCII kept
    readable, surrogates escaped) and reads back equal; the run config too."""
    text = f"SELECT '{LONE}\x00é\U0001f600' -- \udfff"
    transcript = {"messages": [{"role": "assistant", "content": "", "tool_calls": [
        {"type": "function", "function": {"name": f"q{LONE}", "arguments": {"sql": text}}}]}], "stop": "answer"}
    record = SampleRecord(id="q1", prompt_hash="h", completions=[text], answer=text, status="exec_error", score=0.0,
                          scores={"ex": {"value": 0.0, "status": "exec_error", "details": {"error": text}}},
                          transcript=transcript)
    store = RunStore.create(tmp_path, {"note": text})
    store.append("b", record)
    store.close()
    raw = store.samples_path("b").read_bytes().decode("utf-8")  # strict
    assert "é" in raw and "\\ud800" in raw and "\\udfff" in raw
    (back,) = RunStore.resume(tmp_path, {"note": text}).read_samples("b")
    assert back == record


def test_verl_and_trl_rewards_score_any_completion() -> None:
    """verl's ``compute_score`` and a TRL reward on completions with lone surrogates, NUL bytes and deep nesting:
    a score and a status each, never a raise."""
    from tabbench.host.lookup import get_benchmark

    bench = get_benchmark("demo-bird")
    example = next(iter(bench.examples(None)))
    info = {"example": json.dumps(example.to_json())}
    completions = [f"SELECT '{LONE}'", "SELECT 1\x00; DROP TABLE x", "[" * 5000, "```sql\n" + "(" * 5000 + "\n```",
                   f"{example.gold} -- \udfff"]
    for completion in completions:
        result = compute_score(bench.name, completion, example.gold, info)
        assert isinstance(result["score"], float) and result["status"], completion[:40]
    batch = compute_score_batch([bench.name] * len(completions), completions, [example.gold] * len(completions),
                                [info] * len(completions))
    assert [r["status"] for r in batch] == [compute_score(bench.name, c, example.gold, info)["status"]
                                            for c in completions]
    assert batch[-1]["status"] == "exec_error"  # SQLite takes UTF-8 only: the gold query with a lone surrogate fails
    reward = trl_reward("bird-ex")
    values = reward([None] * len(completions), completions, example=[info["example"]] * len(completions))
    assert len(values) == len(completions) and all(isinstance(v, float) for v in values)
