"""0.1.0's ``tabbench.leaderboard``, now ``tabbench.reporting.leaderboard``: its names work until 0.3.0, each with
a ``DeprecationWarning`` naming the new one (``docs/api.md``)."""

from typing import TYPE_CHECKING

from tabbench.contract.deprecation import TABLES, deprecated, kept, module_getattr, moved
from tabbench.reporting import leaderboard as _new


@deprecated("use tabbench.reporting.leaderboard.level_sort_key(order) (a key function for the levels of order)",
            category=None)
def _level_sort_key(level: str) -> tuple[int, str]:
    """0.1.0's ``level_sort_key``: ``level``'s place in 0.1.0's ``LEVEL_ORDER``, then its name."""
    return _new.level_sort_key(TABLES[_new.__name__]["LEVEL_ORDER"].load())(level)


# each old name is the new module's; one the new module also retired is its entry (the same behaviour kept)
_OLD = {**moved(_new, (
    "BOARD_FORMAT", "BUILTIN_REFERENCES", "DEFAULT_REFERENCES", "MARK", "BoardOutOfDate", "BoardSpec", "Column",
    "RunEntry", "build", "check", "column_of", "find_boards", "load_references", "load_runs", "parse_run_arg",
    "pct", "plot_breakdown", "plot_reward_curves", "read_log_history", "read_results", "read_spec", "render",
    "resolve_suites", "reward_keys", "suite_tables")), **TABLES[_new.__name__], "level_sort_key": kept(_level_sort_key)}
__all__ = sorted(_OLD)  # ``from tabbench.leaderboard import *``: 0.1's names, each warning
__getattr__ = module_getattr(__name__, _OLD)
if TYPE_CHECKING:  # for type checkers: the old behaviour kept is marked deprecated (PEP 702)
    from tabbench.leaderboard import _level_sort_key as level_sort_key  # noqa: F401
