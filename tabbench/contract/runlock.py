"""One writer at a time per run folder: ``RUN/.tabbench.lock``, taken by every command that changes the folder.

As with git's ``index.lock``, the lock is a file in the folder that names its holder (pid, host, the process's
start time, the command, since when), so a refused writer says who is writing. The exclusion itself is an
``flock`` on that file, as SQLite leaves it to the kernel's locks: the kernel drops it when the holder exits,
however it exits (SIGKILL included), so a lock left by a dead process is taken over by the next writer with no
timeout and no sleep. A holder removes the file before it lets go (so a finished run holds no lock file), and a
writer that wins the ``flock`` checks that the path still names the file it locked, else tries again.

Descriptors stay with the process that took the lock: not inherited across ``exec`` (``O_CLOEXEC``) and closed in
a forked child (``os.register_at_fork``), so a child outliving its parent never keeps a dead writer's lock.
Where the file system has no ``flock`` (``ENOLCK``, ``EOPNOTSUPP``: some network or FUSE mounts) the record
decides alone: a holder on this host whose pid is gone, or reused by another process (another start time), has
left the lock and it is taken over; one on another host is refused by name.

Readers never take the lock and never wait for it: they read files that writers replace in one step, and a change
to several files goes through ``tabbench.contract.journal``. The lock is reentrant within a thread (a vote run
holds ``OUT`` while its stores take it again); another thread or process is refused.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from tabbench.contract.errors import RunStoreError

LOCK_NAME = ".tabbench.lock"
#: ``flock`` errors that mean "this file system has no flock" rather than "someone holds it".
_NO_FLOCK = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}
_RECORD_BYTES = 4096


class RunBusyError(RunStoreError):
    """Another process (or thread) is writing the run folder: the message names it. Exit code 75 (EX_TEMPFAIL):
    try again when it has finished."""

    exit_code = 75


def start_time(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot, ``/proc/PID/stat`` field 22): with the pid, what
    tells a process from a later one that reuses its pid. ``None`` when it is gone or cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read()
        return int(text[text.rindex(b")") + 2:].split()[19])  # after the command name, which may hold spaces
    except (OSError, ValueError, IndexError):
        return None


def alive(pid: int, started: int | None) -> bool:
    """Whether process ``pid`` of this host still runs and is the one that started at ``started``."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    now = start_time(pid)
    return started is None or now is None or now == started


@dataclass(frozen=True)
class Holder:
    """Who holds a lock (or made a staging folder): enough to name it and to tell whether it is still alive."""

    pid: int
    host: str
    started: int | None
    command: str
    since: str

    @classmethod
    def me(cls, command: str | None = None) -> Holder:
        return cls(os.getpid(), socket.gethostname(), start_time(os.getpid()), command or command_line(),
                   datetime.now(UTC).isoformat(timespec="seconds"))

    @classmethod
    def parse(cls, text: bytes) -> Holder | None:
        """A record as ``to_bytes`` wrote it; ``None`` for anything else (an empty or foreign file)."""
        try:
            value = json.loads(text)
            holder = cls(int(value["pid"]), str(value["host"]),
                         None if value.get("started") is None else int(value["started"]),
                         str(value.get("command", "?"))[:300], str(value.get("since", "?"))[:40])
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None
        return holder

    def to_bytes(self) -> bytes:
        return (json.dumps(asdict(self), ensure_ascii=True) + "\n").encode()[:_RECORD_BYTES]

    def gone(self) -> bool:
        """Whether this holder has certainly ended: on this host, its pid is gone or now another process's."""
        return self.host == socket.gethostname() and not alive(self.pid, self.started)

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host} ({' '.join(self.command.split())}), since {self.since}"


