"""Compiled decoding through transformers' own machinery: a static key/value cache and a ``torch.compile``d
decode step (CUDA graphs on a GPU), shared by the ``hf`` backend and GRPO's rollouts.

A small model's decode step is bound by kernel launches, not arithmetic: on one H200, SmolLM2-135M decoded
Spider prompts 4-5x faster with ``generate(cache_implementation="static")`` (compiled) than eagerly (issue 31).
Each new static cache length or batch size compiles again, so cache lengths are rounded up to ``CACHE_BUCKET``
tokens (transformers keeps the longest cache it has seen and reuses it), and the calls during which torch
compiled a graph are timed apart (``CallClock``): a warm figure is never mixed with compile time.

torch and transformers are imported inside the functions (heavy libraries load only when used).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

CACHE_BUCKET = 256  # static cache lengths are multiples of this: each new length compiles again
T = TypeVar("T")


def cannot_compile(model: Any) -> str | None:
    """Why compiled decoding cannot run for ``model`` (``None`` when it can): a torch that cannot compile on
    this Python, or an architecture transformers does not declare compilable with a static cache."""
    import torch

    try:
        import torch._dynamo

        supported = torch._dynamo.is_dynamo_supported()
    except (ImportError, AttributeError):
        supported = False
    if not supported:
        return f"torch {torch.__version__} cannot compile on this Python"
    base = getattr(model, "get_base_model", lambda: model)()  # peft wraps the base model
    if not getattr(base, "_can_compile_fullgraph", False):
        return f"{type(base).__name__} does not support a static cache with torch.compile"
    return None


def bucketed(length: int) -> int:
    """``length`` rounded up to a multiple of ``CACHE_BUCKET``."""
    return -(-max(1, length) // CACHE_BUCKET) * CACHE_BUCKET


def compile_config(device_type: str) -> Any:
    """transformers' ``CompileConfig`` for ``generate``: CUDA graphs (``reduce-overhead``) on a GPU; elsewhere
    inductor's default mode, flagged so transformers compiles off an accelerator too (it does not by default)."""
    from transformers import CompileConfig

    cuda = device_type == "cuda"
    config = CompileConfig(mode="reduce-overhead" if cuda else "default")
    config._compile_all_devices = not cuda
    return config


def static_cache_options(model: Any, length: int) -> dict[str, Any]:
    """``generate`` keywords for a compiled decode step over a static cache of at least ``length`` positions
    (bucketed; a transformers without ``max_cache_len`` sizes it per call and keeps the longest)."""
    from transformers import GenerationConfig

    options: dict[str, Any] = {"cache_implementation": "static", "compile_config": compile_config(model.device.type)}
    if hasattr(GenerationConfig(), "max_cache_len"):
        options["max_cache_len"] = bucketed(length)
    return options


def graphs_compiled() -> int:
    """How many graphs torch has compiled in this process (dynamo's counter; 0 where torch does not keep one)."""
    try:
        from torch._dynamo.utils import counters
    except ImportError:
        return 0
    return int(counters["stats"]["unique_graphs"])


class CallClock:
    """Seconds spent in generation calls, split: a call during which torch compiled a graph (the first one, a
    new cache length or batch size) is warm-up, every other one generation."""

    def __init__(self) -> None:
        self.warmup_seconds = 0.0
        self.warmup_calls = 0
        self.seconds = 0.0
        self.calls = 0
        self.fallback: str | None = None  # why compiled calls stopped (the caller's fallback), if they did

    def timed(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        before, start = graphs_compiled(), time.perf_counter()
        result = call(*args, **kwargs)
        spent = time.perf_counter() - start
        if graphs_compiled() != before:
            self.warmup_seconds += spent
            self.warmup_calls += 1
        else:
            self.seconds += spent
            self.calls += 1
        return result

    def record(self) -> dict[str, float | int]:
        return {"warmup_seconds": round(self.warmup_seconds, 3), "warmup_calls": self.warmup_calls,
                "seconds": round(self.seconds, 3), "calls": self.calls}
