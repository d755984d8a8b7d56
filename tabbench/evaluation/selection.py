"""Which benchmarks and examples a run covers: what was asked (``Selection``, shared by ``RunConfig`` and
``tabbench.training.TrainConfig``) and the benchmarks it resolves to (``select_benchmarks``).

A benchmark named explicitly must load; a suite member without data or plugin is skipped, and one whose plugin
or data is broken fails without stopping the others (the run reports both in ``results.json``'s ``not_run``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError, DataError, PluginLoadError, UnknownNameError, UsageError
from tabbench.evaluation.options import check_benchmark_names, options_for
from tabbench.evaluation.where import Where, parse_wheres


@dataclass(frozen=True)
class Selection:
    """What a run (evaluation or training) is asked to cover: ``--benchmark`` and ``--suite`` names, ``--data``
    paths by benchmark, ``-o [NAME:]KEY=VALUE`` benchmark options, the split (``None``: each benchmark's own),
    ``--limit`` per benchmark and the ``--where`` filters (applied before the limit). Given values are
    normalised (a name as a tuple, paths as ``Path``, filters parsed) and checked here, once for every command.
    """

    benchmarks: tuple[str, ...] = ()
    suites: tuple[str, ...] = ()
    data: Mapping[str, Path] = field(default_factory=dict)
    benchmark_options: Mapping[str, Any] = field(default_factory=dict)
    split: str | None = None
    limit: int | None = None
    where: tuple[Where, ...] = ()

    def __post_init__(self) -> None:
        for name in ("benchmarks", "suites"):  # a str, a list: as given
            value = getattr(self, name)
            object.__setattr__(self, name, (value,) if isinstance(value, str) else tuple(value))
        object.__setattr__(self, "where", parse_wheres([self.where] if isinstance(self.where, str) else self.where))
        object.__setattr__(self, "data", {name: Path(path) for name, path in self.data.items()})
        object.__setattr__(self, "benchmark_options", dict(self.benchmark_options))
        if self.limit is not None and (isinstance(self.limit, bool) or not isinstance(self.limit, int)
                                       or self.limit < 1):
            raise UsageError(f"--limit {self.limit!r}: expected a whole number >= 1")

    @property
    def spec(self) -> str:
        """The benchmarks and suites asked for, as one ``--suite`` value (``all`` when none were named)."""
        return ",".join((*self.benchmarks, *self.suites)) or "all"

    def to_json(self) -> dict[str, Any]:
        """The selection as plain JSON values, under the field names."""
        return {"benchmarks": list(self.benchmarks), "suites": list(self.suites),
                "data": {k: str(v) for k, v in self.data.items()}, "benchmark_options": dict(self.benchmark_options),
                "split": self.split, "limit": self.limit, "where": [w.to_json() for w in self.where]}


def parse_data(pairs: Sequence[str]) -> dict[str, Path]:
    """``--data NAME=PATH`` pairs as a mapping (``~`` expanded); a malformed pair is a usage error."""
    out: dict[str, Path] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not name or not path:
            raise UsageError(f"--data {pair!r}: expected NAME=PATH")
        out[name] = Path(path).expanduser()
    return out


@dataclass
class SelectedBenchmarks:
    """The benchmarks a run covers, those skipped (no data, not installed) and those that failed, with why."""

    benchmarks: list[Benchmark]
    skipped: list[tuple[str, str]]
    failed: list[tuple[str, str]] = field(default_factory=list)  # configured but broken: the command exits 1

    def not_run(self) -> list[dict[str, Any]]:
        """What ``results.json`` records under ``not_run``: each benchmark that did not run, why, and whether
        it failed (broken) rather than being skipped (no data, not installed, not served)."""
        return ([{"benchmark": n, "reason": " ".join(why.split()), "failed": False} for n, why in self.skipped]
                + [{"benchmark": n, "reason": " ".join(why.split()), "failed": True} for n, why in self.failed])


def select_benchmarks(
    benchmarks: tuple[str, ...], suites: tuple[str, ...], data: dict[str, Path], options: dict[str, Any],
    timeout: float | None = None, split: str | None = None,
) -> SelectedBenchmarks:
    """Resolve ``--benchmark`` and ``--suite`` names (none: every benchmark) and build each benchmark.

    A suite member whose plugin fails to load, or whose data cannot give ``split`` (BIRD Mini-Dev files where
    dev is the default), fails without stopping the others. With the ``all`` suite, so does every plugin
    that failed to load, named with its file and line. A benchmark that exists and has data but rejects the
    options is an error either way, and so is ``-o NAME:KEY=VALUE`` or ``--data NAME=...`` naming a benchmark
    that is not selected. ``timeout`` (``--timeout``) goes to the benchmarks that declare a ``timeout``.
    """
    from tabbench.host.config import data_path
    from tabbench.host.lookup import benchmark_class, resolve_benchmarks
    from tabbench.host.plugins import host

    check_benchmark_names(benchmarks)
    spec = ",".join((*benchmarks, *suites)) or "all"
    registered = host().registry("suite")
    named = {*benchmarks, *(s for s in suites if s != "all" and s not in registered)}
    names = resolve_benchmarks(spec)
    asked = ", ".join([*(f"--benchmark {b!r}" for b in benchmarks), *(f"--suite {s!r}" for s in suites)]
                      ) or "--suite 'all'"
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise UsageError(f"--data {unknown[0]}=...: {unknown[0]!r} is not a benchmark of {asked}")
    targets = sorted({k.partition(":")[0] for k in options if ":" in k} - set(names))
    if targets:
        key = next(k for k in options if k.partition(":")[0] == targets[0])
        raise UsageError(f"-o {key}=...: {targets[0]!r} is not a benchmark of {asked}")
    chosen: list[Benchmark] = []
    skipped: list[tuple[str, str]] = []
    failed: list[tuple[str, str]] = []
    if spec == "all" or "all" in suites:
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
        raise ConfigError(f"{asked}: no benchmark has data ({detail})")
    return SelectedBenchmarks(chosen, skipped, failed)


def with_timeout(benchmark_cls: Any, options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Fold ``--timeout`` into the options of a benchmark that declares ``timeout`` (one that executes
    predictions); the others have no time limit to set, so it is not an unknown option for them."""
    if timeout is not None and "timeout" in benchmark_cls.option_defaults:
        return {**options, "timeout": timeout}
    return options
