"""Answer extraction, normalisation and per-sample scoring shared by the table-QA benchmarks.

These functions are the single implementation of the table-QA metrics: the table-QA reward plugins call
them, and so do the benchmarks that reuse them (tablebench, realhitbench). They are pure (no I/O, nothing
run; ``tabbench.tableqa.extractors`` runs programs) and deterministic. The semantics follow the official
scripts, read line by line (TableBench ``metrics/qa_metrics.py`` and ``metrics/custom_em_metric.py`` at 6c61a203,
RealHiTBench ``metrics/qa_metrics.py`` at 5278fa22); every rule below says which quirk it keeps.

Public API (``tabbench.tableqa.answers``; stable, plugins import it):

- ``extract_final_answer(text)``: TableBench's first ``Final Answer: (.+)`` line, or ``None``.
- ``extract_after_last_marker(text, markers)``: RealHiTBench's text after the last ``[Final Answer]:``.
- ``extract_python_code(text)``: the last fenced ```` ```python ```` block, or ``None``.
- ``extract_plot_span(text)``: RealHiTBench's last ``import pandas as pd ... plt.show()`` span, or ``None``.
- ``normalize_answer(s)``: the SQuAD normaliser both official scripts apply to gold and prediction.
- ``process_decimal(s, ndigits=1)``: RealHiTBench's decimal rounding.
- ``em_score(gold, pred)``: TableBench's per-sample EM (``compute_em`` for one pair), in [0, 1].
- ``em_tolerance_score(gold, pred, error_pct)``: TableBench's ``compute_em_with_tolerance`` for one pair.
- ``rouge_l_f1(gold, pred)``: rouge-score ROUGE-L F1 for one pair (default tokenizer, no stemming).
- ``prepare(text, normalize=True, decimals=None)``: the preprocessing chain the official scripts run.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache
from types import ModuleType
from typing import Any

from tabbench.contract.deprecation import module_getattr, moved

_FINAL_ANSWER = re.compile(r"Final Answer: (.+)")
_PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.S)
_PLOT_SPANS = (
    re.compile(r"import pandas as pd.*?plt\.show\(\)", re.S),
    re.compile(r"import matplotlib\.pyplot as plt.*?plt\.show\(\)", re.S),
)
_NUMBER = re.compile(r"^-?\d+(\.\d+)?%?$")
_DECIMAL = re.compile(r"\b\d+\.\d+\b")
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCTUATION = frozenset(string.punctuation)

REALHITBENCH_MARKERS: tuple[str, ...] = ("[Final Answer]:", "Final Answer:")


# --- extraction -----------------------------------------------------------------------------------------


def extract_final_answer(text: str) -> str | None:
    """TableBench's answer: the rest of the line after the **first** ``Final Answer: `` (case-sensitive).

    Exactly one space must follow the colon and at least one character the space, as in the official
    ``re.search(r"Final Answer: (.+)")``. Returns ``None`` where the official parser yields ``''``.
    """
    if not isinstance(text, str):
        return None
    match = _FINAL_ANSWER.search(text)
    return match.group(1) if match else None


def extract_after_last_marker(text: str, markers: Sequence[str] = REALHITBENCH_MARKERS) -> str | None:
    """The stripped text after the **last** occurrence of the first marker present (RealHiTBench style).

    Markers are tried in order: ``[Final Answer]:`` first, then ``Final Answer:``. ``None`` when none occurs.
    """
    if not isinstance(text, str):
        return None
    for marker in markers:
        if marker in text:
            return text.rsplit(marker, 1)[1].strip()
    return None


def extract_python_code(text: str) -> str | None:
    """The **last** ```` ```python\\n ... ``` ```` block (TableBench ``parse_python_code``), or ``None``."""
    if not isinstance(text, str):
        return None
    blocks = _PYTHON_BLOCK.findall(text)
    return blocks[-1] if blocks else None


def extract_plot_span(text: str) -> str | None:
    """RealHiTBench's chart code: the **last** ``import pandas as pd ... plt.show()`` span, else the last
    ``import matplotlib.pyplot as plt ... plt.show()`` span (``visualization_code_format``), or ``None``."""
    if not isinstance(text, str):
        return None
    for pattern in _PLOT_SPANS:
        spans = pattern.findall(text)
        if spans:
            return spans[-1]
    return None


# --- normalisation ----------------------------------------------------------------------------------------


def normalize_answer(s: str) -> str:
    """SQuAD normalisation: lower-case, drop every ASCII punctuation character, drop a/an/the, squash spaces.

    Official quirk kept on purpose: ``.``, ``,``, ``-`` and ``%`` are punctuation, so numbers lose their
    decimal point, sign and thousands separator (``'-3.24'`` becomes ``'324'``) before any comparison.
    """
    text = "".join(ch for ch in s.lower() if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


def process_decimal(s: str, ndigits: int = 1) -> str:
    """RealHiTBench's ``process_decimal``: every ``\\b\\d+\\.\\d+\\b`` becomes ``str(round(float(x), ndigits))``."""
    return _DECIMAL.sub(lambda m: str(round(float(m.group(0)), ndigits)), s)


