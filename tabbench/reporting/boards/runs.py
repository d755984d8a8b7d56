"""Loading a board's inputs: the runs' ``results.json`` (with a vote run's greedy companion) and the papers'
reported results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.errors import DataError, UsageError

if TYPE_CHECKING:
    from tabbench.evaluation.config import RunConfig

DEFAULT_REFERENCES = Path(__file__).resolve().parents[1] / "reference_results.json"  # package data
BUILTIN_REFERENCES = "tabbench"  # recorded instead of a path for the reference file tabbench ships


@dataclass
class RunEntry:
    """One run directory's results, with the label it has on the board."""

    path: Path
    label: str | None
    results: dict[str, Any]
    implicit: bool = False  # a vote run's greedy companion, added without being named

    @property
    def run_config(self) -> RunConfig:
        """What was asked (``results.json``'s ``config``, read with ``RunConfig.from_json``; ``--where @FILE``
        filters as recorded, their files not read)."""
        from tabbench.evaluation.config import RunConfig

        try:
            return RunConfig.from_json(self.results.get("config") or {}, where_files=False)
        except DataError as exc:
            raise DataError(f"{self.path / 'results.json'}: {exc}") from None

    @property
    def model(self) -> str:
        if self.label:
            return self.label
        spec = self.run_config.model or "?"
        name = Path(spec).name if spec not in ("", ".") else spec
        return name or spec

    @property
    def config(self) -> str:
        """Backend, decoding and limits: what makes two runs of one model differ."""
        config = self.run_config
        parts = [config.backend]
        temperature = config.generation.temperature
        if config.vote:
            parts.append(f"{config.vote} vote@{config.generation.n}, T={temperature}")
        elif temperature == 0:
            parts.append("greedy")
        else:
            parts.append(f"sampled T={temperature}")
        if config.limit:
            parts.append(f"limit {config.limit}")
        if self.implicit:
            parts.append("beside the vote run above")
        return ", ".join(parts)


def read_results(run_dir: Path) -> dict[str, Any]:
    """A run's results (schema version 3 or 4, ``tabbench.evaluation.results.load``)."""
    from tabbench.evaluation.results import load

    path = Path(run_dir) / "results.json"
    if not path.is_file():
        raise DataError(f"{run_dir}: no results.json (an unfinished run? finish it with --resume)")
    return dict(load(path))


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
        results = read_results(path)
        runs.append(RunEntry(Path(path), label, results))
        greedy = Path(path) / "greedy"
        if "greedy" in results and (greedy / "results.json").is_file() and greedy.resolve() not in named:
            runs.append(RunEntry(greedy, label, read_results(greedy), implicit=True))
    if not runs:
        raise UsageError("a leaderboard needs at least one run directory")
    return runs


def load_references(path: Path | None) -> list[dict[str, Any]]:
    """The papers of a reference-results file (see ``tabbench/reporting/reference_results.json``)."""
    if path is None:
        return []
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        papers = data["papers"]
        for paper in papers:
            for key in ("id", "title", "citation"):
                if not isinstance(paper.get(key), str):
                    raise KeyError(f"paper {paper.get('id')!r}: {key}")
            for row in paper.get("results", []):
                for key in ("benchmark", "set", "metric", "model", "setting"):
                    if not isinstance(row.get(key), str):
                        raise KeyError(f"paper {paper['id']!r} result: {key}")
                if not isinstance(row.get("value"), str | int | float):  # str: the number exactly as printed
                    raise KeyError(f"paper {paper['id']!r} result: value")
    except OSError as exc:
        raise DataError(f"{path}: cannot read reference results ({exc.strerror})") from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: malformed reference results (missing or bad {exc})") from exc
    return list(papers)
