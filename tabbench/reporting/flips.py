"""Run folder against run folder, sample by sample (``tabbench compare`` and the viewer): whether two runs can
be paired, each sample's verdict from its record, and the flips (``tabbench.reporting.paired.flips``, the
pairing the leaderboard's paired tests use too).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabbench.contract.errors import UsageError
from tabbench.reporting.paired import Flips, flips, passed
from tabbench.reporting.runfolder import RunFolder, comparability, read_records


def incomparable(a: RunFolder, b: RunFolder, benchmark: str) -> str | None:
    """Why the samples of ``benchmark`` in runs ``a`` and ``b`` cannot be paired, or ``None`` when they can."""
    left, right = comparability(a, benchmark), comparability(b, benchmark)
    wrong = [f"{key} {left[key]} vs {right[key]}" for key in ("version", "split", "data") if left[key] != right[key]]
    if not wrong:
        return None
    what = {"version": "benchmark versions", "split": "splits", "data": "data fingerprints"}
    names = ", ".join(what[w.split()[0]] for w in wrong)
    return f"{benchmark}: {a.path} and {b.path} ran on different {names} ({'; '.join(wrong)})"


def verdicts(run: RunFolder, benchmark: str) -> dict[str, bool | None]:
    """``id -> passed`` (the primary reward's verdict) from the run's records of ``benchmark``."""
    return {r["id"]: passed(r.get("status"), r.get("score")) for r in read_records(run, benchmark)}


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
    return [flips(name, a.label, b.label, verdicts(a, name), verdicts(b, name)) for name in chosen]
