"""Public names that were removed or renamed: each keeps working for one minor release (0.1.0's until 0.3.0, a
later one's until the release its entry names), with a ``DeprecationWarning`` naming its replacement (the
stability policy, ``docs/api.md``).

``DEPRECATED`` maps a public module to its old names; the module's ``__getattr__`` (``module_getattr``) serves
them, so a name costs nothing until it is used. An old name is either the new object under its new name (a
plain rename or move) or a small function of ``tabbench.deprecated`` that keeps the old behaviour on top of the
new API. Targets are named as text, imported only when an old name is used: this table sits below every tier
(any module may serve its old names through it), the shims above them all.
``tests/test_api_stability.py`` imports every public name of 0.1.0 (a frozen list) and checks it works or warns.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The release in which 0.1.0's names below stop working (a later name's entry says its own).
REMOVED_IN = "0.3.0"
#: What every tabbench deprecation message says (old names here, old contracts in ``Reward``/``Benchmark``): the
#: CLI shows the warnings that match it, which Python hides outside ``__main__`` (``tabbench.cli.main``).
MESSAGE_PATTERN = r".* is deprecated since \d+\.\d+\.\d+ and (will be removed|stops working) in \d+\.\d+\.\d+; "


@dataclass(frozen=True)
class Deprecated:
    """An old public name: ``target`` (``module:name``) is what it returns, ``replacement`` what to use instead;
    deprecated ``since`` a release and removed in ``removed_in`` (0.1.0's names: since 0.2.0, until 0.3.0)."""

    target: str
    replacement: str
    since: str = "0.2.0"
    removed_in: str = REMOVED_IN


def _moved(module: str, names: Sequence[str], replacement_module: str | None = None) -> dict[str, Deprecated]:
    """Names that moved, unchanged, to ``module``."""
    return {name: Deprecated(f"{module}:{name}", f"{replacement_module or module}.{name}") for name in names}


_HERE = "tabbench.deprecated"
_LEGACY_CLI = "tabbench.cli.legacy"
_CLI_OPTIONS = ("FiniteFloatRange", "MAX_WORKERS", "batch_size_option", "benchmark_option_option", "limit_option",
                "out_option", "progress_option", "resume_option", "split_option", "timeout_option")
_LIBRARY_OPTIONS = ("check_benchmark_names", "options_for", "parse_key_values", "split_names")
_BUDGET = ("BUDGET_OPTIONS", "NEED_ENV", "budget_from", "budget_options")
_OLD_SETTINGS = {
    "apply_runtime": "tabbench.cli.options.settings_options (the command receives settings=tabbench.Settings)",
    "workers_option": "tabbench.cli.options.settings_options",
    "result_store_option": "tabbench.cli.options.settings_options",
    "unsafe_sandbox_option": "tabbench.cli.options.settings_options",
    "sandbox_record": "tabbench.Settings.unsafe_sandbox of the run's settings",
    "checked_timeout": "the timeout Option of tabbench.contract.options (checked by tabbench.get_benchmark)",
    "with_timeout": "RunConfig's timeout (tabbench.evaluate(timeout=...))",
    "recorded_options": "RunConfig's timeout (tabbench.evaluate(timeout=...))",
}
_OLD_COMMAND_HELPERS = {name: Deprecated(f"{_LEGACY_CLI}:{name}", use) for name, use in _OLD_SETTINGS.items()}
_TYPEVAR = {"F": Deprecated("tabbench.cli.options:F", "typing.TypeVar (a command decorator's own type variable)")}

DEPRECATED: dict[str, dict[str, Deprecated]] = {
    "tabbench": {
        "benchmark_variant": Deprecated(f"{_HERE}:benchmark_variant", "a subclass of tabbench.benchmark_class(base)"),
        "Completion": Deprecated(f"{_HERE}:Completion", "the answer argument of Reward.score(example, completion, "
                                 "answer)"),
        "answer_of": Deprecated(f"{_HERE}:answer_of", "the answer argument of Reward.score(example, completion, "
                                "answer)"),
        "TabbenchDeprecationWarning": Deprecated(f"{_HERE}:TabbenchDeprecationWarning", "DeprecationWarning"),
    },
    "tabbench.sql": {
        "completion_sql": Deprecated(f"{_HERE}:completion_sql", "tabbench.sql.extract_sql (it returns None where "
                                     "completion_sql fell back to the whole text)"),
        "env_workers": Deprecated("tabbench.sql:configured_workers", "tabbench.sql.configured_workers"),
    },
    "tabbench.adapters": {
        "status_counts_callback": Deprecated(f"{_HERE}:status_counts_callback",
                                             "tabbench.adapters.log_status_counts(trainer, *reward_funcs)"),
    },
    "tabbench.evaluation.options": {
        **_moved("tabbench.cli.options", (*_CLI_OPTIONS, "selection_options", "settings_options", "where_option")),
        **_OLD_COMMAND_HELPERS, **_TYPEVAR,
    },
    "tabbench.cli.options": {
        **_moved("tabbench.evaluation.options", ("parse_key_values",)), **_OLD_COMMAND_HELPERS,
    },
    "tabbench.evaluation.budget": {**_moved("tabbench.cli.options", _BUDGET), **_TYPEVAR},
    "tabbench.cli.budget": {
        **_moved("tabbench.cli.options", _BUDGET), **_TYPEVAR,
        "flag": Deprecated(f"{_HERE}:flag", "tabbench.cli.options.budget_options (it names the options)"),
    },
    "tabbench.evaluation.results": {
        "config_record": Deprecated(f"{_HERE}:config_record", "tabbench.evaluation.results.load (it reads every "
                                    "version)"),
    },
    "tabbench.evaluation.voting": {
        "agreement": Deprecated(f"{_HERE}:agreement", "a reward plugin (every reward is one): tabbench.evaluation."
                                "voting.vote_outcome gives the winner"),
        "vote_agreement": Deprecated(f"{_HERE}:vote_agreement", "a reward plugin (every reward is one): tabbench."
                                     "evaluation.voting.vote_outcome gives the winner"),
    },
    "tabbench.reporting.leaderboard": {
        "LEVEL_ORDER": Deprecated(f"{_HERE}:LEVEL_ORDER", "Benchmark.breakdown_order (tabbench.reporting."
                                  "leaderboard.breakdown_order)"),
        "PLOT_BREAKDOWNS": Deprecated(f"{_HERE}:PLOT_BREAKDOWNS", "Benchmark.breakdown_order (the ordered keys are "
                                      "the ones plotted)"),
    },
    "tabbench.tableqa.answers": _moved("tabbench.tableqa.extractors", ("EXTRACTIONS", "extract_answer")),
    # 0.2's training selection: the examples a trainer trains on are planned as evaluation's (tabbench.training.plan)
    "tabbench.training": {
        "load_benchmarks": Deprecated(f"{_HERE}:benchmarks_of_selection", "tabbench.training.plan(selection, "
                                      "default_split='train').benchmarks (run.plan in a trainer)", "0.3.0", "0.4.0"),
        "selected_examples": Deprecated(f"{_HERE}:examples_of_selection", "tabbench.training.plan(selection, "
                                        "default_split='train').items (run.items in a trainer)", "0.3.0", "0.4.0"),
        "training_examples": Deprecated(f"{_HERE}:examples_of_benchmark", "the examples of tabbench.training."
                                        "plan(selection, default_split='train')[name] (run.plan in a trainer)",
                                        "0.3.0", "0.4.0"),
    },
}

# Modules that 0.1.0's plugin guide listed as public and that moved (the layout into tiers, 2026-11-23): each old
# name is its new module's, deprecated there too when it is (then the same shim and replacement).
_MOVED_MODULES = {
    "tabbench.voting": ("tabbench.evaluation.voting", (
        "Candidate", "Denotation", "METHODS", "VOTE_MAX_ROWS", "VOTE_TIMEOUT", "VoteOutcome", "agreement",
        "answer_key", "candidates", "chooser", "database_of", "decide", "denotation_similarity", "majority",
        "most_similar", "result_key", "similarity_scores", "text_denotation", "vote", "vote_agreement",
        "vote_outcome")),
    "tabbench.leaderboard": ("tabbench.reporting.leaderboard", (
        "BOARD_FORMAT", "BUILTIN_REFERENCES", "BoardOutOfDate", "BoardSpec", "Column", "DEFAULT_REFERENCES",
        "LEVEL_ORDER", "MARK", "PLOT_BREAKDOWNS", "RunEntry", "build", "check", "column_of", "find_boards",
        "level_sort_key", "load_references", "load_runs", "parse_run_arg", "pct", "plot_breakdown",
        "plot_reward_curves", "read_log_history", "read_results", "read_spec", "render", "resolve_suites",
        "reward_keys", "suite_tables")),
}
for _old, (_new, _names) in _MOVED_MODULES.items():
    DEPRECATED[_old] = {name: DEPRECATED.get(_new, {}).get(name) or Deprecated(f"{_new}:{name}", f"{_new}.{name}")
                        for name in _names}
DEPRECATED["tabbench.leaderboard"]["level_sort_key"] = Deprecated(
    f"{_HERE}:level_sort_key", "tabbench.reporting.leaderboard.level_sort_key(order) (a key function for the "
    "levels of order)")
# 0.1.0's tiny test model moved into the demo plugin (the host imports no plugin): its builder and sizes are
# served through the plugin's command; its tokenizer internals are gone (CHANGELOG.md).
DEPRECATED["tabbench.tinymodel"] = {
    "build_tiny_model": Deprecated(f"{_HERE}:build_tiny_model", "tabbench.testing.build_tiny_model(path, corpus, "
                                   "seed=..., **sizes)"),
    "TinySpec": Deprecated(f"{_HERE}:TinySpec", "the keyword arguments of tabbench.testing.build_tiny_model"),
}


_PACKAGE = str(Path(__file__).resolve().parents[1])

#: The release that deprecated 0.2's divergent command-line spellings (one spelling per option across commands),
#: and the one that removes them.
SPELLING_SINCE, SPELLING_REMOVED_IN = "0.3.0", "0.4.0"


class CommandLineDeprecation(DeprecationWarning):
    """An old command-line spelling (an option, or a form of an option's value) that still works: the ``tabbench``
    command shows it once on stderr, without a source line (the user typed it, no file of theirs holds it)."""


def deprecated_spelling(old: str, new: str) -> None:
    """Warn that the command-line spelling ``old`` is deprecated in favour of ``new`` (docs/api.md's policy: it
    keeps working for one minor release)."""
    warnings.warn(f"{old} is deprecated since {SPELLING_SINCE} and will be removed in {SPELLING_REMOVED_IN}; use {new}",
                  CommandLineDeprecation, stacklevel=2)


def _outside_tabbench() -> int:
    """The stack level of the first caller outside tabbench: the warning names the line that used the old name."""
    frame, level = sys._getframe(2), 2
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    return level


def module_getattr(module: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving ``module``'s deprecated names, each with its warning."""
    names = DEPRECATED[module]

    def __getattr__(name: str) -> Any:
        entry = names.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is deprecated since {entry.since} and will be removed in {entry.removed_in}; "
                      f"use {entry.replacement}", DeprecationWarning, stacklevel=_outside_tabbench())
        target_module, _, attribute = entry.target.partition(":")
        return getattr(importlib.import_module(target_module), attribute)

    return __getattr__
