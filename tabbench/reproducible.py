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


def configure(seed: int, threads: int = DEFAULT_THREADS) -> list[str]:
    """Pin kernels, threads and seeds for a reproducible CPU run.

    Returns why this run may differ from the same run on another machine (empty when it should not): settings
    that came too late (torch was imported before them, so the libraries have read their environment already:
    start a fresh process), or a processor that cannot take the pinned kernels.
    """
    env = kernel_environment(threads)
    problems = []
    if "torch" in sys.modules:
        stale = sorted(k for k, v in env.items() if os.environ.get(k) != v and k in LOAD_TIME)
        if stale:
            problems.append(f"torch was imported before {', '.join(stale)} were set")
    os.environ.update(env)
    import torch

    capability = torch.backends.cpu.get_cpu_capability()
    if capability != "AVX2" and not any("ATEN_CPU_CAPABILITY" in p for p in problems):
        problems.append(f"this processor runs ATen's {capability} kernels, not the pinned AVX2 ones")
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    torch.utils.deterministic.fill_uninitialized_memory = False
    seed_all(seed)
    return problems


def require(seed: int, threads: int = DEFAULT_THREADS) -> None:
    """``configure``, raising ``ConfigError`` when the run cannot be reproducible (``--reproducible`` asks for
    it)."""
    problems = configure(seed, threads)
    if problems:
        raise ConfigError(f"reproducible run: {'; '.join(problems)} (a setting that came too late needs a fresh "
                          "process)")


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
