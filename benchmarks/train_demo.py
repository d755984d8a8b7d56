"""Does training move the held-out metrics? base -> SFT -> SFT+GRPO and SFT+TAO against an equal-compute SFT
control, on every demo benchmark, for several seeds, with paired tests.

For each seed: build the demo's tiny model, train it by multi-task SFT on all four demo benchmarks, then from
that checkpoint (a) GRPO with each benchmark's own metric reward, (b) one TAO round (sample k, keep the
rewarded, SFT on them) and (c) the control: more SFT for the same CPU time GRPO took (measured in this
process, so the comparison is compute-matched whatever else the machine runs). Every checkpoint is evaluated
with `tabbench eval` (greedy) on the four 500-question held-out splits (``--limit N``: their first N). Each
comparison with SFT and with the control is paired item by item: items that became correct / incorrect and
the exact two-sided McNemar (sign-test) p-value, per seed and pooled over seeds (for ROUGE-L, "correct" is a
score of 1). The tables print each run's primary metric as its ``results.json`` gives it.

    python benchmarks/train_demo.py --seeds 0 1 2                       # the demo's budget, three seeds
    python benchmarks/train_demo.py --seeds 0 --sft-steps 100 --grpo-steps 10 --tao-prompts 40   # a quick look
    python benchmarks/train_demo.py --seeds 1 --out w1 & python benchmarks/train_demo.py --seeds 2 --out w2 &
    python benchmarks/train_demo.py --collect w1/seed-1 w2/seed-2                 # seeds in parallel, pooled

Prints figures and writes them to OUT/summary.json; never a test. Slow: about 10 minutes per seed on 2 cores
with the defaults (`tabbench demo`'s budget).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tabbench.reporting.paired import flips, item_verdicts, sign_test

STAGES = ("base", "sft", "grpo", "tao", "control")


CPU: dict[str, float] = {}  # process CPU seconds of each training stage run here (load-independent compute)


def cli(args: list[str], stage: str | None = None) -> float:
    """Run a tabbench command in-process (the path users run); returns its wall seconds and records its CPU
    seconds under ``stage``."""
    from tabbench.cli import build_cli

    print("$ tabbench " + " ".join(args), flush=True)
    start, cpu = time.perf_counter(), time.process_time()
    build_cli().main(args=args, prog_name="tabbench", standalone_mode=False)
    if stage:
        CPU[stage] = time.process_time() - cpu
    return time.perf_counter() - start


def item_scores(run: Path) -> dict[str, dict[str, bool | None]]:
    """``benchmark -> {item id: passed}`` (the primary reward's verdict) from a run's per-sample records."""
    return {path.stem: item_verdicts(run, path.stem) for path in sorted((run / "samples").glob("*.jsonl"))}


def mcnemar(base: dict[str, bool | None], new: dict[str, bool | None]) -> tuple[int, int, float]:
    """(items that became correct, items that became incorrect, exact two-sided McNemar p) of ``new`` vs ``base``."""
    pairs = flips("", "base", "new", base, new)
    return len(pairs.up), len(pairs.down), pairs.p


def run_seed(root: Path, seed: int, args: argparse.Namespace) -> dict[str, Any]:
    """Train and evaluate every stage for one seed; returns per-stage item scores, primary metrics and seconds."""
    from tabbench_demo.demo import DEMO_SPEC, MAX_NEW_TOKENS, primaries
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model

    from tabbench.reproducible import seed_all

    seed_all(seed)
    s = ["--seed", str(seed)]
    demo = args.from_demo if seed == args.seeds[0] else None
    seconds: dict[str, float] = {}
    runs: dict[str, Path] = {}
    sft_common = ["--batch-size", "16", "--learning-rate", "2e-3", "--max-length", "256", "--logging-steps", "10"]
    if demo is not None:  # `tabbench demo --seed S`: the same base, SFT and GRPO runs (deterministic, same settings)
        models = {"base": demo / "models" / "tiny"}
        for stage, name in (("sft", "sft"), ("grpo", "grpo")):
            shutil.copytree(demo / "models" / name, root / stage)
            seconds[stage] = json.loads((root / stage / "tabbench_train.json").read_text())["seconds"]
        runs = {"base": demo / "runs" / "tiny", "sft": demo / "runs" / "sft", "grpo": demo / "runs" / "sft-grpo"}
    else:
        models = {"base": build_tiny_model(root / "base", spec=TinySpec(seed=seed, **DEMO_SPEC))}
        seconds["sft"] = cli(["train", "sft", "--model", str(models["base"]), "--suite", "demo", "--out",
                              str(root / "sft"), "--max-steps", str(args.sft_steps), "--warmup-steps", "10",
                              *sft_common, *s], "sft")
        seconds["grpo"] = cli(["train", "grpo", "--model", str(root / "sft"), "--suite", "demo", "--out",
                               str(root / "grpo"), "--max-steps", str(args.grpo_steps), "--num-generations", "8",
                               "--prompts-per-step", "4", "--max-completion-length", str(MAX_NEW_TOKENS),
                               "--learning-rate", str(args.grpo_lr), "--logging-steps", "1", *s], "grpo")
    seconds["tao"] = cli(["train", "tao", "--model", str(root / "sft"), "--suite", "demo", "--out",
                          str(root / "tao"), "--mode", "rft", "--rounds", "1", "-k", str(args.tao_k),
                          "--limit", str(args.tao_prompts), "--max-new-tokens", str(MAX_NEW_TOKENS),
                          "--max-steps", str(args.tao_steps), "--batch-size", "16", "--learning-rate", "5e-4", *s])
    # GRPO's compute, spent on SFT: process CPU time when both ran here, else (a --from-demo seed) wall time
    spent = CPU if {"sft", "grpo"} <= CPU.keys() else seconds
    control_steps = max(1, round(spent["grpo"] / (spent["sft"] / args.sft_steps)))
    seconds["control"] = cli(["train", "sft", "--model", str(root / "sft"), "--suite", "demo", "--out",
                              str(root / "control"), "--max-steps", str(control_steps), *sft_common, *s])
    for stage in STAGES[1:]:
        models[stage] = root / stage
    for stage in STAGES:
        if stage not in runs:
            runs[stage] = root / "eval" / stage
            cli(["eval", "--model", str(models[stage]), "--suite", "demo", "--out", str(runs[stage]),
                 "--max-new-tokens", str(MAX_NEW_TOKENS), "--no-cache", "--no-progress", "--seed", str(seed),
                 "--batch-size", "100", *(["--limit", str(args.limit)] if args.limit else [])])
    scores = {stage: item_scores(runs[stage]) for stage in STAGES}  # for the paired tests
    primary = {stage: {bench: value for bench, (_, value, _) in primaries(runs[stage]).items()} for stage in STAGES}
    grpo_log = json.loads((root / "grpo" / "trainer_state.json").read_text())["log_history"]
    rewards = [e["reward"] for e in grpo_log if "reward" in e]
    result = {"seed": seed, "scores": scores, "primary": primary, "seconds": seconds, "control_steps": control_steps,
              "grpo_reward_first_last": [rewards[0], rewards[-1]] if rewards else None}
    (root / "result.json").write_text(json.dumps(result) + "\n", encoding="utf-8")  # for --collect
    return result


def report(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Print per-benchmark tables (per seed and pooled) and return the figures."""
    figures: dict[str, Any] = {}
    benchmarks = list(results[0]["scores"]["sft"])
    for bench in benchmarks:
        n = len(results[0]["scores"]["sft"][bench])
        print(f"\n== {bench}: held-out primary metric (%), greedy, n={n} per seed ==")
        print(f"{'stage':<9}" + "".join(f"{'seed ' + str(r['seed']):>10}" for r in results) + f"{'mean':>8}")
        for stage in STAGES:
            values = [math.nan if (v := r["primary"][stage][bench]) is None else 100 * v for r in results]
            print(f"{stage:<9}" + "".join(f"{v:>10.1f}" for v in values) + f"{sum(values) / len(values):>8.1f}")
            figures.setdefault(bench, {})[stage] = values
        for new, old in (("grpo", "sft"), ("tao", "sft"), ("control", "sft"), ("grpo", "control"),
                         ("tao", "control")):
            per_seed = [mcnemar(r["scores"][old][bench], r["scores"][new][bench]) for r in results]
            up, down = sum(p[0] for p in per_seed), sum(p[1] for p in per_seed)
            cells = "; ".join(f"seed {r['seed']}: +{u}/-{d} p={p:.3g}" for r, (u, d, p) in
                              zip(results, per_seed, strict=True))
            print(f"  {new} vs {old}: {cells}; pooled +{up}/-{down} p={sign_test(up, down):.3g}")
            figures[bench][f"{new}_vs_{old}"] = {"per_seed": per_seed, "pooled": [up, down, sign_test(up, down)]}
    for r in results:
        print(f"seed {r['seed']}: seconds " + ", ".join(f"{k} {v:.0f}" for k, v in r["seconds"].items())
              + f"; control {r['control_steps']} SFT steps; GRPO reward first/last {r['grpo_reward_first_last']}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="work folder (default: a temporary one)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--sft-steps", type=int, default=None, help="default: the demo's")
    parser.add_argument("--grpo-steps", type=int, default=None, help="default: the demo's")
    parser.add_argument("--grpo-lr", type=float, default=None, help="default: the demo's")
    parser.add_argument("--tao-k", type=int, default=8, help="TAO samples per prompt")
    parser.add_argument("--tao-prompts", type=int, default=60, help="training prompts per benchmark in the TAO round")
    parser.add_argument("--tao-steps", type=int, default=60)
    parser.add_argument("--limit", type=int, default=None, help="held-out items per benchmark (default: all 500)")
    parser.add_argument("--from-demo", type=Path, default=None,
                        help="for the first seed, reuse a `tabbench demo --seed S` output folder (its base, SFT and "
                        "GRPO checkpoints and evaluations: the same as this script's, both runs being "
                        "deterministic with the same settings; give the demo's --limit as --limit)")
    parser.add_argument("--collect", type=Path, nargs="+", default=None, metavar="SEED_DIR",
                        help="only report: pool the result.json of seed folders written by earlier runs")
    args = parser.parse_args()
    if args.collect:
        results = [json.loads((d / "result.json").read_text(encoding="utf-8")) for d in args.collect]
        print(json.dumps({"figures": report(results)}, indent=1))
        return
    from tabbench.reproducible import configure

    for note in configure(args.seeds[0]).notes():  # before torch loads: the same figures on every machine
        print(f"note: {note}; these figures may differ from other machines'", flush=True)
    from tabbench_demo.demo import GRPO_LR, GRPO_STEPS, SFT_STEPS

    args.sft_steps = args.sft_steps or SFT_STEPS
    args.grpo_steps = args.grpo_steps or GRPO_STEPS
    args.grpo_lr = float(GRPO_LR) if args.grpo_lr is None else args.grpo_lr
    root = args.out or Path(tempfile.mkdtemp(prefix="train-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    results = [run_seed(root / f"seed-{seed}", seed, args) for seed in args.seeds]
    figures = report(results)
    summary = {"args": {k: str(v) for k, v in vars(args).items()}, "figures": figures,
               "seconds": {r["seed"]: r["seconds"] for r in results}, "cpus": os.cpu_count(),
               "python": sys.version.split()[0]}
    (root / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(f"total {time.perf_counter() - start:.0f} s; figures in {root / 'summary.json'}")


if __name__ == "__main__":
    main()
