"""tabbench plugin: the oracle model backends ``gold`` and ``predictions`` (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("gold", "tabbench_oracles.backends:GoldBackend",
             description="answers with each example's reference (sanity check: should score 100%)")
    register("predictions", "tabbench_oracles.backends:PredictionsBackend",
             description="completions read from a file or folder: JSONL {id, completion(s)} or the official format")
