"""Run folder against run folder, sample by sample (``tabbench compare`` and the viewer): each sample's verdict
from its record and the flips (``tabbench.reporting.paired.flips``, the pairing the leaderboard's paired tests use
too), for benchmarks the two runs ran on the same version, split and data (``runfolder.incomparable``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.contract.errors import UsageError
from tabbench.evaluation.runfolder import RunFolder, incomparable
from tabbench.reporting.paired import Flips, flips, item_verdicts


def compare_runs(a: RunFolder, b: RunFolder, benchmarks: Sequence[str] = ()) -> list[Flips]:
    """Flips of every benchmark both runs hold (or those named); a benchmark they ran on different versions,
    splits or data is a ``UsageError`` naming it, since pairing its samples would compare different items."""
    shared = [name for name in a.benchmarks if name in b.benchmarks]
    chosen = list(benchmarks) or shared
    missing = [name for name in chosen if name not in shared]
    if missing:
        raise UsageError(f"benchmark {missing[0]!r} is not in both runs ({a.path}: {', '.join(a.benchmarks)}; "
                         f"{b.path}: {', '.join(b.benchmarks)})")
    if not chosen:
        raise UsageError(f"{a.path} and {b.path} share no benchmark")
    for name in chosen:
        reason = incomparable(a, b, name)
        if reason:
            raise UsageError(f"cannot compare: {reason}")
    return [flips(name, a.name, b.name, item_verdicts(a, name), item_verdicts(b, name)) for name in chosen]
