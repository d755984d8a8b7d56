"""pass@k and maj@k from the completions sampled per example (``tabbench eval --samples N``).

pass@k is the unbiased estimator of Chen et al. (2021): with ``n`` samples of which ``c`` are correct,
``1 - C(n-c, k) / C(n, k)``, the chance that at least one of ``k`` samples drawn without replacement is
correct, averaged over examples. For graded scores (ROUGE-L, R-VES, proportional credit) the same estimator
generalises to the expected best score of ``k`` samples: with the values sorted ascending,
``Σ_i v_(i) · C(i-1, k-1) / C(n, k)``, which equals the formula above when values are 0 or 1.
maj@k is the score of the completion the vote picks (the run's primary metric); it is reported beside.

A sample whose value is ``None`` (not applicable: the gold failed, or no response where the metric excludes
it) counts as 0 among the example's samples; an example whose samples are all ``None`` is left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabbench.contract.types import SampleRecord


def expected_best_of(values: Sequence[float], k: int) -> float:
    """Unbiased estimate of the best of ``k`` of ``values`` drawn without replacement (pass@k for 0/1 values)."""
    n = len(values)
    if not 1 <= k <= n:
        raise ValueError(f"k must be between 1 and the number of samples ({n}), not {k}")
    ordered = sorted(values)
    total = math.comb(n, k)
    return math.fsum(v * math.comb(i, k - 1) for i, v in enumerate(ordered) if i >= k - 1) / total


def ks_for(n: int) -> list[int]:
    """The k reported for ``n`` samples: 1, the powers of two below ``n``, and ``n``."""
    ks = {1, n}
    k = 2
    while k < n:
        ks.add(k)
        k *= 2
    return sorted(ks)


def sampling_summary(records: Sequence[SampleRecord], metric: str, vote: str | None) -> dict[str, Any] | None:
    """The ``sampling`` block of a benchmark's results: pass@k for each reported k and the voted score's name,
    over the records that carry per-completion scores; ``None`` when none does."""
    per_example = [r.sample_scores for r in records if r.sample_scores]
    per_example = [s for s in per_example if any(v is not None for v in s)]
    if not per_example:
        return None
    n = min(len(s) for s in per_example)
    values = [[0.0 if v is None else float(v) for v in s] for s in per_example]
    return {
        "metric": metric,
        "samples": n,
        "examples": len(values),
        "vote": vote,
        "pass_at_k": {str(k): math.fsum(expected_best_of(v, k) for v in values) / len(values) for k in ks_for(n)},
    }
