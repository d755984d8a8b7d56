"""tabbench plugin: the first-party environments ``sql`` and ``python`` and the tool-use shaping rewards.

Only hookimpls here: the environments load when a rollout needs them.
"""

from __future__ import annotations

import tabbench


@tabbench.hookimpl
def register_environments(register):
    register("sql", "tabbench_environments.sql:SqlEnvironment",
             description="list and describe tables, run read-only queries on the example's database; answer: SQL")
    register("python", "tabbench_environments.python:PythonEnvironment",
             description="a sandboxed code interpreter with the example's table as a pandas DataFrame; answer: text")


@tabbench.hookimpl
def register_rewards(register):
    register("tool-errors", "tabbench_environments.rewards:ToolErrors",
             description="shaping: minus `penalty` per failed tool call of a multi-turn transcript (0 when none)")
