"""openai backend against a real ``transformers serve`` on loopback: throughput by concurrency, n-sample cost.

Starts ``transformers serve`` (offline, CPU) on a free port serving a tiny model built with
``tabbench_demo.tinymodel`` (default size, demo corpus), sends the demo benchmark's first ``--prompts`` prompts
through the ``openai`` backend at several concurrency limits, and prints prompts per second. Then asks for
``n=4`` samples (which ``transformers serve`` ignores, so the backend sends the extra requests itself).

    python benchmarks/openai_backend.py [--prompts 8] [--max-new-tokens 16] [--concurrency 1,4]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tabbench
from tabbench import GenerationParams, GenerationRequest
from tests import transformers_serve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prompts", type=int, default=8)
    parser.add_argument("--max-new-tokens", type=int, default=16)
    parser.add_argument("--concurrency", default="1,4")
    args = parser.parse_args()
    from tabbench_demo.tinymodel import build_tiny_model

    benchmark = tabbench.get_benchmark("demo-bird")
    examples = list(benchmark.examples(benchmark.default_split))[: args.prompts]
    requests = [GenerationRequest(benchmark.prompt(e), e, benchmark.name) for e in examples]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        model = build_tiny_model(root / "tiny")
        proc, base = transformers_serve.start(model, root, wait=120)
        try:
            params = GenerationParams(max_new_tokens=args.max_new_tokens)
            warm = tabbench.get_backend("openai", f"{base}#{model}")
            warm.generate(requests[:2], params)
            print(f"{len(requests)} demo prompts, max {args.max_new_tokens} new tokens, tiny model "
                  f"(transformers serve, CPU; 2-core sandbox figures vary run to run)")
            for endpoint in ("chat", "completions"):
                for level in (int(c) for c in args.concurrency.split(",")):
                    backend = tabbench.get_backend("openai", f"{base}#{model}", concurrency=level, endpoint=endpoint)
                    start = time.perf_counter()
                    backend.generate(requests, params)
                    elapsed = time.perf_counter() - start
                    print(f"  {endpoint:11s} concurrency {level}: {elapsed:6.2f} s, {len(requests) / elapsed:6.1f} "
                          "prompts/s")
            backend = tabbench.get_backend("openai", f"{base}#{model}", concurrency=4)
            start = time.perf_counter()
            backend.generate(requests, GenerationParams(max_new_tokens=args.max_new_tokens, n=4, temperature=0.8))
            elapsed = time.perf_counter() - start
            print(f"  chat n=4 samples (server ignores n: {backend._server_honours_n is False}), concurrency 4: "
                  f"{elapsed:6.2f} s, {4 * len(requests) / elapsed:6.1f} completions/s")
        finally:
            transformers_serve.stop(proc)


if __name__ == "__main__":
    main()
