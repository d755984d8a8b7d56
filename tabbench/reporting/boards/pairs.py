"""A board's paired comparisons: each ``--pair`` item by item (McNemar), pooled over its pairs, and tested over
seeds (``tabbench.reporting.across_seeds``) with a computed verdict."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tabbench.reporting.boards.columns import Column, result_in, table
from tabbench.reporting.boards.runs import RunEntry


def paired_section(pairs: Sequence[tuple[list[int], list[int]]], runs: Sequence[RunEntry], columns: Sequence[Column],
                   heads: dict[Column, str]) -> list[str]:
    """The paired-comparison tables: per column, each (new, old) pair of runs on their shared items, pooled over
    the pairs of one ``--pair`` when it names several, then each ``--pair`` over its seeds with a verdict."""
    from tabbench.reporting.across_seeds import across_seeds, fmt_p
    from tabbench.reporting.paired import flips, item_verdicts, pooled

    rows, seed_rows, verdicts = [], [], []
    for new, old in pairs:
        for col in columns:
            members = [(runs[a - 1], runs[b - 1]) for a, b in zip(new, old, strict=True)]
            if not all(result_in(a, col) and result_in(b, col) for a, b in members):
                continue
            found = []
            seeds = [(item_verdicts(b.path, col.benchmark), item_verdicts(a.path, col.benchmark)) for a, b in members]
            for (a, b), i, j, (before, after) in zip(members, new, old, seeds, strict=True):
                pair = flips(col.benchmark, str(j), str(i), before, after)
                up, down, p = len(pair.up), len(pair.down), pair.p
                found.append((up, down, p))
                rows.append([f"{i}: {a.model}", f"{j}: {b.model}", heads[col], pair.paired, up, down, f"{p:.2g}"])
            if len(found) > 1:
                up, down, p = pooled(found)
                rows.append([f"pooled {', '.join(map(str, new))}", f"pooled {', '.join(map(str, old))}", heads[col],
                             "", up, down, f"{p:.2g}"])
            stats = across_seeds(col.benchmark, seeds)
            if any(s.paired == 0 for s in stats.seeds):  # a seed with no item both runs scored: nothing to test
                continue
            new_name, old_name = _arm(members[0][0].model), _arm(members[0][1].model)
            (new_mean, new_sd), (old_mean, old_sd), (diff, diff_sd) = stats.new, stats.old, stats.difference
            seed_rows.append([f"{', '.join(map(str, new))}: {new_name}", f"{', '.join(map(str, old))}: {old_name}",
                              heads[col], len(seeds), _mean_sd(new_mean, new_sd), _mean_sd(old_mean, old_sd),
                              " ".join(f"{s.difference:+.1f}" for s in stats.seeds), _mean_sd(diff, diff_sd, "+"),
                              fmt_p(stats.seed_p), fmt_p(stats.clustered_p), fmt_p(stats.pooled_p),
                              fmt_p(stats.heterogeneity_p)])
            verdicts.append(f"- {heads[col]}: {stats.verdict(new_name, old_name)}")
    out = ["## Paired comparisons", "",
           "Each row compares two runs item by item on the items both scored: how many the first got right and "
           "the second wrong (+), the reverse (−), and the exact two-sided McNemar p-value (a sign test on the "
           "+ and − items). Right means the primary reward judged a match; items it found not applicable are left "
           "out. Pooled rows sum several pairs (e.g. seeds).", ""]
    out += table(["run", "against", "column", "paired items", "+", "−", "McNemar p"], rows)
    out += ["", "### Across seeds", "",
            "Each `--pair` above as one comparison over its seeds (one pair per seed): each arm's share of the paired "
            "items judged right (%; the primary metric itself when it is 0/1) as mean ± standard deviation over the "
            "seeds, the difference per seed and its mean ± sd (points); the seed-level "
            "test (a paired t-test on the per-seed differences, seeds − 1 degrees of freedom), the question-clustered "
            "test (a t-test over questions of each question's difference summed over the seeds), the pooled McNemar "
            "test (which counts every (question, seed) pair as independent) and the heterogeneity between seeds "
            "(Pearson's chi-square on the seeds' + and − counts; small when the seeds disagree). The verdict is "
            "significant (p < 0.05) only when the seed-level and the question-clustered tests both are "
            "(`tabbench.reporting.across_seeds`); with one seed it is the McNemar test's.", ""]
    out += table(["new", "against", "column", "seeds", "new %", "against %", "Δ per seed", "Δ mean ± sd",
                  "seed-level p", "question-clustered p", "pooled McNemar p", "heterogeneity p"], seed_rows)
    out += ["", "Verdicts:", "", *verdicts, ""]
    return out


def _arm(label: str) -> str:
    """A run's label without its ``(seed k)`` suffix: the arm a comparison over seeds is about."""
    return re.sub(r"\s*\(seed \d+\)$", "", label)


def _mean_sd(mean: float, sd: float | None, sign: str = "") -> str:
    return f"{mean:{sign}.1f}" + ("" if sd is None else f" ± {sd:.1f}")
