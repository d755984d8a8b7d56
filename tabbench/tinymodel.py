"""0.1.0's ``tabbench.tinymodel``, now the demo plugin's (``tabbench models build-tiny``): ``build_tiny_model`` and
``TinySpec`` work until 0.3.0 with a ``DeprecationWarning`` naming ``tabbench.testing.build_tiny_model``
(``docs/api.md``)."""

from tabbench.contract.deprecation import DEPRECATED, module_getattr

__all__ = sorted(DEPRECATED[__name__])  # ``from tabbench.tinymodel import *``: 0.1's names, each warning
__getattr__ = module_getattr(__name__)
