"""How ``tabbench eval`` and ``tabbench score`` split a run: ``--shard K/N`` runs one shard here (any scheduler
runs the others; ``tabbench merge`` combines them), ``--launcher ray --shards N`` runs all N as Ray tasks, each
the same command for its shard, and merges them into ``--out``."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from tabbench.contract.errors import UsageError

F = TypeVar("F", bound=Callable[..., Any])
RAY_DEFAULTS = {"ray_address": None, "ray_cpus_per_shard": 1.0, "ray_gpus_per_shard": 0.0, "ray_retries": 2}


@dataclass(frozen=True)
class CommandShard:
    """A Ray shard task: the command (``module:attribute`` of its click command) with the options it was given,
    for shard K/N into the shard's folder, resuming it."""

    target: str
    options: dict[str, Any]

    def __call__(self, shard: Any, folder: Path) -> None:
        module, _, name = self.target.partition(":")
        command = getattr(importlib.import_module(module), name)
        command.callback(**{**self.options, "shard": str(shard), "launcher": None, "shards": None, **RAY_DEFAULTS,
                            "out_dir": folder, "resume": True, "progress": False})


def sharding_options(command: F) -> F:
    """Add ``--shard``, ``--launcher``, ``--shards`` and the ``--ray-*`` options to a click command (one with
    ``out_dir``, ``resume`` and ``progress`` parameters). The command receives ``shard`` (a ``Shard`` or
    ``None``); with ``--launcher ray`` this runs the shards and the merge instead of the command."""
    @functools.wraps(command)
    def with_sharding(*args: Any, shard: str | None, launcher: str | None, shards: int | None, **kwargs: Any) -> Any:
        from tabbench.evaluation.shards import Shard

        ray = {key: kwargs.pop(key) for key in RAY_DEFAULTS}
        if launcher is None and (shards is not None or ray != RAY_DEFAULTS):
            raise UsageError("--shards and --ray-* options need --launcher ray (or run one shard with --shard K/N)")
        if launcher is None:
            return command(*args, shard=None if shard is None else Shard.parse(shard), **kwargs)
        if shards is None:
            raise UsageError("--launcher ray needs --shards N (the number of Ray tasks)")
        if shard is not None:
            raise UsageError("--shard K/N runs one shard and --launcher ray runs them all: give one of them")
        if kwargs.get("out_dir") is None:
            raise UsageError("--launcher ray needs --out DIR (the shards go to DIR/shards/, the merged run to DIR)")
        return _launch_on_ray(click.get_current_context().command.name, kwargs, shards, ray)

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


def _launch_on_ray(name: str, options: dict[str, Any], count: int, ray: dict[str, Any]) -> None:
    """The shards of command ``name`` as Ray tasks, then their merge into ``--out`` and its summary."""
    from tabbench.cli import COMMANDS
    from tabbench.cli.merge import plan_from_config
    from tabbench.cli.summary import print_summary
    from tabbench.evaluation.merge import merge
    from tabbench.evaluation.ray_launcher import RayOptions, run_shards

    out = Path(options["out_dir"])
    ray_options = RayOptions(ray["ray_address"], ray["ray_cpus_per_shard"], ray["ray_gpus_per_shard"],
                             ray["ray_retries"])
    folders = run_shards(CommandShard(COMMANDS[name][0], options), count, out, ray_options,
                         show_progress=options.get("progress", False))
    print_summary(merge(out, folders, plan_from_config), out)
