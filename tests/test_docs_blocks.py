"""Every fenced code block in README.md and docs/*.md runs, or says in the doc why it does not.

What happens to a block is decided by its language and by a marker, an HTML comment on the line just above
the opening fence (so the reason sits in the doc, next to the block, not in a list in this file):

- ``python``: executed, in order, in one namespace per document, in a fresh working folder;
- ``toml``, ``yaml``, ``json``: parsed;
- ``text``: shown output, a listing or a usage synopsis, not code (the fence must say ``text``);
- ``<!-- docs-test: file PATH -->``: written to PATH in the document's working folder. When a document
  writes a ``pyproject.toml``, that project is installed with ``pip --target`` (a plugin written from the
  docs), its tests (``tests/test_*.py``) are run, and ``run`` blocks see it on ``PYTHONPATH``;
- ``<!-- docs-test: run -->``: a shell block run with bash in the working folder after the files;
- ``<!-- docs-test: skip REASON -->``: not run, and the reason is required (placeholders, a GPU, ...);
- ``<!-- docs-test: covered by tests/NAME.py -->``: run by that test, which must name the document.

A shell block (``bash``, ``console``, ...) or a bare fence with no marker fails the test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKER = re.compile(r"<!--\s*docs-test:\s*(?P<verb>file|run|skip|covered by)\s*(?P<arg>.*?)\s*-->")
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+)(?P<info>[^`]*)$")
PARSERS = {"toml": tomllib.loads, "yaml": yaml.safe_load, "json": json.loads}


@dataclass
class Block:
    doc: Path
    line: int  # of the opening fence
    lang: str
    code: str
    verb: str | None  # the marker's verb, if any
    arg: str

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    lines = doc.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence = len(match["indent"]), match["fence"]
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == fence)
        body = "\n".join(line[indent:] for line in lines[i + 1:end]) + "\n"
        marker = MARKER.search(lines[i - 1]) if i else None
        found.append(Block(doc, i + 1, match["info"].strip().split(" ")[0].lower(), body,
                           marker["verb"] if marker else None, marker["arg"] if marker else ""))
        i = end + 1
    return found


ALL = [block for doc in DOCS for block in blocks(doc)]


def test_the_docs_have_blocks_and_every_block_is_accounted_for() -> None:
    assert len(ALL) > 15
    unaccounted = [b.where for b in ALL if b.verb is None and b.lang not in ("python", "text", *PARSERS)]
    assert not unaccounted, f"mark (docs-test: run, skip REASON, file PATH) or fence as text: {unaccounted}"
    reasonless = [b.where for b in ALL if b.verb == "skip" and len(b.arg) < 10]
    assert not reasonless, f"a skipped block says why: {reasonless}"


@pytest.mark.parametrize("block", [b for b in ALL if b.lang in PARSERS and b.verb is None], ids=lambda b: b.where)
def test_config_blocks_parse(block: Block) -> None:
    PARSERS[block.lang](block.code)


@pytest.mark.parametrize("block", [b for b in ALL if b.verb == "covered by"], ids=lambda b: b.where)
def test_covered_blocks_name_a_test_that_reads_the_doc(block: Block) -> None:
    test = ROOT / block.arg
    assert test.is_file(), f"{block.where}: {block.arg} does not exist"
    assert block.doc.name in test.read_text(encoding="utf-8"), f"{block.arg} does not read {block.doc.name}"


def _runnable(doc: Path) -> list[Block]:
    return [b for b in blocks(doc) if b.verb in ("file", "run") or (b.verb is None and b.lang == "python")]


def _installs(doc: Path) -> bool:
    """Whether the doc writes a project to install (slow: pip builds it, then its tests run)."""
    return any(b.verb == "file" and b.arg == "pyproject.toml" for b in blocks(doc))


def _trains(doc: Path) -> bool:
    """Whether the doc builds or trains a model in a shell block (slow, as such tests are)."""
    return any(b.verb == "run" and re.search(r"tabbench (models build-tiny|train )", b.code) for b in blocks(doc))


@pytest.mark.parametrize("doc", [pytest.param(d, marks=pytest.mark.slow) if _installs(d) or _trains(d) else d
                                 for d in DOCS if _runnable(d)], ids=lambda d: str(d.relative_to(ROOT)))
def test_doc_runs(doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Write the doc's files, install the project it describes, run its python and shell blocks in order."""
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("TABBENCH_OUT", None)
    runnable = _runnable(doc)
    for block in runnable:
        if block.verb == "file":
            path = work / block.arg
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.code, encoding="utf-8")
    if (work / "pyproject.toml").is_file():
        site = tmp_path / "site"
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(work)], check=True, capture_output=True, text=True)
        env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    namespace: dict[str, object] = {"__name__": "__docs__"}
    monkeypatch.chdir(work)
    for block in runnable:
        if block.verb == "run":
            result = subprocess.run(["bash", "-euo", "pipefail", "-c", block.code], cwd=work, env=env,
                                    capture_output=True, text=True, timeout=600)
            assert result.returncode == 0, f"{block.where}:\n{result.stdout}\n{result.stderr}"
        elif block.verb is None:  # python
            for key in ("TABBENCH_CACHE_DIR", "PYTHONPATH"):
                if key in env:
                    monkeypatch.setenv(key, env[key])
            exec(compile(block.code, block.where, "exec"), namespace)
    tests = sorted((work / "tests").glob("test_*.py")) if (work / "tests").is_dir() else []
    if tests:
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *map(str, tests)],
                                cwd=work, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr
