"""A board's paired comparisons: each ``--pair`` item by item (McNemar, and the difference with a 95% confidence
interval clustered by database), pooled over its pairs, and tested over seeds (``tabbench.reporting.across_seeds``)
with a computed verdict."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from tabbench.reporting.boards.columns import Column, result_in, table
from tabbench.reporting.boards.markdown import text
from tabbench.reporting.boards.runs import RunEntry
from tabbench.reporting.intervals import DATABASE, Interval


def paired_section(pairs: Sequence[tuple[list[int], list[int]]], runs: Sequence[RunEntry], columns: Sequence[Column],
                   heads: dict[Column, str]) -> list[str]:
    """The paired-comparison tables: per column, each (new, old) pair of runs on their shared items, pooled over
    the pairs of one ``--pair`` when it names several, then each ``--pair`` over its seeds with a verdict."""
    from tabbench.reporting.across_seeds import across_seeds, fmt_p
    from tabbench.reporting.intervals import clustered_interval, paired_items
    from tabbench.reporting.paired import flips, item_verdicts, pooled

    rows, seed_rows, between, verdicts = [], [], [], []
    for new, old in pairs:
        for col in columns:
            members = [(runs[a - 1], runs[b - 1]) for a, b in zip(new, old, strict=True)]
            if not all(result_in(a, col) and result_in(b, col) for a, b in members):
                continue
            found = []
            seeds = [(item_verdicts(b.path, col.benchmark), item_verdicts(a.path, col.benchmark)) for a, b in members]
            database_of = _databases([b.path for _, b in members], col.benchmark)
            for (a, b), i, j, (before, after) in zip(members, new, old, seeds, strict=True):
                pair = flips(col.benchmark, str(j), str(i), before, after)
                up, down, p = len(pair.up), len(pair.down), pair.p
                found.append((up, down, p))
                rows.append([f"{i}: {a.model}", f"{j}: {b.model}", heads[col], pair.paired, up, down, f"{p:.2g}",
                             _interval(clustered_interval(*paired_items([(before, after)], database_of)))])
            if len(found) > 1:
                up, down, p = pooled(found)
                pooled_interval = clustered_interval(*paired_items(seeds, database_of))
                rows.append([f"pooled {', '.join(map(str, new))}", f"pooled {', '.join(map(str, old))}", heads[col],
                             "", up, down, f"{p:.2g}", _interval(pooled_interval)])
            stats = across_seeds(col.benchmark, seeds, database_of)
            if any(s.paired == 0 for s in stats.seeds):  # a seed with no item both runs scored: nothing to test
                continue
            new_name, old_name = _arm(members[0][0].model), _arm(members[0][1].model)
            (new_mean, new_sd), (old_mean, old_sd), (diff, diff_sd) = stats.new, stats.old, stats.difference
            label = [f"{', '.join(map(str, new))}: {new_name}", f"{', '.join(map(str, old))}: {old_name}", heads[col]]
            seed_rows.append([*label, len(seeds), _mean_sd(new_mean, new_sd), _mean_sd(old_mean, old_sd),
                              " ".join(f"{s.difference:+.1f}" for s in stats.seeds), _mean_sd(diff, diff_sd, "+"),
                              fmt_p(stats.seed_p), fmt_p(stats.question_p), fmt_p(stats.pooled_p),
                              _interval(stats.by_question), _interval(stats.by_database)])
            if len(seeds) > 1:
                between.append([*label, " ".join(f"{fmt_p(s.p)}" for s in stats.seeds), fmt_p(stats.win_share_p),
                                fmt_p(stats.direction_p)])
            verdicts.append(f"- {text(heads[col])}: {text(stats.verdict(new_name, old_name))}")
    out = ["## Paired comparisons", "",
           "Each row compares two runs item by item on the items both scored: how many the first got right and "
           "the second wrong (+), the reverse (−), the exact two-sided McNemar p-value (a sign test on the "
           "+ and − items: do the runs differ on these items?) and how much: the difference in points with its 95% "
           "confidence interval, clustered by database where the records name one (db), else by question (q); "
           "the interval uses Student's t on clusters − 1 degrees of freedom, so few databases give a wide one. "
           "Right means the primary reward judged a match; items it found not applicable are left "
           "out. Pooled rows sum several pairs (e.g. seeds).", ""]
    out += table(["run", "against", "column", "paired items", "+", "−", "McNemar p", "Δ points [95% CI] (clusters)"],
                 rows)
    out += ["", "### Across seeds", "",
            "Each `--pair` above as one comparison over its seeds (one pair per seed): each arm's share of the paired "
            "items judged right (%; the primary metric itself when it is 0/1) as mean ± standard deviation over the "
            "seeds, the difference per seed and its mean ± sd (points); the seed-level test (a paired t-test on the "
            "per-seed differences, seeds − 1 degrees of freedom; with k seeds it needs a mean above 8.98 (k = 2), "
            "2.48 (3) or 1.59 (4) standard deviations), the question sign-flip test (exact: every sign assignment of "
            "each question's difference summed over the seeds), the pooled McNemar test (which counts every "
            "(question, seed) pair as independent) and the difference's 95% confidence interval clustered by "
            "question (a question's seeds together) and by database. The verdict is significant (p < 0.05) only "
            "when the seed-level and the question sign-flip tests both are (`tabbench.reporting.across_seeds`); "
            "with one seed it is the McNemar test's.", ""]
    out += table(["new", "against", "column", "seeds", "new %", "against %", "Δ per seed", "Δ mean ± sd",
                  "seed-level t p", "question sign-flip p", "pooled McNemar p", "Δ 95% CI by question",
                  "Δ 95% CI by database"], seed_rows)
    if between:
        out += ["", "Between seeds: each seed's McNemar p; whether the seeds' win shares differ (Pearson's chi-square "
                "on their + and − counts: seeds that all favour one arm, some more strongly, differ here); whether "
                "their directions differ (Gail and Simon's test of a qualitative interaction: small only when some "
                "seeds favour one arm and others the other beyond their noise).", ""]
        out += table(["new", "against", "column", "McNemar p per seed", "win shares differ p",
                      "directions differ p"], between)
    out += ["", "Verdicts:", "", *verdicts, ""]
    return out


def _databases(paths: Sequence[Path], benchmark: str) -> dict[str, str]:
    """``id -> db_id`` from the baseline runs' records (the same items in every run of a pair)."""
    from tabbench.reporting.intervals import item_databases

    found: dict[str, str] = {}
    for path in dict.fromkeys(paths):
        found.update(item_databases(path, benchmark))
    return found


def _interval(interval: Interval | None) -> str:
    if interval is None:
        return ""
    return f"{interval.text()} ({interval.clusters} {'db' if interval.by == DATABASE else 'q'})"


def _arm(label: str) -> str:
    """A run's label without its ``(seed k)`` suffix: the arm a comparison over seeds is about."""
    return re.sub(r"\s*\(seed \d+\)$", "", label)


def _mean_sd(mean: float, sd: float | None, sign: str = "") -> str:
    return f"{mean:{sign}.1f}" + ("" if sd is None else f" ± {sd:.1f}")
