"""0.1.0's ``tabbench.tinymodel``, now the demo plugin's (``tabbench models build-tiny``): ``build_tiny_model`` and
``TinySpec`` work until 0.3.0 with a ``DeprecationWarning`` naming ``tabbench.testing.build_tiny_model``
(``docs/api.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabbench.contract.deprecation import deprecated, kept, module_getattr


@deprecated("use the keyword arguments of tabbench.testing.build_tiny_model", category=None)
@dataclass(frozen=True)
class _TinySpec:
    """0.1.0's ``TinySpec``: the sizes of the tiny test model (the demo plugin builds it now)."""

    vocab_size: int = 512
    hidden_size: int = 256
    num_hidden_layers: int = 4
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 768
    max_position_embeddings: int = 1024
    seed: int = 0


@deprecated("use tabbench.testing.build_tiny_model(path, corpus, seed=..., **sizes)", category=None)
def _build_tiny_model(path: str | Path, corpus: Sequence[str] | None = None, spec: _TinySpec = _TinySpec()) -> Path:
    """0.1.0's ``build_tiny_model``: ``tabbench.testing.build_tiny_model`` with ``spec``'s sizes (built through
    ``tabbench.build_tiny``, which needs no pytest, as 0.1's did not)."""
    from tabbench.build_tiny import build_tiny_model as build

    return build(path, corpus, **asdict(spec))


_OLD = {"build_tiny_model": kept(_build_tiny_model), "TinySpec": kept(_TinySpec)}
__all__ = sorted(_OLD)  # ``from tabbench.tinymodel import *``: 0.1's names, each warning
__getattr__ = module_getattr(__name__, _OLD)
if TYPE_CHECKING:  # for type checkers: the old behaviours kept are marked deprecated (PEP 702)
    from tabbench.tinymodel import _build_tiny_model as build_tiny_model  # noqa: F401
    from tabbench.tinymodel import _TinySpec as TinySpec  # noqa: F401
