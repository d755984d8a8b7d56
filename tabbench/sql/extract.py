"""Find the SQL in a model completion (the one SQL extractor), and sqlglot helpers: statement splitting,
validation, transpiling.

Every benchmark and reward reads a completion's SQL through ``extract_sql``, in one of two modes, and shares
the answer through the named extractors ``sql_extractor(mode)`` (the host runs each once per sample):

- ``auto`` (the default everywhere: BIRD, Spider, the demo, the SQL rewards): an ``<answer>`` tag, then
  ```sql blocks, then any fenced block, then bare SQL (the whole text when it starts with a statement verb,
  such as a predictions-file value; else from a line that starts with SELECT or WITH, possibly after opening
  parentheses), with reasoning in ``<think>...</think>`` removed first, so a query drafted
  while thinking is never taken for the answer. No SQL found is ``None``, which every SQL reward scores as
  ``no_sql``: a completion of prose gets the same status from BIRD's metric and from a training reward.
  (An official script would execute that prose and fail; the value, 0, is the same.)
- ``block``: the content of the last ```sql block and nothing else, no reasoning removed: what the seed
  papers' reward code reads (the sparks paper's text rewards, SQL-R1 inside its answer tag), kept for
  parity with their numbers.

Within ``auto``, precedence is configurable (``sources`` and ``prefer``) because benchmarks and reward
papers disagree: SQL-R1 scores the ``<answer>`` block, Arctic-Text2SQL the last ```sql block, plain
prompting the raw text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, partial
from typing import Literal

from tabbench.contract.extract import Extractor
from tabbench.contract.types import Example

Source = Literal["answer_tag", "sql_block", "any_block", "raw"]

#: Default precedence: an ``<answer>`` tag (or a SQL block inside it), then ```sql blocks, then any fenced
#: block, then the raw text when it starts with a query keyword.
DEFAULT_SOURCES: tuple[Source, ...] = ("answer_tag", "sql_block", "any_block", "raw")

#: Fence languages counted as SQL by the ``sql_block`` source.
SQL_LANGUAGES = frozenset({"sql", "sqlite", "mysql", "postgresql", "postgres", "psql", "duckdb", "tsql", "plsql"})

_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.S | re.I)
_THINK_OPEN = re.compile(r"<think>", re.I)
_THINK_CLOSE = re.compile(r"</think>", re.I)
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.S | re.I)
_ANSWER_CLOSE = re.compile(r"</answer>", re.I)
_FENCE_LANGUAGE = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_RAW_START = re.compile(r"^[ \t]*(?:\([ \t]*)*(SELECT|WITH)\b", re.I | re.M)
# A completion that is nothing but a statement (a predictions-file value) is the statement, whatever its verb:
# a DELETE is then refused as a write (``forbidden``), as the official scripts would run it, not ``no_sql``.
_STATEMENT = re.compile(r"\s*(?:\(\s*)*(?:SELECT|WITH|VALUES|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|"
                        r"PRAGMA|ATTACH|DETACH|VACUUM|EXPLAIN|ANALYZE|REINDEX|BEGIN|COMMIT|ROLLBACK)\s", re.I)
_PAPER_BLOCK = re.compile(r"```sql(.*?)```", re.S | re.I)

Mode = Literal["auto", "block"]
#: The modes of ``extract_sql`` (see the module docstring).
SQL_MODES: tuple[Mode, ...] = ("auto", "block")


def _closed_part(text: str, close: re.Pattern[str]) -> str:
    """``text`` up to the end of its last ``close`` tag: a lazy ``<tag>(.*?)</tag>`` search confined to it finds
    the same blocks, and no opening tag there scans to the end of the text in vain (thousands of unclosed
    ``<think>`` in a completion made that quadratic: 7 s for 80 kB, minutes for a long one)."""
    end = 0
    for match in close.finditer(text):
        end = match.end()
    return text[:end]


def strip_think(text: str) -> str:
    """Remove reasoning: closed ``<think>`` blocks, everything before a lone ``</think>`` (chat templates
    often put the opening tag in the prompt), and everything after an unclosed ``<think>`` (truncated)."""
    closed = _closed_part(text, _THINK_CLOSE)
    text = _THINK_BLOCK.sub("", closed) + text[len(closed):]
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    opening = _THINK_OPEN.search(text)
    if opening:
        text = text[: opening.start()]
    return text


def _fences(text: str) -> list[tuple[str, str]]:
    """``(language, body)`` of each closed fenced block: ```` ``` ````, the language word, the rest of the line,
    then the body up to the next ```` ``` ````. A linear scan: the regex it replaces retried every later
    ```` ``` ```` when a fence never closed, quadratic on a completion that repeats ```` ```sql ````."""
    blocks, pos = [], 0
    while (start := text.find("```", pos)) >= 0:
        newline = text.find("\n", start + 3)
        close = text.find("```", newline + 1) if newline >= 0 else -1
        if close < 0:  # no later opening can close either
            break
        language = _FENCE_LANGUAGE.match(text, start + 3, newline)
        blocks.append((language.group(1) if language else "", text[newline + 1: close]))
        pos = close + 3
    return blocks


def _fenced(text: str, *, sql_only: bool) -> list[str]:
    return [body for language, body in _fences(text) if not sql_only or language.lower() in SQL_LANGUAGES]


def _answer_candidates(text: str) -> list[str]:
    found = []
    for match in _ANSWER.finditer(_closed_part(text, _ANSWER_CLOSE)):
        inner = match.group(1)
        blocks = _fenced(inner, sql_only=True) or _fenced(inner, sql_only=False)
        found.append(blocks[-1] if blocks else inner)
    return found


def _raw_candidates(text: str) -> list[str]:
    if _STATEMENT.match(text):
        return [text]
    match = _RAW_START.search(text)
    return [text[match.start():]] if match else []


def _candidates(text: str, source: Source) -> list[str]:
    if source == "answer_tag":
        return _answer_candidates(text)
    if source == "sql_block":
        return _fenced(text, sql_only=True)
    if source == "any_block":
        return _fenced(text, sql_only=False)
    if source == "raw":
        return _raw_candidates(text)
    raise ValueError(f"unknown SQL source {source!r}; expected one of {DEFAULT_SOURCES}")


def last_sql_block(text: str) -> str | None:
    """The content of the last ```sql ... ``` block, stripped (the ``block`` mode); ``None`` when there is none
    or it is blank. As the papers' regex: the fence's language must start with ``sql`` (any case)."""
    blocks = _PAPER_BLOCK.findall(text if isinstance(text, str) else "")
    sql = blocks[-1].strip() if blocks else ""
    return sql or None


def extract_sql(
    completion: str,
    *,
    mode: Mode = "auto",
    prefer: Literal["last", "first"] = "last",
    sources: Sequence[Source] = DEFAULT_SOURCES,
    strip_reasoning: bool = True,
) -> str | None:
    """The SQL answer in ``completion``, or ``None`` when there is none (or ``completion`` is not text).

    ``mode="block"`` is ``last_sql_block`` (the other arguments do not apply). In ``auto`` mode, sources are
    tried in the order given; the first that yields a non-empty candidate wins, and among its
    candidates ``prefer`` picks the first or the last. Sources: ``answer_tag`` (text inside
    ``<answer>...</answer>``, or the SQL block inside it), ``sql_block`` (fenced blocks labelled sql, sqlite,
    mysql, postgresql...), ``any_block`` (any fenced block), ``raw`` (the whole text when it starts with a
    statement verb, SELECT, DELETE, PRAGMA..., else the text from the first line that starts with SELECT or
    WITH, possibly after opening parentheses, to the end). Only closed tags and fences
    count. The result is stripped of surrounding whitespace and trailing semicolons.
    """
    if mode == "block":
        return last_sql_block(completion)
    if mode != "auto":
        raise ValueError(f"SQL extraction mode must be one of {', '.join(SQL_MODES)}, not {mode!r}")
    if not isinstance(completion, str):
        return None
    if prefer not in ("last", "first"):
        raise ValueError(f"prefer must be 'last' or 'first', not {prefer!r}")
    text = strip_think(completion) if strip_reasoning else completion
    for source in sources:
        candidates = [c for c in (_clean(c) for c in _candidates(text, source)) if c]
        if candidates:
            return candidates[-1] if prefer == "last" else candidates[0]
    return None


def _extract_answer_sql(example: Example, completion: str, mode: Mode) -> str | None:
    return extract_sql(completion, mode=mode)


@cache
def sql_extractor(mode: Mode = "auto") -> Extractor:
    """The named extractor of ``extract_sql(completion, mode=mode)`` (``sql:auto``, ``sql:block``): what the
    SQL benchmarks record and the SQL rewards score, computed once per sample by the host."""
    if mode not in SQL_MODES:
        raise ValueError(f"SQL extraction mode must be one of {', '.join(SQL_MODES)}, not {mode!r}")
    return Extractor(f"sql:{mode}", partial(_extract_answer_sql, mode=mode))


def _clean(sql: str) -> str:
    sql = sql.strip()
    while sql.endswith(";"):
        sql = sql[:-1].rstrip()
    return sql


# --- sqlglot helpers -----------------------------------------------------------------------------------


class SqlParseError(ValueError):
    """sqlglot could not tokenize, parse or transpile the SQL; the message is one line."""


def split_statements(sql: str, dialect: str = "sqlite") -> list[str]:
    """The statements in ``sql`` as their original text (semicolons inside strings and comments respected).

    Empty statements (``;;``, a trailing ``;``) are dropped. Raises ``SqlParseError`` when the text cannot be
    tokenized (an unterminated string).
    """
    import sqlglot  # imported here: extraction alone should not pay for sqlglot
    from sqlglot.errors import TokenError
    from sqlglot.tokens import TokenType

    try:
        tokens = sqlglot.tokenize(sql, read=dialect)
    except TokenError as exc:
        raise SqlParseError(_one_line(exc)) from exc
    statements, start, has_tokens = [], 0, False
    for token in tokens:
        if token.token_type == TokenType.SEMICOLON:
            if has_tokens:
                statements.append(sql[start: token.start].strip())
            start, has_tokens = token.end + 1, False
        else:
            has_tokens = True
    if has_tokens:
        statements.append(sql[start:].strip())
    return statements


def is_single_statement(sql: str, dialect: str = "sqlite") -> bool:
    """True when ``sql`` holds exactly one statement (a trailing semicolon is fine)."""
    try:
        return len(split_statements(sql, dialect)) == 1
    except SqlParseError:
        return False


def validate(sql: str, dialect: str = "sqlite") -> str | None:
    """``None`` when sqlglot parses ``sql`` as exactly one statement in ``dialect``, else a one-line reason.

    This is sqlglot's view, more lenient than some engines: execution remains the final judge.
    """
    import sqlglot
    from sqlglot.errors import ErrorLevel, ParseError, TokenError

    try:
        statements = split_statements(sql, dialect)
    except SqlParseError as exc:
        return str(exc)
    if not statements:
        return "empty SQL"
    if len(statements) > 1:
        return f"{len(statements)} statements; expected one"
    try:
        sqlglot.parse_one(statements[0], read=dialect, error_level=ErrorLevel.RAISE)
    except (ParseError, TokenError) as exc:
        return _one_line(exc)
    except RecursionError:  # sqlglot's parser recurses once per nesting level
        return _TOO_DEEP
    return None


def transpile(sql: str, read: str, write: str, *, pretty: bool = False) -> str:
    """Translate one statement from dialect ``read`` to ``write``; raises ``SqlParseError`` on failure."""
    import sqlglot
    from sqlglot.errors import ErrorLevel, ParseError, TokenError

    try:
        out = sqlglot.transpile(sql, read=read, write=write, pretty=pretty, error_level=ErrorLevel.RAISE)
    except (ParseError, TokenError) as exc:
        raise SqlParseError(_one_line(exc)) from exc
    except sqlglot.errors.SqlglotError as exc:  # unsupported constructs in the target dialect
        raise SqlParseError(_one_line(exc)) from exc
    except RecursionError:
        raise SqlParseError(_TOO_DEEP) from None
    if len(out) != 1:
        raise SqlParseError(f"{len(out)} statements; expected one")
    return out[0]


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TOO_DEEP = "nested too deeply for sqlglot's parser"


def _one_line(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if errors:
        first = errors[0]
        where = f" (line {first.get('line')}, col {first.get('col')})" if first.get("line") else ""
        return f"{first.get('description')}{where}"
    return " ".join(_ANSI.sub("", str(exc)).split())
