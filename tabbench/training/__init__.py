"""The host's training contract: what every trainer plugin (``tabbench train NAME``) builds on.

A trainer's command (its click options from ``tabbench.cli.options``: ``common_options``, ``reward_options``)
turns its keywords into a ``TrainConfig`` subclass (``TrainConfig.of``) and hands it to ``run_trainer`` with a
``train(run)`` function. ``run_trainer`` owns the prologue (threads, settings, the ``Plan`` of the ``Selection``
an evaluation run also has, made by the same ``plan`` as evaluation's: benchmarks, examples, per-query limits;
rewards by name, the sandbox check, the ``--out`` folder, the time budget, the seed, the base model) and the run
record ``tabbench_train.json``; ``train`` runs the algorithm on ``run.rows`` or ``run.items`` (``run.plan``'s)
with ``trl_reward_funcs(run.rewards)``, attaches ``run.budget`` and saves through ``run.save``. ``Grader``
(``grading``) judges answers with a benchmark's metric rewards and a trainer's rewards for the adapters to other
stacks (OpenEnv, verifiers, Inspect). Nothing here imports torch, transformers, trl or click at import time.
"""

from __future__ import annotations

from tabbench.contract.deprecation import module_getattr
from tabbench.evaluation.plan import Plan, PlannedBenchmark, plan
from tabbench.evaluation.selection import Selection
from tabbench.training.budget import TimeBudget, Timer
from tabbench.training.config import SELECTION_KEYWORDS, RewardOptions, TrainConfig
from tabbench.training.grading import Grader, Verdict, grader_for, reward_specs
from tabbench.training.model import (
    base_training_args,
    device_settings,
    load_model,
    peft_config,
    save_checkpoint,
    seed_everything,
)
from tabbench.training.output import (
    RUN_RECORD,
    append_log,
    echo,
    is_main_process,
    launch_rank,
    prepare_out_dir,
    removing_output_on_failure,
    write_run_info,
)
from tabbench.training.rewards import (
    BenchmarkReward,
    RewardSpec,
    parse_reward_spec,
    require_sandbox,
    resolve_rewards,
    trl_reward_funcs,
)
from tabbench.training.run import Trained, TrainingRun, configure_threads, run_trainer

__all__ = [
    "RUN_RECORD",
    "SELECTION_KEYWORDS",
    "BenchmarkReward",
    "Grader",
    "Plan",
    "PlannedBenchmark",
    "RewardOptions",
    "RewardSpec",
    "Selection",
    "TimeBudget",
    "Timer",
    "TrainConfig",
    "Trained",
    "TrainingRun",
    "Verdict",
    "append_log",
    "base_training_args",
    "configure_threads",
    "device_settings",
    "echo",
    "grader_for",
    "is_main_process",
    "launch_rank",
    "load_model",
    "parse_reward_spec",
    "peft_config",
    "plan",
    "prepare_out_dir",
    "removing_output_on_failure",
    "require_sandbox",
    "resolve_rewards",
    "reward_specs",
    "run_trainer",
    "save_checkpoint",
    "seed_everything",
    "trl_reward_funcs",
    "write_run_info",
]

__getattr__ = module_getattr(__name__)  # 0.2 names, deprecated (tabbench.contract.deprecation)
