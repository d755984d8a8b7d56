"""One comparison repeated over training seeds (e.g. GRPO against its control, once per SFT seed), tested at the
level the design varies: the seed, and the question.

Why: the pooled McNemar test (``paired.pooled``) counts every (question, seed) pair as an independent trial, but a
training seed moves a score more than most training effects do, and one question is asked once per seed. So beside
it a board shows:

- per seed, each arm's score and their difference (points); the mean and sample standard deviation over seeds;
- the **seed-level test**: a paired t-test on the per-seed differences (k seeds, k - 1 degrees of freedom);
- the **question-clustered test**: per question, the difference summed over the seeds (a cluster), then a t-test
  on those sums across questions (n - 1 degrees of freedom): the pooled comparison with the seeds of one question
  kept together, so their correlation widens the error instead of being counted as more evidence;
- the **heterogeneity** between seeds: Pearson's chi-square on the k x 2 table of each seed's discordant split
  (+ against -), k - 1 degrees of freedom: small when the seeds disagree about which arm is better;
- a one-sentence **verdict**: significant (alpha 0.05) only when the seed-level and the question-clustered tests
  both are, with the direction of the mean difference.

The distributions (Student's t, chi-square) are computed here (regularised incomplete beta and gamma functions) so
the host needs no scipy. Items are judged with ``paired.passed`` and paired with ``paired.flips``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabbench.reporting.paired import Flips, flips, sign_test

ALPHA = 0.05
_EPS = 1e-15


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < _EPS:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """Two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom."""
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def chi2_survival(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (the upper regularised gamma)."""
    if x <= 0.0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1.0:  # the series of the lower function
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * _EPS:
            n += 1.0
            term *= z / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # the continued fraction of the upper function (modified Lentz)
    b = z + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1.0) < _EPS:
            break
    return math.exp(log_front) * h


