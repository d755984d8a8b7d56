"""Run ``tabbench`` and interrupt it at its k-th write point: the crash-consistency tests' injector.

``python -m tests.crash_hook K MODE COUNT_FILE -- ARGS...`` runs ``tabbench ARGS`` in this process with every write
point counted: a file opened for writing, ``os.replace``/``rename``/``link``/``unlink``/``rmdir``/``mkdir``,
``os.fsync``, ``shutil.rmtree``, and each line the run store appends. At the ``K``-th (``K`` = 0: never) it
either kills the process (``kill``: SIGKILL, nothing runs after it) or fails the call with a full disk
(``enospc``: ``OSError(ENOSPC)``, which the command must turn into one line and a clean folder). On a normal
exit the number of write points seen is written to ``COUNT_FILE``. Only this process is counted (not its pool
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
from typing import Any

_seen = 0


def arm(at: int, mode: str, count_file: str) -> None:
    owner = os.getpid()
    plain_open = builtins.open

    def point(what: str) -> None:
        global _seen
        if os.getpid() != owner:
            return
        _seen += 1
        if _seen == at:
            if mode == "kill":
                os.kill(owner, signal.SIGKILL)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), what)

    def wrap(module: Any, name: str, writes: Any = None) -> None:
        original = getattr(module, name)

        def hooked(*args: Any, **kwargs: Any) -> Any:
            if writes is None or writes(*args, **kwargs):
                point(f"{name} {args[0] if args else ''}")
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

    atexit.register(report)


if __name__ == "__main__":
    at, mode, count_file, separator, *arguments = sys.argv[1:]
    assert separator == "--" and mode in ("kill", "enospc", "count"), sys.argv
    arm(int(at), mode, count_file)
    from tabbench.cli import main

    main(arguments)
