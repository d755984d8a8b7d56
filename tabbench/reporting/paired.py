"""Paired comparisons of two runs on the same items: which items one got right and the other wrong, and the
exact two-sided McNemar p-value.

Why: two accuracies on the same 500 questions differ by noise far less than two independent samples would,
and only the discordant items carry that information; a training stage "beats" another when its wins over
the other's are unlikely under a fair coin. "Right" is the primary reward's own verdict (``passed``): status
``match`` or ``empty_both``; a sample the reward found not applicable (value ``None``: the gold failed) is
left out and counted as unpaired. Items are matched by id. ``tabbench leaderboard build --pair``,
``tabbench compare``, the viewer and ``benchmarks/train_demo.py`` all judge a sample with ``passed`` and pair
with ``flips``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tabbench.contract.types import Status
from tabbench.evaluation.runfolder import RunFolder, read_records

PASSING = frozenset({Status.MATCH.value, Status.EMPTY_BOTH.value})  # the statuses that judge a sample right


def sign_test(up: int, down: int) -> float:
    """Exact two-sided McNemar (binomial sign test) p-value for ``up`` wins against ``down`` losses."""
    n = up + down
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(0, min(up, down) + 1)) / 2**n
    return min(1.0, 2 * tail)


def passed(status: str | None, value: float | None) -> bool | None:
    """The reward's verdict on one score (a record's primary ``status``/``score``, or one metric's
    ``status``/``value``): right when it judged a match, ``None`` when it found the sample not applicable."""
    return None if value is None else status in PASSING


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
    unpaired: int = 0  # ids with no pair in the other run, or not applicable in either (each id once)
    unpaired_a: int = 0  # a's samples left out: the id is not in b, or either run found it not applicable
    unpaired_b: int = 0  # b's samples left out, alike

    @property
    def paired(self) -> int:
        return len(self.up) + len(self.down) + self.both_pass + self.both_fail

    @property
    def p(self) -> float:
        return sign_test(len(self.up), len(self.down))

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "n_up": len(self.up), "n_down": len(self.down), "paired": self.paired, "p": self.p}


def flips(benchmark: str, a: str, b: str, verdicts_a: Mapping[str, bool | None],
          verdicts_b: Mapping[str, bool | None]) -> Flips:
    """Pair ``id -> passed`` (``None``: not applicable) of run ``a`` and run ``b`` (ids in ``a``'s order)."""
    out = Flips(benchmark, a, b)
    for sample_id, before in verdicts_a.items():
        after = verdicts_b.get(sample_id)
        if before is None or after is None:
            out.unpaired += 1
            out.unpaired_a += 1
            out.unpaired_b += sample_id in verdicts_b
        elif before and after:
            out.both_pass += 1
        elif before:
            out.down.append(sample_id)
        elif after:
            out.up.append(sample_id)
        else:
            out.both_fail += 1
    only_b = sum(1 for sample_id in verdicts_b if sample_id not in verdicts_a)
    out.unpaired += only_b
    out.unpaired_b += only_b
    return out


def verdicts(records: Iterable[Mapping[str, Any]]) -> dict[str, bool | None]:
    """``{item id: passed}`` of the primary metric of ``records`` (sample records as the run-folder reader reads
    them)."""
    return {r["id"]: passed(r.get("status"), r.get("score")) for r in records}


def item_verdicts(run: RunFolder | Path, benchmark: str) -> dict[str, bool | None]:
    """``{item id: passed}`` of the primary metric from the run's ``samples/<benchmark>.jsonl``, which must be
    there (a paired test on no items would read as one on all)."""
    return verdicts(read_records(run, benchmark, required=True))


def pooled(pairs: Sequence[tuple[int, int, float]]) -> tuple[int, int, float]:
    """Several paired comparisons (e.g. one per seed) as one: wins and losses summed, p of the sums."""
    up, down = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    return up, down, sign_test(up, down)
