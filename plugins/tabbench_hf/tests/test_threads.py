"""CPU threads on a shared machine (``tabbench_hf.threads``): torch loads with OpenMP's waiting threads asleep,
and a larger model's thread count follows the cores other processes leave free; ``tabbench eval --threads N``
fixes it. Timings are ``benchmarks/cpu_contention.py``'s (a test asserts the settings, not the seconds)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tabbench_hf import backend as hf_backend
from tabbench_hf.backend import HFBackend
from tabbench_hf.threads import FreeCores, free_cores, system_cpu_seconds

from tabbench import Example, GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model


def test_free_cores_leaves_out_this_processs_own_use():
    assert free_cores(busy=0.1, total=2.0, own=0.0, cores=2, machine_cores=2) == 2  # idle: every core
    assert free_cores(busy=1.9, total=2.0, own=0.0, cores=2, machine_cores=2) == 1  # others keep both busy: one
    assert free_cores(busy=1.9, total=2.0, own=1.8, cores=2, machine_cores=2) == 2  # the busy one was us
    assert free_cores(busy=1.2, total=2.0, own=0.0, cores=2, machine_cores=2) == 1  # one other core's worth
    assert free_cores(busy=4.0, total=8.0, own=0.0, cores=2, machine_cores=8) == 2  # a big machine half busy
    assert free_cores(busy=1.0, total=0.0, own=0.0, cores=4, machine_cores=4) == 4  # no time passed: all


def test_proc_stat_is_read_as_busy_and_total_seconds():
    hertz = os.sysconf("SC_CLK_TCK")
    busy, total = system_cpu_seconds("cpu  100 5 20 800 10 3 2 0 0 0\n")
    assert (busy * hertz, total * hertz) == (pytest.approx(130), pytest.approx(940))
    assert system_cpu_seconds("intr 1 2 3\n") is None


def _spin_count(stderr: str) -> str:
    """GNU OpenMP's spin count as it loaded (``OMP_DISPLAY_ENV=VERBOSE``): 0 when waiting threads sleep at once
    (``OMP_WAIT_POLICY=PASSIVE``), 300000 by default (its display says PASSIVE for both), 3000 as tabbench loads
    torch."""
    [count] = [line.split("=", 1)[1].strip() for line in stderr.splitlines() if "GOMP_SPINCOUNT =" in line]
    return count


def _torch_loads_with(code: str, **env: str) -> str:
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env={**{k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")},
                              "OMP_DISPLAY_ENV": "VERBOSE", **env})
    assert run.returncode == 0, run.stderr[-800:]
    return _spin_count(run.stderr) + "|" + run.stdout.strip()


def test_torch_loads_with_waiting_threads_soon_asleep_and_children_do_not_inherit_it():
    code = ("import os; from tabbench_hf.threads import import_torch; import_torch(); "
            "print(os.environ.get('OMP_WAIT_POLICY'), os.environ.get('GOMP_SPINCOUNT'))")
    assert _torch_loads_with("import torch; print(None, None)") == "'300000'|None None"  # torch alone: spinning
    assert _torch_loads_with(code) == "'3000'|None None"
    assert _torch_loads_with(code, OMP_WAIT_POLICY="ACTIVE") == "'30000000000'|ACTIVE None"  # the user's choice
    assert _torch_loads_with(code, OMP_WAIT_POLICY="PASSIVE") == "'0'|PASSIVE None"
    assert _torch_loads_with(code, GOMP_SPINCOUNT="300000") == "'300000'|None 300000"  # GNU OpenMP's default


@pytest.mark.slow  # builds a tiny model, runs tabbench eval in a new process
def test_tabbench_eval_loads_torch_through_it_and_threads_reach_the_backend(tmp_path: Path):
    model = build_tiny_model(tmp_path / "tiny")
    out = tmp_path / "run"
    run = subprocess.run([sys.executable, "-m", "tabbench", "eval", "--model", str(model), "--benchmark", "demo-bird",
                          "--limit", "1", "--max-new-tokens", "2", "--threads", "2", "--no-cache", "--no-progress",
                          "--out", str(out)], capture_output=True, text=True, timeout=600,
                         env={**{k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")},
                              "OMP_DISPLAY_ENV": "VERBOSE"})
    assert run.returncode == 0, run.stderr[-800:]
    assert _spin_count(run.stderr) == "'3000'"  # the first import of torch in the command: a short spin, then sleep
    assert json.loads((out / "results.json").read_text())["config"]["backend_options"] == {"threads": 2}


@pytest.mark.slow  # builds a tiny model
def test_a_larger_models_threads_follow_the_free_cores_batch_by_batch(tmp_path: Path, monkeypatch):
    import torch

    model = build_tiny_model(tmp_path / "tiny")
    monkeypatch.setattr(hf_backend, "SMALL_MODEL_BYTES", 0)  # the tiny model counts as a larger one
    measured = iter([2, 1, 2])  # the probe at load, then after each batch
    monkeypatch.setattr(FreeCores, "probe", lambda self: next(measured))
    monkeypatch.setattr(FreeCores, "threads", lambda self: next(measured))
    seen = []
    monkeypatch.setattr(torch, "set_num_threads", seen.append)
    backend = HFBackend(str(model), device="cpu", batch_size=1)
    requests = [GenerationRequest([{"role": "user", "content": f"q{i}"}], Example(str(i), None), "demo")
                for i in range(2)]
    backend.generate(requests, GenerationParams(max_new_tokens=2))
    assert seen == [2, 1, 2]  # two threads on the idle machine, then what each batch left free
    fixed = HFBackend(str(model), device="cpu", threads=3)
    seen.clear()
    fixed.generate(requests, GenerationParams(max_new_tokens=2))
    assert seen == [3] and fixed._free is None  # --threads: fixed
