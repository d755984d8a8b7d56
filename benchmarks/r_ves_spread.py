"""Run-to-run spread of BIRD R-VES (``bird-r-ves``): the same predictions scored several times, for several
repetition counts. R-VES times queries on the wall clock, so its value moves between runs; this measures how far.

BIRD's databases are not in the shared data, so the queries are Spider dev's (its 19 SQLite databases, the
official example predictions ``pred_example.txt`` against ``dev_gold.sql``): the formula and the timing path
are the same; BIRD's heavier queries give larger, steadier ratios. Run:
``python benchmarks/r_ves_spread.py [QUESTIONS] [RUNS]`` (defaults 300 and 3). Prints, per repetition count, each
run's R-VES (x100, over the questions), their spread, and the share of correct questions whose bucket changed
between runs. Nothing is asserted (not a test).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

import tabbench
from tabbench import Example

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[1] / ".." / "shared" / "data"))


def main(questions: int = 300, runs: int = 3) -> None:
    spider = SHARED / "spider"
    gold = [line.split("\t") for line in (spider / "dev_gold.sql").read_text().splitlines()]
    preds = (spider / "evaluation_examples" / "pred_example.txt").read_text().splitlines()
    items = []
    for i, ((sql, db_id), pred) in enumerate(zip(gold, preds, strict=True)):
        db = spider / "database" / db_id / f"{db_id}.sqlite"
        if db.is_file() and len(items) < questions:
            items.append((Example(id=str(i), gold=sql, fields={"db_path": str(db)}), pred))
    print(f"{len(items)} Spider dev questions, {runs} runs per setting")
    for repetitions in (1, 5, 20, 100):
        reward = tabbench.get_reward("bird-r-ves", repetitions=repetitions)
        totals, per_question = [], []
        start = time.perf_counter()
        for _ in range(runs):
            scores = tabbench.score_batch(reward, items)
            totals.append(100 * sum(s.value or 0.0 for s in scores) / len(scores))
            per_question.append([s.value for s in scores])
        seconds = (time.perf_counter() - start) / runs
        correct = [k for k, v in enumerate(per_question[0]) if v]
        flipped = sum(1 for k in correct if len({run[k] for run in per_question}) > 1)
        spread = statistics.stdev(totals) if runs > 1 else 0.0
        print(f"repetitions {repetitions:>3}: R-VES {' '.join(f'{t:6.2f}' for t in totals)}  "
              f"range {max(totals) - min(totals):5.2f}  sd {spread:5.2f}  "
              f"bucket changed on {flipped}/{len(correct)} correct questions  ({seconds:6.1f} s per run)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
