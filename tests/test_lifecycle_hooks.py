"""Lifecycle hooks fire in the documented order; register_commands adds CLI commands."""

from __future__ import annotations

import json
import textwrap
import types

import click

import tabbench
from tabbench.host.plugins import PluginInfo
from tests.toy_plugin import TOY_MODULE


def _toy_module():
    module = types.ModuleType("tabbench_toy_inline")
    exec(compile(textwrap.dedent(TOY_MODULE).replace("tabbench_toy:", "tabbench_toy_inline:"), "toy", "exec"),
         module.__dict__)
    import sys

    sys.modules["tabbench_toy_inline"] = module
    return module


class Recorder:
    def __init__(self):
        self.calls = []

    @tabbench.hookimpl
    def before_run(self, run):
        self.calls.append(("before_run", [b.name for b in run.benchmarks]))

    @tabbench.hookimpl
    def before_benchmark(self, benchmark):
        self.calls.append(("before_benchmark", benchmark.name))

    @tabbench.hookimpl
    def after_sample_scored(self, record):
        self.calls.append(("after_sample_scored", record.id))

    @tabbench.hookimpl
    def after_benchmark(self, benchmark, result):
        self.calls.append(("after_benchmark", result["n"]))

    @tabbench.hookimpl
    def after_run(self, results):
        self.calls.append(("after_run", sorted(results["benchmarks"])))

    @tabbench.hookimpl
    def register_commands(self, cli):
        @cli.command("hello")
        def hello():
            click.echo("hello from a plugin")


def test_hooks_fire_in_order(isolated_host, cli_runner, toy_data, tmp_path):
    recorder = Recorder()
    isolated_host.register(_toy_module(), PluginInfo("toy"))
    isolated_host.register(recorder, PluginInfo("recorder"))
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": f"q{i}", "completion": str(i)}) + "\n" for i in range(3)))
    result = cli_runner(["score", "toy", "--data", f"toy={toy_data}", "--predictions", str(predictions), "--limit", "3",
                         "--out", str(tmp_path / "out"), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert recorder.calls == [
        ("before_run", ["toy"]),
        ("before_benchmark", "toy"),
        ("after_sample_scored", "q0"),
        ("after_sample_scored", "q1"),
        ("after_sample_scored", "q2"),
        ("after_benchmark", 3),
        ("after_run", ["toy"]),
    ]
    assert cli_runner(["hello"]).output == "hello from a plugin\n"
