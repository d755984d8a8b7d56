"""CRT-QA answer extraction and exact-match normalisation, shared by the benchmark and the ``crtqa-em`` reward.

CRT-QA (Zhang et al., EMNLP 2023) ships no evaluation code, so the comparison rule is tabbench's, chosen to
be strict about content and lenient about form (README, "Normalisation"):

1. lower-case; strip surrounding whitespace, quotes, markdown marks and a final full stop;
2. remove thousands separators inside numbers (``1,062`` -> ``1062``), currency signs before numbers and a
   ``%`` after them; drop the articles a/an/the; replace remaining punctuation by spaces except a decimal
   point or minus sign that belongs to a number; squash spaces;
3. split into items on ``,`` / ``;`` / `` and `` (gold lists are unordered sets of entities);
4. two items are equal when both are numbers equal after rounding to ``decimals`` places (default 2, the
   precision the prompt asks for), or when their normalised texts are equal;
5. the answer matches when the two item lists are equal as multisets.

``sparks_em`` reproduces ``get_EM_score`` of josefastoisser/sparks_of_tabular_reasoning (the seed paper's
CRT-QA metric, re-implemented from its description, not copied) for comparability with that paper.
"""

from __future__ import annotations

import json
import re
import string

_THINK_END = re.compile(r"</think>", re.IGNORECASE)
_FINAL = re.compile(r"final answer\s*:", re.IGNORECASE)
_JSON_BLOCK = re.compile(r"```json\s*(.*?)\s*```", re.S)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_CURRENCY = re.compile(r"[$€£¥](?=\s?-?\d)")
_PERCENT = re.compile(r"(?<=\d)\s?%")
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SPLIT = re.compile(r"\s*(?:,|;|\band\b)\s*")
_SPARKS_PUNCT = set("""!()-[]{};:'"\\,<>./?@#$%^&*_~""")


def extract_answer(completion: str) -> str | None:
    """The answer in ``completion`` or ``None``: the line after the last ``Final Answer:``.

    Reasoning inside ``<think>...</think>`` is skipped first. A ```` ```json {"answer": ...}``` ```` block
    (the seed paper's Llama format) is read when there is no ``Final Answer:``.
    """
    if not isinstance(completion, str):
        return None
    text = _THINK_END.split(completion)[-1]
    finals = list(_FINAL.finditer(text))
    if finals:
        answer = text[finals[-1].end():].strip().split("\n", 1)[0].strip()
        return answer or None
    for block in reversed(_JSON_BLOCK.findall(text)):
        try:
            value = json.loads(block)
        except ValueError:
            continue
        if isinstance(value, dict) and value.get("answer") is not None:
            answer = value["answer"]
            return (", ".join(map(str, answer)) if isinstance(answer, list) else str(answer)).strip() or None
    return None


def extract_after_think(completion: str) -> str | None:
    """The seed paper's Qwen extraction: everything after the last ``</think>`` (or the whole text)."""
    if not isinstance(completion, str):
        return None
    return _THINK_END.split(completion)[-1].strip() or None


def _clean(text: str) -> str:
    text = text.strip().lower().strip("\"'`*").strip()
    if text.endswith("."):
        text = text[:-1]
    text = _THOUSANDS.sub("", text)
    text = _CURRENCY.sub("", text)
    return _PERCENT.sub("", text)


def _normalise_item(item: str) -> str:
    out = []
    for i, ch in enumerate(item):
        if ch in ".-" and i + 1 < len(item) and item[i + 1].isdigit() and (ch == "-" or (i and item[i - 1].isdigit())):
            out.append(ch)
        elif ch in string.punctuation:
            out.append(" ")
        else:
            out.append(ch)
    return " ".join(_ARTICLES.sub(" ", "".join(out)).split())


def normalise(text: str) -> list[str]:
    """The answer as a list of normalised items (steps 1-3 of the module docstring)."""
    return [n for n in (_normalise_item(part) for part in _SPLIT.split(_clean(text))) if n]


def _same(a: str, b: str, decimals: int) -> bool:
    if _NUMBER.fullmatch(a) and _NUMBER.fullmatch(b):
        return round(float(a), decimals) == round(float(b), decimals)
    return a == b


def exact_match(prediction: str, gold: str, decimals: int = 2) -> bool:
    """tabbench's CRT-QA exact match (module docstring): equal item multisets, numbers to ``decimals``."""
    predicted, wanted = normalise(prediction), normalise(gold)
    if len(predicted) != len(wanted):
        return False
    remaining = list(predicted)
    for item in wanted:
        for j, candidate in enumerate(remaining):
            if _same(item, candidate, decimals):
                del remaining[j]
                break
        else:
            return False
    return True


def sparks_em(prediction: str, gold: str) -> bool:
    """The seed paper's ``EM_manual``: lower-case, delete ``!()-[]{};:'"\\,<>./?@#$%^&*_~``, squash spaces;
    compare as floats rounded to 2 places when both parse, else as strings. Deleting ``.`` and ``-`` before
    parsing is its quirk (``3.14`` becomes ``314``), kept here on purpose."""

    def norm(value: str) -> str:
        return " ".join("".join(ch for ch in str(value).lower() if ch not in _SPARKS_PUNCT).split()).strip()

    p, g = norm(prediction), norm(gold)
    try:
        return round(float(g), 2) == round(float(p), 2)
    except ValueError:
        return g == p
