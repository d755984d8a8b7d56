"""Run ``tabbench`` and interrupt it at its k-th write point: the crash-consistency tests' injector.

``python -m tests.crash_hook K MODE COUNT_FILE -- ARGS...`` runs ``tabbench ARGS`` in this process with every write
point counted: a file opened for writing, ``os.replace``/``rename``/``link``/``unlink``/``rmdir``/``mkdir``,
``os.fsync``, ``shutil.rmtree``, and each line the run store appends. At the ``K``-th (``K`` = 0: never) it
either kills the process (``kill``: SIGKILL, nothing runs after it), fails the call with a full disk
(``enospc``: ``OSError(ENOSPC)``, which the command must turn into one line and a clean folder; a removal
cannot run out of space, so there the next call that writes fails instead), or writes
``COUNT_FILE.paused`` and waits there for a signal (``pause``). ``hold`` (``K`` unused) takes the run folder's
lock, writes ``COUNT_FILE.paused`` at the next write point and waits for ``COUNT_FILE.go`` before going on: a
writer caught holding the lock, for the concurrency tests. On a normal exit the number of write points seen is
written to ``COUNT_FILE``, and what each was to ``COUNT_FILE.points``. Only this process is counted (not its pool
workers or DuckDB children).
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import signal
import sys
import time
from typing import Any

_seen = 0


def arm(at: int, mode: str, count_file: str) -> None:
    owner = os.getpid()
    plain_open = builtins.open
    held = [""]
    fired: list[str] = []
    names: list[str] = []

    def point(what: str, frees: bool = False) -> None:
        global _seen
        if os.getpid() != owner:
            return
        if mode == "hold" and held[0] == "locked":  # the lock is taken: let the test start the others, then go on
            held[0] = "released"
            with plain_open(f"{count_file}.paused", "w") as handle:
                handle.write(what)
            while not os.path.exists(f"{count_file}.go"):
                time.sleep(0.02)
        if mode == "hold" and held[0] == "" and what.startswith("open ") and what.endswith(".tabbench.lock"):
            held[0] = "locked"
        _seen += 1
        names.append(what)
        if at and _seen >= at and not fired and not (frees and mode == "enospc"):
            fired.append(what)  # a removal never runs out of space: a full disk fails the next call that writes
            if mode == "kill":
                os.kill(owner, signal.SIGKILL)
            if mode == "pause":  # say so, then wait for the test's signal
                with plain_open(f"{count_file}.paused", "w") as handle:
                    handle.write(what)
                while True:
                    time.sleep(60)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), what)

    def wrap(module: Any, name: str, writes: Any = None) -> None:
        original = getattr(module, name)

        def hooked(*args: Any, **kwargs: Any) -> Any:
            if writes is None or writes(*args, **kwargs):
                point(f"{name} {args[0] if args else ''}", frees=name in ("unlink", "rmdir", "rmtree"))
            return original(*args, **kwargs)

        setattr(module, name, hooked)

    def opened_for_writing(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> bool:
        return isinstance(mode, str) and any(c in mode for c in "wax+") and not isinstance(file, int)

    def os_open_for_writing(path: Any, flags: int, *args: Any, **kwargs: Any) -> bool:
        return bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))

    for name in ("replace", "rename", "link", "unlink", "rmdir", "mkdir", "fsync"):
        wrap(os, name)
    wrap(os, "open", os_open_for_writing)
    wrap(shutil, "rmtree")
    wrap(builtins, "open", opened_for_writing)
    io.open = builtins.open

    from tabbench.evaluation.store import RunStore

    write_line = RunStore._write_line

    def counted_line(self: RunStore, *args: Any) -> None:
        point("append")
        write_line(self, *args)

    RunStore._write_line = counted_line  # type: ignore[method-assign]

    import atexit

    def report() -> None:
        if os.getpid() == owner:
            with plain_open(count_file, "w") as handle:
                handle.write(str(_seen))
            with plain_open(f"{count_file}.points", "w") as handle:
                handle.write("".join(f"{' '.join(name.split())}\n" for name in names))

    atexit.register(report)


if __name__ == "__main__":
    at, mode, count_file, separator, *arguments = sys.argv[1:]
    assert separator == "--" and mode in ("kill", "enospc", "pause", "hold", "count"), sys.argv
    arm(int(at), mode, count_file)
    from tabbench.cli import main

    main(arguments)
