"""``tabbench demo``: the whole recipe in one command, on the bundled demo suite, on a CPU, the same everywhere.

Builds the tiny model, evaluates it on the held-out splits of all four demo benchmarks, scores the baselines
that read no table and copy no value (``tabbench_demo.baselines``, through ``tabbench score``), trains it by SFT
(cold start on the gold answers of every benchmark's training split at once), then by GRPO (each example rewarded
by its own benchmark's metric reward: ``bird-ex``, ``spider-ex``, ``rouge-l``, ``crtqa-em``), evaluates after
each stage and renders a leaderboard and plots. The board states each training stage's steps, tokens and seconds
(the trainer's records, copied to ``runs/<stage>/training/``) and pairs SFT with the random model and the
baseline, and GRPO with SFT, each with a verdict. Every stage is the ordinary command (``tabbench eval``,
``tabbench score``, ``tabbench train sft|grpo``, ``tabbench leaderboard build``) with the arguments it prints, so
the demo is also a worked example of them. Each runs in its own process, one after another, on two threads: both
cores of a two-core machine work on every stage (SFT, the long one, takes 0.45 s a step on two threads against
0.8 s on one).

The run is reproducible across machines: ``tabbench.reproducible`` fixes CPU kernels, threads and seeds before
torch loads in every stage's process, and every stage is seeded.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench import TabbenchError, UsageError

#: The demo's model: a smaller tiny model than ``build-tiny``'s default (0.56M parameters instead of 3.3M), so
#: SFT and GRPO fit in minutes on two CPU cores (README.md of this plugin has the measured figures). Its 1,024-token
#: vocabulary makes prompts about 40% shorter than 512 would, so every step is cheaper; ``copy_heads`` adds one token
#: per literal of the training SQL and starts two heads as copy heads, which is what lets it copy the question's
#: values into its SQL within the demo's 300 SFT steps (``tinymodel.wire_copy_heads``).
DEMO_SPEC = {"vocab_size": 1024, "hidden_size": 128, "num_hidden_layers": 2, "num_attention_heads": 4,
             "num_key_value_heads": 2, "intermediate_size": 384, "copy_heads": True}
MAX_NEW_TOKENS = 96  # the longest gold answer (Spider SQL in a fence) is 89 tokens in the demo tokenizer
EVAL_LIMIT = 100  # held-out questions per benchmark the demo evaluates (train_demo.py uses all 500)
SFT_STEPS = 300
SFT_LR = "2e-3"
#: threads of each stage's process: the stages run one after another, each on both cores of a two-core machine
STAGE_THREADS = 2
GRPO_STEPS = 30
# 1e-4 and 3e-4 lowered held-out TableBench ROUGE-L within 30 steps, 3e-5 BIRD-format EX, 1e-5 at temperature 1
# TableBench ROUGE-L by one question; 1e-5 sampling at 0.7 (nearer the greedy answers the board scores) lowered none
GRPO_LR = "1e-5"
GRPO_TEMPERATURE = "0.7"
STAGES = ("tiny", "sft", "sft-grpo")
LABELS = {"tiny": "tiny (random init)", "sft": "tiny + SFT", "sft-grpo": "tiny + SFT + GRPO",
          "baseline": "baseline: no model (SQL: the gold skeleton, values from training; table QA: the majority "
                      "training answer, table unseen)"}


def _console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


@dataclass(frozen=True)
class Stage:
    """One numbered ``tabbench`` command of the demo."""

    number: int
    label: str
    args: list[str]


def announce(stage: Stage, total: int) -> None:
    """Print the stage's rule and the command it runs."""
    console = _console()
    console.rule(f"[bold][{stage.number}/{total}] {stage.label}", align="left")
    console.print(f"$ tabbench {shlex.join(stage.args)}", style="dim", markup=False, highlight=False)


