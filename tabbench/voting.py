"""0.1.0's ``tabbench.voting``, now ``tabbench.evaluation.voting``: its names work until 0.3.0, each with a
``DeprecationWarning`` naming the new one (``docs/api.md``)."""

from tabbench.contract.deprecation import module_getattr

__getattr__ = module_getattr(__name__)
