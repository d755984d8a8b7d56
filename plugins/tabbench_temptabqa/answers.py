"""Answer extraction and the EMS/REMS comparison of TEMPTABQA-C, shared by the benchmark and its rewards.

The official metric code (CoRAL-ASU/TEMPTABQA-C ``Evaluation_Metrics/``) compares the model's answer with
the gold answer part by part: both are split on ``,`` and each part is stripped; a gold part *matches* when
it equals a predicted part or occurs in one as a whole space-delimited phrase. REMS is the share of gold
parts matched (rounded to 2 decimals), EMS is 1 when every gold part is matched. The comparison is
case-sensitive and does no other normalisation. This module re-implements that rule (it does not copy the
code) and adds two documented, opt-in variants: ``lowercase`` and ``strict`` (parts must be equal, no
containment, and the prediction may not list extra parts).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_THINK_END = re.compile(r"</think>", re.IGNORECASE)
_FINAL = re.compile(r"final answer\s*:", re.IGNORECASE)


def extract_answer(completion: str) -> str | None:
    """The answer in ``completion``, or ``None`` when there is none.

    Order: text after the last ``</think>``; then, if present, the rest of the line after the last
    ``Final Answer:``; else the text before the first ``&&`` (the official prompt asks for
    ``answer && reasoning``); else the first non-empty line. Markdown bold/code marks around the answer are
    dropped; nothing else is changed (the official comparison is verbatim).
    """
    if not isinstance(completion, str):
        return None
    text = _THINK_END.split(completion)[-1]
    finals = list(_FINAL.finditer(text))
    if finals:
        text = text[finals[-1].end():].strip().split("\n", 1)[0]
    elif "&&" in text:
        text = text.split("&&", 1)[0]
    else:
        lines = [line for line in text.splitlines() if line.strip()]
        text = lines[0] if lines else ""
    answer = text.strip().strip("*`").strip()
    return answer or None


def rows_to_answer(rows: Sequence[Sequence[Any]]) -> str:
    """A SQL result as answer text: distinct non-NULL cells in row order, joined with ``", "``.

    Integral floats lose their ``.0`` (an age computed as ``20.0`` answers ``20``); text is stripped.
    """
    cells: list[str] = []
    for row in rows:
        for value in row:
            if value is None:
                continue
            if isinstance(value, float) and value.is_integer():
                text = str(int(value))
            elif isinstance(value, bytes):
                text = value.decode("utf-8", "replace").strip()
            else:
                text = str(value).strip()
            if text not in cells:
                cells.append(text)
    return ", ".join(cells)


def _parts(value: str, lowercase: bool) -> list[str]:
    text = value.lower() if lowercase else value
    return [part.strip() for part in text.split(",")]


def matched_share(prediction: str, gold: str, *, lowercase: bool = False, strict: bool = False) -> float:
    """The share of gold parts found in the prediction (unrounded); see the module docstring."""
    predicted = _parts(prediction, lowercase)
    wanted = _parts(gold, lowercase)
    if strict:
        if set(predicted) - set(wanted):
            return 0.0
        hits = [g for g in wanted if g in predicted]
    else:
        hits = [g for g in wanted if any(g == p or f" {g} " in f" {p} " for p in predicted)]
    return len(hits) / len(wanted)


def rems(prediction: str, gold: str, *, lowercase: bool = False, strict: bool = False) -> float:
    """Relaxed exact match: the matched share rounded to 2 decimals, as the official script reports it."""
    return round(matched_share(prediction, gold, lowercase=lowercase, strict=strict), 2)


def ems(prediction: str, gold: str, *, lowercase: bool = False, strict: bool = False) -> float:
    """Exact match: 1.0 when every gold part is matched, else 0.0."""
    return 1.0 if matched_share(prediction, gold, lowercase=lowercase, strict=strict) == 1 else 0.0