def run_stage(stage: Stage, total: int, seed: int) -> None:
    """Run ``stage`` in its own process on STAGE_THREADS threads (``tabbench_demo.stage``), its output on this
    terminal; a failure names the stage."""
    announce(stage, total)
    code = subprocess.call(stage_command(stage.args, seed))
    if code != 0:
        raise TabbenchError(f"tabbench demo: stage {stage.number} ({stage.label}) failed (exit {code}; output above)")


def stage_command(args: list[str], seed: int) -> list[str]:
    """The child process that runs ``tabbench ARGS`` pinned to ``seed`` and STAGE_THREADS threads."""
    return [sys.executable, "-m", "tabbench_demo.stage", str(seed), str(STAGE_THREADS), *args]


def primaries(run_dir: Path) -> dict[str, tuple[str, float | None, int]]:
    """``benchmark -> (primary metric name, value, n)`` of a run."""
    from tabbench.evaluation.results import load

    results = load(run_dir / "results.json")
    return {name: (entry["primary_metric"]["name"], entry["primary_metric"]["value"], entry["n"])
            for name, entry in results["benchmarks"].items()}


def run_demo(out_dir: Path, *, steps: int | None = None, grpo_steps: int | None = None,
             limit: int | None = EVAL_LIMIT, seed: int = 0) -> None:
    """The body of ``tabbench demo`` (see the module docstring)."""
    from tabbench.reproducible import configure

    if out_dir.exists() and any(out_dir.iterdir()):
        raise UsageError(f"--out {out_dir} exists and is not empty: choose a new directory (or delete it)")
    pinning = configure(seed, STAGE_THREADS)  # before torch loads: the same kernels, threads and seeds everywhere
    console = _console()
    for problem in pinning.notes():
        console.print(f"note: {problem}; this run may differ from the committed board", style="yellow")
    steps = SFT_STEPS if steps is None else steps
    grpo_steps = GRPO_STEPS if grpo_steps is None else grpo_steps
    start = time.perf_counter()
    models, runs, plots = out_dir / "models", out_dir / "runs", out_dir / "plots"
    tiny, sft, grpo = models / "tiny", models / "sft", models / "grpo"
    stages = ["tiny", "sft"] + (["sft-grpo"] if grpo_steps else [])
    total = 2 + 2 * len(stages)  # the build, an evaluation per stage, the training between them, baselines, board
    console.rule(f"[bold][1/{total}] build the tiny model", align="left")
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model

    build_tiny_model(tiny, spec=TinySpec(seed=seed, **DEMO_SPEC))
    console.print(f"tiny model written to {tiny}")

    def evaluate(model: Path, name: str, number: int) -> Stage:
        args = ["eval", "--model", str(model), "--suite", "demo", "--out", str(runs / name),
                "--max-new-tokens", str(MAX_NEW_TOKENS), "--no-cache", "--seed", str(seed), "--batch-size", "100"]
        return Stage(number, f"evaluate {LABELS[name]}", args + (["--limit", str(limit)] if limit else []))

    train_sft = Stage(4, "SFT cold start on the gold answers of all four demo benchmarks", [
        "train", "sft", "--model", str(tiny), "--suite", "demo", "--out", str(sft), "--max-steps", str(steps),
        "--batch-size", "16", "--learning-rate", SFT_LR, "--warmup-steps", "10", "--max-length", "256",
        "--logging-steps", "10", "--seed", str(seed)])
    run_stage(evaluate(tiny, "tiny", 2), total, seed)
    from tabbench_demo.baselines import write_predictions

    predictions = write_predictions(out_dir / "baseline-predictions", limit or None)[0].parent
    run_stage(Stage(3, "score the baselines (no model) with the same metrics", [
        "score", "--suite", "demo", "--predictions", str(predictions), "--out", str(runs / "baseline"),
        "--no-progress", *(["--limit", str(limit)] if limit else [])]), total, seed)
    run_stage(train_sft, total, seed)
    run_stage(evaluate(sft, "sft", 5), total, seed)
    keep_training_records(sft, runs / "sft")
    if grpo_steps:
        train_grpo = Stage(6, "GRPO, each example rewarded by its own benchmark's metric", [
            "train", "grpo", "--model", str(sft), "--suite", "demo", "--out", str(grpo), "--max-steps",
            str(grpo_steps), "--num-generations", "8", "--prompts-per-step", "4", "--max-completion-length",
            str(MAX_NEW_TOKENS), "--learning-rate", GRPO_LR, "--temperature", GRPO_TEMPERATURE, "--logging-steps", "1",
            "--seed", str(seed)])
        run_stage(train_grpo, total, seed)
        run_stage(evaluate(grpo, "sft-grpo", 7), total, seed)
        keep_training_records(grpo, runs / "sft-grpo")
    board = out_dir / "leaderboard.md"
    leaderboard = Stage(total, "leaderboard", [
        "leaderboard", "build", *(f"{runs / name}={label(name, seed)}" for name in [*stages, "baseline"]),
        "--out", str(board), "--suite", "demo", "--title", "tabbench demo", "--plots", str(plots),
        *pair_args(len(stages))])
    run_stage(leaderboard, total, seed)
    from tabbench_demo.plots import before_after_bars, reward_curves

    scores = {name: primaries(runs / name) for name in stages}
    written = [before_after_bars(scores, LABELS, plots / "before_after.png")]
    if grpo_steps:
        written.append(reward_curves(grpo / "trainer_state.json", plots / "grpo_rewards.png"))
    summary(scores, board, [p for p in written if p is not None], time.perf_counter() - start)


