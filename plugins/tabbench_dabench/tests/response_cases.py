"""Responses for the parity tests, built from the labels the same way each time: each question gets one of the
cases below (by position), each aimed at a place where the official ``eval_closed_form.py`` is easy to get
wrong. Returns the JSONL rows of an official responses file (a question may have no row, or two)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def _fmt(labels: Sequence[Sequence[str]], value: Callable[[int, str], str] = lambda i, v: v, sep: str = "\n") -> str:
    return sep.join(f"@{name}[{value(i, v)}]" for i, (name, v) in enumerate(labels))


def _nudge(value: str, delta: float) -> str:
    try:
        return repr(float(value) + delta)
    except ValueError:
        return value + "x"


CASES: tuple[tuple[str, Callable[[Sequence[Sequence[str]]], Any]], ...] = (
    ("gold", lambda labels: _fmt(labels)),
    ("missing", lambda labels: None),  # no line at all
    ("empty", lambda labels: ""),
    ("within_1e-6", lambda labels: _fmt(labels, lambda i, v: _nudge(v, 3e-7))),
    ("beyond_1e-6", lambda labels: _fmt(labels, lambda i, v: _nudge(v, 2e-6))),
    ("first_wrong", lambda labels: _fmt(labels, lambda i, v: _nudge(v, 1.0) if i == 0 else v)),
    ("prose_reordered_repeat", lambda labels: "Working it out... " + _fmt(list(reversed(labels)), sep=" and ")
     + f" but finally @{labels[0][0]}[not this]"),  # a repeated name keeps its last value
    ("spaces_inside", lambda labels: _fmt(labels, lambda i, v: f" {v} ")),  # float() strips, strings do not
    ("null", lambda labels: "null"),  # JSON null
    ("no_marker", lambda labels: "The answer is " + ", ".join(v for _, v in labels)),
    ("name_case", lambda labels: _fmt([(n.capitalize() if n[0].islower() else n.lower(), v) for n, v in labels])),
    ("exponent", lambda labels: _fmt(labels, lambda i, v: f"{float(v):e}" if _is_number(v) else v)),
    ("value_case", lambda labels: _fmt(labels, lambda i, v: v.upper() if v.upper() != v else v.lower())),
    ("newline_inside", lambda labels: _fmt(labels, lambda i, v: v[:1] + "\n" + v[1:])),
    ("duplicate_lines", lambda labels: ("", _fmt(labels))),  # an empty line first, then the answer
    ("code_fence", lambda labels: "```python\nprint('@x[1]')\n```\n" + _fmt(labels)),
)


def _is_number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def response_rows(labels: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Official-format rows ``{"id", "response"}`` for ``labels`` (rows of ``da-dev-labels.jsonl``)."""
    rows: list[dict[str, Any]] = []
    for position, label in enumerate(labels):
        name, make = CASES[position % len(CASES)]
        response = make(label["common_answers"])
        if name == "missing":
            continue
        if name == "null":
            rows.append({"id": label["id"], "response": None})
        elif isinstance(response, tuple):
            rows.extend({"id": label["id"], "response": r} for r in response)
        else:
            rows.append({"id": label["id"], "response": response})
    return rows
