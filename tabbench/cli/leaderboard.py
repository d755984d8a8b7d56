"""``tabbench leaderboard build|check|plot-rewards``: markdown boards from run directories."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import deprecated_option
from tabbench.contract.errors import TabbenchError, UsageError
from tabbench.contract.modeltext import printable


@click.group("leaderboard", context_settings=CONTEXT)
def leaderboard_group() -> None:
    """Leaderboards: markdown tables rendered from runs' results.json, checked for staleness in CI."""


@leaderboard_group.command("build", context_settings=CONTEXT)
@click.argument("runs", nargs=-1, required=True, metavar="RUN_DIR[=LABEL]...")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The markdown file to write (its header records the inputs, for `check`). Required.")
@click.option("--suite", "suites", multiple=True,
              help="Only these suites' tables (repeatable; default: every registered suite the runs cover).")
@click.option("--references", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Reported results file (default: the one tabbench ships with every paper's numbers).")
@click.option("--no-references", is_flag=True, help="Leave out the papers' reported numbers.")
@click.option("--plots", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for PNG bar charts of per-difficulty breakdowns, linked from the board.")
@click.option("--title", default="tabbench leaderboard", show_default=True, help="The board's heading.")
@click.option("--pair", "pairs", nargs=2, multiple=True, metavar="NEW OLD",
              help="Compare run NEW with run OLD item by item (exact McNemar), numbered as on the board from 1; "
              "comma-separated numbers (3,7 2,6) also pool the pairs, e.g. over seeds. Repeatable.")
@deprecated_option("-o", "--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path))
def build_command(runs: tuple[str, ...], out: Path, suites: tuple[str, ...], references: Path | None,
                  no_references: bool, plots: Path | None, title: str, pairs: tuple[tuple[str, str], ...]) -> None:
    """Render RUN_DIRs (optionally labelled, RUN_DIR=LABEL) into one markdown leaderboard."""
    from tabbench.reporting.leaderboard import DEFAULT_REFERENCES, build

    if no_references and references is not None:
        raise UsageError("--references and --no-references contradict each other")
    refs = None if no_references else (references or DEFAULT_REFERENCES)
    build(list(runs), out, suites=suites, references=refs, plots=plots, title=title, pairs=pairs)
    click.echo(f"wrote {out}", err=True)


@leaderboard_group.command("check", context_settings=CONTEXT)
@click.argument("boards", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path), default=Path("leaderboards"),
              show_default=True, help="Where to find boards when none is named.")
def check_command(boards: tuple[Path, ...], folder: Path) -> None:
    """Fail (exit 1) when rebuilding a committed board from its recorded runs would change it."""
    from tabbench.reporting.leaderboard import BoardOutOfDate, check, find_boards

    if not boards and not folder.is_dir():
        raise UsageError(f"no leaderboard to check: none named and no folder {folder}/")
    targets = list(boards) or find_boards(folder)
    if not targets:
        click.echo(f"no leaderboards in {folder}/: nothing to check", err=True)
        return
    stale: list[str] = []
    for board in targets:
        try:
            check(board)
        except BoardOutOfDate as exc:
            stale.append(str(exc))
            continue
        click.echo(printable(f"{board}: up to date"), err=True)
    if stale:
        for message in stale[1:]:
            click.echo(printable(f"Error: {message}"), err=True)
        raise TabbenchError(stale[0] + (f" (and {len(stale) - 1} more board(s))" if len(stale) > 1 else ""))


@leaderboard_group.command("plot-rewards", context_settings=CONTEXT)
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="TRAINER_STATE_JSON")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="PNG to write. Required.")
@click.option("--key", "keys", multiple=True,
              help="Logged values to plot (default: 'reward' and every 'rewards/<name>/mean').")
@click.option("--title", default=None, help="The plot's title (default: 'training rewards' or 'GRPO diagnostics').")
@click.option("--diagnostics", is_flag=True,
              help="GRPO's health per step instead: reward mean ± std, share of groups with tied rewards, KL, "
              "completion length, status rates (one panel each).")
@deprecated_option("-o", "--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path))
def plot_rewards_command(log: Path, out: Path, keys: tuple[str, ...], title: str | None,
                         diagnostics: bool) -> None:
    """Plot training reward curves (or --diagnostics) from a trainer's log history (trainer_state.json) as a PNG."""
    from tabbench.reporting.leaderboard import plot_reward_curves, plot_training_diagnostics

    if diagnostics and keys:
        raise UsageError("--diagnostics draws fixed panels: leave out --key")
    if diagnostics:
        plot_training_diagnostics(log, out, title=title or "GRPO diagnostics")
    else:
        plot_reward_curves(log, out, keys=keys or None, title=title or "training rewards")
    click.echo(f"wrote {out}", err=True)
