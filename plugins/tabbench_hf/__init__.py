"""tabbench plugin: the ``hf`` model backend (transformers, local checkpoints only; hookimpls only, light imports)."""

from __future__ import annotations

from typing import Any

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("hf", "tabbench_hf.backend:HFBackend",
             description="transformers AutoModelForCausalLM from a local path (chat template, batched, LoRA via peft)")


@tabbench.hookimpl
def default_backend(model: str) -> str:
    """A local checkpoint folder is served by ``hf`` unless a plugin registered later answers first."""
    return "hf"


@tabbench.hookimpl
def register_commands(cli: Any) -> None:
    """``tabbench models import-gguf``, imported only when it runs."""
    cli.add_lazy_command("import-gguf", "tabbench_hf.commands:import_gguf_command",
                         "Convert a GGUF file (llama.cpp) into a transformers checkpoint folder.", parent="models")
