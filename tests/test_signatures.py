"""No private function takes more than ``MAX_PARAMETERS`` parameters, in the host and the first-party plugins.

A private helper with a dozen parameters is the locals of one call passed along (``sql/batch.py`` had one
with 11 and 7 ``type: ignore``): such state belongs in an object with typed fields. Public functions are
the API and are reviewed as such, and so is an old public name's behaviour kept under a private name (marked
``@deprecated``: it keeps the signature its release promised); ``self``/``cls`` are not counted,
``*args``/``**kwargs`` are.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_PARAMETERS = 8
FOLDERS = ("tabbench", "plugins")


def parameter_count(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    args = node.args
    named = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    if named and named[0].arg in ("self", "cls"):
        named = named[1:]
    return len(named) + (args.vararg is not None) + (args.kwarg is not None)


def crowded_private_functions(path: Path) -> list[str]:
    """``file:line: name (n parameters)`` for each private function of ``path`` over the limit."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    return [f"{shown}:{node.lineno}: {node.name} ({parameter_count(node)} parameters)"
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("_")
            and not node.name.startswith("__") and parameter_count(node) > MAX_PARAMETERS and not _kept(node)]


def _kept(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """An old public name's behaviour, kept with its old signature (``@deprecated("use ...")``)."""
    return any(isinstance(d, ast.Call) and getattr(d.func, "id", None) == "deprecated" for d in node.decorator_list)


def test_no_private_function_takes_more_than_eight_parameters() -> None:
    found = [line for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             for line in crowded_private_functions(path)]
    assert not found, "private functions with too many parameters (use an object):\n" + "\n".join(found)


def test_the_count_sees_what_it_should(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"  # not in the tree: tests run side by side (xdist), the wheel test copies it
    probe.write_text("class A:\n    def _m(self, a, b, c, d, e, f, g, h, *rest): ...\n"
                     "def _f(a, b, c, d, e, f, g, h): ...\ndef public(a, b, c, d, e, f, g, h, i): ...\n"
                     "@deprecated('use x')\ndef _old(a, b, c, d, e, f, g, h, i): ...\n")
    assert crowded_private_functions(probe) == ["probe.py:2: _m (9 parameters)"]
