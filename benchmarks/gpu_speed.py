"""Generation at the GPU's speed: issue 31's two tables in one run, with plain transformers baselines beside them.

Builds a random-weight model with SmolLM2-135M's architecture (LlamaConfig: hidden 576, 30 layers, 9 heads, 3
key/value heads, intermediate 1536, vocabulary 49,152) and a byte-level BPE tokenizer trained here on the prompts
(``tabbench_demo.tinymodel``: nothing is downloaded, no weights are carried). With random weights every completion
runs to the token limit, so every mode does the same work.

Prompts: the project's own prompts for the first ``--questions`` Spider dev questions in ``--data``
(``dev.json``, ``tables.json``, ``database/``; ``../shared/data/spider`` by default, the carried copy on a lent GPU:
``benchmarks/gpu_window.py``). Without them the script stops with one line rather than measure something else;
``--synthetic`` asks for synthetic schema-and-question prompts of similar length and a constant reward on purpose.
The mean prompt length in this tokenizer's tokens is printed (SmolLM2's own tokenizer gave 453 on the first 512
Spider dev questions).

Table 1, evaluation (greedy, ``--batch`` prompts a call, ``--max-new-tokens``): the ``hf`` backend (what
``tabbench eval`` generates with) eagerly with prefix reuse on and off, compiled (``-m compile=true``) at
``--batch`` and with every prompt in one call, then plain transformers loops (dynamic cache; static cache with
transformers' compiled decode). Compiled modes report a cold first pass (compile included) and a warm second
one; eager modes one pass after a process-wide warm-up. Greedy agreement of compiled and eager outputs is
counted in the run's dtype (bfloat16 on a GPU: differences are expected and counted) and in float32 on
``--fp32-questions`` questions.

Table 2, GRPO (``--prompts`` x ``--generations`` x ``--grpo-tokens``, beta 0.04, ``spider-ex`` on Spider's
questions): seconds a step of TRL's ``GRPOTrainer`` as ``tabbench train grpo`` builds it, with TRL's eager
rollouts and with ``--compile`` (``tabbench_trainers.rollouts``); then plain ``generate(num_return_sequences=G,
do_sample=True)`` alone with a dynamic cache and with a compiled static cache.

Both tables fit one command of a lent GPU: ``--budget`` (480 s) counts from the process start, the rows run most
important first (issue 31's targets: the compiled backend at batch 64 and all at once, the eager backend, GRPO
compiled and eager), and a row starts only when its estimate on an H200 (compile included) fits what is left; the
others are printed as skipped. Then the targets, met or not, and with ``--figures FILE`` the measured figures in
``benchmarks/gpu_figures.json``'s format (the learning proof's compile choices read them; commit the file there).

    python benchmarks/gpu_speed.py [--data ../shared/data/spider] [--figures F]   # one GPU, at most ~9 minutes
    python benchmarks/gpu_speed.py --cpu-smoke --data DIR                          # a CPU: every row, tiny sizes

``--cpu-smoke`` runs every row end to end on a tiny model (float32, dynamo's ``eager`` compiler backend, as
inductor takes minutes on a small CPU): it proves the script, not the speed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

PROCESS_START = time.time()
SPIDER = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "spider"
SMOLLM2 = {"hidden_size": 576, "num_hidden_layers": 30, "num_attention_heads": 9, "num_key_value_heads": 3,
           "intermediate_size": 1536, "vocab_size": 49152}
FIGURES = Path(__file__).resolve().parent / "gpu_figures.json"
SMOKE = {"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2, "num_key_value_heads": 1,
         "intermediate_size": 128, "vocab_size": 1024}


class Budget:
    """Seconds left of ``--budget``, counted from the process start (a lent GPU's command limit counts from there)."""

    def __init__(self, seconds: float) -> None:
        self.end = PROCESS_START + seconds

    def left(self) -> float:
        return self.end - time.time()


# --- model and prompts ------------------------------------------------------------------------------------


def prompts(data: Path | None, n: int) -> tuple[list[Any], str]:
    """``n`` generation requests: Spider dev's first questions (the project's prompts), else synthetic ones."""
    from tabbench import Example, GenerationRequest, get_benchmark

    if data is not None and (data / "dev.json").is_file() and (data / "tables.json").is_file():
        bench = get_benchmark("spider", str(data), on_missing_db="keep")  # prompts only: no database needed
        examples = list(bench.examples("dev"))[:n]
        return [GenerationRequest(bench.prompt(e), e, bench.name) for e in examples], f"Spider dev ({data})"
    rng = random.Random(0)
    words = ["singer", "concert", "stadium", "country", "age", "name", "capacity", "year", "song", "theme"]
    requests = []
    for i in range(n):
        tables = [f"CREATE TABLE {rng.choice(words)}_{t} (" + ", ".join(
            f"{rng.choice(words)}_{c} {rng.choice(['INTEGER', 'TEXT', 'REAL'])}" for c in range(8)) + ")"
            for t in range(4 + (i // 32) % 3)]  # the same schema for runs of 32 questions, as Spider's databases
        question = " ".join(rng.choice(words) for _ in range(12)) + "?"
        messages = [{"role": "system", "content": "Translate the question into one SQLite query."},
                    {"role": "user", "content": "Database schema:\n" + "\n".join(tables) + f"\n\nQuestion: {question}"}]
        requests.append(GenerationRequest(messages, Example(str(i), None), "synthetic"))
    return requests, "synthetic schema-and-question prompts (no Spider data given)"


def build_model(work: Path, sizes: dict[str, int], corpus: list[str], vocab: int) -> Path:
    """A random-weight Llama of ``sizes`` with a BPE tokenizer of ``vocab`` tokens trained on ``corpus``."""
    import torch
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model
    from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

    path = build_tiny_model(work / "model", corpus, TinySpec(vocab_size=vocab, hidden_size=32, num_hidden_layers=1,
                                                             num_attention_heads=2, num_key_value_heads=1,
                                                             intermediate_size=64, max_position_embeddings=4096))
    tokenizer = AutoTokenizer.from_pretrained(str(path))
    config = LlamaConfig(**{**sizes, "vocab_size": max(sizes["vocab_size"], len(tokenizer))},
                         max_position_embeddings=8192, tie_word_embeddings=True, rope_theta=100000.0,
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, bos_token_id=None)
    torch.manual_seed(0)
    model = LlamaForCausalLM(config)
    model.generation_config.eos_token_id = config.eos_token_id
    model.generation_config.pad_token_id = config.pad_token_id
    for stale in path.glob("*.safetensors"):
        stale.unlink()
    model.save_pretrained(str(path))
    return path


# --- table 1: evaluation ----------------------------------------------------------------------------------


def backend_passes(model: Path, requests: list[Any], params: Any, passes: int, **options: Any) -> tuple[list, list]:
    """Seconds of each pass of the hf backend over ``requests``, and the last pass's completions."""
    import tabbench

    backend = tabbench.get_backend("hf", str(model), **options)
    backend.load()
    seconds, outputs = [], []
    try:
        for _ in range(passes):
            start = time.perf_counter()
            outputs = backend.generate(requests, params)
            seconds.append(time.perf_counter() - start)
    finally:
        backend.close()
    return seconds, [outs[0] for outs in outputs]


def static_options(lm: Any) -> dict[str, Any]:
    """What a user writes for transformers' compiled decoding: a static cache and a ``CompileConfig``."""
    from tabbench import decoding

    return {"cache_implementation": "static", "compile_config": decoding.compile_config(lm.device.type)}


def plain_passes(model: Path, texts: list[str], batch: int, max_new: int, passes: int, static: bool, device: str,
                 dtype: str) -> tuple[list, list]:
    """A plain transformers loop: left-padded batches in order, ``generate`` with its own (or a static) cache."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model), padding_side="left")
    lm = AutoModelForCausalLM.from_pretrained(str(model), dtype=getattr(torch, dtype)).to(device).eval()
    extra = static_options(lm) if static else {}
    seconds, outputs = [], []
    for _ in range(passes):
        outputs = []
        start = time.perf_counter()
        for i in range(0, len(texts), batch):
            inputs = tokenizer(texts[i:i + batch], return_tensors="pt", padding=True, add_special_tokens=False)
            inputs = inputs.to(device)
            with torch.inference_mode():
                ids = lm.generate(**inputs, max_new_tokens=max_new, do_sample=False, temperature=None, top_p=None,
                                  top_k=None, pad_token_id=tokenizer.pad_token_id, **extra)
            outputs += tokenizer.batch_decode(ids[:, inputs["input_ids"].shape[1]:], skip_special_tokens=True)
        if device.startswith("cuda"):
            torch.cuda.synchronize()
        seconds.append(time.perf_counter() - start)
    return seconds, outputs


def eval_rows(args: argparse.Namespace, model: Path, requests: list[Any]) -> list[Row]:
    """Table 1's rows; the warm-up (CUDA context, kernels) runs here, out of every row."""
    import tabbench
    from tabbench import GenerationParams

    params = GenerationParams(max_new_tokens=args.max_new_tokens)
    base = {"device": args.device, "dtype": args.dtype, "batch_size": args.batch}
    warm = tabbench.get_backend("hf", str(model), **base, compile=False)
    warm.generate(requests[:4], GenerationParams(max_new_tokens=4))
    texts = [warm.render(r) for r in requests]
    warm.close()
    n = len(requests)

    def fp32() -> tuple[list[float], list[str]]:
        few, options = requests[:args.fp32_questions], {**base, "dtype": "float32"}
        _, eager = backend_passes(model, few, params, 1, **options, compile=False)
        _, fast = backend_passes(model, few, params, 1, **options, compile=True)
        return [], [f"{sum(a == b for a, b in zip(eager, fast, strict=True))}/{len(few)}"]

    # (priority, label, estimate s on an H200, run): the issue-31 targets' rows first
    return [
        Row(1, 0, "hf backend, eager, prefix reuse on (-m compile=false)", 45,
            lambda: backend_passes(model, requests, params, 1, **base, compile=False)),
        Row(8, 1, "hf backend, eager, prefix reuse off", 45,
            lambda: backend_passes(model, requests, params, 1, **base, compile=False, prefix_cache=False)),
        Row(0, 2, f"hf backend, compiled (-m compile=true), batch {args.batch}", 70,
            lambda: backend_passes(model, requests, params, 2, **base, compile=True)),
        Row(2, 3, f"hf backend, compiled, all {n} prompts in one call", 60,
            lambda: backend_passes(model, requests, params, 2, **{**base, "batch_size": n}, compile=True)),
        Row(7, 4, "plain generate loop, dynamic cache", 80,
            lambda: plain_passes(model, texts, args.batch, args.max_new_tokens, 2, False, args.device, args.dtype)),
        Row(6, 5, 'plain generate(cache_implementation="static"), compiled', 70,
            lambda: plain_passes(model, texts, args.batch, args.max_new_tokens, 2, True, args.device, args.dtype)),
        Row(10, 6, f"float32 greedy agreement, compiled vs eager, {args.fp32_questions} questions", 50, fp32),
    ]


# --- table 2: GRPO ----------------------------------------------------------------------------------------


def grpo_data(args: argparse.Namespace) -> tuple[list[dict], list[Any], str]:
    """TRL rows and reward functions: spider-ex on Spider questions, else (``--synthetic``) a constant."""
    from tabbench.adapters import example_row, trl_reward

    if args.data is not None:
        import tabbench

        bench = tabbench.get_benchmark("spider", str(args.data), on_missing_db="skip")
        examples = list(bench.examples("dev"))[:max(64, args.prompts * 4)]
        return [example_row(bench, e) for e in examples], [trl_reward("spider-ex")], "spider-ex"
    requests, _ = prompts(None, max(64, args.prompts * 4))
    rows = [{"prompt": r.messages, "id": r.example.id} for r in requests]

    def constant(completions: list[Any], **_: Any) -> list[float]:
        return [0.0] * len(completions)

    return rows, [constant], "a constant reward (no Spider databases)"


def grpo_steps(args: argparse.Namespace, model_path: Path, rows: list[dict], rewards: list[Any], compile: bool,
               work: Path) -> tuple[list[float], dict]:
    """Seconds of each step of a GRPOTrainer set up as ``tabbench train grpo`` sets it up, and rollout timing."""
    import torch
    from datasets import Dataset
    from tabbench_trainers import grpo, rollouts
    from transformers import AutoModelForCausalLM, AutoTokenizer, PrinterCallback, TrainerCallback, TrainingArguments
    from trl import GRPOConfig, GRPOTrainer

    tokenizer = AutoTokenizer.from_pretrained(str(model_path))
    model = AutoModelForCausalLM.from_pretrained(str(model_path), dtype=torch.float32)
    names = {f.name for f in fields(TrainingArguments)}
    no_checkpointing = {"activation_checkpointing" if "activation_checkpointing" in names
                        else "gradient_checkpointing": False}
    cuda = args.device.startswith("cuda")
    config = GRPOConfig(output_dir=str(work / f"grpo-{compile}"), use_cpu=not cuda, bf16=cuda, report_to="none",
                        per_device_train_batch_size=args.prompts * args.generations, num_generations=args.generations,
                        max_completion_length=args.grpo_tokens, beta=0.04, learning_rate=1e-6,
                        max_steps=args.grpo_steps, logging_steps=1, save_strategy="no", remove_unused_columns=False,
                        disable_tqdm=True, dataloader_num_workers=0, **no_checkpointing)
    trainer = GRPOTrainer(model=model, reward_funcs=rewards, args=config, train_dataset=Dataset.from_list(rows),
                          processing_class=tokenizer)
    if compile:
        why_not = rollouts.compile_rollouts(trainer, grpo.longest_prompt(rows, tokenizer), args.grpo_tokens)
        if why_not:
            print(f"  (compiled rollouts unavailable: {why_not})")
    clock = rollouts.time_rollouts(trainer)
    steps: list[float] = []

    class StepTimes(TrainerCallback):
        def on_step_begin(self, *_: Any, **__: Any) -> None:
            self.start = time.perf_counter()

        def on_step_end(self, *_: Any, **__: Any) -> None:
            steps.append(time.perf_counter() - self.start)

    trainer.add_callback(StepTimes())
    trainer.remove_callback(PrinterCallback)  # TRL's per-step log lines: not this script's output
    trainer.train()
    return steps, clock.record()


def plain_sampling(args: argparse.Namespace, model_path: Path, rows: list[dict], static: bool, calls: int
                   ) -> list[float]:
    """Seconds of each plain ``generate(num_return_sequences=G, do_sample=True)`` call on one step's prompts."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model_path), padding_side="left")
    lm = AutoModelForCausalLM.from_pretrained(str(model_path), dtype=getattr(torch, args.dtype)).to(args.device).eval()
    texts = [tokenizer.apply_chat_template(row["prompt"], tokenize=False, add_generation_prompt=True)
             for row in rows[:args.prompts]]
    inputs = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False).to(args.device)
    extra = static_options(lm) if static else {}
    seconds = []
    for _ in range(calls):
        start = time.perf_counter()
        with torch.inference_mode():
            lm.generate(**inputs, num_return_sequences=args.generations, do_sample=True, temperature=1.0,
                        max_new_tokens=args.grpo_tokens, pad_token_id=tokenizer.pad_token_id, **extra)
        if args.device.startswith("cuda"):
            torch.cuda.synchronize()
        seconds.append(time.perf_counter() - start)
    return seconds


def grpo_rows(args: argparse.Namespace, model: Path, work: Path) -> tuple[list[Row], str]:
    """Table 2's rows and the reward they train on."""
    rows, rewards, reward = grpo_data(args)
    return [
        Row(3, 0, "GRPOTrainer as train grpo sets it up, --compile true", 70,
            lambda: grpo_steps(args, model, rows, rewards, True, work)),
        Row(4, 1, "GRPOTrainer as train grpo sets it up, --compile false", 60,
            lambda: grpo_steps(args, model, rows, rewards, False, work)),
        Row(9, 2, "plain generate(num_return_sequences, do_sample), dynamic", 25,
            lambda: (plain_sampling(args, model, rows, False, 3), None)),
        Row(5, 3, "the same with a static cache, compiled", 55,
            lambda: (plain_sampling(args, model, rows, True, 4), None)),
    ], reward


class Row:
    """One measurement: run in ``priority`` order (issue 31's targets first), shown in ``order`` in its table,
    started only when ``estimate`` seconds (an H200's, compile included) are left of the budget."""

    def __init__(self, priority: int, order: int, label: str, estimate: float, run: Any) -> None:
        self.priority, self.order, self.label, self.estimate, self.run = priority, order, label, estimate, run
        self.result: tuple[list[float], Any] | None = None
        self.skipped = ""


def measure(rows: list[Row], budget: Budget, scale: float) -> None:
    """Run the rows, most important first, each only if its estimate (times ``scale``) fits what is left."""
    for row in sorted(rows, key=lambda r: r.priority):
        need = row.estimate * scale
        if budget.left() < need:
            row.skipped = f"skipped: {budget.left():.0f} s left of --budget, it takes about {need:.0f} s"
            print(f"[{row.label}] {row.skipped}", flush=True)
            continue
        start = time.perf_counter()
        row.result = row.run()
        print(f"[{row.label}] {time.perf_counter() - start:.0f} s", flush=True)


def print_eval_table(args: argparse.Namespace, rows: list[Row], n: int) -> None:
    print(f"\nTable 1: evaluation, {n} questions, batch {args.batch}, {args.max_new_tokens} new tokens, greedy, "
          f"{args.dtype}")
    print(f"{'mode':<58}{'first s':>9}{'second s':>10}{'q/s warm':>10}{'same as eager':>15}")
    reference = rows[0].result[1] if rows[0].result else None
    for row in sorted(rows, key=lambda r: r.order):
        if row.result is None:
            print(f"{row.label:<58}{row.skipped:>44}")
            continue
        seconds, outputs = row.result
        if not seconds:  # the float32 agreement row
            print(f"{row.label:<58}{outputs[0]:>44}")
            continue
        same = f"{sum(a == b for a, b in zip(outputs, reference, strict=True))}/{n}" if reference else "-"
        second = f"{seconds[1]:>10.2f}" if len(seconds) > 1 else f"{'-':>10}"
        print(f"{row.label:<58}{seconds[0]:>9.2f}{second}{n / seconds[-1]:>10.1f}{same:>15}")


def print_grpo_table(args: argparse.Namespace, rows: list[Row], reward: str) -> None:
    print(f"\nTable 2: GRPO, {args.prompts} prompts x {args.generations} generations x {args.grpo_tokens} tokens a "
          f"step, beta 0.04, reward {reward}, {args.grpo_steps} steps")
    print(f"{'mode':<58}{'seconds a step (or a call)':<40}")
    for row in sorted(rows, key=lambda r: r.order):
        if row.result is None:
            print(f"{row.label:<58}{row.skipped}")
            continue
        seconds, clock = row.result
        extra = (f"  (rollouts: {clock['warmup_calls']} warm-up calls {clock['warmup_seconds']:.1f} s, "
                 f"{clock['calls']} warm calls {clock['seconds']:.1f} s)") if clock else ""
        print(f"{row.label:<58}{', '.join(f'{s:.2f}' for s in seconds)}{extra}")


def figures(rows: list[Row], grpo: list[Row], n: int, device: str, previous: Path) -> dict[str, Any]:
    """The figures the learning proof's compile choices read (``benchmarks/gpu_figures.json``'s format): what this
    run measured, and for a row it skipped the previous file's figure, marked as not measured here."""
    by = {row.order: row for row in rows}
    steps = {row.order: row for row in grpo}
    measured: dict[str, tuple[float, str]] = {}
    if by[2].result:  # compiled at --batch: cold pass less warm pass is the compile
        cold, warm = by[2].result[0][:2]
        measured["compile_seconds"] = (cold - warm, "the compiled hf backend's first pass less its second")
        measured["eval_compiled_questions_per_second"] = (n / warm, "the compiled hf backend's warm pass")
    if by[0].result:
        measured["eval_eager_questions_per_second"] = (n / by[0].result[0][0], "the eager hf backend (prefix reuse)")
    for order, key in ((1, "grpo_step_seconds_eager"), (0, "grpo_step_seconds_compiled")):
        if steps[order].result and len(steps[order].result[0]) > 1:
            later = sorted(steps[order].result[0][1:])  # the first step holds the compile or the warm-up
            measured[key] = (later[len(later) // 2], "the median GRPO step after the first")
    old = json.loads(previous.read_text(encoding="utf-8")) if previous.is_file() else {}
    stamp = f"benchmarks/gpu_speed.py on {device}, {time.strftime('%Y-%m-%d')}"
    out: dict[str, Any] = {"about": f"GPU figures the learning proof's compile choices are computed from "
                           f"(benchmarks/proof_plan.py choose_compile), measured by {stamp}; a figure marked 'not "
                           "measured in this run' is the previous file's.", "device": device}
    for key in ("compile_seconds", "eval_eager_questions_per_second", "eval_compiled_questions_per_second",
                "grpo_step_seconds_eager", "grpo_step_seconds_compiled"):
        if key in measured:
            value, how = measured[key]
            out[key] = {"value": round(value, 3), "source": f"{stamp}: {how} (random weights, every completion to "
                        "the token limit)"}
        elif key in old:
            out[key] = {**old[key], "source": f"not measured in this run: {old[key].get('source', '')}"}
    return out


def targets(rows: list[Row], grpo: list[Row], n: int, batch: int) -> list[str]:
    """Issue 31's targets against what this run measured (on an H200)."""
    by, steps, found = {r.order: r for r in rows}, {r.order: r for r in grpo}, []
    if by[2].result:
        cold, warm = by[2].result[0][:2]
        found += [(f"eval warm at batch {batch}", n / warm, "questions/s", ">=", 50),
                  ("eval cold pass, compile included", cold, "s", "<=", 40)]
    if by[3].result:
        found.append(("eval warm, all prompts in one call (H200)", n / by[3].result[0][-1], "questions/s", ">=", 200))
    if steps[0].result and len(steps[0].result[0]) > 1:
        later = sorted(steps[0].result[0][1:])
        found.append(("GRPO step, compiled rollouts", later[len(later) // 2], "s", "<=", 1.5))
    return [f"{what}: {value:.2f} {unit} (target {op} {goal:g}): "
            f"{'met' if (value >= goal if op == '>=' else value <= goal) else 'not met'}"
            for what, value, unit, op, goal in found]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=SPIDER,
                        help="Spider folder (dev.json, tables.json, database/): the prompts and the GRPO reward")
    parser.add_argument("--synthetic", action="store_true",
                        help="measure on synthetic prompts and a constant reward instead (not issue 31's figures)")
    parser.add_argument("--questions", type=int, default=512)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--max-new-tokens", type=int, default=128)
    parser.add_argument("--fp32-questions", type=int, default=64, help="questions for the float32 agreement check")
    parser.add_argument("--prompts", type=int, default=8, help="GRPO prompts a step")
    parser.add_argument("--generations", type=int, default=8)
    parser.add_argument("--grpo-tokens", type=int, default=128)
    parser.add_argument("--grpo-steps", type=int, default=5)
    parser.add_argument("--vocab", type=int, default=8192, help="tokens of the BPE tokenizer trained on the prompts")
    parser.add_argument("--budget", type=float, default=480,
                        help="seconds from the process start; a row starts only if its estimate fits what is left")
    parser.add_argument("--figures", type=Path, default=None,
                        help="write the measured figures here (benchmarks/gpu_figures.json's format)")
    parser.add_argument("--device", default=None, help="default: cuda when available, else cpu")
    parser.add_argument("--skip", choices=["eval", "grpo"], action="append", default=[])
    parser.add_argument("--cpu-smoke", action="store_true", help="tiny sizes on the CPU: proves the script runs")
    args = parser.parse_args()
    spider = args.data is not None and all((args.data / name).exists() for name in ("dev.json", "tables.json",
                                                                                    "database"))
    if not spider and not args.synthetic:
        print(f"gpu_speed: --data {args.data}: no Spider dev here (dev.json, tables.json, database/), so the tables "
              "would measure synthetic prompts: carry the Spider files (benchmarks/gpu_window.py) or pass "
              "--synthetic", file=sys.stderr)
        return 2
    args.data = args.data.resolve() if spider and not args.synthetic else None

    import torch

    import tabbench

    sizes, scale = SMOLLM2, 1.0
    if args.cpu_smoke:
        sizes, scale = SMOKE, 0.0  # every row runs: the point is that each one works
        args.device, args.questions, args.batch, args.max_new_tokens, args.fp32_questions = "cpu", 8, 4, 6, 4
        args.prompts, args.generations, args.grpo_tokens, args.grpo_steps, args.vocab = 2, 2, 6, 2, 1024
        from tabbench import decoding

        plain_config = decoding.compile_config

        def traced(device_type: str) -> Any:  # dynamo traces; inductor would take minutes on a small CPU
            config = plain_config(device_type)
            config.backend = "eager"
            return config

        decoding.compile_config = traced
    args.device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    args.dtype = "bfloat16" if args.device.startswith("cuda") and torch.cuda.is_bf16_supported() else "float32"
    requests, source = prompts(args.data, args.questions)
    device = torch.cuda.get_device_name() if args.device.startswith("cuda") else f"CPU ({os.cpu_count()} cores)"
    import transformers
    import trl

    print(f"machine: {device}; torch {torch.__version__}, transformers {transformers.__version__}, trl "
          f"{trl.__version__}, tabbench {tabbench.__version__}")
    work = Path(tempfile.mkdtemp(prefix="tabbench-gpu-speed-"))
    start = time.perf_counter()
    corpus = [m["content"] for r in requests for m in r.messages]
    model = build_model(work, sizes, corpus, args.vocab)
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model))
    lengths = [len(tokenizer.apply_chat_template(r.messages, add_generation_prompt=True, tokenize=True,
                                                 return_dict=False)) for r in requests]
    print(f"model: random weights, {json.dumps(sizes)}, built in {time.perf_counter() - start:.1f} s")
    print(f"prompts: {len(requests)} {source}; mean {sum(lengths) / len(lengths):.0f} tokens (max {max(lengths)}) "
          f"with a {len(tokenizer)}-token BPE trained on them", flush=True)
    table1 = eval_rows(args, model, requests) if "eval" not in args.skip else []
    table2, reward = grpo_rows(args, model, work) if "grpo" not in args.skip else ([], "")
    measure(table1 + table2, Budget(args.budget), scale)
    if table1:
        print_eval_table(args, table1, len(requests))
    if table2:
        print_grpo_table(args, table2, reward)
    if table1 and table2:
        print("\nIssue 31's targets:", *targets(table1, table2, len(requests), args.batch), sep="\n  ")
        if args.figures:
            args.figures.write_text(json.dumps(figures(table1, table2, len(requests), device, FIGURES), indent=1)
                                    + "\n")
            print(f"wrote {args.figures}")
    print(f"\ntotal {time.time() - PROCESS_START:.0f} s from the process start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
