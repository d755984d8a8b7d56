"""0.1.0's home of the rollout budget options, now ``tabbench.cli.options``: its names keep working until
0.3.0 with a ``DeprecationWarning``."""

from typing import TYPE_CHECKING

from tabbench.cli import options as _options
from tabbench.contract.deprecation import TYPEVAR_REPLACEMENT, Deprecated, deprecated, kept, module_getattr, moved


@deprecated("use tabbench.cli.options.budget_options (it names the options)", category=None)
def _flag(field: str) -> str:
    """0.1.0's ``flag``: the command-line option of a budget field (``tool_seconds`` -> ``--tool-seconds``)."""
    return "--" + field.replace("_", "-")


__getattr__ = module_getattr(__name__, {
    **moved(_options, ("BUDGET_OPTIONS", "NEED_ENV", "budget_from", "budget_options")),
    "F": Deprecated(lambda: _options.F, TYPEVAR_REPLACEMENT), "flag": kept(_flag),
})
if TYPE_CHECKING:  # for type checkers: the old behaviour kept is marked deprecated (PEP 702)
    from tabbench.cli.budget import _flag as flag  # noqa: F401
