"""tabbench plugin: the oracle model backend ``gold`` (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("gold", "tabbench_oracles.backends:GoldBackend",
             description="answers with each example's reference (sanity check: should score 100%)")
