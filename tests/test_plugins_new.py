"""`tabbench plugins new NAME`: the skeleton installs, registers, and its own generated tests pass."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.toy_plugin import plugin_env
from tests.toy_plugin import tabbench as run_tabbench


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """The generated package, the folder it is installed into with pip --target, and the files generated."""
    root = tmp_path_factory.mktemp("new-plugin")
    package = root / "tabbench-my-bench"
    made = run_tabbench(["plugins", "new", "my-bench", "--dir", str(package)], plugin_env(root))
    assert made.returncode == 0, made.stderr
    files = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file())
    site = root / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(site), str(package)], check=True, capture_output=True, text=True)
    return package, site, files


def test_skeleton_has_a_benchmark_reward_tests_readme_and_bundled_data(skeleton: tuple[Path, Path, list[str]]) -> None:
    package, site, files = skeleton
    assert files == ["README.md", "pyproject.toml", "tabbench_my_bench/__init__.py", "tabbench_my_bench/benchmark.py",
                     "tabbench_my_bench/data/test.jsonl", "tabbench_my_bench/rewards.py", "tests/test_plugin.py"]
    assert (site / "tabbench_my_bench" / "data" / "test.jsonl").is_file(), "bundled data is package data"
    assert not re.search(r"\{\{\w+\}\}", "".join((package / f).read_text() for f in files)), "placeholder left"


def test_installed_skeleton_is_listed_as_a_plugin(skeleton: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = skeleton
    result = run_tabbench(["plugins", "--json"], plugin_env(site))
    plugin = {p["name"]: p for p in json.loads(result.stdout)}["my-bench"]
    assert (plugin["status"], plugin["distribution"]) == ("ok", "tabbench-my-bench")
    assert plugin["hooks"] == ["register_benchmarks", "register_rewards"]
    listed = run_tabbench(["benchmarks", "list", "--json"], plugin_env(site))
    row = {r["name"]: r for r in json.loads(listed.stdout)}["my-bench"]
    assert row["data_source"] == "bundled" and row["status"] == "ok"


def test_generated_tests_pass(skeleton: tuple[Path, Path, list[str]], tmp_path: Path) -> None:
    package, site, _ = skeleton
    env = plugin_env(site, TABBENCH_CACHE_DIR=str(tmp_path / "cache"))
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=package, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    passed = re.search(r"(\d+) passed", result.stdout)
    assert passed and int(passed[1]) >= 10 and "skipped" not in result.stdout, result.stdout  # contracts, gold run


def test_bad_name_and_occupied_folder_are_one_line_errors(tmp_path: Path) -> None:
    bad = run_tabbench(["plugins", "new", "My_Bench", "--dir", str(tmp_path / "x")], plugin_env(tmp_path))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'My_Bench'" in bad.stderr
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "file").write_text("mine")
    taken = run_tabbench(["plugins", "new", "ok", "--dir", str(tmp_path / "taken")], plugin_env(tmp_path))
    assert taken.returncode == 2 and "not an empty folder" in taken.stderr
    assert (tmp_path / "taken" / "file").read_text() == "mine"
