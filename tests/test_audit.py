"""The reward-hacking audit flags the known hacks and leaves sound rewards alone; ``rewards audit``'s malformed
input is one line naming the reward, option, path or split."""

from __future__ import annotations

import json

import pytest

from tabbench import get_reward
from tabbench.evaluation.audit import audit
from tabbench.host.plugins import host
from tests.bird_demo import BIRD
from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def run(demo, name, **options):
    examples = list(demo.examples("train"))[:3]
    return audit(get_reward(name, **options), demo, examples, 0.5, name)


def test_flags_partial_credit_select_star(demo):
    """The execution-based RL paper's hack: SELECT * collects every gold value, so REMS pays in full."""
    report = run(demo, "execution-partial")
    stars = [f for f in report.findings if f.case == "select_star"]
    assert len(stars) == report.examples == 3
    assert all(f.value == 101.0 and "REMS 1" in f.reason and "honest mistake" in f.reason for f in stars)
    # the strict variant of REMS closes the hole
    assert "select_star" not in run(demo, "execution-partial", rems_strict=True).flagged_cases


def test_sound_rewards_pass(demo):
    assert run(demo, "arctic").findings == []
    assert run(demo, "databricks-rlvr").findings == []
    assert run(demo, "execution-credit").findings == []  # partial credit without the SELECT * hole


def test_flags_length_and_reasoning_leaks(demo):
    assert run(demo, "sqlr1").flagged_cases == ["very_long"]  # SQL-R1's length term pays for padding
    assert run(demo, "sqlr1", length_term=False).findings == []
    assert "gold_in_reasoning" in run(demo, "string-match").flagged_cases  # the last ```sql block, anywhere


def test_cli(cli_runner):
    if "demo-bird" not in host().registry("benchmark"):
        pytest.skip("the demo benchmark plugin is not installed")
    result = cli_runner(["rewards", "audit", "execution-partial", "--benchmark", "demo-bird", "--limit", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["examples"] == 2 and report["summary"]["select_star"]["flagged"] == 2
    strict = cli_runner(["rewards", "audit", "arctic", "--benchmark", "demo-bird", "--limit", "1", "--strict",
                         "--reward-option", "timeout=5"])
    assert strict.exit_code == 0 and "nothing flagged" in strict.output


AUDIT_CASES = {
    "unknown reward": (["nosuch-reward", "--benchmark", "bird"], ["unknown reward 'nosuch-reward'"]),
    "unknown reward option": (["bird-ex", "--benchmark", "bird", "--reward-option", "nosuch=1"], ["'nosuch'"]),
    "malformed reward option": (["bird-ex", "--benchmark", "bird", "--reward-option", "timeout"], ["timeout"]),
    "1e12 seconds": (["bird-ex", "--benchmark", "bird", "--reward-option", "timeout=1e12"], ["timeout"]),
    "missing data": (["bird-ex", "--benchmark", "bird", "--data", "bird=/nonexistent/bird"], ["/nonexistent/bird"]),
    "unknown split": (["bird-ex", "--benchmark", "bird", "--split", "nosuch"], ["'nosuch'"]),
    "threshold out of range": (["bird-ex", "--benchmark", "bird", "--threshold", "2"], ["--threshold"]),
    "nan threshold": (["bird-ex", "--benchmark", "bird", "--threshold", "nan"], ["--threshold", "finite"]),
}


@pytest.mark.parametrize("case", list(AUDIT_CASES))
def test_rewards_audit_malformed_input(cli_runner, case: str) -> None:
    args, names = AUDIT_CASES[case]
    data = [] if "--data" in args else ["--data", f"bird={BIRD}"]
    split = [] if "--split" in args else ["--split", "dev"]
    one_line_error(cli_runner(["rewards", "audit", *args, *data, *split, "--limit", "2"]), *names)
