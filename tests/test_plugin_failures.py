"""A broken plugin is named, with its file and line, wherever one of its names is asked for; a raising hook is
one line naming plugin and hook; ``--suite all`` runs what it can and reports the rest, exiting 1 on failures."""

from __future__ import annotations

import json
import os
import textwrap
import types
from pathlib import Path

import pytest

import tabbench
from tests.toy_plugin import TOY_MODULE, plugin_env, write_toy_data
from tests.toy_plugin import tabbench as run_tabbench

BROKEN_AT = os.path.join("tabbench_broken", "__init__.py") + ":2"  # BROKEN_MODULE raises on its second line


def _one_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def test_plugins_table_names_file_and_line(plugin_site: Path) -> None:
    result = run_tabbench(["plugins", "--json"], plugin_env(plugin_site))
    broken = {p["name"]: p for p in json.loads(result.stdout)}["broken"]
    assert broken["status"] == "error" and broken["location"].endswith(BROKEN_AT)
    table = run_tabbench(["plugins"], plugin_env(plugin_site))
    error_column = "".join(line.split("│")[-2].strip() for line in table.stdout.splitlines() if "│" in line)
    assert (BROKEN_AT + ":ImportError:thispluginisbrokenonpurpose") in "".join(error_column.split())  # cells wrap


def test_unknown_name_names_the_broken_plugin(plugin_site: Path, tmp_path: Path) -> None:
    result = run_tabbench(["eval", "--model", "gold", "--suite", "broken", "--out", str(tmp_path / "r")],
                          plugin_env(plugin_site))
    assert result.returncode == 2
    line = _one_line(result.stderr)
    assert "unknown benchmark 'broken'" in line and "plugin 'broken' failed to load" in line
    assert BROKEN_AT in line and "broken on purpose" in line


def test_benchmarks_list_shows_the_broken_plugin(plugin_site: Path) -> None:
    result = run_tabbench(["benchmarks", "list", "--json"], plugin_env(plugin_site))
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    failed = [r for r in rows if r["status"] == "error"]
    assert [r["plugin"] for r in failed] == ["broken"] and BROKEN_AT in failed[0]["error"]
    assert "toy" in {r["name"] for r in rows}


def test_suite_all_runs_the_rest_and_reports_the_broken_plugin(plugin_site: Path, tmp_path: Path) -> None:
    data = write_toy_data(tmp_path / "toy.jsonl", n=3)
    env = plugin_env(plugin_site, TABBENCH_LOAD_PLUGINS="toy,broken,oracles", TABBENCH_DATA_TOY=str(data))
    result = run_tabbench(["eval", "--model", "gold", "--suite", "all", "--out", str(tmp_path / "r"),
                           "--no-progress"], env)
    assert result.returncode == 1, result.stderr
    assert json.loads((tmp_path / "r" / "results.json").read_text())["benchmarks"].keys() == {"toy"}
    not_run = [line for line in result.stderr.splitlines() if line.startswith("not run: ")]
    assert len(not_run) == 1 and not_run[0].startswith("not run: broken: plugin 'broken' failed to load (")
    assert BROKEN_AT in not_run[0]


def _inline(name: str, source: str) -> types.ModuleType:
    import sys

    module = types.ModuleType(name)
    exec(compile(textwrap.dedent(source), f"{name}.py", "exec"), module.__dict__)
    sys.modules[name] = module
    return module


WRONG_SPLIT = '''
import tabbench
from tabbench_toy_failures import ToyBenchmark


class MiniDevOnly(ToyBenchmark):
    """Like BIRD given Mini-Dev files: the default split's questions are not in the folder."""

    name = "minidev-only"

    def examples(self, split=None):
        raise tabbench.DataError(f"{self.data_path}: missing questions for split 'dev'. pass --split minidev")


@tabbench.hookimpl
def register_benchmarks(register):
    register("minidev-only", MiniDevOnly)
'''


@pytest.mark.tabbench_plugins("oracles")
def test_suite_all_survives_data_set_up_for_another_split(isolated_host, cli_runner, tmp_path: Path) -> None:
    isolated_host.register(_inline("tabbench_toy_failures", TOY_MODULE.replace("tabbench_toy:",
                                                                               "tabbench_toy_failures:")), "toy")
    isolated_host.register(_inline("tabbench_minidev", WRONG_SPLIT), "minidev")
    data = write_toy_data(tmp_path / "toy.jsonl", n=3)
    args = ["eval", "--model", "gold", "--suite", "all", "--data", f"toy={data}", "--data", f"minidev-only={data}",
            "--out", str(tmp_path / "r"), "--no-progress"]
    result = cli_runner(args)
    assert result.exit_code == 1, result.output
    assert json.loads((tmp_path / "r" / "results.json").read_text())["benchmarks"].keys() == {"toy"}
    assert "not run: minidev-only: " in result.output and "pass --split minidev" in result.output
    named = cli_runner(["eval", "--model", "gold", "--suite", "minidev-only", "--data", f"minidev-only={data}",
                        "--out", str(tmp_path / "r2"), "--no-progress"])
    assert named.exit_code == 2 and "pass --split minidev" in named.output  # asked for by name: an error


class HookFails:
    @tabbench.hookimpl
    def before_benchmark(self, benchmark):
        raise RuntimeError("hook broke")


