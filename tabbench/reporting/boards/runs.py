"""Loading a board's inputs: the runs' ``results.json`` (with a vote run's greedy companion) and the papers'
reported results."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabbench.contract import modeltext
from tabbench.contract.confine import read_regular
from tabbench.contract.errors import DataError, UsageError
from tabbench.evaluation.runfolder import RESULTS, RunFolder, existing, read_run

DEFAULT_REFERENCES = Path(__file__).resolve().parents[1] / "reference_results.json"  # package data
BUILTIN_REFERENCES = "tabbench"  # recorded instead of a path for the reference file tabbench ships

#: One run on a board (public since 0.1): the run type of every run-folder reader (``runfolder.RunFolder``); its
#: ``model`` and ``config`` are how the board shows it.
RunEntry = RunFolder


def read_results(run_dir: Path) -> dict[str, Any]:
    """A run's results (schema version 3 or 4, ``tabbench.evaluation.results.load``), read through the run-folder
    reader (inside the run, a regular file)."""
    return read_run(run_dir, finished=True).results


def parse_run_arg(arg: str) -> tuple[Path, str | None]:
    """``RUN_DIR`` or ``RUN_DIR=LABEL``."""
    path, sep, label = arg.partition("=")
    if sep and not label:
        raise UsageError(f"{arg!r}: empty label after '='")
    return Path(path), (label or None)


def load_runs(specs: Sequence[tuple[Path, str | None]]) -> list[RunEntry]:
    """Read each run; a vote run's ``greedy/`` companion is added after it unless named explicitly."""
    named = {Path(p).resolve() for p, _ in specs}
    runs: list[RunEntry] = []
    for path, label in specs:
        run = read_run(path, label, finished=True)
        runs.append(run)
        greedy = Path(path) / "greedy"
        if "greedy" in run.results and greedy.resolve() not in named and existing(path, "greedy", RESULTS):
            runs.append(read_run(greedy, label, finished=True, implicit=True))
    if not runs:
        raise UsageError("a leaderboard needs at least one run directory")
    return runs


def load_references(path: Path | None) -> list[dict[str, Any]]:
    """The papers of a reference-results file (see ``tabbench/reporting/reference_results.json``), each row's
    ``board`` with its data set resolved (``board["dataset"]``: an entry of the file's ``datasets``); a file that
    is not one (a field a board reads missing or of another type, a board naming no data set of the file, a FIFO
    in its place) is a ``DataError`` naming it."""
    if path is None:
        return []
    try:
        data = modeltext.loads(read_regular(path).decode("utf-8"))
        papers, datasets = data["papers"], data.get("datasets", {})
        if not isinstance(papers, list) or not isinstance(datasets, dict):
            raise TypeError("papers" if not isinstance(papers, list) else "datasets")
        for name, dataset in datasets.items():
            _check_dataset(name, dataset)
        for paper in papers:
            _check_paper(paper, datasets)
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: malformed reference results (missing or bad {exc})") from exc
    return list(papers)


def _check_paper(paper: Any, datasets: dict[str, Any]) -> None:
    """One paper: its citation and rows, each row's ``board`` resolved to its data set."""
    if not isinstance(paper, dict) or not isinstance(paper.get("results", []), list):
        raise KeyError(f"paper {paper!r:.40}")
    for key in ("id", "title", "citation"):
        if not isinstance(paper.get(key), str):
            raise KeyError(f"paper {paper.get('id')!r}: {key}")
    tables = paper.get("tables", {})
    if not (isinstance(tables, dict) and all(isinstance(v, str) for v in tables.values())):
        raise KeyError(f"paper {paper['id']!r}: tables")
    for row in paper.get("results", []):
        if not isinstance(row, dict):
            raise KeyError(f"paper {paper['id']!r} result {row!r:.40}")
        for key in ("benchmark", "set", "metric", "model", "setting"):
            if not isinstance(row.get(key), str):
                raise KeyError(f"paper {paper['id']!r} result: {key}")
        if not isinstance(row.get("value"), str | int | float):  # str: the number exactly as printed
            raise KeyError(f"paper {paper['id']!r} result: value")
        board = row.get("board")
        if board is None:
            continue
        if not (isinstance(board, dict) and all(isinstance(board.get(k), str) for k in ("benchmark", "metric"))):
            raise KeyError(f"paper {paper['id']!r} result: board")
        dataset = datasets.get(board["data"]) if isinstance(board.get("data"), str) else None
        if dataset is None or dataset["benchmark"] != board["benchmark"]:
            raise KeyError(f"paper {paper['id']!r} result {row['value']!r}: board.data (the data set of 'datasets', "
                           f"of benchmark {board['benchmark']!r}, it was measured on; docs/leaderboard.md)")
        board["dataset"] = dataset


def _check_dataset(name: str, dataset: Any) -> None:
    """One entry of a reference file's ``datasets``: what identifies a benchmark's official data."""
    if not isinstance(dataset, dict):
        raise KeyError(f"dataset {name!r}")
    for key in ("benchmark", "split", "name", "file", "source"):
        if not isinstance(dataset.get(key), str):
            raise KeyError(f"dataset {name!r}: {key}")
    examples, hashes = dataset.get("examples"), dataset.get("sha256")
    if type(examples) is not int or examples < 1:
        raise KeyError(f"dataset {name!r}: examples")
    if not (isinstance(hashes, list) and hashes and all(
            isinstance(h, str) and len(h) == 64 and all(c in "0123456789abcdef" for c in h) for h in hashes)):
        raise KeyError(f"dataset {name!r}: sha256 (a list of lowercase hex digests)")
