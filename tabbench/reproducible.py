"""The same numbers on every machine: CPU kernel selection, thread counts, seeds and deterministic algorithms.

Two runs on one machine agree once seeds are fixed; runs on two machines agree only if the math libraries also
take the same code path on both processors. ``configure`` pins those choices, and must run before torch is
imported (the libraries read them when they load):

- ``MKL_CBWR=COMPATIBLE``: MKL's conditional numerical reproducibility on its one branch that MKL supports on
  Intel and AMD alike (its ISA-named branches, e.g. ``AVX2``, fall back to per-processor dispatch on AMD);
  torch's CPU matrix products run in MKL;
- ``ATEN_CPU_CAPABILITY=avx2``: ATen's element-wise and reduction kernels use their AVX2 build on every x86-64
  processor that has AVX2 (without it, an AVX-512 machine would take different kernels from an AVX2 one);
  ``ONEDNN_MAX_CPU_ISA=AVX2`` caps oneDNN the same way;
- ``OPENBLAS_CORETYPE=Prescott`` on x86-64: OpenBLAS (numpy's BLAS) picks one kernel set, not the CPU's best;
- a fixed thread count (``OMP_NUM_THREADS``, ``MKL_NUM_THREADS``, ``torch.set_num_threads``): parallel
  reductions split their work by thread, so the sum order, and the last bits, depend on it;
- ``torch.use_deterministic_algorithms(True)`` (without its NaN-filling of new tensors, which halves the speed
  of a small model and changes no result) and seeded ``random``, numpy and torch generators.

A processor without AVX2, or a non-x86 one, cannot take these paths: ``configure`` says so, and its numbers
may differ in the last digits. The price of the pins is speed (MKL's compatible branch is about half as fast as
its best one here): the demo measures it (see plugins/tabbench_demo/README.md).
"""

from __future__ import annotations

import os
import platform
import random
import sys
import warnings
from dataclasses import dataclass

from tabbench.contract.errors import ConfigError

DEFAULT_THREADS = 2  # the demo's reference machine: results are the same on any machine with this setting
# read once, when the math libraries load (the thread counts are also set through torch at run time)
LOAD_TIME = ("MKL_CBWR", "MKL_DYNAMIC", "ATEN_CPU_CAPABILITY", "ONEDNN_MAX_CPU_ISA", "OPENBLAS_CORETYPE")


def kernel_environment(threads: int = DEFAULT_THREADS) -> dict[str, str]:
    """The environment variables that fix kernel selection and thread counts."""
    env = {
        "MKL_CBWR": "COMPATIBLE",
        "MKL_DYNAMIC": "FALSE",
        "ATEN_CPU_CAPABILITY": "avx2",
        "ONEDNN_MAX_CPU_ISA": "AVX2",
        "OMP_NUM_THREADS": str(threads),
        "MKL_NUM_THREADS": str(threads),
        "OPENBLAS_NUM_THREADS": str(threads),
        "TOKENIZERS_PARALLELISM": "false",
        "CUBLAS_WORKSPACE_CONFIG": ":4096:8",  # harmless on CPU; required for deterministic cuBLAS
    }
    if platform.machine().lower() in ("x86_64", "amd64"):
        env["OPENBLAS_CORETYPE"] = "Prescott"
    return env


@dataclass(frozen=True)
class Pinning:
    """What ``configure`` could not pin. ``late``: settings the math libraries had read before they were set
    (torch was imported first), so this process cannot be reproducible at all; ``processor``: why this processor
    cannot take the pinned kernels, so its numbers may differ from other machines' (runs on it still repeat)."""

    late: tuple[str, ...] = ()
    processor: str | None = None

    def notes(self) -> list[str]:
        """One line per problem (empty when the run should match every other machine's)."""
        notes = [f"torch was imported before {', '.join(self.late)} were set"] if self.late else []
        return notes + ([self.processor] if self.processor else [])


def configure(seed: int, threads: int = DEFAULT_THREADS) -> Pinning:
    """Pin kernels, threads and seeds for a reproducible CPU run, and say what could not be pinned."""
    env = kernel_environment(threads)
    late: tuple[str, ...] = ()
    if "torch" in sys.modules:
        late = tuple(sorted(k for k, v in env.items() if os.environ.get(k) != v and k in LOAD_TIME))
    os.environ.update(env)
    import torch

    capability = torch.backends.cpu.get_cpu_capability()
    processor = None
    if capability != "AVX2" and "ATEN_CPU_CAPABILITY" not in late:
        processor = f"this processor runs ATen's {capability} kernels, not the pinned AVX2 ones"
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    torch.utils.deterministic.fill_uninitialized_memory = False
    seed_all(seed)
    return Pinning(late, processor)


def require(seed: int, threads: int = DEFAULT_THREADS) -> None:
    """``configure`` for ``--reproducible``: a setting that came too late is a ``ConfigError`` (only a fresh
    process can fix it); a processor without the pinned kernels is a warning (its runs still repeat)."""
    pinning = configure(seed, threads)
    if pinning.late:
        raise ConfigError(f"reproducible run: {pinning.notes()[0]}; run it in a fresh process")
    if pinning.processor:
        warnings.warn(f"reproducible run: {pinning.processor}; results repeat on this machine but may differ "
                      "from other machines'", stacklevel=2)


def seed_all(seed: int) -> None:
    """Seed Python's, numpy's (when installed) and torch's generators."""
    import torch

    random.seed(seed)
    torch.manual_seed(seed)
    try:
        import numpy

        numpy.random.seed(seed % 2**32)
    except ImportError:
        pass
