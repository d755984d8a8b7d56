"""BIRD's Reward-based Valid Efficiency Score (R-VES), the formula of mini_dev's ``evaluation_ves.py``
(reimplemented from its description in official-metrics.md, not copied).

For a correct prediction, the prediction and the gold query are timed ``repetitions`` times, alternately
(prediction first); each repetition gives ``gold_time / pred_time``; ratios outside ``mean ± 3σ`` (population
σ, strict bounds) are dropped and the rest averaged; the mean ratio falls into a reward bucket:
``>= 2``: 1.25, ``[1, 2)``: 1, ``[0.5, 1)``: 0.75, ``[0.25, 0.5)``: 0.5, else 0.25 (0 for a wrong answer).
A question scores ``sqrt(reward)``, and R-VES is the mean of that (x100 upstream).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

BUCKETS = ((2.0, 1.25), (1.0, 1.0), (0.5, 0.75), (0.25, 0.5))


def drop_outliers(ratios: Sequence[float]) -> list[float]:
    """The ratios strictly inside ``mean ± 3σ`` (population σ). Identical ratios (σ = 0) leave nothing.

    Mean and σ are NumPy's (``np.mean``, ``np.std``), as upstream computes them: their pairwise summation
    decides, to the last bit, whether ratios equal up to rounding are kept.
    """
    if not ratios:
        return []
    import numpy as np

    values = np.asarray(ratios, dtype=float)
    mean, sigma = np.mean(values), np.std(values)
    return [float(r) for r in values if mean - 3 * sigma < r < mean + 3 * sigma]


def time_ratio(pred_times: Sequence[float], gold_times: Sequence[float], *, official: bool = False) -> float:
    """Mean of ``gold / pred`` over the repetitions left after ``drop_outliers``.

    When nothing is left (every ratio identical, e.g. a single repetition), upstream divides by zero, catches
    the error and scores the question 0; ``official=True`` returns 0 (reward 0) as that does, the default the
    mean of all ratios.
    """
    ratios = [g / p if p > 0 else math.inf for p, g in zip(pred_times, gold_times, strict=True)]
    kept = drop_outliers(ratios)
    if not kept:
        return 0.0 if official or not ratios else sum(ratios) / len(ratios)
    return sum(kept) / len(kept)  # a left-to-right sum, as upstream's


def reward_for(ratio: float) -> float:
    """The reward bucket of a mean time ratio (0 means the answer was wrong)."""
    if ratio == 0:
        return 0.0
    for bound, reward in BUCKETS:
        if ratio >= bound:
            return reward
    return 0.25


def question_score(pred_times: Sequence[float], gold_times: Sequence[float], *, official: bool = False) -> float:
    """``sqrt(reward)`` of a correct prediction timed as given: the per-question R-VES (0 to ``sqrt(1.25)``)."""
    return math.sqrt(reward_for(time_ratio(pred_times, gold_times, official=official)))
