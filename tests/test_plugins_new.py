"""`tabbench plugins new --kind KIND NAME`: each kind's skeleton installs, registers, and its own tests pass."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.toy_plugin import plugin_env
from tests.toy_plugin import tabbench as run_tabbench

#: kind -> (plugin name, the files its skeleton has beside pyproject.toml and README.md, the hooks it implements)
KINDS = {
    "benchmark": ("my-bench", ["tabbench_my_bench/__init__.py", "tabbench_my_bench/benchmark.py",
                               "tabbench_my_bench/data/test.jsonl", "tabbench_my_bench/rewards.py",
                               "tests/test_plugin.py"], ["register_benchmarks", "register_rewards"]),
    "reward": ("my-f1", ["tabbench_my_f1/__init__.py", "tabbench_my_f1/reward.py", "tests/test_plugin.py"],
               ["register_rewards"]),
    "backend": ("my-model", ["tabbench_my_model/__init__.py", "tabbench_my_model/backend.py", "tests/test_plugin.py"],
                ["register_models"]),
    "environment": ("my-calc", ["tabbench_my_calc/__init__.py", "tabbench_my_calc/environment.py",
                                "tests/test_plugin.py"], ["register_environments"]),
}


@pytest.fixture(scope="module", params=list(KINDS))
def skeleton(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path, list[str]]:
    """The kind, the generated package, the folder it is installed into with pip --target, the files generated."""
    kind = request.param
    root = tmp_path_factory.mktemp(f"new-{kind}")
    package = root / f"tabbench-{KINDS[kind][0]}"
    made = run_tabbench(["plugins", "new", "--kind", kind, KINDS[kind][0], "--dir", str(package)], plugin_env(root))
    assert made.returncode == 0, made.stderr
    files = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file())
    site = root / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(site), str(package)], check=True, capture_output=True, text=True)
    return kind, package, site, files


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_skeleton_has_its_code_tests_readme_and_no_placeholder(skeleton: tuple[str, Path, Path, list[str]]) -> None:
    kind, package, site, files = skeleton
    assert files == sorted(["README.md", "pyproject.toml", *KINDS[kind][1]])
    assert not re.search(r"\{\{\w+\}\}", "".join((package / f).read_text() for f in files)), "placeholder left"
    if kind == "benchmark":
        assert (site / "tabbench_my_bench" / "data" / "test.jsonl").is_file(), "bundled data is package data"


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_installed_skeleton_is_listed_as_a_plugin(skeleton: tuple[str, Path, Path, list[str]]) -> None:
    kind, _, site, _ = skeleton
    name, _, hooks = KINDS[kind]
    result = run_tabbench(["plugins", "--json"], plugin_env(site))
    plugin = {p["name"]: p for p in json.loads(result.stdout)}[name]
    assert (plugin["status"], plugin["distribution"], plugin["hooks"]) == ("ok", f"tabbench-{name}", hooks)
    noun = {"benchmark": "benchmarks", "reward": "rewards", "backend": "models", "environment": "environments"}[kind]
    listed = {r["name"]: r for r in json.loads(run_tabbench([noun, "list", "--json"], plugin_env(site)).stdout)}
    assert listed[name]["plugin"] == name
    if kind == "benchmark":
        assert listed[name]["data_source"] == "bundled" and listed[name]["status"] == "ok"


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_generated_tests_pass(skeleton: tuple[str, Path, Path, list[str]], tmp_path: Path) -> None:
    _, package, site, _ = skeleton
    env = plugin_env(site, TABBENCH_CACHE_DIR=str(tmp_path / "cache"), TABBENCH_STRICT_PLUGINS="1")
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=package, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    passed = re.search(r"(\d+) passed", result.stdout)
    assert passed and int(passed[1]) >= 5 and "skipped" not in result.stdout, result.stdout  # contracts, a run


def test_bad_name_and_occupied_folder_are_one_line_errors(tmp_path: Path) -> None:
    bad = run_tabbench(["plugins", "new", "My_Bench", "--dir", str(tmp_path / "x")], plugin_env(tmp_path))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'My_Bench'" in bad.stderr
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "file").write_text("mine")
    taken = run_tabbench(["plugins", "new", "ok", "--dir", str(tmp_path / "taken")], plugin_env(tmp_path))
    assert taken.returncode == 2 and "not an empty folder" in taken.stderr
    assert (tmp_path / "taken" / "file").read_text() == "mine"
    kind = run_tabbench(["plugins", "new", "--kind", "trainer", "ok", "--dir", str(tmp_path / "y")],
                        plugin_env(tmp_path))
    assert kind.returncode == 2 and "'trainer' is not one of 'benchmark', 'reward', 'backend'" in kind.stderr
    assert not (tmp_path / "y").exists()
