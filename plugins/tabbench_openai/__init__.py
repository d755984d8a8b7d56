"""tabbench plugin: the ``openai`` backend for OpenAI-compatible servers (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("openai", "tabbench_openai.backend:OpenAIBackend",
             description="any OpenAI-compatible server (vllm serve, SGLang, transformers serve): chat or completions")
