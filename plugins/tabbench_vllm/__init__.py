"""tabbench plugin: the ``vllm`` backend (hookimpls only; vLLM is imported only when a model is loaded)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_models(register):
    register("vllm", "tabbench_vllm.backend:VLLMBackend",
             description="vLLM offline LLM.generate from a local path (GPU; pip install 'tabbench[vllm]')")
