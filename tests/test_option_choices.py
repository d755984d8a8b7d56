"""Option choices are declared (``Option(choices=...)``, ``Literal``), never checked by hand: the host's one check
gives every plugin the same one-line error, and the declaration is what ``benchmarks show`` and the run record
see. A source scan refuses a hand-written check; behaviour tests show a bad choice still fails clearly."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabbench
from tabbench import ConfigError

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_SOURCES = sorted(p for folder in ("plugins", "trainers") for p in (ROOT / folder).rglob("*.py")
                        if "tests" not in p.relative_to(ROOT).parts)


def hand_written_choice_checks(source: str) -> list[int]:
    """Lines of ``if VALUE not in CHOICES: raise ConfigError(...)`` inside a class (a plugin's option check), and
    of any raise whose message says ``must be one of``."""
    found = []
    tree = ast.parse(source)
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in ast.walk(cls):
            if (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
                    and any(isinstance(op, ast.NotIn) for op in node.test.ops)
                    and node.body and isinstance(node.body[0], ast.Raise) and node.body[0].exc is not None
                    and "ConfigError" in ast.unparse(node.body[0].exc)):
                found.append(node.lineno)
    found += [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Raise) and n.exc is not None
              and "must be one of" in ast.unparse(n.exc)]
    return sorted(set(found))


def test_no_plugin_checks_an_option_s_choices_by_hand() -> None:
    assert len(PLUGIN_SOURCES) > 50
    problems = [f"{p.relative_to(ROOT)}:{line}" for p in PLUGIN_SOURCES
                for line in hand_written_choice_checks(p.read_text(encoding="utf-8"))]
    assert not problems, "declare the choices with tabbench.Option(default, str, choices=...):\n" + "\n".join(problems)


@pytest.mark.parametrize("source", [
    "class B:\n    def __init__(self, mode):\n        if mode not in ('a', 'b'):\n            raise ConfigError('x')",
    "def f(mode):\n    raise ValueError(f'mode must be one of {MODES}')",
])
def test_the_scan_finds_a_hand_written_check(source: str) -> None:
    assert hand_written_choice_checks(source)


BAD_CHOICES = [
    ("benchmark", "bird", "dialect", "oracle"),
    ("benchmark", "bird", "on_missing_db", "ignore"),
    ("benchmark", "spider", "on_missing_db", "ignore"),
    ("benchmark", "realhitbench", "table_format", "pdf"),
    ("benchmark", "realhitbench", "missing_tables", "keep"),
    ("benchmark", "realhitbench", "sc_table", "both"),
    ("benchmark", "temptabqa", "prompt", "chatty"),
    ("benchmark", "tablebench", "instruction_type", "XX"),
    ("benchmark", "crtqa", "table_format", "pdf"),
    ("reward", "string-match", "normalize", "gold"),
    ("reward", "orthographic", "counter", "chars"),
    ("reward", "arctic", "comparison", "bag"),
    ("reward", "execution-partial", "extract", "regex"),
    ("reward", "sqlr1", "empty_both", "maybe"),
    ("reward", "composite", "preset", "nonesuch"),
    ("reward", "realhitbench-chart", "measure", "speed"),
    ("reward", "crtqa-em", "normalization", "loose"),
]


@pytest.mark.parametrize(("kind", "name", "key", "value"), BAD_CHOICES)
def test_a_bad_choice_is_one_line_naming_the_plugin_the_key_and_the_choices(kind: str, name: str, key: str,
                                                                            value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        if kind == "benchmark":
            tabbench.benchmark_class(name)(None, **{key: value})
        else:
            tabbench.get_reward(name, **{key: value})
    message = str(caught.value)
    assert "\n" not in message and name in message and key in message and repr(value) in message
    assert "one of" in message, message


def test_a_good_choice_is_kept() -> None:
    assert tabbench.get_reward("arctic", comparison="multiset").options["comparison"] == "multiset"
    assert tabbench.get_reward("string-match").options["normalize"] == "pred"  # defaults recorded
