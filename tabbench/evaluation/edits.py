"""What ``tabbench rescore`` added to a run is kept by every writer that later rebuilds ``results.json``.

A rescore adds metrics to the records and to ``results.json`` and says so under ``edits``. ``eval --resume`` of
the finished run and ``tabbench merge`` of rescored shards compute ``results.json`` again from the records; they
take the added metrics as the run's own (summarised, broken down and listed under ``metric_rewards`` as rescore
did, and scored for any record still to be scored) and keep ``edits``. So nothing a rescore added is dropped, and
the same rescore stays refused because the metric is there. A metric scored again (``--replace``) keeps its new
reward and options, and one taken out (``--remove``) stays out, the benchmark's own metrics included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import DataError, RunStoreError
from tabbench.contract.reward import Reward
from tabbench.contract.types import MetricSpec
from tabbench.evaluation.results import Edit, load


def metric_entry(name: str, reward: str, options: Mapping[str, Any] | None, version: object) -> dict[str, Any]:
    """One entry of ``metric_rewards`` (and of an edit's ``metrics``): the metric, its reward plugin, the options
    the reward ran with and its version."""
    return {"name": name, "reward": reward, "options": dict(options or {}), "reward_version": str(version)}


def added_metrics(edits: Sequence[Mapping[str, Any]] | None, benchmark: str, own: Sequence[str] = ()
                  ) -> list[dict[str, Any]]:
    """The metrics the ``edits`` gave ``benchmark``, as ``metric_rewards`` entries (name, reward, options,
    reward_version), in the order they were added: each ``rescore`` edit adds, a ``replace`` gives a metric its
    new reward and options (one of ``own``, the benchmark's own metrics, included), a ``remove`` takes it out.
    Names in ``own`` that were never replaced (nor removed and added again) are left out: the benchmark scores
    them itself."""
    current: dict[str, dict[str, Any]] = {}
    taken_out: set[str] = set()  # own metrics a remove took out: adding one again replaces the benchmark's
    for edit in edits or ():
        for metric in edit.get("metrics") or ():
            if metric.get("benchmark") != benchmark:
                continue
            if not isinstance(metric.get("name"), str) or not isinstance(metric.get("reward"), str) or not isinstance(
                    metric.get("options") or {}, dict):
                raise DataError(f"results.json: edits: metric {metric.get('name')!r} of {benchmark} is not a name, "
                                "a reward and options")
            if edit.get("kind") == "remove":
                current.pop(metric["name"], None)
                taken_out.add(metric["name"])
            elif edit.get("kind") == "replace" or metric["name"] not in own or metric["name"] in taken_out:
                current[metric["name"]] = metric_entry(metric["name"], metric["reward"], metric.get("options"),
                                                       metric.get("reward_version"))
    return list(current.values())


def removed_metrics(edits: Sequence[Mapping[str, Any]] | None, benchmark: str) -> set[str]:
    """The metrics of ``benchmark`` an edit took out (``--remove``): out of the benchmark's own places for good
    (one added again since is among ``added_metrics``, after the others, where rescore put it)."""
    return {str(metric.get("name")) for edit in edits or () if edit.get("kind") == "remove"
            for metric in edit.get("metrics") or () if metric.get("benchmark") == benchmark}


def run_metrics(benchmark: Benchmark, edits: Sequence[Mapping[str, Any]] | None
                ) -> tuple[tuple[MetricSpec, ...], list[dict[str, Any]]]:
    """What a run scores ``benchmark`` with after its ``edits``: the benchmark's own metrics but those a remove took
    out (never the primary one; their reward classes are not even loaded, so their plugins may be gone since), and
    the metrics rescore added or gave a new reward (``added_metrics``)."""
    from tabbench.host.metrics import metric_specs

    removed = removed_metrics(edits, benchmark.name) - {benchmark.primary_metric}
    return (metric_specs(benchmark, leave_out=removed),
            added_metrics(edits, benchmark.name, [s.name for s in benchmark.metrics]))


def scored_rewards(specs: Sequence[MetricSpec], added: Sequence[Mapping[str, Any]] = ()) -> dict[str, Reward]:
    """The rewards of ``run_metrics``' metrics, built: ``specs``, then ``added`` (which replace a spec of their
    name)."""
    from tabbench.host.lookup import get_reward

    rewards = {s.name: get_reward(s.reward, **s.options) for s in specs}
    rewards.update({a["name"]: get_reward(a["reward"], **a["options"]) for a in added})
    return rewards


def previous_edits(results_path: Path) -> list[Edit] | None:
    """The ``edits`` of the ``results.json`` a resumed run already has (a finished run resumed), or ``None``."""
    if not results_path.is_file():
        return None
    try:
        return load(results_path).get("edits") or None
    except DataError as exc:
        raise RunStoreError(f"{exc}; --resume keeps what tabbench rescore added to it, so it must be readable "
                            "(remove it to rebuild it without those metrics)") from None


def merged_edits(shards: Sequence[tuple[Path, Sequence[Mapping[str, Any]] | None]]) -> list[Edit] | None:
    """The ``edits`` of the run merged from ``shards`` (each its folder and its ``edits``): every shard must have
    been rescored alike (the same metrics, in the same edits); each edit is dated by the last shard's."""
    first_path, first = shards[0]
    merged: list[Edit] = [dict(edit) for edit in first or ()]  # type: ignore[misc]
    for path, edits in shards[1:]:
        if [(e.get("kind"), e.get("metrics")) for e in edits or ()] != [(e.get("kind"), e.get("metrics"))
                                                                          for e in merged]:
            raise RunStoreError(f"{path}: not rescored as {first_path} was (results.json edits differ): rescore "
                                "every shard alike before merging")
        for edit, other in zip(merged, edits or (), strict=True):
            edit["at"] = max(str(edit.get("at")), str(other.get("at")))
    return merged or None
