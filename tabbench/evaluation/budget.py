"""The per-rollout budget options of every command that runs an environment, defined once.

``tabbench eval --env``, ``tabbench train grpo --env`` and ``tabbench train sft --env`` (and a third party's
command with ``--env``) decorate their click command with ``budget_options`` and build the rollout's
``tabbench.Budget`` with ``budget_from``, so the commands cannot drift: the same names, defaults (``Budget``'s,
shown in ``--help``) and checks, and the same usage error for an option given without ``--env``. The turn
budget stays each command's own ``--max-turns`` (evaluation may allow 0 turns; TRL needs at least one).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from tabbench.contract.environment import Budget
from tabbench.contract.errors import UsageError
from tabbench.contract.options import MAX_TIMEOUT
from tabbench.evaluation.options import FiniteFloatRange

F = TypeVar("F", bound=Callable[..., Any])

_SECONDS = FiniteFloatRange(min=0, min_open=True, max=MAX_TIMEOUT)
# Below this the observation could not hold an error message (``@tool`` keeps ``error:`` and 80 characters).
_BYTES = click.IntRange(min=100)

#: ``Budget`` field -> (option type, help); the option is ``--`` + the field with dashes.
BUDGET_OPTIONS: dict[str, tuple[click.ParamType, str]] = {
    "tool_seconds": (_SECONDS, "With --env: wall-clock seconds all tool calls of one rollout may spend together; "
                     "later calls are refused."),
    "call_seconds": (_SECONDS, "With --env: seconds one tool call may run (within what its rollout has left)."),
    "observation_bytes": (_BYTES, "With --env: one observation is cut to this many UTF-8 bytes."),
    "total_observation_bytes": (_BYTES, "With --env: UTF-8 bytes all observations of one rollout may take "
                                "together; later calls are refused."),
}


#: The parameters that mean nothing without ``--env``: the budget, the turns, the environment's options and
#: ``eval``'s tool protocol. Typed without ``--env``, they are a usage error naming them.
NEED_ENV = frozenset({*BUDGET_OPTIONS, "max_turns", "env_option_pairs", "env_options", "protocol"})


def budget_options(command: F) -> F:
    """Add the budget options to a click command with ``--env`` (keyword ``env_name``), defaults ``Budget``'s.

    Given on the command line without ``--env``, they (and the command's other ``NEED_ENV`` options) are a
    usage error naming them.
    """

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        context = click.get_current_context(silent=True)  # None: called as a function, nothing was typed
        if context is not None and not kwargs.get("env_name"):
            given = [max(param.opts, key=len) for param in context.command.params if param.name in NEED_ENV
                     and context.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE]
            if given:
                raise UsageError(f"{', '.join(given)} {'needs' if len(given) == 1 else 'need'} --env NAME")
        return command(*args, **kwargs)

    defaults = Budget()
    for field, (kind, text) in reversed(BUDGET_OPTIONS.items()):
        checked = click.option("--" + field.replace("_", "-"), field, type=kind, default=getattr(defaults, field),
                               show_default=True, help=text)(checked)
    return checked  # type: ignore[return-value]


def budget_from(values: Mapping[str, Any], max_turns: int) -> Budget:
    """The rollout budget of a command's options: ``max_turns`` and the budget options in ``values`` (its
    keyword arguments)."""
    return Budget(max_turns=max_turns, **{field: values[field] for field in BUDGET_OPTIONS})