def mean_sd(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean and the sample standard deviation (``None`` for fewer than two values)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def one_sample_t(values: Sequence[float]) -> float | None:
    """Two-sided p of the t-test that ``values`` have mean 0; ``None`` when it is undefined (fewer than two
    values, or no spread)."""
    mean, sd = mean_sd(values)
    if sd is None or sd == 0.0:
        return None
    return t_two_sided(mean / (sd / math.sqrt(len(values))), len(values) - 1)


def heterogeneity(splits: Sequence[tuple[int, int]]) -> float | None:
    """Pearson's chi-square p that every seed splits its discordant items (+, -) in the same proportion
    (k - 1 degrees of freedom); ``None`` for one seed or when an expected count is 0."""
    rows = [(up, down) for up, down in splits]
    total_up, total_down = sum(r[0] for r in rows), sum(r[1] for r in rows)
    total = total_up + total_down
    if len(rows) < 2 or total_up == 0 or total_down == 0 or any(sum(r) == 0 for r in rows):
        return None
    stat = 0.0
    for up, down in rows:
        n = up + down
        for observed, column in ((up, total_up), (down, total_down)):
            expected = n * column / total
            stat += (observed - expected) ** 2 / expected
    return chi2_survival(stat, len(rows) - 1)


@dataclass(frozen=True)
class SeedPair:
    """One seed's paired outcome: a the old run, b the new one."""

    up: int  # wrong in a, right in b
    down: int  # right in a, wrong in b
    both_pass: int
    both_fail: int

    @property
    def paired(self) -> int:
        return self.up + self.down + self.both_pass + self.both_fail

    @property
    def new_score(self) -> float:
        return 100.0 * (self.up + self.both_pass) / self.paired

    @property
    def old_score(self) -> float:
        return 100.0 * (self.down + self.both_pass) / self.paired

    @property
    def difference(self) -> float:
        """Points the new run is ahead on the paired items."""
        return 100.0 * (self.up - self.down) / self.paired

    @property
    def p(self) -> float:
        return sign_test(self.up, self.down)

    @classmethod
    def of(cls, pair: Flips) -> SeedPair:
        return cls(len(pair.up), len(pair.down), pair.both_pass, pair.both_fail)


@dataclass(frozen=True)
class AcrossSeeds:
    """A comparison over seeds with its tests; see the module docstring."""

    seeds: tuple[SeedPair, ...]
    cluster_sums: tuple[int, ...]  # per question asked in every seed: wins minus losses summed over the seeds

    @property
    def new(self) -> tuple[float, float | None]:
        return mean_sd([s.new_score for s in self.seeds])

    @property
    def old(self) -> tuple[float, float | None]:
        return mean_sd([s.old_score for s in self.seeds])

    @property
    def difference(self) -> tuple[float, float | None]:
        return mean_sd([s.difference for s in self.seeds])

    @property
    def seed_p(self) -> float | None:
        return one_sample_t([s.difference for s in self.seeds])

    @property
    def clustered_p(self) -> float | None:
        return one_sample_t(self.cluster_sums) if self.cluster_sums else None

    @property
    def pooled_p(self) -> float:
        return sign_test(sum(s.up for s in self.seeds), sum(s.down for s in self.seeds))

    @property
    def heterogeneity_p(self) -> float | None:
        return heterogeneity([(s.up, s.down) for s in self.seeds])

    @property
    def significant(self) -> bool:
        """Seed-level and question-clustered tests both below alpha (one seed: the McNemar test)."""
        if len(self.seeds) == 1:
            return self.pooled_p < ALPHA
        return (self.seed_p is not None and self.seed_p < ALPHA
                and self.clustered_p is not None and self.clustered_p < ALPHA)

    def verdict(self, new: str, old: str) -> str:
        """One sentence computed from the numbers: significant or not, and in which direction."""
        mean, sd = self.difference
        k = len(self.seeds)
        if k == 1:
            s = self.seeds[0]
            counts = f"{mean:+.1f} points, +{s.up}/−{s.down}, McNemar p={fmt_p(s.p)}"
            if self.significant:
                return (f"{new} {'beats' if mean > 0 else 'trails'} {old} on one seed ({counts}); one seed cannot "
                        "say how much the training seed alone moves the score.")
            return f"No significant difference between {new} and {old} on one seed ({counts})."
        tests = (f"{mean:+.1f} points on average over {k} seeds, sd {sd:.1f}; paired t over seeds "
                 f"p={fmt_p(self.seed_p)}, question-clustered p={fmt_p(self.clustered_p)}")
        notes = ["two seeds give the seed-level test one degree of freedom"] if k == 2 and not self.significant else []
        if self.pooled_p < ALPHA and not self.significant:
            notes.append(f"the pooled McNemar p={fmt_p(self.pooled_p)} counts (question, seed) pairs as independent")
        het = self.heterogeneity_p
        if het is not None and het < ALPHA:
            notes.append(f"the seeds disagree (heterogeneity p={fmt_p(het)})")
        tail = "".join(f"; {note}" for note in notes)
        if self.significant:
            return f"{new} {'beats' if mean > 0 else 'trails'} {old} ({tests}){tail}."
        return f"No significant difference between {new} and {old} ({tests}){tail}."


def fmt_p(p: float | None) -> str:
    """A p-value in two significant figures; below what a double holds, ``<1e-300`` rather than 0."""
    if p is None:
        return "n/a"
    return "<1e-300" if p < 1e-300 else f"{p:.2g}"


def across_seeds(benchmark: str, seeds: Sequence[tuple[Mapping[str, bool | None], Mapping[str, bool | None]]]
                 ) -> AcrossSeeds:
    """``seeds``: per seed, ``(old, new)`` verdicts ``{item id: passed}`` (``paired.item_verdicts``)."""
    pairs = [flips(benchmark, "old", "new", old, new) for old, new in seeds]
    sums: dict[str, int] = {}
    counts: dict[str, int] = {}
    for pair in pairs:
        for sample_id in pair.up:
            sums[sample_id] = sums.get(sample_id, 0) + 1
        for sample_id in pair.down:
            sums[sample_id] = sums.get(sample_id, 0) - 1
    for old, new in seeds:
        for sample_id, before in old.items():
            if before is not None and new.get(sample_id) is not None:
                counts[sample_id] = counts.get(sample_id, 0) + 1
    everywhere = [i for i, n in counts.items() if n == len(seeds)]
    return AcrossSeeds(tuple(SeedPair.of(p) for p in pairs), tuple(sums.get(i, 0) for i in sorted(everywhere)))
