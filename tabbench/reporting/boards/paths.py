"""Where a board's files go: folders made with a one-line error, paths written relative to the board."""

from __future__ import annotations

import os
from pathlib import Path

from tabbench.contract.errors import UsageError


def make_folder(folder: Path, option: str) -> None:
    """Create an output folder; a file in the way or a read-only place is a one-line usage error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = "a file is in the way" if isinstance(exc, FileExistsError | NotADirectoryError) else exc.strerror
        raise UsageError(f"{option}: cannot create folder {exc.filename or folder} ({why})") from exc


def relative_to(path: Path, base: Path) -> str:
    """``path`` relative to ``base`` (with ``..`` where needed), so a board moves with its repository."""
    return Path(os.path.relpath(Path(path).resolve(), base)).as_posix()
