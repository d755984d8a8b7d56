"""The CPU lock (``constraints-cpu.txt``, written by ``.ci/lock.py``) is today's pyproject.toml's, pins every
package the project names at a version its specifier allows, and is what the README's install and ``.ci/run`` use.

Resolving afresh needs PyPI, so these tests check the lock offline: the inputs hash its header records, the pins
against pyproject's specifiers, and the rendering from a pip report (deterministic, so a regenerated lock differs
from the committed one only where pip resolved differently).
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("tabbench_ci_lock", ROOT / ".ci" / "lock.py")
assert spec is not None and spec.loader is not None
lock = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lock)

LINUX_311 = {**default_environment(), "sys_platform": "linux", "platform_system": "Linux",
             "platform_machine": "x86_64", "python_version": "3.11", "python_full_version": "3.11.7"}


def _named_requirements() -> list[Requirement]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = [Requirement(r) for r in meta["dependencies"]]
    for extra in lock.locked_extras(meta):
        named += [Requirement(r) for r in meta["optional-dependencies"][extra]]
    return [r for r in named if canonicalize_name(r.name) != "tabbench"
            and (r.marker is None or r.marker.evaluate(LINUX_311))]


def test_the_committed_lock_is_todays_pyprojects():
    assert lock.check(lock.LOCK, ROOT / "pyproject.toml", lock.TORCH) is None


def test_every_named_package_is_pinned_at_a_version_its_specifier_allows():
    pinned = lock.pins(lock.LOCK.read_text())
    requirements = _named_requirements()
    assert len(requirements) > 20  # the core dependencies and every locked extra's
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement} has no pin"
        assert requirement.specifier.contains(pinned[name], prereleases=True), f"{requirement}: pinned {pinned[name]}"
    assert pinned["torch"] == lock.pins(lock.TORCH.read_text())["torch"]  # the CPU build .ci/torch-cpu.txt names
    assert "vllm" not in pinned and "tabbench" not in pinned


def test_check_fails_when_pyproject_changes_without_a_new_lock(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    for edited in (text.replace('"click>=8.1",', '"click>=8.1",\n    "tabulate>=0.9",'),  # a new dependency
                   text.replace('"sqlglot>=25"', '"sqlglot>=26"')):  # a changed specifier
        assert edited != text
        (tmp_path / "pyproject.toml").write_text(edited)
        run = subprocess.run([sys.executable, str(ROOT / ".ci" / "lock.py"), "--check", "--pyproject",
                              str(tmp_path / "pyproject.toml"), "--lock", str(lock.LOCK)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 1
        assert run.stderr.count("\n") == 1 and "run `python3 .ci/lock.py`" in run.stderr, run.stderr
    # what the lock is not made from (the tools' settings) changes nothing
    (tmp_path / "pyproject.toml").write_text(text.replace("line-length = 120", "line-length = 119"))
    assert lock.check(lock.LOCK, tmp_path / "pyproject.toml", lock.TORCH) is None


def test_a_pin_missing_from_the_lock_is_named(tmp_path):
    text = lock.LOCK.read_text()
    (tmp_path / "constraints-cpu.txt").write_text("".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("duckdb==")))
    problem = lock.check(tmp_path / "constraints-cpu.txt", ROOT / "pyproject.toml", lock.TORCH)
    assert problem is not None and "'duckdb>=1.0'" in problem and "has no pin" in problem


def _report(names: list[tuple[str, str]]) -> dict:
    return {"pip_version": "26.3", "install": [{"metadata": {"name": n, "version": v}} for n, v in names]}


def test_the_lock_renders_the_same_from_the_same_resolution():
    """A pip report in any order renders to the same bytes: names canonical and sorted, the project itself left
    out, torch's ``+cpu`` label dropped (so PyPI's build and the CPU index's both match the pin)."""
    installed = [("tabbench", "0.2.1"), ("PyYAML", "6.0.4"), ("torch", "2.13.0+cpu"), ("rouge_score", "0.1.2"),
                 ("Jinja2", "3.1.6"), ("zipp", "3.0")]
    first = lock.render(_report(installed), ROOT / "pyproject.toml", lock.TORCH)
    random.Random(0).shuffle(installed)
    assert lock.render(_report(installed), ROOT / "pyproject.toml", lock.TORCH) == first
    body = [line for line in first.splitlines() if not line.startswith("#")]
    assert body == ["jinja2==3.1.6", "pyyaml==6.0.4", "rouge-score==0.1.2", "torch==2.13.0", "zipp==3.0"]
    assert "# resolved by pip 26.3" in first.splitlines()


def test_rendering_a_report_from_the_command_line_is_all_or_nothing(tmp_path):
    report = tmp_path / "report.json"
    report.write_text(json.dumps(_report([("click", "8.5.1")])))
    target = tmp_path / "constraints-cpu.txt"
    target.write_text("old\n")
    run = subprocess.run([sys.executable, str(ROOT / ".ci" / "lock.py"), "--report", str(report), "--lock",
                          str(target)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert target.read_text().splitlines()[-1] == "click==8.5.1" and not list(tmp_path.glob("*.partial"))
    report.write_text("{not json")
    run = subprocess.run([sys.executable, str(ROOT / ".ci" / "lock.py"), "--report", str(report), "--lock",
                          str(target)], capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and target.read_text().splitlines()[-1] == "click==8.5.1"


def test_newer_lists_what_differs_from_the_lock(tmp_path):
    """The newest-releases lane's listing: an installed version other than the lock's, and one the lock lacks."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    from importlib.metadata import version

    (tmp_path / "constraints-cpu.txt").write_text(f"pluggy==0.0.1\nclick=={version('click')}\n")
    lines = lock.newer(tmp_path / "constraints-cpu.txt")
    assert f"pluggy: 0.0.1 -> {version('pluggy')}" in lines
    assert not any(line.startswith("click") for line in lines)
    assert any(line.startswith("+ rich ") for line in lines)


@pytest.mark.parametrize("path, needle", [
    ("README.md", "pip install -e '.[all]' -c constraints-cpu.txt"),
    (".ci/run", "venv=.venv constraints=constraints-cpu.txt"),
    (".ci/run", '-e "$extras" -c "$constraints"'),
    (".ci/run", "python3 .ci/lock.py --check"),
])
def test_the_readme_and_ci_install_with_the_lock(path, needle):
    assert needle in (ROOT / path).read_text()
