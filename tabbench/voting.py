"""0.1.0's ``tabbench.voting``, now ``tabbench.evaluation.voting``: its names work until 0.3.0, each with a
``DeprecationWarning`` naming the new one (``docs/api.md``)."""

from tabbench.contract.deprecation import DEPRECATED, module_getattr

__all__ = sorted(DEPRECATED[__name__])  # ``from tabbench.voting import *``: 0.1's names, each warning
__getattr__ = module_getattr(__name__)