def prepare(text: str, *, normalize: bool = True, decimals: int | None = None) -> str:
    """The official preprocessing chain: optional decimal rounding (RealHiTBench), then ``normalize_answer``."""
    if decimals is not None:
        text = process_decimal(text, decimals)
    return normalize_answer(text) if normalize else text


# --- TableBench exact match -------------------------------------------------------------------------------


def is_number(value: str) -> bool:
    """A number or percentage as TableBench reads it: ``^-?\\d+(\\.\\d+)?%?$`` after stripping."""
    return bool(_NUMBER.match(value.strip()))


def _to_decimal(value: str) -> Decimal:
    if value.endswith("%"):
        return (Decimal(value.strip("%")) / Decimal(100)).quantize(Decimal("1.0000"), rounding=ROUND_HALF_UP)
    return Decimal(value)


def _min_precision(values: Sequence[str]) -> int:
    places = [len(v.split(".")[-1]) if "." in v else 0 for v in values if not v.endswith("%")]
    return min(places) if places else 0


def _rounded(value: Decimal, places: int) -> str:
    return str(value.quantize(Decimal("1." + "0" * places), rounding=ROUND_HALF_UP))


def _itemwise_score(gold: str, pred: str, numbers_equal: Callable[[str, str, list[str]], bool]) -> float:
    """TableBench's item-by-item EM skeleton shared by ``em_score`` and ``em_tolerance_score``.

    Gold and prediction are split on ``,``; each gold item weighs ``1/len(gold items)`` and is compared with
    the prediction item at the same position: non-numeric gold items as exact strings, numeric ones with
    ``numbers_equal(gold_item, pred_item, gold_items)``; a comparison that cannot parse a number scores 0.
    """
    golds = [x.strip() for x in gold.split(",")]
    preds = [x.strip() for x in pred.split(",")]
    weight = 1.0 / len(golds)
    score = 0.0
    for i, g in enumerate(golds):
        if i >= len(preds):
            continue
        p = preds[i]
        if not is_number(g):
            score += weight if g == p else 0.0
            continue
        try:
            same = numbers_equal(g, p, golds)
        except (InvalidOperation, ValueError, ArithmeticError):
            continue
        if same:
            score += weight
    return score


def em_score(gold: str, pred: str) -> float:
    """TableBench's exact match for one (already prepared) pair, in [0, 1].

    Gold and prediction are split on ``,``; each gold item weighs ``1/len(gold items)`` and is compared with
    the prediction item at the same position. Numeric gold items are compared after rounding both sides to
    the fewest decimals among the numeric gold items (ROUND_HALF_UP); percentages at 4 places as fractions;
    other items as exact strings. A prediction item that is not a number scores 0 against a numeric gold.
    """

    def rounded_equal(g: str, p: str, golds: list[str]) -> bool:
        if g.endswith("%"):
            return _to_decimal(g) == _to_decimal(p)
        places = _min_precision([x for x in golds if is_number(x) and not x.endswith("%")])
        return _rounded(_to_decimal(g), places) == _rounded(_to_decimal(p), places)

    return _itemwise_score(gold, pred, rounded_equal)


def em_tolerance_score(gold: str, pred: str, error_pct: float = 10) -> float:
    """TableBench's exact match with a relative tolerance of ``error_pct`` percent on numeric gold items.

    ``|g - p| / |g| <= error_pct / 100`` (a Decimal compared with the float, as officially); a zero gold must
    be matched exactly; non-numeric items as in ``em_score``.
    """

    def within_tolerance(g: str, p: str, _golds: list[str]) -> bool:
        gv, pv = _to_decimal(g), _to_decimal(p)
        return pv == gv if gv == Decimal(0) else abs(gv - pv) / abs(gv) <= error_pct / 100

    return _itemwise_score(gold, pred, within_tolerance)


# --- ROUGE-L ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _rouge_scorer() -> Any:
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)


def rouge_l_f1(gold: str, pred: str) -> float:
    """ROUGE-L F1 of one pair with rouge-score's defaults (the scorer HF ``evaluate``'s ``rouge`` wraps).

    The official TableBench number over a group is a bootstrap median of these values (random); tabbench
    reports their plain mean (see the tablebench README).
    """
    return float(_rouge_scorer().score(gold, pred)["rougeL"].fmeasure)


def _extractors() -> ModuleType:
    from tabbench.tableqa import extractors  # it imports this module: only when an old name is used

    return extractors


__getattr__ = module_getattr(__name__, moved(_extractors, ("EXTRACTIONS", "extract_answer"),
                                             "tabbench.tableqa.extractors"))  # 0.1.0's names (docs/api.md)
