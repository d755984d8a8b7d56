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
