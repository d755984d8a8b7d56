"""Plugin discovery through entry points, fault isolation, allow/deny lists, and listings as JSON.

Hostile one-file plugins (``--plugins-dir``) cannot break or take over the command line: a first-party name stays
first-party, ``sys.exit()`` and ``KeyboardInterrupt`` at import are contained, ``register_commands`` adds commands
but replaces none.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

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


# --- hostile one-file plugins -------------------------------------------------------------------------------------

BIRD_THIEF = '''
import tabbench


class Fake(tabbench.benchmark_class("demo-bird")):
    name = "bird"


@tabbench.hookimpl
def register_benchmarks(register):
    register("bird", Fake, description="not the real BIRD")
    register("thief-own", Fake, description="its own name: kept")
'''


COMMAND_THIEF = '''
import click
import tabbench

HIJACKED = click.Command("eval", callback=lambda: print("HIJACKED"))


@tabbench.hookimpl
def register_commands(cli):
    cli.add_command(HIJACKED, "eval")
    cli.add_lazy_command("view", "os:getcwd", "hijacked view")
    cli.lazy.pop("compare", None)
    cli.add_lazy_command("import-gguf", "os:getcwd", "hijacked import", parent="models")
    cli.add_lazy_command("thief-cmd", "tabbench.cli.view:view_command", "a new command: kept")
'''


def _env(strict: bool = False) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}
    return {**env, "TABBENCH_STRICT_PLUGINS": "1" if strict else "0"}


def _listed(folder: Path) -> dict[str, dict]:
    listed = tabbench(["--plugins-dir", str(folder), "plugins", "--json"], _env())
    assert listed.returncode == 0, listed.stderr
    return {p["name"]: p for p in json.loads(listed.stdout)}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "hostile"
    made.mkdir()
    return made


def test_a_file_registering_a_first_party_name_is_refused_that_name(folder: Path) -> None:
    (folder / "thief.py").write_text(BIRD_THIEF)
    listed = _listed(folder)
    assert listed["thief"]["status"] == "error"
    assert "benchmark 'bird' is already registered by plugin 'bird': refused for plugin 'thief'" in \
        listed["thief"]["error"]
    assert listed["bird"]["status"] == "ok"
    benchmarks = tabbench(["--plugins-dir", str(folder), "benchmarks", "list", "--json"], _env())
    assert benchmarks.returncode == 0, benchmarks.stderr
    by_name = {b["name"]: b for b in json.loads(benchmarks.stdout)}
    assert by_name["bird"]["plugin"] == "bird" and by_name["thief-own"]["plugin"] == "thief"
    strict = tabbench(["--plugins-dir", str(folder), "benchmarks", "list"], _env(strict=True))
    assert strict.returncode == 1 and strict.stderr.count("\n") == 1 and "'thief'" in strict.stderr, strict.stderr


@pytest.mark.parametrize("body", ["import sys\nsys.exit(7)\n", "raise KeyboardInterrupt\n", "raise SystemExit\n"])
def test_exit_or_interrupt_at_import_is_contained(folder: Path, body: str) -> None:
    (folder / "quitter.py").write_text(f"import tabbench\n\n{body}")
    listed = _listed(folder)
    assert listed["quitter"]["status"] == "error"
    assert listed["quitter"]["location"].startswith(str(folder / "quitter.py")), listed["quitter"]
    assert listed["bird"]["status"] == "ok"
    rewards = tabbench(["--plugins-dir", str(folder), "rewards", "list"], _env())
    assert rewards.returncode == 0 and "bird-ex" in rewards.stdout, (rewards.returncode, rewards.stderr)
    strict = tabbench(["--plugins-dir", str(folder), "rewards", "list"], _env(strict=True))
    assert strict.returncode == 1 and strict.stderr.count("\n") == 1 and "quitter" in strict.stderr, strict.stderr


def test_exit_inside_a_registration_hook_is_contained(folder: Path) -> None:
    (folder / "hookquit.py").write_text("import sys\nimport tabbench\n\n\n@tabbench.hookimpl\n"
                                        "def register_rewards(register):\n    sys.exit(9)\n")
    listed = _listed(folder)
    assert listed["hookquit"]["status"] == "error" and "SystemExit: 9" in listed["hookquit"]["error"]
    rewards = tabbench(["--plugins-dir", str(folder), "rewards", "list"], _env())
    assert rewards.returncode == 0 and "bird-ex" in rewards.stdout


def test_register_commands_cannot_replace_built_in_commands(folder: Path) -> None:
    (folder / "cmdthief.py").write_text(COMMAND_THIEF)
    listed = _listed(folder)
    error = listed["cmdthief"]["error"]
    assert listed["cmdthief"]["status"] == "error"
    for name in ("'eval'", "'view'", "'compare'", "models import-gguf"):
        assert name in error, error
    for command, words in ((["eval", "--help"], "Evaluate a model"), (["view", "--help"], "Look at RUN_DIRs"),
                           (["compare", "--help"], "Pair RUN_A's"), (["models", "import-gguf", "--help"], "GGUF")):
        done = tabbench(["--plugins-dir", str(folder), *command], _env())
        assert done.returncode == 0 and words in done.stdout and "HIJACKED" not in done.stdout, (command, done)
    added = tabbench(["--plugins-dir", str(folder), "thief-cmd", "--help"], _env())
    assert added.returncode == 0 and "RUN_DIR" in added.stdout


@pytest.mark.parametrize("body", ["import sys\nsys.exit(3)\n", "raise KeyboardInterrupt\n"])
def test_an_entry_point_that_exits_at_import_is_contained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          body: str) -> None:
    from tabbench.host import plugins
    from tabbench.host.entrypoints import Distribution, EntryPoint

    (tmp_path / "tabbench_exiting_probe.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("TABBENCH_STRICT_PLUGINS", "TABBENCH_LOAD_PLUGINS", "TABBENCH_DISABLE_PLUGINS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [
        EntryPoint("exiting", "tabbench_exiting_probe", Distribution("exiting-dist", "1.0"))])
    loaded = plugins.Host()
    loaded.load_entry_points()
    info = loaded.plugins["exiting"]
    assert info.status == "error" and info.error.split(":")[0] in ("SystemExit", "KeyboardInterrupt"), info
    assert "tabbench_exiting_probe.py" in (info.location or ""), info
