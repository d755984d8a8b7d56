"""CPU threads for generation on a machine other processes share.

torch runs its CPU kernels on GNU OpenMP threads, which by default spin at the end of every parallel region until
the last thread arrives. When the cores are taken by other processes, the thread being waited for is off the CPU
for a whole time slice while the others spin away the slices it needs: measured on a shared 2-core machine
(SmolLM2-135M, 16 Spider dev prompts, 16 new tokens), two spinning threads used 62 CPU seconds and 224 s where
one thread used 5 CPU seconds and 13 s, and two threads with ``OMP_WAIT_POLICY=PASSIVE`` (a thread that waits
sleeps) 6.6 CPU seconds and 19 s. Two remedies, both here:

- ``import_torch``: the first import of torch in the process (OpenMP reads its settings when torch loads) is made
  with waiting threads that spin briefly, then sleep (``WAIT``: ``OMP_WAIT_POLICY=PASSIVE`` for any OpenMP, and
  GNU OpenMP's ``GOMP_SPINCOUNT=3000``, about 30 microseconds, in place of the 0 spins PASSIVE means there),
  unless the user chose how threads wait (``OMP_WAIT_POLICY`` or ``GOMP_SPINCOUNT``); the variables are put
  back afterwards, so child processes do not inherit them. Once linear layers ran through oneDNN
  (``tabbench_hf.onednn``) a decode step's kernels became short enough that sleeping at once cost a third of
  the idle speed: ``benchmarks/cpu_contention.py`` (SmolLM2-135M, 48 Spider questions, 2 cores) generated in
  9.2 s idle and 25.8 s under load with 0 spins, 6.6 s and 24.4 s with 3,000, 7.0 s and 25.0 s with 30,000;
- ``FreeCores``: the thread count of a larger model follows the cores other processes leave free, measured from
  ``/proc/stat`` over this process's own generation (its SQL workers, idle then, do not count), at least one:
  all of them on an idle machine, one when other processes keep the cores busy.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

PROBE_SECONDS = 0.3  # the first window, before any generation: how busy the machine is without us
WAIT = {"OMP_WAIT_POLICY": "PASSIVE", "GOMP_SPINCOUNT": "3000"}  # how torch's waiting threads wait (import_torch)


def import_torch() -> Any:
    """``import torch``, with OpenMP's waiting threads spinning briefly, then sleeping (``WAIT``) when torch was not
    loaded yet and the user chose no way of waiting."""
    if "torch" in sys.modules or "OMP_WAIT_POLICY" in os.environ or "GOMP_SPINCOUNT" in os.environ:
        import torch

        return torch
    os.environ.update(WAIT)
    try:
        import torch
    finally:
        for key in WAIT:  # read by OpenMP as torch loaded; child processes need not inherit them
            del os.environ[key]
    return torch


def usable_cores() -> int:
    """The cores this process may run on (its affinity mask)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def system_cpu_seconds(stat: str | None = None) -> tuple[float, float] | None:
    """``(busy, total)`` CPU seconds of the whole machine since boot, from ``/proc/stat``'s ``cpu`` line (``None``
    where there is none): busy is user, nice, system, irq, softirq and steal; total adds idle and iowait."""
    if stat is None:
        try:
            with open("/proc/stat", encoding="ascii") as handle:
                stat = handle.readline()
        except OSError:
            return None
    fields = stat.split()
    if not fields or fields[0] != "cpu" or len(fields) < 8:
        return None
    ticks = [int(v) for v in fields[1:9]] + [0] * (8 - len(fields[1:9]))
    user, nice, system, idle, iowait, irq, softirq, steal = ticks
    hertz = os.sysconf("SC_CLK_TCK")
    busy = user + nice + system + irq + softirq + steal
    return busy / hertz, (busy + idle + iowait) / hertz


def free_cores(busy: float, total: float, own: float, cores: int, machine_cores: int) -> int:
    """Threads for the next generation, from one window: ``busy`` and ``total`` CPU seconds of the machine,
    ``own`` of this process; the cores the others left free, rounded, within 1 and ``cores``."""
    if total <= 0:
        return cores
    others = max(0.0, busy - own) * machine_cores / total  # cores the other processes kept busy
    return max(1, min(cores, int(machine_cores - others + 0.5)))


class FreeCores:
    """The thread count that follows what other processes leave free: ``start`` before a generation, ``threads``
    after it (then ``start`` again). Without ``/proc/stat``, every usable core."""

    def __init__(self) -> None:
        self.cores = usable_cores()
        self.machine_cores = os.cpu_count() or self.cores
        self._mark: tuple[float, float, float] | None = None

    def start(self) -> None:
        now = system_cpu_seconds()
        self._mark = None if now is None else (*now, time.process_time())

    def threads(self) -> int:
        """The free cores over the window since ``start`` (all usable cores when it cannot tell)."""
        now = system_cpu_seconds()
        if now is None or self._mark is None:
            return self.cores
        busy, total, own = now[0] - self._mark[0], now[1] - self._mark[1], time.process_time() - self._mark[2]
        return free_cores(busy, total, own, self.cores, self.machine_cores)

    def probe(self) -> int:
        """The free cores now, over ``PROBE_SECONDS`` of this process idle (before its first generation)."""
        self.start()
        time.sleep(PROBE_SECONDS)
        return self.threads()
