"""Generation throughput of the ``hf`` backend on the tiny model, and where an eval's time goes.

Prints:

1. tokens/s and prompts/s for batched generation (batch 8 and 32) against batch size 1, on the demo
   benchmark's test prompts with greedy decoding (the untrained tiny model never stops early, so every
   prompt generates exactly --max-new-tokens tokens: a worst case for generation);
2. the same at batch 32 with 1 and 2 torch threads;
3. ``tabbench eval --suite demo`` with the tiny model and no response cache: model load, generation, and
   scoring-plus-records time, from the run's ``results.json`` ``timing`` block.

Run: ``.venv/bin/python benchmarks/generation_throughput.py [--max-new-tokens 64] [--prompts 64]``.
Figures depend on the machine and on what else runs on it; the best of --repeats runs is reported.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-new-tokens", type=int, default=64)
    parser.add_argument("--prompts", type=int, default=64, help="demo test prompts for the batched runs")
    parser.add_argument("--single-prompts", type=int, default=16, help="prompts for the batch-size-1 run")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--model", default=None, help="a model folder (default: build the tiny model)")
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


if __name__ == "__main__":
    main()