def label(stage: str, seed: int) -> str:
    """A board row's label: the stage and, for a model, the seed it was built and trained with."""
    return LABELS[stage] if stage == "baseline" else f"{LABELS[stage]} (seed {seed})"


def pair_args(n_stages: int) -> list[str]:
    """The board's paired tests (rows numbered as built: the stages, then the baseline): SFT against the random
    model and against the baseline, GRPO against SFT."""
    baseline = str(n_stages + 1)
    pairs = [("2", "1"), ("2", baseline)] + ([("3", "2")] if n_stages > 2 else [])
    return [a for new, old in pairs for a in ("--pair", new, old)]


def keep_training_records(model: Path, run: Path) -> None:
    """Copy the trainer's records (``tabbench_train.json``, ``trainer_state.json``; no weights) of ``model`` into
    ``run/training/``, where the board reads a stage's optimiser steps, tokens and seconds."""
    import shutil

    if not (model / "tabbench_train.json").is_file() or not run.is_dir():
        return
    (run / "training").mkdir(exist_ok=True)
    for name in ("tabbench_train.json", "trainer_state.json"):
        if (model / name).is_file():
            shutil.copy2(model / name, run / "training" / name)


def summary(scores: dict[str, dict[str, tuple[str, float | None, int]]], board: Path, written: list[Path],
            seconds: float) -> None:
    """Per-benchmark held-out scores before and after training, and where the board and plots are."""
    from rich.table import Table

    stages = list(scores)
    table = Table(title="held-out primary metric per benchmark (%)", title_justify="left")
    table.add_column("benchmark", no_wrap=True)
    table.add_column("metric", no_wrap=True)
    table.add_column("n", justify="right")
    for stage in stages:
        table.add_column(stage, justify="right", no_wrap=True)
    table.add_column("change", justify="right", no_wrap=True)
    for name, (metric, _, n) in scores[stages[0]].items():
        values = [scores[s].get(name, (metric, None, n))[1] for s in stages]
        cells = ["n/a" if v is None else f"{100 * v:.1f}" for v in values]
        change = (f"{100 * (values[-1] - values[0]):+.1f}" if None not in (values[0], values[-1]) else "n/a")
        table.add_row(name, metric, str(n), *cells, change)
    console = _console()
    console.print(table)
    for line in [f"leaderboard: {board}", *(f"plot: {path}" for path in written), f"total {seconds:.0f} s"]:
        console.print(line, soft_wrap=True, markup=False, highlight=False)  # paths stay whole, copyable
