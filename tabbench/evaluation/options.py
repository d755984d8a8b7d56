"""What commands' options mean, for the library: ``-o`` options per benchmark, ``KEY=VALUE`` parsing, the one form
of options addressed to named plugins (``[NAME:]KEY=VALUE``: ``-o``, ``--reward-option``) and benchmark names. The
click options themselves are ``tabbench.cli.options`` (only commands import click)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabbench.contract.deprecation import TYPEVAR_REPLACEMENT, Deprecated, kept_in, module_getattr, moved
from tabbench.contract.errors import UsageError

__all__ = ["check_benchmark_names", "options_for", "parse_key_values", "split_names"]


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


def named_options(pairs: Sequence[str], names: Sequence[str], what: str, *, dotted: bool = False
                  ) -> dict[str, dict[str, Any]]:
    """Each of ``names``' options from ``[NAME:]KEY=VALUE`` pairs (values parsed as JSON when they can be): a pair
    without ``NAME:`` is for every name, one with it for NAME only (and wins). A NAME that is not one of ``names`` is
    a usage error listing them. ``dotted``: 0.2's ``--reward-option NAME.KEY=VALUE`` (a key with a dot and no colon)
    is read as ``NAME:KEY=VALUE``, with a deprecation warning, until 0.4.0."""
    from tabbench.contract.deprecation import deprecated_spelling

    common: dict[str, Any] = {}
    own: dict[str, dict[str, Any]] = {name: {} for name in names}
    for pair in pairs:
        (key, value), = parse_key_values((pair,), what).items()
        target, sep, option = key.partition(":")
        if not sep and dotted and "." in key:
            deprecated_spelling(f"{what} NAME.KEY=VALUE", f"{what} NAME:KEY=VALUE")
            target, sep, option = key.partition(".")
        if not sep:
            common[key] = value
            continue
        if not target or not option:
            raise UsageError(f"{what} {pair!r}: expected [NAME:]KEY=VALUE")
        if target not in own:
            raise UsageError(f"{what} {pair!r}: {target!r} is not one of {', '.join(names) or 'none'}")
        own[target][option] = value
    return {name: {**common, **own[name]} for name in names}


def split_names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Names given as repeated options or separated by commas, in order, without repeats."""
    names: list[str] = []
    for value in values:
        names.extend(n for n in (p.strip() for p in value.split(",")) if n and n not in names)
    return tuple(names)


# --- 0.1.0's names (docs/api.md): its click options and command helpers moved up to tabbench.cli, which alone
# imports click; they are imported from there only when an old name is used (tests/test_layering.py allows it)

#: 0.1.0's command helpers, kept in ``tabbench.cli.legacy`` (here and in ``tabbench.cli.options``).
LEGACY_COMMAND_HELPERS = ("apply_runtime", "checked_timeout", "recorded_options", "result_store_option",
                          "sandbox_record", "unsafe_sandbox_option", "with_timeout", "workers_option")


def _cli_options() -> ModuleType:
    from tabbench.cli import options

    return options


def _cli_legacy() -> ModuleType:
    from tabbench.cli import legacy

    return legacy


__getattr__ = module_getattr(__name__, {
    **moved(_cli_options, ("FiniteFloatRange", "MAX_WORKERS", "batch_size_option", "benchmark_option_option",
                           "limit_option", "out_option", "progress_option", "resume_option", "selection_options",
                           "settings_options", "split_option", "timeout_option", "where_option"),
            "tabbench.cli.options"),
    **kept_in(_cli_legacy, LEGACY_COMMAND_HELPERS),
    "F": Deprecated(lambda: _cli_options().F, TYPEVAR_REPLACEMENT),
})
if TYPE_CHECKING:  # for type checkers: the old behaviours kept are marked deprecated (PEP 702)
    from tabbench.cli.legacy import apply_runtime as apply_runtime
    from tabbench.cli.legacy import checked_timeout as checked_timeout
    from tabbench.cli.legacy import recorded_options as recorded_options
    from tabbench.cli.legacy import sandbox_record as sandbox_record
    from tabbench.cli.legacy import with_timeout as with_timeout
