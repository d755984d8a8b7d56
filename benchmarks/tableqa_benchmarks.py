"""Reading and scoring cost of the realhitbench, temptabqa and crtqa benchmark plugins (prints figures).

Uses the shared data (``TABBENCH_SHARED_DATA``, default ``<repo>/../shared/data``) where present and the
crtqa test fixture; every score here is the gold oracle's, so the figures are the cost of the harness,
not of a model. Run: ``python benchmarks/tableqa_benchmarks.py [--charts N]``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import tabbench
from tabbench import score_batch

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", REPO.parent / "shared" / "data"))


def timed(label: str, n: int, seconds: float, extra: str = "") -> None:
    rate = n / seconds if seconds else float("inf")
    print(f"{label:<58} n={n:<6} {seconds:8.2f} s  {rate:10.1f} /s  {extra}")


def score_all(reward: tabbench.Reward, bench: tabbench.Benchmark, examples: list[tabbench.Example]) -> float:
    scores = score_batch(reward, [(e, bench.gold_completion(e)) for e in examples])
    values = [s.value for s in scores if s.value is not None]
    return sum(values) / len(values) if values else float("nan")


def temptabqa() -> None:
    root = SHARED / "temptabqa_c"
    if not root.is_dir():
        print("temptabqa: shared data absent, skipped")
        return
    start = time.perf_counter()
    bench = tabbench.get_benchmark("temptabqa", root)
    examples = list(bench.examples())
    timed("temptabqa: read the 7 test files", len(examples), time.perf_counter() - start)
    start = time.perf_counter()
    mean = score_all(tabbench.get_reward("temptabqa-rems"), bench, examples)
    timed("temptabqa: REMS, gold answers", len(examples), time.perf_counter() - start, f"mean={mean:.3f}")
    sql_bench = tabbench.get_benchmark("temptabqa", root, prompt="sql")
    sample = examples[:500]
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TABBENCH_CACHE_DIR"] = cache
        reward = tabbench.get_reward("temptabqa-rems", sql=True)
        start = time.perf_counter()
        mean = score_all(reward, sql_bench, sample)
        timed("temptabqa: SQL mode, build databases + run gold SELECT", len(sample), time.perf_counter() - start,
              f"mean={mean:.3f}")
        start = time.perf_counter()
        score_all(reward, sql_bench, sample)
        timed("temptabqa: SQL mode, databases cached", len(sample), time.perf_counter() - start)
        del os.environ["TABBENCH_CACHE_DIR"]


def realhitbench(charts: int) -> None:
    root = SHARED / "realhitbench"
    if not (root / "QA_final.json").is_file():
        print("realhitbench: shared data absent, skipped")
        return
    start = time.perf_counter()
    bench = tabbench.get_benchmark("realhitbench", root, missing_tables="skip")
    examples = list(bench.examples())
    timed("realhitbench: read QA_final (tables present)", len(examples), time.perf_counter() - start)
    start = time.perf_counter()
    prompts = [bench.prompt(e) for e in examples]
    size = sum(len(m["content"]) for p in prompts for m in p) / len(prompts)
    timed("realhitbench: build prompts (latex tables)", len(prompts), time.perf_counter() - start,
          f"mean prompt {size:,.0f} chars")
    text = [e for e in examples if e.meta["qtype"] != "Visualization"]
    reward = tabbench.get_reward("realhitbench-score")
    start = time.perf_counter()
    mean = score_all(reward, bench, text)
    timed("realhitbench: per-type score, text questions, gold", len(text), time.perf_counter() - start,
          f"mean={mean:.3f}")
    chart = [e for e in examples if e.meta["qtype"] == "Visualization"][:charts]
    if chart:
        ecr = tabbench.get_reward("realhitbench-chart", measure="ecr")
        start = time.perf_counter()
        passed = score_all(reward, bench, chart)
        ran = score_all(ecr, bench, chart)  # cached: the same sandbox runs
        timed("realhitbench: charts, reference code in the sandbox", len(chart), time.perf_counter() - start,
              f"ECR={ran:.3f} Pass={passed:.3f}")


def crtqa() -> None:
    fixture = REPO / "plugins" / "tabbench_crtqa" / "tests" / "fixtures" / "CRT-QA"
    bench = tabbench.get_benchmark("crtqa", fixture)
    examples = list(bench.examples()) * 500
    start = time.perf_counter()
    mean = score_all(tabbench.get_reward("crtqa-em"), bench, examples)
    timed("crtqa: EM, gold answers (fixture x500)", len(examples), time.perf_counter() - start, f"mean={mean:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--charts", type=int, default=16, help="chart questions to run (sandbox, ~1-4 s each)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs visible; figures from a shared machine vary with its load")
    temptabqa()
    realhitbench(args.charts)
    crtqa()


if __name__ == "__main__":
    main()
