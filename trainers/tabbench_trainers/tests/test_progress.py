"""The training progress display: one bar per stage, plain tenth-of-run lines where stderr is not a terminal,
a summary line with the last loss or rewards, and no printed log dictionaries."""

from __future__ import annotations

from types import SimpleNamespace

from tabbench_trainers import progress


def test_progress_lines_show_step_reward_and_eta(capsys) -> None:
    callback = progress.callback("grpo")
    state = SimpleNamespace(max_steps=20, global_step=0)
    callback.on_train_begin(None, state, None)
    for step in range(1, 21):
        state.global_step = step
        callback.on_step_end(None, state, None)
        callback.on_log(None, state, None, logs={"reward": step / 20, "rewards/demo-bird/bird-ex/mean": 0.5,
                                                 "loss": 0.1})
    callback.on_train_end(None, state, None)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("grpo: step")]
    assert len(lines) == 10 and lines[0].startswith("grpo: step 2/20, reward 0.100") and "ETA" in lines[0]
    assert "grpo: 20 steps; last reward 1.000, demo-bird/bird-ex 0.500" in err
    assert "{'" not in err  # no raw log dictionaries


def test_sft_progress_shows_the_loss(capsys) -> None:
    callback = progress.callback("sft")
    state = SimpleNamespace(max_steps=3, global_step=0)
    callback.on_train_begin(None, state, None)
    state.global_step = 3
    callback.on_log(None, state, None, logs={"loss": 1.25, "grad_norm": 3.0})
    callback.on_train_end(None, state, None)
    assert "sft: 3 steps; last loss 1.250" in capsys.readouterr().err


def test_grpo_lines_show_the_diagnostics(capsys) -> None:
    callback = progress.callback("grpo")
    state = SimpleNamespace(max_steps=2, global_step=0)
    callback.on_train_begin(None, state, None)
    state.global_step = 1
    callback.on_log(None, state, None, logs={"reward": 0.5, "reward_std": 0.41, "frac_reward_zero_std": 0.25,
                                             "kl": 0.0012, "completions/mean_length": 38.2})
    state.global_step = 2
    callback.on_log(None, state, None, logs={"reward": 0.75})  # before KL is logged (beta 0): nothing made up
    callback.on_train_end(None, state, None)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("grpo: step")]
    assert lines[0].startswith("grpo: step 1/2, reward 0.500, std 0.410, tied groups 25%, kl 0.0012, len 38,")
    assert lines[1].startswith("grpo: step 2/2, reward 0.750, ")


def test_a_time_bounded_run_prints_a_line_a_minute_and_counts_down_to_its_budget(capsys, monkeypatch) -> None:
    """`--max-seconds` sets a step ceiling of a million: lines follow the clock, the ETA the budget."""
    clock = [1000.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    callback = progress.callback("sft", max_seconds=300)
    state = SimpleNamespace(max_steps=1_000_000, global_step=0)
    callback.on_train_begin(None, state, None)
    for step in range(1, 11):  # one step every 25 s
        clock[0] += 25
        state.global_step = step
        callback.on_log(None, state, None, logs={"loss": 1.0 / step})
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("sft: step")]
    assert [line.split(",")[0] for line in lines] == ["sft: step 3", "sft: step 6", "sft: step 9"]
    assert lines[0].endswith("75 s, ETA 225 s") and lines[2].endswith("225 s, ETA 75 s")


def test_steps_logged_seldom_still_print_a_line_a_minute(capsys, monkeypatch) -> None:
    """With --logging-steps 5 and slow GRPO steps, the clock is checked at every step, not only at logs."""
    clock = [0.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    callback = progress.callback("grpo")
    state = SimpleNamespace(max_steps=100, global_step=0)
    callback.on_train_begin(None, state, None)
    for step in range(1, 9):  # 40 s a step, logged every 5
        clock[0] += 40
        state.global_step = step
        callback.on_step_end(None, state, None)
        if step % 5 == 0:
            callback.on_log(None, state, None, logs={"reward": 0.5})
    lines = [line.split(",")[0] for line in capsys.readouterr().err.splitlines() if line.startswith("grpo: step")]
    assert lines == ["grpo: step 5/100", "grpo: step 7/100"]


def test_a_reward_of_zero_at_every_step_says_once_that_sft_comes_first(capsys) -> None:
    callback = progress.callback("grpo")
    state = SimpleNamespace(max_steps=30, global_step=0)
    callback.on_train_begin(None, state, None)
    for step in range(5, 31, 5):
        state.global_step = step
        callback.on_log(None, state, None, logs={"reward": 0.0, "reward_std": 0.0})
    callback.on_train_end(None, state, None)
    err = capsys.readouterr().err
    hints = [line for line in err.splitlines() if "hint:" in line]
    assert hints == ["grpo: hint: the reward has been 0.000 at every step so far (10 steps): no completion earns "
                     "anything: a model that has not learnt the answer format (an untrained one) needs `tabbench "
                     "train sft` first, then GRPO from its checkpoint (trainers/tabbench_trainers/README.md, 'A "
                     "reward of 0 at every step')"]


def test_a_reward_that_moves_gives_no_hint_and_a_constant_one_a_different_hint() -> None:
    assert progress.flat_reward([0.0, 0.0, 0.25], 15) is None
    assert progress.flat_reward([0.0], 5) is None  # too early to tell
    constant = progress.flat_reward([1.0, 1.0], 10)
    assert constant is not None and "every completion earns the same" in constant and "sft" not in constant
