"""Multi-turn against single-turn execution accuracy of the tiny model, before and after agentic training.

The recipe of ``docs/agents.md`` on the bundled demo data, on a CPU, through the ``tabbench`` command:

1. build the demo's tiny model (``DEMO_SPEC``, 0.5M parameters) with the compact tool-calling template of
   ``tabbench models build-tiny --chat-template tools`` (one line per tool, ``<tool_call>`` JSON calls, results
   as ``tool`` turns; TRL and the hf backend both parse it), its tokenizer trained on the demo prompts plus the
   gold trajectories rendered with that template;
2. ``tabbench train sft --env sql``: the cold start on gold multi-turn trajectories of the train split
   (describe the tables the gold query reads, run it, observe, answer);
3. ``tabbench train grpo --env sql --reward bird-ex --reward tool-errors:0.2``;

and after each stage evaluates the held-out questions (``demo-bird`` test split) twice with the same
checkpoint: single-turn (``tabbench eval``) and multi-turn (``tabbench eval --env sql``). Prints one table of
EX (and, multi-turn, mean turns and tool-error rate). Budgets are options. Usage:

    .venv/bin/python benchmarks/agent_demo.py --out runs/agent-demo [--sft-steps 1500] [--grpo-steps 15]
        [--limit 100] [--max-turns 3]

Measured on the shared 2-core sandbox (other engineers' runs beside it, so timings vary up to 7x): a gold row
is 515 tokens on average (max 677; 1,171 with Qwen2.5's template and the same tokenizer, its JSON tool preamble
being most of the difference), so an SFT step of 8 rows takes 0.5 to 3.5 s and a GRPO step of 8 rollouts about
1 s; 894 of the 975 gold trajectories fit 3 turns. Held-out EX on 100 questions, ``--grpo-steps 15``:

| run (wall time) | stage | single-turn EX | multi-turn EX | mean turns | tool-error rate |
|---|---|---|---|---|---|
| ``--sft-steps 300`` (8 min) | tiny | 0.000 | 0.000 | 1.00 | 0.000 |
| | sft | 0.000 | 0.000 | 3.34 | 0.081 |
| | sft+grpo | 0.000 | 0.010 | 3.30 | 0.048 |
| ``--sft-steps 700`` (9 min) | tiny | 0.000 | 0.000 | 1.00 | 0.000 |
| | sft | 0.000 | 0.020 | 3.53 | 0.008 |
| | sft+grpo | 0.000 | 0.020 | 3.54 | 0.008 |
| ``--sft-steps 1500`` (15 min) | tiny | 0.000 | 0.000 | 1.00 | 0.000 |
| | sft | 0.000 | 0.220 | 3.46 | 0.016 |
| | sft+grpo | 0.000 | 0.220 | 3.46 | 0.016 |

Multi-turn EX is a real learning signal at 1,500 steps: 22 of 100 held-out questions match (standard error
4%; 66 mismatch, 12 exec_error), against 2 at 700 steps, where the model already described, queried with
well-formed calls and answered with SQL, but rarely the question's SQL. 15 GRPO steps change nothing
measurable. Single-turn EX stays 0: the model only ever saw prompts with tools and answers garbage without
them. (Before the compact template, 30 SFT steps of Qwen2.5-rendered rows took 19 minutes and the model never
emitted a tool call.) Command: ``agent_demo.py --out /tmp/ad/run4`` with the defaults; 1,500 steps is 13 epochs.
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
    """The demo's tiny model with the compact tool-calling template (``build-tiny --chat-template tools``), its
    tokenizer trained on the demo prompts plus the gold trajectories rendered with that template."""
    from tabbench_demo.demo import DEMO_SPEC
    from tabbench_demo.tinymodel import TOOLS_CHAT_TEMPLATE, TinySpec, build_tiny_model, demo_corpus
    from tabbench_trainers.environments import sft_rows
    from transformers.utils.chat_template_utils import render_jinja_template

    import tabbench

    rows, _ = sft_rows([tabbench.get_benchmark("demo-bird")], "train", train_rows, "sql", tabbench.Budget(), {})
    rendered, _ = render_jinja_template([row["prompt"] + row["completion"] for row in rows], tools=json.loads(
        rows[0]["tools"]), chat_template=TOOLS_CHAT_TEMPLATE)
    build_tiny_model(path, corpus=[*demo_corpus(), *rendered],
                     spec=TinySpec(**{**DEMO_SPEC, "max_position_embeddings": 1024}), chat_template="tools")


def evaluate(model: Path, out: Path, limit: int, max_turns: int, env: bool) -> dict:
    # one turn's budget: the longest demo-bird answer is under 96 tokens, a query call adds its JSON around it
    args = ["eval", "--model", str(model), "--suite", "demo-bird", "--limit", str(limit), "--out", str(out),
            "--no-progress", "--no-cache", "--batch-size", "50", "--max-new-tokens", "160" if env else "96"]
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
    parser.add_argument("--sft-steps", type=int, default=1500)
    parser.add_argument("--grpo-steps", type=int, default=15)
    parser.add_argument("--train-rows", type=int, default=975, help="gold trajectories (demo-bird train rows)")
    parser.add_argument("--batch-size", type=int, default=8, help="SFT rows per step")
    parser.add_argument("--limit", type=int, default=100, help="held-out questions evaluated")
    parser.add_argument("--max-turns", type=int, default=3)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=False)
    stages: dict[str, Path] = {"tiny": out / "tiny"}
    build_model(stages["tiny"], args.train_rows)
    run(["train", "sft", "--model", str(stages["tiny"]), "--benchmark", "demo-bird", "--env", "sql",
         "--max-turns", str(args.max_turns), "--limit", str(args.train_rows), "--max-steps", str(args.sft_steps),
         "--batch-size", str(args.batch_size), "--max-length", "1024", "--learning-rate", "2e-3",
         "--warmup-steps", "10", "--logging-steps", "10", "--reproducible", "--out", str(out / "sft")])
    stages["sft"] = out / "sft"
    run(["train", "grpo", "--model", str(stages["sft"]), "--benchmark", "demo-bird", "--env", "sql",
         "--max-turns", str(args.max_turns), "--reward", "bird-ex", "--reward", "tool-errors:0.2",
         "--limit", str(args.train_rows), "--max-steps", str(args.grpo_steps), "--num-generations", "4",
         "--prompts-per-step", "2", "--max-completion-length", "512", "--learning-rate", "3e-5", "--reproducible",
         "--out", str(out / "grpo")])
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
