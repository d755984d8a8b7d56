"""Does training move execution accuracy? SFT cold start, then GRPO, and one TAO round, on the demo data.

Builds the demo's tiny model (``tabbench.cli.demo.DEMO_SPEC``), trains it with the ordinary commands
(``tabbench train sft|grpo|tao``, invoked in-process), and evaluates every checkpoint with the host's runner
(the code behind ``tabbench eval``) on the ``demo`` benchmark: greedy decoding, primary metric ``bird-ex``,
on the held-out test split (compositional: every template and every value is seen in training, the
combinations are not) and on the first training items. Each comparison with the SFT checkpoint is paired,
item by item (improved / worsened, exact McNemar p-value). A "more SFT" control spends GRPO's steps on SFT.

    python benchmarks/train_demo.py                      # defaults: the `tabbench demo` settings
    python benchmarks/train_demo.py --sft-steps 300 --grpo-steps 30 --out /tmp/train-demo   # the 3-minute budget

Prints figures; never a test. Slow: 10-20 minutes on a 2-core CPU.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabbench.cli import build_cli
from tabbench.cli.demo import DEMO_SPEC, MAX_NEW_TOKENS


def cli(args: list[str]) -> None:
    print("$ tabbench " + " ".join(args), flush=True)
    build_cli().main(args=args, prog_name="tabbench", standalone_mode=False)


def evaluate(model: Path, split: str, limit: int | None, out: Path) -> dict[str, float]:
    """Per-item bird-ex scores of ``model`` on the demo benchmark (greedy), through the host runner."""
    import tabbench
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.generation import BackendCompleter
    from tabbench.evaluation.runner import Run, execute
    from tabbench.evaluation.store import RunStore

    benchmark = tabbench.get_benchmark("demo")
    backend = tabbench.get_backend("hf", str(model))
    params = GenerationParams(max_new_tokens=MAX_NEW_TOKENS)
    config = {"model": str(model), "split": split, "limit": limit}
    run = Run(out_dir=out, config=config, benchmarks=[benchmark], store=RunStore.create(out, config), split=split,
              limit=limit, show_progress=False)
    try:
        execute(run, BackendCompleter(backend, params, None))
    finally:
        backend.close()
    return {r.id: float(r.score or 0.0) for r in RunStore(out).read_samples("demo")}


def mcnemar(base: dict[str, float], new: dict[str, float]) -> tuple[int, int, float]:
    """(items improved, items worsened, exact two-sided McNemar p-value) of ``new`` against ``base``."""
    up = sum(1 for k in base if base[k] < 1 <= new[k])
    down = sum(1 for k in base if new[k] < 1 <= base[k])
    n = up + down
    if n == 0:
        return up, down, 1.0
    tail = sum(math.comb(n, i) for i in range(0, min(up, down) + 1)) / 2**n
    return up, down, min(1.0, 2 * tail)


def mean_se(scores: dict[str, float]) -> str:
    values = list(scores.values())
    mean = sum(values) / len(values)
    se = math.sqrt(mean * (1 - mean) / len(values))
    return f"{100 * mean:5.1f}% ± {100 * se:4.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="work folder (default: a temporary one)")
    parser.add_argument("--sft-steps", type=int, default=900)
    parser.add_argument("--grpo-steps", type=int, default=60)
    parser.add_argument("--grpo-lr", type=float, default=1e-4)
    parser.add_argument("--tao-k", type=int, default=8, help="TAO samples per prompt")
    parser.add_argument("--tao-prompts", type=int, default=300, help="training prompts sampled in the TAO round")
    parser.add_argument("--tao-steps", type=int, default=60)
    parser.add_argument("--train-items", type=int, default=100, help="training items evaluated")
    parser.add_argument("--no-control", action="store_true", help="skip the 'more SFT' control")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    root = args.out or Path(tempfile.mkdtemp(prefix="train-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    seed = ["--seed", str(args.seed)]
    start = time.perf_counter()
    timings: dict[str, float] = {}

    def timed(name: str, func: Callable[..., None], *a: Any) -> None:
        t = time.perf_counter()
        func(*a)
        timings[name] = time.perf_counter() - t

    from tabbench.tinymodel import TinySpec, build_tiny_model

    tiny = build_tiny_model(root / "tiny", spec=TinySpec(seed=args.seed, **DEMO_SPEC))
    timed("sft", cli, ["train", "sft", "--model", str(tiny), "--benchmark", "demo", "--out", str(root / "sft"),
                       "--max-steps", str(args.sft_steps), "--batch-size", "16", "--learning-rate", "2e-3",
                       "--warmup-steps", "10", "--logging-steps", "50", *seed])
    timed("grpo", cli, ["train", "grpo", "--model", str(root / "sft"), "--benchmark", "demo",
                        "--out", str(root / "grpo"), "--reward", "bird-ex", "--reward", "arctic:0.5",
                        "--max-steps", str(args.grpo_steps), "--num-generations", "8", "--prompts-per-step", "4",
                        "--max-completion-length", str(MAX_NEW_TOKENS), "--learning-rate", str(args.grpo_lr),
                        "--logging-steps", "5", *seed])
    timed("tao", cli, ["train", "tao", "--model", str(root / "sft"), "--benchmark", "demo", "--out", str(root / "tao"),
                       "--reward", "bird-ex", "--mode", "rft", "--rounds", "1", "-k", str(args.tao_k),
                       "--limit", str(args.tao_prompts), "--max-new-tokens", str(MAX_NEW_TOKENS),
                       "--max-steps", str(args.tao_steps), "--batch-size", "16", "--learning-rate", "5e-4", *seed])
    stages = ["tiny", "sft", "grpo", "tao"]
    if not args.no_control:
        timed("control", cli, ["train", "sft", "--model", str(root / "sft"), "--benchmark", "demo",
                               "--out", str(root / "control"), "--max-steps", str(args.grpo_steps * 2),
                               "--batch-size", "16", "--learning-rate", "2e-3", "--logging-steps", "50", *seed])
        stages.append("control")
    paths = {"tiny": tiny, **{s: root / s for s in stages[1:]}}
    test = {s: evaluate(paths[s], "test", None, root / "eval" / f"{s}-test") for s in stages}
    train = {s: evaluate(paths[s], "train", args.train_items, root / "eval" / f"{s}-train") for s in stages}

    grpo_log = json.loads((root / "grpo" / "trainer_state.json").read_text())["log_history"]
    rewards = [e["reward"] for e in grpo_log if "reward" in e]
    rounds = [json.loads(line) for line in (root / "tao" / "rounds.jsonl").read_text().splitlines()]
    labels = {"tiny": "random init", "sft": f"SFT {args.sft_steps} steps", "grpo": f"+ GRPO {args.grpo_steps} steps",
              "tao": f"+ TAO 1 round (rft, k={args.tao_k})", "control": f"+ SFT {args.grpo_steps * 2} more steps"}
    print(f"\ndemo benchmark, bird-ex execution accuracy, greedy; {len(test['sft'])} held-out test items, "
          f"{len(train['sft'])} training items")
    print(f"{'stage':<32} {'held-out EX':>16} {'train EX':>16}   paired vs SFT (up/down, McNemar p): held-out; train")
    for stage in stages:
        paired = ""
        if stage not in ("tiny", "sft"):
            paired = "; ".join(f"+{u}/-{d}, p={p:.3f}" for u, d, p in (mcnemar(test["sft"], test[stage]),
                                                                       mcnemar(train["sft"], train[stage])))
        print(f"{labels[stage]:<32} {mean_se(test[stage]):>16} {mean_se(train[stage]):>16}   {paired}")
    if rewards:
        print(f"GRPO mean reward (bird-ex + 0.5 arctic) first/last logged: {rewards[0]:.3f} -> {rewards[-1]:.3f}")
    for r in rounds:
        print(f"TAO round {r['round']}: mean sample reward {r['mean_reward']:.3f}, accepted {r['accept_rate']:.3f}, "
              f"pass@{args.tao_k} {r['pass_at_k']:.3f}, {r['train_rows']} rows")
    print("training seconds: " + ", ".join(f"{k} {v:.0f}" for k, v in timings.items())
          + f"; total {time.perf_counter() - start:.0f} s; work folder {root}")


if __name__ == "__main__":
    main()
