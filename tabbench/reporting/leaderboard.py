"""Leaderboards: markdown rendered from run directories, reproducible, and checked in CI.

A board is a pure function of its inputs: the ``results.json`` of each run directory, the suites registered
when it is built, and the reference-results file. The inputs are recorded in an HTML comment at the top of the
board (run paths relative to the board), so ``tabbench leaderboard check`` can rebuild it and fail when the
committed text differs. Nothing time- or machine-dependent is rendered.

One table per suite: a row per run (model and config), a column per benchmark *version, split and data
snapshot*, so runs on different benchmark versions never share a column. Scores are the primary metric as
a percentage with its standard error. Detail sections per column give every metric, status rates and
breakdowns; reference rows carry the seed papers' reported numbers, labelled with their data set and citation.
No metric is computed here: every number comes from a results file or the reference file, except the optional
paired comparisons (``pairs``), which count items in the runs' ``samples/`` records (``tabbench.reporting.paired``)
and test them over seeds (``tabbench.reporting.across_seeds``), and the training table, which shows the trainer's
own counts published beside a run (``tabbench.reporting.training_budget``).
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabbench.contract.atomic import write_atomic
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.contract.hashing import stable_hash

MARK = "tabbench-leaderboard"
BOARD_FORMAT = 1
DEFAULT_REFERENCES = Path(__file__).resolve().parent / "reference_results.json"  # package data
BUILTIN_REFERENCES = "tabbench"  # recorded instead of a path for the reference file tabbench ships


def breakdown_order(benchmark: str, key: str) -> tuple[str, ...]:
    """The natural order of breakdown ``key``'s levels, as benchmark ``benchmark`` declares it
    (``Benchmark.breakdown_order``, e.g. BIRD's simple, moderate, challenging); empty when it declares none or
    its plugin is not installed. Ordered keys are also the ones plotted as bars."""
    from tabbench.host.lookup import benchmark_class

    try:
        return tuple(benchmark_class(benchmark).breakdown_order.get(key, ()))
    except TabbenchError:
        return ()


def level_sort_key(order: Sequence[str]) -> Callable[[str], tuple[int, str]]:
    """Sort levels in ``order``; levels it does not name follow alphabetically."""
    return lambda level: (order.index(level) if level in order else len(order), level)


class BoardOutOfDate(TabbenchError):
    """A committed board differs from what its recorded inputs render to now."""


# --- inputs ---------------------------------------------------------------------------------------------------


@dataclass
class RunEntry:
    """One run directory's results, with the label it has on the board."""

    path: Path
    label: str | None
    results: dict[str, Any]
    implicit: bool = False  # a vote run's greedy companion, added without being named

    @property
    def model(self) -> str:
        if self.label:
            return self.label
        model = self.results.get("model") or {}
        spec = str(model.get("model") or self.results.get("config", {}).get("model") or "?")
        name = Path(spec).name if spec not in ("", ".") else spec
        return name or spec

    @property
    def config(self) -> str:
        """Backend, decoding and limits: what makes two runs of one model differ."""
        model = self.results.get("model") or {}
        config = self.results.get("config") or {}
        generation = model.get("generation") or config.get("generation") or {}
        parts = [str(model.get("backend") or config.get("backend") or config.get("command") or "?")]
        vote, samples = model.get("vote") or config.get("vote"), model.get("samples") or generation.get("n") or 1
        temperature = generation.get("temperature")
        if vote:
            parts.append(f"{vote} vote@{samples}, T={temperature}")
        elif temperature in (0, 0.0, None):
            parts.append("greedy")
        else:
            parts.append(f"sampled T={temperature}")
        if config.get("limit"):
            parts.append(f"limit {config['limit']}")
        if self.implicit:
            parts.append("beside the vote run above")
        return ", ".join(parts)


def read_results(run_dir: Path) -> dict[str, Any]:
    """A run's results (schema version 1 or 2) as version 2 (``tabbench.evaluation.results.load``)."""
    from tabbench.evaluation.results import load

    path = Path(run_dir) / "results.json"
    if not path.is_file():
        raise DataError(f"{run_dir}: no results.json (an unfinished run? finish it with --resume)")
    return dict(load(path))


def parse_run_arg(arg: str) -> tuple[Path, str | None]:
    """``RUN_DIR`` or ``RUN_DIR=LABEL``."""
    path, sep, label = arg.partition("=")
    if sep and not label:
        raise UsageError(f"{arg!r}: empty label after '='")
    return Path(path), (label or None)


def load_runs(specs: Sequence[tuple[Path, str | None]]) -> list[RunEntry]:
    """Read each run; a vote run's ``greedy/`` companion is added after it unless named explicitly."""
    named = {Path(p).resolve() for p, _ in specs}
    runs: list[RunEntry] = []
    for path, label in specs:
        results = read_results(path)
        runs.append(RunEntry(Path(path), label, results))
        greedy = Path(path) / "greedy"
        if "greedy" in results and (greedy / "results.json").is_file() and greedy.resolve() not in named:
            runs.append(RunEntry(greedy, label, read_results(greedy), implicit=True))
    if not runs:
        raise UsageError("a leaderboard needs at least one run directory")
    return runs


def load_references(path: Path | None) -> list[dict[str, Any]]:
    """The papers of a reference-results file (see ``tabbench/reporting/reference_results.json``)."""
    if path is None:
        return []
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        papers = data["papers"]
        for paper in papers:
            for key in ("id", "title", "citation"):
                if not isinstance(paper.get(key), str):
                    raise KeyError(f"paper {paper.get('id')!r}: {key}")
            for row in paper.get("results", []):
                for key in ("benchmark", "set", "metric", "model", "setting"):
                    if not isinstance(row.get(key), str):
                        raise KeyError(f"paper {paper['id']!r} result: {key}")
                if not isinstance(row.get("value"), str | int | float):  # str: the number exactly as printed
                    raise KeyError(f"paper {paper['id']!r} result: value")
    except OSError as exc:
        raise DataError(f"{path}: cannot read reference results ({exc.strerror})") from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: malformed reference results (missing or bad {exc})") from exc
    return list(papers)


# --- columns ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """What makes scores comparable: the benchmark, its version, the split, the data files' hashes and the
    number of examples (a ``--limit`` run covers other examples than a full one)."""

    benchmark: str
    version: str
    split: str
    data: str  # short hash of the data files' sha256 values ("none" when unrecorded)
    metric: str
    n: int

    @property
    def title(self) -> str:
        return f"{self.benchmark} ({self.metric}, v{self.version}, {self.split}, n={self.n})"

    @property
    def anchor(self) -> str:
        slug = f"{self.benchmark}-v{self.version}-{self.split}-{self.data}-n{self.n}"
        return slug.replace(".", "-").replace("_", "-").lower()


def column_of(name: str, result: dict[str, Any]) -> Column:
    files = (result.get("data") or {}).get("files") or {}
    data = stable_hash(sorted(files.values()), 8) if files else "none"
    primary = (result.get("primary_metric") or {}).get("name", "?")
    return Column(name, str(result.get("version", "?")), str(result.get("split", "?")), data, str(primary),
                  int(result.get("n", 0)))


def _columns(runs: Sequence[RunEntry], benchmarks: Sequence[str]) -> list[Column]:
    columns: list[Column] = []
    for name in benchmarks:
        found = []
        for run in runs:
            if name in run.results["benchmarks"]:
                col = column_of(name, run.results["benchmarks"][name])
                if col not in found:
                    found.append(col)
        columns.extend(sorted(found, key=lambda c: (c.version, c.split, c.data, c.metric, -c.n)))
    return columns


def _display(columns: Sequence[Column]) -> dict[Column, str]:
    """Column headings: the data hash is shown only where it tells two columns apart."""
    heads = {}
    for col in columns:
        twins = [c for c in columns if (c.benchmark, c.version, c.split) == (col.benchmark, col.version, col.split)]
        heads[col] = col.title[:-1] + f", data {col.data})" if len(twins) > 1 else col.title
    return heads


def _result(run: RunEntry, col: Column) -> dict[str, Any] | None:
    result = run.results["benchmarks"].get(col.benchmark)
    return result if result is not None and column_of(col.benchmark, result) == col else None


# --- formatting -------------------------------------------------------------------------------------------------


def pct(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{100 * value:.{digits}f}"


def _score(result: dict[str, Any] | None) -> str:
    if result is None:
        return ""
    primary = result.get("primary_metric") or {}
    value, stderr = primary.get("value"), primary.get("stderr")
    text = pct(value)
    return f"{text} ± {pct(stderr)}" if value is not None and stderr is not None else text


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(_cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


# --- suites -----------------------------------------------------------------------------------------------------


def suite_tables(runs: Sequence[RunEntry], suites: dict[str, list[str]] | None) -> list[tuple[str, list[str]]]:
    """``(suite, benchmarks)`` for each table: the suites given, or every registered suite that covers a run's
    benchmark (``all`` last, and only for benchmarks no other suite covers)."""
    present = sorted({name for run in runs for name in run.results["benchmarks"]})
    if suites is None:
        from tabbench.host.plugins import host

        registry = host().registry("suite")
        suites = {name: list(registry.get(name).benchmarks) for name in registry.names() if name != "all"}
        auto = True
    else:
        auto = False
    tables, covered = [], set()
    for name, members in suites.items():
        members = members or present
        chosen = [b for b in members if b in present]
        if chosen:
            tables.append((name, chosen))
            covered.update(chosen)
    rest = [b for b in present if b not in covered]
    if auto and rest:
        tables.append(("other benchmarks", rest))
    return tables


def resolve_suites(names: Sequence[str]) -> dict[str, list[str]] | None:
    """Named suites (``--suite``) to their benchmarks; ``None`` for the default (every suite)."""
    if not names:
        return None
    from tabbench.host.plugins import host

    registry = host().registry("suite")
    return {name: list(registry.get(name).benchmarks) for name in names}


# --- rendering --------------------------------------------------------------------------------------------------


@dataclass
class BoardSpec:
    """The inputs of a board, as recorded in its header (paths relative to the board's folder)."""

    runs: list[tuple[str, str | None]]
    suites: list[str] = field(default_factory=list)
    references: str | None = None
    plots: str | None = None
    title: str = "tabbench leaderboard"
    pairs: list[tuple[list[int], list[int]]] = field(default_factory=list)  # (new runs, old runs), numbered from 1

    def to_json(self) -> dict[str, Any]:
        data = {"format": BOARD_FORMAT, "runs": [{"path": p, "label": label} for p, label in self.runs],
                "suites": self.suites, "references": self.references, "plots": self.plots, "title": self.title}
        if self.pairs:  # absent when unused, so older boards keep their header
            data["pairs"] = [[new, old] for new, old in self.pairs]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BoardSpec:
        return cls([(r["path"], r.get("label")) for r in data["runs"]], list(data.get("suites") or []),
                   data.get("references"), data.get("plots"), data.get("title") or "tabbench leaderboard",
                   [(list(new), list(old)) for new, old in data.get("pairs") or []])


def render(spec: BoardSpec, base: Path, *, write_plots: bool = True) -> str:
    """The board's markdown for ``spec``, with paths resolved against ``base`` (the board's folder)."""
    runs = load_runs([(Path(os.path.normpath(base / p)), label) for p, label in spec.runs])
    papers = load_references(_references_path(spec.references, base))
    tables = suite_tables(runs, resolve_suites(spec.suites))
    plot_dir = base / spec.plots if spec.plots else None

    header = json.dumps(spec.to_json(), sort_keys=True, ensure_ascii=False)
    out = [f"<!-- {MARK} {header} -->", f"# {spec.title}", ""]
    out += [
        "Generated by `tabbench leaderboard build` from the runs listed at the end; do not edit by hand "
        "(`tabbench leaderboard check` fails when this file differs from what its runs render to).",
        "",
        "Scores are the primary metric of each benchmark as a percentage, ± its standard error. **Runs are only "
        "compared on the same benchmark version, split and data files**: each column is one such combination, so "
        "runs on different versions sit in different columns. Rows marked *reported* are numbers from the papers, "
        "on their own data sets, prompts and scoring scripts (named in the cell): context, not a ranking.",
        "",
    ]
    index = {id(run): i + 1 for i, run in enumerate(runs)}
    shown: list[int] = []  # the reference rows that sit in a suite table
    all_columns: list[Column] = []
    for suite, benchmarks in tables:
        columns = _columns(runs, benchmarks)
        heads = _display(columns)
        all_columns.extend(c for c in columns if c not in all_columns)
        rows = []
        for run in runs:
            cells = [_score(_result(run, col)) for col in columns]
            if any(cells):
                rows.append([index[id(run)], run.model, run.config, *cells])
        for paper in papers:
            for ref in paper.get("results", []):
                cells = [f"{ref['value']} ({ref['set']})" if _on_board(ref) == (col.benchmark, col.metric) else ""
                         for col in columns]
                if any(cells):
                    shown.append(id(ref))
                    rows.append([f"[{paper['id']}](#ref-{paper['id']})", f"*reported:* {ref['model']}",
                                 ref["setting"], *cells])
        out += [f"## Suite `{suite}`", ""]
        out += _table(["run", "model", "config", *(f"[{heads[c]}](#{c.anchor})" for c in columns)], rows)
        out.append("")

    for col in all_columns:
        out += _details(col, runs, index, plot_dir, base, write_plots)
    if spec.pairs:
        out += _paired(spec.pairs, runs, all_columns, _display(all_columns))
    out += _training(runs, index)

    out += ["## Runs", ""]
    out += _table(
        ["run", "model", "config", "run dir", "fingerprint", "tabbench", "created"],
        [[index[id(r)], r.model, r.config, f"`{_relative_to(r.path, base)}`", (r.results.get("model") or {}).get(
            "fingerprint_sha", ""), r.results.get("tabbench_version", ""), r.results.get("created", "")]
         for r in runs],
    )
    out.append("")
    cited = [p for p in papers if any(id(ref) in shown for ref in p.get("results", []))]
    if cited:
        out += ["## Reported results", ""]
        for paper in cited:
            out.append(f"- <a id=\"ref-{paper['id']}\"></a>**{paper['title']}**: {paper['citation']}. "
                       f"Source: {paper.get('source', 'n/a')}.")
            for ref in paper["results"]:
                if id(ref) in shown:
                    out.append(f"  - {ref['benchmark']} {ref['set']}, {ref['metric']}: **{ref['value']}** "
                               f"({ref['model']}; {ref['setting']}; {ref.get('where', '')})")
        out.append("")
    return "\n".join(out)


def _on_board(ref: dict[str, Any]) -> tuple[str, str] | None:
    """The (benchmark, primary metric) a reported row is comparable with: its ``board`` key, else (format 1)
    its own benchmark and metric."""
    board = ref.get("board", ref if isinstance(ref.get("value"), int | float) else None)
    return (board["benchmark"], board["metric"]) if isinstance(board, dict) else None


def _references_path(recorded: str | None, base: Path) -> Path | None:
    if recorded is None:
        return None
    return DEFAULT_REFERENCES if recorded == BUILTIN_REFERENCES else base / recorded


def _details(col: Column, runs: Sequence[RunEntry], index: dict[int, int], plot_dir: Path | None, base: Path,
             write_plots: bool) -> list[str]:
    members = [(run, res) for run in runs if (res := _result(run, col)) is not None]
    metrics = list(dict.fromkeys(m for _, res in members for m in (res.get("metrics") or {})))
    statuses = sorted({s for _, res in members for s in (res.get("status_counts") or {})})
    out = [f"<a id=\"{col.anchor}\"></a>", f"## {col.title}", ""]
    rewards = {m["name"]: f"{m['reward']} v{m.get('reward_version', '?')}"
               for _, res in members for m in res.get("metric_rewards") or []}
    out.append(f"Benchmark `{col.benchmark}` version {col.version}, split `{col.split}`, data files hash "
               f"`{col.data}`; primary metric `{col.metric}`. Metrics: "
               + ", ".join(f"`{m}` = reward `{rewards.get(m, '?')}`" for m in metrics) + ".")
    out.append("")
    rows = []
    for run, res in members:
        values = res.get("metrics") or {}
        n = res.get("n") or 0
        counts = res.get("status_counts") or {}
        rows.append([index[id(run)], run.model, run.config, n, *(pct(values.get(m, {}).get("value")) for m in metrics),
                     pct(res.get("parse_fail_rate")),
                     *(f"{100 * counts.get(s, 0) / n:.1f}" if n else "n/a" for s in statuses)])
    out += ["Metrics (%) and the rate of each status of the primary metric (% of samples):", ""]
    out += _table(["run", "model", "config", "n", *metrics, "parse fail", *statuses], rows)
    out.append("")
    keys = list(dict.fromkeys(k for _, res in members for k in (res.get("breakdown") or {})))
    for key in keys:
        order = breakdown_order(col.benchmark, key)
        levels = sorted({lvl for _, res in members for lvl in (res.get("breakdown") or {}).get(key, {})},
                        key=level_sort_key(order))
        rows = []
        for run, res in members:
            groups = (res.get("breakdown") or {}).get(key, {})
            rows.append([index[id(run)], run.model, run.config, *(
                f"{pct(groups[lvl]['metrics'].get(col.metric))} (n={groups[lvl].get('n', 0)})" if lvl in groups
                else "" for lvl in levels)])
        out += [f"Breakdown by `{key}` ({col.metric}, %):", ""]
        out += _table(["run", "model", "config", *levels], rows)
        out.append("")
        if plot_dir is not None and order:
            png = plot_dir / f"{col.anchor}-{key}.png"
            if write_plots:
                plot_breakdown([(f"{index[id(run)]}: {run.model}", (res.get("breakdown") or {}).get(key, {}))
                                for run, res in members], col.metric, png, title=f"{col.title} by {key}",
                               order=order)
            out += [f"![{col.benchmark} {col.metric} by {key}]({_relative_to(png, base)})", ""]
    return out


def _paired(pairs: Sequence[tuple[list[int], list[int]]], runs: Sequence[RunEntry], columns: Sequence[Column],
            heads: dict[Column, str]) -> list[str]:
    """The paired-comparison table: per column, each (new, old) pair of runs on their shared items, pooled over
    the pairs of one ``--pair`` when it names several."""
    from tabbench.reporting.across_seeds import across_seeds, fmt_p
    from tabbench.reporting.paired import flips, item_verdicts, pooled

    rows, seed_rows, verdicts = [], [], []
    for new, old in pairs:
        for col in columns:
            members = [(runs[a - 1], runs[b - 1]) for a, b in zip(new, old, strict=True)]
            if not all(_result(a, col) and _result(b, col) for a, b in members):
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
    out += _table(["run", "against", "column", "paired items", "+", "−", "McNemar p"], rows)
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
    out += _table(["new", "against", "column", "seeds", "new %", "against %", "Δ per seed", "Δ mean ± sd",
                   "seed-level p", "question-clustered p", "pooled McNemar p", "heterogeneity p"], seed_rows)
    out += ["", "Verdicts:", "", *verdicts, ""]
    return out


def _arm(label: str) -> str:
    """A run's label without its ``(seed k)`` suffix: the arm a comparison over seeds is about."""
    return re.sub(r"\s*\(seed \d+\)$", "", label)


def _mean_sd(mean: float, sd: float | None, sign: str = "") -> str:
    return f"{mean:{sign}.1f}" + ("" if sd is None else f" ± {sd:.1f}")


def _training(runs: Sequence[RunEntry], index: dict[int, int]) -> list[str]:
    """What each trained run spent (``tabbench.reporting.training_budget``); nothing when no run has records."""
    from tabbench.reporting.training_budget import read_budget

    rows = []
    for run in runs:
        budget = read_budget(run.path)
        if budget is None:
            continue
        rows.append([index[id(run)], run.model, budget.trainer, _count(budget.steps), _count(budget.tokens),
                     _count(budget.seconds), "" if budget.learning_rate is None else f"{budget.learning_rate:g}",
                     budget.rounds, budget.chosen()])
    if not rows:
        return []
    out = ["## Training", "",
           "What each trained run spent, from its trainer's records published beside the run (`training/`): "
           "optimiser steps, tokens the trainer counted, the trainer's seconds (model loading included; summed over "
           "rounds when it trained in rounds), the learning rate, and the checkpoint validation chose (round 0: the "
           "starting checkpoint).", ""]
    out += _table(["run", "model", "trainer", "optimiser steps", "tokens", "trainer s", "learning rate", "rounds",
                   "checkpoint chosen"], rows)
    out.append("")
    return out


def _count(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f}"


def parse_pairs(pairs: Sequence[tuple[str, str]], n_runs: int) -> list[tuple[list[int], list[int]]]:
    """``--pair NEW OLD`` values (run numbers as on the board, comma-separated to pool several pairs)."""
    parsed = []
    for new_text, old_text in pairs:
        sides = []
        for text in (new_text, old_text):
            try:
                numbers = [int(part) for part in text.split(",")]
            except ValueError:
                raise UsageError(f"--pair {new_text} {old_text}: expected run numbers such as 3 or 3,7") from None
            if not all(1 <= n <= n_runs for n in numbers):
                raise UsageError(f"--pair {new_text} {old_text}: run numbers go from 1 to {n_runs}")
            sides.append(numbers)
        if len(sides[0]) != len(sides[1]):
            raise UsageError(f"--pair {new_text} {old_text}: both sides need as many runs")
        parsed.append((sides[0], sides[1]))
    return parsed


# --- build and check ----------------------------------------------------------------------------------------------


def build(runs: Sequence[str], out: Path, *, suites: Sequence[str] = (), references: Path | None = DEFAULT_REFERENCES,
          plots: Path | None = None, title: str = "tabbench leaderboard", pairs: Sequence[tuple[str, str]] = ()
          ) -> str:
    """Render a board from ``RUN_DIR[=LABEL]`` arguments and write it to ``out``; returns the text. ``pairs``:
    ``(NEW, OLD)`` run numbers (as on the board, from 1; comma-separated to pool) to compare item by item."""
    out = Path(out)
    parsed = [parse_run_arg(r) for r in runs]
    loaded = load_runs(parsed)  # a missing or unreadable run is named as given, before anything is written
    numbered = parse_pairs(pairs, len(loaded))
    _make_folder(out.parent, f"-o {out}")
    if plots:
        _make_folder(Path(plots), f"--plots {plots}")
    base = out.parent.resolve()
    refs = Path(references) if references is not None and Path(references).is_file() else None
    if references is not None and refs is None and Path(references) != DEFAULT_REFERENCES:
        raise DataError(f"{references}: reference results file not found")
    spec = BoardSpec(
        runs=[(_relative_to(p, base), label) for p, label in parsed], suites=list(suites),
        references=None if refs is None else BUILTIN_REFERENCES if refs.resolve() == DEFAULT_REFERENCES
        else _relative_to(refs, base), plots=_relative_to(plots, base) if plots else None,
        title=title, pairs=numbered,
    )
    text = render(spec, base)
    try:
        write_atomic(out, text)  # replaced in one step: a kill never leaves half a board
    except OSError as exc:
        raise UsageError(f"-o {out}: cannot write the board ({exc.strerror})") from exc
    return text


def _make_folder(folder: Path, option: str) -> None:
    """Create an output folder; a file in the way or a read-only place is a one-line usage error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = "a file is in the way" if isinstance(exc, FileExistsError | NotADirectoryError) else exc.strerror
        raise UsageError(f"{option}: cannot create folder {exc.filename or folder} ({why})") from exc


def _relative_to(path: Path, base: Path) -> str:
    """``path`` relative to ``base`` (with ``..`` where needed), so a board moves with its repository."""
    return Path(os.path.relpath(Path(path).resolve(), base)).as_posix()


def read_spec(board: Path) -> BoardSpec:
    """The inputs recorded in a board's header comment."""
    try:
        first = Path(board).read_text(encoding="utf-8").split("\n", 1)[0]
    except OSError as exc:
        raise DataError(f"{board}: cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise DataError(f"{board}: not a tabbench leaderboard (not UTF-8 text: {exc.reason})") from None
    prefix = f"<!-- {MARK} "
    if not (first.startswith(prefix) and first.endswith(" -->")):
        raise DataError(f"{board}:1: not a tabbench leaderboard (no '{prefix}...' header)")
    try:
        spec = BoardSpec.from_json(json.loads(first[len(prefix):-4]))
    except (ValueError, RecursionError, KeyError, TypeError, AttributeError) as exc:
        raise DataError(f"{board}:1: malformed leaderboard header ({exc})") from None
    texts = [p for p, _ in spec.runs] + [v for v in (spec.references, spec.plots) if v is not None]
    if not all(isinstance(v, str) for v in (*texts, spec.title, *spec.suites)):
        raise DataError(f"{board}:1: malformed leaderboard header (paths, suites and title must be text)")
    return spec


def check(board: Path) -> None:
    """Rebuild ``board`` from its recorded inputs (plots are not rewritten); raise ``BoardOutOfDate`` on a change."""
    board = Path(board)
    spec = read_spec(board)
    expected = render(spec, board.parent.resolve(), write_plots=False)
    actual = board.read_text(encoding="utf-8")
    if expected == actual:
        return
    old, new = actual.splitlines(), expected.splitlines()
    changed = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
    _, i1, _, j1, _ = changed[0]
    removed = sum(o[2] - o[1] for o in changed)
    added = sum(o[4] - o[3] for o in changed)
    first_old = old[i1] if i1 < len(old) else "(end of file)"
    first_new = new[j1] if j1 < len(new) else "(end of file)"
    raise BoardOutOfDate(
        f"{board}: out of date: -{removed} +{added} lines, first at line {i1 + 1}: "
        f"{_short(first_old)!r} would become {_short(first_new)!r}; rebuild with `tabbench leaderboard build` "
        "(the inputs are in its header)"
    )


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def find_boards(folder: Path) -> list[Path]:
    """The leaderboards in ``folder``: markdown files whose first line is a tabbench header."""
    boards = []
    for path in sorted(Path(folder).glob("*.md")):
        with path.open(encoding="utf-8") as handle:
            if handle.readline().startswith(f"<!-- {MARK} "):
                boards.append(path)
    return boards


# --- plots ------------------------------------------------------------------------------------------------------


def _figure(width: float = 7.0, height: float = 4.0) -> Any:
    """A matplotlib figure on the Agg canvas, without touching pyplot's global backend."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    return figure


def _save(figure: Any, out: Path) -> Path:
    out = Path(out)
    _make_folder(out.parent, str(out))
    figure.tight_layout()
    try:
        figure.savefig(out, format="png", metadata={"Software": None})
    except OSError as exc:
        raise UsageError(f"{out}: cannot write the plot ({exc.strerror})") from exc
    return out


def plot_breakdown(
    series: Sequence[tuple[str, dict[str, Any]]], metric: str, out: Path, *, title: str = "", order: Sequence[str] = ()
) -> Path:
    """Grouped bars of ``metric`` (%) per breakdown level (e.g. difficulty), one bar per run.

    ``series`` is ``[(run label, breakdown block for one key)]`` as in ``results.json``:
    ``{level: {"n": ..., "metrics": {metric: value}}}``.
    """
    levels = sorted({lvl for _, groups in series for lvl in groups}, key=level_sort_key(order))
    figure = _figure()
    axes = figure.add_subplot()
    width = 0.8 / max(len(series), 1)
    for k, (label, groups) in enumerate(series):
        values = [100 * (groups.get(lvl, {}).get("metrics", {}).get(metric) or 0.0) for lvl in levels]
        positions = [i + (k - (len(series) - 1) / 2) * width for i in range(len(levels))]
        axes.bar(positions, values, width=width, label=label)
    axes.set_xticks(range(len(levels)), [f"{lvl}" for lvl in levels])
    axes.set_ylabel(f"{metric} (%)")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(fontsize="small")
    return _save(figure, out)


def read_log_history(source: Path | Sequence[dict[str, Any]] | dict[str, Any]) -> list[dict[str, Any]]:
    """A trainer's log history: a ``trainer_state.json`` path, its dict, or the ``log_history`` list itself."""
    data: Any = source
    if isinstance(source, str | Path):
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise DataError(f"{source}: unreadable trainer log ({exc})") from exc
    if isinstance(data, dict):
        data = data.get("log_history")
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise DataError(f"{source if isinstance(source, str | Path) else 'log'}: no log_history list of entries")
    return list(data)


def reward_keys(history: Sequence[dict[str, Any]]) -> list[str]:
    """The logged reward means: ``reward`` and each ``rewards/<name>/mean`` (TRL's GRPO names)."""
    keys = dict.fromkeys(k for e in history for k in e if k == "reward" or (k.startswith("rewards/")
                                                                             and k.endswith("/mean")))
    return list(keys)


def plot_reward_curves(source: Path | Sequence[dict[str, Any]] | dict[str, Any], out: Path, *,
                       keys: Sequence[str] | None = None, title: str = "training rewards") -> Path:
    """Line plot of reward means against the training step, from a trainer's log history (see
    ``read_log_history``); ``keys`` defaults to ``reward_keys``. Returns the PNG path."""
    history = read_log_history(source)
    where = f"{source}: " if isinstance(source, str | Path) else ""
    keys = list(keys) if keys else reward_keys(history)
    curves = {key: [(e.get("step", i), e[key]) for i, e in enumerate(history) if isinstance(e.get(key), int | float)]
              for key in keys}
    if not any(curves.values()):
        wanted = ", ".join(map(repr, keys)) if keys else "'reward' or 'rewards/<name>/mean'"
        raise DataError(f"{where}the trainer log holds no reward entries with a number (expected {wanted})")
    figure = _figure()
    axes = figure.add_subplot()
    for key, points in curves.items():
        if points:
            axes.plot([p[0] for p in points], [p[1] for p in points], marker=".", label=key)
    axes.set_xlabel("step")
    axes.set_ylabel("mean reward")
    axes.set_title(title)
    axes.legend(fontsize="small")
    return _save(figure, out)


# GRPO's health per step (TRL's log names): is there a gradient (groups whose rewards all tie give none), how far
# the policy moved from the reference, how long the completions are, and what the reward counted (status rates)
DIAGNOSTIC_PANELS = (("reward (mean ± std)", ("reward",)), ("groups with tied rewards", ("frac_reward_zero_std",)),
                     ("KL to the reference", ("kl",)), ("completion length (tokens)", ("completions/mean_length",)))


def plot_training_diagnostics(source: Path | Sequence[dict[str, Any]] | dict[str, Any], out: Path, *,
                              title: str = "GRPO diagnostics") -> Path:
    """Five panels against the step from a GRPO log history: reward mean with its std band, the share of groups
    whose rewards all tie, KL, mean completion length, and every ``<reward>/status/<status>`` rate."""
    history = read_log_history(source)
    if not any(isinstance(e.get("reward"), int | float) for e in history):
        where = f"{source}: " if isinstance(source, str | Path) else ""
        raise DataError(f"{where}the trainer log holds no 'reward' entries (not a GRPO log?)")

    def series(key: str) -> list[tuple[float, float]]:
        return [(e.get("step", i), e[key]) for i, e in enumerate(history) if isinstance(e.get(key), int | float)]

    statuses = list(dict.fromkeys(k for e in history for k in e if "/status/" in k))
    figure = _figure(12.0, 7.0)
    for n, (name, keys) in enumerate((*DIAGNOSTIC_PANELS, ("status rates", tuple(statuses))), 1):
        axes = figure.add_subplot(2, 3, n)
        for key in keys:
            points = series(key)
            if points:
                axes.plot([p[0] for p in points], [p[1] for p in points], marker=".", label=key)
        if keys == ("reward",) and series("reward_std"):
            spread = dict(series("reward_std"))
            points = [(s, v) for s, v in series("reward") if s in spread]
            axes.fill_between([s for s, _ in points], [v - spread[s] for s, v in points],
                              [v + spread[s] for s, v in points], alpha=0.2)
        if not any(series(k) for k in keys):
            axes.text(0.5, 0.5, "not logged", ha="center", va="center", transform=axes.transAxes)
        if n == 5 and statuses:
            axes.legend(fontsize="x-small")
        axes.set_title(name, fontsize="small")
        axes.set_xlabel("step")
    figure.suptitle(title)
    return _save(figure, out)
