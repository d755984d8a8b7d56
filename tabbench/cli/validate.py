"""``tabbench validate``: check every item's gold answer against the benchmark's own metrics, with no model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import (
    dataset_option,
    limit_option,
    progress_option,
    selection_options,
    settings_options,
    skip_missing_option,
    split_option,
    timeout_option,
    unsharded_where_option,
)
from tabbench.cli.output import JSON_OPTION


@click.command("validate", context_settings=CONTEXT)
@selection_options
@dataset_option
@click.option("--data", "data_pairs", multiple=True, metavar="NAME=PATH",
              help="Data path of benchmark NAME (else TABBENCH_DATA_<NAME>, the config file, bundled data).")
@click.option("-o", "--benchmark-option", "benchmark_options", multiple=True, metavar="[NAME:]KEY=VALUE",
              help="An option for every benchmark, or with NAME: for benchmark NAME only; repeatable.")
@split_option
@limit_option
@unsharded_where_option
@skip_missing_option
@timeout_option
@settings_options
@click.option("--strict", is_flag=True, help="Fail on the warnings too (nondeterministic ordering, empty results).")
@click.option("--no-order-check", "order_check", is_flag=True, flag_value=False, default=True,
              help="Skip running each SQL gold a second time in the other scan order.")
@click.option("--ids", "ids_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the ids of the items that fail (one a line) to this file, for --where id!=@FILE.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write each benchmark's report to OUT/<benchmark>.json (the lists in leaderboards/validate/).")
@JSON_OPTION
@progress_option
def validate_command(benchmarks: tuple[str, ...], suites: tuple[str, ...], datasets: tuple[Path, ...],
                     data_pairs: tuple[str, ...], benchmark_options: tuple[str, ...], split: str | None,
                     limit: int | None, where: tuple[Any, ...], skip_missing: bool, timeout: float | None,
                     settings: Any, strict: bool, order_check: bool, ids_path: Path | None, out_dir: Path | None,
                     as_json: bool, progress: bool) -> None:
    """Run each item's gold answer through every metric reward of its benchmark, with no model, and list the items
    whose gold does not reach the top score, with why.

    The gold is what `--model gold` answers. An item fails when its gold does not execute (error), runs past the
    time limit (timeout) or scores below the top (invalid); it warns when its result depends on an order the
    query does not fix (nondeterministic) or is empty. Exit status 1 when an item fails (--strict: or warns).

    \b
    Examples:
      tabbench validate --suite demo
      tabbench validate --benchmark spider --data spider=~/data/spider --skip-missing --json > spider.json
      tabbench validate --dataset my-data/ --ids broken.txt && tabbench eval ... --where id!=@broken.txt
    """
    from tabbench.contract.atomic import write_atomic
    from tabbench.contract.settings import use_settings
    from tabbench.evaluation.options import parse_key_values
    from tabbench.evaluation.plan import plan
    from tabbench.evaluation.selection import Selection, parse_data
    from tabbench.evaluation.validate import validate

    selection = Selection(benchmarks=benchmarks, suites=suites, data=parse_data(data_pairs),
                          benchmark_options=parse_key_values(benchmark_options, "--benchmark-option"), split=split,
                          limit=limit, where=where, timeout=timeout, datasets=datasets, skip_missing=skip_missing)
    with use_settings(settings):
        planned = plan(selection)
        for name, why in planned.skipped:
            click.echo(f"skipped {name}: {' '.join(why.split())}", err=True)
        with _Progress(progress, {p.name: len(p.selected or ()) for p in planned.planned}) as tick:
            reports = validate(planned, order_check=order_check, tick=tick)
    if as_json:
        click.echo(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
    else:
        _print(reports)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        for report in reports:
            write_atomic(out_dir / f"{report.benchmark}.json",
                         json.dumps(report.to_json(), indent=1, ensure_ascii=False) + "\n")
    failing = [f.id for r in reports for f in r.failed(strict)]
    if ids_path is not None:
        write_atomic(ids_path, "".join(f"{item}\n" for item in failing))
    for report in reports:
        counts = report.counts
        shown = ", ".join(f"{n} {verdict}" for verdict, n in counts.items() if n or verdict == "valid")
        skipped = f" ({report.skipped} skipped: data missing)" if report.skipped else ""
        click.echo(f"{report.benchmark} {report.split}: {report.n} items{skipped}: {shown}", err=True)
    if failing:
        raise click.exceptions.Exit(1)


def _print(reports: list[Any]) -> None:
    from tabbench.cli.output import emit

    rows = [{"benchmark": r.benchmark, **f.to_json()} for r in reports for f in r.findings]
    if rows:
        emit(rows, ["benchmark", "id", "verdict", "metric", "db_id", "reason"], as_json=False,
             title="items whose gold is not plainly valid")


class _Progress:
    """A progress bar per benchmark on stderr (a no-op when disabled)."""

    def __init__(self, enabled: bool, totals: dict[str, int]) -> None:
        self.enabled, self.totals = enabled, totals

    def __enter__(self) -> Any:
        if not self.enabled:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                             TimeRemainingColumn(), console=Console(stderr=True))
        self._bar.start()
        tasks = {name: self._bar.add_task(f"{name} validate", total=n) for name, n in self.totals.items()}
        return lambda name, n: self._bar.advance(tasks[name], n)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._bar.stop()
