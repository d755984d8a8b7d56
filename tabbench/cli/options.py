"""Click options shared by commands (``tabbench eval``, ``tabbench score``, ``tabbench train``, a plugin's own
command): defined once so that every command spells, checks and documents an option the same way.

Only commands import this module (it imports click); the library reads what the options give through
``tabbench.evaluation.options`` (``parse_key_values``, ``options_for``) and ``tabbench.Settings``.

The per-rollout budget options of every command that runs an environment are here too: ``tabbench eval --env``,
``tabbench train grpo --env`` and ``tabbench train sft --env`` (and a third party's command with ``--env``)
decorate their click command with ``budget_options`` and build the rollout's ``tabbench.Budget`` with
``budget_from``, so the commands cannot drift: the same names, defaults (``Budget``'s, shown in ``--help``) and
checks, and the same usage error for an option given without ``--env``. The turn budget stays each command's own
``--max-turns`` (evaluation may allow 0 turns; TRL needs at least one).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import click

from tabbench.contract.deprecation import module_getattr
from tabbench.contract.environment import Budget
from tabbench.contract.errors import UsageError
from tabbench.contract.options import MAX_TIMEOUT
from tabbench.contract.settings import DEFAULT_RESULT_STORE_MB, Settings
from tabbench.evaluation.options import check_benchmark_names, split_names

F = TypeVar("F", bound=Callable[..., Any])


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that also refuses nan and inf: nan compares false with every bound, so click lets it
    through (``--temperature nan`` would sample garbage)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


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


def _parse_where(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[Any, ...]:
    from tabbench.evaluation.where import parse_wheres

    return parse_wheres(value)


where_option = click.option(
    "--where", "where", multiple=True, metavar="EXPR", callback=_parse_where,
    help="Use only the examples whose KEY (id, db_id, difficulty, any breakdown key) is one of the values "
    "(KEY=V1,V2) or none of them (KEY!=V1,V2); KEY=@FILE reads the values one per line. Repeatable: all must hold. "
    "Applied before --limit and --shard.",
)


#: Most SQL worker processes ``--workers`` accepts.
MAX_WORKERS = 256


def settings_options(command: F) -> F:
    """Add ``--workers``, ``--result-store-mb`` and ``--unsafe-sandbox`` to a click command, which receives them
    as one ``settings: tabbench.contract.settings.Settings`` keyword. Their environment variables are only
    these options' defaults: the values travel as that object, never through ``os.environ``."""
    @functools.wraps(command)
    def with_settings(*args: Any, workers: int | None, result_store_mb: float, unsafe_sandbox: bool,
                      **kwargs: Any) -> Any:
        settings = Settings(workers=workers, result_store_mb=result_store_mb, unsafe_sandbox=unsafe_sandbox)
        return command(*args, settings=settings, **kwargs)

    options = [
        click.option(
            "--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=None, envvar="TABBENCH_WORKERS",
            help="SQL worker processes; a query that ignores cancellation is killed there. Default: one per CPU, "
            "at most 8; 0 runs SQL in this process, where such a query cannot be stopped (env TABBENCH_WORKERS).",
        ),
        click.option(
            "--result-store-mb", type=FiniteFloatRange(min=0), default=DEFAULT_RESULT_STORE_MB,
            envvar="TABBENCH_RESULT_STORE_MB", metavar="MB",
            help="Memory bound of the run's query-result store (each distinct query runs once per run); default "
            "1024; results over it are recomputed (env TABBENCH_RESULT_STORE_MB).",
        ),
        click.option(
            "--unsafe-sandbox", is_flag=True, default=False, envvar="TABBENCH_UNSAFE_SANDBOX",
            help="Where this machine cannot run model-written code in the kernel sandbox (bubblewrap + seccomp), "
            "run it anyway with only rlimits, seccomp and a Python audit hook; recorded in results.json "
            "(env TABBENCH_UNSAFE_SANDBOX=1).",
        ),
    ]
    for option in reversed(options):
        with_settings = option(with_settings)
    return with_settings  # type: ignore[return-value]


