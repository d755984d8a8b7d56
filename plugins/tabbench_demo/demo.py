"""``tabbench demo``: the whole recipe in one command, on the bundled demo suite, on a CPU.

Builds the tiny model, evaluates it, trains it by SFT (cold start on the gold SQL of the demo's training
split) then GRPO (rewarded by the ``bird-ex`` and ``arctic`` reward plugins), evaluates after each stage and
renders a leaderboard of the three runs. Every stage is the ordinary command (``tabbench eval``,
``tabbench train sft|grpo``, ``tabbench leaderboard build``) invoked in-process with the arguments it
prints, so the demo is also a worked example of them.
"""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import ConfigError, TabbenchError, UsageError

#: The demo's model: a smaller tiny model than ``build-tiny``'s default (0.46M parameters instead of 3.3M), so
#: SFT and GRPO fit in minutes on two CPU cores (trainers/tabbench_trainers/README.md has the measured figures).
DEMO_SPEC = {"hidden_size": 128, "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
             "intermediate_size": 384}
MAX_NEW_TOKENS = 64  # the demo's longest gold query is well under this in the tiny tokenizer


def run_stage(args: list[str], label: str, number: int, total: int) -> None:
    """Run one ``tabbench`` subcommand in-process, printing it first; a failure names the stage."""
    from tabbench.cli import build_cli

    click.secho(f"\n[{number}/{total}] {label}", bold=True, err=True)
    click.echo(f"$ tabbench {shlex.join(args)}", err=True)
    try:
        build_cli().main(args=args, prog_name="tabbench", standalone_mode=False)
    except click.ClickException as exc:
        raise TabbenchError(f"tabbench demo: stage {number} ({label}) failed: {exc.format_message()}") from exc


def primary(run_dir: Path, benchmark: str = "demo") -> tuple[float | None, float | None, int]:
    """The primary metric of ``benchmark`` in a run: (value, stderr, n)."""
    results = json.loads((run_dir / "results.json").read_text(encoding="utf-8"))
    entry = results["benchmarks"][benchmark]
    return entry["primary_metric"]["value"], entry["primary_metric"]["stderr"], entry["n"]


def _pct(value: float | None, stderr: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{100 * value:.1f}%" + (f" ± {100 * stderr:.1f}" if stderr is not None else "")


@click.command("demo", context_settings=CONTEXT)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("runs/demo"),
              show_default=True, help="Where the model, checkpoints, runs and leaderboard go (must be new or empty).")
@click.option("--steps", type=click.IntRange(min=1), default=900, show_default=True,
              help="SFT optimiser steps (batch 16).")
@click.option("--grpo-steps", type=click.IntRange(min=1), default=60, show_default=True,
              help="GRPO optimiser steps (4 prompts x 8 completions each).")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Evaluate on the first N examples of each benchmark only.")
@click.option("--seed", type=int, default=0, show_default=True)
def demo_command(out_dir: Path, steps: int, grpo_steps: int, limit: int | None, seed: int) -> None:
    """Build the tiny model, train it by SFT then GRPO on the demo suite, evaluate each stage, render a leaderboard.

    About 8 minutes on 2 CPU cores (SFT is most of it; --steps 300 --grpo-steps 30 takes 3 minutes but
    only teaches SQL skeletons: held-out accuracy stays near 0). Nothing is downloaded.
    """
    from tabbench.tinymodel import TinySpec, build_tiny_model

    if out_dir.exists() and any(out_dir.iterdir()):
        raise UsageError(f"--out {out_dir} exists and is not empty: choose a new directory (or delete it)")
    start = time.perf_counter()
    models, runs = out_dir / "models", out_dir / "runs"
    tiny, sft, grpo = models / "tiny", models / "sft", models / "grpo"
    total = 7
    click.secho(f"[1/{total}] build the tiny model", bold=True, err=True)
    build_tiny_model(tiny, spec=TinySpec(seed=seed, **DEMO_SPEC))
    click.echo(f"tiny model written to {tiny}", err=True)

    def evaluate(model: Path, name: str, number: int) -> None:
        args = ["eval", "--model", str(model), "--suite", "demo", "--out", str(runs / name),
                "--max-new-tokens", str(MAX_NEW_TOKENS), "--no-cache", "--seed", str(seed)]
        run_stage(args + (["--limit", str(limit)] if limit else []), f"evaluate {name}", number, total)

    evaluate(tiny, "tiny", 2)
    run_stage(["train", "sft", "--model", str(tiny), "--benchmark", "demo", "--out", str(sft),
               "--max-steps", str(steps), "--batch-size", "16", "--learning-rate", "2e-3", "--warmup-steps", "10",
               "--logging-steps", "25", "--seed", str(seed)], "SFT cold start on gold SQL", 3, total)
    evaluate(sft, "sft", 4)
    run_stage(["train", "grpo", "--model", str(sft), "--benchmark", "demo", "--out", str(grpo),
               "--reward", "bird-ex", "--reward", "arctic:0.5", "--max-steps", str(grpo_steps),
               "--num-generations", "8", "--prompts-per-step", "4", "--max-completion-length", str(MAX_NEW_TOKENS),
               "--learning-rate", "1e-4", "--logging-steps", "5", "--seed", str(seed)],
              "GRPO with the bird-ex and arctic reward plugins", 5, total)
    evaluate(grpo, "sft-grpo", 6)
    board = out_dir / "leaderboard.md"
    run_stage(["leaderboard", "build", f"{runs / 'tiny'}=tiny (random init)", f"{runs / 'sft'}=tiny + SFT",
               f"{runs / 'sft-grpo'}=tiny + SFT + GRPO", "-o", str(board), "--suite", "demo",
               "--title", "tabbench demo"], "leaderboard", 7, total)
    _plot_rewards(grpo, out_dir / "grpo_rewards.png")
    rows = [(name, *primary(runs / name)) for name in ("tiny", "sft", "sft-grpo")]
    click.secho("\ndemo execution accuracy (bird-ex, held-out test split):", bold=True, err=True)
    for name, value, stderr, n in rows:
        click.echo(f"  {name:<9} {_pct(value, stderr):>14}  (n={n})", err=True)
    click.echo(f"leaderboard: {board}\ntotal {time.perf_counter() - start:.0f} s", err=True)


def _plot_rewards(checkpoint: Path, png: Path) -> None:
    """GRPO's reward curve as a PNG, when matplotlib is installed (it is optional)."""
    try:
        from tabbench.reporting.leaderboard import plot_reward_curves

        plot_reward_curves(checkpoint / "trainer_state.json", png, title="demo GRPO rewards")
        click.echo(f"reward curve: {png}", err=True)
    except (ImportError, ConfigError, TabbenchError) as exc:
        click.echo(f"no reward plot ({exc})", err=True)
