"""tabbench plugin: the ``hf`` model backend (transformers, local checkpoints only; hookimpls only, light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("hf", "tabbench_hf.backend:HFBackend",
             description="transformers AutoModelForCausalLM from a local path (chat template, batched, LoRA via peft)")
