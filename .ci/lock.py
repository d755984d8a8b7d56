"""Write (or check) ``constraints-cpu.txt``: the CPU lock, every package the project's extras resolve to.

    python3 .ci/lock.py            # resolve pyproject.toml afresh (PyPI) and rewrite constraints-cpu.txt
    python3 .ci/lock.py --check    # no network: fail unless the lock was written from today's pyproject.toml

The lock pins, by exact version, every package (transitive included) that ``pip install -e '.[EXTRAS]'`` resolves
in a new virtual environment on Linux x86_64 with CPython 3.11, for every extra of ``pyproject.toml`` but those in
``UNLOCKED`` (``vllm``: GPU-only, not installable here), with torch held at the CPU build ``.ci/torch-cpu.txt``
names. The README's install and ``.ci/run`` pass it to pip with ``-c``, so a fresh clone gets the versions the
suite was run with, whatever was released since; ``pip install -e '.[all]'`` without it still takes the newest
releases, and ``bash .ci/run --newest`` runs the suite on those. Resolution is pip's own (``--dry-run --report``,
pip upgraded first as ``.ci/run`` does), so the lock is what ``.ci/run`` would install today.

The lock's header records a hash of its inputs (the project's dependency tables and ``.ci/torch-cpu.txt``):
``--check`` compares it, so a dependency changed in ``pyproject.toml`` without a new lock fails ``.ci/run`` with
this command to run. Standard library only: it runs with the interpreter that creates the venv.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "constraints-cpu.txt"
TORCH = ROOT / ".ci" / "torch-cpu.txt"
UNLOCKED = ("vllm",)  # extras not locked: GPU-only (vllm's wheels pull CUDA builds of torch)
INPUTS = re.compile(r"^# inputs: sha256=([0-9a-f]{64})$", re.M)
REGENERATE = "python3 .ci/lock.py"


def canonical(name: str) -> str:
    """A distribution name as PEP 503 compares them (``PyYAML`` and ``pyyaml``, ``rouge_score`` and ``rouge-score``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """The distribution a PEP 508 requirement names (``psycopg[binary]>=3.1; ...`` -> ``psycopg``)."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if not match:
        raise SystemExit(f"pyproject.toml: unreadable requirement {requirement!r}")
    return canonical(match.group(1))


def project(pyproject: Path) -> dict:
    try:
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as exc:
        raise SystemExit(f"{pyproject}: cannot read [project] ({exc})") from None


def locked_extras(meta: dict) -> list[str]:
    """Every extra but ``UNLOCKED``, sorted: what the lock covers (``all``, ``dev`` and whatever is added)."""
    return sorted(extra for extra in meta.get("optional-dependencies", {}) if extra not in UNLOCKED)


def inputs_hash(pyproject: Path, torch: Path) -> str:
    """The hash of what the lock is made from: the dependency tables and the torch pin (not the rest of the file)."""
    meta = project(pyproject)
    inputs = {"requires-python": meta.get("requires-python"), "dependencies": meta.get("dependencies", []),
              "optional-dependencies": meta.get("optional-dependencies", {}), "unlocked": list(UNLOCKED),
              "torch": pins(torch.read_text(encoding="utf-8"))}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def pins(text: str) -> dict[str, str]:
    """``name == version`` lines of a constraints file, by canonical name (comments and blank lines skipped)."""
    found = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep or not version.strip():
            raise SystemExit(f"line {number}: {line!r} is not NAME==VERSION")
        found[canonical(name.strip())] = version.strip()
    return found


def render(report: dict, pyproject: Path, torch: Path) -> str:
    """The lock file from pip's installation report: sorted, one ``name==version`` per line, the project itself
    left out; torch's local version label (``+cpu``) dropped so that PyPI's and the CPU index's builds both match."""
    meta = project(pyproject)
    own = canonical(meta["name"])
    lines = {}
    for item in report["install"]:
        name = canonical(item["metadata"]["name"])
        if name == own:
            continue
        version = item["metadata"]["version"]
        if name == "torch":
            version = version.split("+", 1)[0]
        lines[name] = f"{name}=={version}"
    header = [
        "# The CPU lock: every package that `pip install -e '.[EXTRAS]'` resolves on Linux x86_64, CPython 3.11,",
        "# torch on its CPU build. Used as `pip install -e '.[all]' -c constraints-cpu.txt` (the README) and by",
        "# .ci/run; leave it out for the newest releases (GPU machines: pip install -e '.[all]').",
        f"# Generated by `{REGENERATE}` from pyproject.toml and .ci/torch-cpu.txt: do not edit by hand.",
        f"# extras: {','.join(locked_extras(meta))} (not locked: {','.join(UNLOCKED)})",
        f"# resolved by pip {report.get('pip_version', '?')}",
        f"# inputs: sha256={inputs_hash(pyproject, torch)}",
    ]
    return "\n".join([*header, *(lines[name] for name in sorted(lines))]) + "\n"


def resolve(pyproject: Path, torch: Path) -> dict:
    """pip's report of what a fresh venv would install: the project with every locked extra, torch pinned."""
    if sys.platform != "linux" or platform.machine() != "x86_64" or sys.version_info[:2] != (3, 11):
        raise SystemExit(f"the CPU lock is resolved on Linux x86_64 with CPython 3.11 (this is {sys.platform} "
                         f"{platform.machine()}, Python {platform.python_version()})")
    extras = ",".join(locked_extras(project(pyproject)))
    with tempfile.TemporaryDirectory(prefix="tabbench-lock-") as tmp:
        venv, report = Path(tmp) / "venv", Path(tmp) / "report.json"
        python = str(venv / "bin" / "python")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed",
                        "--report", str(report), "-e", f"{pyproject.parent}[{extras}]", "-c", str(torch)],
                       check=True)
        return json.loads(report.read_text(encoding="utf-8"))


