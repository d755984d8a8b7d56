"""``tabbench.training``, the trainer contract, without a model: ``run_trainer``'s prologue and run record, the
typed config of a command's keywords, and the ``Selection`` an evaluation run's configuration shares."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench import Settings, UsageError, training
from tabbench.contract.settings import current_settings
from tabbench.evaluation.config import RunConfig
from tabbench.sql import current_store


@dataclass(frozen=True)
class ToyConfig(training.TrainConfig, training.RewardOptions):
    """A trainer's config with one option of its own."""

    k: int


def keywords(out: Path, **given: Any) -> dict[str, Any]:
    """The keywords a trainer command built on ``common_options`` and ``reward_options`` receives."""
    return {
        "model_path": "model", "benchmarks": ("demo-bird",), "suites": (), "data_dirs": (), "benchmark_options": (),
        "split": "train", "limit": 3, "where": (), "timeout": None, "out_dir": out, "max_steps": 2, "max_seconds": None,
        "epochs": 1.0, "learning_rate": 1e-4, "warmup_steps": 0, "grad_accum": 1, "seed": 0, "reproducible": False,
        "logging_steps": 1, "device": "cpu", "lora_r": 0, "lora_alpha": None, "lora_dropout": 0.05,
        "lora_target_modules": "all-linear", "settings": Settings(workers=0), "reward_specs": (),
        "reward_option_pairs": (), "k": 2, **given,
    }


def test_importing_the_contract_loads_no_heavy_library() -> None:
    code = "import sys, tabbench.training; print([m for m in ('torch', 'transformers', 'trl') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_config_of_a_commands_keywords_parses_the_selection(tmp_path: Path) -> None:
    config = ToyConfig.of(keywords(tmp_path, data_dirs=("demo-bird=~/bird",), benchmark_options=("timeout=3",)))
    assert config.selection.data == {"demo-bird": Path.home() / "bird"}
    assert config.selection.benchmark_options == {"timeout": 3} and config.selection.limit == 3
    with pytest.raises(UsageError, match="--data 'bird': expected NAME=PATH"):
        ToyConfig.of(keywords(tmp_path, data_dirs=("bird",)))
    with pytest.raises(TypeError, match=r"fields without an option \['k'\]"):
        ToyConfig.of({k: v for k, v in keywords(tmp_path).items() if k != "k"})


def test_training_and_evaluation_check_a_selection_the_same_way(tmp_path: Path) -> None:
    for bad in (0, True, 1.5):
        with pytest.raises(UsageError, match=r"--limit .*: expected a whole number >= 1"):
            RunConfig("gold", limit=bad)
        with pytest.raises(UsageError, match=r"--limit .*: expected a whole number >= 1"):
            ToyConfig.of(keywords(tmp_path, limit=bad))
    run = RunConfig("gold", benchmarks="demo-bird", where="id=1,2", data={"demo-bird": "x"})
    chosen = training.Selection(benchmarks="demo-bird", where="id=1,2", data={"demo-bird": "x"})
    assert run.selection == chosen and (run.benchmarks, run.where, run.data) == (
        chosen.benchmarks, chosen.where, chosen.data)
    assert (chosen.spec, RunConfig("gold", suites=("demo",)).selection.spec, training.Selection().spec) == (
        "demo-bird", "demo", "all")


def test_run_trainer_runs_the_prologue_then_train_then_writes_the_record(tmp_path: Path) -> None:
    out = tmp_path / "a" / "out"
    seen: dict[str, Any] = {}

    def rows(run: training.TrainingRun) -> list[str]:
        seen["out existed at rows"] = out.exists()  # bad data fails before anything is written
        return [example.id for _, example in run.items]

    def train(run: training.TrainingRun) -> training.Trained:
        seen.update(settings=current_settings(), store=current_store(), rows=run.rows, model=run.model,
                    rewards=[spec.name for spec in run.rewards])
        (run.out_dir / "weights").write_text("w")
        return training.Trained("3 rows", {"rows": len(run.rows)})

    config = ToyConfig.of(keywords(out, reward_specs=("bird-ex:2",)))
    assert training.run_trainer("toy", config, train, rows=rows, model=False, plugin_version="9.9") == out
    assert seen["out existed at rows"] is False and len(seen["rows"]) == 3 and seen["model"] is None
    assert seen["settings"] == Settings(workers=0)  # the run's settings, entered by run_trainer
    assert seen["store"] is not current_store()  # a result store of the run's own
    assert seen["rewards"] == ["bird-ex"]
    record = json.loads((out / training.RUN_RECORD).read_text())
    assert (record["trainer"], record["trainer_plugin_version"], record["tabbench_version"]) == (
        "toy", "9.9", tabbench.__version__)
    assert (record["benchmarks"], record["split"], record["rows"]) == (["demo-bird"], "train", 3)
    assert [(r["name"], r["weight"]) for r in record["rewards"]] == [("bird-ex", 2.0)]
    settings = record["settings"]
    assert (settings["benchmarks"], settings["limit"], settings["k"], settings["settings"]["workers"]) == (
        ["demo-bird"], 3, 2, 0)
    assert "reward_specs" not in settings and "out_dir" not in settings  # the rewards are recorded resolved
    assert (record["max_seconds"], record["stopped_by_time"]) == (None, False)


