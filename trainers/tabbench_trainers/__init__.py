"""First-party trainers: ``tabbench train sft|grpo|tao`` on TRL, with rewards looked up by name.

Only hookimpls here, so listing trainers imports nothing heavy: each command module imports torch, trl and
transformers inside its callback.
"""

from __future__ import annotations

from collections.abc import Callable

import tabbench

__version__ = "0.1.0"


@tabbench.hookimpl
def register_trainers(register: Callable[..., None]) -> None:
    register("sft", "tabbench_trainers.sft:sft_command",
             description="supervised cold start on gold SQL or chain-of-thought traces (TRL SFTTrainer)")
    register("grpo", "tabbench_trainers.grpo:grpo_command",
             description="online RL with reward plugins as reward functions (TRL GRPOTrainer)")
    register("tao", "tabbench_trainers.tao:tao_command",
             description="offline rounds: sample k, score with reward plugins, train by RFT, DPO or KTO (TRL)")
