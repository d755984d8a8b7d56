"""Find the entry points of one group without importing ``importlib.metadata``.

``importlib.metadata`` costs ~15 ms to import (it pulls in ``email``, ``zipfile`` and ``csv``), a third of
what ``tabbench --help`` may spend. Plugins only need the ``[tabbench]`` section of each installed
distribution's ``entry_points.txt``, which this module reads directly from the ``*.dist-info`` and
``*.egg-info`` folders on ``sys.path``, with ``importlib.metadata``'s rules: the first distribution of a
name on ``sys.path`` wins, names compare normalised (PEP 503). A path entry that is not a folder (a zip
file) is left to ``importlib.metadata``, imported only then.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from typing import Any, NamedTuple

_INFO_SUFFIXES = (".dist-info", ".egg-info")


class Distribution(NamedTuple):
    name: str
    version: str | None


class EntryPoint(NamedTuple):
    """One ``name = module:attr`` line; ``load`` imports it."""

    name: str
    value: str
    dist: Distribution | None

    def load(self) -> Any:
        module_name, _, attr = self.value.partition(":")
        obj: Any = importlib.import_module(module_name.strip())
        for part in attr.strip().split(".") if attr.strip() else []:
            obj = getattr(obj, part)
        return obj


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _distribution(path: str) -> Distribution:
    """Name and version from the header of the folder's ``METADATA`` (``PKG-INFO`` for an egg-info)."""
    fields: dict[str, str] = {}
    header = "PKG-INFO" if path.endswith(".egg-info") else "METADATA"
    try:
        with open(os.path.join(path, header), encoding="utf-8") as handle:
            for line in handle:
                if not line.strip() or len(fields) == 2:
                    break
                key, _, value = line.partition(":")
                if key in ("Name", "Version"):
                    fields[key] = value.strip()
    except OSError:
        pass
    name, _, rest = os.path.basename(path).rsplit(".", 1)[0].partition("-")
    return Distribution(fields.get("Name", name), fields.get("Version", rest.split("-")[0] or None))


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of ``[group]`` in an ``entry_points.txt``."""
    lines: list[tuple[str, str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            inside = line == f"[{group}]"
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            lines.append((name.strip(), value.strip()))
    return lines


def entry_points(group: str) -> list[EntryPoint]:
    """Every entry point of ``group`` of the distributions importable from ``sys.path``."""
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for entry in sys.path:
        directory = entry or "."
        if not os.path.isdir(directory):
            if os.path.isfile(directory):  # a zip on sys.path: rare, let the standard library read it
                return _from_importlib(group)
            continue
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            continue
        for folder in names:
            if not folder.endswith(_INFO_SUFFIXES):
                continue
            key = _normalise(folder.partition("-")[0].rsplit(".", 1)[0])
            if key in seen:
                continue
            seen.add(key)
            path = os.path.join(directory, folder)
            try:
                with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as handle:
                    text = handle.read()
            except OSError:
                continue
            if f"[{group}]" not in text:
                continue
            dist = _distribution(path)
            found.extend(EntryPoint(name, value, dist) for name, value in _section(text, group))
    return found


def _from_importlib(group: str) -> list[EntryPoint]:
    from importlib import metadata

    return [
        EntryPoint(ep.name, ep.value, Distribution(ep.dist.name, ep.dist.version) if ep.dist else None)
        for ep in metadata.entry_points(group=group)
    ]
