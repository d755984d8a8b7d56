"""``execution-credit``: partial credit for SQL that runs, ordered by closeness, always below a match."""

from __future__ import annotations

import pytest
from conftest import wrap
from tabbench_sql_rewards.execution import row_f1

from tabbench import ConfigError, Example, Status, get_reward, score_batch

RIGHT = "SELECT name FROM singer WHERE country='FR'"  # Ann, Cid


def scored(example, *sqls, **options):
    reward = get_reward("execution-credit", **options)
    return [(s.value, s.status) for s in score_batch(reward, [(example, wrap(q)) for q in sqls])]


def test_values_follow_the_documented_formula(example):
    got = scored(example, RIGHT, "SELECT name FROM singer WHERE id = 1", "SELECT name FROM singer",
                 "SELECT age FROM singer WHERE country='FR'", "SELECT * FROM singer", "SELECT nme FROM singer",
                 "SELECT name FROM singer WHERE 0")
    assert got[0] == (1.0, Status.MATCH)
    # Ann of {Ann, Cid}: one column as the gold (0.2), row F1 2/3 (precision 1, recall 1/2)
    assert got[1] == (pytest.approx(0.1 + 0.2 + 0.5 * 2 / 3), Status.PARTIAL)
    # every singer: recall 1, precision 2/4, the same F1: a dump pays for its extra rows
    assert got[2] == (pytest.approx(0.1 + 0.2 + 0.5 * 2 / 3), Status.PARTIAL)
    assert got[3] == (pytest.approx(0.3), Status.PARTIAL)  # right shape, wrong values
    assert got[4] == (pytest.approx(0.1), Status.MISMATCH)  # SELECT *: 4 columns, no row equals a gold row
    assert got[5] == (0.0, Status.EXEC_ERROR)
    assert got[6] == (pytest.approx(0.3), Status.PARTIAL)  # no rows, but the gold's one column
    none = score_batch(get_reward("execution-credit"), [(example, "no sql here")])[0]
    assert (none.value, none.status) == (0.0, Status.NO_SQL)


def test_a_wrong_answer_never_reaches_a_right_one(db_path):
    gold = Example("two", "SELECT name, age FROM singer WHERE country = 'FR'", {"db_path": db_path})
    # the right rows with the columns swapped: BIRD's set comparison says mismatch; the most credit there is
    (value, status), = scored(gold, "SELECT age, name FROM singer WHERE country = 'FR'")
    assert status is Status.PARTIAL and value == pytest.approx(0.8) and value < 1.0
    (value, _), = scored(gold, "SELECT age, name FROM singer WHERE country = 'FR'", columns=0.3)
    assert value == pytest.approx(0.1 + 0.3 + 0.5)
    with pytest.raises(ConfigError, match="must stay below match"):
        get_reward("execution-credit", rows=0.8)
    with pytest.raises(ConfigError, match="columns"):
        get_reward("execution-credit", columns="a lot")


def test_gold_errors_stay_not_applicable(bad_gold):
    score = score_batch(get_reward("execution-credit"), [(bad_gold, wrap("SELECT 1"))])[0]
    assert score.value is None and score.status is Status.GOLD_ERROR


def test_row_f1_compares_rows_as_multisets_up_to_column_order_and_cell_form():
    assert row_f1([(1, "a"), (2, "b")], [("a", 1.0), ("b ", 2)]) == 1.0
    assert row_f1([(1,), (1,)], [(1,)]) == pytest.approx(2 * 0.5 * 1 / 1.5)  # a duplicate is an extra row
    assert row_f1([], [(1,)]) == 0.0 and row_f1([(1,)], []) == 0.0
    assert row_f1([(None, 1)], [(1, None)]) == 1.0
