"""``tabbench datasets init FOLDER``: write a commented dataset manifest for a folder of your own data."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT


@click.group("datasets", context_settings=CONTEXT)
def datasets_group() -> None:
    """Datasets: your own questions and databases as a benchmark (`--dataset FOLDER`; docs/datasets.md)."""


@datasets_group.command("init", context_settings=CONTEXT)
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--questions", type=click.Path(path_type=Path), default=None,
              help="The questions file, when the folder holds several (relative to FOLDER).")
@click.option("--force", is_flag=True, help="Replace an existing dataset.toml.")
def init_command(folder: Path, questions: Path | None, force: bool) -> None:
    """Write FOLDER/dataset.toml from what FOLDER holds: the questions file (JSONL, JSON or CSV) and its columns,
    the splits, and the databases (SQLite/DuckDB files or CSV tables) or the tables; every key commented.

    \b
    Example:
      tabbench datasets init my-data/ && tabbench validate --dataset my-data/
    """
    from tabbench.contract.atomic import write_atomic
    from tabbench.contract.errors import UsageError
    from tabbench.evaluation.datasets import MANIFEST, scorers
    from tabbench.evaluation.datasets.init import detect, manifest_text
    from tabbench.host.lookup import benchmark_class
    from tabbench.host.plugins import host

    target = folder / MANIFEST
    if target.exists() and not force:
        raise UsageError(f"{target} exists (--force replaces it)")
    found = detect(folder, questions)
    offered = {}
    for name in scorers(found.kind):  # each described by its primary metric's reward: how it compares answers
        cls = benchmark_class(name)
        reward = next(spec.reward for spec in cls.metrics if spec.name == cls.primary_metric)
        offered[name] = (f"{reward}: {host().registry('reward').get(reward).description}",
                         tuple(spec.name for spec in cls.metrics))
    write_atomic(target, manifest_text(found, offered))
    click.echo(f"wrote {target}: {found.kind}, {found.rows} questions from "
               f"{', '.join(p.name for p in found.questions.values())}, "
               + (f"{len(found.databases)} database(s) in {found.source}" if found.kind == "text-to-sql"
                  else f"tables in {found.source}")
               + f"; scored as {next(iter(offered))} (edit 'scoring' to change). Next: tabbench validate "
               f"--dataset {folder}", err=True)
