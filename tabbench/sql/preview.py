"""What a sample record keeps of an executed result: a bounded preview, and which comparison rule failed.

A researcher reading a mismatch wants the two results side by side and the reason they differ (row order,
duplicates, column order, value types), without records growing with the result: a preview holds at most
``PREVIEW_ROWS`` rows, cells cut at ``PREVIEW_CELL_CHARS`` characters and at most ``PREVIEW_BYTES`` of cells
in all (the record limits of ``tabbench.evaluation.record_limits`` then apply to the whole record as usual).
Execution rewards add ``result_details`` to a score's details; the viewer shows them. A training run scores the
same (prediction, gold) pair again and again, so the details of a pair the run's store holds are computed once
(``ResultStore.compared``), like the comparison itself: diagnosing a mismatch walks both results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabbench.sql.execute import QueryResult
from tabbench.sql.store import current_store

PREVIEW_ROWS = 10
PREVIEW_CELL_CHARS = 100
PREVIEW_BYTES = 4_000
RULE_ROWS = 100_000  # larger results are not diagnosed (the comparison itself already ran on them)


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float):
        return value
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= PREVIEW_CELL_CHARS else text[:PREVIEW_CELL_CHARS] + "…"


def preview(result: QueryResult) -> dict[str, Any]:
    """The first rows of ``result`` within the preview limits, with its row and column counts."""
    rows, used = [], 0
    for row in result.rows[:PREVIEW_ROWS]:
        cells = [_cell(value) for value in row]
        used += sum(len(str(cell)) for cell in cells)
        if used > PREVIEW_BYTES:
            break
        rows.append(cells)
    width = len(result.columns) or (len(result.rows[0]) if result.rows else 0)
    out: dict[str, Any] = {"columns": list(result.columns), "rows": rows, "n_rows": len(result.rows),
                           "n_columns": width}
    if result.truncated:
        out["truncated"] = True  # the execution's row or byte cap cut the result itself
    return out


def differs_by(pred: Sequence[Sequence[Any]], gold: Sequence[Sequence[Any]]) -> str | None:
    """The one comparison rule that tells two results apart, when one does: ``"row order"`` (same rows in
    another order), ``"duplicates"`` (same distinct rows, other counts), ``"column order"`` (same rows up to a
    permutation of the columns), ``"types"`` (same values written as text, e.g. ``'1'`` vs ``1``); ``None``
    when they differ in content."""
    if max(len(pred), len(gold)) > RULE_ROWS:
        return None
    p, g = [tuple(r) for r in pred], [tuple(r) for r in gold]
    try:
        if len(p) != len(g):  # every rule but duplicates keeps the row count
            return "duplicates" if set(p) == set(g) else None
        if Counter(p) == Counter(g):
            return "row order" if p != g else None
        if set(p) == set(g):
            return "duplicates"
        wide = any(len(r) > 1 for r in p)  # one column has no other order
        if wide and Counter(tuple(sorted(map(repr, r))) for r in p) == Counter(tuple(sorted(map(repr, r))) for r in g):
            return "column order"
        if Counter(tuple(map(_text, r)) for r in p) == Counter(tuple(map(_text, r)) for r in g):
            return "types"
    except TypeError:  # unhashable cells (a server's arrays): no rule to name
        return None
    return None


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def result_details(pred: QueryResult, gold: QueryResult, *, matched: bool) -> dict[str, Any]:
    """``pred_result`` and ``gold_result`` previews, plus ``differs_by`` for a mismatch a rule explains;
    remembered for a pair of results the run's store holds (a new dict each call, its values shared)."""
    return dict(current_store().compared(("result_details", matched), pred, gold,
                                         lambda p, g: _details(p, g, matched)))


def _details(pred: QueryResult, gold: QueryResult, matched: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"pred_result": preview(pred), "gold_result": preview(gold)}
    rule = None if matched else differs_by(pred.rows, gold.rows)
    if rule:
        out["differs_by"] = rule
    return out