def selection_options(command: F) -> F:
    """Add ``--benchmark NAME`` and ``--suite NAME`` (each repeatable, or comma-separated) to a click command;
    it receives ``benchmarks`` and ``suites`` as tuples of names, a suite given as ``--benchmark`` refused. The
    same two words on every command (``eval``, ``score``, ``train``)."""

    @functools.wraps(command)
    def with_names(*args: Any, benchmarks: tuple[str, ...], suites: tuple[str, ...], **kwargs: Any) -> Any:
        benchmarks = split_names(benchmarks)
        check_benchmark_names(benchmarks)  # a suite given as --benchmark: a usage error that lists its members
        return command(*args, benchmarks=benchmarks, suites=split_names(suites), **kwargs)

    with_names = click.option(
        "--suite", "suites", multiple=True, metavar="NAME",
        help="A suite (`tabbench suites list`): its benchmarks that have data; repeatable. With neither "
        "--benchmark nor --suite: all.")(with_names)
    with_names = click.option(
        "--benchmark", "benchmarks", multiple=True, metavar="NAME",
        help="A benchmark (`tabbench benchmarks list`); repeatable or comma-separated.")(with_names)
    return with_names  # type: ignore[return-value]


timeout_option = click.option(
    "--timeout", type=float, default=None, envvar="TABBENCH_TIMEOUT",
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


_SECONDS = FiniteFloatRange(min=0, min_open=True, max=MAX_TIMEOUT)
# Below this the observation could not hold an error message (``@tool`` keeps ``error:`` and 80 characters).
_BYTES = click.IntRange(min=100)

#: ``Budget`` field -> (option type, help); the option is ``--`` + the field with dashes.
BUDGET_OPTIONS: dict[str, tuple[click.ParamType, str]] = {
    "tool_seconds": (_SECONDS, "With --env: wall-clock seconds all tool calls of one rollout may spend together; "
                     "later calls are refused."),
    "call_seconds": (_SECONDS, "With --env: seconds one tool call may run (within what its rollout has left)."),
    "observation_bytes": (_BYTES, "With --env: one observation is cut to this many UTF-8 bytes."),
    "total_observation_bytes": (_BYTES, "With --env: UTF-8 bytes all observations of one rollout may take "
                                "together; later calls are refused."),
}


#: The parameters that mean nothing without ``--env``: the budget, the turns, the environment's options and
#: ``eval``'s tool protocol. Typed without ``--env``, they are a usage error naming them.
NEED_ENV = frozenset({*BUDGET_OPTIONS, "max_turns", "env_option_pairs", "env_options", "protocol"})


def budget_options(command: F) -> F:
    """Add the budget options to a click command with ``--env`` (keyword ``env_name``), defaults ``Budget``'s.

    Given on the command line without ``--env``, they (and the command's other ``NEED_ENV`` options) are a
    usage error naming them.
    """

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        context = click.get_current_context(silent=True)  # None: called as a function, nothing was typed
        if context is not None and not kwargs.get("env_name"):
            given = [max(param.opts, key=len) for param in context.command.params if param.name in NEED_ENV
                     and context.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE]
            if given:
                raise UsageError(f"{', '.join(given)} {'needs' if len(given) == 1 else 'need'} --env NAME")
        return command(*args, **kwargs)

    defaults = Budget()
    for field, (kind, text) in reversed(BUDGET_OPTIONS.items()):
        checked = click.option("--" + field.replace("_", "-"), field, type=kind, default=getattr(defaults, field),
                               show_default=True, help=text)(checked)
    return checked  # type: ignore[return-value]


def budget_from(values: Mapping[str, Any], max_turns: int) -> Budget:
    """The rollout budget of a command's options: ``max_turns`` and the budget options in ``values`` (its
    keyword arguments)."""
    return Budget(max_turns=max_turns, **{field: values[field] for field in BUDGET_OPTIONS})


__getattr__ = module_getattr(__name__)  # 0.1.0 names, deprecated (tabbench.contract.deprecation)