def test_a_failing_train_removes_what_the_run_wrote(tmp_path: Path) -> None:
    out = tmp_path / "a" / "out"

    def train(run: training.TrainingRun) -> training.Trained:
        (run.out_dir / "half-written").write_text("x")
        raise RuntimeError("out of memory")

    with pytest.raises(RuntimeError, match="out of memory"):
        training.run_trainer("toy", ToyConfig.of(keywords(out)), train, model=False, plugin_version="0")
    assert not (tmp_path / "a").exists()


def test_an_unknown_reward_fails_before_the_output_folder_is_made(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(tabbench.UnknownNameError, match="no-such-reward"):
        training.run_trainer("toy", ToyConfig.of(keywords(out, reward_specs=("no-such-reward",))),
                             lambda run: pytest.fail("trained"), model=False, plugin_version="0")
    assert not out.exists()


def test_other_processes_of_a_launch_record_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RANK", "1")
    out = tmp_path / "out"
    out.mkdir()  # the main process made it
    assert training.run_trainer("toy", ToyConfig.of(keywords(out)), lambda run: None, model=False,
                                plugin_version="0") == out
    assert not (out / training.RUN_RECORD).exists()


class _Clock:
    """A fake ``time.perf_counter`` the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _attached(budget: training.TimeBudget) -> Any:
    """The callback ``budget.attach`` adds to a trainer."""
    added = []
    budget.attach(type("Trainer", (), {"add_callback": lambda self, callback: added.append(callback)})())
    (callback,) = added
    return callback


def test_the_budget_saves_snapshots_at_equal_shares_off_the_clock_and_leaves_uncounted_seconds_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr("tabbench.training.budget.time.perf_counter", clock)
    budget = training.TimeBudget(30.0)
    saved = []

    def save(path: Path) -> None:
        path.mkdir()
        saved.append((path.name, clock.now))
        clock.now += 7.0  # saving takes 7 s: not charged to the budget

    budget.snapshot_into(tmp_path, 3, save)
    compile_seconds = [0.0]
    budget.uncounted = lambda: compile_seconds[0]
    callback = _attached(budget)
    state, control = type("S", (), {"global_step": 0})(), type("C", (), {"should_training_stop": False})()
    callback.on_train_begin(None, state, control)
    steps = []
    for step in range(1, 100):
        clock.now += 4.0
        if step == 1:
            compile_seconds[0] = 3.0  # the first step compiled for 3 s: off the budget too
        state.global_step = step
        callback.on_step_end(None, state, control)
        steps.append(step)
        if control.should_training_stop:
            break
    # budget seconds after step s: 4 s a step, less step 1's 3 s of compiling and the 7 s of each save before it;
    # the shares are at 10 and 20 s
    assert [name for name, _ in saved] == ["snapshot-1", "snapshot-2"]
    assert [s["step"] for s in budget.snapshots] == [4, 6] and steps[-1] == 9  # 4*9 - 3 = 33 >= 30
    assert json.loads((tmp_path / "snapshot-1" / "snapshot.json").read_text()) == {
        "snapshot": 1, "of": 3, "step": 4, "seconds": 13.0, "path": "snapshot-1"}
    callback.on_train_end(None, state, control)
    record = budget.record()
    assert record["stopped_by_time"] and record["uncounted_seconds"] == 3.0 and len(record["snapshots"]) == 2
    with pytest.raises(ValueError, match="a budget is needed"):
        training.TimeBudget(None).snapshot_into(tmp_path, 3, save)
    assert "snapshots" not in training.TimeBudget(5.0).record()  # none asked for: the record is as before
