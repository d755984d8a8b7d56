"""Plugin discovery through entry points, fault isolation, allow/deny lists, and listings as JSON."""

from __future__ import annotations

import json

from tests.toy_plugin import plugin_env, tabbench


def _plugins(site, **env):
    result = tabbench(["plugins", "--json"], plugin_env(site, **env))
    assert result.returncode == 0, result.stderr
    return {p["name"]: p for p in json.loads(result.stdout)}


def test_external_plugin_is_discovered_with_version_and_origin(plugin_site):
    plugins = _plugins(plugin_site)
    toy = plugins["toy"]
    assert (toy["status"], toy["version"], toy["distribution"]) == ("ok", "1.2.3", "tabbench-toy")
    assert toy["hooks"] == ["register_benchmarks", "register_rewards"]


def test_broken_plugin_is_reported_and_the_cli_keeps_working(plugin_site):
    plugins = _plugins(plugin_site)
    assert plugins["broken"]["status"] == "error"
    assert "broken on purpose" in plugins["broken"]["error"]
    listing = tabbench(["rewards", "list", "--json"], plugin_env(plugin_site))
    assert listing.returncode == 0
    assert "toy-exact" in {r["name"] for r in json.loads(listing.stdout)}


def test_strict_mode_makes_a_broken_plugin_fatal(plugin_site):
    result = tabbench(["plugins"], plugin_env(plugin_site, TABBENCH_STRICT_PLUGINS="1"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "broken" in lines[0] and "Traceback" not in result.stderr


def test_allow_and_disable_lists(plugin_site):
    assert set(_plugins(plugin_site, TABBENCH_LOAD_PLUGINS="toy")) == {"toy"}
    assert set(_plugins(plugin_site, TABBENCH_LOAD_PLUGINS="")) == set()
    assert "broken" not in _plugins(plugin_site, TABBENCH_DISABLE_PLUGINS="broken,other")
    assert "toy" in _plugins(plugin_site, TABBENCH_LOAD_PLUGINS="tabbench-toy")  # distribution names work too


def test_first_party_plugins_register_through_entry_points():
    from importlib import metadata

    from tabbench.host.plugins import host

    ours = {ep.name for ep in metadata.entry_points(group="tabbench") if ep.dist and ep.dist.name == "tabbench"}
    assert ours, "tabbench declares its first-party plugins as entry points"
    for name in ours:
        info = host().plugins[name]
        assert (info.status, info.error) == ("ok", None), name
        assert info.version
