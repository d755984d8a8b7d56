"""``tabbench merge OUT SHARD_DIR...``: the shard run folders of one run combined into the run they are parts of."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT


def plan_from_config(first: Any) -> Any:
    """The merged run of ``tabbench eval`` or ``tabbench score`` shards, from their common config."""
    from tabbench.cli.selection import select_benchmarks
    from tabbench.contract.errors import RunStoreError
    from tabbench.evaluation.merge import MergePlan

    config = dict(first.config)
    options = dict(config.get("benchmark_options") or {})
    timeout = options.pop("timeout", None)
    if config.get("command") == "score":
        names, data = [config["benchmark"]], {config["benchmark"]: config.get("data")}
    elif config.get("command") == "eval":
        names, data = list(config["benchmarks"]), dict(config.get("data") or {})
    else:
        raise RunStoreError(f"{first.path}: run.json names no command tabbench merge knows ({config.get('command')!r})")
    selection = select_benchmarks(",".join(names), {n: Path(p) for n, p in data.items() if p}, options, timeout,
                                  config.get("split"))
    after = None
    if config.get("environment"):
        after = _environment_summary(first)
    return MergePlan(selection.benchmarks, config.get("split"), config.get("limit"), after)


def _environment_summary(first: Any) -> Any:
    """``eval --env``: the rollout summary of each benchmark, recomputed from the merged records."""
    from tabbench.evaluation.agent import agent_summary

    def add(run: Any, benchmark: Any) -> None:
        recorded = first.results["benchmarks"][benchmark.name].get("extensions", {}).get("environment", {})
        summary = agent_summary(run.store.read_samples(benchmark.name))
        run.extend(benchmark, "environment", {"name": recorded.get("name"), "protocol": recorded.get("protocol"),
                                              **summary})

    return add


@click.command("merge", context_settings=CONTEXT)
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@click.argument("shard_dirs", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--allow-partial", is_flag=True,
              help="Merge even if examples are missing (a shard not given or not finished); results.json marks the "
              "merge partial and lists the missing ids.")
def merge_command(out: Path, shard_dirs: tuple[Path, ...], allow_partial: bool) -> None:
    """Merge the shard run folders of one run (`--shard K/N`) into OUT, as if it had run unsharded.

    \b
    Examples:
      tabbench merge runs/full runs/shard-0 runs/shard-1 runs/shard-2
      tabbench merge runs/part runs/shard-0 runs/shard-2 --allow-partial
    """
    from tabbench.cli.summary import print_summary
    from tabbench.evaluation.merge import merge

    results = merge(out, list(shard_dirs), plan_from_config, allow_partial=allow_partial)
    print_summary(results, out)
    if results["merge"]["partial"]:
        missing = sum(len(ids) for ids in results["merge"]["missing"].values())
        click.echo(f"partial merge: {missing} examples missing (listed in {out}/results.json under merge.missing)",
                   err=True)
