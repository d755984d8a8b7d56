"""One-file plugins: `tabbench --plugins-dir DIR` and `TABBENCH_PLUGINS_DIR` register every `*.py` in DIR that
has hook implementations, beside the entry-point plugins, without building or installing anything."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from tests.toy_plugin import tabbench

SHOUT = '''
"""A one-file plugin: a reward, and demo-bird scored with it too, added to the demo suite."""
import tabbench
from tabbench import MetricSpec, Reward, Score, Status


class Answered(Reward):
    name = "answered"

    def score(self, example, completion, answer):
        ok = bool(completion.strip())
        return Score(float(ok), Status.MATCH if ok else Status.PARSE_FAIL, {"length": len(completion)})


class AnsweredDemo(tabbench.benchmark_class("demo-bird")):
    name = "demo-bird-answered"
    metrics = (*tabbench.benchmark_class("demo-bird").metrics, MetricSpec("answered", "answered"))


@tabbench.hookimpl
def register_rewards(register):
    register("answered", Answered, description="1 when the completion is not empty")


@tabbench.hookimpl
def register_benchmarks(register):
    register("demo-bird-answered", AnsweredDemo, description="demo-bird, also scored by 'answered'")


@tabbench.hookimpl
def register_suites(register):
    register("demo", ["demo-bird-answered"])
'''


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}
    return {**env, "TABBENCH_STRICT_PLUGINS": "1", **extra}  # as CI loads plugins: a failure is fatal


@pytest.fixture
def plugins_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "my-plugins"
    folder.mkdir()
    (folder / "answered.py").write_text(SHOUT)
    (folder / "helpers.py").write_text("LIMIT = 3\n")  # no hook implementations: not a plugin
    return folder


def test_a_one_file_reward_scores_in_eval(plugins_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = tabbench(["--plugins-dir", str(plugins_dir), "eval", "--model", "gold", "--suite", "demo",
                       "--limit", "3", "--out", str(out), "--no-progress"], _env(), cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    metrics = results["benchmarks"]["demo-bird-answered"]["metrics"]
    assert metrics["answered"]["value"] == 1.0 and metrics["ex"]["value"] == 1.0, metrics
    assert {"demo-bird", "demo-bird-answered"} <= set(results["benchmarks"])


def test_listed_beside_entry_points_from_the_option_and_the_variable(plugins_dir: Path) -> None:
    for args, env in ((["--plugins-dir", str(plugins_dir)], _env()), ([], _env(TABBENCH_PLUGINS_DIR=str(plugins_dir)))):
        listed = {p["name"]: p for p in json.loads(tabbench([*args, "plugins", "--json"], env).stdout)}
        assert listed["answered"]["status"] == "ok" and listed["answered"]["module"] == str(plugins_dir / "answered.py")
        assert listed["answered"]["hooks"] == ["register_benchmarks", "register_rewards", "register_suites"]
        assert "helpers" not in listed and "bird" in listed
        rewards = json.loads(tabbench([*args, "rewards", "list", "--json"], env).stdout)
        assert {"name": "answered", "plugin": "answered"}.items() <= {r["name"]: r for r in rewards}["answered"].items()


def test_a_broken_file_is_one_line_naming_it(plugins_dir: Path) -> None:
    (plugins_dir / "broken.py").write_text("import tabbench\n\nraise RuntimeError('half-written plugin')\n")
    strict = tabbench(["--plugins-dir", str(plugins_dir), "rewards", "list"], _env())
    assert strict.returncode == 1 and strict.stderr.count("\n") == 1, strict.stderr
    assert f"{plugins_dir / 'broken.py'}:3: RuntimeError: half-written plugin" in strict.stderr
    lenient = tabbench(["plugins", "--json"], _env(TABBENCH_PLUGINS_DIR=str(plugins_dir), TABBENCH_STRICT_PLUGINS="0"))
    listed = {p["name"]: p for p in json.loads(lenient.stdout)}
    assert listed["broken"]["status"] == "error" and listed["broken"]["location"] == f"{plugins_dir / 'broken.py'}:3"
    assert listed["answered"]["status"] == "ok"  # the others still load


def test_a_file_named_like_an_entry_point_is_refused(plugins_dir: Path) -> None:
    (plugins_dir / "bird.py").write_text("import tabbench\n\n\n@tabbench.hookimpl\ndef register_suites(register):\n"
                                         "    pass\n")
    result = tabbench(["--plugins-dir", str(plugins_dir), "plugins"], _env())
    assert result.returncode == 1 and "plugin name 'bird' is taken by tabbench_bird; rename the file" in result.stderr


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    option = tabbench(["--plugins-dir", str(tmp_path / "nope"), "plugins"], _env())
    assert option.returncode == 2 and "does not exist" in option.stderr
    variable = tabbench(["plugins"], _env(TABBENCH_PLUGINS_DIR=str(tmp_path / "nope")))
    assert variable.returncode == 2 and variable.stderr == f"Error: plugins dir {tmp_path / 'nope'}: not a folder\n"


LOUD = '''
import tabbench


class Loud(tabbench.Reward):
    name = "loud"

    def score(self, example, completion, answer):
        return tabbench.Score(float(completion.isupper()), tabbench.Status.MATCH)


@tabbench.hookimpl
def register_rewards(register):
    register("loud", Loud)
'''


def test_a_file_loads_once_and_its_rewards_pickle_like_an_installed_plugins(tmp_path: Path) -> None:
    """Rewards cross process boundaries by pickle (by reference to their module), so the file's module stays
    importable by name in this process."""
    from tabbench import Example
    from tabbench.host.plugins import Host

    (tmp_path / "loud.py").write_text(LOUD)
    host = Host()
    assert host.load_directory(tmp_path) == ["loud"] and host.load_directory(tmp_path) == []
    reward = host.registry("reward").get("loud").load()()
    copy = pickle.loads(pickle.dumps(reward))
    assert type(copy) is type(reward) and copy.score(Example(id="1", gold="x"), "HEY", None).value == 1.0
