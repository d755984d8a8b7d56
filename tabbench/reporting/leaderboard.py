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

This module is the public face of ``tabbench.reporting.boards``, where each responsibility has its module:
loading runs (``runs``), columns and cells (``columns``), the markdown (``render``), building and checking a
board file (``files``), plots (``plots``), paired comparisons (``pairs``) and the training table
(``training``).
"""

from tabbench.contract.deprecation import Deprecated, module_getattr
from tabbench.reporting.boards.columns import (
    Column,
    breakdown_order,
    column_of,
    level_sort_key,
    pct,
    resolve_suites,
    suite_tables,
)
from tabbench.reporting.boards.files import BoardOutOfDate, build, check, find_boards, read_spec
from tabbench.reporting.boards.plots import (
    DIAGNOSTIC_PANELS,
    plot_breakdown,
    plot_reward_curves,
    plot_training_diagnostics,
    read_log_history,
    reward_keys,
)
from tabbench.reporting.boards.render import BOARD_FORMAT, MARK, BoardSpec, parse_pairs, render
from tabbench.reporting.boards.runs import (
    BUILTIN_REFERENCES,
    DEFAULT_REFERENCES,
    RunEntry,
    load_references,
    load_runs,
    parse_run_arg,
    read_results,
)

__all__ = [
    "BOARD_FORMAT",
    "BUILTIN_REFERENCES",
    "DEFAULT_REFERENCES",
    "DIAGNOSTIC_PANELS",
    "MARK",
    "BoardOutOfDate",
    "BoardSpec",
    "Column",
    "RunEntry",
    "breakdown_order",
    "build",
    "check",
    "column_of",
    "find_boards",
    "level_sort_key",
    "load_references",
    "load_runs",
    "parse_pairs",
    "parse_run_arg",
    "pct",
    "plot_breakdown",
    "plot_reward_curves",
    "plot_training_diagnostics",
    "read_log_history",
    "read_results",
    "read_spec",
    "render",
    "resolve_suites",
    "reward_keys",
    "suite_tables",
]

#: 0.1.0's breakdown levels in their natural order (BIRD, Spider) and the keys it drew as bars: benchmarks declare
#: theirs now (``Benchmark.breakdown_order``).
_LEVEL_ORDER = ("simple", "easy", "moderate", "medium", "hard", "challenging", "extra")
_PLOT_BREAKDOWNS = ("difficulty", "hardness")

__getattr__ = module_getattr(__name__, {  # 0.1.0's names (docs/api.md)
    "LEVEL_ORDER": Deprecated(lambda: _LEVEL_ORDER, "Benchmark.breakdown_order (tabbench.reporting.leaderboard."
                              "breakdown_order)"),
    "PLOT_BREAKDOWNS": Deprecated(lambda: _PLOT_BREAKDOWNS, "Benchmark.breakdown_order (the ordered keys are the "
                                  "ones plotted)"),
})
