"""Deprecation warnings shown once per process, each saying what to write instead."""

from __future__ import annotations

import warnings


class TabbenchDeprecationWarning(FutureWarning):
    """A documented way of doing something that still works but will go; shown to users (not hidden)."""


_warned: set[str] = set()


def warn_once(key: str, message: str) -> None:
    """Warn ``message`` the first time ``key`` is seen in this process."""
    if key in _warned:
        return
    _warned.add(key)
    warnings.warn(message, TabbenchDeprecationWarning, stacklevel=3)
