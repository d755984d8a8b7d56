"""tabbench plugin: the RealHiTBench benchmark and its rewards (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("realhitbench", "tabbench_realhitbench.benchmark:RealHiTBenchBenchmark",
             description="RealHiTBench hierarchical-table QA (EM, ROUGE-L, chart ECR/Pass)")


@tabbench.hookimpl
def register_suites(register):
    register("tableqa", ["realhitbench"], description="table reasoning: CRT-QA, TableBench, RealHiTBench, TEMPTABQA-C")


@tabbench.hookimpl
def register_rewards(register):
    module = "tabbench_realhitbench.rewards"
    register("realhitbench-f1", f"{module}:TokenF1", description="RealHiTBench token F1")
    register("realhitbench-chart", f"{module}:Chart",
             description="RealHiTBench chart Pass or ECR, code run in the sandbox")
    register("realhitbench-score", f"{module}:PerTypeScore",
             description="RealHiTBench per-type official measure (EM / ROUGE-L / chart Pass)")
    register("realhitbench-judge", f"{module}:Judge",
             description="RealHiTBench Data Analysis judge score via a judge reward (e.g. llm-judge)")
