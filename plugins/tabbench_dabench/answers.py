"""InfiAgent-DABench's closed-form answers: ``@name[value]`` extraction and equality, as the official
``examples/DA-Agent/eval_closed_form.py`` does them (reimplemented from its description, not copied).

- extraction: every match of ``@(\\w+)\\[(.*?)\\]`` (one line each: ``.`` stops at a newline); a name given
  twice keeps its last value;
- equality: the strings are equal, or both parse as Python floats within ``1e-6`` of each other;
- a question's verdict: one boolean per labelled answer name (a name the label repeats keeps its last value).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

ANSWER = re.compile(r"@(\w+)\[(.*?)\]")
TOLERANCE = 1e-6


def extract_answers(response: str) -> dict[str, str]:
    """``{name: value}`` of the ``@name[value]`` answers in ``response`` (the last value of a repeated name).

    A match never crosses a line, so each line is searched only up to its last ``]``: the same matches, in time
    linear in the response (on a line of ``@a[@a[@a[...`` without a ``]`` every ``@`` scanned the rest of the line,
    which took minutes for a long completion)."""
    found: list[tuple[str, str]] = []
    for line in response.split("\n"):
        end = line.rfind("]")
        if end >= 0:
            found += ANSWER.findall(line, 0, end + 1)
    return dict(found)


def answers_equal(predicted: str | None, label: str) -> bool:
    """Equal strings, or numbers (Python ``float``) closer than ``1e-6``; ``None`` (no answer) is never equal."""
    if predicted == label:
        return True
    try:
        return abs(float(predicted) - float(label)) < TOLERANCE  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return False


def correctness(response: str, labels: Sequence[Sequence[str]]) -> dict[str, bool]:
    """One verdict per labelled answer name, in label order."""
    predicted = extract_answers(response)
    expected = {name: value for name, value in labels}
    return {name: answers_equal(predicted.get(name), value) for name, value in expected.items()}


def gold_response(labels: Sequence[Sequence[str]]) -> str:
    """The labels written as a response, one ``@name[value]`` per line."""
    return "\n".join(f"@{name}[{value}]" for name, value in labels)
