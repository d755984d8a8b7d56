"""0.1.0's home of the rollout budget options, now ``tabbench.cli.options`` (only commands import click): its
names keep working until 0.3.0 with a ``DeprecationWarning``."""

from tabbench.contract.deprecation import module_getattr

__getattr__ = module_getattr(__name__)
