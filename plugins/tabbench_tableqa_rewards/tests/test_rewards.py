"""The reward plugins: contracts from the test kit, chart scoring through the sandbox, PoT answers."""

from __future__ import annotations

import pickle

import pytest

import tabbench
from tabbench import Example, Status, score_batch
from tabbench.tableqa.execution import chart_matches, parse_references
from tabbench.testing import RewardContract

TABLE = {"columns": ["name", "value"], "data": [["a", 3], ["b", 5.5], ["c", None]]}
TEXT = Example("t1", "5.5", {"instruction_type": "DP", "table": TABLE, "qtype": "NumericalReasoning",
                             "qsubtype": "Aggregation"})
CHART = Example("c1", "y_references = [[3, 5.5]]", {"instruction_type": "DP", "table": TABLE, "chart_type": "bar",
                                                    "qtype": "Visualization", "qsubtype": "ChartGeneration"})
BAR_CODE = ("```python\nimport pandas as pd\nimport matplotlib.pyplot as plt\ndf = pd.read_csv('table.csv')\n"
            "df = df.dropna()\nplt.bar(df['name'], df['value'])\nplt.show()\n```")


class TestExactMatch(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("exact-match")

    def cases(self):  # type: ignore[no-untyped-def]
        return [(TEXT, "Final Answer: 5.5", Status.MATCH), (TEXT, "Final Answer: 5.4", Status.MISMATCH),
                (TEXT, "no answer", Status.PARSE_FAIL), (CHART, "Final Answer: 3", Status.NOT_APPLICABLE)]


class TestEmWithin10(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("em-within-10")

    def cases(self):  # type: ignore[no-untyped-def]
        return [(TEXT, "Final Answer: 5.9", Status.MATCH), (TEXT, "Final Answer: 6.9", Status.MISMATCH),
                (TEXT, "", Status.PARSE_FAIL)]


class TestRougeL(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("rouge-l")

    def cases(self):  # type: ignore[no-untyped-def]
        text = Example("t2", "The sales rise sharply", {"instruction_type": "DP"})
        return [(text, "Final Answer: sales rise", Status.PARTIAL), (text, "Final Answer: the sales rise sharply",
                                                                     Status.MATCH),
                (text, "Final Answer: nothing", Status.MISMATCH), (text, "Final Answer:", Status.PARSE_FAIL)]


@pytest.mark.slow  # matplotlib charts in the sandbox, one per case and hostile completion
class TestChartPass(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("chart-pass")

    def cases(self):  # type: ignore[no-untyped-def]
        return [(CHART, BAR_CODE, Status.MATCH), (CHART, "no code", Status.PARSE_FAIL),
                (TEXT, BAR_CODE, Status.NOT_APPLICABLE)]


@pytest.mark.slow  # matplotlib charts in the sandbox, one per case and hostile completion
class TestChartEcr(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("chart-ecr")

    def cases(self):  # type: ignore[no-untyped-def]
        return [(CHART, BAR_CODE, Status.MATCH), (CHART, "```python\n1/0\n```", Status.EXEC_ERROR)]


class TestAnswerParsed(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("answer-parsed")

    def cases(self):  # type: ignore[no-untyped-def]
        return [(TEXT, "Final Answer: 4", Status.MATCH), (TEXT, "no answer", Status.PARSE_FAIL),
                (CHART, BAR_CODE, Status.MATCH), (CHART, "```python\nprint(1)\n```", Status.MATCH),
                (CHART, "```python\n1/0\n```", Status.EXEC_ERROR), (CHART, "no code", Status.PARSE_FAIL)]


class TestPotEcr(RewardContract):
    def make_reward(self):  # type: ignore[no-untyped-def]
        return tabbench.get_reward("pot-ecr")

    def cases(self):  # type: ignore[no-untyped-def]
        pot = Example("p2", "3", {**TEXT.fields, "instruction_type": "PoT"})
        return [(pot, "```python\nprint('Final Answer: 2')\n```", Status.MATCH),
                (pot, "```python\n1/0\n```", Status.EXEC_ERROR), (pot, "no code", Status.PARSE_FAIL),
                (TEXT, "Final Answer: 3", Status.NOT_APPLICABLE), (CHART, BAR_CODE, Status.NOT_APPLICABLE)]


def test_em_tolerance_option_sets_the_bound() -> None:
    """em-within-10 with ``error_pct`` is how tablebench records EM within 2% and 5% (one implementation)."""
    assert score_batch(tabbench.get_reward("em-within-10", error_pct=5), [(TEXT, "Final Answer: 5.7")])[0].value == 1.0
    assert score_batch(tabbench.get_reward("em-within-10", error_pct=2), [(TEXT, "Final Answer: 5.7")])[0].value == 0.0


def test_realhitbench_style_options() -> None:
    reward = tabbench.get_reward("exact-match", extraction="realhitbench", decimals=1, match="string",
                                 empty_prediction="#")
    example = Example("r1", "63.90", {})
    assert score_batch(reward, [(example, "[Final Answer]: 1\n[Final Answer]: 63.9")])[0].status is Status.MATCH
    assert score_batch(reward, [(example, "[Final Answer]: ")])[0].value == 0.0
    assert pickle.loads(pickle.dumps(reward)).options == reward.options


@pytest.mark.slow  # sandboxed programs and matplotlib charts
def test_chart_pass_and_ecr_through_the_sandbox() -> None:
    passed = score_batch(tabbench.get_reward("chart-pass"), [(CHART, BAR_CODE)])[0]
    assert passed.status is Status.MATCH and passed.details["values"] == [3.0, 5.5]
    assert score_batch(tabbench.get_reward("chart-ecr"), [(CHART, BAR_CODE)])[0].status is Status.MATCH
    # the official parser runs the code twice in one process: the bars are drawn twice and the check fails
    official = score_batch(tabbench.get_reward("chart-pass", official_figure_state=True), [(CHART, BAR_CODE)])[0]
    assert official.status is Status.MISMATCH and len(official.details["values"]) == 4


@pytest.mark.slow  # sandboxed programs and matplotlib charts
def test_chart_failures_are_statuses_not_crashes() -> None:
    broken = "```python\nimport matplotlib.pyplot as plt\nplt.bar([1], [2])\nraise RuntimeError('boom')\n```"
    assert score_batch(tabbench.get_reward("chart-pass"), [(CHART, broken)])[0].status is Status.EXEC_ERROR
    assert score_batch(tabbench.get_reward("chart-ecr"), [(CHART, broken)])[0].status is Status.EXEC_ERROR
    assert score_batch(tabbench.get_reward("chart-pass"), [(CHART, "no code")])[0].status is Status.PARSE_FAIL
    hostile = "```python\nimport socket\nsocket.create_connection(('example.com', 80))\n```"
    assert score_batch(tabbench.get_reward("chart-ecr"), [(CHART, hostile)])[0].value == 0.0
    assert score_batch(tabbench.get_reward("chart-pass"), [(TEXT, BAR_CODE)])[0].status is Status.NOT_APPLICABLE
    bad_gold = Example("c2", "y_references = oops(", dict(CHART.fields))
    assert score_batch(tabbench.get_reward("chart-pass"), [(bad_gold, BAR_CODE)])[0].status is Status.GOLD_ERROR


@pytest.mark.slow  # sandboxed programs and matplotlib charts
def test_pot_answers_come_from_the_sandboxed_program() -> None:
    pot = Example("p1", "8.5", {**TEXT.fields, "instruction_type": "PoT"})
    code = ("```python\nimport pandas as pd\ndf = pd.read_csv('table.csv')\n"
            "print(f\"Final Answer: {df['value'].sum()}\")\n```")
    score = score_batch(tabbench.get_reward("exact-match"), [(pot, code)])[0]
    assert score.status is Status.MATCH and score.details["ecr"] is True
    loop = "```python\nwhile True:\n    pass\n```"
    failed = score_batch(tabbench.get_reward("exact-match", pot_timeout_s=1), [(pot, loop)])[0]
    assert failed.status is Status.PARSE_FAIL and failed.details["ecr"] is False


def test_chart_comparison_rules() -> None:
    assert chart_matches(parse_references("y_references = [[1, 2], [3]]"), [3.0, 1.0, 2.0], "line")
    assert chart_matches([[50, 150]], [0.25, 0.75], "pie")
    assert not chart_matches([[1, 2]], [1.0], "bar")


def test_references_are_read_without_executing() -> None:
    import math

    import pytest

    values = parse_references("Y_references = [[1, -2.5, np.nan], (3,)]")
    assert values[0][:2] == [1, -2.5] and math.isnan(values[0][2]) and values[1] == [3]
    with pytest.raises(TypeError):  # string references cannot be rounded: the reward scores a mismatch
        chart_matches(parse_references("y_references = [['$9,589', '$1']]"), [9589.0, 1.0], "bar")
    for bad in ("y_references = __import__('os').system('x')", "y_references = 5", "y_references = [[True]]"):
        with pytest.raises((ValueError, SyntaxError)):
            parse_references(bad)
