"""What a comparison's design can detect, before it is run: the smallest effect its tests can call significant.

Why: a verdict of "no significant difference" means little when the design could not have found one. Two
numbers say it:

- **Over seeds** (the seed-level paired t-test on k per-seed differences): p < 0.05 needs the mean difference to
  exceed ``t(0.975, k - 1) / sqrt(k)`` times the differences' standard deviation: 8.98 for two seeds, 2.48 for
  three, 1.59 for four, 1.24 for five (``seed_level_threshold``). A sign-flip test over seeds cannot go below
  2 / 2^k (0.5 for two seeds).
- **Over questions** (a paired comparison of two checkpoints on n questions, a share ``discordance`` of which the
  two answer differently): the standard error of the difference is about ``sqrt(discordance / n)``, and the
  difference a two-sided test at 0.05 finds with 80% power is ``(z(0.975) + z(0.8))`` times that
  (``detectable_difference``): 60 validation questions at 10% discordance resolve 11 points, 150 resolve 7.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from tabbench.reporting.distributions import t_quantile

ALPHA = 0.05
POWER = 0.8


def seed_level_threshold(k: int, alpha: float = ALPHA) -> float | None:
    """The ratio |mean| / sd of k per-seed differences the seed-level t-test needs for p < ``alpha``; ``None``
    for one seed (no test)."""
    if k < 2:
        return None
    return t_quantile(1 - alpha / 2, k - 1) / math.sqrt(k)


def paired_se(n: int, discordance: float) -> float:
    """Standard error (points) of a paired difference in accuracy on ``n`` items when a share ``discordance`` of
    them is answered differently and the difference is small (the McNemar variance)."""
    return 100.0 * math.sqrt(discordance / n)


def detectable_difference(n: int, discordance: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """The difference (points) a two-sided paired test at ``alpha`` detects with probability ``power`` on ``n``
    items at this ``discordance`` (normal approximation)."""
    z = NormalDist()
    return (z.inv_cdf(1 - alpha / 2) + z.inv_cdf(power)) * paired_se(n, discordance)
