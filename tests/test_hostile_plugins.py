"""Hostile one-file plugins (`--plugins-dir`): one file cannot break or take over the command line.

A name it shares with a first-party plugin stays first-party (the file is refused that name and named in the
error); ``sys.exit()`` and ``KeyboardInterrupt`` at its import are contained like any exception; its
``register_commands`` can add commands but not replace a built-in one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tabbench as tabbench_api
from tests.test_plugin_failures import _inline
from tests.toy_plugin import TOY_MODULE, tabbench, write_toy_data

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


def _plugins(folder: Path) -> dict[str, dict]:
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
    listed = _plugins(folder)
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
    listed = _plugins(folder)
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
    listed = _plugins(folder)
    assert listed["hookquit"]["status"] == "error" and "SystemExit: 9" in listed["hookquit"]["error"]
    rewards = tabbench(["--plugins-dir", str(folder), "rewards", "list"], _env())
    assert rewards.returncode == 0 and "bird-ex" in rewards.stdout


def test_register_commands_cannot_replace_built_in_commands(folder: Path) -> None:
    (folder / "cmdthief.py").write_text(COMMAND_THIEF)
    listed = _plugins(folder)
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


class _HookExits:
    @tabbench_api.hookimpl
    def before_benchmark(self, benchmark):
        raise SystemExit(5)


def test_a_lifecycle_hook_that_exits_is_one_line_naming_the_plugin(isolated_host, cli_runner, tmp_path: Path) -> None:
    isolated_host.register(_inline("tabbench_toy_exits", TOY_MODULE.replace("tabbench_toy:", "tabbench_toy_exits:")),
                           "toy")
    isolated_host.register(_HookExits(), "hookexits")
    data = write_toy_data(tmp_path / "toy.jsonl", n=2)
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": f"q{i}", "completion": str(i)}) + "\n" for i in range(2)))
    result = cli_runner(["score", "toy", "--data", f"toy={data}", "--predictions", str(predictions),
                         "--out", str(tmp_path / "out"), "--no-progress"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1, result.stderr
    assert "plugin 'hookexits': hook before_benchmark raised" in lines[0] and "SystemExit: 5" in lines[0]
