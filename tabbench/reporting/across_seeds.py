"""One comparison repeated over training seeds (e.g. GRPO against its control, once per SFT seed), tested at the
level the design varies: the seed, and the question; each test named for what it tests.

Why: the pooled McNemar test (``paired.pooled``) counts every (question, seed) pair as an independent trial, but a
training seed moves a score more than most training effects do, and one question is asked once per seed. So beside
it a board shows:

- per seed, each arm's score and their difference (points); the mean and sample standard deviation over seeds;
- the **seed-level test**: a paired t-test on the per-seed differences (k seeds, k - 1 degrees of freedom). It
  needs a mean above ``design.seed_level_threshold(k)`` standard deviations (8.98 for two seeds, 2.48 for three):
  the verdict says so when the design could not reach significance;
- the **question sign-flip test**: per question, the difference summed over the seeds (a cluster), tested by the
  exact sign-flip test (``signflip``): the pooled comparison with the seeds of one question kept together, exact
  however few questions flipped;
- the difference with **95% confidence intervals** clustered by question and by database (``intervals``);
- **between seeds**, two questions kept apart: whether the seeds' **win shares differ** (Pearson's chi-square on
  the k x 2 table of each seed's + and - counts, k - 1 degrees of freedom: seeds that all favour one arm, some
  more strongly, differ here), and whether the seeds' **directions differ** (Gail and Simon's 1985 test of a
  qualitative interaction: small only when some seeds favour one arm and others the other, beyond their noise);
- a one-sentence **verdict**: significant (alpha 0.05) only when the seed-level and the question sign-flip tests
  both are, with the direction of the mean difference, and why not when not.

Items are judged with ``paired.passed`` and paired with ``paired.flips``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabbench.reporting.design import seed_level_threshold
from tabbench.reporting.distributions import chi2_survival, t_two_sided
from tabbench.reporting.intervals import DATABASE, QUESTION, Interval, clustered_interval, paired_items
from tabbench.reporting.paired import Flips, flips, sign_test
from tabbench.reporting.signflip import sign_flip_p

ALPHA = 0.05


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
    (k - 1 degrees of freedom): whether the win shares differ, not whether the seeds favour different arms;
    ``None`` for one seed or when an expected count is 0."""
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


