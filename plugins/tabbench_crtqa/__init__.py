"""tabbench plugin: the CRT-QA benchmark and its exact-match reward (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("crtqa", "tabbench_crtqa.benchmark:CRTQABenchmark",
             description="CRT-QA complex reasoning table QA (exact match)")


@tabbench.hookimpl
def register_suites(register):
    register("tableqa", ["crtqa"], description="table reasoning: CRT-QA, TableBench, RealHiTBench, TEMPTABQA-C")


@tabbench.hookimpl
def register_rewards(register):
    register("crtqa-em", "tabbench_crtqa.rewards:CRTQAExactMatch",
             description="CRT-QA exact match with tabbench's documented normalisation (or the seed paper's)")
