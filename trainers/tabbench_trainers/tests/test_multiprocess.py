"""Training on two processes on a CPU (``accelerate launch --multi_gpu --num_processes 2``: torchrun with gloo when
there is no GPU; the command docs/sharding.md shows), with the micro model and two optimiser steps at most.

SFT on two processes with 2 rows each per step equals SFT on one process with 4 rows per step (same rows per
step, gradients averaged by DDP): the losses and the weights agree to float rounding. GRPO's sampling draws from
each process's own generator, so there only the plumbing is compared: each process scores its own completions
(status counts summed over both), and the logs and the checkpoint are written once.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("accelerate")
pytestmark = pytest.mark.slow  # trains a model on two processes
ACCELERATE = Path(sys.executable).parent / "accelerate"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def train(args: list[str], tmp_path: Path, processes: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path / "cache"), "OMP_NUM_THREADS": "1"}
    launcher = [str(ACCELERATE), "launch", "--multi_gpu", "--num_processes", str(processes), "--num_machines", "1",
                "--mixed_precision", "no", "--dynamo_backend", "no", "--main_process_port", str(free_port()),
                "-m", "tabbench"] if processes > 1 else [sys.executable, "-m", "tabbench"]
    result = subprocess.run([*launcher, "train", *args, "--device", "cpu"], capture_output=True, text=True,
                            env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def once(stderr: str, prefix: str) -> None:
    lines = [line for line in stderr.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, lines


def test_two_process_sft_equals_one_process_with_the_same_global_batch(micro_model: Path, tmp_path: Path,
                                                                       cli_runner, monkeypatch) -> None:
    """The one-process run is this process (``tabbench train`` in-process, one thread as the launched ones)."""
    import torch
    from safetensors.torch import load_file

    args = ["sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "8", "--max-steps", "2",
            "--logging-steps", "1", "--seed", "3"]
    two = train([*args, "--batch-size", "2", "--out", str(tmp_path / "two")], tmp_path, 2)
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        one = cli_runner(["train", *args, "--batch-size", "4", "--out", str(tmp_path / "one"), "--device", "cpu"])
    finally:
        torch.set_num_threads(threads)
    assert one.exit_code == 0, one.output
    for stderr in (two.stderr, one.output):
        once(stderr, "sft: 8 rows")
        once(stderr, "sft: step 2/2")
    info = {name: json.loads((tmp_path / name / "tabbench_train.json").read_text()) for name in ("one", "two")}
    assert info["two"]["processes"] == 2 and info["one"]["processes"] == 1
    logs = {name: [e for e in json.loads((tmp_path / name / "trainer_state.json").read_text())["log_history"]
                   if "loss" in e] for name in ("one", "two")}
    assert [e["step"] for e in logs["two"]] == [1, 2]  # logged once per step, not once per process
    for a, b in zip(logs["one"], logs["two"], strict=True):
        assert a["loss"] == pytest.approx(b["loss"], rel=1e-5) and a["grad_norm"] == pytest.approx(b["grad_norm"],
                                                                                                   rel=1e-4)
    weights = {name: load_file(tmp_path / name / "model.safetensors") for name in ("one", "two")}
    base = load_file(micro_model / "model.safetensors")
    moved = max((weights["one"][k] - base[k]).abs().max().item() for k in base)
    differ = max((weights["one"][k] - weights["two"][k]).abs().max().item() for k in base)
    assert moved > 1e-4 and differ < moved * 1e-3  # trained, and trained alike


def test_two_process_grpo_scores_on_each_process_and_writes_once(micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "grpo"
    result = train(["grpo", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "4", "--reward",
                    "bird-ex", "--max-steps", "1", "--num-generations", "2", "--prompts-per-step", "1",
                    "--max-completion-length", "8", "--logging-steps", "1", "--out", str(out)], tmp_path, 2)
    once(result.stderr, "grpo: 4 prompts")
    once(result.stderr, "grpo: 1 steps,")
    assert json.loads((out / "tabbench_train.json").read_text())["processes"] == 2
    [step] = [e for e in json.loads((out / "trainer_state.json").read_text())["log_history"] if "reward" in e]
    counts = {k: v for k, v in step.items() if k.startswith("bird-ex/status_count/")}
    assert sum(counts.values()) == 2 * 1 * 2  # processes x prompts per process x generations: both scored theirs
    assert {p.name for p in out.iterdir()} == {  # what a one-process run writes, nothing per process
        "chat_template.jinja", "config.json", "generation_config.json", "model.safetensors", "tabbench_train.json",
        "tokenizer.json", "tokenizer_config.json", "trainer_state.json", "training_args.bin"}
