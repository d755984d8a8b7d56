"""Multi-turn against single-turn execution accuracy of the tiny model, before and after agentic training.

The recipe of ``docs/agents.md`` on the bundled demo data, on a CPU, through the ``tabbench`` command:

1. build the tiny model with Qwen2.5's tool-calling chat template (what TRL's environment training needs),
   its tokenizer trained on the demo prompts plus rendered gold trajectories (so tool-call text is short);
2. ``tabbench train sft --env sql``: the cold start on gold multi-turn trajectories of the train split
   (describe the tables the gold query reads, run it, observe, answer);
3. ``tabbench train grpo --env sql --reward bird-ex --reward tool-errors:0.2``;

and after each stage evaluates the held-out questions (``demo-bird`` test split) twice with the same
checkpoint: single-turn (``tabbench eval``) and multi-turn (``tabbench eval --env sql``). Prints one table of
EX (and, multi-turn, mean turns and tool-error rate). Budgets are options. Cost, measured on the shared
2-core machine (load about 8): a multi-turn row is about 1,750 tokens (the tool preamble of Qwen2.5's template
is most of it), so one SFT step of 4 rows takes about 23 s and one GRPO step of 8 rollouts about 65 s; the
run ``--sft-steps 30 --grpo-steps 3 --limit 20 --train-rows 200`` took 19 minutes and left every EX at 0 (the
model had not yet learnt to emit a tool call or an answer). Moving held-out EX needs on the order of a
thousand SFT steps: hours on a CPU, minutes on a GPU. Usage:

    .venv/bin/python benchmarks/agent_demo.py --out runs/agent-demo [--sft-steps 300] [--grpo-steps 20]
        [--limit 50] [--max-turns 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

TABBENCH = str(Path(sys.executable).with_name("tabbench"))


def run(args: list[str]) -> None:
    start = time.perf_counter()
    print("$ tabbench " + " ".join(args), flush=True)
    subprocess.run([TABBENCH, *args], check=True, stdout=subprocess.DEVNULL)
    print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)


def build_model(path: Path, train_rows: int) -> None:
    """The tiny model, its tokenizer trained on demo prompts and rendered gold trajectories, Qwen2.5's template."""
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model, demo_corpus
    from tabbench_trainers.environments import sft_rows
    from transformers import AutoTokenizer
    from trl.chat_template_utils import qwen2_5_chat_template

    import tabbench

    rows, _ = sft_rows([tabbench.get_benchmark("demo-bird")], "train", train_rows, "sql", tabbench.Budget(), {})
    corpus = list(demo_corpus())
    for row in rows:
        corpus.append(json.dumps(json.loads(row["tools"])))
        corpus.extend(str(m.get("content", "")) for m in row["prompt"] + row["completion"])
        corpus.extend(json.dumps(c["function"]) for m in row["completion"] for c in m.get("tool_calls", []))
    build_tiny_model(path, corpus=corpus, spec=TinySpec(vocab_size=1024, max_position_embeddings=4096))
    tokenizer = AutoTokenizer.from_pretrained(str(path))
    tokenizer.chat_template = qwen2_5_chat_template
    tokenizer.save_pretrained(str(path))


def evaluate(model: Path, out: Path, limit: int, max_turns: int, env: bool) -> dict:
    args = ["eval", "--model", str(model), "--suite", "demo-bird", "--limit", str(limit), "--out", str(out),
            "--no-progress", "--no-cache", "--max-new-tokens", "96"]
    if env:
        args += ["--env", "sql", "--max-turns", str(max_turns)]
    run(args)
    result = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]
    figures = {"ex": result["primary_metric"]["value"]}
    agent = result.get("extensions", {}).get("environment")
    if agent:
        figures.update(turns=agent.get("mean_turns"), tool_errors=agent.get("tool_error_rate"))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sft-steps", type=int, default=300)
    parser.add_argument("--grpo-steps", type=int, default=20)
    parser.add_argument("--train-rows", type=int, default=400)
    parser.add_argument("--limit", type=int, default=50, help="held-out questions evaluated")
    parser.add_argument("--max-turns", type=int, default=3)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=False)
    stages: dict[str, Path] = {"tiny": out / "tiny"}
    build_model(stages["tiny"], args.train_rows)
    run(["train", "sft", "--model", str(stages["tiny"]), "--benchmark", "demo-bird", "--env", "sql",
         "--limit", str(args.train_rows), "--max-steps", str(args.sft_steps), "--batch-size", "4",
         "--max-length", "4096", "--lr", "3e-3", "--out", str(out / "sft")])
    stages["sft"] = out / "sft"
    run(["train", "grpo", "--model", str(stages["sft"]), "--benchmark", "demo-bird", "--env", "sql",
         "--max-turns", str(args.max_turns), "--reward", "bird-ex", "--reward", "tool-errors:0.2",
         "--limit", str(args.train_rows), "--max-steps", str(args.grpo_steps), "--num-generations", "4",
         "--prompts-per-step", "2", "--max-completion-length", "384", "--lr", "1e-4", "--out", str(out / "grpo")])
    stages["sft+grpo"] = out / "grpo"
    rows = []
    for name, model in stages.items():
        single = evaluate(model, out / "eval" / f"{name}-single", args.limit, args.max_turns, env=False)
        multi = evaluate(model, out / "eval" / f"{name}-multi", args.limit, args.max_turns, env=True)
        rows.append((name, single, multi))
        print(f"{name}: single-turn EX {single['ex']:.3f}, multi-turn EX {multi['ex']:.3f} "
              f"(mean turns {multi.get('turns') or 0:.2f}, tool-error rate {multi.get('tool_errors') or 0:.3f})",
              flush=True)
    print(f"\nheld-out demo-bird questions: {args.limit}; SFT {args.sft_steps} steps on {args.train_rows} gold "
          f"trajectories; GRPO {args.grpo_steps} steps (4 rollouts x 2 prompts, <= {args.max_turns} tool turns)")
    print("| stage | single-turn EX | multi-turn EX | mean turns | tool-error rate |")
    print("|---|---|---|---|---|")
    for name, single, multi in rows:
        print(f"| {name} | {single['ex']:.3f} | {multi['ex']:.3f} | {multi.get('turns') or 0:.2f} | "
              f"{multi.get('tool_errors') or 0:.3f} |")


if __name__ == "__main__":
    main()
