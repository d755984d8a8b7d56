"""Render the hook reference (``docs/hooks.md``) from the hookspecs, so that the reference cannot drift.

The hookspecs' docstrings are the source: ``tests/test_hookdoc.py`` fails when the committed file differs
from what this renders, and ``python -m tabbench.contract.hookdoc docs/hooks.md`` rewrites it.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable
from typing import Any

from tabbench.contract import hookspecs

HEADER = ("<!-- generated from tabbench/contract/hookspecs.py by `python -m tabbench.contract.hookdoc docs/hooks.md`;"
          " do not edit: tests/test_hookdoc.py fails when it is stale -->")
SKIP = "<!-- docs-test: skip a signature from the hookspecs: a reference, not a program -->"


def hooks() -> list[Callable[..., Any]]:
    """The hookspecs in the order they are defined."""
    return [fn for fn in vars(hookspecs).values() if hasattr(fn, "tabbench_spec")]


def signature(fn: Callable[..., Any], name: str | None = None) -> str:
    """``name(param: Annotation, ...) -> Return`` with the annotations as written in the source."""
    sig = inspect.signature(fn)
    params = []
    for param in sig.parameters.values():
        if param.name == "self":
            continue
        text = param.name if param.annotation is inspect.Parameter.empty else f"{param.name}: {param.annotation}"
        if param.kind is inspect.Parameter.KEYWORD_ONLY and "*" not in params:
            params.append("*")
        params.append(text if param.default is inspect.Parameter.empty else f"{text} = {param.default!r}")
    returns = "" if sig.return_annotation is inspect.Signature.empty else f" -> {sig.return_annotation}"
    return f"{name or fn.__name__}({', '.join(params)}){returns}"


def markdown(doc: str) -> str:
    """A reST-flavoured docstring as markdown: ``x`` -> `x`, ``text::`` blocks fenced, fields as a list."""
    out: list[str] = []
    lines = doc.replace("``", "`").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        field = re.match(r":(param (\w+)|returns):\s*(.*)", line)
        if field:
            text = [field[3]]
            while i + 1 < len(lines) and lines[i + 1].startswith("    "):
                i += 1
                text.append(lines[i].strip())
            label = f"`{field[2]}`" if field[2] else "Returns"
            out.append(f"- {label}: {' '.join(text)}")
        elif line.endswith("::"):
            out.append(line[:-1])
            block = []
            while i + 1 < len(lines) and (not lines[i + 1].strip() or lines[i + 1].startswith("    ")):
                i += 1
                block.append(lines[i][4:])
            text = "\n".join(block).strip("\n")
            out += ["", "```text", text, "```", ""]
        else:
            out.append(line)
        i += 1
    return "\n".join(out).strip()


def _stub(fn: Callable[..., Any], name: str | None = None) -> list[str]:
    return [SKIP, "```python", f"def {signature(fn, name)}: ...", "```", ""]


def _group(fn: Callable[..., Any]) -> str:
    """``register`` hooks, ``question`` hooks (the first answer wins: pluggy's ``firstresult``), ``lifecycle``."""
    if fn.__name__.startswith("register_"):
        return "register"
    return "question" if fn.tabbench_spec.get("firstresult") else "lifecycle"  # type: ignore[attr-defined]


def render() -> str:
    """The whole reference, as committed in ``docs/hooks.md``."""
    parts = [HEADER, "", "# Hook reference", "", markdown(inspect.getdoc(hookspecs) or ""), "",
             "Every signature below is the hookspec's own; `docs/plugins.md` shows hooks in use.", ""]
    for title, group in (("Registration hooks", "register"), ("Question hooks", "question"),
                         ("Lifecycle hooks", "lifecycle")):
        parts += [f"## {title}", ""]
        for fn in hooks():
            if _group(fn) == group:
                parts += [f"### `{fn.__name__}`", "", *_stub(fn), markdown(inspect.getdoc(fn) or ""), ""]
    parts += ["## Types the hooks receive", ""]
    for cls in (hookspecs.Register, hookspecs.RegisterSuite):
        parts += [f"### `{cls.__name__}`", "", *_stub(cls.__call__, "register"), markdown(inspect.getdoc(cls) or ""),
                  ""]
    view = hookspecs.RunView
    members = [f"- `{name}`" for name, value in vars(view).items() if isinstance(value, property)]
    members += [f"- `{signature(value)}`" for name, value in vars(view).items()
                if inspect.isfunction(value) and not name.startswith("_")]
    parts += [f"### `{view.__name__}`", "", markdown(inspect.getdoc(view) or ""), "", *members, ""]
    return "\n".join(parts).rstrip() + "\n"


def main(argv: list[str] | None = None) -> None:
    """``python -m tabbench.contract.hookdoc [PATH]``: write the reference to PATH (default: stdout)."""
    args = sys.argv[1:] if argv is None else argv
    text = render()
    if args:
        with open(args[0], "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
