"""Predictions for the parity tests of the Spider variants, built from the shared data the same way each time:
a real model's Spider dev prediction where the item is a Spider dev item (``pred_example.txt`` of the official
repository), otherwise (and on every third item) the gold query put through one of the edits below, each
aimed at a place where the official script's verdict is easy to get wrong."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence


def _flip_order(sql: str) -> str:
    if re.search(r"\bdesc\b", sql, re.I):
        return re.sub(r"\bdesc\b", "ASC", sql, count=1, flags=re.I)
    return re.sub(r"\basc\b", "DESC", sql, count=1, flags=re.I) if re.search(r"\basc\b", sql, re.I) else sql


def _toggle_distinct(sql: str) -> str:
    if re.search(r"\bdistinct\b", sql, re.I):
        return re.sub(r"\s*\bdistinct\b", "", sql, count=1, flags=re.I)
    return re.sub(r"^\s*select\b", "SELECT DISTINCT", sql, count=1, flags=re.I)


def _value_placeholder(sql: str) -> str:
    return re.sub(r"'[^']*'|\"[^\"]*\"", "value", sql, count=1)


def _star(sql: str) -> str:
    match = re.search(r"\bfrom\s+(\w+)", sql, re.I)
    return f"SELECT * FROM {match.group(1)}" if match else "SELECT 1"


def _limit(sql: str) -> str:
    if re.search(r"\blimit\s+1\b", sql, re.I):
        return re.sub(r"\blimit\s+1\b", "LIMIT 3", sql, flags=re.I)
    return sql.replace("=", "!=", 1) if " = " in sql else sql + " LIMIT 1"


EDITS: tuple[Callable[[str], str], ...] = (
    lambda sql: sql,  # the gold itself
    _flip_order,
    _toggle_distinct,
    lambda sql: sql.lower(),  # string literals lose their case
    _star,
    lambda sql: sql[: max(1, len(sql) // 2)],  # cut in half: a syntax error
    _value_placeholder,
    _limit,
    lambda sql: sql.replace(" , ", ", ").replace("count(*)", "COUNT(*)"),  # spacing and case only
)


def variant_predictions(items: Sequence[dict], dev_items: Sequence[dict], dev_predictions: Sequence[str]) -> list[str]:
    """One prediction per item (no tabs or newlines), deterministic."""
    dev_index: dict[tuple[str, str], int] = {}
    for index, item in enumerate(dev_items):
        dev_index.setdefault((item["db_id"], item["query"]), index)
    out = []
    for position, item in enumerate(items):
        gold = " ".join(item["query"].split())
        known = dev_index.get((item["db_id"], item["query"]))
        if known is not None and position % 3:
            out.append(" ".join(dev_predictions[known].split("\t")[0].split()))
        else:
            out.append(EDITS[position % len(EDITS)](gold))
    return out
