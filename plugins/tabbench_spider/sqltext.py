"""What the Spider metrics do to query text before executing or parsing it.

The official script (test-suite-sql-eval) rewrites both queries before running them: ``> =`` becomes
``>=``, ``YEAR(CURDATE())`` becomes ``2020``, every DISTINCT keyword is deleted, and in the prediction every
occurrence of the substring ``value`` becomes ``1`` (old models wrote the placeholder ``value`` for
literals). Two of those are bugs that change verdicts; tabbench fixes them by default and keeps the official
behaviour behind ``official=True`` (see the README):

* ``value`` is replaced only as a bare word (not in ``t1.value``, ``value_id``, ``'value'`` or ``"value"``);
* DISTINCT is deleted only where it is row-level (``SELECT DISTINCT``), not inside ``COUNT(DISTINCT x)``.
"""

from __future__ import annotations

import re

from tabbench.sql.compare import fix_spaced_operators, remove_distinct

_CUR_YEAR = re.compile(r"YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*", re.IGNORECASE)
_LEXEME = re.compile(
    r"""'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|/\*.*?(?:\*/|$)|[A-Za-z0-9_$]+""", re.DOTALL
)


def replace_value_placeholder(sql: str, official: bool = False) -> str:
    """``value`` -> ``1`` in a prediction: every substring if ``official``, else only the bare word."""
    if official:
        return sql.replace("value", "1")

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        if word != "value":
            return word
        before = sql[match.start() - 1] if match.start() else ""
        after = sql[match.end()] if match.end() < len(sql) else ""
        return word if "." in (before, after) else "1"

    return _LEXEME.sub(swap, sql)


def normalise_for_execution(sql: str, *, distinct: str) -> str:
    """The official pre-execution rewrite of either query. ``distinct``: ``keep``, ``row`` or ``all``."""
    sql = fix_spaced_operators(sql)
    if distinct == "all":
        sql = remove_distinct(sql)
    elif distinct == "row":
        sql = remove_distinct(sql, keep_in_calls=True)
    return _CUR_YEAR.sub("2020", sql)
