"""The demo's two plots: GRPO reward curves (each reward, with a moving average) and per-benchmark before/after
bars. matplotlib is optional (the ``tables`` extra): without it the demo says so and writes no PNG."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

WINDOW = 5  # moving-average window, in logged steps


def moving_average(values: list[float], window: int = WINDOW) -> list[float]:
    """The mean of each value and up to ``window - 1`` values before it (same length as ``values``)."""
    out = []
    for i in range(len(values)):
        part = values[max(0, i - window + 1): i + 1]
        out.append(sum(part) / len(part))
    return out


def reward_series(log_history: list[dict[str, Any]]) -> dict[str, tuple[list[int], list[float]]]:
    """``name -> (steps, means)`` for every logged ``rewards/<name>/mean`` and the weighted total ``reward``.

    A multi-task run logs one reward per benchmark; a step where a reward had no applicable example logs NaN,
    which is left out.
    """
    series: dict[str, tuple[list[int], list[float]]] = {}
    for entry in log_history:
        for key, value in entry.items():
            if key == "reward" or (key.startswith("rewards/") and key.endswith("/mean")):
                name = "total (weighted sum)" if key == "reward" else key[len("rewards/"):-len("/mean")]
                if isinstance(value, int | float) and value == value:
                    steps, means = series.setdefault(name, ([], []))
                    steps.append(int(entry.get("step", len(steps))))
                    means.append(float(value))
    return series


def _pyplot() -> Any | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def reward_curves(trainer_state: Path, out: Path, window: int = WINDOW) -> Path | None:
    """One panel per reward: the logged mean per step (thin) and its moving average (thick)."""
    plt = _pyplot()
    if plt is None:
        return None
    history = json.loads(trainer_state.read_text(encoding="utf-8")).get("log_history", [])
    series = reward_series(history)
    if not series:
        return None
    figure, axes = plt.subplots(len(series), 1, figsize=(7, 2.2 * len(series)), sharex=True, squeeze=False)
    for ax, (name, (steps, means)) in zip(axes[:, 0], series.items(), strict=True):
        ax.plot(steps, means, color="tab:blue", alpha=0.35, linewidth=1, label="per step")
        ax.plot(steps, moving_average(means, window), color="tab:blue", linewidth=2.2,
                label=f"moving average ({window} logged steps)")
        ax.set_ylabel("mean reward")
        ax.set_title(name, fontsize="medium")
        ax.legend(fontsize="x-small", loc="lower right")
    axes[-1, 0].set_xlabel("GRPO step")
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=110, metadata={"Software": None})
    plt.close(figure)
    return out


def before_after_bars(scores: dict[str, dict[str, tuple[str, float | None, int]]], labels: dict[str, str],
                      out: Path) -> Path | None:
    """Grouped bars: each benchmark's held-out primary metric (%) at each stage."""
    plt = _pyplot()
    if plt is None:
        return None
    stages = list(scores)
    benchmarks = list(scores[stages[0]])
    width = 0.8 / len(stages)
    figure, ax = plt.subplots(figsize=(7, 3.6))
    for i, stage in enumerate(stages):
        values = [100 * (scores[stage].get(b, ("", None, 0))[1] or 0.0) for b in benchmarks]
        xs = [x + (i - (len(stages) - 1) / 2) * width for x in range(len(benchmarks))]
        bars = ax.bar(xs, values, width, label=labels.get(stage, stage))
        ax.bar_label(bars, fmt="%.1f", fontsize="x-small")
    ax.set_xticks(range(len(benchmarks)),
                  [f"{b}\n({scores[stages[0]][b][0]})" for b in benchmarks], fontsize="small")
    ax.set_ylabel("held-out score (%)")
    ax.set_title("demo suite: before and after training")
    ax.legend(fontsize="small")
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=110, metadata={"Software": None})
    plt.close(figure)
    return out
