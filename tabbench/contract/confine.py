"""Paths read from a run folder stay inside it.

A run folder is hostile input (``tabbench view``, ``compare`` and ``merge`` open folders someone else made): a
benchmark named ``../../x`` in ``results.json``, or a ``samples/`` file or folder that is a symlink, would
otherwise make a reader open, and the viewer publish, any file on the machine. Every path a reader derives from
a run folder goes through ``confined``; every benchmark name that becomes a file name through ``entry_name``.
"""

from __future__ import annotations

import os
from pathlib import Path

from tabbench.contract.errors import DataError


def entry_name(name: object, where: str | os.PathLike[str]) -> str:
    """``name`` when it can be one file name inside a folder (a benchmark's ``samples/NAME.jsonl``); else a
    ``DataError`` naming ``where`` (the file the name came from) and the name."""
    if (not isinstance(name, str) or not name or name in (".", "..") or name.startswith(".")
            or any(c in name for c in "/\\\0") or len(name) > 200 or not name.isprintable()):
        raise DataError(f"{where}: benchmark name {name!r} cannot name a file in a run folder "
                        "(it must be one plain file name)")
    return name


def confined(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> Path:
    """``path`` as given, once checked: resolved (symlinks followed, ``..`` applied) it must stay inside ``root``;
    else a ``DataError`` naming it. A path that does not exist yet is resolved as far as it exists, so a
    symlinked parent is caught too."""
    try:
        real_root, real = Path(root).resolve(), Path(path).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise DataError(f"{path}: cannot be resolved inside the run folder {root} ({exc})") from None
    if real != real_root and real_root not in real.parents:
        raise DataError(f"{path}: leads outside the run folder {root} (to {real}; a symlink or '..' out of it "
                        "is refused)")
    return Path(path)
