"""Which benchmarks a run covers (``--suite``, ``--data``, ``-o``), shared by ``tabbench eval``, ``tabbench merge``
and ``tabbench.evaluate``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from tabbench.cli.options import with_timeout
from tabbench.contract.errors import ConfigError, DataError, PluginLoadError, UnknownNameError, UsageError


@dataclass
class Selection:
    """The benchmarks a run covers, those skipped (no data, not installed) and those that failed, with why."""

    benchmarks: list[Any]
    skipped: list[tuple[str, str]]
    failed: list[tuple[str, str]] = field(default_factory=list)  # configured but broken: the run exits 1


def select_benchmarks(
    suite: str, data: dict[str, Path], options: dict[str, Any], timeout: float | None = None,
    split: str | None = None,
) -> Selection:
    """Resolve ``--suite``: named benchmarks must load; suite members without data or plugin are skipped.

    A suite member whose plugin fails to load, or whose data cannot give ``split`` (BIRD Mini-Dev files where
    dev is the default), fails without stopping the others: it is reported at the end and the run exits 1.
    With ``all``, so does every plugin that failed to load, named with its file and line.

    A benchmark that exists and has data but rejects the options is an error either way, and so is
    ``-o NAME:KEY=VALUE`` naming a benchmark that is not in the suite. ``--timeout`` (``timeout``) goes to
    the benchmarks that declare it.
    """
    from tabbench.host.config import data_path
    from tabbench.host.lookup import benchmark_class, resolve_benchmarks
    from tabbench.host.plugins import host

    suites = host().registry("suite")
    named = {p.strip() for p in suite.split(",") if p.strip() and p.strip() != "all" and p.strip() not in suites}
    names = resolve_benchmarks(suite)
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise UsageError(f"--data {unknown[0]}=...: {unknown[0]!r} is not a benchmark of --suite {suite!r}")
    targets = sorted({k.partition(":")[0] for k in options if ":" in k} - set(names))
    if targets:
        key = next(k for k in options if k.partition(":")[0] == targets[0])
        raise UsageError(f"-o {key}=...: {targets[0]!r} is not a benchmark of --suite {suite!r}")
    chosen, skipped, failed = [], [], []
    if "all" in {p.strip() for p in suite.split(",")}:
        failed += [(info.name, info.failure()) for info in host().failures()]
    for name in names:
        try:
            cls = benchmark_class(name)
            path, _ = data_path(name, data.get(name))
            if path is None:
                path = cls.bundled_data()
            if path is None and cls.needs_data and name not in named:
                skipped.append((name, f"no data: {cls.data_hint}"))
                continue
            benchmark = cls(path, **with_timeout(cls, options_for(name, options), timeout))
            if name not in named:  # data set up for another split fails here, not after other benchmarks ran
                next(iter(benchmark.examples(split)), None)
            chosen.append(benchmark)
        except UnknownNameError as exc:  # not installed: skip; bad options: fail
            if name in named:
                raise
            skipped.append((name, str(exc)))
        except (PluginLoadError, DataError) as exc:  # broken plugin or data: the others still run
            if name in named:
                raise
            failed.append((name, str(exc)))
    if not chosen:
        detail = "; ".join(f"{n}: {why}" for n, why in skipped + failed)
        raise ConfigError(f"--suite {suite!r}: no benchmark has data ({detail})")
    return Selection(chosen, skipped, failed)


def report_not_run(selection: Selection) -> None:
    """After the run: name every benchmark that did not run and why; exit 1 when a configured one failed."""
    for name, why in selection.skipped + selection.failed:
        click.echo(f"not run: {name}: {' '.join(why.split())}", err=True)
    if selection.failed:
        click.echo(f"{len(selection.failed)} failed (see above); the other benchmarks ran", err=True)
        raise click.exceptions.Exit(1)


def options_for(benchmark: str, options: dict[str, Any]) -> dict[str, Any]:
    """``-o KEY=VALUE`` goes to every benchmark, ``-o NAME:KEY=VALUE`` to benchmark NAME only."""
    out = {k: v for k, v in options.items() if ":" not in k}
    out.update({k.partition(":")[2]: v for k, v in options.items() if k.partition(":")[0] == benchmark})
    return out


def parse_data(pairs: tuple[str, ...]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not name or not path:
            raise UsageError(f"--data {pair!r}: expected NAME=PATH")
        out[name] = Path(path).expanduser()
    return out
