"""0.1.0's command helpers that ``tabbench.cli.options.settings_options`` replaced, reachable only through their
deprecated names (``tabbench.contract.deprecation``) until 0.3.0.

They set the run settings of the current context (``tabbench.use_settings``'s), where 0.1.0 set environment
variables that nothing reads any more; a command keeps the effect it had.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from tabbench.cli.options import MAX_WORKERS, FiniteFloatRange
from tabbench.contract import settings as _settings
from tabbench.contract.errors import UsageError


def _set(**changes: Any) -> None:
    _settings._CURRENT.set(dataclasses.replace(_settings.current_settings(), **changes))


def apply_runtime(workers: int | None) -> None:
    """Make ``--workers`` the SQL worker count of the rest of this command."""
    if workers is not None:
        _set(workers=workers)


def checked_timeout(value: float | None) -> float | None:
    """``--timeout`` checked as every plugin's ``timeout`` option is: seconds, ``0 < t <= 86400``."""
    from tabbench.contract.options import MAX_TIMEOUT

    if value is None:
        return None
    if not (isinstance(value, int | float) and 0 < value <= MAX_TIMEOUT):  # NaN fails both comparisons
        raise UsageError(f"--timeout {value!r}: expected seconds > 0 and <= {MAX_TIMEOUT:g} (0 is not 'no limit')")
    return float(value)


def with_timeout(benchmark_cls: Any, options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Fold ``--timeout`` into the options of a benchmark that declares ``timeout``."""
    if timeout is not None and "timeout" in benchmark_cls.option_defaults:
        return {**options, "timeout": timeout}
    return options


def recorded_options(options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """The benchmark options as given, ``--timeout`` included."""
    return options if timeout is None else {**options, "timeout": timeout}


def sandbox_record() -> dict[str, Any]:
    """What a run's config records about the sandbox: the unsafe opt-out, when given."""
    return {"unsafe_sandbox": True} if _settings.current_settings().unsafe_sandbox else {}


workers_option = click.option(
    "--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=None, envvar="TABBENCH_WORKERS",
    help="SQL worker processes (0: in this process) (env TABBENCH_WORKERS).",
)
result_store_option = click.option(
    "--result-store-mb", type=FiniteFloatRange(min=0), default=None, expose_value=False, metavar="MB",
    envvar="TABBENCH_RESULT_STORE_MB",
    help="Memory bound of the run's query-result store (env TABBENCH_RESULT_STORE_MB).",
    callback=lambda ctx, param, value: None if value is None else _set(result_store_mb=value),
)
unsafe_sandbox_option = click.option(
    "--unsafe-sandbox", is_flag=True, default=False, expose_value=False, envvar="TABBENCH_UNSAFE_SANDBOX",
    help="Run model-written code with rlimits, seccomp and an audit hook only where the kernel sandbox cannot start.",
    callback=lambda ctx, param, value: _set(unsafe_sandbox=True) if value else None,
)