def command_line() -> str:
    """This process's command line as a holder record shows it (one line, at most 200 characters)."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python"
    text = " ".join([("tabbench" if name in ("__main__.py", "-m", "tabbench") else name), *sys.argv[1:]])
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:199] + "…"


# Locks this process holds: (thread, device, inode of the folder) -> [descriptor, depth]
_held: dict[tuple[int, int, int], list[int]] = {}
_held_guard = threading.Lock()


def _forget_in_child() -> None:
    """In a forked child: close the copies of the parent's lock descriptors (closing a copy does not unlock: the
    parent keeps its own), so the child never holds the lock after the parent is gone."""
    for fd, _ in _held.values():
        try:
            os.close(fd)
        except OSError:
            pass
    _held.clear()


os.register_at_fork(after_in_child=_forget_in_child)


class RunLock:
    """The writer's lock of run folder ``folder`` (which must exist): ``with RunLock(folder): ...``, or
    ``acquire()`` and ``release()``. A held lock is a ``RunBusyError`` naming its holder."""

    def __init__(self, folder: str | os.PathLike[str], command: str | None = None) -> None:
        self.folder = Path(folder)
        self.path = self.folder / LOCK_NAME
        self.command = command
        self._key: tuple[int, int, int] | None = None

    def __enter__(self) -> RunLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()

    def acquire(self) -> RunLock:
        if self._key is not None:
            raise RuntimeError("this RunLock is already held; make another RunLock to take it again")
        try:
            folder = os.stat(self.folder)
        except OSError as exc:
            raise RunStoreError(f"{self.folder}: cannot lock it for writing ({exc.strerror or exc})") from None
        key = (threading.get_ident(), folder.st_dev, folder.st_ino)
        with _held_guard:
            if key in _held:
                _held[key][1] += 1
                self._key = key
                return self
            for _ in range(16):  # a retry only follows another writer's release: no waiting, no sleep
                fd = self._take()
                if fd is not None:
                    _held[key] = [fd, 1]
                    self._key = key
                    return self
        raise RunBusyError(f"{self.folder}: its lock file {LOCK_NAME} keeps being replaced by other writers")

    def _take(self) -> int | None:
        """One try: the locked descriptor, or ``None`` when the file was replaced meanwhile (try again)."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            kind = " (a symlink in its place)" if exc.errno == errno.ELOOP else ""
            raise RunStoreError(f"{self.path}: cannot lock the run folder for writing{kind} "
                                f"({exc.strerror or exc})") from None
        locked = False
        try:
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode):
                raise RunStoreError(f"{self.path}: not a regular file (the run folder's lock file must be one)")
            if not self._flock(fd):
                holder = Holder.parse(os.pread(fd, _RECORD_BYTES, 0))
                who = holder.describe() if holder is not None else "another process"
                elsewhere = holder is not None and holder.host != socket.gethostname()
                hint = f"; if that process is gone, delete {self.path}" if elsewhere else ""
                raise RunBusyError(f"{self.folder}: another writer holds this run folder: {who}; wait for it to "
                                   f"finish (readers need no lock){hint}")
            locked = True
            try:
                now = os.stat(self.path, follow_symlinks=False)
            except FileNotFoundError:
                now = None
            if now is None or (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino):
                os.close(fd)  # the holder finished and removed the file after we opened it
                return None
            record = Holder.me(self.command).to_bytes()
            os.ftruncate(fd, 0)
            if os.pwrite(fd, record, 0) != len(record):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.path))
            return fd
        except BaseException as exc:
            if locked:  # ours to remove: no other writer can hold it
                _unlink_if_same(self.path, fd)
            try:
                os.close(fd)
            except OSError:
                pass
            if isinstance(exc, OSError):
                raise RunStoreError(f"{self.path}: cannot lock the run folder for writing "
                                    f"({exc.strerror or exc})") from None
            raise

    def _flock(self, fd: int) -> bool:
        """Whether this process now holds the lock on ``fd``."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError as exc:
            if exc.errno not in _NO_FLOCK:
                raise RunStoreError(f"{self.path}: cannot lock the run folder ({exc.strerror or exc})") from None
        holder = Holder.parse(os.pread(fd, _RECORD_BYTES, 0))  # no flock here: the record decides
        return holder is None or holder.gone()

    def release(self) -> None:
        """Let go (the last release of a reentrant hold removes the lock file, then unlocks it)."""
        key, self._key = self._key, None
        if key is None:
            return
        with _held_guard:
            entry = _held.get(key)
            if entry is None:
                return
            entry[1] -= 1
            if entry[1] > 0:
                return
            del _held[key]
            fd = entry[0]
            try:
                _unlink_if_same(self.path, fd)
            finally:
                os.close(fd)


def _unlink_if_same(path: Path, fd: int) -> None:
    """Remove the lock file ``path`` if it is still the file open as ``fd`` (before that is unlocked)."""
    try:
        opened = os.fstat(fd)
        now = os.stat(path, follow_symlinks=False)
        if (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino):
            os.unlink(path)
    except OSError:
        pass  # gone already, or the folder became read-only: the next writer takes it over


@contextmanager
def writing(folder: str | os.PathLike[str], command: str | None = None) -> Iterator[Path]:
    """Hold ``folder``'s lock for the block, making the folder (and its parents) first when absent; the folders
    made are removed again when the block leaves them empty (a refused or failed command leaves nothing)."""
    folder = Path(folder)
    made = [p for p in (folder, *folder.parents) if not p.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RunStoreError(f"{folder}: cannot create the folder ({exc.strerror or exc})") from None
    try:
        with RunLock(folder, command):
            yield folder
    finally:
        for path in made:  # innermost first; one that holds something stays
            try:
                path.rmdir()
            except OSError:
                break
