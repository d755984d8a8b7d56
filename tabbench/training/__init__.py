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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.deprecation import deprecated, kept, module_getattr
from tabbench.contract.errors import ConfigError
from tabbench.contract.types import Example
from tabbench.evaluation.plan import Plan, PlannedBenchmark, plan, read_examples
from tabbench.evaluation.selection import Selection
from tabbench.training.budget import TimeBudget, Timer
from tabbench.training.config import SELECTION_KEYWORDS, RewardOptions, TrainConfig
from tabbench.training.data import training_plan
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
    "read_examples",
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


# --- 0.2's training selection, on top of ``plan``: the same refusals as evaluation's (duplicate ids, -o/--data
# for a benchmark not selected); deprecated since 0.3.0, removed in 0.4.0 (docs/api.md)

@deprecated("use tabbench.training.plan(selection, default_split='train').benchmarks (run.plan in a trainer)",
            category=None)
def _load_benchmarks(selection: Selection) -> list[Benchmark]:
    """0.2's ``load_benchmarks(selection)``: the benchmarks a trainer trains on (split ``train`` by default)."""
    return training_plan(selection).benchmarks


@deprecated("use the examples of tabbench.training.plan(selection, default_split='train')[name] (run.plan in a "
            "trainer)", category=None)
def _training_examples(benchmark: Benchmark, split: str, limit: int | None, where: Sequence[Any] = ()
                       ) -> list[Example]:
    """0.2's ``training_examples``: the examples of ``split`` that pass ``where``, cut to ``limit``; none is an
    error."""
    from tabbench.evaluation.where import passing

    examples = passing(where, read_examples(benchmark, split))[:limit]
    if not examples:
        raise ConfigError(f"benchmark {benchmark.name!r} split {split!r} has no examples to train on")
    return examples


@deprecated("use tabbench.training.plan(selection, default_split='train').items (run.items in a trainer)",
            category=None)
def _selected_examples(benchmarks: Sequence[Benchmark], selection: Selection) -> list[tuple[Benchmark, Example]]:
    """0.2's ``selected_examples``: every benchmark's selected examples, each with its benchmark, in order."""
    return [(benchmark, example) for benchmark in benchmarks for example in
            _training_examples(benchmark, selection.split or "train", selection.limit, selection.where)]


__getattr__ = module_getattr(__name__, {name: kept(old, "0.3.0", "0.4.0") for name, old in (
    ("load_benchmarks", _load_benchmarks), ("selected_examples", _selected_examples),
    ("training_examples", _training_examples))})
if TYPE_CHECKING:  # for type checkers: the old behaviours kept are marked deprecated (PEP 702)
    from tabbench.training import _load_benchmarks as load_benchmarks  # noqa: F401
    from tabbench.training import _selected_examples as selected_examples  # noqa: F401
    from tabbench.training import _training_examples as training_examples  # noqa: F401
