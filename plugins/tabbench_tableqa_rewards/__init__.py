"""Table-QA reward plugins: exact-match, em-within-10, rouge-l, chart-pass, chart-ecr, answer-parsed, pot-ecr.

These are the one implementation of the table-QA metrics: tablebench, realhitbench, crtqa and temptabqa declare
them as metrics, and trainers optimise them unchanged. The helpers they share with those benchmarks are the
host's ``tabbench.tableqa.answers`` (extraction, normalisation, per-sample scores) and
``tabbench.tableqa.execution`` (PoT and chart programs through the sandbox).
"""

import tabbench

__version__ = "0.2.0"

_REWARDS = {
    "exact-match": ("ExactMatch", "exact match of the final answer (TableBench normalisation and numeric rules)"),
    "em-within-10": ("EmWithinTolerance", "exact match with numbers within 10% (TableBench EM_with_error_10)"),
    "rouge-l": ("RougeL", "ROUGE-L F1 of the final answer (rouge-score, deterministic per sample)"),
    "chart-pass": ("ChartPass", "chart code plots the reference y-values, run in the sandbox (Pass@1)"),
    "chart-ecr": ("ChartEcr", "chart code runs without error in the sandbox (ECR@1)"),
    "answer-parsed": ("AnswerParsed", "an answer was extracted, or the chart check reached a verdict (Parse@1)"),
    "pot-ecr": ("PotEcr", "a PoT program runs without error in the sandbox (ECR@1 of PoT text questions)"),
}


@tabbench.hookimpl
def register_rewards(register):  # type: ignore[no-untyped-def]
    for name, (cls, description) in _REWARDS.items():
        register(name, f"tabbench_tableqa_rewards.rewards:{cls}", description=description)