def direction_test(estimates: Sequence[tuple[float, float]]) -> float | None:
    """Gail and Simon's (1985) test that the effects point in different directions (a qualitative interaction),
    from per-seed ``(difference, standard error)``: ``Q = min(sum of z^2 over positive differences, sum over
    negative ones)``, ``p = sum_{h=1}^{k-1} C(k-1, h) / 2^(k-1) * P(chi2_h >= Q)``; 1.0 when every difference has
    one sign. ``None`` for fewer than two seeds with a standard error."""
    usable = [(d, se) for d, se in estimates if se > 0]
    k = len(usable)
    if k < 2:
        return None
    positive = sum((d / se) ** 2 for d, se in usable if d > 0)
    negative = sum((d / se) ** 2 for d, se in usable if d < 0)
    q = min(positive, negative)
    if q == 0.0:
        return 1.0
    return sum(math.comb(k - 1, h) / 2 ** (k - 1) * chi2_survival(q, h) for h in range(1, k))


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
    def se(self) -> float:
        """Standard error of ``difference`` (points): the paired (McNemar) variance of the items' differences."""
        n, d = self.paired, (self.up - self.down) / self.paired
        return 100.0 * math.sqrt(max(0.0, (self.up + self.down) / n - d * d) / n)

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
    by_question: Interval | None = None  # the difference clustered by question (over the seeds)
    by_database: Interval | None = None  # ... by database, where every record names one

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
    def question_p(self) -> float | None:
        """The exact sign-flip test of the per-question sums (``None`` when no question was asked in every seed)."""
        return sign_flip_p(self.cluster_sums) if self.cluster_sums else None

    @property
    def pooled_p(self) -> float:
        return sign_test(sum(s.up for s in self.seeds), sum(s.down for s in self.seeds))

    @property
    def win_share_p(self) -> float | None:
        return heterogeneity([(s.up, s.down) for s in self.seeds])

    @property
    def direction_p(self) -> float | None:
        return direction_test([(s.difference, s.se) for s in self.seeds])

    @property
    def significant(self) -> bool:
        """Seed-level and question sign-flip tests both below alpha (one seed: the McNemar test)."""
        if len(self.seeds) == 1:
            return self.pooled_p < ALPHA
        return (self.seed_p is not None and self.seed_p < ALPHA
                and self.question_p is not None and self.question_p < ALPHA)

    def interval(self) -> Interval | None:
        """The interval a verdict quotes: by database where known, else by question."""
        return self.by_database or self.by_question

    def verdict(self, new: str, old: str) -> str:
        """One sentence computed from the numbers: significant or not, in which direction, and why not when the
        design could not have shown it."""
        mean, sd = self.difference
        k = len(self.seeds)
        interval = self.interval()
        ci = f", 95% CI {interval.text()} clustered by {interval.by}" if interval else ""
        if k == 1:
            s = self.seeds[0]
            counts = f"{mean:+.1f} points{ci}, +{s.up}/−{s.down}, McNemar p={fmt_p(s.p)}"
            if self.significant:
                return (f"{new} {'beats' if mean > 0 else 'trails'} {old} on one seed ({counts}); one seed cannot "
                        "say how much the training seed alone moves the score.")
            return f"No significant difference between {new} and {old} on one seed ({counts})."
        tests = (f"{mean:+.1f} points on average over {k} seeds, sd {sd:.1f}{ci}; seed-level t p={fmt_p(self.seed_p)}, "
                 f"question sign-flip p={fmt_p(self.question_p)}")
        tail = "".join(f"; {note}" for note in self._notes(new))
        if self.significant:
            return f"{new} {'beats' if mean > 0 else 'trails'} {old} ({tests}){tail}."
        signs = {(s.difference > 0) - (s.difference < 0) for s in self.seeds}
        threshold = seed_level_threshold(k)
        ratio = abs(mean) / sd if sd else math.inf
        design = (f"{k} seeds need a mean difference above {threshold:.2f} standard deviations of the per-seed "
                  f"differences for the seed-level test (here {ratio:.2f})" if threshold is not None else "")
        if len(signs) == 1 and 0 not in signs and all(s.p < ALPHA for s in self.seeds) and ratio < (threshold or 0):
            every = ", ".join(fmt_p(s.p) for s in self.seeds)
            return (f"Not significant at the seed level, though {new} {'beats' if mean > 0 else 'trails'} {old} in "
                    f"each of the {k} seeds (McNemar p={every}): {design} ({tests}){tail}.")
        return f"No significant difference between {new} and {old} ({tests}); {design}{tail}."

    def _notes(self, new: str) -> list[str]:
        notes = []
        if self.pooled_p < ALPHA and not self.significant:
            notes.append(f"the pooled McNemar p={fmt_p(self.pooled_p)} counts (question, seed) pairs as independent")
        signs = {(s.difference > 0) - (s.difference < 0) for s in self.seeds} - {0}
        direction, share = self.direction_p, self.win_share_p
        if len(signs) == 2 and direction is not None:
            strength = "significantly" if direction < ALPHA else "not beyond their noise"
            notes.append(f"the seeds point different ways ({strength}: Gail–Simon p={fmt_p(direction)})")
        elif len(signs) == 1 and share is not None and share < ALPHA:
            side = "for" if signs == {1} else "against"
            notes.append(f"the seeds' win shares differ (Pearson χ² p={fmt_p(share)}), every seed {side} {new}")
        return notes


def fmt_p(p: float | None) -> str:
    """A p-value in two significant figures; below what a double holds, ``<1e-300`` rather than 0."""
    if p is None:
        return "n/a"
    return "<1e-300" if p < 1e-300 else f"{p:.2g}"


def across_seeds(benchmark: str, seeds: Sequence[tuple[Mapping[str, bool | None], Mapping[str, bool | None]]],
                 database_of: Mapping[str, str] | None = None) -> AcrossSeeds:
    """``seeds``: per seed, ``(old, new)`` verdicts ``{item id: passed}`` (``paired.item_verdicts``);
    ``database_of``: ``{item id: db_id}`` (``intervals.databases``), for the interval clustered by database."""
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
    everywhere = {i for i, n in counts.items() if n == len(seeds)}
    kept = [({i: v for i, v in old.items() if i in everywhere}, new) for old, new in seeds]
    question_items, _ = paired_items(kept, {}, by=QUESTION)
    database_items, by = paired_items(kept, database_of or {})
    return AcrossSeeds(tuple(SeedPair.of(p) for p in pairs), tuple(sums.get(i, 0) for i in sorted(everywhere)),
                       clustered_interval(question_items, QUESTION),
                       clustered_interval(database_items, DATABASE) if by == DATABASE else None)