def check(lock: Path, pyproject: Path, torch: Path) -> str | None:
    """Why ``lock`` is not the lock of today's inputs, or ``None``: its recorded inputs hash differs, or a package
    the project names (dependencies, locked extras) has no pin."""
    if not lock.is_file():
        return f"{lock.name} is missing: run `{REGENERATE}`"
    text = lock.read_text(encoding="utf-8")
    recorded = INPUTS.search(text)
    if recorded is None or recorded.group(1) != inputs_hash(pyproject, torch):
        return (f"{lock.name} was not generated from today's pyproject.toml dependencies and .ci/torch-cpu.txt: "
                f"run `{REGENERATE}` and commit it")
    pinned = pins(text)
    meta = project(pyproject)
    named = list(meta.get("dependencies", []))
    for extra in locked_extras(meta):
        named += meta["optional-dependencies"][extra]
    own = canonical(meta["name"])
    for requirement in named:
        name = requirement_name(requirement)
        if name != own and name not in pinned:
            return f"{lock.name}: {requirement!r} of pyproject.toml has no pin: run `{REGENERATE}`"
    return None


def newer(lock: Path) -> list[str]:
    """``name: locked -> installed`` for each package installed in this interpreter whose version is not the lock's
    (``+ name installed`` for one the lock does not name): what the newest-releases lane runs beyond the lock."""
    from importlib.metadata import distributions

    pinned = pins(lock.read_text(encoding="utf-8"))
    installed = {canonical(d.metadata["Name"]): d.version for d in distributions() if d.metadata["Name"]}
    own = {"pip", canonical(project(lock.parent / "pyproject.toml")["name"])}
    lines = []
    for name in sorted(set(installed) - own):
        version = installed[name].split("+", 1)[0] if name == "torch" else installed[name]
        if name not in pinned:
            lines.append(f"+ {name} {version} (not in the lock)")
        elif pinned[name] != version:
            lines.append(f"{name}: {pinned[name]} -> {version}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail unless the lock matches pyproject.toml (offline)")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    parser.add_argument("--lock", type=Path, default=LOCK)
    parser.add_argument("--newer", action="store_true", help="list installed packages whose version is not the lock's")
    parser.add_argument("--report", type=Path, help="render from this pip --report file instead of resolving")
    args = parser.parse_args(argv)
    if args.check:
        problem = check(args.lock, args.pyproject, TORCH)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 1
        return 0
    if args.newer:
        lines = newer(args.lock)
        print(f"{len(lines)} installed package(s) differ from {args.lock.name}" + (":" if lines else ""))
        print("\n".join(f"  {line}" for line in lines), end="\n" if lines else "")
        return 0
    report = json.loads(args.report.read_text(encoding="utf-8")) if args.report else resolve(args.pyproject, TORCH)
    partial = args.lock.with_name(args.lock.name + ".partial")
    partial.write_text(render(report, args.pyproject, TORCH), encoding="utf-8")
    partial.replace(args.lock)  # all or nothing: a failed run leaves the old lock
    print(f"wrote {args.lock} ({len(pins(args.lock.read_text(encoding='utf-8')))} packages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
