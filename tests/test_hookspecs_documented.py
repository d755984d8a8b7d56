"""Every hook's docstring is its reference documentation: it must describe every parameter."""

from __future__ import annotations

import inspect

import pytest

from tabbench.contract import hookspecs

HOOKS = [name for name, fn in vars(hookspecs).items() if hasattr(fn, "tabbench_spec")]


def test_the_issue_s_hooks_exist():
    assert set(HOOKS) == {
        "register_benchmarks", "register_rewards", "register_models", "register_trainers", "register_suites",
        "register_environments", "register_commands", "default_backend", "before_run", "after_run", "before_benchmark",
        "after_benchmark", "after_sample_scored",
    }


@pytest.mark.parametrize("name", HOOKS)
def test_hook_documents_every_parameter(name):
    fn = getattr(hookspecs, name)
    doc = inspect.getdoc(fn) or ""
    assert len(doc.splitlines()[0]) > 10, "a one-line summary first"
    for parameter in inspect.signature(fn).parameters:
        assert f":param {parameter}:" in doc, f"{name}: :param {parameter}: missing"


def test_the_plugin_guide_names_every_hook():
    """docs/plugins.md's Hooks section is where a plugin author learns which hooks exist (hooks.md has the detail)."""
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[1] / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = guide.split("\n## Hooks\n", 1)[1].split("\n## ", 1)[0]
    assert not [name for name in HOOKS if f"`{name}" not in section]
