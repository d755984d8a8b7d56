"""Output folders are checked before long work starts, so an unusable one costs a second, not a conversion.

``check_output_folder`` is what ``eval --out``, ``merge OUT`` and ``models import-gguf OUT`` call first: a file
where the folder (or one of its parents) should be, a dangling symlink, or a place this user cannot write is
a one-line ``UsageError`` naming the option and the path, before any model loads or any file is read.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tabbench.contract.errors import UsageError


def check_output_folder(path: str | os.PathLike[str], option: str, *, new: bool = False,
                        allow_symlink: bool = True) -> Path:
    """Check that folder ``path`` can be created (or, existing, written); returns it. Creates nothing.

    ``new``: the folder must not exist or be empty. ``allow_symlink=False`` refuses a symlink as the folder
    itself (a command that renames a folder into place must not replace or follow one)."""
    folder = Path(path)
    where = f"{option} {folder}"
    if folder.is_symlink():
        if not folder.exists():
            raise UsageError(f"{where}: a symlink to nothing ({os.readlink(folder)})")
        if not allow_symlink:
            raise UsageError(f"{where}: is a symlink (to {os.readlink(folder)}); give the folder itself")
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{where}: a file is in the way (expected a folder)")
    if new and folder.is_dir() and any(folder.iterdir()):
        raise UsageError(f"{where}: output folder exists and is not empty")
    nearest = folder.absolute()
    while not nearest.exists():
        if nearest.is_symlink():
            raise UsageError(f"{where}: {nearest} is a symlink to nothing")
        nearest = nearest.parent
    if not nearest.is_dir():
        raise UsageError(f"{where}: cannot create the folder (Not a directory: a file is in the way at {nearest})")
    try:
        with tempfile.TemporaryFile(dir=nearest):
            pass
    except OSError as exc:
        raise UsageError(f"{where}: cannot write in {nearest} ({exc.strerror or exc})") from None
    return folder
