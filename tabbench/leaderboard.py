"""0.1.0's ``tabbench.leaderboard``, now ``tabbench.reporting.leaderboard``: its names work until 0.3.0, each with
a ``DeprecationWarning`` naming the new one (``docs/api.md``)."""

from tabbench.contract.deprecation import module_getattr

__getattr__ = module_getattr(__name__)
