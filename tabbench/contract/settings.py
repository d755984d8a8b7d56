"""The settings the shared services read while a run is in progress: SQL workers, result-store bound, sandbox.

A run (``tabbench eval``/``score``, ``tabbench.evaluate``, a trainer) states them once, in its configuration,
and enters them with ``use_settings`` for its duration. They are context-scoped (``contextvars``), never
written to ``os.environ``: two runs in two threads of one process each see their own, and a worker thread
started inside a run sees the run's when it is started through ``run_in_context``. Outside any run the
defaults hold. Environment variables (``TABBENCH_WORKERS``, ...) are only the command line's defaults.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

T = TypeVar("T")

#: Default bound of a run's query-result store, in MB.
DEFAULT_RESULT_STORE_MB = 1024.0


@dataclass(frozen=True)
class Settings:
    """``workers``: SQL worker processes (``None``: one per CPU, at most 8; 0: in this process);
    ``result_store_mb``: memory bound of the run's query-result store (0 keeps nothing);
    ``unsafe_sandbox``: run model-written code with rlimits, seccomp and an audit hook only where the kernel
    sandbox cannot start (``--unsafe-sandbox``)."""

    workers: int | None = None
    result_store_mb: float = DEFAULT_RESULT_STORE_MB
    unsafe_sandbox: bool = False

    def __post_init__(self) -> None:
        if self.workers is not None and (isinstance(self.workers, bool) or not isinstance(self.workers, int)
                                         or self.workers < 0):
            raise ValueError(f"workers={self.workers!r}: expected a whole number >= 0 or None")
        if isinstance(self.result_store_mb, bool) or not (
                isinstance(self.result_store_mb, int | float) and 0 <= self.result_store_mb < float("inf")):
            raise ValueError(f"result_store_mb={self.result_store_mb!r}: expected a finite number >= 0")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_DEFAULTS = Settings()
_CURRENT: contextvars.ContextVar[Settings | None] = contextvars.ContextVar("tabbench_settings", default=None)


def current_settings() -> Settings:
    """The settings of the run in progress in this context (the defaults outside a run)."""
    return _CURRENT.get() or _DEFAULTS


def enter_settings(settings: Settings) -> contextvars.Token[Settings | None]:
    """Make ``settings`` the current ones for the rest of this context (the returned token resets it):
    ``use_settings`` for a block, 0.1.0's command helpers for the rest of a command."""
    return _CURRENT.set(settings)


@contextmanager
def use_settings(settings: Settings) -> Iterator[Settings]:
    """Make ``settings`` the current ones in this context until the block ends."""
    token = enter_settings(settings)
    try:
        yield settings
    finally:
        _CURRENT.reset(token)


def run_in_context(function: Callable[..., T]) -> Callable[..., T]:
    """``function`` bound to a copy of the caller's context: hand this to a thread pool so the task sees the
    run's settings and result store (a new thread otherwise starts with the defaults)."""
    context = contextvars.copy_context()

    def call(*args: Any, **kwargs: Any) -> T:
        return context.copy().run(function, *args, **kwargs)

    return call
