"""The same numbers on every machine: CPU kernel selection, thread counts, seeds and deterministic algorithms.

Two runs on one machine agree once seeds are fixed; runs on two machines agree only if the math libraries also
take the same code path on both processors. ``configure`` pins those choices, and must run before torch is
imported (the libraries read them when they load):

- ``MKL_CBWR=COMPATIBLE``: MKL's conditional numerical reproducibility, one instruction path on every x86 CPU
  (torch's CPU matrix products run in MKL);
- ``ATEN_CPU_CAPABILITY=default``: ATen's element-wise and reduction kernels without AVX2/AVX-512
  specialisations, which otherwise depend on the processor;
- ``OPENBLAS_CORETYPE=Prescott`` on x86-64: OpenBLAS (numpy's BLAS) picks one kernel set, not the CPU's best;
- a fixed thread count (``OMP_NUM_THREADS``, ``MKL_NUM_THREADS``, ``torch.set_num_threads``): parallel
  reductions split their work by thread, so the sum order, and the last bits, depend on it;
- ``torch.use_deterministic_algorithms(True)`` and seeded ``random``, numpy and torch generators.

The price is speed (no vector kernels in ATen): the demo measures it (see plugins/tabbench_demo/README.md).
"""

from __future__ import annotations

import os
import platform
import random
import sys

from tabbench.contract.errors import ConfigError

DEFAULT_THREADS = 2  # the demo's reference machine: results are the same on any machine with this setting
# read once, when the math libraries load (the thread counts are also set through torch at run time)
LOAD_TIME = ("MKL_CBWR", "MKL_DYNAMIC", "ATEN_CPU_CAPABILITY", "OPENBLAS_CORETYPE")


def kernel_environment(threads: int = DEFAULT_THREADS) -> dict[str, str]:
    """The environment variables that fix kernel selection and thread counts."""
    env = {
        "MKL_CBWR": "COMPATIBLE",
        "MKL_DYNAMIC": "FALSE",
        "ATEN_CPU_CAPABILITY": "default",
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

    Returns the settings that came too late: torch was imported before they were set, so the libraries have
    read their environment already (empty when the run is reproducible; otherwise start a fresh process).
    """
    env = kernel_environment(threads)
    stale = []
    if "torch" in sys.modules:
        stale = sorted(k for k, v in env.items() if os.environ.get(k) != v and k in LOAD_TIME)
    os.environ.update(env)
    import torch

    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    seed_all(seed)
    return stale


def require(seed: int, threads: int = DEFAULT_THREADS) -> None:
    """``configure``, raising ``ConfigError`` when a setting came too late (``--reproducible`` asks for it)."""
    stale = configure(seed, threads)
    if stale:
        raise ConfigError(f"reproducible run: torch was imported before {', '.join(stale)} were set; "
                          "run it in a fresh process")


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
