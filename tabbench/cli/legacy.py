"""0.1.0's command helpers that ``tabbench.cli.options.settings_options`` replaced, reachable only through their
deprecated names in ``tabbench.cli.options`` and ``tabbench.evaluation.options`` until 0.3.0, each marked with
what replaces it (PEP 702's ``deprecated``, which the warning quotes).

They set the run settings of the current context (``tabbench.use_settings``'s), where 0.1.0 set environment
variables that nothing reads any more; a command keeps the effect it had.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from tabbench.cli.options import MAX_WORKERS, FiniteFloatRange
from tabbench.contract.deprecation import deprecated
from tabbench.contract.errors import UsageError
from tabbench.contract.settings import current_settings, enter_settings
from tabbench.evaluation import plan


def _set(**changes: Any) -> None:
    enter_settings(dataclasses.replace(current_settings(), **changes))  # for the rest of the command, as 0.1.0


@deprecated("use tabbench.cli.options.settings_options (the command receives settings=tabbench.Settings)",
            category=None)
def apply_runtime(workers: int | None) -> None:
    """Make ``--workers`` the SQL worker count of the rest of this command."""
    if workers is not None:
        _set(workers=workers)


@deprecated("use the timeout Option of tabbench.contract.options (checked by tabbench.get_benchmark)", category=None)
def checked_timeout(value: float | None) -> float | None:
    """``--timeout`` checked as every plugin's ``timeout`` option is: seconds, ``0 < t <= 86400``."""
    from tabbench.contract.options import MAX_TIMEOUT

    if value is None:
        return None
    if not (isinstance(value, int | float) and 0 < value <= MAX_TIMEOUT):  # NaN fails both comparisons
        raise UsageError(f"--timeout {value!r}: expected seconds > 0 and <= {MAX_TIMEOUT:g} (0 is not 'no limit')")
    return float(value)


@deprecated("use RunConfig's timeout (tabbench.evaluate(timeout=...))", category=None)
def with_timeout(benchmark_cls: Any, options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Fold ``--timeout`` into the options of a benchmark that declares ``timeout`` (the plan's own rule)."""
    return plan.with_timeout(benchmark_cls, options, timeout)


@deprecated("use RunConfig's timeout (tabbench.evaluate(timeout=...))", category=None)
def recorded_options(options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """The benchmark options as given, ``--timeout`` included."""
    return options if timeout is None else {**options, "timeout": timeout}


@deprecated("use tabbench.Settings.unsafe_sandbox of the run's settings", category=None)
def sandbox_record() -> dict[str, Any]:
    """What a run's config records about the sandbox: the unsafe opt-out, when given."""
    return {"unsafe_sandbox": True} if current_settings().unsafe_sandbox else {}


workers_option = deprecated("use tabbench.cli.options.settings_options", category=None)(click.option(
    "--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=None, envvar="TABBENCH_WORKERS",
    help="SQL worker processes (0: in this process) (env TABBENCH_WORKERS).",
))
result_store_option = deprecated("use tabbench.cli.options.settings_options", category=None)(click.option(
    "--result-store-mb", type=FiniteFloatRange(min=0), default=None, expose_value=False, metavar="MB",
    envvar="TABBENCH_RESULT_STORE_MB",
    help="Memory bound of the run's query-result store (env TABBENCH_RESULT_STORE_MB).",
    callback=lambda ctx, param, value: None if value is None else _set(result_store_mb=value),
))
unsafe_sandbox_option = deprecated("use tabbench.cli.options.settings_options", category=None)(click.option(
    "--unsafe-sandbox", is_flag=True, default=False, expose_value=False, envvar="TABBENCH_UNSAFE_SANDBOX",
    help="Run model-written code with rlimits, seccomp and an audit hook only where the kernel sandbox cannot start.",
    callback=lambda ctx, param, value: _set(unsafe_sandbox=True) if value else None,
))
