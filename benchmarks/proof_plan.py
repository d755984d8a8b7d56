"""The learning proof's plan, decided before any held-out question is read: where compiling pays, what the
validation split can resolve, and the deadline a piece of work keeps (``benchmarks/learning_proof.py``).

Compile or not is chosen by measurement (``choose_compile``): a generating process pays the compile once
(about 34 s for SmolLM2-135M on an H200, issue 43) and then decodes faster, so compiling pays when the eager
generation it replaces takes longer than the compile plus the compiled generation. The figures come from a
file (``benchmarks/gpu_figures.json``: issue 31's and 43's GPU figures, to be replaced by what
``benchmarks/gpu_speed.py --figures`` measures); on a CPU nothing compiles (the ``hf`` backend's ``auto``). GRPO's
rollouts compile once per process (one process per arm with ``--snapshots``) and the compile is off its
``--max-seconds``, so compiling pays whenever a compiled step is faster than an eager one.

The deadline: a piece of work on a lent GPU must end inside one command's limit by its own clock, counted from
the process start (``Deadline``): stages still running then are stopped, and the piece says so.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

FIGURES = Path(__file__).resolve().parent / "gpu_figures.json"
FIGURE_KEYS = ("compile_seconds", "eval_eager_questions_per_second", "eval_compiled_questions_per_second",
               "grpo_step_seconds_eager", "grpo_step_seconds_compiled")
PROCESS_START = time.time()  # this module loads first, before any heavy import


def read_figures(path: Path) -> dict[str, Any]:
    """The GPU figures the compile choices are computed from; a missing key or a non-number is one line."""
    try:
        figures = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--figures {path}: not a readable JSON file ({exc})") from None
    for key in FIGURE_KEYS:
        value = (figures.get(key) or {}).get("value") if isinstance(figures, dict) else None
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            raise SystemExit(f"--figures {path}: {key}.value must be a positive number")
    return figures


def choose_compile(device: str, figures: dict[str, Any], generations: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Per generating stage kind (``generations``: kind -> completions it generates, e.g. ``{"held-out eval":
    527}``), whether to compile, with the seconds each way and why; ``grpo rollouts`` compares a step's seconds.
    Nothing compiles on a CPU."""
    if device != "cuda":
        return {kind: {"compile": False, "why": "a CPU: the hf backend compiles on CUDA only"} for kind in generations}
    value = {key: float(figures[key]["value"]) for key in FIGURE_KEYS}
    choices: dict[str, dict[str, Any]] = {}
    for kind, n in generations.items():
        if kind == "grpo rollouts":
            eager, compiled = value["grpo_step_seconds_eager"], value["grpo_step_seconds_compiled"]
            choices[kind] = {"compile": compiled < eager, "eager_step_s": eager, "compiled_step_s": compiled,
                             "why": "compiled once per process, off the --max-seconds budget: more steps in it"
                             if compiled < eager else "a compiled step is no faster"}
            continue
        eager = n / value["eval_eager_questions_per_second"]
        compiled = value["compile_seconds"] + n / value["eval_compiled_questions_per_second"]
        choices[kind] = {"compile": compiled < eager, "completions": n, "eager_s": round(eager, 1),
                         "compiled_s": round(compiled, 1),
                         "why": f"{n} completions: {'compiled' if compiled < eager else 'eager'} is faster "
                         f"({compiled:.0f} s with the compile against {eager:.0f} s eager)"}
    return choices


class DeadlineReached(Exception):
    """A stage was still running when the piece's deadline came."""


class Deadline:
    """The end of a piece of work: ``--deadline S`` seconds from this process's start, or ``--deadline-at``
    (a Unix time, from the caller's own start); ``None`` is no deadline."""

    def __init__(self, at: float | None) -> None:
        self.at = at

    @classmethod
    def of(cls, seconds: float | None, at: float | None) -> Deadline:
        if seconds is not None and at is not None:
            raise SystemExit("--deadline and --deadline-at contradict each other: give one")
        return cls(PROCESS_START + seconds if seconds is not None else at)

    def left(self) -> float | None:
        return None if self.at is None else self.at - time.time()

    def wait(self, proc: Any, name: str) -> tuple[int, Any]:
        """``os.wait4`` of ``proc`` (a child started in its own process group), stopping its whole group at
        the deadline: ``DeadlineReached`` names the stage."""
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG if self.at is not None else 0)
            if pid:
                return status, usage
            if time.time() >= self.at:  # type: ignore[operator]
                stop_group(proc.pid)
                after = self.at - PROCESS_START  # type: ignore[operator]
                raise DeadlineReached(f"{name}: stopped at the deadline ({after:.0f} s after the process started)")
            time.sleep(0.5)


def stop_group(pid: int) -> None:
    """TERM to the process group ``pid`` leads (a stage and the workers it started), KILL to what is left after
    5 s; reaps ``pid``."""
    _signal_group(pid, signal.SIGTERM)
    end, reaped = time.time() + 5.0, False
    while time.time() < end and not reaped:
        reaped = bool(os.wait4(pid, os.WNOHANG)[0])
        time.sleep(0.2)
    _signal_group(pid, signal.SIGKILL)
    if not reaped:
        os.wait4(pid, 0)


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass


def validation_design(ids: list[str], databases: dict[str, int], where: list[str]) -> dict[str, Any]:
    """What the validation split can resolve, stated before any held-out question is read: its questions (their
    ids' sha256, so pieces made apart can be checked to share them) and databases, and per discordance (the share
    of questions two checkpoints answer differently) the standard error of a paired difference and the
    difference found with 80% power at 0.05 (``tabbench.reporting.design``)."""
    from tabbench.reporting.design import detectable_difference, paired_se

    shares, n = (0.05, 0.1, 0.2), len(ids)
    digest = hashlib.sha256("\n".join(sorted(ids)).encode("utf-8")).hexdigest()
    return {"where": [w for w in where if "@" not in w], "n": n, "ids_sha256": digest, "databases": databases,
            "se_points": {f"{d:g}": round(paired_se(n, d), 2) for d in shares},
            "detectable_points": {f"{d:g}": round(detectable_difference(n, d), 2) for d in shares}}
