"""Paired comparisons of two runs on the same items: which items one got right and the other wrong, and the
exact two-sided McNemar p-value.

Why: two accuracies on the same 500 questions differ by noise far less than two independent samples would,
and only the discordant items carry that information; a training stage "beats" another when its wins over
the other's are unlikely under a fair coin. "Correct" is a primary score of 1 (for a graded metric such as
ROUGE-L, an exact 1). Items are matched by id; a comparison of runs with different item sets uses the items both
scored. Used by ``tabbench leaderboard build --pair`` and ``tabbench.reporting.flips``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from tabbench.contract.benchmark import read_jsonl
from tabbench.contract.errors import DataError


def sign_test(up: int, down: int) -> float:
    """Exact two-sided McNemar (binomial sign test) p-value for ``up`` wins against ``down`` losses."""
    n = up + down
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(0, min(up, down) + 1)) / 2**n
    return min(1.0, 2 * tail)


def mcnemar(old: Mapping[str, float], new: Mapping[str, float]) -> tuple[int, int, float]:
    """(items that became correct, items that became incorrect, p) of ``new`` against ``old`` on their shared ids."""
    shared = [k for k in old if k in new]
    up = sum(1 for k in shared if old[k] < 1 <= new[k])
    down = sum(1 for k in shared if new[k] < 1 <= old[k])
    return up, down, sign_test(up, down)


def item_scores(run_dir: Path, benchmark: str) -> dict[str, float]:
    """``{item id: primary score}`` from ``RUN_DIR/samples/<benchmark>.jsonl`` (a missing score counts as 0)."""
    path = Path(run_dir) / "samples" / f"{benchmark}.jsonl"
    scores: dict[str, float] = {}
    for number, row in read_jsonl(path, "the per-item records a paired comparison needs"):
        try:
            scores[str(row["id"])] = float(row.get("score") or 0.0)
        except (ValueError, KeyError, TypeError) as exc:
            raise DataError(f"{path}:{number}: not a sample record ({exc})") from None
    return scores


def pooled(pairs: Sequence[tuple[int, int, float]]) -> tuple[int, int, float]:
    """Several paired comparisons (e.g. one per seed) as one: wins and losses summed, p of the sums."""
    up, down = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    return up, down, sign_test(up, down)
