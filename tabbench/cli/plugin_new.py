"""``tabbench plugins new [--kind KIND] NAME``: write a plugin package that installs, registers and passes its tests.

Each kind's skeleton is ``tabbench/templates/<kind>`` plus ``tabbench/templates/common`` (the
``pyproject.toml``), package data, in the manner of llm's and datasette's plugin templates: a benchmark with
bundled data and its reward, a reward, a model backend, an environment or a trainer (on ``tabbench.training``),
each with an entry point, a README and tests built on ``tabbench.testing``. Placeholders are ``{{name}}`` (the plugin's
registered name), ``{{NAME}}`` (its environment-variable form), ``{{dist}}``, ``{{module}}``, ``{{Class}}``
and ``{{summary}}``.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import UsageError
from tabbench.contract.outputs import check_output_folder, new_folder

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
#: The longest plugin name: its folder, package and file names stay far below the file system's 255 bytes.
MAX_NAME = 64

#: kind -> what its skeleton provides (the package's description)
KINDS = {
    "benchmark": "a benchmark with bundled data and its exact-match reward",
    "reward": "a token-F1 reward, for evaluation and training alike",
    "backend": "a model backend (answers by rule until you plug in your model)",
    "environment": "a calculator environment for multi-turn rollouts",
    "trainer": "an RLOO trainer on reward plugins (`tabbench train NAME`, TRL)",
}


def placeholders(name: str, kind: str = "benchmark") -> dict[str, str]:
    """The values of the template's placeholders for plugin ``name`` (``my-bench``) of ``kind``."""
    if len(name) > MAX_NAME:
        raise UsageError(f"plugin name {name[:20]!r}... is {len(name)} characters long: at most {MAX_NAME}")
    if not NAME.fullmatch(name):
        raise UsageError(f"plugin name {name!r}: use lower-case letters, digits and single hyphens (e.g. my-bench)")
    return {
        "name": name,
        "summary": f"{name}, {KINDS[kind]}",
        "NAME": name.upper().replace("-", "_"),
        "dist": f"tabbench-{name}",
        "module": f"tabbench_{name.replace('-', '_')}",
        "Class": "".join(part.capitalize() for part in name.split("-")),
    }


def check_free(name: str) -> None:
    """Refuse a name tabbench's own plugins take (``demo``, ``sft``, ``bird``, any built-in benchmark, reward,
    backend, environment, trainer or suite): the package ``tabbench_<name>`` or its registered name would clash
    with a first-party one, which always wins."""
    from tabbench.host.plugins import host

    taken = host().first_party_names()
    if name in taken or name.replace("-", "_") in {t.replace("-", "_") for t in taken}:
        raise UsageError(f"plugin name {name!r} is taken by one of tabbench's own plugins; choose another "
                         f"(e.g. my-{name})")


def render(name: str, target: Path, kind: str = "benchmark") -> list[Path]:
    """Write the ``kind`` skeleton for ``name`` into ``target`` (absent or empty), whole or not at all (a staging
    folder renamed into place); returns the files written."""
    values = placeholders(name, kind)
    check_free(name)
    check_output_folder(target, "--dir", allow_symlink=False)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target}: exists and is not an empty folder (choose another --dir)")
    existing = next(p for p in (target, *target.parents) if p.exists())
    if not existing.is_dir():
        raise UsageError(f"--dir {target}: {existing} is a file, not a folder")
    written = []
    templates = resources.files("tabbench") / "templates"
    with new_folder(target, "--dir") as staging:
        for source, relative in _walk(templates / "common", "") + _walk(templates / kind, ""):
            relative = relative.removesuffix(".tmpl").replace("package/", f"{values['module']}/", 1)
            text = source.read_text(encoding="utf-8")
            for key, value in values.items():
                text = text.replace("{{" + key + "}}", value)
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(target / relative)
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
@click.option("--kind", type=click.Choice(list(KINDS)), default="benchmark", show_default=True,
              help="What the plugin provides: " + "; ".join(f"{k}: {v}" for k, v in KINDS.items()) + ".")
@click.option("--dir", "target", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write (default ./tabbench-NAME); must be absent or empty.")
def new_command(name: str, kind: str, target: Path | None) -> None:
    """Write a plugin package skeleton (a benchmark, reward, backend, environment or trainer) with tests that pass.

    \b
    Examples:
      tabbench plugins new my-bench && cd tabbench-my-bench && pip install -e . && pytest
      tabbench plugins new --kind reward my-f1
      tabbench plugins new --kind trainer my-rloo
    """
    target = target or Path(f"tabbench-{name}")
    files = render(name, target, kind)
    click.echo(f"wrote {len(files)} files to {target}/: pip install -e {target} && pytest {target}")
