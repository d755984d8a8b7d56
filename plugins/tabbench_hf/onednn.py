"""Linear layers through oneDNN with weights packed once, for generation on a CPU.

torch's CPU ``linear`` in float32 calls MKL's sgemm, and MKL runs slow code paths on AMD processors. oneDNN (also
inside torch) JIT-compiles its kernels for the CPU it finds, and with its weights reordered once into its own
blocked layout it skips the per-call packing too. Measured on the 2-core AMD EPYC (AVX-512) this project is built
on, two threads: SmolLM2-135M's 30 MLP up-projections (576 x 1536) took 13.5 ms through ``linear`` and 3.6 ms
packed for a 16-row decode step, 134 ms and 56 ms for a 480-row prefill; ``tabbench eval`` of 48 Spider questions
generated in 6.2 s instead of 14.8 s, with the same 48 completions. On Intel processors MKL is fast and the gain
is smaller (not measured here). The results differ from ``linear``'s in the last bits (1e-6 here), as with another
thread count, and like the thread count the setting is not part of the backend's fingerprint.

The packed layout and the op are what inductor's CPU freezing uses (``torch.ops.mkldnn._reorder_linear_weight``
and ``_linear_pointwise``): private torch API. ``available`` runs one small layer both ways before anything is
packed, and a torch without them, or whose result differs, keeps torch's own layers. A model whose own code reads a
layer's ``weight`` (Mamba's ``dt_proj``, some mixtures of experts) cannot run packed: ``pack`` tries the packed
model once and puts the layers back if it fails. Each case logs one line.
"""

from __future__ import annotations

import ctypes
import functools
import logging
from collections.abc import Callable
from typing import Any

import torch

log = logging.getLogger("tabbench.hf")


class PackedLinear(torch.nn.Module):
    """``nn.Linear``'s forward with its weight in oneDNN's layout, for inference: the packed weight has no gradient,
    and the layer's own weight is dropped (a weight tied to the input embedding stays there, so a tied output layer
    costs one copy: 113 MB for SmolLM2-135M)."""

    def __init__(self, linear: torch.nn.Linear) -> None:
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.packed = torch.ops.mkldnn._reorder_linear_weight(linear.weight.detach())
        self.bias = linear.bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.ops.mkldnn._linear_pointwise(x, self.packed, self.bias, "none", [], "")

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


@functools.cache
def available() -> bool:
    """Whether this torch packs and runs a float32 linear through oneDNN with ``linear``'s result."""
    try:
        if not torch.backends.mkldnn.is_available():
            return False
        generator = torch.Generator().manual_seed(0)
        layer = torch.nn.Linear(64, 48, dtype=torch.float32)
        x = torch.randn(5, 3, 64, generator=generator)
        with torch.inference_mode():
            gap = (PackedLinear(layer)(x) - layer(x)).abs().max().item()
    except (AttributeError, RuntimeError, NotImplementedError) as exc:
        log.warning("hf: onednn: this torch cannot pack linear weights (%s); using torch's linear", exc)
        return False
    if gap > 1e-4:
        log.warning("hf: onednn: this torch's packed linear differs from its linear by %.2g; using torch's linear",
                    gap)
        return False
    return True


def pack(model: Any, check: Callable[[], object]) -> int:
    """Replace the float32 ``nn.Linear`` layers of ``model`` (on the CPU) by ``PackedLinear`` and run ``check`` (a
    short generation); if it raises, the layers are put back. Returns the number of layers left packed.

    Layers inside a peft LoRA layer keep torch's linear: peft reads their ``weight`` as it runs.
    """
    tuned = _tuner_layers(model)
    names = [name for name, module in model.named_modules()
             if type(module) is torch.nn.Linear and module.weight.dtype == torch.float32
             and module.weight.device.type == "cpu" and not any(name.startswith(t + ".") for t in tuned)]
    originals = {name: model.get_submodule(name) for name in names}
    for name, linear in originals.items():
        _put(model, name, PackedLinear(linear))
    try:
        check()
    except Exception as exc:  # the model's own code reads a layer's weight (AttributeError), or worse
        for name, linear in originals.items():
            _put(model, name, linear)
        log.warning("hf: onednn: %s does not run with packed linear layers (%s: %s); using torch's linear",
                    type(model).__name__, type(exc).__name__, " ".join(str(exc).split())[:200])
        return 0
    originals.clear()
    _trim_heap()
    log.info("hf: onednn: %d linear layers packed", len(names))
    return len(names)


def _put(model: Any, name: str, module: torch.nn.Module) -> None:
    parent, _, child = name.rpartition(".")
    setattr(model.get_submodule(parent) if parent else model, child, module)


def _trim_heap() -> None:
    """Give the replaced weights' memory back to the system: glibc keeps freed blocks of their size in its heap
    (SmolLM2-135M loaded from bfloat16: 1,346 MB of anonymous memory after packing, 935 MB after the trim)."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to trim this way
        pass


def _tuner_layers(model: Any) -> list[str]:
    try:
        from peft.tuners.tuners_utils import BaseTunerLayer
    except ImportError:
        return []
    return [name for name, module in model.named_modules() if isinstance(module, BaseTunerLayer)]
