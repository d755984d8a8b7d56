"""Cost of self-consistency votes on the demo benchmark: milliseconds per example for n candidates.

For each demo test example, ``--samples`` candidate completions are drawn from the gold SQL (p=0.5), two wrong
variants and a completion with no SQL, then each vote (execution majority, Arctic similarity) is timed, with the
candidates' distinct queries executed through ``tabbench.sql``. Also prints how often the vote picks a
completion whose answer is the gold SQL, against the first candidate (what greedy-like "take the first" gives).

    python benchmarks/voting.py [--samples 8] [--seed 0] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

import tabbench
from tabbench.evaluation.voting import vote_outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    benchmark = tabbench.get_benchmark("demo-bird")
    examples = list(benchmark.examples(benchmark.default_split))
    groups = []
    for example in examples:
        gold = benchmark.gold_completion(example)
        wrong = ["```sql\nSELECT 1\n```", "```sql\nSELECT name FROM sqlite_master\n```", "I do not know."]
        groups.append([gold if rng.random() < 0.5 else rng.choice(wrong) for _ in range(args.samples)])
    print(f"{len(examples)} demo examples x {args.samples} candidates (2-core CPU sandbox)")
    for method in ("execution", "similarity"):
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            outcomes = [vote_outcome(benchmark, e, g, method) for e, g in zip(examples, groups, strict=True)]
            best = min(best, time.perf_counter() - start)
        voted = sum(g[o.index] == benchmark.gold_completion(e) for e, g, o in zip(examples, groups, outcomes,
                                                                                   strict=True))
        first = sum(g[0] == benchmark.gold_completion(e) for e, g in zip(examples, groups, strict=True))
        print(f"  {method:10s}: {1000 * best / len(examples):6.2f} ms/example; picks the gold completion "
              f"{voted}/{len(examples)} (first candidate: {first}/{len(examples)})")


if __name__ == "__main__":
    main()
