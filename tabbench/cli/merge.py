"""``tabbench merge OUT SHARD_DIR...``: the shard run folders of one run combined into the run they are parts of."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT


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
    from tabbench.evaluation.merge import merge, plan_for

    results = merge(out, list(shard_dirs), plan_for, allow_partial=allow_partial)
    print_summary(results, out)
    if results["merge"]["partial"]:
        missing = sum(len(ids) for ids in results["merge"]["missing"].values())
        click.echo(f"partial merge: {missing} examples missing (listed in {out}/results.json under merge.missing)",
                   err=True)
