"""Generation throughput of the ``hf`` backend on the tiny model, and where an eval's time goes.

Prints:

1. tokens/s and prompts/s for batched generation (batch 8 and 32) against batch size 1, on the demo
   benchmark's test prompts with greedy decoding (the untrained tiny model never stops early, so every
   prompt generates exactly --max-new-tokens tokens: a worst case for generation);
2. the same at batch 32 with 1 and 2 torch threads;
3. ``tabbench eval --suite demo`` with the tiny model and no response cache: model load, generation, and
   scoring-plus-records time, from the run's ``results.json`` ``timing`` block;
4. transformers' own ``generate`` on the same batches (greedy settings), then prefix reuse
   (``-m prefix_cache``) off and on, back to back, each in its own process (peak RSS is per process):
   questions/s on real Spider dev prompts (``--spider``, skipped when absent) with the tiny model and with
   ``--smollm`` when given, and a GRPO generation step (one prompt, ``--group`` sampled completions); the
   outputs of each are compared with those with reuse.

Run: ``.venv/bin/python benchmarks/generation_throughput.py [--max-new-tokens 64] [--prompts 64]``
(``--only-prefix`` runs section 4 alone).
Figures depend on the machine and on what else runs on it; the best of --repeats runs is reported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SPIDER = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "spider"


def measure(backend, requests, params, batch_size: int, repeats: int) -> tuple[float, int]:
    """Best wall time over ``repeats`` for generating ``requests`` in batches of ``batch_size``; new tokens."""
    best, tokens = float("inf"), 0
    for _ in range(repeats):
        before = backend.tokens_generated
        start = time.perf_counter()
        for i in range(0, len(requests), batch_size):
            backend.generate(requests[i : i + batch_size], params)
        best = min(best, time.perf_counter() - start)
        tokens = backend.tokens_generated - before
    return best, tokens


def plain_generate(backend, requests, params, batch: int) -> list[list[str]]:
    """What a user writes without tabbench: transformers' ``generate`` on left-padded batches in the caller's
    order, with its own cache and attention (the backend's tokenizer and model, loaded the same way)."""
    import torch

    tokenizer, model = backend._tokenizer, backend._model
    model.set_attn_implementation("sdpa")
    outputs = []
    for i in range(0, len(requests), batch):
        texts = [backend.render(r) for r in requests[i : i + batch]]
        inputs = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
        with torch.inference_mode():
            ids = model.generate(**inputs, max_new_tokens=params.max_new_tokens, do_sample=False,
                                 temperature=None, top_p=None, top_k=None, pad_token_id=tokenizer.pad_token_id)
        outputs += [[text] for text in tokenizer.batch_decode(ids[:, inputs["input_ids"].shape[1]:],
                                                              skip_special_tokens=True)]
    return outputs


def measure_one(spec: dict) -> dict:
    """One setting in this (fresh) process: seconds, questions/s, peak RSS, and the completions.
    ``prefix_cache`` is true, false, or ``"plain"`` (``plain_generate``)."""
    import tabbench
    from tabbench import GenerationParams, GenerationRequest

    threads = {"threads": spec["threads"]} if spec.get("threads") else {}
    plain = spec["prefix_cache"] == "plain"
    backend = tabbench.get_backend("hf", spec["model"], device="cpu", batch_size=spec["batch"],
                                   prefix_cache=not plain and spec["prefix_cache"], **threads)
    backend.load()
    bench = tabbench.get_benchmark(spec["benchmark"], spec["data"], **spec.get("options", {}))
    examples = list(bench.examples(spec["split"]))[: spec["questions"]]
    requests = [GenerationRequest(bench.prompt(e), e, bench.name) for e in examples]
    if spec["group"]:  # a GRPO step: one prompt, `group` sampled completions
        requests = requests[:1]
        params = GenerationParams(max_new_tokens=spec["max_new_tokens"], temperature=1.0, n=spec["group"], seed=1)
    else:
        params = GenerationParams(max_new_tokens=spec["max_new_tokens"])
    start, cpu = time.perf_counter(), time.process_time()
    outputs = plain_generate(backend, requests, params, spec["batch"]) if plain else backend.generate(requests, params)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "cpu_seconds": time.process_time() - cpu, "questions": len(requests),
            "outputs": outputs,
            "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def compare_prefix_reuse(label: str, spec: dict) -> None:
    """Run ``spec`` with plain transformers (greedy settings only), with reuse off, then on, each in a child
    process; print the rates, memory and agreement."""
    runs = {}
    for mode in ("plain", False, True) if not spec["group"] else (False, True):
        child = subprocess.run([sys.executable, __file__, "--measure", json.dumps({**spec, "prefix_cache": mode})],
                               capture_output=True, text=True)
        if child.returncode:
            raise SystemExit(f"{label}: {child.stderr.strip().splitlines()[-1]}")
        runs[mode] = json.loads(child.stdout.splitlines()[-1])
    off, on, plain = runs[False], runs[True], runs.get("plain")

    def rate(run: dict | None) -> str:
        return f"{run['questions'] / run['seconds']:>9.2f}" if run else f"{'-':>9}"

    def same(run: dict | None) -> str:
        if not run:
            return f"{'-':>8}"
        agree = sum(a == b for a, b in zip(run["outputs"], on["outputs"], strict=True))
        return f"{agree:>5}/{len(on['outputs']):<2}"

    over_plain = f"{plain['seconds'] / on['seconds']:>8.1f}x" if plain else f"{'-':>9}"
    plain_rss = f"{plain['peak_rss_mib']:.0f}" if plain else "-"
    print(f"{label:<38}{rate(plain)}{rate(off)}{rate(on)}{over_plain}{off['seconds'] / on['seconds']:>6.1f}x"
          f"{off['cpu_seconds']:>8.1f}{on['cpu_seconds']:>8.1f}"
          f"{plain_rss:>8}{off['peak_rss_mib']:>8.0f}{on['peak_rss_mib']:>8.0f}"
          f"{same(plain)}{same(off)}")


def prefix_section(args: argparse.Namespace, tiny: Path) -> None:
    threads = args.threads or "the backend's default"
    print(f"\nprefix reuse (machine load {os.getloadavg()[0]:.1f}, threads: {threads}); q/s = questions (prompts)"
          " a second: plain = transformers' generate on the same batches (no tabbench), off/on = the hf backend"
          " with -m prefix_cache=false/true; x = on's speed-up over plain and over off; CPU = CPU seconds of"
          " generation off/on (steadier than wall time on a busy machine); RSS = peak MiB of each process;"
          " same = prompts whose outputs equal on's")
    print(f"{'setting':<38}{'plain':>9}{'off':>9}{'on':>9}{'x plain':>9}{'x off':>7}{'CPU off':>8}{'CPU on':>8}"
          f"{'RSS pl.':>8}{'RSS off':>8}{'RSS on':>8}{'same pl.':>9}{'same off':>9}")
    base = {"batch": args.prefix_batch, "max_new_tokens": args.prefix_new_tokens, "group": 0,
            "questions": args.questions, "threads": args.threads}
    demo = {**base, "benchmark": "demo-spider", "data": None, "split": "dev"}
    compare_prefix_reuse("tiny, demo-spider prompts", {**demo, "model": str(tiny)})
    models = [("tiny", tiny)] + ([("SmolLM2-135M", args.smollm)] if args.smollm else [])
    if not (args.spider / "dev.json").is_file():
        print(f"(real Spider dev prompts skipped: {args.spider} absent)")
    for name, model in models:
        if (args.spider / "dev.json").is_file():
            spider = {**base, "benchmark": "spider", "data": str(args.spider), "split": "dev", "model": str(model),
                      "options": {"on_missing_db": "skip"}}  # prompts only: a database file is not needed
            compare_prefix_reuse(f"{name}, Spider dev, greedy", spider)
            compare_prefix_reuse(f"{name}, GRPO step (1 x {args.group})", {**spider, "group": args.group})
        else:
            compare_prefix_reuse(f"{name}, GRPO step (1 x {args.group})", {**demo, "model": str(model),
                                                                          "group": args.group})


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--measure":
        print(json.dumps(measure_one(json.loads(sys.argv[2]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-new-tokens", type=int, default=64)
    parser.add_argument("--prompts", type=int, default=64, help="demo test prompts for the batched runs")
    parser.add_argument("--single-prompts", type=int, default=16, help="prompts for the batch-size-1 run")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--model", default=None, help="a model folder (default: build the tiny model)")
    parser.add_argument("--spider", type=Path, default=SPIDER, help="Spider data folder (dev.json, database/)")
    parser.add_argument("--smollm", type=Path, default=None,
                        help="an imported SmolLM2 checkpoint folder (`tabbench models import-gguf`), measured too")
    parser.add_argument("--questions", type=int, default=32, help="questions for the prefix-reuse comparison")
    parser.add_argument("--prefix-batch", type=int, default=16)
    parser.add_argument("--prefix-new-tokens", type=int, default=32)
    parser.add_argument("--group", type=int, default=8, help="completions per prompt of the GRPO step")
    parser.add_argument("--threads", type=int, default=None,
                        help="torch threads for the prefix-reuse comparison (default: the backend's)")
    parser.add_argument("--only-prefix", action="store_true", help="run only the prefix-reuse comparison")
    args = parser.parse_args()

    import torch
    from tabbench_demo.tinymodel import build_tiny_model

    import tabbench
    from tabbench import GenerationParams, GenerationRequest

    work = Path(tempfile.mkdtemp(prefix="tabbench-genbench-"))
    model = Path(args.model) if args.model else build_tiny_model(work / "tiny")
    bench = tabbench.get_benchmark("demo-bird")
    examples = list(bench.examples("test"))[: args.prompts]
    requests = [GenerationRequest(bench.prompt(e), e, bench.name) for e in examples]
    params = GenerationParams(max_new_tokens=args.max_new_tokens)
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; torch {torch.__version__}")
    print(f"model: {model} ({sum(p.stat().st_size for p in model.glob('*.safetensors')) / 2**20:.1f} MiB weights)")
    if args.only_prefix:
        prefix_section(args, model)
        return
    print(f"greedy, max_new_tokens={args.max_new_tokens}, best of {args.repeats}\n")

    backend = tabbench.get_backend("hf", str(model), device="cpu")
    backend.load()
    print(f"{'setting':<28}{'prompts':>8}{'seconds':>9}{'tokens/s':>10}{'prompts/s':>11}")
    rows = [("batch 1", requests[: args.single_prompts], 1), ("batch 8", requests, 8), ("batch 32", requests, 32)]
    rates = {}
    for label, reqs, size in rows:
        seconds, tokens = measure(backend, reqs, params, size, args.repeats)
        rates[label] = tokens / seconds
        print(f"{label + ' (1 thread)':<28}{len(reqs):>8}{seconds:>9.2f}{tokens / seconds:>10.0f}"
              f"{len(reqs) / seconds:>11.2f}")
    print(f"batch 32 / batch 1 speed-up: {rates['batch 32'] / rates['batch 1']:.1f}x")
    torch.set_num_threads(2)
    seconds, tokens = measure(backend, requests, params, 32, args.repeats)
    print(f"{'batch 32 (2 threads)':<28}{len(requests):>8}{seconds:>9.2f}{tokens / seconds:>10.0f}"
          f"{len(requests) / seconds:>11.2f}")
    backend.close()

    from click.testing import CliRunner

    from tabbench.cli import build_cli

    out = work / "run"
    os.environ["TABBENCH_CACHE_DIR"] = str(work / "cache")
    start = time.perf_counter()
    result = CliRunner().invoke(build_cli(), ["eval", "--model", str(model), "--suite", "demo", "--no-cache",
                                              "--no-progress", "--max-new-tokens", str(args.max_new_tokens),
                                              "--out", str(out)], catch_exceptions=False)
    wall = time.perf_counter() - start
    if result.exit_code != 0:
        raise SystemExit(result.output)
    results = json.loads((out / "results.json").read_text())
    timing = results["timing"]
    n = sum(b["n"] for b in results["benchmarks"].values())
    busy = timing["generation_seconds"] + timing["scoring_and_other_seconds"]
    print(f"\ntabbench eval --suite demo ({n} prompts over {', '.join(results['benchmarks'])}), "
          f"max_new_tokens={args.max_new_tokens}:")
    print(f"  wall {wall:.1f}s (CLI start included); model load {timing['model_load_seconds']:.1f}s; "
          f"generation {timing['generation_seconds']:.1f}s ({timing['generation_seconds'] / busy:.0%}); "
          f"scoring and records {timing['scoring_and_other_seconds']:.1f}s "
          f"({timing['scoring_and_other_seconds'] / busy:.0%})")
    prefix_section(args, model)


if __name__ == "__main__":
    main()
