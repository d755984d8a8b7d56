"""One progress line per training stage (step, loss or reward mean, ETA) instead of TRL's printed log dicts.

``attach(trainer, label)`` swaps transformers' tqdm bar and log printer for a rich progress bar on stderr; the
logs still go to ``trainer.state.log_history`` (and ``trainer_state.json``), so nothing is lost, only not
printed. Each stage ends with one summary line; where stderr is not a terminal (CI, a pipe), a plain line is
printed at each tenth of the run, and at least once a minute, instead of the live bar. A run bounded by
``--max-seconds`` (whose step limit is only a ceiling) counts its ETA down to the budget.
"""

from __future__ import annotations

import time
import warnings
from typing import Any

REWARD_KEY = "reward"
LINE_SECONDS = 60.0  # the longest wait between two plain progress lines
#: Steps of one reward, the same at every log, after which GRPO's run says it is learning nothing (``flat_reward``).
FLAT_STEPS = 10


def _fmt(value: Any) -> str:
    try:
        return f"{float(value):.3f}"
    except (TypeError, ValueError):
        return "-"


def _reward_means(logs: dict[str, Any]) -> dict[str, float]:
    """``rewards/<name>/mean`` entries, by name (a multi-task run has one per benchmark)."""
    out = {}
    for key, value in logs.items():
        if key.startswith("rewards/") and key.endswith("/mean"):
            try:
                out[key[len("rewards/"):-len("/mean")]] = float(value)
            except (TypeError, ValueError):
                continue
    return out


# GRPO's per-step health, shown beside the reward: is there a gradient (groups whose rewards all tie give none),
# how far the policy moved from the reference, and how long the completions are. TRL's log names.
DIAGNOSTICS = (("reward_std", "std {}", _fmt), ("frac_reward_zero_std", "tied groups {}", "{:.0%}".format),
               ("kl", "kl {}", "{:.4f}".format), ("completions/mean_length", "len {}", "{:.0f}".format))


def grpo_diagnostics(logs: dict[str, Any]) -> str:
    """``, std 0.41, tied groups 25%, kl 0.0012, len 38`` from one GRPO log entry (missing keys left out)."""
    parts = []
    for key, text, fmt in DIAGNOSTICS:
        try:
            parts.append(text.format(fmt(float(logs[key]))))
        except (KeyError, TypeError, ValueError):
            continue
    return "".join(f", {p}" for p in parts)


def flat_reward(rewards: list[float], step: int) -> str | None:
    """The one hint line when every reward logged up to ``step`` (at least ``FLAT_STEPS``) is the same: every
    completion scored alike, so GRPO's advantages are all zero and nothing is learnt. From a model that has not
    learnt the answer format (random init, a base model), that is a reward of 0 at every step: SFT comes first."""
    if step < FLAT_STEPS or not rewards or max(rewards) - min(rewards) > 1e-9:
        return None
    value = rewards[0]
    why = ("no completion earns anything: a model that has not learnt the answer format (an untrained one) needs "
           "`tabbench train sft` first, then GRPO from its checkpoint" if value == 0 else
           "every completion earns the same, so GRPO has no signal: harder or more varied prompts, more samples "
           "(--num-generations) or a higher --temperature")
    return (f"hint: the reward has been {value:.3f} at every step so far ({step} steps): {why} "
            "(trainers/tabbench_trainers/README.md, 'A reward of 0 at every step')")


