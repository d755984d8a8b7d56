"""Unit cases for the shared answer helpers, taken from the official scripts' verified behaviour."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabbench.tableqa import answers


def em(gold: str, pred: str) -> float:
    return answers.em_score(answers.normalize_answer(gold), answers.normalize_answer(pred))


def em10(gold: str, pred: str) -> float:
    return answers.em_tolerance_score(answers.normalize_answer(gold), answers.normalize_answer(pred), 10)


@pytest.mark.parametrize(
    ("gold", "pred", "expected"),
    [
        ("0.69", "69%", 1.0),  # normalisation removes '.' and '%' before comparing
        ("1,062", "10.62", 1.0),
        ("-3.24", "3.24", 1.0),
        ("12.5", "12.50", 0.0),
        ("9.34, 1.18", "9.33, 1.18", 0.0),
        ("A, B", "B, A", 1.0),  # the article "a" disappears
        ("Jerel Myers", "jerel myers.", 1.0),
        ("Australia", "australia", 1.0),
    ],
)
def test_tablebench_em_quirks(gold: str, pred: str, expected: float) -> None:
    assert em(gold, pred) == expected


def test_tolerance_quirks() -> None:
    assert em10("0.85", "0.86") == 1.0  # 85 vs 86
    assert em10("51", "52.08") == 0.0  # 51 vs 5208
    assert em10("0", "0") == 1.0 and em10("0", "1") == 0.0
    assert answers.em_tolerance_score("100", "110", 10) == 1.0  # the boundary is inclusive
    assert answers.em_tolerance_score("100", "111", 10) == 0.0


def test_em_numeric_rules_without_normalisation() -> None:
    assert answers.em_score("2.5", "2.46") == 1.0  # rounded to the gold's decimals, half up
    assert answers.em_score("2.5", "2.44") == 0.0
    assert answers.em_score("50%", "0.5%") == 0.0
    assert answers.em_score("5", "nan") == 0.0
    assert answers.em_score("5", "1e999999999") == 0.0
    assert answers.em_score("a, 5", "a") == 0.5  # per-item weights; missing items score 0


def test_extraction() -> None:
    text = "reasoning\nFinal Answer: 42\nFinal Answer: 43"
    assert answers.extract_final_answer(text) == "42"
    assert answers.extract_final_answer("final answer: 42") is None  # case-sensitive, as officially
    assert answers.extract_final_answer("Final Answer:42") is None  # one space is required
    assert answers.extract_final_answer("Final Answer: \n42") is None
    assert answers.extract_after_last_marker("[Final Answer]: a\n[Final Answer]: b ") == "b"
    assert answers.extract_after_last_marker("Final Answer: x") == "x"
    code = "```python\nprint(1)\n```\ntext\n```python\nprint(2)\n```"
    assert answers.extract_python_code(code) == "print(2)\n"
    assert answers.extract_python_code("no code") is None


def test_process_decimal_matches_realhitbench() -> None:
    assert answers.prepare("63.90", decimals=1) == answers.prepare("63.9", decimals=1)
    assert answers.prepare("6.65", decimals=1) == answers.prepare("6.7", decimals=1)
    assert answers.prepare("0.985", decimals=1) == answers.prepare("0.99", decimals=1)


def test_rouge_l() -> None:  # the official bootstrap aggregate is tabbench_tablebench.official.bootstrap_median
    assert answers.rouge_l_f1("the cat sat", "cat sat") == pytest.approx(0.8)
    assert answers.rouge_l_f1("", "x") == 0.0


@given(st.text(max_size=60), st.text(max_size=60))
def test_helpers_never_raise(gold: str, pred: str) -> None:
    g, p = answers.normalize_answer(gold), answers.normalize_answer(pred)
    assert 0.0 <= answers.em_score(g, p) <= 1.0
    assert 0.0 <= answers.em_tolerance_score(g, p, 10) <= 1.0
    assert 0.0 <= answers.rouge_l_f1(g, p) <= 1.0
    answers.extract_final_answer(pred)
    answers.extract_python_code(pred)
