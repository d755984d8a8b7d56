"""A board's columns and cells: what makes scores comparable (benchmark version, split, data, n), the suite
tables, breakdown level order, and the formatting of numbers and markdown tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabbench.contract.errors import TabbenchError
from tabbench.evaluation.runfolder import data_snapshot
from tabbench.reporting.boards.markdown import cell, slug
from tabbench.reporting.boards.runs import RunEntry


def breakdown_order(benchmark: str, key: str) -> tuple[str, ...]:
    """The natural order of breakdown ``key``'s levels, as benchmark ``benchmark`` declares it
    (``Benchmark.breakdown_order``, e.g. BIRD's simple, moderate, challenging); empty when it declares none or
    its plugin is not installed. Ordered keys are also the ones plotted as bars."""
    from tabbench.host.lookup import benchmark_class

    try:
        return tuple(benchmark_class(benchmark).breakdown_order.get(key, ()))
    except TabbenchError:
        return ()


def recorded_order(members: Sequence[tuple[RunEntry, dict[str, Any]]], benchmark: str, key: str) -> tuple[str, ...]:
    """The natural order of breakdown ``key``'s levels as the runs recorded it (results schema 4: the runner
    records the benchmark's ``breakdown_order``, so no plugin is needed); from the plugin for older runs."""
    for run, result in members:
        if run.results.get("schema_version", 0) >= 4:
            return tuple((result.get("breakdown_order") or {}).get(key, ()))
    return breakdown_order(benchmark, key)


def level_sort_key(order: Sequence[str]) -> Callable[[str], tuple[int, str]]:
    """Sort levels in ``order``; levels it does not name follow alphabetically."""
    return lambda level: (order.index(level) if level in order else len(order), level)


@dataclass(frozen=True)
class Column:
    """What makes scores comparable: the benchmark, its version, the split, the data files' hashes and the
    number of examples (a ``--limit`` run covers other examples than a full one)."""

    benchmark: str
    version: str
    split: str
    data: str  # short hash of the data files' sha256 values ("none" when unrecorded)
    metric: str
    n: int

    @property
    def title(self) -> str:
        return f"{self.benchmark} ({self.metric}, v{self.version}, {self.split}, n={self.n})"

    @property
    def anchor(self) -> str:
        return slug(f"{self.benchmark}-v{self.version}-{self.split}-{self.data}-n{self.n}")


def column_of(name: str, result: dict[str, Any]) -> Column:
    data = data_snapshot(result)
    primary = (result.get("primary_metric") or {}).get("name", "?")
    return Column(name, str(result.get("version", "?")), str(result.get("split", "?")), data, str(primary),
                  int(result.get("n", 0)))


def board_columns(runs: Sequence[RunEntry], benchmarks: Sequence[str]) -> list[Column]:
    columns: list[Column] = []
    for name in benchmarks:
        found = []
        for run in runs:
            if name in run.results["benchmarks"]:
                col = column_of(name, run.results["benchmarks"][name])
                if col not in found:
                    found.append(col)
        columns.extend(sorted(found, key=lambda c: (c.version, c.split, c.data, c.metric, -c.n)))
    return columns


def headings(columns: Sequence[Column]) -> dict[Column, str]:
    """Column headings: the data hash is shown only where it tells two columns apart."""
    heads = {}
    for col in columns:
        twins = [c for c in columns if (c.benchmark, c.version, c.split) == (col.benchmark, col.version, col.split)]
        heads[col] = col.title[:-1] + f", data {col.data})" if len(twins) > 1 else col.title
    return heads


def result_in(run: RunEntry, col: Column) -> dict[str, Any] | None:
    result = run.results["benchmarks"].get(col.benchmark)
    return result if result is not None and column_of(col.benchmark, result) == col else None


def pct(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{100 * value:.{digits}f}"


def score_text(result: dict[str, Any] | None) -> str:
    if result is None:
        return ""
    primary = result.get("primary_metric") or {}
    value, stderr = primary.get("value"), primary.get("stderr")
    text = pct(value)
    return f"{text} ± {pct(stderr)}" if value is not None and stderr is not None else text


def table(header: Sequence[Any], rows: Sequence[Sequence[Any]]) -> list[str]:
    """A markdown table; every cell escaped as ``markdown.text`` unless it is ``Markdown`` already."""
    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return lines


def suite_tables(runs: Sequence[RunEntry], suites: dict[str, list[str]] | None) -> list[tuple[str, list[str]]]:
    """``(suite, benchmarks)`` for each table: the suites given, or every registered suite that covers a run's
    benchmark (``all`` last, and only for benchmarks no other suite covers)."""
    present = sorted({name for run in runs for name in run.results["benchmarks"]})
    if suites is None:
        from tabbench.host.plugins import host

        registry = host().registry("suite")
        suites = {name: list(registry.get(name).benchmarks) for name in registry.names() if name != "all"}
        auto = True
    else:
        auto = False
    tables, covered = [], set()
    for name, members in suites.items():
        members = members or present
        chosen = [b for b in members if b in present]
        if chosen:
            tables.append((name, chosen))
            covered.update(chosen)
    rest = [b for b in present if b not in covered]
    if auto and rest:
        tables.append(("other benchmarks", rest))
    return tables


def resolve_suites(names: Sequence[str]) -> dict[str, list[str]] | None:
    """Named suites (``--suite``) to their benchmarks; ``None`` for the default (every suite)."""
    if not names:
        return None
    from tabbench.host.plugins import host

    registry = host().registry("suite")
    return {name: list(registry.get(name).benchmarks) for name in names}
