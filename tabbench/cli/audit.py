"""``tabbench rewards audit NAME --benchmark B``: the reward-hacking audit (logic in ``tabbench.evaluation.audit``)."""

from __future__ import annotations

import json

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import (
    FiniteFloatRange,
    benchmark_option_option,
    data_option,
    deprecated_option,
    reward_option_option,
)
from tabbench.evaluation.options import named_options
from tabbench.evaluation.selection import data_of


@click.command("audit", context_settings=CONTEXT)
@click.argument("reward_name", metavar="NAME")
@click.option("--benchmark", "benchmark_name", default=None, metavar="NAME",
              help="Benchmark whose examples to use (required).")
@data_option(single=True)
@click.option("--split", default=None, help="Split to draw examples from (default: the benchmark's own).")
@click.option("--threshold", type=FiniteFloatRange(0.0, 1.0), default=0.5, show_default=True,
              help="Report cases earning more than this fraction of the correct answer's reward.")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="Examples to audit.")
@reward_option_option
@benchmark_option_option
@click.option("--json", "as_json", is_flag=True, help="Print the full report as JSON.")
@click.option("--strict", is_flag=True, help="Exit with status 1 when anything is flagged (for CI).")
@deprecated_option("-b", "--benchmark", "benchmark_name", required=True)
def audit(reward_name: str, benchmark_name: str, data_pairs: tuple[str, ...], split: str | None,
          threshold: float, limit: int, reward_option_pairs: tuple[str, ...], benchmark_options: tuple[str, ...],
          as_json: bool, strict: bool) -> None:
    """Score degenerate completions (empty, SELECT *, row dumps, tag spam, gold hidden in the reasoning, very
    long output, forbidden and multiple statements) on real examples; report every one that earns more than
    THRESHOLD of the correct answer's reward, or more than an honest wrong query, with the reason."""
    from tabbench.evaluation.audit import audit as run_audit
    from tabbench.evaluation.plan import read_examples
    from tabbench.host.lookup import get_benchmark, get_reward

    reward_options = named_options(reward_option_pairs, [reward_name], "--reward-option")[reward_name]
    reward = get_reward(reward_name, **reward_options)
    options = named_options(benchmark_options, [benchmark_name], "--benchmark-option")[benchmark_name]
    benchmark = get_benchmark(benchmark_name, data_of(data_pairs, benchmark_name), **options)
    examples = read_examples(benchmark, split)[:limit]
    report = run_audit(reward, benchmark, examples, threshold, reward_name)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, default=str))
    else:
        _print(report)
    if strict and report.findings:
        raise SystemExit(1)


def _print(report) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(Console().width, 110))
    console.print(f"audit of reward [bold]{report.reward}[/] on {report.benchmark}: {report.examples} examples"
                  f" ({report.skipped} skipped: no gold or gold failed), threshold {report.threshold:g}")
    summary = Table(title="cases", title_justify="left")
    for column in ("case", "what", "flagged", "max fraction"):
        summary.add_column(column, overflow="fold")
    for kind, entry in report.summary.items():
        fraction = entry["max_fraction"]
        summary.add_row(kind, entry["description"], f"{entry['flagged']}/{entry['examples']}",
                        "" if fraction is None else f"{fraction:.0%}")
    console.print(summary)
    if not report.findings:
        console.print("nothing flagged")
        return
    findings = Table(title=f"{len(report.findings)} findings", title_justify="left")
    for column in ("example", "case", "value", "reference", "reason"):
        findings.add_column(column, overflow="fold")
    for f in report.findings:
        findings.add_row(f.example_id, f.case, f"{f.value:g}", f"{f.reference:g}", f.reason)
    console.print(findings)
