"""The public-API rule, enforced: plugins import only the host's documented public modules, never each other.

Every module in ``plugins/`` and ``trainers/`` (their tests included) is read as an AST. An import of
``tabbench.X`` must name a module of ``tabbench.host.public.PUBLIC_MODULES``; ``from tabbench import N`` must
name something in ``tabbench.__all__``; an import of another plugin package (``tabbench_*``) is refused. A
plugin that needs more from the host shows that the host's public API is missing something.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import tabbench
from tabbench.host.public import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_FILES = sorted(p for folder in ("plugins", "trainers") for p in (ROOT / folder).rglob("*.py"))


def violations(path: Path, own_package: str) -> list[str]:
    """``file:line: why`` for each import in ``path`` that breaks the rule."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports = [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imports = [(node.module, [alias.name for alias in node.names])]
        else:
            continue
        for module, names in imports:
            why = _check(module, names, own_package)
            if why:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {why}")
    return found


def _check(module: str, names: list[str], own_package: str) -> str | None:
    top = module.split(".")[0]
    if top.startswith("tabbench_") and top != own_package:
        return f"imports another plugin ({module}); share through the host's public API instead"
    if top != "tabbench":
        return None
    if module == "tabbench":
        private = [n for n in names if n not in tabbench.__all__ and f"tabbench.{n}" not in PUBLIC_MODULES]
        return f"`from tabbench import {', '.join(private)}`: not in tabbench.__all__" if private else None
    if module in PUBLIC_MODULES or (names and all(f"{module}.{n}" in PUBLIC_MODULES for n in names)):
        return None  # a public module, or public submodules imported from their package
    return f"imports {module}, not a public module (tabbench.host.public.PUBLIC_MODULES)"


def _package(path: Path) -> str:
    return path.relative_to(ROOT).parts[1]


def test_every_plugin_module_imports_only_the_public_api() -> None:
    assert len(PLUGIN_FILES) > 50, "plugins/ and trainers/ hold the first-party plugins"
    problems = [v for path in PLUGIN_FILES for v in violations(path, _package(path))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import tabbench_spider.benchmark", "imports another plugin"),
        ("from tabbench_tableqa_rewards import answers", "imports another plugin"),
        ("from tabbench.host.plugins import host", "not a public module"),
        ("def f():\n    from tabbench.evaluation.runner import execute", "not a public module"),
        ("from tabbench import Benchmark, _EXPORTS", "_EXPORTS"),
        ("from tabbench.contract.errors import DataError", "not a public module"),
    ],
)
def test_the_check_catches_each_kind_of_violation(source: str, expected: str) -> None:
    found = [why for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import | ast.ImportFrom)
             for why in [_check(*_imported(node), "tabbench_mine")] if why]
    assert found and expected in found[0], found


def test_allowed_imports_pass() -> None:
    for source in ("import tabbench", "from tabbench import Benchmark, Score", "from tabbench.sql import extract_sql",
                   "import tabbench_mine.data", "from tabbench.testing import RewardContract", "import json"):
        node = ast.parse(source).body[0]
        assert _check(*_imported(node), "tabbench_mine") is None, source


def _imported(node: ast.Import | ast.ImportFrom) -> tuple[str, list[str]]:
    if isinstance(node, ast.Import):
        return node.names[0].name, []
    return node.module or "", [alias.name for alias in node.names]


def test_no_command_module_is_public_api() -> None:
    """Plugins share the library, never the CLI's commands: the one public module below ``tabbench.cli`` holds the
    click options a trainer's command takes (the library itself imports no click) and defines no command."""
    import click

    cli_modules = [m for m in PUBLIC_MODULES if m == "tabbench.cli" or m.startswith("tabbench.cli.")]
    assert cli_modules == ["tabbench.cli.options"]
    module = importlib.import_module(cli_modules[0])
    commands = [name for name, value in vars(module).items() if isinstance(value, click.Command)]
    assert not commands, commands


def test_the_public_module_list_does_not_grow() -> None:
    """Twenty modules was already a wide promise: 0.2.0 adds two, ``tabbench.training`` (the trainer contract that
    trainer plugins build on) and ``tabbench.decoding`` (compiled decoding, which a model backend and a trainer's
    rollouts share); a further one replaces one, or shows the host misses a place."""
    assert len(PUBLIC_MODULES) <= 22


@pytest.mark.parametrize("module", sorted(PUBLIC_MODULES))
def test_public_modules_exist(module: str) -> None:
    importlib.import_module(module)


def test_the_plugin_guide_lists_exactly_the_public_modules() -> None:
    """docs/plugins.md shows the list the check enforces: one row per module, no more, no fewer."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = text.split("## The public API", 1)[1].split("\n## ", 1)[0]
    listed = {line.split("`")[1] for line in section.splitlines() if line.startswith("| `tabbench")}
    assert listed == set(PUBLIC_MODULES)


def test_every_public_name_is_exported_and_every_export_public() -> None:
    """``tabbench.__all__`` is written out for type checkers: it must name exactly the lazily loaded exports."""
    assert set(tabbench.__all__) == {"__version__", *tabbench._EXPORTS}
    assert all(getattr(tabbench, name) is not None for name in tabbench.__all__)
