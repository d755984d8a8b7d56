"""SQL as text and as a tree: the pieces the sparks paper's text rewards compare.

Everything here is pure (no execution) and total: unparseable SQL gives ``None`` from the tree functions,
and tokenisation falls back to a regular expression, so a reward built on it never raises.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import sqlglot
from sqlglot import expressions as exp

_FALLBACK_TOKEN = re.compile(r"'[^']*'|\"[^\"]*\"|\w+|[^\w\s]")
_MAX_PARSE_CHARS = 20_000  # longer "SQL" is garbage; parsing it would only cost time


def parse(sql: str | None, dialect: str = "sqlite") -> exp.Expression | None:
    """One statement parsed by sqlglot, or ``None`` (empty, unparseable, several statements, too long)."""
    if not sql or not sql.strip() or len(sql) > _MAX_PARSE_CHARS:
        return None
    try:
        trees = [t for t in sqlglot.parse(sql, read=dialect) if t is not None]
    except Exception:  # sqlglot raises ParseError, TokenError and, on odd input, others
        return None
    return trees[0] if len(trees) == 1 else None


def render(sql: str, dialect: str = "sqlite") -> str:
    """sqlglot's canonical rendering of ``sql`` (the sparks paper re-renders predictions); the input if unparseable."""
    tree = parse(sql, dialect)
    if tree is None:
        return sql
    try:
        return tree.sql(dialect=dialect)
    except Exception:
        return sql


def tokens(sql: str, dialect: str = "sqlite") -> list[str]:
    """SQL tokens, normalised: keywords and unquoted names lower-cased, literals kept verbatim."""
    try:
        out = []
        for token in sqlglot.tokenize(sql, read=dialect):
            kind = token.token_type.name
            if kind in ("STRING", "IDENTIFIER", "NATIONAL_STRING"):
                out.append(f"{kind[0]}:{token.text}")
            else:
                out.append(token.text.lower())
        return out
    except Exception:
        return [t if t[0] in "'\"" else t.lower() for t in _FALLBACK_TOKEN.findall(sql)]


def edit_distance(a: list[str], b: list[str]) -> int:
    """Levenshtein distance over token lists (insert, delete, substitute: cost 1 each)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _alias_map(tree: exp.Expression) -> dict[str, str]:
    aliases = {}
    for table in tree.find_all(exp.Table):
        if table.alias:
            aliases[table.alias.lower()] = table.name.lower()
    return aliases


def _normalise(tree: exp.Expression, dialect: str) -> exp.Expression:
    """Resolve table aliases in column references and lower-case names, so ``T1.a`` equals ``tab.a``; in a
    query over a single table, qualifiers are dropped, so ``s.a`` equals ``a``."""
    aliases = _alias_map(tree)
    single = len({t.name.lower() for t in tree.find_all(exp.Table)}) == 1

    def fix(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Column) and node.table and not single:
            table = node.table.lower()
            return exp.column(node.name.lower(), table=aliases.get(table, table))
        if isinstance(node, exp.Column):
            return exp.column(node.name.lower())
        if isinstance(node, exp.Table):
            return exp.table_(node.name.lower())
        return node

    return tree.copy().transform(fix)


def _conjuncts(node: exp.Expression | None) -> Iterable[exp.Expression]:
    """Split a predicate on AND/OR (the paper replaces both with commas before comparing)."""
    if node is None:
        return
    if isinstance(node, exp.Connector):
        yield from _conjuncts(node.left)
        yield from _conjuncts(node.right)
    elif isinstance(node, exp.Paren):
        yield from _conjuncts(node.this)
    else:
        yield node


COMPONENTS = ("select", "from", "join", "where", "group by", "having", "order by", "limit", "distinct",
              "aggregate", "function", "set operation", "subquery")


def components(sql: str | None, dialect: str = "sqlite") -> dict[str, set[str]] | None:
    """The query's components as sets of rendered items, keyed by ``COMPONENTS``; ``None`` if unparseable.

    Every SELECT in the query (subqueries, CTEs, set-operation branches) contributes, so a nested clause
    counts like a top-level one.
    """
    tree = parse(sql, dialect)
    if tree is None:
        return None
    try:
        tree = _normalise(tree, dialect)

        def text(node: exp.Expression) -> str:
            return node.sql(dialect=dialect)

        parts: dict[str, set[str]] = {name: set() for name in COMPONENTS}
        for select in tree.find_all(exp.Select):
            parts["select"].update(text(p.unalias()) for p in select.expressions)
            source = select.args.get("from_") or select.args.get("from")
            if source is not None:
                parts["from"].update(text(t) for t in source.find_all(exp.Table))
            for join in select.args.get("joins") or []:
                parts["join"].add(text(join))
            where = select.args.get("where")
            if where is not None:
                parts["where"].update(text(c) for c in _conjuncts(where.this))
            group = select.args.get("group")
            if group is not None:
                parts["group by"].update(text(g) for g in group.expressions)
            having = select.args.get("having")
            if having is not None:
                parts["having"].update(text(c) for c in _conjuncts(having.this))
            order = select.args.get("order")
            if order is not None:
                parts["order by"].update(text(o) for o in order.expressions)
            limit = select.args.get("limit")
            if limit is not None:
                parts["limit"].add(text(limit))
            if select.args.get("distinct"):
                parts["distinct"].add("DISTINCT")
        for func in tree.find_all(exp.Func):
            if isinstance(func, exp.Connector | exp.Binary | exp.Predicate | exp.Not):
                continue
            name = (func.sql_name() or type(func).__name__).upper()
            parts["aggregate" if isinstance(func, exp.AggFunc) else "function"].add(name)
        for setop in tree.find_all(exp.SetOperation):
            parts["set operation"].add(type(setop).__name__.upper() + ("" if setop.args.get("distinct") else " ALL"))
        for sub in tree.find_all(exp.Subquery):
            parts["subquery"].add(text(sub.this))
        return parts
    except Exception:
        return None


def set_f1(pred: set[str], gold: set[str]) -> float:
    """F1 of two sets: 1 when both are empty, 0 when only one is."""
    if not pred and not gold:
        return 1.0
    if not pred or not gold:
        return 0.0
    common = len(pred & gold)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(gold)
    return 2 * precision * recall / (precision + recall)
