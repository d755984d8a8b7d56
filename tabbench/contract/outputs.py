"""Output folders are checked before long work starts, so an unusable one costs a second, not a conversion, and
a new folder is written whole or not at all.

``check_output_folder`` is what ``eval --out``, ``merge OUT`` and ``models import-gguf OUT`` call first: a file
where the folder (or one of its parents) should be, a dangling symlink, a name too long for the file system, or a
place this user cannot write is a one-line ``UsageError`` naming the option and the path, before any model loads
or any file is read. ``new_folder`` is how ``export``, ``view --bundle`` and ``plugins new`` write theirs: in a
staging folder beside it, renamed into place at the end.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tabbench.contract.errors import UsageError
from tabbench.contract.runlock import alive, start_time


def check_output_folder(path: str | os.PathLike[str], option: str, *, new: bool = False,
                        allow_symlink: bool = True) -> Path:
    """Check that folder ``path`` can be created (or, existing, written); returns it. Creates nothing.

    ``new``: the folder must not exist or be empty. ``allow_symlink=False`` refuses a symlink as the folder
    itself (a command that renames a folder into place must not replace or follow one)."""
    folder = Path(path)
    where = f"{option} {folder}"
    _check_names(folder, where)
    try:
        return _check(folder, where, new, allow_symlink)
    except OSError as exc:  # a name too long for the file system, a component that cannot be searched, ...
        raise UsageError(f"{where}: cannot be used ({exc.strerror or exc})") from None


def _check_names(folder: Path, where: str) -> None:
    """Each part of ``folder`` must fit the file system's limit on a name (255 bytes on Linux file systems)."""
    for part in folder.absolute().parts:
        size = len(os.fsencode(part))
        if size > 255:
            raise UsageError(f"{where}: the name {part[:32]!r}... is {size} bytes long; this file system allows "
                             "255")


def _check(folder: Path, where: str, new: bool, allow_symlink: bool) -> Path:
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


def _staging_prefix(out: Path) -> str:
    """The start of the names of ``out``'s staging folders: short whatever ``out``'s name (a name near the file
    system's 255-byte limit must leave room), and told apart by a hash of it."""
    return f".{out.name[:48]}.{hashlib.sha256(out.name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}."


def _host_tag() -> str:
    return hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]


def remove_abandoned_staging(out: Path) -> list[Path]:
    """Remove the staging folders of ``out`` whose writer is gone (killed on this host: its pid ended or is now
    another process's); returns them. A staging folder of a live writer or of another host is left alone."""
    prefix, removed = _staging_prefix(out), []
    try:
        siblings = list(out.parent.iterdir())
    except OSError:
        return removed
    for path in siblings:
        name = path.name
        if not (name.startswith(prefix) and name.endswith(".partial")):
            continue
        parts = name[len(prefix):-len(".partial")].split("-")
        if len(parts) != 4 or parts[0] != _host_tag() or not parts[1].isdigit():
            continue
        started = int(parts[2]) if parts[2].isdigit() else None
        if not alive(int(parts[1]), started) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


@contextmanager
def new_folder(out: str | os.PathLike[str], option: str) -> Iterator[Path]:
    """Write the new (or empty) folder ``out`` whole or not at all: the block fills the staging folder it is given
    (beside ``out``, named after this process), which is renamed over ``out`` when the block succeeds (one step: a
    rename replaces an empty folder) and removed when it fails or is interrupted (Ctrl-C, and SIGTERM or SIGHUP,
    which the command line turns into the same exception). Staging folders that killed writers left beside ``out``
    are removed first. A symlink, a folder that holds something or a mount point as ``out`` is a one-line
    ``UsageError`` naming ``option``."""
    out = Path(out)
    where = f"{option} {out}"
    check_output_folder(out, option, allow_symlink=False)
    try:
        if out.is_symlink():
            raise UsageError(f"{where}: is a symbolic link (give a new or empty folder)")
        if out.exists() and any(out.iterdir()):
            raise UsageError(f"{where}: exists and is not an empty folder")
        if out.exists() and os.path.ismount(out):
            raise UsageError(f"{where}: is a mount point, which cannot be replaced by the finished folder; give a "
                             f"new folder inside it ({out / 'out'})")
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_abandoned_staging(out)
        pid = os.getpid()
        staging = out.parent / (f"{_staging_prefix(out)}{_host_tag()}-{pid}-{start_time(pid) or 'x'}-"
                                f"{secrets.token_hex(4)}.partial")
        staging.mkdir()
    except OSError as exc:
        raise UsageError(f"{where}: cannot write there ({exc.strerror or exc})") from None
    try:
        yield staging
        os.rename(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
