"""Registries: lazy targets, duplicate names naming both origins, close-match suggestions."""

from __future__ import annotations

import sys
import types

import pytest

import tabbench
from tabbench.contract.errors import DuplicateNameError, PluginLoadError, UnknownNameError
from tabbench.host.plugins import PluginInfo


def _plugin(name: str, **hooks):
    module = types.ModuleType(name)
    for hook_name, fn in hooks.items():
        setattr(module, hook_name, tabbench.hookimpl(fn))
    return module


def test_duplicate_name_stays_with_the_first_plugin_and_the_second_is_named(isolated_host):
    isolated_host.register(_plugin("one", register_rewards=lambda register: register("em", "x:Y")), PluginInfo("one"))
    isolated_host.register(_plugin("two", register_rewards=lambda register: register("em", "z:W")), PluginInfo("two"))
    assert isolated_host.registry("reward").get("em").plugin == "one"
    assert isolated_host.plugins["two"].status == "error"
    assert "'one'" in isolated_host.plugins["two"].error and "'two'" in isolated_host.plugins["two"].error
    assert isolated_host.plugins["one"].status == "ok"


def test_two_first_party_plugins_registering_one_name_is_an_error(isolated_host):
    for name, target in (("one", "x:Y"), ("two", "z:W")):
        isolated_host.register(_plugin(name, register_rewards=lambda register, t=target: register("em", t)),
                               PluginInfo(name, distribution="tabbench"))
    with pytest.raises(DuplicateNameError, match=r"'one'.*'two'"):
        isolated_host.registry("reward")


def test_unknown_name_suggests_close_matches(isolated_host):
    isolated_host.register(
        _plugin("p", register_rewards=lambda register: register("bird-ex", "x:Y")), PluginInfo("p")
    )
    with pytest.raises(UnknownNameError, match="Did you mean 'bird-ex'"):
        isolated_host.registry("reward").get("bird-exx")


def test_targets_are_imported_only_when_loaded(isolated_host):
    module_name = "tabbench_lazy_probe"
    sys.modules.pop(module_name, None)
    isolated_host.register(
        _plugin("p", register_models=lambda register: register("lazy", f"{module_name}:Backend")), PluginInfo("p")
    )
    entry = isolated_host.registry("model").get("lazy")
    assert module_name not in sys.modules
    with pytest.raises(PluginLoadError, match="cannot load tabbench_lazy_probe:Backend"):
        entry.load()


def test_failing_registration_hook_is_reported_not_fatal(isolated_host):
    def boom(register):
        raise RuntimeError("no luck")

    isolated_host.register(_plugin("bad", register_benchmarks=boom), PluginInfo("bad"))
    assert isolated_host.registry("benchmark").names() == []
    assert isolated_host.plugins["bad"].status == "error"
    assert "no luck" in isolated_host.plugins["bad"].error


def test_misspelt_hook_is_rejected(isolated_host):
    module = _plugin("typo", register_rewardz=lambda register: None)
    with pytest.raises(Exception, match="unknown hook"):
        isolated_host.register(module, PluginInfo("typo"))


def test_suites_resolve_all_and_comma_lists(isolated_host):
    def benchmarks(register):
        for name in ("a", "b", "c"):
            register(name, "x:Y")

    isolated_host.register(_plugin("p", register_benchmarks=benchmarks,
                                   register_suites=lambda register: register("ab", ["a", "b"])), PluginInfo("p"))
    assert tabbench.resolve_benchmarks("all") == ["a", "b", "c"]
    assert tabbench.resolve_benchmarks("ab,c,a") == ["a", "b", "c"]
    with pytest.raises(UnknownNameError, match="unknown benchmark 'd'"):
        tabbench.resolve_benchmarks("d")
