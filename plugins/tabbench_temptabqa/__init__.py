"""tabbench plugin: the TEMPTABQA-C benchmark and its EMS/REMS rewards (hookimpls only; light imports)."""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("temptabqa", "tabbench_temptabqa.benchmark:TempTabQABenchmark",
             description="TEMPTABQA-C temporal QA over athlete infoboxes (EMS/REMS)")


@tabbench.hookimpl
def register_suites(register):
    register("tableqa", ["temptabqa"], description="table reasoning: CRT-QA, TableBench, RealHiTBench, TEMPTABQA-C")


@tabbench.hookimpl
def register_rewards(register):
    register("temptabqa-ems", "tabbench_temptabqa.rewards:EMSReward",
             description="TEMPTABQA-C exact match score (official comma-part matching)")
    register("temptabqa-rems", "tabbench_temptabqa.rewards:REMSReward",
             description="TEMPTABQA-C relaxed exact match score (share of gold parts matched)")
