"""``tabbench plugins new NAME``: write a plugin package skeleton that installs, registers and passes its tests.

The skeleton (``tabbench/templates/plugin``, package data) holds a benchmark with bundled data and a declared
option, its reward, an entry point, a README and tests built on ``tabbench.testing``'s contract classes, in the
manner of llm's and datasette's plugin templates. Placeholders are ``{{name}}`` (the benchmark name),
``{{NAME}}`` (its environment-variable form), ``{{dist}}``, ``{{module}}`` and ``{{Class}}``.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import UsageError

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def placeholders(name: str) -> dict[str, str]:
    """The values of the template's placeholders for plugin ``name`` (``my-bench``)."""
    if not NAME.fullmatch(name):
        raise UsageError(f"plugin name {name!r}: use lower-case letters, digits and single hyphens (e.g. my-bench)")
    return {
        "name": name,
        "NAME": name.upper().replace("-", "_"),
        "dist": f"tabbench-{name}",
        "module": f"tabbench_{name.replace('-', '_')}",
        "Class": "".join(part.capitalize() for part in name.split("-")),
    }


def render(name: str, target: Path) -> list[Path]:
    """Write the skeleton for ``name`` into ``target`` (absent or empty); returns the files written."""
    values = placeholders(name)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target}: exists and is not an empty folder (choose another --dir)")
    existing = next(p for p in (target, *target.parents) if p.exists())
    if not existing.is_dir():
        raise UsageError(f"--dir {target}: {existing} is a file, not a folder")
    written = []
    root = resources.files("tabbench") / "templates" / "plugin"
    for source, relative in _walk(root, ""):
        relative = relative.removesuffix(".tmpl").replace("package/", f"{values['module']}/", 1)
        text = source.read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _walk(folder: Traversable, prefix: str) -> list[tuple[Traversable, str]]:
    found = []
    for child in sorted(folder.iterdir(), key=lambda c: c.name):
        if child.is_dir():
            found += _walk(child, f"{prefix}{child.name}/")
        elif child.name.endswith(".tmpl"):
            found.append((child, f"{prefix}{child.name}"))
    return found


@click.command("new", context_settings=CONTEXT)
@click.argument("name")
@click.option("--dir", "target", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write (default ./tabbench-NAME); must be absent or empty.")
def new_command(name: str, target: Path | None) -> None:
    """Write a plugin package skeleton: a benchmark with bundled data, its reward, tests that pass, README.

    \b
    Example:
      tabbench plugins new my-bench && cd tabbench-my-bench && pip install -e . && pytest
    """
    target = target or Path(f"tabbench-{name}")
    files = render(name, target)
    click.echo(f"wrote {len(files)} files to {target}/: pip install -e {target} && pytest {target}")
