"""Result comparison for Text-to-SQL metrics: one public module, shared by benchmarks and rewards.

Every function here compares the *rows* two queries returned (lists of tuples as ``sqlite3`` gives them);
none executes anything. They reproduce the official scripts' semantics exactly, quirks included, because a
reward is only worth optimising if it is the metric a model is judged by:

``bird_ex``
    BIRD execution accuracy (bird-bench ``evaluation_ex.py``): ``set(pred) == set(gold)``. Column order
    matters; row order and duplicates do not; cells compare by Python ``==`` (``1 == 1.0``, ``None == None``,
    ``'1' != 1``, no float tolerance); two empty results match.
``bird_soft_f1``
    BIRD Soft-F1 (``evaluation_f1.py``): rows de-duplicated keeping the first occurrence, then paired **by
    position**; per-row cell membership counts divided by the gold row's width; F1 of the summed counts.
``spider_result_eq``
    Spider / test-suite execution equality (test-suite-sql-eval ``exec_eval.result_eq``): equal as bags of
    rows up to one permutation of the columns; rows compared in order only when the gold query sorts
    (``order_matters``). The official cheap rejection (each row's cells sorted by ``str(x) + str(type(x))``)
    is reproduced too, because it decides some ``1`` vs ``1.0`` cases.
``rems``
    Relaxed exact match over results (REMS, after the execution-based RL paper of Kulkarni & Srikumar 2025,
    which scores TEMPTABQA answers by the share of gold answer parts found in the prediction): the share of
    distinct gold cell values that appear among the predicted cells. Dense partial credit for training.

Query-text normalisations the official Spider script applies before executing (``remove_distinct``,
``fix_spaced_operators``, ``order_matters``) live here as well so that every plugin applies them the same way.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

Row = tuple[Any, ...]

__all__ = [
    "bird_ex",
    "bird_soft_f1",
    "fix_spaced_operators",
    "order_matters",
    "remove_distinct",
    "rems",
    "results_match",
    "spider_result_eq",
]


def _rows(rows: Iterable[Sequence[Any]]) -> list[Row]:
    """Rows as tuples (an execution service may hand lists back; tuples hash and compare like sqlite3's).
    Results whose first row is a tuple are taken as tuples throughout, as every executor returns them."""
    if isinstance(rows, tuple | list) and (not rows or rows[0].__class__ is tuple):
        return list(rows)
    return [row if isinstance(row, tuple) else tuple(row) for row in rows]


# --- BIRD ---------------------------------------------------------------------------------------------


def bird_ex(pred_rows: Iterable[Sequence[Any]], gold_rows: Iterable[Sequence[Any]]) -> bool:
    """BIRD EX: the two results hold the same *set* of row tuples (two empty results are equal)."""
    return set(_rows(pred_rows)) == set(_rows(gold_rows))


#: Rows wider than this are compared through sets (linear time); narrower ones by tuple membership, which is
#: faster for a few cells. Both test membership with ``==`` on SQLite's hashable values, so they agree.
_SET_WIDTH = 8


def _cells(row: Row) -> Any:
    """The row as a membership container: a set when wide and hashable, else the tuple itself."""
    if len(row) > _SET_WIDTH:
        try:
            return frozenset(row)
        except TypeError:  # unhashable cells (lists from DuckDB): tuple membership
            return row
    return row


def bird_soft_f1(pred_rows: Iterable[Sequence[Any]], gold_rows: Iterable[Sequence[Any]]) -> float:
    """BIRD Soft-F1 in [0, 1], exactly as ``evaluation_f1.py`` computes it.

    Rows are de-duplicated keeping first occurrences and then paired by position, so the right rows in a
    different order score close to 0 (the official behaviour, mini_dev issue #15). Both empty gives 1.0.
    Each row pair adds its matched, predicted-only and gold-only cell counts, each divided by the gold row's
    width, in the official order (so the sums are bit-identical). Time is linear in the number of cells.
    """
    pred = list(dict.fromkeys(_rows(pred_rows)))
    gold = list(dict.fromkeys(_rows(gold_rows)))
    if not pred and not gold:
        return 1.0
    tp = fp = fn = 0.0
    n_pred = len(pred)
    for i, gold_row in enumerate(gold):
        if i >= n_pred:
            fn += 1
            continue
        pred_row = pred[i]
        if pred_row == gold_row:  # equal rows: every cell matches
            tp += 1.0
            continue
        width = len(gold_row)
        gold_cells, pred_cells = _cells(gold_row), _cells(pred_row)
        matched = 0
        for value in pred_row:
            if value in gold_cells:
                matched += 1
        gold_only = 0
        for value in gold_row:
            if value not in pred_cells:
                gold_only += 1
        tp += matched / width
        fp += (len(pred_row) - matched) / width
        fn += gold_only / width
    for _ in range(n_pred - len(gold)):  # one at a time, as upstream sums them (x + 1 + 1 may differ from x + 2)
        fp += 1
    precision = tp / (tp + fp) if tp + fp > 0 else 0.0
    recall = tp / (tp + fn) if tp + fn > 0 else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


# --- Spider / test-suite ------------------------------------------------------------------------------


_TYPE_TEXT: dict[type, str] = {kind: str(kind) for kind in (int, float, str, bytes, type(None), bool)}


def _official_key(value: Any) -> str:
    """The official sort key: the value's text followed by its type's repr, so 1 and 1.0 may sort apart."""
    kind = value.__class__
    return str(value) + (_TYPE_TEXT.get(kind) or str(kind))


def _unordered_row(row: Row) -> Row:
    return row if len(row) < 2 else tuple(sorted(row, key=_official_key))


def _same_values_and_types(gold: list[Row], pred: list[Row], ordered: bool) -> bool:
    """The rows are the same values of the same types (``repr`` tells 1, 1.0, True and '1' apart and
    round-trips floats), in order when ``ordered``: checked at C speed."""
    if ordered:
        return repr(gold) == repr(pred)
    return sorted(map(repr, gold)) == sorted(map(repr, pred))


def _quick_accept(gold: list[Row], pred: list[Row], ordered: bool) -> bool:
    """The official necessary condition: same rows once each row's cells are sorted (a list or a set)."""
    g = [_unordered_row(row) for row in gold]
    p = [_unordered_row(row) for row in pred]
    return g == p if ordered else set(g) == set(p)


def _permutation_exists(gold: list[Row], pred: list[Row], ordered: bool) -> bool:
    """Is there a column permutation of ``pred`` equal to ``gold`` (as a list if ordered, else as a bag)?

    The official script enumerates the product of per-column candidate sets (all of them for <= 3 columns,
    else candidates pruned by 20 random rows). Pruning is sound, so its answer is "does a valid permutation
    exist"; this search gives the same answer deterministically and faster: a predicted column can only
    stand for a gold column holding the same values (the same sequence when ordered, the same multiset
    otherwise: both are implied by equal results), and identical predicted columns are tried once (a table
    of 10 all-NULL columns is one case, not 10**10).
    """
    width = len(gold[0])
    gold_columns = [tuple(row[i] for row in gold) for i in range(width)]
    pred_columns = [tuple(row[j] for row in pred) for j in range(width)]
    if ordered:
        gold_keys: list = gold_columns
        pred_keys: list = pred_columns
    else:
        gold_keys = [Counter(column) for column in gold_columns]
        pred_keys = [Counter(column) for column in pred_columns]
    candidates = [[j for j in range(width) if pred_keys[j] == gold_keys[i]] for i in range(width)]
    if any(not c for c in candidates):
        return False
    target: Any = gold if ordered else Counter(gold)
    chosen: list[int] = []
    used: set[int] = set()

    def search(i: int) -> bool:
        if i == width:
            permuted = [tuple(row[j] for j in chosen) for row in pred]
            return permuted == target if ordered else Counter(permuted) == target
        tried: set[tuple[Any, ...]] = set()
        for j in candidates[i]:
            if j in used or pred_columns[j] in tried:
                continue
            tried.add(pred_columns[j])
            chosen.append(j)
            used.add(j)
            if search(i + 1):
                return True
            chosen.pop()
            used.discard(j)
        return False

    return search(0)


def spider_result_eq(
    pred_rows: Iterable[Sequence[Any]], gold_rows: Iterable[Sequence[Any]], order_matters: bool = False
) -> bool:
    """Spider / test-suite execution equality (``exec_eval.result_eq``).

    Both empty: equal. Different row or column counts: different. Otherwise equal when some permutation of
    the predicted columns makes the rows equal as a multiset (duplicates count), or as a list when
    ``order_matters`` (the gold query has ORDER BY; see ``order_matters()``).
    """
    gold = _rows(gold_rows)
    pred = _rows(pred_rows)
    if not gold and not pred:
        return True
    if len(gold) != len(pred) or len(gold[0]) != len(pred[0]):
        return False
    if _same_values_and_types(gold, pred, order_matters):
        return True  # identical rows pass the official quick check and its search finds the identity
    if not _quick_accept(gold, pred, order_matters):
        return False
    if gold == pred if order_matters else Counter(gold) == Counter(pred):
        return True  # equal with the columns as they are: the official search finds that permutation
    if len(gold[0]) == 1:
        return False  # one column: the identity, just refused, is the only permutation
    return _permutation_exists(gold, pred, order_matters)


def order_matters(gold_sql: str) -> bool:
    """The official rule: rows are compared in order iff the gold query text contains ``order by``."""
    return "order by" in gold_sql.lower()


_SPACED_OPERATOR = {"> =": ">=", "< =": "<=", "! =": "!="}


def fix_spaced_operators(sql: str) -> str:
    """Join ``> =``, ``< =`` and ``! =`` as the test-suite script's ``postprocess`` does (both queries)."""
    for spaced, joined in _SPACED_OPERATOR.items():
        sql = sql.replace(spaced, joined)
    return sql


# A string literal, a quoted identifier, a comment, or a word; everything else passes through unchanged.
_LEXEME = re.compile(
    r"""'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|/\*.*?(?:\*/|$)|[A-Za-z_][A-Za-z0-9_$]*""",
    re.DOTALL,
)


def remove_distinct(sql: str, *, keep_in_calls: bool = False) -> str:
    """Delete every ``DISTINCT`` keyword, as test-suite's default (no ``--keep_distinct``) does.

    Only the bare keyword goes (not ``'distinct'`` in a string, a quoted identifier or ``distinct_id``), and
    the surrounding whitespace is kept, as the official token filter does. Upstream this changes meaning:
    ``COUNT(DISTINCT x)`` becomes ``COUNT( x)``. ``keep_in_calls`` keeps a DISTINCT that opens a function's
    arguments (``COUNT(DISTINCT x)``), so only the row-level ``SELECT DISTINCT`` is ignored.
    """

    def replace(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.lower() != "distinct":
            return word
        if keep_in_calls:
            before = match.start() - 1  # the last character before the keyword that is not a space
            while before >= 0 and sql[before].isspace():
                before -= 1
            if before >= 0 and sql[before] == "(":  # (slicing and stripping the text before each match was quadratic)
                return word
        return ""

    return _LEXEME.sub(replace, sql)


# --- relaxed exact match ------------------------------------------------------------------------------


def _cell_key(value: Any) -> Any:
    """Normalise a cell for REMS: integral floats equal their int, text is stripped; NULL is dropped."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        return value.strip()
    return value


def rems(pred_rows: Iterable[Sequence[Any]], gold_rows: Iterable[Sequence[Any]], strict: bool = False) -> float:
    """Relaxed exact match in [0, 1]: the share of distinct gold cell values found among the predicted cells.

    Cells are compared after ``_cell_key`` (``1`` equals ``1.0``, ``' a'`` equals ``'a'``, case kept);
    NULL cells are ignored. Row structure, column order and duplicates do not matter. Both results empty (or
    all-NULL) gives 1.0; one side empty gives 0.0. Extra predicted values are free unless ``strict``, which
    scores 0 when the prediction holds any value absent from the gold (the guard against ``SELECT *``).
    """
    gold = {_cell_key(v) for row in _rows(gold_rows) for v in row if v is not None}
    pred = {_cell_key(v) for row in _rows(pred_rows) for v in row if v is not None}
    if not gold:
        return 1.0 if not pred else 0.0
    if strict and pred - gold:
        return 0.0
    return len(gold & pred) / len(gold)


# --- one entry point for configurable rewards ---------------------------------------------------------


def results_match(
    pred_rows: Iterable[Sequence[Any]],
    gold_rows: Iterable[Sequence[Any]],
    semantics: str = "set",
    *,
    ordered: bool = False,
) -> bool:
    """Compare two results under a named semantics, for rewards that make it an option.

    ``set`` (BIRD EX), ``spider`` (bag up to column permutation, in order when ``ordered``), ``multiset``
    (bag of rows, column order significant) or ``list`` (row order and column order significant).
    """
    if semantics == "set":
        return bird_ex(pred_rows, gold_rows)
    if semantics == "spider":
        return spider_result_eq(pred_rows, gold_rows, order_matters=ordered)
    if semantics == "multiset":
        return Counter(_rows(pred_rows)) == Counter(_rows(gold_rows))
    if semantics == "list":
        return _rows(pred_rows) == _rows(gold_rows)
    raise ValueError(f"unknown result semantics {semantics!r} (set, spider, multiset, list)")
