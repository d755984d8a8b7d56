"""The hub's offline switches (``HF_HUB_OFFLINE``, ``TRANSFORMERS_OFFLINE``), on while an hf backend is open.

Nothing is downloaded while a backend may load a model; when the last open backend closes, the two variables
are put back as they were (unset, or the user's own value), so the process around it (a trainer, a notebook,
another library) sees its own environment again. A variable the user set is never changed.
"""

from __future__ import annotations

import os
import threading

VARIABLES = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")

_lock = threading.Lock()
_holders = 0
_saved: dict[str, str | None] = {}


def hold() -> None:
    """One more open backend: the switches are on (those the user did not set) until ``release``."""
    global _holders
    with _lock:
        if _holders == 0:
            _saved.update({name: os.environ.get(name) for name in VARIABLES})
            for name in VARIABLES:
                os.environ.setdefault(name, "1")
        _holders += 1


def release() -> None:
    """One backend fewer: after the last, the variables are as they were before the first ``hold``."""
    global _holders
    with _lock:
        if _holders == 0:
            return
        _holders -= 1
        if _holders == 0:
            for name, value in _saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
            _saved.clear()
