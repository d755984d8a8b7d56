"""``run_trainer``: the one prologue and epilogue of every trainer, so a trainer plugin writes only its algorithm.

The prologue, in order: the ``--out`` check (``check_out_dir``), thread settings (``--reproducible``), the
run's settings and result store, the plan of the selection (``tabbench.evaluation.plan.plan``, as evaluation's:
the benchmarks, their examples, the per-query limits), the rewards, the sandbox check (before any model loads),
the trainer's rows, the clock and the time budget, the seed and the base model. The epilogue: the run record
``tabbench_train.json``, the checkpoint switched into ``--out`` whole, and a last line naming it. The trainer
writes in ``--out``'s staging folder (``staged_output``), so a failure, an interruption or a kill anywhere leaves
``--out`` as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Environment
from tabbench.contract.errors import TabbenchError
from tabbench.contract.settings import use_settings
from tabbench.contract.types import Example, Message
from tabbench.evaluation.plan import Plan
from tabbench.training.budget import TimeBudget, Timer
from tabbench.training.config import RewardOptions, TrainConfig
from tabbench.training.data import training_plan
from tabbench.training.model import load_model, save_checkpoint, seed_everything
from tabbench.training.output import check_out_dir, echo, staged_output, write_run_info
from tabbench.training.rewards import RewardSpec, require_sandbox, resolve_rewards


@dataclass
class Trained:
    """What a trainer's ``train`` returns: its last line (``"12 steps, loss 0.41"``; the time and the checkpoint
    are added) and its own fields of the run record (rows, steps, losses...)."""

    summary: str
    record: dict[str, Any] = field(default_factory=dict)


#: The type of a trainer's config (``TrainingRun[MyConfig]``: ``run.config`` is a ``MyConfig``).
C = TypeVar("C", bound=TrainConfig)


@dataclass
class TrainingRun(Generic[C]):
    """What the prologue made, handed to the trainer: its config (``TrainingRun[MyConfig]``: a ``MyConfig``), its
    ``plan`` (the benchmarks and their selected examples, chosen as evaluation chooses them; ``benchmarks`` and
    ``items`` for short), the resolved rewards (empty for a trainer without ``RewardOptions``), the rows ``rows``
    built, the base model and tokenizer (``None`` with ``load_model=False``), the time budget and the clock."""

    name: str
    config: C
    plan: Plan
    rewards: list[RewardSpec]
    budget: TimeBudget
    timer: Timer
    rows: Any = None
    model: Any = None
    tokenizer: Any = None
    staging: Path | None = None

    @property
    def benchmarks(self) -> list[Benchmark]:
        """The benchmarks trained on, in order."""
        return self.plan.benchmarks

    @property
    def items(self) -> list[tuple[Benchmark, Example]]:
        """Every selected example with its benchmark, in order: what the rows are built from."""
        return self.plan.items

    @property
    def out_dir(self) -> Path:
        """Where the trainer writes: ``--out``'s staging folder, switched into ``--out`` whole when the run ends
        (``staged_output``)."""
        return self.staging or self.config.out_dir

    def messages(self, benchmark: Benchmark, example: Example) -> list[Message]:
        """The chat messages to train on for ``example``: those ``tabbench eval`` sends with the same options
        (``--system-prompt``, ``--few-shot``; ``Plan.messages``). Build every prompt through this (or
        ``tabbench.adapters.example_row(benchmark, example, run.messages(benchmark, example))``), never
        ``benchmark.prompt``, so the prompt trained on is the prompt evaluated."""
        return self.plan.messages(benchmark, example)

    def save(self, trainer: Any, result: Any, out_dir: Path | None = None) -> dict[str, Any] | None:
        """Save a TRL trainer's checkpoint (``save_checkpoint``) and its ``trainer_state.json`` in ``out_dir``
        (default ``--out``); the record's ``steps``, ``processes`` and ``train_loss`` (``result`` is what
        ``trainer.train()`` returned), or ``None`` on a process other than the main one, which records nothing."""
        out_dir = out_dir or self.out_dir
        try:
            if not save_checkpoint(trainer, self.tokenizer, out_dir):
                return None
            trainer.state.save_to_json(str(out_dir / "trainer_state.json"))
        except Exception as exc:  # a full disk: safetensors and torch raise their own types for an I/O error
            reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
            raise TabbenchError(f"--out {self.config.out_dir}: cannot save the checkpoint ({reason}); nothing was "
                                "written there") from exc
        return {"steps": trainer.state.global_step, "processes": trainer.accelerator.num_processes,
                "train_loss": result.training_loss}


def run_trainer(
    name: str, config: C, train: Callable[[TrainingRun[C]], Trained | None], *, plugin_version: str,
    rows: Callable[[TrainingRun[C]], Any] | None = None, environment: Environment | None = None,
    check_answers: bool = False, model: bool = True,
) -> Path:
    """Run trainer ``name`` (the ``tabbench train NAME`` command) on ``config``; returns ``--out``.

    ``rows(run)`` builds the training rows before the output folder is made and the model loads, so bad data
    fails fast; they are ``run.rows``. ``environment``: the ``--env`` environment whose tools the rollouts call
    (the plan keeps the benchmarks it serves), and ``check_answers``: whether the benchmarks' answer extractors
    run on model output (as TAO's recorded answers do); either may need the kernel sandbox, which is checked with
    the rewards' extractors before any model loads. ``model=False`` leaves loading to ``train`` (a trainer that
    reloads per round). ``train(run)`` trains and saves the checkpoint in ``run.out_dir``; it returns ``Trained``
    on the main process and ``None`` on the others, which write nothing. ``plugin_version`` is recorded in
    ``tabbench_train.json``.

    The run uses its settings (``config.settings``: ``--workers``, ``--result-store-mb``, ``--unsafe-sandbox``)
    and a query-result store of its own, entered here, around everything the run does.
    """
    from tabbench.sql import ResultStore, use_store

    check_out_dir(config.out_dir)  # before the data is read and the model loads: an unusable --out costs nothing
    configure_threads(config)
    with use_settings(config.settings), use_store(ResultStore()):
        planned = training_plan(config.selection, None if environment is None else type(environment))
        specs = (resolve_rewards(config.reward_specs, config.reward_option_pairs, planned.benchmarks)
                 if isinstance(config, RewardOptions) else [])
        require_sandbox(specs, planned.items, environment, recorded=check_answers)
        run = TrainingRun(name, config, planned, specs, TimeBudget(config.max_seconds), Timer())
        if rows is not None:
            run.rows = rows(run)
        with staged_output(config.out_dir) as run.staging:
            run.timer = Timer()
            if model:
                seed_everything(config.seed)
                run.model, run.tokenizer = load_model(config.model_path, config.chat_template)
            trained = train(run)
            if trained is None:
                return config.out_dir
            leave_out = ("reward_specs", "reward_option_pairs") if specs else ()
            write_run_info(run.out_dir, {
                "trainer": name,
                "base_model": str(config.model_path),
                "benchmarks": [b.name for b in planned.benchmarks],
                "split": config.selection.split,
                **({"rewards": [spec.to_json() for spec in specs]} if specs else {}),
                "settings": config.record(*leave_out),
                **run.budget.record(),
                **trained.record,
                "seconds": run.timer(),
            }, plugin_version)
    echo(f"{name}: {trained.summary}, {run.timer()} s; checkpoint in {config.out_dir}")
    return config.out_dir


def configure_threads(config: TrainConfig | None = None) -> None:
    """Keep tokenizers' thread pool out of the way of torch's on small CPU machines; with ``--reproducible``,
    pin kernels, threads and seeds before torch loads (``tabbench.reproducible``)."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if config is not None and config.reproducible:
        from tabbench.reproducible import require

        require(config.seed)
