"""Figures for the BIRD and Spider metric code: comparators, exact-set match, and scoring real Spider dev.

Run: ``python benchmarks/text2sql_metrics.py``. Prints throughput; nothing is asserted (not a test). The Spider
section uses the shared data when present (``TABBENCH_SHARED_DATA``, default ``<repo>/../shared/data``).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from tabbench import score_batch
from tabbench.sql.compare import bird_ex, bird_soft_f1, rems, spider_result_eq


def _timed(label: str, n: int, func) -> None:
    start = time.perf_counter()
    func()
    seconds = time.perf_counter() - start
    print(f"{label:<58} {n:>7} in {seconds:7.3f} s  {n / seconds:>11,.0f} /s")


def comparators() -> None:
    rng = random.Random(0)
    pairs = []
    for _ in range(10_000):
        width, rows = rng.randint(1, 4), rng.randint(0, 50)
        gold = [tuple(rng.choice([1, 2, 2.0, None, "a", "b"]) for _ in range(width)) for _ in range(rows)]
        pred = list(gold)
        rng.shuffle(pred)
        if pred and rng.random() < 0.5:
            pred[0] = tuple(reversed(pred[0]))
        pairs.append((pred, gold))
    print("comparators, 10,000 random result pairs (1-4 columns, 0-50 rows):")
    _timed("  bird_ex", len(pairs), lambda: [bird_ex(p, g) for p, g in pairs])
    _timed("  bird_soft_f1", len(pairs), lambda: [bird_soft_f1(p, g) for p, g in pairs])
    _timed("  spider_result_eq (bag, column permutations)", len(pairs),
           lambda: [spider_result_eq(p, g) for p, g in pairs])
    _timed("  rems", len(pairs), lambda: [rems(p, g) for p, g in pairs])
    wide = [(None,) * 12 + (i,) for i in range(1000)]
    _timed("  spider_result_eq, 1000 rows x 13 columns, 12 identical", 1,
           lambda: spider_result_eq(list(reversed(wide)), wide))


def spider_dev() -> None:
    default = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
    shared = Path(os.environ.get("TABBENCH_SHARED_DATA", default))
    root = shared / "spider"
    if not (root / "dev.json").exists():
        print("spider dev: shared data absent, skipped")
        return
    import tabbench

    start = time.perf_counter()
    bench = tabbench.get_benchmark("spider", root, on_missing_db="skip", official=True)
    examples = list(bench.examples())
    seconds = time.perf_counter() - start
    print(f"spider dev: {len(examples)} questions loaded and gold hardness parsed in {seconds:.2f} s")
    preds = bench.read_predictions(root / "evaluation_examples" / "pred_example.txt")
    items = [(e, preds[e.id][0]) for e in examples]
    rewards = tabbench.metric_rewards(bench)  # built as a run builds them (official=True reaches them)
    _timed("  spider-em (parse both, canonicalise, compare)", len(items), lambda: score_batch(rewards["em"], items))
    _timed("  spider-ex, in process", len(items),
           lambda: score_batch(rewards["ex"], items))
    _timed("  spider-ex, again (gold from cache)", len(items), lambda: score_batch(rewards["ex"], items))


if __name__ == "__main__":
    comparators()
    spider_dev()
