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
layer's ``weight`` (Mamba's ``dt_proj``, some mixtures of experts) cannot run packed: ``pack`` runs the model once
with the weights out of reach first and keeps torch's layers if that fails. Each case logs one line.
"""

from __future__ import annotations

import ctypes
import functools
import logging
import warnings
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
    """Replace the float32 ``nn.Linear`` layers of ``model`` (on the CPU) by ``PackedLinear``, once ``check`` (a
    short generation) has run with every layer's ``weight`` out of the model's reach; if it raises, the layers stay
    torch's. Returns the number of layers packed.

    The check runs before anything is packed, so no layer is ever held twice; each original is freed as its packed
    copy replaces it. Layers inside a peft LoRA layer keep torch's linear: peft reads their ``weight`` as it runs.
    """
    tuned = _tuner_layers(model)
    names = [name for name, module in model.named_modules()
             if type(module) is torch.nn.Linear and module.weight.dtype == torch.float32
             and module.weight.device.type == "cpu" and not any(name.startswith(t + ".") for t in tuned)]
    for name in names:
        _put(model, name, _Unweighted(model.get_submodule(name)))
    try:
        with warnings.catch_warnings():  # the check's own generation settings are not the run's
            warnings.simplefilter("ignore")
            check()
    except Exception as exc:  # the model's own code reads a layer's weight (AttributeError), or worse
        for name in names:
            _put(model, name, model.get_submodule(name).linear)
        log.warning("hf: onednn: %s does not run with packed linear layers (%s: %s); using torch's linear",
                    type(model).__name__, type(exc).__name__, " ".join(str(exc).split())[:200])
        return 0
    packed = 0
    for name in names:
        linear = model.get_submodule(name).linear
        try:
            _put(model, name, PackedLinear(linear))
            packed += 1
        except RuntimeError:  # a shape oneDNN cannot pack (an empty layer): torch's own
            _put(model, name, linear)
        del linear
    _trim_heap()
    log.info("hf: onednn: %d linear layers packed", packed)
    return packed


class _Unweighted(torch.nn.Module):
    """A layer as ``pack`` checks the model with it: torch's linear, but, like ``PackedLinear``, no ``weight`` in
    reach (the original is held in a tuple, which ``nn.Module`` does not register)."""

    def __init__(self, linear: torch.nn.Linear) -> None:
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.bias = linear.bias
        self._held = (linear,)

    @property
    def linear(self) -> torch.nn.Linear:
        return self._held[0]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self._held[0](x)


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
