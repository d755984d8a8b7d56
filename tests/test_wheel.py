"""The built wheel carries every data file its packages read, and works when installed on its own.

The wheel is built from a copy of the working tree (``pip wheel --no-deps --no-build-isolation``, as a release
would be), so a package-data pattern missing from ``pyproject.toml`` shows up here and not on a user's machine.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and installs the wheel

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_ROOTS = [ROOT / "tabbench", *sorted((ROOT / "plugins").iterdir()), *sorted((ROOT / "trainers").iterdir())]


def _source_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    return [ROOT / f for f in listed if (ROOT / f).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = tmp_path_factory.mktemp("tree")
    for path in _source_files():
        target = tree / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(tree)], check=True, capture_output=True, text=True)
    (built,) = out.glob("tabbench-*.whl")
    return built


def test_every_data_file_inside_a_package_is_in_the_wheel(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = []
    for path in _source_files():
        package = next((r for r in PACKAGE_ROOTS if r in path.parents), None)
        if package is None or path.suffix in (".py", ".pyc") or "tests" in path.relative_to(package).parts:
            continue
        expected.append(str(path.relative_to(package.parent)))
    assert expected, "the packages hold data files (demo data, templates, reference results)"
    missing = sorted(set(expected) - names)
    assert not missing, f"not in the wheel (add a package-data pattern to pyproject.toml): {missing[:10]}"
    for must in ("tabbench/templates/common/pyproject.toml.tmpl", "tabbench/reporting/reference_results.json"):
        assert must in names


def test_installed_wheel_works_without_the_source_tree(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target",
                    str(site), str(wheel)], check=True, capture_output=True, text=True)
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "TABBENCH_CACHE_DIR": str(tmp_path / "cache")}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tabbench", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)

    where = subprocess.run([sys.executable, "-c", "import tabbench; print(tabbench.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(site)), where  # the wheel's copy, not the checkout
    plugins = json.loads(run("plugins", "--json").stdout)
    assert plugins and all(p["status"] == "ok" for p in plugins), plugins
    benchmarks = {r["name"]: r for r in json.loads(run("benchmarks", "list", "--json").stdout)}
    bundled = [name for name, row in benchmarks.items() if row.get("data_source") == "bundled"]
    assert bundled and all(str(site) in benchmarks[n]["data"] for n in bundled)  # demo data from the wheel
    made = run("plugins", "new", "from-wheel", "--dir", str(tmp_path / "skeleton"))
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "skeleton" / "tabbench_from_wheel" / "data" / "test.jsonl").is_file()


def test_the_sandbox_starts_from_a_wheel_installed_in_a_venv(wheel: Path, tmp_path: Path) -> None:
    """A non-editable install: tabbench in the venv's own site-packages (bound into every sandbox, its packages
    hidden there), the dependencies reached through a ``.pth`` line to this interpreter's site-packages."""
    import sysconfig

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", site,
                    str(wheel)], check=True, capture_output=True, text=True)
    program = ("import os, sys\nprint(sys.prefix)\nprint(sorted(os.listdir(os.path.join("
               f"{site!r}, 'tabbench'))))")
    code = ("import tabbench\nfrom tabbench.sandbox import run_python\nprint(tabbench.__file__)\n"
            f"r = run_python({program!r})\nprint(r.status, r.stdout, r.stderr[-300:])")
    done = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    where, outcome, hidden = done.stdout.splitlines()[:3]
    assert where.startswith(site)  # the wheel's copy
    assert outcome == f"None {venv.resolve()}" and hidden == "[]", done.stdout  # ran; tabbench's files hidden
