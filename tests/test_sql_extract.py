"""SQL extraction from completions and the sqlglot helpers.

Red-team findings (an attack that got through before its fix, said in the test's docstring) sit beside them.
"""

from __future__ import annotations

import pytest

from tabbench.sql import (
    SqlParseError,
    extract_sql,
    is_single_statement,
    split_statements,
    strip_think,
    transpile,
    validate,
)
from tests.loaded import SLACK


@pytest.mark.parametrize(
    ("completion", "expected"),
    [
        ("SELECT a FROM t", "SELECT a FROM t"),
        ("  select a from t;\n", "select a from t"),
        ("Here you go:\n```sql\nSELECT a FROM t;\n```\nDone.", "SELECT a FROM t"),
        ("```SQL\nSELECT 1\n```", "SELECT 1"),
        ("```sqlite\nSELECT 1\n```", "SELECT 1"),
        ("```sql\nSELECT 1\n```\nbetter:\n```sql\nSELECT 2\n```", "SELECT 2"),
        ("```\nSELECT 3\n```", "SELECT 3"),
        ("```python\nprint(1)\n```\n```sql\nSELECT 4\n```", "SELECT 4"),
        ("<answer>SELECT 5</answer>", "SELECT 5"),
        ("<answer>\n```sql\nSELECT 6;\n```\n</answer>", "SELECT 6"),
        ("```sql\nSELECT draft\n```\n<answer>SELECT 7</answer>", "SELECT 7"),
        ("<think>maybe ```sql\nSELECT wrong\n``` or SELECT wrong</think>\n```sql\nSELECT 8\n```", "SELECT 8"),
        ("<think>I try <answer>SELECT wrong</answer></think><answer>SELECT 9</answer>", "SELECT 9"),
        ("reasoning with SELECT wrong\n</think>\nSELECT 10", "SELECT 10"),
        ("<think>SELECT never finished", None),
        ("I cannot answer this question.", None),
        ("", None),
        ("```sql\nSELECT unclosed", "SELECT unclosed"),  # not a closed block: the raw fallback takes it
        ("The query is:\nWITH x AS (SELECT 1) SELECT * FROM x", "WITH x AS (SELECT 1) SELECT * FROM x"),
        ("<answer>  </answer>\n```sql\nSELECT 11\n```", "SELECT 11"),
    ],
)
def test_extract_default_precedence(completion: str, expected: str | None) -> None:
    assert extract_sql(completion) == expected


def test_prefer_first_and_custom_sources() -> None:
    text = "```sql\nSELECT 1\n```\n```sql\nSELECT 2\n```\n<answer>SELECT 3</answer>"
    assert extract_sql(text, prefer="first") == "SELECT 3"
    assert extract_sql(text, sources=("sql_block",), prefer="first") == "SELECT 1"
    assert extract_sql(text, sources=("sql_block", "answer_tag")) == "SELECT 2"
    assert extract_sql("SELECT 1", sources=("sql_block",)) is None
    assert extract_sql("```sql\nSELECT unclosed", sources=("sql_block", "any_block")) is None
    assert extract_sql("<think>x</think><answer>SELECT 1</answer>", strip_reasoning=False) == "SELECT 1"
    with pytest.raises(ValueError):
        extract_sql("x", sources=("nope",))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        extract_sql("x", prefer="middle")  # type: ignore[arg-type]


def test_strip_think() -> None:
    assert strip_think("a<think>b</think>c<THINK>d</THINK>e") == "ace"
    assert strip_think("hidden</think>shown") == "shown"
    assert strip_think("shown<think>truncated") == "shown"


def test_split_and_single_statement() -> None:
    assert split_statements("SELECT 'a;b' FROM t; SELECT 2 -- x;\n;") == ["SELECT 'a;b' FROM t", "SELECT 2 -- x;"]
    assert split_statements("SELECT 1;;") == ["SELECT 1"]
    assert is_single_statement("SELECT 1;")
    assert is_single_statement("SELECT ';' /* ; */")
    assert not is_single_statement("SELECT 1; DROP TABLE t")
    assert not is_single_statement("SELECT 'unterminated")
    assert not is_single_statement("")
    with pytest.raises(SqlParseError):
        split_statements("SELECT 'unterminated")


def test_validate() -> None:
    assert validate("SELECT a FROM t WHERE b = 1") is None
    assert validate("SELECT a FROM t;") is None
    message = validate("SELECT FROM WHERE")
    assert message and "\n" not in message and "\x1b" not in message
    assert validate("SELECT 1; SELECT 2") == "2 statements; expected one"
    assert validate("   ") == "empty SQL"
    assert validate("SELECT `a` FROM t", dialect="mysql") is None


def test_transpile() -> None:
    assert transpile("SELECT TOP 3 a FROM t", read="tsql", write="sqlite") == "SELECT a FROM t LIMIT 3"
    assert "LIMIT 2" in transpile("SELECT a FROM t LIMIT 2", read="sqlite", write="duckdb")
    with pytest.raises(SqlParseError):
        transpile("SELECT FROM WHERE (", read="sqlite", write="duckdb")


# --- red-team findings ------------------------------------------------------------------------------------------

# A degenerate policy repeats a token for its whole completion. Each of these took seconds for 80 kB and grows
# with the square of the length (minutes for 400 kB), holding the GIL in the evaluator; all are linear now. The
# bound is generous (they take milliseconds) so that a loaded machine never fails it.
_REPEATED = [
    ("<think>", 60_000), ("<answer>", 50_000), ("```sql", 70_000), ("<ANSWER><think>", 30_000),
]


@pytest.mark.parametrize(("unit", "times"), _REPEATED)
def test_sql_extraction_of_a_repetitive_completion_is_linear(unit: str, times: int) -> None:
    import time

    from tabbench.sql import extract_sql

    start = time.monotonic()
    assert extract_sql(unit * times) is None
    assert extract_sql("```sql\nSELECT 1\n```\n" + unit * times) == "SELECT 1"
    assert time.monotonic() - start < 5 + SLACK  # minutes if quadratic at these lengths


def test_sqlglot_helpers_keep_their_contract_on_deeply_nested_sql() -> None:
    """``validate`` (documented: ``None`` or a one-line reason) and ``transpile`` (documented: ``SqlParseError``)
    let sqlglot's RecursionError through on a query nested a few thousand levels deep."""
    from tabbench.sql import SqlParseError, transpile, validate

    for sql in ("SELECT " + "(" * 5000 + "1" + ")" * 5000,
                "SELECT * FROM " + "(SELECT * FROM " * 3000 + "t" + ")" * 3000):
        reason = validate(sql)
        assert isinstance(reason, str) and "\n" not in reason
        with pytest.raises(SqlParseError):
            transpile(sql, "sqlite", "postgres")
