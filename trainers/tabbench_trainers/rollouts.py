"""GRPO rollouts through transformers' compiled decoding (``--compile``), timed apart from their warm-up.

TRL 1.16's ``GRPOTrainer`` builds its generation config with ``disable_compile=True`` (and a
``generation_kwargs`` entry cannot undo it: TRL passes both to ``GenerationConfig``), so its rollouts never
compile. ``compile_rollouts`` turns that config, once the trainer is built, into the ``hf`` backend's compiled
path (``tabbench.decoding``): a static key/value cache sized to the longest prompt plus
``--max-completion-length`` rounded up to a bucket (one length for the whole run), and a compiled decode step.
TRL's continuous batching is not used: measured 2.4x slower than TRL's eager generation on one H200 (issue 31).

The weights change every step. The compiled step reads the model's parameters as inputs (CUDA graphs read
them in place, where the optimizer writes), so a rollout samples from the current weights; a test changes a
weight and checks that the next samples change with it.
"""

from __future__ import annotations

from typing import Any

from tabbench import decoding, training

CHOICES = ("auto", "true", "false")


def wanted(choice: str, device: str, use_vllm: bool) -> bool:
    """Whether ``--compile CHOICE`` compiles rollouts: ``auto`` means on CUDA; vLLM generates on its own."""
    if use_vllm or choice == "false":
        return False
    if choice == "true":
        return True
    import torch

    return device in ("cuda", "auto") and torch.cuda.is_available()


def compile_rollouts(trainer: Any, max_prompt_tokens: int, max_completion_length: int) -> str | None:
    """Make ``trainer`` (a TRL ``GRPOTrainer``) generate through a static cache and a compiled decode step;
    returns why it cannot (the trainer then generates as TRL does), else ``None``."""
    why_not = decoding.cannot_compile(trainer.model)
    if why_not:
        return why_not
    options = decoding.static_cache_options(trainer.model, max_prompt_tokens + max_completion_length)
    config = trainer.generation_config
    config.disable_compile = False
    for key, value in options.items():
        setattr(config, key, value)
    # TRL also writes these keywords over the model's own generation config while it generates
    trainer.generation_kwargs = {**trainer.generation_kwargs, "cache_implementation": "static"}
    return None


def time_rollouts(trainer: Any) -> decoding.CallClock:
    """Time every rollout ``generate`` call of ``trainer``, compile calls (warm-up) apart from the others. A
    compiled call that fails (a compiler error, a setup the compiler cannot trace) prints one line, and this and
    every later rollout generate as TRL does; ``clock.fallback`` says why."""
    clock = decoding.CallClock()
    model = trainer.model
    generate = model.generate

    def timed_generate(*args: Any, **kwargs: Any) -> Any:
        config = trainer.generation_config
        if config.disable_compile:
            return clock.timed(generate, *args, **kwargs)
        try:
            return clock.timed(generate, *args, **kwargs)
        except Exception as exc:
            clock.fallback = f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
            training.echo(f"grpo: --compile: compiled rollouts failed ({clock.fallback}); generating eagerly from "
                          "now on")
            config.disable_compile = True
            config.cache_implementation = trainer.generation_kwargs["cache_implementation"] = None
            config.max_cache_len = None
            return clock.timed(generate, *args, **kwargs)

    model.generate = timed_generate  # TRL calls the unwrapped model's generate: the same object on one process
    return clock
