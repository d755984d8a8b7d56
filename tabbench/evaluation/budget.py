"""0.1.0's home of the rollout budget options, now ``tabbench.cli.options`` (only commands import click): its
names keep working until 0.3.0 with a ``DeprecationWarning``, imported from there only when one is used
(``tests/test_layering.py`` allows this one import up a tier)."""

from types import ModuleType

from tabbench.contract.deprecation import TYPEVAR_REPLACEMENT, Deprecated, module_getattr, moved


def _cli_options() -> ModuleType:
    from tabbench.cli import options

    return options


__getattr__ = module_getattr(__name__, {
    **moved(_cli_options, ("BUDGET_OPTIONS", "NEED_ENV", "budget_from", "budget_options"), "tabbench.cli.options"),
    "F": Deprecated(lambda: _cli_options().F, TYPEVAR_REPLACEMENT),
})
