"""Click options shared by commands (``tabbench eval``, ``tabbench score``, the trainers' ``tabbench train``), and
the helpers that read them: library, not CLI, so a plugin's command can reuse them."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import click

from tabbench.contract.errors import UsageError


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that also refuses nan and inf: nan compares false with every bound, so click lets it
    through (``--temperature nan`` would sample garbage)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def parse_key_values(pairs: tuple[str, ...], what: str) -> dict[str, Any]:
    """``key=value`` pairs; values are parsed as JSON when they can be (numbers, booleans, lists)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"{what} {pair!r}: expected KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


out_option = click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), required=True, envvar="TABBENCH_OUT",
    help="Run directory for results.json and samples/ (env TABBENCH_OUT).",
)
resume_option = click.option(
    "--resume", is_flag=True, help="Continue the run in --out, skipping samples already scored.",
)
split_option = click.option("--split", default=None, help="Benchmark split (default: the benchmark's own).")
limit_option = click.option(
    "--limit", type=click.IntRange(min=1), default=None, help="Score only the first N examples."
)
def checked_timeout(value: float | None) -> float | None:
    """``--timeout`` (or ``timeout=``) checked as every plugin's ``timeout`` option is (``tabbench.contract.options``):
    seconds, ``0 < t <= 86400``; 0 is an error, never "no limit"."""
    from tabbench.contract.options import MAX_TIMEOUT

    if value is None:
        return None
    if not (isinstance(value, int | float) and 0 < value <= MAX_TIMEOUT):  # NaN fails both comparisons
        raise UsageError(f"--timeout {value!r}: expected seconds > 0 and <= {MAX_TIMEOUT:g} (0 is not 'no limit')")
    return float(value)


def _timeout_callback(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    return checked_timeout(value)


#: Most SQL worker processes ``--workers`` accepts.
MAX_WORKERS = 256

workers_option = click.option(
    "--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=None, envvar="TABBENCH_WORKERS",
    help="SQL worker processes; a query that ignores cancellation is killed there. Default: one per CPU, "
    "at most 8; 0 runs SQL in this process, where such a query cannot be stopped (env TABBENCH_WORKERS).",
)


def _set_result_store_mb(ctx: click.Context, param: click.Parameter, value: float | None) -> None:
    if value is not None:
        os.environ["TABBENCH_RESULT_STORE_MB"] = str(value)


result_store_option = click.option(
    "--result-store-mb", type=FiniteFloatRange(min=0), default=None, expose_value=False,
    envvar="TABBENCH_RESULT_STORE_MB", callback=_set_result_store_mb, metavar="MB",
    help="Memory bound of the run's query-result store (each distinct query runs once per run); default 1024; "
    "results over it are recomputed (env TABBENCH_RESULT_STORE_MB).",
)
def _set_unsafe_sandbox(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        os.environ["TABBENCH_UNSAFE_SANDBOX"] = "1"  # read by tabbench.sandbox, here and in worker processes


unsafe_sandbox_option = click.option(
    "--unsafe-sandbox", is_flag=True, default=False, expose_value=False, callback=_set_unsafe_sandbox,
    envvar="TABBENCH_UNSAFE_SANDBOX",
    help="Where this machine cannot run model-written code in the kernel sandbox (bubblewrap + seccomp), run it "
    "anyway with only rlimits, seccomp and a Python audit hook; recorded in results.json "
    "(env TABBENCH_UNSAFE_SANDBOX=1).",
)


def sandbox_record() -> dict[str, Any]:
    """What a run's config records about the sandbox: the unsafe opt-out, when given."""
    from tabbench.sandbox import unsafe_allowed

    return {"unsafe_sandbox": True} if unsafe_allowed() else {}


timeout_option = click.option(
    "--timeout", type=float, default=None, envvar="TABBENCH_TIMEOUT", callback=_timeout_callback,
    help="Time limit in seconds per query or program (0 < T <= 86400; 0 is an error, not 'no limit'), for "
    "benchmarks that execute predictions (env TABBENCH_TIMEOUT).",
)
benchmark_option_option = click.option(
    "-o", "--benchmark-option", "benchmark_options", multiple=True, metavar="KEY=VALUE",
    help="An option passed to the benchmark plugin (see its README); repeatable.",
)
batch_size_option = click.option(
    "--batch-size", type=click.IntRange(min=1), default=32, show_default=True, envvar="TABBENCH_BATCH_SIZE",
    help="Examples per batch (generated, when a model runs, then scored); records are appended after each batch "
    "(env TABBENCH_BATCH_SIZE).",
)
progress_option = click.option("--progress/--no-progress", default=True, help="Show progress bars.")


def apply_runtime(workers: int | None) -> None:
    """Make ``--workers`` visible to scoring services."""
    if workers is not None:
        os.environ["TABBENCH_WORKERS"] = str(workers)


def with_timeout(benchmark_cls: Any, options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Fold ``--timeout`` into the options of a benchmark that declares ``timeout`` (one that executes
    predictions); the others have no time limit to set, so it is not an unknown option for them."""
    if timeout is not None and "timeout" in benchmark_cls.option_defaults:
        return {**options, "timeout": timeout}
    return options


def recorded_options(options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """The benchmark options as given, ``--timeout`` included: the run config that ``--resume`` compares."""
    return options if timeout is None else {**options, "timeout": timeout}