def callback(label: str, max_seconds: float | None = None) -> Any:
    """A ``transformers.TrainerCallback`` drawing a rich progress bar for the run, labelled ``label``."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from transformers import TrainerCallback

    class RichProgress(TrainerCallback):
        def __init__(self) -> None:
            self.console = Console(stderr=True)
            self.progress: Progress | None = None
            self.task: Any = None
            self.last: dict[str, Any] = {}
            self.next_line = 0  # the step of the next plain progress line (non-terminals only)
            self.start = self.last_line = 0.0
            self.metric, self.printed = "", -1  # the last metric shown; the step of the last plain line
            self.rewards: list[float] = []  # each logged reward, until flat_reward has spoken or they differ
            self.hinted = False

        def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            self.progress = Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.fields[metric]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                console=self.console, transient=False,
            )
            self.progress.start()
            self.task = self.progress.add_task(label, total=state.max_steps or None, metric="")
            self.start = self.last_line = time.monotonic()
            self.next_line = max(1, (state.max_steps or 10) // 10)

        def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            if self.progress is not None:
                self.progress.update(self.task, completed=state.global_step)
                if self.metric and time.monotonic() - self.last_line >= LINE_SECONDS:  # steps logged seldom
                    self.line(state)

        def on_log(self, args: Any, state: Any, control: Any, logs: dict | None = None, **kwargs: Any) -> None:
            if self.progress is None or not logs:
                return
            if REWARD_KEY in logs:
                self.last = {"reward": logs[REWARD_KEY], **_reward_means(logs)}
                metric = f"reward {_fmt(logs[REWARD_KEY])}" + grpo_diagnostics(logs)
                self.hint(logs[REWARD_KEY], state.global_step)
            elif "loss" in logs:
                self.last = {"loss": logs["loss"]}
                metric = f"loss {_fmt(logs['loss'])}"
            else:
                return
            self.progress.update(self.task, metric=metric)
            self.metric = metric
            if state.global_step >= self.next_line or time.monotonic() - self.last_line >= LINE_SECONDS:
                self.line(state)

        def hint(self, reward: Any, step: int) -> None:
            """``flat_reward``'s line, once, the first time the rewards logged so far call for it."""
            if self.hinted:
                return
            try:
                self.rewards.append(float(reward))
            except (TypeError, ValueError):
                return
            text = flat_reward(self.rewards, step)
            if text is not None:
                self.hinted = True
                self.console.print(f"{label}: {text}", highlight=False, markup=False, soft_wrap=True)
            elif max(self.rewards) - min(self.rewards) > 1e-9:  # they differ: no hint can come any more
                self.hinted = True
                self.rewards.clear()

        def line(self, state: Any) -> None:
            """A plain progress line (once per step, where stderr is not a terminal); the ETA is the sooner of
            the step limit's and the time budget's, and the step limit is shown when it is the one that binds."""
            if self.console.is_terminal or self.printed == state.global_step:
                return
            while self.next_line <= state.global_step:
                self.next_line += max(1, (state.max_steps or 10) // 10)
            now = time.monotonic()
            self.last_line, self.printed, elapsed = now, state.global_step, now - self.start
            eta = elapsed / state.global_step * (state.max_steps - state.global_step) if state.global_step else 0
            steps = f"{state.global_step}/{state.max_steps}"
            if max_seconds is not None and max_seconds - elapsed < eta:
                eta, steps = max(0.0, max_seconds - elapsed), f"{state.global_step}"
            self.console.print(f"{label}: step {steps}, {self.metric}, {elapsed:.0f} s, ETA {eta:.0f} s",
                               highlight=False)

        def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            if self.progress is not None:
                self.progress.update(self.task, completed=state.global_step)
                self.progress.stop()
                self.progress = None
            parts = [f"{k} {_fmt(v)}" for k, v in self.last.items()]
            self.console.print(f"{label}: {state.global_step} steps" + (f"; last {', '.join(parts)}" if parts else ""))

    return RichProgress()


def quiet() -> None:
    """No tqdm bars from datasets (tokenising) or transformers (loading, writing shards): call before building
    the trainer."""
    from datasets.utils.logging import disable_progress_bar
    from transformers.utils import logging as hf_logging

    disable_progress_bar()
    hf_logging.disable_progress_bar()
    # TRL 1.16 calls a transformers property that warns about its own future rename at every run
    warnings.filterwarnings("ignore", message=".*is_gradient_checkpointing.*", category=FutureWarning)


def attach(trainer: Any, label: str, max_seconds: float | None = None) -> None:
    """Replace the trainer's tqdm bar and printed log dicts by one rich progress bar (``max_seconds``: the
    run's time budget, for its ETA)."""
    from transformers.trainer_callback import PrinterCallback, ProgressCallback

    for noisy in (ProgressCallback, PrinterCallback):
        trainer.remove_callback(noisy)
    if trainer.is_world_process_zero():  # one progress line per run, not one per process
        trainer.add_callback(callback(label, max_seconds))
