"""The fixed answers the adapters to other stacks (OpenEnv, verifiers, Inspect) are checked with, and the verdicts
``tabbench eval --model predictions:FILE`` gives them: the reference each adapter must equal, sample by sample.

Right, wrong, non-executing, SQL-less and hostile SQL (the write, ATTACH, pragma and multi-statement corpus of
``tests/test_sql_execute.py``, aimed at the demo shop database's tables) for the first questions of ``demo-bird``,
on a private copy of its data, so a write that got through could not touch the repository's databases and shows
as a changed hash.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.cli_run import tabbench as run_tabbench
from tests.test_sql_execute import FORBIDDEN_QUERIES

BENCHMARK = "demo-bird"
DEMO_DATA = Path(__file__).resolve().parents[1] / "plugins" / "tabbench_demo" / "data" / "bird"


def hostile_sql(folder: Path) -> list[str]:
    """The forbidden-query corpus with the shop database's tables in place of the test database's."""
    return [q.format(tmp=folder).replace("singer", "customers").replace("song", "orders") for q in FORBIDDEN_QUERIES]


@dataclass
class Corpus:
    data: Path  # the private copy of demo-bird's data
    answers: dict[str, str]  # example id -> the completion
    expected: dict[str, dict[str, Any]]  # example id -> the record `tabbench eval` wrote

    def verdict(self, example_id: str) -> tuple[str, float | None, dict[str, tuple[str, float | None]]]:
        """What an adapter must reproduce: the primary status and value, and every metric's."""
        record = self.expected[example_id]
        return record["status"], record["score"], {name: (s["status"], s["value"])
                                                   for name, s in record["scores"].items()}


def database_hashes(folder: Path) -> dict[str, str]:
    """Every file under the data copy and its hash (a write, a journal, an attached file all show)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build_corpus(folder: Path, env: dict[str, str]) -> Corpus:
    """Copy the data, write the predictions file, score it with ``tabbench eval --model predictions:FILE``."""
    import tabbench

    data = folder / "bird"
    shutil.copytree(DEMO_DATA, data)
    examples = list(tabbench.get_benchmark(BENCHMARK, data).examples("test"))
    kinds = ["{gold}", "SELECT COUNT(*) FROM products", "SELECT nosuchcolumn FROM customers", "I cannot answer.",
             "```sql\n{gold}\n```", *hostile_sql(folder)]
    answers = {e.id: kind.replace("{gold}", e.gold or "") for e, kind in zip(examples, kinds, strict=False)}
    predictions = folder / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": i, "completion": c}) + "\n" for i, c in answers.items()))
    out = folder / "reference"
    done = run_tabbench("eval", "--model", f"predictions:{predictions}", "--benchmark", BENCHMARK, "--data",
                    f"{BENCHMARK}={data}", "--limit", str(len(answers)), "--out", str(out), "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in (out / "samples" / f"{BENCHMARK}.jsonl").read_text().splitlines()]
    expected = {r["id"]: r for r in records}
    statuses = {r["status"] for r in records}
    assert {"match", "mismatch", "exec_error", "no_sql", "forbidden"} <= statuses, statuses  # every kind is there
    return Corpus(data, answers, expected)
