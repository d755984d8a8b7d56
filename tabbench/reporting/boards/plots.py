"""PNG plots: per-level bars of a breakdown, and a trainer's reward curves and GRPO diagnostics from its log
history. matplotlib is imported only when a plot is drawn, on the Agg canvas (pyplot's global backend untouched)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabbench.contract.errors import DataError, UsageError
from tabbench.evaluation.runfolder import read_json
from tabbench.reporting.boards.columns import level_sort_key
from tabbench.reporting.boards.paths import make_folder


def _figure(width: float = 7.0, height: float = 4.0) -> Any:
    """A matplotlib figure on the Agg canvas, without touching pyplot's global backend."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    return figure


def _save(figure: Any, out: Path) -> Path:
    out = Path(out)
    make_folder(out.parent, str(out))
    figure.tight_layout()
    try:
        figure.savefig(out, format="png", metadata={"Software": None})
    except OSError as exc:
        raise UsageError(f"{out}: cannot write the plot ({exc.strerror})") from exc
    return out


def plot_breakdown(
    series: Sequence[tuple[str, dict[str, Any]]], metric: str, out: Path, *, title: str = "", order: Sequence[str] = ()
) -> Path:
    """Grouped bars of ``metric`` (%) per breakdown level (e.g. difficulty), one bar per run.

    ``series`` is ``[(run label, breakdown block for one key)]`` as in ``results.json``:
    ``{level: {"n": ..., "metrics": {metric: value}}}``.
    """
    levels = sorted({lvl for _, groups in series for lvl in groups}, key=level_sort_key(order))
    figure = _figure()
    axes = figure.add_subplot()
    width = 0.8 / max(len(series), 1)
    for k, (label, groups) in enumerate(series):
        values = [100 * (groups.get(lvl, {}).get("metrics", {}).get(metric) or 0.0) for lvl in levels]
        positions = [i + (k - (len(series) - 1) / 2) * width for i in range(len(levels))]
        axes.bar(positions, values, width=width, label=label)
    axes.set_xticks(range(len(levels)), [f"{lvl}" for lvl in levels])
    axes.set_ylabel(f"{metric} (%)")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(fontsize="small")
    return _save(figure, out)


def read_log_history(source: Path | Sequence[dict[str, Any]] | dict[str, Any]) -> list[dict[str, Any]]:
    """A trainer's log history: a ``trainer_state.json`` path, its dict, or the ``log_history`` list itself."""
    data: Any = source
    if isinstance(source, str | Path):  # a regular file only: a FIFO is refused, never waited on
        data = read_json(Path(source), "trainer log")
    if isinstance(data, dict):
        data = data.get("log_history")
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise DataError(f"{source if isinstance(source, str | Path) else 'log'}: no log_history list of entries")
    return list(data)


def reward_keys(history: Sequence[dict[str, Any]]) -> list[str]:
    """The logged reward means: ``reward`` and each ``rewards/<name>/mean`` (TRL's GRPO names)."""
    keys = dict.fromkeys(k for e in history for k in e if k == "reward" or (k.startswith("rewards/")
                                                                             and k.endswith("/mean")))
    return list(keys)


def plot_reward_curves(source: Path | Sequence[dict[str, Any]] | dict[str, Any], out: Path, *,
                       keys: Sequence[str] | None = None, title: str = "training rewards") -> Path:
    """Line plot of reward means against the training step, from a trainer's log history (see
    ``read_log_history``); ``keys`` defaults to ``reward_keys``. Returns the PNG path."""
    history = read_log_history(source)
    where = f"{source}: " if isinstance(source, str | Path) else ""
    keys = list(keys) if keys else reward_keys(history)
    curves = {key: [(e.get("step", i), e[key]) for i, e in enumerate(history) if isinstance(e.get(key), int | float)]
              for key in keys}
    if not any(curves.values()):
        wanted = ", ".join(map(repr, keys)) if keys else "'reward' or 'rewards/<name>/mean'"
        raise DataError(f"{where}the trainer log holds no reward entries with a number (expected {wanted})")
    figure = _figure()
    axes = figure.add_subplot()
    for key, points in curves.items():
        if points:
            axes.plot([p[0] for p in points], [p[1] for p in points], marker=".", label=key)
    axes.set_xlabel("step")
    axes.set_ylabel("mean reward")
    axes.set_title(title)
    axes.legend(fontsize="small")
    return _save(figure, out)


# GRPO's health per step (TRL's log names): is there a gradient (groups whose rewards all tie give none), how far
# the policy moved from the reference, how long the completions are, and what the reward counted (status rates)
DIAGNOSTIC_PANELS = (("reward (mean ± std)", ("reward",)), ("groups with tied rewards", ("frac_reward_zero_std",)),
                     ("KL to the reference", ("kl",)), ("completion length (tokens)", ("completions/mean_length",)))


def plot_training_diagnostics(source: Path | Sequence[dict[str, Any]] | dict[str, Any], out: Path, *,
                              title: str = "GRPO diagnostics") -> Path:
    """Five panels against the step from a GRPO log history: reward mean with its std band, the share of groups
    whose rewards all tie, KL, mean completion length, and every ``<reward>/status/<status>`` rate."""
    history = read_log_history(source)
    if not any(isinstance(e.get("reward"), int | float) for e in history):
        where = f"{source}: " if isinstance(source, str | Path) else ""
        raise DataError(f"{where}the trainer log holds no 'reward' entries (not a GRPO log?)")

    def series(key: str) -> list[tuple[float, float]]:
        return [(e.get("step", i), e[key]) for i, e in enumerate(history) if isinstance(e.get(key), int | float)]

    statuses = list(dict.fromkeys(k for e in history for k in e if "/status/" in k))
    figure = _figure(12.0, 7.0)
    for n, (name, keys) in enumerate((*DIAGNOSTIC_PANELS, ("status rates", tuple(statuses))), 1):
        axes = figure.add_subplot(2, 3, n)
        for key in keys:
            points = series(key)
            if points:
                axes.plot([p[0] for p in points], [p[1] for p in points], marker=".", label=key)
        if keys == ("reward",) and series("reward_std"):
            spread = dict(series("reward_std"))
            points = [(s, v) for s, v in series("reward") if s in spread]
            axes.fill_between([s for s, _ in points], [v - spread[s] for s, v in points],
                              [v + spread[s] for s, v in points], alpha=0.2)
        if not any(series(k) for k in keys):
            axes.text(0.5, 0.5, "not logged", ha="center", va="center", transform=axes.transAxes)
        if n == 5 and statuses:
            axes.legend(fontsize="x-small")
        axes.set_title(name, fontsize="small")
        axes.set_xlabel("step")
    figure.suptitle(title)
    return _save(figure, out)
