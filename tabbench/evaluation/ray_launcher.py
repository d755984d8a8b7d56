"""``--launcher ray --shards N``: the N shards of a run as Ray tasks, on a local cluster or at ``--ray-address``.

Each task runs one shard (``--shard K/N``) into its own run folder, ``OUT/shards/K-of-N``, always resuming: a
task whose worker dies (killed, out of memory, node lost) is retried by Ray up to ``retries`` times and continues
from the records its folder already holds, and so does the same command run again after a failure. A task that
raises (bad data, a broken plugin) is not retried: the error will not go away. The shard folders must be on a
file system every node writes to and the driver reads (a shared or local disk), as with a Slurm job array: the
driver shows each shard's progress from its records and merges the folders at the end (``tabbench merge``).

Ray is imported only here, and only when ``--launcher ray`` is used (extra ``ray``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.errors import ConfigError, TabbenchError
from tabbench.evaluation.shards import Shard, all_shards

ShardTask = Callable[[Shard, Path], Any]
"""Runs one shard into a folder, resuming what the folder holds; must be picklable (Ray ships it to workers)."""


class ShardFailed(TabbenchError):
    """A shard's task failed after its retries; the other shards' folders are kept for a rerun."""


@dataclass(frozen=True)
class RayOptions:
    """Where and how the shard tasks run: ``address`` (``None``: start a local cluster; ``auto``: the cluster
    this machine belongs to; ``ray://HOST:10001``), resources per task, and retries of a task whose worker died."""

    address: str | None = None
    cpus_per_shard: float = 1.0
    gpus_per_shard: float = 0.0
    retries: int = 2

    def __post_init__(self) -> None:
        if self.cpus_per_shard < 0 or self.gpus_per_shard < 0 or self.retries < 0:
            raise ConfigError(f"ray options {self}: CPUs, GPUs and retries must not be negative")


def shard_folder(out: Path, shard: Shard) -> Path:
    """Where the launcher writes shard ``K/N`` of the run in ``out``."""
    return Path(out) / "shards" / f"{shard.index}-of-{shard.count}"


def run_shards(task: ShardTask, count: int, out: Path, options: RayOptions, *,
               totals: Mapping[int, int] | None = None, show_progress: bool = True) -> list[Path]:
    """Run ``task`` for shards ``0/count`` to ``count-1/count`` as Ray tasks; return the shard folders.

    ``totals`` (shard index -> records it will write) sizes the per-shard progress bars. Raises ``ShardFailed``
    naming every shard that failed, once the others have finished.
    """
    try:
        import ray
    except ImportError as exc:
        raise ConfigError(f"--launcher ray needs Ray ({exc.name or exc} is not installed): "
                          "pip install 'tabbench[ray]'") from None
    shards = list(all_shards(count))
    folders = {shard: shard_folder(Path(out).resolve(), shard) for shard in shards}  # workers have their own cwd
    started = not ray.is_initialized()
    if started:
        ray.init(address=options.address, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
                 configure_logging=False)
    try:
        remote = ray.remote(num_cpus=options.cpus_per_shard, num_gpus=options.gpus_per_shard,
                            max_retries=options.retries)(_run_one)
        pending = {remote.remote(task, shard, folders[shard]): shard for shard in shards}
        failed: list[str] = []
        with _ShardProgress(folders, totals or {}, show_progress) as progress:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
                for ref in done:
                    shard = pending.pop(ref)
                    try:
                        ray.get(ref)
                        progress.finish(shard, ok=True)
                    except Exception as exc:  # a RayTaskError wraps the task's own error
                        cause = getattr(exc, "cause", None) or exc
                        failed.append(f"shard {shard} ({folders[shard]}): {' '.join(str(cause).split())[:300]}")
                        progress.finish(shard, ok=False)
                progress.refresh()
        if failed:
            raise ShardFailed(f"{len(failed)} of {count} shards failed, the others are kept (run the same command "
                              f"again to resume them): {'; '.join(failed)}")
    finally:
        if started:
            ray.shutdown()
    return [folders[shard] for shard in shards]


def _run_one(task: ShardTask, shard: Shard, folder: Path) -> None:
    task(shard, folder)


def records_written(folder: Path) -> int:
    """Sample records a shard folder holds so far (complete lines of ``samples/*.jsonl``)."""
    samples = folder / "samples"
    if not samples.is_dir():
        return 0
    total = 0
    for path in samples.glob("*.jsonl"):
        try:
            total += path.read_bytes().count(b"\n")
        except OSError:
            continue
    return total


class _ShardProgress:
    """One rich progress bar per shard on stderr, fed from the records in the shard folders."""

    def __init__(self, folders: Mapping[Shard, Path], totals: Mapping[int, int], enabled: bool) -> None:
        self.folders, self.totals, self.enabled = folders, totals, enabled

    def __enter__(self) -> _ShardProgress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[state]}"), console=Console(stderr=True))
            self._tasks = {shard: self._bar.add_task(f"shard {shard}", total=self.totals.get(shard.index),
                                                     state="running") for shard in self.folders}
            self._bar.start()
        return self

    def refresh(self) -> None:
        if self.enabled:
            for shard, folder in self.folders.items():
                self._bar.update(self._tasks[shard], completed=records_written(folder))

    def finish(self, shard: Shard, ok: bool) -> None:
        if self.enabled:
            self._bar.update(self._tasks[shard], completed=records_written(self.folders[shard]),
                             state="done" if ok else "FAILED")

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._bar.stop()


@dataclass(frozen=True)
class LaunchShard:
    """The shard task of a ``RunConfig``: the same run for shard K/N into its folder, resuming it, in the worker.
    The configuration travels as it is recorded (``RunConfig.to_json``) and is read back in the worker with
    ``RunConfig.from_json``, so a worker runs exactly what the results will say was asked."""

    config: dict[str, Any]  # tabbench.evaluation.config.RunConfig.to_json()

    def __call__(self, shard: Shard, folder: Path) -> None:
        from dataclasses import replace

        from tabbench.evaluation.config import RunConfig
        from tabbench.evaluation.launch import launch

        config = RunConfig.from_json(self.config)
        launch(replace(config, shard=shard, out=folder, resume=True, progress=False))


def launch_on_ray(config: Any, count: int, options: RayOptions) -> Any:
    """Run ``config`` (a ``RunConfig``) as ``count`` Ray shard tasks into ``config.out/shards/K-of-N``, then merge
    them into ``config.out``; returns the merged run's results.

    The driver plans the run first (``tabbench.evaluation.launch.plan_run``): bad names, data or a missing sandbox
    fail before any task starts, each shard's progress bar knows its total, and the merge orders the records by the
    plan's examples without reading them again."""
    from dataclasses import replace
    from functools import partial

    from tabbench.contract.errors import UsageError
    from tabbench.contract.settings import use_settings
    from tabbench.evaluation.launch import plan_run
    from tabbench.evaluation.merge import merge, plan_for

    if config.run_budget is not None:
        raise UsageError("--token-budget/--cost-budget keep one run folder's budget; --launcher ray runs --shards N "
                         "folders at once: give each shard its own (--shard K/N), or run without a budget")
    with use_settings(config.settings):
        planned = plan_run(replace(config, shard=None))
    totals = {shard.index: sum(len(shard.select(p.name, p.examples)) for p in planned.planned)
              for shard in all_shards(count)}
    folders = run_shards(LaunchShard(config.to_json()), count, config.out, options, totals=totals,
                         show_progress=config.progress)
    return merge(config.out, folders, partial(plan_for, planned=planned))
