"""Which official data set a board column holds, so that a paper's reported number sits only under a column whose
runs were made on the data the paper measured.

A data set of the reference file (``datasets``) is identified by its benchmark, the tabbench split, and the sha256
of its question file (every known release of it: a byte-for-byte copy, as the official archive ships it) with its
number of examples. A run records the sha256 of every data file it read (``results.json``:
``benchmarks.<name>.data.files``), so a column is on a data set when its split is that split and one of its files
is that file; a column with fewer examples (``--limit``, ``--where``, questions skipped for a missing database) is a
subset of it, and says so. A user's own questions in the benchmark's layout, an edited copy or another release
match no data set and get no reported rows. The question file alone decides, not the databases: a copy missing one
database is the official data, its questions on that database left out (a subset).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabbench.reporting.boards.columns import Column
from tabbench.reporting.boards.runs import RunEntry


@dataclass(frozen=True)
class OnOfficial:
    """A column on the official data set ``key`` (``dataset``: its entry in the reference file; ``sha256``: the
    release its file is), with ``n`` examples and, for a subset, what left the others out (``left_out``)."""

    key: str
    dataset: Mapping[str, Any]
    sha256: str
    n: int
    left_out: str

    @property
    def subset(self) -> bool:
        return self.n < int(self.dataset["examples"])


def reference_datasets(papers: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """The data sets the papers' board rows were measured on (``load_references`` resolved them), by key."""
    return {row["board"]["data"]: row["board"]["dataset"] for paper in papers for row in paper.get("results", [])
            if "board" in row}


def official_data(col: Column, members: Sequence[tuple[RunEntry, Mapping[str, Any]]],
                  datasets: Mapping[str, Mapping[str, Any]]) -> OnOfficial | None:
    """The official data set ``col`` is on (its runs share one data snapshot, so the first run's files decide), or
    ``None``."""
    if not members:
        return None
    run, result = members[0]
    hashes = set(((result.get("data") or {}).get("files") or {}).values())
    for key, dataset in datasets.items():
        release = sorted(hashes & set(dataset["sha256"]))
        if (dataset["benchmark"], dataset["split"]) == (col.benchmark, col.split) and release and col.n <= int(
                dataset["examples"]):
            return OnOfficial(key, dataset, release[0], col.n, _left_out(run, int(dataset["examples"])))
    return None


def _left_out(run: RunEntry, examples: int) -> str:
    """What made a run hold fewer than ``examples``: its ``--limit`` or ``--where``, else questions the run left
    out (a database missing from the copy, skipped)."""
    config = run.run_config
    limit = [f"--limit {config.limit}"] if config.limit and config.limit < examples else []
    reasons = limit + (["--where"] if config.where else [])
    return " and ".join(reasons) or "questions left out of the run"
