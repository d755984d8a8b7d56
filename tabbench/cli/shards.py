"""How ``tabbench eval`` and ``tabbench score`` split a run: ``--shard K/N`` runs one shard here (any scheduler
runs the others; ``tabbench merge`` combines them), ``--launcher ray --shards N`` runs all N as Ray tasks and
merges them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import click

from tabbench.contract.errors import UsageError

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Sharding:
    """What the sharding options asked for: one shard (``shard``), or ``shards`` Ray tasks (``ray``)."""

    shard: Any = None  # tabbench.evaluation.shards.Shard
    shards: int | None = None
    ray: Any = None  # tabbench.evaluation.ray_launcher.RayOptions

    def launch(self, config: Any, **kwargs: Any) -> Any:
        """Run ``config`` (a ``RunConfig``) as asked: this shard of it, all its shards on Ray, or all of it."""
        if self.ray is not None:
            from tabbench.evaluation.ray_launcher import launch_on_ray

            return launch_on_ray(config, self.shards, self.ray)
        from tabbench.evaluation.launch import launch

        return launch(replace(config, shard=self.shard), **kwargs)


def sharding_options(command: F) -> F:
    """Add ``--shard``, ``--launcher``, ``--shards`` and the ``--ray-*`` options to a click command, which
    receives them as one ``sharding: Sharding`` keyword; inconsistent combinations are usage errors."""
    @functools.wraps(command)
    def with_sharding(*args: Any, shard: str | None, launcher: str | None, shards: int | None,
                      ray_address: str | None, ray_cpus_per_shard: float, ray_gpus_per_shard: float,
                      ray_retries: int, **kwargs: Any) -> Any:
        from tabbench.evaluation.ray_launcher import RayOptions
        from tabbench.evaluation.shards import Shard

        ray_given = ray_address is not None or ray_cpus_per_shard != 1 or ray_gpus_per_shard != 0 or ray_retries != 2
        if launcher is None and (shards is not None or ray_given):
            raise UsageError("--shards and --ray-* options need --launcher ray (or run one shard with --shard K/N)")
        if launcher == "ray" and shards is None:
            raise UsageError("--launcher ray needs --shards N (the number of Ray tasks)")
        if launcher == "ray" and shard is not None:
            raise UsageError("--shard K/N runs one shard and --launcher ray runs them all: give one of them")
        ray = None if launcher is None else RayOptions(ray_address, ray_cpus_per_shard, ray_gpus_per_shard,
                                                      ray_retries)
        sharding = Sharding(None if shard is None else Shard.parse(shard), shards, ray)
        return command(*args, sharding=sharding, **kwargs)

    options = [
        click.option("--shard", default=None, metavar="K/N",
                     help="Run shard K of N (0 <= K < N): the examples whose (benchmark, id) hash to K; an ordinary "
                     "run folder, resumable by itself. Combine the N folders with `tabbench merge`."),
        click.option("--launcher", type=click.Choice(["ray"]), default=None,
                     help="Run the --shards N shards as Ray tasks (extra 'ray') into OUT/shards/ and merge them "
                     "into OUT."),
        click.option("--shards", type=click.IntRange(min=1), default=None, help="With --launcher ray: how many."),
        click.option("--ray-address", default=None, metavar="ADDR",
                     help="With --launcher ray: auto, ray://HOST:10001, or none to start a local cluster."),
        click.option("--ray-cpus-per-shard", type=click.FloatRange(min=0), default=1.0, show_default=True),
        click.option("--ray-gpus-per-shard", type=click.FloatRange(min=0), default=0.0, show_default=True),
        click.option("--ray-retries", type=click.IntRange(min=0), default=2, show_default=True,
                     help="With --launcher ray: retries of a shard whose worker died (it resumes its records)."),
    ]
    for option in reversed(options):
        with_sharding = option(with_sharding)
    return with_sharding  # type: ignore[return-value]
