"""What a trainer trains on: the selection's benchmarks built on their data, and their selected examples."""

from __future__ import annotations

from collections.abc import Sequence

import tabbench
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError, UsageError
from tabbench.contract.types import Example
from tabbench.evaluation.options import options_for
from tabbench.evaluation.selection import Selection
from tabbench.evaluation.where import Where, passing, select_where
from tabbench.training.output import echo


def load_benchmarks(selection: Selection) -> list[Benchmark]:
    """Build each benchmark named (``--benchmark``) and each member of the suites named (``--suite``) on its
    configured, given or bundled data. A named benchmark must have the selection's split; a suite contributes the
    members that have it (evaluation-only members are skipped with a note), and so do the ``--where`` filters (a
    benchmark without a matching example is left out with a note)."""
    names, suites, split = selection.benchmarks, selection.suites, selection.split or "train"
    if not names and not suites:
        raise UsageError("name what to train on: --benchmark NAME or --suite NAME")
    benchmarks: dict[str, Benchmark] = {}
    chosen = [(name, [name], True) for name in names] + [
        (suite, tabbench.resolve_benchmarks(suite), False) for suite in suites]
    for name, members, explicit in chosen:
        for member in members:
            path = selection.data.get(member)
            benchmark = tabbench.get_benchmark(member, None if path is None else str(path),
                                               **options_for(member, dict(selection.benchmark_options)))
            if split not in benchmark.splits and not explicit:
                echo(f"note: suite {name!r}: benchmark {benchmark.name!r} has no {split!r} split; not trained on")
                continue
            benchmark.check_split(split)
            benchmarks.setdefault(benchmark.name, benchmark)
    if not benchmarks:
        asked = ", ".join([*(f"--benchmark {n}" for n in names), *(f"--suite {s}" for s in suites)])
        raise ConfigError(f"{asked}: no benchmark with a {split!r} split")
    unknown = sorted(set(selection.data) - set(benchmarks))
    if unknown:
        raise UsageError(f"--data names {unknown[0]!r}, which is not among the benchmarks trained on")
    if selection.where:
        kept = select_where(selection.where, {n: list(b.examples(split)) for n, b in benchmarks.items()})
        for name in [n for n in benchmarks if not kept[n]]:
            echo(f"note: benchmark {name!r}: no example matches --where; not trained on")
            del benchmarks[name]
    return list(benchmarks.values())


def training_examples(benchmark: Benchmark, split: str, limit: int | None, where: Sequence[Where] = ()
                      ) -> list[Example]:
    """The examples of ``split`` that pass the ``--where`` filters, cut to ``limit``; a benchmark without that
    split is a one-line error."""
    examples = passing(where, benchmark.examples(benchmark.check_split(split)))
    if limit is not None:
        examples = examples[:limit]
    if not examples:
        raise ConfigError(f"benchmark {benchmark.name!r} split {split!r} has no examples to train on")
    return examples


def selected_examples(benchmarks: Sequence[Benchmark], selection: Selection) -> list[tuple[Benchmark, Example]]:
    """Every benchmark's selected examples (``--where``, then ``--limit``), each with its benchmark, in order."""
    split = selection.split or "train"
    return [(benchmark, example) for benchmark in benchmarks
            for example in training_examples(benchmark, split, selection.limit, selection.where)]
