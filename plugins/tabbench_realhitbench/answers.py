"""RealHiTBench's answer and chart-code extraction, and its token F1, as the official code does them.

Official (``inference/llm_local.py`` ``get_final_answer``, ``metrics/qa_metrics.py`` ``QAMetric``, read at
5278fa22): the answer is the text after the **last** ``[Final Answer]:`` (else the last ``Final Answer:``);
gold and prediction go through ``process_decimal`` (every ``\\d+\\.\\d+`` rounded to 1 decimal with Python's
``round``) and the SQuAD ``normalize_answer``; an empty prediction becomes ``'#'``. EM is string equality
of the results, F1 the SQuAD token-overlap F1, ROUGE-L the rouge-score F1 of the pair. EM and ROUGE-L are
the shared ``exact-match`` / ``rouge-l`` rewards; the normalising helpers are the shared ones of
``tabbench.tableqa.answers`` (one implementation for TableBench and RealHiTBench).
"""

from __future__ import annotations

from collections import Counter

from tabbench.tableqa.answers import REALHITBENCH_MARKERS, extract_after_last_marker, extract_plot_span, prepare

BLANK = "#"


def extract_answer(completion: str) -> str | None:
    """The stripped text after the last ``[Final Answer]:`` (else ``Final Answer:``); ``None`` without one."""
    return extract_after_last_marker(completion, REALHITBENCH_MARKERS)


def extract_chart_code(completion: str) -> str | None:
    """Chart code as the official ``visualization_code_format`` finds it: the last ``import pandas as pd ...
    plt.show()`` span, else the last ``import matplotlib.pyplot as plt ... plt.show()`` span, searched in the
    final answer (or, without a final-answer marker, in the whole completion, as the API scripts do)."""
    if not isinstance(completion, str):
        return None
    return extract_plot_span(extract_answer(completion) or completion)


def prepared(text: str, decimals: int | None = 1, *, prediction: bool = False) -> str:
    """``process_decimal`` then ``normalize_answer``; a prediction that comes out empty becomes ``'#'``."""
    out = prepare(text, normalize=True, decimals=decimals)
    return BLANK if prediction and not out else out


def token_f1(prediction: str, gold: str, decimals: int | None = 1) -> float:
    """SQuAD token F1 of the prepared strings (what ``QAMetric``'s ``F1`` gives for one pair)."""
    pred_tokens = prepared(prediction, decimals, prediction=True).split()
    gold_tokens = prepared(gold, decimals).split()
    common = sum((Counter(pred_tokens) & Counter(gold_tokens)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(pred_tokens), common / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)
