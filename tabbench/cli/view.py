"""``tabbench view`` (run folders in a browser) and ``tabbench compare`` (flips and exact McNemar p)."""

from __future__ import annotations

import ipaddress
import threading
from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.cli.output import JSON_OPTION, emit

RUNS = click.argument("runs", nargs=-1, required=True, metavar="RUN_DIR[=LABEL]...")


def _open(specs: tuple[str, ...]) -> list:
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.leaderboard import parse_run_arg

    return [read_run(path, label) for path, label in map(parse_run_arg, specs)]


@click.command("view", context_settings=CONTEXT)
@RUNS
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on (loopback by default: the runs are not shared with the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8008, show_default=True,
              help="Port to serve on (0: any free port).")
@click.option("--bundle", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write a static site to this new or empty folder (not a symbolic link) instead of serving "
                   "(OUT/index.html opens from file://; its data are readable by anything that can read OUT).")
def view_command(runs: tuple[str, ...], host: str, port: int, bundle: Path | None) -> None:
    """Look at RUN_DIRs in a browser: results, samples, SQL diffs and result tables, flips between runs.

    The first run is the baseline the others are compared with. Serves read-only until Ctrl-C; other pages in
    the same browser cannot read what it serves (docs/security.md)."""
    from tabbench.reporting.viewer import Site, make_server, write_bundle

    site = Site(_open(runs))
    if bundle is not None:
        click.echo(f"wrote {write_bundle(site, bundle)}", err=True)
        return
    server = make_server(site, host, port)
    if not ipaddress.ip_address(server.server_address[0]).is_loopback:
        click.echo(f"warning: serving on {host}: anyone who can reach this address can read these runs", err=True)
    threading.Thread(target=site.warm, daemon=True).start()
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"serving {len(site.runs)} run(s) at http://{shown}:{server.server_address[1]}/ (Ctrl-C stops)",
               err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


FLIPS_SHOWN = 10  # flipped samples ``tabbench compare`` lists per benchmark in the terminal by default
CELL = 120  # characters of a question, answer or gold shown in the terminal's flipped list


def _cut(text: str | None) -> str | None:
    return text if text is None or len(text) <= CELL else text[:CELL] + "…"


@click.command("compare", context_settings=CONTEXT)
@click.argument("a", metavar="RUN_A[=LABEL]")
@click.argument("b", metavar="RUN_B[=LABEL]")
@click.option("--benchmark", "benchmarks", multiple=True, metavar="NAME",
              help="Only this benchmark (repeatable; default: all shared).")
@click.option("--flips", "flips_shown", type=click.IntRange(min=0), default=None, metavar="N",
              help=f"List the first N flipped samples per benchmark, fail -> pass first (default: {FLIPS_SHOWN} in "
              "the table, all with --json; 0: none).")
@JSON_OPTION
def compare_command(a: str, b: str, benchmarks: tuple[str, ...], flips_shown: int | None, as_json: bool) -> None:
    """Pair RUN_A's and RUN_B's samples per benchmark: flips (fail -> pass, pass -> fail), the exact McNemar p and
    B - A in points with its 95% confidence interval, clustered by database where the records name one.

    Then each bucket's scores over its paired samples, and the flipped samples themselves (question, both answers,
    gold, what failed). Only samples both runs hold and both scored are paired; how many of each run's were left
    out is shown. Refuses runs made on different benchmark versions, splits or data files."""
    from tabbench.contract import modeltext
    from tabbench.reporting.comparison import details
    from tabbench.reporting.flips import compare_runs

    run_a, run_b = _open((a, b))
    found = compare_runs(run_a, run_b, benchmarks)
    limit = flips_shown if flips_shown is not None or as_json else FLIPS_SHOWN
    more = [details(run_a, run_b, f, limit=limit) for f in found]
    if as_json:  # standard JSON: NaN from a run folder as null, a lone surrogate in model text as its escape
        click.echo(modeltext.dumps_shown({"a": str(run_a.path), "b": str(run_b.path), "benchmarks": [
            {**f.to_json(), **d} for f, d in zip(found, more, strict=True)]}, indent=2))
        return
    rows = [{"benchmark": f.benchmark, "paired": f.paired, "both pass": f.both_pass, "both fail": f.both_fail,
             "fail -> pass": len(f.up), "pass -> fail": len(f.down), "McNemar p": f"{f.p:.4g}",
             "B - A points [95% CI]": _interval(d["difference"]), "unpaired A": f.unpaired_a,
             "unpaired B": f.unpaired_b} for f, d in zip(found, more, strict=True)]
    emit(rows, list(rows[0]), as_json=False, title=f"{run_a.name} -> {run_b.name}")
    for f in found:
        if f.unpaired_a or f.unpaired_b:
            click.echo(f"{f.benchmark}: {f.paired} samples paired; left out: {f.unpaired_a} of A's "
                       f"{f.paired + f.unpaired_a} and {f.unpaired_b} of B's {f.paired + f.unpaired_b} (not in the "
                       "other run, or not applicable in one of them)")
    for f, d in zip(found, more, strict=True):
        if d["buckets"]:
            cells = [{"bucket": f"{x['key']}={x['level']}", "n": x["n"], f"A {run_a.name}": _pct(x["score_a"]),
                      f"B {run_b.name}": _pct(x["score_b"]), "delta": _pct(x["delta"], sign=True),
                      "fail -> pass": x["n_up"], "pass -> fail": x["n_down"], "McNemar p": f"{x['p']:.4g}"}
                     for x in d["buckets"]]
            emit(cells, list(cells[0]), as_json=False,
                 title=f"{f.benchmark}: primary metric (%) per bucket over its paired samples (n), A -> B")
        if d["flipped"]:
            total = len(f.up) + len(f.down)
            listed = len(d["flipped"])
            cells = [{"id": x["id"], "flip": "fail -> pass" if x["direction"] == "up" else "pass -> fail",
                      "question": _cut(x["question"]), f"A {run_a.name} answered": _cut(x["answer_a"]),
                      f"B {run_b.name} answered": _cut(x["answer_b"]), "gold": _cut(x["gold"]),
                      "what failed": _cut(x["failed"])} for x in d["flipped"]]
            cut = f", the first {listed} of {total} (--flips N for more)" if listed < total else f" ({total})"
            emit(cells, list(cells[0]), as_json=False, title=f"{f.benchmark}: flipped samples{cut}")


def _interval(difference: dict | None) -> str:
    """``+2.3 [-0.4, +5.0] by 8 databases``: ``comparison.difference`` in words."""
    if difference is None:
        return "n/a"
    clusters = f"{difference['clusters']} {'databases' if difference['by'] == 'database' else 'samples'}"
    return f"{difference['difference']:+.1f} [{difference['low']:+.1f}, {difference['high']:+.1f}] by {clusters}"


def _pct(value: float | None, sign: bool = False) -> str:
    return "n/a" if value is None else f"{100 * value:{'+' if sign else ''}.1f}"