def _score_toy_with_hook(isolated_host, cli_runner, tmp_path: Path, module: str, hook: object, name: str):
    """``tabbench score`` of two toy predictions with the toy benchmark (as ``module``) and ``hook`` (registered
    as ``name``) installed."""
    isolated_host.register(_inline(module, TOY_MODULE.replace("tabbench_toy:", f"{module}:")), "toy")
    isolated_host.register(hook, name)
    data = write_toy_data(tmp_path / "toy.jsonl", n=2)
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": f"q{i}", "completion": str(i)}) + "\n" for i in range(2)))
    return cli_runner(["score", "toy", "--data", f"toy={data}", "--predictions", str(predictions),
                       "--out", str(tmp_path / "out"), "--no-progress"])


def test_raising_hook_is_one_line_naming_plugin_and_hook(isolated_host, cli_runner, tmp_path: Path) -> None:
    result = _score_toy_with_hook(isolated_host, cli_runner, tmp_path, "tabbench_toy_failures", HookFails(),
                                  "hookfails")
    assert result.exit_code == 1
    line = _one_line(result.output)
    assert "plugin 'hookfails': hook before_benchmark raised" in line and "RuntimeError: hook broke" in line
    assert f"{Path(__file__).name}:" in line  # the file and line of the raise


def test_real_bird_minidev_given_where_dev_is_the_default(plugin_site: Path, tmp_path: Path) -> None:
    minidev = Path("/work/shared/data/bird_minidev")
    if not minidev.is_dir():
        pytest.skip("BIRD Mini-Dev data not present")
    data = write_toy_data(tmp_path / "toy.jsonl", n=2)
    env = plugin_env(plugin_site, TABBENCH_LOAD_PLUGINS="toy,bird,oracles", TABBENCH_DATA_TOY=str(data),
                     TABBENCH_DATA_BIRD=str(minidev))
    result = run_tabbench(["eval", "--model", "gold", "--suite", "all", "--out", str(tmp_path / "r"),
                           "--no-progress"], env)
    assert result.returncode == 1, result.stderr
    assert json.loads((tmp_path / "r" / "results.json").read_text())["benchmarks"].keys() == {"toy"}
    assert any(line.startswith("not run: bird: ") and "--split minidev" in line for line in result.stderr.splitlines())


class HookRejectsData:
    @tabbench.hookimpl
    def before_run(self, run):
        raise tabbench.DataError(f"{run.out_dir}: refused by the plugin")


def test_hook_raising_a_user_error_keeps_exit_code_2(isolated_host, cli_runner, tmp_path: Path) -> None:
    isolated_host.register(_inline("tabbench_toy_failures", TOY_MODULE.replace("tabbench_toy:",
                                                                               "tabbench_toy_failures:")), "toy")
    isolated_host.register(HookRejectsData(), "rejects")
    data = write_toy_data(tmp_path / "toy.jsonl", n=1)
    predictions = tmp_path / "p.jsonl"
    predictions.write_text(json.dumps({"id": "q0", "completion": "0"}) + "\n")
    result = cli_runner(["score", "toy", "--data", f"toy={data}", "--predictions", str(predictions),
                         "--out", str(tmp_path / "out"), "--no-progress"])
    assert result.exit_code == 2
    assert "plugin 'rejects': hook before_run raised" in _one_line(result.output)


class CommandsFail:
    @tabbench.hookimpl
    def register_commands(self, cli):
        raise RuntimeError("no commands today")


def test_raising_register_commands_is_reported_not_fatal(isolated_host, cli_runner) -> None:
    isolated_host.register(CommandsFail(), "commandsfail")
    result = cli_runner(["plugins", "--json"])
    assert result.exit_code == 0, result.output
    row = {p["name"]: p for p in json.loads(result.output)}["commandsfail"]
    assert row["status"] == "error" and "no commands today" in row["error"]
    assert row["location"].startswith(__file__)


class _Quiet(tabbench.Benchmark):
    name, version, metrics, primary_metric, needs_data = "quiet-bench", "1", (), "none", False

    def examples(self, split=None):
        yield tabbench.Example("1", "a")

    def prompt(self, example):
        return [{"role": "user", "content": "?"}]


def test_a_registration_hook_that_looks_a_name_up_fails_alone_with_one_clear_line(isolated_host) -> None:
    """A hook that looks a benchmark up while benchmarks are being registered would build the registry it is
    filling, every plugin's hook again, without end (a RecursionError blamed on whichever plugin it hit). It is
    refused, naming the plugin; the others register as usual, and the registry works for the rest of the process."""
    class Eager:
        @tabbench.hookimpl
        def register_benchmarks(self, register):
            register("eager-bench", tabbench.benchmark_class("quiet-bench"))

    class Quiet:
        @tabbench.hookimpl
        def register_benchmarks(self, register):
            register("quiet-bench", _Quiet)

    isolated_host.register(Quiet(), "quiet")
    isolated_host.register(Eager(), "eager")
    assert isolated_host.registry("benchmark").names() == ["quiet-bench"]
    assert (isolated_host.plugins["quiet"].status, isolated_host.plugins["eager"].status) == ("ok", "error")
    error = isolated_host.plugins["eager"].error
    assert "plugin 'eager': register_benchmarks looked up a benchmark while the benchmarks were being registered" \
        in error and "\n" not in error
    assert tabbench.benchmark_class("quiet-bench") is _Quiet  # no lookup is refused once the registry is built


class _HookExits:
    @tabbench.hookimpl
    def before_benchmark(self, benchmark):
        raise SystemExit(5)


def test_a_lifecycle_hook_that_exits_is_one_line_naming_the_plugin(isolated_host, cli_runner, tmp_path: Path) -> None:
    result = _score_toy_with_hook(isolated_host, cli_runner, tmp_path, "tabbench_toy_exits", _HookExits(),
                                  "hookexits")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1, result.stderr
    assert "plugin 'hookexits': hook before_benchmark raised" in lines[0] and "SystemExit: 5" in lines[0]
