"""The local paths a run recorded, as an export writes them: by default relative to the run folder (or, for a
benchmark's data files, to its data folder) or else reduced to their last part (``/home/me/models/smollm2`` ->
``smollm2``), so shared results do not show where someone keeps their files; as recorded with ``keep``.

A run records paths in known places (the model folder, the data folders and files, the response cache, the run
folder, ``--where @FILE``, adapters) and options may hold more (``-o databases=PATH``): every string of a recorded
configuration that is an absolute path (``/...``, ``~/...``, ``C:\\...``) is rewritten alike. Text the model or
the data wrote (questions, answers) is not configuration and is never rewritten.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePath
from typing import Any

_ABSOLUTE = re.compile(r"(/|~/|[A-Za-z]:[\\/])[^\n]*")


class LocalPaths:
    """How one export writes the local paths of run ``run`` (``keep``: as recorded)."""

    def __init__(self, run: Path, keep: bool = False) -> None:
        self.run = Path(run).resolve()
        self.keep = keep

    @property
    def run_folder(self) -> str:
        """The run folder: its name, or its absolute path when kept."""
        return str(self.run) if self.keep else self.run.name

    def path(self, value: str, root: str | None = None) -> str:
        """One recorded path: relative to the run folder or to ``root`` when it lies inside one, else its last
        part (a relative path too: it was relative to wherever the command ran)."""
        if self.keep or not value:
            return value
        path = Path(os.path.expanduser(value))
        for base in (self.run, Path(os.path.expanduser(root)) if root else None):
            if base is not None and path.is_absolute() and base.is_absolute():
                try:
                    return path.relative_to(base).as_posix() or "."
                except ValueError:
                    continue
        return PurePath(value.replace("\\", "/")).name or value

    def values(self, value: Any) -> Any:
        """``value`` (recorded configuration: JSON) with every string that is an absolute path rewritten."""
        if self.keep:
            return value
        if isinstance(value, str):
            return self.path(value) if _ABSOLUTE.fullmatch(value) else value
        if isinstance(value, dict):
            return {key: self.values(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [self.values(item) for item in value]
        return value

    def files(self, files: Any, root: Any) -> Any:
        """A benchmark's ``{data file: sha256}``, each file relative to the data folder ``root``."""
        if self.keep or not isinstance(files, dict):
            return files
        base = root if isinstance(root, str) else None
        return {self.path(str(name), base): sha for name, sha in files.items()}

    def config(self, config: dict[str, Any], local_model: bool) -> dict[str, Any]:
        """A recorded ``RunConfig`` (``to_json``): the model when it is a local path, the data folders and the
        response cache by name (relative paths included), then every absolute path in it."""
        if self.keep:
            return config
        named = dict(config)
        if local_model and isinstance(named.get("model"), str):
            named["model"] = self.path(named["model"])
        if isinstance(named.get("data"), dict):
            named["data"] = {name: self.path(p) if isinstance(p, str) else p for name, p in named["data"].items()}
        if isinstance(named.get("cache_path"), str):
            named["cache_path"] = self.path(named["cache_path"])
        return self.values(named)
