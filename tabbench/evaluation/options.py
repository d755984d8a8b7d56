"""Click options shared by commands (``tabbench eval``, ``tabbench score``, the trainers' ``tabbench train``), and
the helpers that read them: library, not CLI, so a plugin's command can reuse them."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from tabbench.contract.errors import UsageError
from tabbench.contract.settings import DEFAULT_RESULT_STORE_MB, Settings

F = TypeVar("F", bound=Callable[..., Any])


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that also refuses nan and inf: nan compares false with every bound, so click lets it
    through (``--temperature nan`` would sample garbage)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def check_benchmark_names(names: tuple[str, ...]) -> None:
    """``--benchmark NAME`` must name a benchmark: a suite's name says it is one and lists its benchmarks."""
    from tabbench.host.plugins import host

    benchmarks, suites = host().registry("benchmark"), host().registry("suite")
    for name in names:
        if name not in benchmarks.names() and (name == "all" or name in suites):
            members = benchmarks.names() if name == "all" else suites.get(name).benchmarks
            raise UsageError(f"--benchmark {name}: {name!r} is a suite (benchmarks: {', '.join(members)}); "
                             f"use --suite {name}")


def options_for(benchmark: str, options: dict[str, Any]) -> dict[str, Any]:
    """``-o KEY=VALUE`` goes to every benchmark, ``-o NAME:KEY=VALUE`` to benchmark NAME only."""
    out = {k: v for k, v in options.items() if ":" not in k}
    out.update({k.partition(":")[2]: v for k, v in options.items() if k.partition(":")[0] == benchmark})
    return out


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


def split_names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Names given as repeated options or separated by commas, in order, without repeats."""
    names: list[str] = []
    for value in values:
        names.extend(n for n in (p.strip() for p in value.split(",")) if n and n not in names)
    return tuple(names)


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
