"""Paths read from a run folder stay inside it, and what is read there is a regular file.

A run folder is hostile input (``tabbench view``, ``compare`` and ``merge`` open folders someone else made): a
benchmark named ``../../x`` in ``results.json``, or a ``samples/`` file or folder that is a symlink, would
otherwise make a reader open, and the viewer publish, any file on the machine; a FIFO in place of ``run.json``
would hang it (opening a FIFO to read waits for a writer), and a folder or a device there would crash it.
The one run-folder reader (``tabbench.evaluation.runfolder``) derives every path through ``confined`` (and every
benchmark name that becomes a file name through ``entry_name``) and opens every file through ``open_regular``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

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


def _kind(mode: int) -> str | None:
    """What a file of ``mode`` is, in words, when it is not a regular file (``None`` when it is one)."""
    if stat.S_ISREG(mode):
        return None
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return kind
    return "not a regular file"


def _not_regular(path: str | os.PathLike[str], kind: str) -> DataError:
    return DataError(f"{path}: is {kind} where a regular file should be (readers open regular files only)")


def present(path: str | os.PathLike[str]) -> bool:
    """Whether a regular file is at ``path`` (symlinks followed): ``False`` when nothing is there, a ``DataError``
    naming it when something else is (a FIFO, folder, device or socket), so a reader never takes one for a
    missing file."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:  # a symlink loop, a name too long, no permission
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    kind = _kind(mode)
    if kind is not None:
        raise _not_regular(path, kind)
    return True


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading in binary, when it is a regular file; anything else is a ``DataError`` naming
    it, found without blocking: checked with ``stat`` before opening (a device is never opened), opened with
    ``O_NONBLOCK`` (a FIFO swapped in meanwhile opens at once instead of waiting for a writer) and checked again
    on the open file with ``fstat``."""
    if not present(path):
        raise DataError(f"{path}: no such file")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    kind = _kind(os.fstat(fd).st_mode)
    if kind is not None:
        os.close(fd)
        raise _not_regular(path, kind)
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the regular file at ``path`` (``open_regular``)."""
    with open_regular(path) as handle:
        try:
            return handle.read()
        except OSError as exc:
            raise DataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
