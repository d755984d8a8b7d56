"""The host's modules form tiers, each importing only its own tier and those below, with no import cycles.

contract < services (sql, sandbox, tables, tableqa, checkpoint, reproducible, the config-file reader) < host
(plugins, lookup, public) < evaluation, adapters, training and integrations (the adapters to other stacks) <
reporting < cli, testing and ``tabbench.api``. Imports
inside functions count (a lazy import is still a dependency); ``if TYPE_CHECKING:`` blocks do not.
``from tabbench import X`` counts as an import of the module that defines ``X`` (its module when ``X`` is one).
The tables of old names (``tabbench.contract.deprecation``) import their targets like any other code; the few
that reach up a tier or back into a module that imports them are ``OLD_NAME_IMPORTS``, each lazy.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import tabbench

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tabbench"

TIERS: list[tuple[str, tuple[str, ...]]] = [
    ("contract", ("tabbench.contract",)),
    # host.config, the config-file reader, imports only the contract: a service the SQL servers' DSNs read too
    ("services", ("tabbench.sql", "tabbench.sandbox", "tabbench.tables", "tabbench.tableqa", "tabbench.checkpoint",
                  "tabbench.reproducible", "tabbench.decoding", "tabbench.host.config")),
    ("host", ("tabbench.host",)),
    ("evaluation", ("tabbench.evaluation", "tabbench.adapters", "tabbench.training", "tabbench.integrations")),
    ("reporting", ("tabbench.reporting",)),
    ("cli", ("tabbench.cli", "tabbench.testing", "tabbench.api", "tabbench.deprecated", "tabbench.__main__",
             "tabbench.voting", "tabbench.leaderboard", "tabbench.tinymodel",  # 0.1.0's moved modules
             "tabbench.build_tiny")),  # runs `tabbench models build-tiny` (apart from the test kit: no pytest)
]


#: Imports that go up a tier or close a cycle, each made inside a function that only runs when an old public name
#: is used (the module that lost the name is complete by then): 0.1.0's click options and command helpers moved up
#: to the CLI (only commands import click), table-QA's extractors import the module whose names moved to them, and
#: the package root's removed names live above every tier. No other import may.
OLD_NAME_IMPORTS = {
    ("tabbench", "tabbench.deprecated"),
    ("tabbench.evaluation.options", "tabbench.cli.options"),
    ("tabbench.evaluation.options", "tabbench.cli.legacy"),
    ("tabbench.evaluation.budget", "tabbench.cli.options"),
    ("tabbench.cli.options", "tabbench.cli.legacy"),
    ("tabbench.tableqa.answers", "tabbench.tableqa.extractors"),
}


def tier(module: str) -> int | None:
    """The tier of ``module``; ``None`` for the package root, which imports nothing at run time."""
    if module == "tabbench":
        return None
    for index, (_, prefixes) in enumerate(TIERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} belongs to no tier: add it to TIERS in tests/test_layering.py")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """``(module, line, at_import_time)`` for each tabbench import of ``path``, TYPE_CHECKING blocks left out."""
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for sub in child.orelse:
                    visit(sub, top)
                continue
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, top) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                if child.module == "tabbench":
                    found.extend((f"tabbench.{alias.name}" if f"tabbench.{alias.name}" in MODULES
                                  else tabbench._EXPORTS.get(alias.name, "tabbench"), child.lineno, top)
                                 for alias in child.names)
                else:  # ``from package import submodule`` imports the submodule
                    found.extend((f"{child.module}.{alias.name}" if f"{child.module}.{alias.name}" in MODULES
                                  else child.module, child.lineno, top) for alias in child.names)
            inner = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, top and not inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return [(m, line, top) for m, line, top in found if m == "tabbench" or m.startswith("tabbench.")]


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def test_every_import_goes_to_the_same_tier_or_below() -> None:
    problems = []
    for name, path in MODULES.items():
        own = tier(name)
        for target, line, top in imports(path):
            theirs = tier(target)
            if (name, _resolve(target)) in OLD_NAME_IMPORTS and not top:
                continue
            if own is not None and theirs is not None and theirs > own:
                problems.append(f"{path.relative_to(ROOT)}:{line}: {TIERS[own][0]} module imports {target} "
                                f"({TIERS[theirs][0]})")
    assert not problems, "\n".join(problems)


def _resolve(target: str) -> str | None:
    """The module file ``target`` names (a package's ``__init__``), or ``None`` for a name inside a module."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules it imports, at import time or inside a function (a lazy import is still a
    dependency: a cycle through one only waits for the first call to bite); ``OLD_NAME_IMPORTS`` left out."""
    return {name: {t for m, _, top in imports(path) if (t := _resolve(m)) and t != name
                   and (top or (name, t) not in OLD_NAME_IMPORTS)}
            for name, path in MODULES.items()}


def test_the_imports_of_old_names_are_lazy_and_each_is_still_made() -> None:
    """Each allowed import of an old name is made, inside a function (never when its module is imported): an
    entry that no code needs any more is removed, and none of them may move to the top of a module."""
    made = {(name, t): top for name, path in MODULES.items() for m, _, top in imports(path)
            if (t := _resolve(m)) and (name, t) in OLD_NAME_IMPORTS}
    assert set(made) == OLD_NAME_IMPORTS and not any(made.values()), made


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path that ends where it starts, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for name in sorted(graph):
        if name not in state and (cycle := visit(name)):
            return cycle
    return None


def test_no_import_cycles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_a_cycle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    probe = tmp_path / "probe.py"  # not in the tree: tests run side by side (xdist), the wheel test copies tests/
    probe.write_text("def f():\n    import tabbench.sql.batch\n")
    assert ("tabbench.sql.batch", 2, False) in imports(probe)  # lazy, and counted by import_graph
    probe.write_text("from tabbench import training, Reward\n")
    assert imports(probe) == [("tabbench.training", 1, True), ("tabbench.contract.reward", 1, True)]


def test_the_checks_see_violations(tmp_path: Path) -> None:
    source = ("import tabbench.cli\nif TYPE_CHECKING:\n    import tabbench.reporting\n"
              "def f():\n    import tabbench.host\n")
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert imports(probe) == [("tabbench.cli", 1, True), ("tabbench.host", 5, False)]
    assert tier("tabbench.sql.batch") < tier("tabbench.host.plugins") < tier("tabbench.cli.eval")


def test_the_host_names_no_first_party_plugin() -> None:
    """With no plugin loaded, the host has only its built-in suite and commands; it imports no plugin."""
    imports_of_plugins = [f"{path.relative_to(ROOT)}:{line}: {target}" for name, path in MODULES.items()
                          for target, line, _ in _all_imports(path) if target.startswith("tabbench_")]
    assert not imports_of_plugins
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}
    env["TABBENCH_LOAD_PLUGINS"] = ""

    def run(*args: str) -> str:
        result = subprocess.run([sys.executable, "-m", "tabbench", *args], env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert [s["name"] for s in json.loads(run("suites", "list", "--json"))] == ["all"]
    commands = {line.split()[0] for line in run("--help").split("Commands:")[1].splitlines() if line.strip()}
    assert "demo" not in commands and "eval" in commands
    assert "build-tiny" not in run("models", "--help")


def _all_imports(path: Path) -> list[tuple[str, int, bool]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(alias.name if isinstance(node, ast.Import) else node.module or "", node.lineno, False)
            for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in (node.names if isinstance(node, ast.Import) else node.names[:1])]


def private_crossings(path: Path, module: str) -> list[str]:
    """``line: name`` for each private name (one leading underscore) of another tabbench module that ``path``
    (module ``module``) imports or reads as ``module_alias._name``."""
    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__")

    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("tabbench"):
            for alias in node.names:
                target = f"{node.module}.{alias.name}"
                if target in MODULES:
                    aliases[alias.asname or alias.name] = target
                elif private(alias.name) and node.module != module:
                    found.append(f"{node.lineno}: {target}")
        elif isinstance(node, ast.Import):
            aliases.update((a.asname, a.name) for a in node.names if a.asname and a.name.startswith("tabbench"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and private(node.attr) and isinstance(node.value, ast.Name)
                and aliases.get(node.value.id, module) != module):
            found.append(f"{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return found


def test_no_private_name_crosses_modules() -> None:
    """A name with a leading underscore stays in its module: what another module needs is public within the
    package (no underscore) or moves to where it is used."""
    crossings = [f"{path.relative_to(ROOT)}:{where}" for name, path in MODULES.items()
                 for where in private_crossings(path, name)]
    assert not crossings, crossings


def test_the_private_name_check_sees_both_kinds(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from tabbench.sql.pool import _hiding, shared_pool\nfrom tabbench.contract import settings as s"
                     "\ns._CURRENT\nfrom tabbench.sql import _completion_sql\n")
    assert private_crossings(probe, "tabbench.sql") == ["1: tabbench.sql.pool._hiding",
                                                        "3: tabbench.contract.settings._CURRENT"]
