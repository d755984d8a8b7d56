"""A change to several files of a run folder lands whole or not at all (SQLite's atomic commit, for a folder).

A ``Change`` stages every new file in ``RUN/.tabbench-journal/new/`` (synced to disk), keeps a hard link to each
file it will replace in ``old/`` (the undo copy costs no space), then writes ``COMMIT`` (the list of files, synced,
written in one step): that write is the commit. Only then are the new files renamed over the old ones, one
``rename`` each, and the journal removed. Whatever interrupts it (SIGKILL, a full disk, a read-only file, a power
loss after the syncs), the folder holds the old state or, once ``COMMIT`` exists, the new one:

- before ``COMMIT``: the old files were never touched; ``recover`` (the next writer that opens the folder) removes
  the staged files;
- after ``COMMIT``: ``recover`` renames what is still staged into place (roll forward); if that cannot be done
  (the folder became read-only), what was renamed is put back from ``old/`` (roll back) and the journal kept.

A live change that fails while renaming rolls back at once. ``recover`` runs under the folder's lock
(``tabbench.contract.runlock``): a writer takes the lock, then recovers, then works. A journal is read as hostile
input (a run folder may come from anyone): every path it names must be one plain relative path inside the folder,
and a staged entry must be a regular file or folder.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

from tabbench.contract.atomic import write_atomic
from tabbench.contract.errors import RunStoreError

JOURNAL = ".tabbench-journal"


def _fsync_path(path: Path) -> None:
    """Flush ``path`` (a file, or a folder's entries) to disk. A file that cannot be synced is an error (before the
    commit point: nothing changes); a folder that cannot be is let be (its entries are written: only a power loss
    could lose them, and some file systems cannot sync a folder at all)."""
    folder = path.is_dir()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        if not folder:
            raise


def _fsync_tree(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        for child in path.iterdir():
            _fsync_tree(child)
    _fsync_path(path)


def _plain(relative: str) -> str:
    """``relative`` when it is a plain relative path (no ``..``, no absolute path, no empty or hidden part)."""
    parts = relative.split("/")
    if not relative or relative.startswith("/") or any(p in ("", ".", "..") or "\\" in p or "\0" in p
                                                       for p in parts):
        raise RunStoreError(f"journal entry {relative!r} is not a plain relative path")
    return relative


class Change:
    """Stage new files of ``folder`` and switch them in together: ``with Change(folder) as change:
    change.write("results.json", text)`` (or ``change.path(name)`` to build a file or a new folder there). The
    block's end commits; an exception (Ctrl-C, SIGTERM and SIGHUP included, which the command line turns into
    one) removes what was staged and leaves the folder as it was. Hold the folder's lock and ``recover`` first."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.root = self.folder / JOURNAL
        self.new = self.root / "new"
        self.entries: list[str] = []
        self.committed = False

    def __enter__(self) -> Change:
        if self.root.is_symlink() or (self.root / "COMMIT").exists() or (self.root / "old").exists():
            raise RunStoreError(f"{self.root}: an unfinished change is in the way (recover it first)")
        try:  # a staging folder begun already is one of this writer's (a multi-process trainer's other ranks)
            self.new.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.abort()
            raise RunStoreError(f"{self.folder}: cannot stage a change ({exc.strerror or exc}); nothing was "
                                "changed") from None
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None:
            self.abort()
            return
        try:
            self.commit()
        except BaseException:
            if not self.committed:
                self.abort()
            raise

    def path(self, relative: str) -> Path:
        """Where to put the new ``relative`` (a file, or a folder that does not exist in ``folder``)."""
        if _plain(relative) not in self.entries:
            self.entries.append(relative)
        staged = self.new / relative
        staged.parent.mkdir(parents=True, exist_ok=True)
        return staged

    def adopt(self) -> list[str]:
        """Take every top-level entry built in ``new/`` as part of the change (a folder built there whole), hidden
        ones (a lock file) left out."""
        for child in sorted(self.new.iterdir()):
            if not child.name.startswith(".") and child.name not in self.entries:
                self.entries.append(_plain(child.name))
        return list(self.entries)

    def write(self, relative: str, data: str | bytes) -> None:
        """Stage ``data`` (text as UTF-8) as the new content of file ``relative``."""
        staged = self.path(relative)
        try:
            with open(staged, "xb") as handle:
                handle.write(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        except OSError as exc:
            raise RunStoreError(f"{self.folder}: cannot stage {relative} ({exc.strerror or exc}); nothing was "
                                "changed") from None

    def commit(self) -> None:
        """Sync the staged files, link the old ones, write ``COMMIT``, switch the files in, drop the journal."""
        try:
            manifest: dict[str, Any] = {"entries": []}
            for relative in self.entries:
                target = self.folder / relative
                staged = self.new / relative
                if not staged.exists():
                    raise RunStoreError(f"journal entry {relative!r} was never staged")
                _fsync_tree(staged)
                _fsync_path(staged.parent)
                existed = target.exists()
                if existed:
                    if target.is_dir() and not target.is_symlink():
                        raise RunStoreError(f"{target}: a folder cannot be replaced by a change")
                    _keep_old(target, self.root / "old" / relative)
                manifest["entries"].append({"path": relative, "existed": existed})
            write_atomic(self.root / "COMMIT", json.dumps(manifest, sort_keys=True) + "\n", fsync=True)
            self.committed = True
            _fsync_path(self.root)
        except OSError as exc:
            if self.committed:  # the commit is written: what follows finishes it
                return _finish_even_if_interrupted(self.folder, manifest)
            raise RunStoreError(f"{self.folder}: cannot commit the change ({exc.strerror or exc}: "
                                f"{exc.filename or self.root}); nothing was changed") from None
        _finish_even_if_interrupted(self.folder, manifest)

    def abort(self) -> None:
        """Remove what was staged (the folder's files were not touched)."""
        shutil.rmtree(self.root, ignore_errors=True)


def _keep_old(target: Path, old: Path) -> None:
    """A second name for the file about to be replaced (a hard link; a copy where links are not allowed)."""
    old.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(target, old)
    except OSError:
        shutil.copy2(target, old)
    _fsync_path(old.parent)


def _finish_even_if_interrupted(folder: Path, manifest: dict[str, Any]) -> None:
    """``_finish``, carried to its end through Ctrl-C, SIGTERM or SIGHUP (a few renames: the change is committed),
    then the interruption is raised. Only a kill stops it; then ``recover`` finishes it."""
    interrupted: BaseException | None = None
    while True:
        try:
            _finish(folder, manifest)
            break
        except KeyboardInterrupt as exc:  # _finish skips what is done: run it again
            interrupted = exc
    if interrupted is not None:
        raise interrupted


def _finish(folder: Path, manifest: dict[str, Any]) -> None:
    """Roll the committed change forward; on failure roll it back and raise a one-line ``RunStoreError``."""
    root = folder / JOURNAL
    try:
        for entry in manifest["entries"]:
            staged = root / "new" / entry["path"]
            if staged.exists() or staged.is_symlink():
                os.replace(staged, folder / entry["path"])
                _fsync_path((folder / entry["path"]).parent)
    except OSError as exc:
        reason = f"{exc.strerror or exc}: {exc.filename or folder}"
        try:
            _undo(folder, manifest)
        except OSError as again:
            raise RunStoreError(f"{folder}: a change could neither be completed ({reason}) nor undone "
                                f"({again.strerror or again}); it stays in {root} and the next writer will "
                                "finish it once the folder is writable") from None
        _drop(root)
        raise RunStoreError(f"{folder}: cannot complete the change ({reason}); the folder is as it was") from None
    _drop(root)
    _fsync_path(folder)


def _drop(root: Path) -> None:
    """Remove a finished journal, ``COMMIT`` last: a kill meanwhile leaves one that ``recover`` finishes again (a
    no-op) or, without ``COMMIT``, removes."""
    for side in ("new", "old"):
        shutil.rmtree(root / side, ignore_errors=True)
    shutil.rmtree(root, ignore_errors=True)


def _undo(folder: Path, manifest: dict[str, Any]) -> None:
    """Put back the old files of the entries already switched in (their staged copy is gone)."""
    root = folder / JOURNAL
    for entry in reversed(manifest["entries"]):
        relative = entry["path"]
        if (root / "new" / relative).exists():
            continue  # never switched in
        target = folder / relative
        if entry["existed"]:
            os.replace(root / "old" / relative, target)
        elif target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        else:
            target.unlink(missing_ok=True)
    _fsync_path(folder)


def pending(folder: str | os.PathLike[str]) -> bool:
    """Whether ``folder`` holds a change that a killed writer left (staged or committed, not finished)."""
    root = Path(folder) / JOURNAL
    return root.exists() or root.is_symlink()


def recover(folder: str | os.PathLike[str]) -> str | None:
    """Finish what a killed writer left in ``folder`` (call it holding the folder's lock): a committed change is
    rolled forward, an uncommitted one removed. Returns what was done (``"rolled forward"``, ``"rolled back"``)
    or ``None`` when there was nothing to do; a journal that cannot be trusted or finished is a ``RunStoreError``."""
    folder = Path(folder)
    root = folder / JOURNAL
    if not pending(folder):
        return None
    if root.is_symlink() or not root.is_dir():
        raise RunStoreError(f"{root}: not a folder (a run folder's journal must be one); remove it by hand")
    commit = root / "COMMIT"
    if not commit.exists():
        shutil.rmtree(root)
        return "rolled back"
    manifest = _read_manifest(folder, commit)
    _finish(folder, manifest)
    return "rolled forward"


def _read_regular(path: Path, limit: int = 1 << 20) -> str:
    """The text of ``path`` if it is a regular file (a FIFO or a device is refused, never waited on)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        return os.read(fd, limit).decode("utf-8")
    finally:
        os.close(fd)


def _read_manifest(folder: Path, commit: Path) -> dict[str, Any]:
    """``COMMIT``, checked: each entry a plain relative path whose parents inside ``folder`` are real folders
    (no symlink leads a rename out of the run), staged as a regular file or folder."""
    try:
        manifest = json.loads(_read_regular(commit))
        entries = manifest["entries"]
        if not isinstance(entries, list) or not all(
                isinstance(e, dict) and isinstance(e.get("path"), str) and isinstance(e.get("existed"), bool)
                for e in entries):
            raise TypeError("entries must be objects with a path and existed")
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise RunStoreError(f"{commit}: unreadable journal ({exc}); remove {commit.parent} by hand") from None
    real = folder.resolve()
    for entry in entries:
        relative = _plain(entry["path"])
        for parent in (folder / relative).parents:
            if parent == folder:
                break
            if parent.is_symlink() or (parent.exists() and not parent.is_dir()):
                raise RunStoreError(f"{commit}: entry {relative!r} leads through {parent}, not a folder")
        for side in ("new", "old"):
            staged = folder / JOURNAL / side / relative
            if staged.is_symlink() or (staged.exists() and not stat.S_ISREG(staged.stat().st_mode)
                                       and not staged.is_dir()):
                raise RunStoreError(f"{staged}: not a regular file or folder")
        if not (folder / relative).resolve().is_relative_to(real):
            raise RunStoreError(f"{commit}: entry {relative!r} leads outside {folder}")
    return manifest
