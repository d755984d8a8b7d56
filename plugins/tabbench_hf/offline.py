"""The hub's offline switches (``HF_HUB_OFFLINE``, ``TRANSFORMERS_OFFLINE``), on while an hf backend loads a model.

Nothing is downloaded while a backend loads its tokenizer, model and adapter (``held``, around ``HFBackend.load``);
when the last load in progress ends, the two variables are put back as they were (unset, or the user's own
value), so the process around it (a trainer, a notebook, another library) sees its own environment again, also
while the backend is open and after one that was never closed. A variable the user set is never changed.

``huggingface_hub`` reads the variables once, when it is first imported (``constants.HF_HUB_OFFLINE``): its flag
is held and put back the same way, or a process that imported it first would stay online while a model loads,
and one that imported it during a load would stay offline after.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

VARIABLES = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")

_lock = threading.Lock()
_holders = 0
_saved: dict[str, str | None] = {}
_saved_hub: list[bool] = []


def _hub() -> ModuleType | None:
    try:
        import huggingface_hub.constants as hub
    except ImportError:  # the backend's own load reports a missing transformers
        return None
    return hub


@contextmanager
def held() -> Iterator[None]:
    """The switches on (those the user did not set) for the body, and as they were after it, even when it fails."""
    hold()
    try:
        yield
    finally:
        release()


def hold() -> None:
    """One more load in progress: the switches are on (those the user did not set) until ``release``."""
    global _holders
    with _lock:
        if _holders == 0:
            hub = _hub()  # imported before the variables change: it keeps the user's setting to go back to
            _saved.update({name: os.environ.get(name) for name in VARIABLES})
            for name in VARIABLES:
                os.environ.setdefault(name, "1")
            if hub is not None:  # the flag as the hub computes it at import
                _saved_hub.append(hub.HF_HUB_OFFLINE)
                value = os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE") or ""
                hub.HF_HUB_OFFLINE = value.upper() in hub.ENV_VARS_TRUE_VALUES
        _holders += 1


def release() -> None:
    """One load in progress fewer: after the last, the variables are as they were before the first ``hold``."""
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
            if _saved_hub and (hub := _hub()) is not None:
                hub.HF_HUB_OFFLINE = _saved_hub.pop()
