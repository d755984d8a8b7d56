"""SQL rewards shared by evaluation and training: SQL-R1, Databricks RLVR, Arctic, execution-partial, the
sparks paper's text and judge rewards, a TableGPT-R1-style hybrid and weighted composites.

This module only registers names; the reward classes are imported when a reward is used.
"""

import tabbench

REWARDS = {
    "sqlr1": ("execution:SqlR1Reward", "SQL-R1: format +-1, execution +-2, result +-3, length term on a match"),
    "databricks-rlvr": ("execution:DatabricksRlvrReward", "Databricks RLVR: 1 match, 0 mismatch, -1 fails"),
    "arctic": ("execution:ArcticReward", "Arctic-Text2SQL-R1: 1 match, 0.1 executes, 0 otherwise"),
    "execution-partial": ("execution:ExecutionPartialReward",
                          "execution-based RL: -100 fails, else 1 + 100*REMS, +1000 exact match"),
    "execution-credit": ("execution:ExecutionCreditReward",
                         "partial credit: 1 match; else 0.1 executes + 0.2 same column count + 0.5 x row F1"),
    "string-match": ("textual:StringMatchReward", "sparks: difflib ratio of predicted and gold SQL"),
    "component-f1": ("textual:ComponentF1Reward", "sparks: mean F1 over SQL components from sqlglot"),
    "orthographic": ("textual:OrthographicReward", "sparks: 1/(x+1), x = token edit distance (or judge count)"),
    "llm-judge-classes": ("judge:LlmJudgeClassesReward", "sparks: LLM judge grades Very bad..Excellent -> 0..1"),
    "llm-exe": ("judge:LlmExeReward", "LLM judge: would the predicted SQL return the gold result (0 or 1)"),
    "hybrid": ("composite:HybridReward", "TableGPT-R1 style: rule check where checkable, judge otherwise"),
    "composite": ("composite:CompositeReward", "weighted sum of named rewards (presets: sparks-best4, ...)"),
}


@tabbench.hookimpl
def register_rewards(register):
    for name, (target, description) in REWARDS.items():
        register(name, f"tabbench_sql_rewards.{target}", description=description)
