"""Replacing a file in one step, so a reader (or a run killed mid-write) sees the old file or the new, never half.

The new content goes to a temporary file beside the target, in the same folder (``os.replace`` is atomic only
within one file system), which replaces the target when complete; on any failure the temporary file is
removed and the target left as it was. Temporary names are unique per writer, so concurrent writers of one
target never write into each other's file: the last to finish wins. New files get the process's usual mode
(``0o666`` less the umask), as ``Path.write_text`` gives.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A not yet existing temporary path beside ``path``: write it in the block, and it replaces ``path`` when the
    block succeeds; it is removed when the block (or the replace) fails.

    For writers that need a path rather than a handle (``sqlite3.connect``); others use ``write_atomic``.
    """
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, fsync: bool = False) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` through ``atomic_path``.

    ``fsync=True`` flushes the data to disk before the replace, so that after a power loss the file holds the
    old content or the new (without it, only a killed process is covered). The folder must exist.
    """
    text = isinstance(data, str)
    with atomic_path(path) as tmp, open(tmp, "x" if text else "xb", encoding="utf-8" if text else None) as handle:
        handle.write(data)
        if fsync:
            handle.flush()
            os.fsync(handle.fileno())
