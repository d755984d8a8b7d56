"""Run against run, sample by sample: which samples flipped and whether that is more than chance.

A sample *passes* when its primary score reaches ``PASS`` (exact-match metrics: 1; continuous metrics such
as ROUGE-L: a perfect score). Samples are paired by id; a sample missing from either run, or not applicable
in either (score ``None``: the gold failed), is left out and counted as unpaired. The test is the exact
(binomial) McNemar test on the discordant pairs: under no difference, a flip is equally likely either way.
``tabbench compare``, the viewer and ``benchmarks/train_demo.py`` all use these functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabbench.contract.errors import UsageError
from tabbench.reporting.paired import sign_test
from tabbench.reporting.runfolder import PASS, RunFolder, comparability, read_records


def mcnemar_exact_p(up: int, down: int) -> float:
    """Two-sided exact McNemar p for ``up`` fail->pass and ``down`` pass->fail flips (1.0 when none flipped)."""
    return sign_test(up, down)


def passed(score: float | None) -> bool | None:
    """Whether a primary score passes; ``None`` for a sample that was not applicable."""
    return None if score is None else float(score) >= PASS


@dataclass
class Flips:
    """The paired outcome of one benchmark in two runs (``a`` the baseline, ``b`` the new run)."""

    benchmark: str
    a: str
    b: str
    up: list[str] = field(default_factory=list)  # fail in a, pass in b
    down: list[str] = field(default_factory=list)  # pass in a, fail in b
    both_pass: int = 0
    both_fail: int = 0
    unpaired: int = 0

    @property
    def paired(self) -> int:
        return len(self.up) + len(self.down) + self.both_pass + self.both_fail

    @property
    def p(self) -> float:
        return mcnemar_exact_p(len(self.up), len(self.down))

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "n_up": len(self.up), "n_down": len(self.down), "paired": self.paired, "p": self.p}


def flips(benchmark: str, a: str, b: str, scores_a: Mapping[str, float | None],
          scores_b: Mapping[str, float | None]) -> Flips:
    """Pair ``id -> primary score`` of run ``a`` and run ``b`` (ids in ``a``'s order)."""
    out = Flips(benchmark, a, b)
    for sample_id, score in scores_a.items():
        before, after = passed(score), passed(scores_b.get(sample_id))
        if before is None or after is None or sample_id not in scores_b:
            out.unpaired += 1
        elif before and after:
            out.both_pass += 1
        elif before:
            out.down.append(sample_id)
        elif after:
            out.up.append(sample_id)
        else:
            out.both_fail += 1
    out.unpaired += sum(1 for sample_id in scores_b if sample_id not in scores_a)
    return out


def incomparable(a: RunFolder, b: RunFolder, benchmark: str) -> str | None:
    """Why the samples of ``benchmark`` in runs ``a`` and ``b`` cannot be paired, or ``None`` when they can."""
    left, right = comparability(a, benchmark), comparability(b, benchmark)
    wrong = [f"{key} {left[key]} vs {right[key]}" for key in ("version", "split", "data") if left[key] != right[key]]
    if not wrong:
        return None
    what = {"version": "benchmark versions", "split": "splits", "data": "data fingerprints"}
    names = ", ".join(what[w.split()[0]] for w in wrong)
    return f"{benchmark}: {a.path} and {b.path} ran on different {names} ({'; '.join(wrong)})"


def scores(run: RunFolder, benchmark: str) -> dict[str, float | None]:
    """``id -> primary score`` from the run's records of ``benchmark``."""
    return {r["id"]: r.get("score") for r in read_records(run, benchmark)}


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
    return [flips(name, a.label, b.label, scores(a, name), scores(b, name)) for name in chosen]
