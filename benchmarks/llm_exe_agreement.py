"""Agreement of the ``llm-exe`` judge with real execution on Spider dev: a confusion matrix.

Each Spider dev question with a database is scored twice on the same prediction (the official example predictions
``pred_example.txt``, a real model's, with right and wrong answers): by ``spider-ex`` (execution) and by
``llm-exe`` (a judge model that sees the schema, question, gold and prediction, and no data). Run:
``python benchmarks/llm_exe_agreement.py BACKEND MODEL [LIMIT]``, e.g.
``python benchmarks/llm_exe_agreement.py openai http://127.0.0.1:8000/v1#Qwen2.5-7B-Instruct 300``. Prints the
matrix, accuracy of the judge against execution, its precision and recall on "same result", Cohen's kappa and
the judge errors. Nothing is asserted (not a test).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import tabbench

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[1] / ".." / "shared" / "data"))


def main(backend: str, model: str, limit: int | None = None) -> None:
    spider = SHARED / "spider"
    bench = tabbench.get_benchmark("spider", spider, on_missing_db="skip")
    examples = list(bench.examples())[:limit]
    preds = bench.read_predictions(spider / "evaluation_examples" / "pred_example.txt")
    items = [(e, preds[e.id][0]) for e in examples]
    truth = tabbench.score_batch(tabbench.metric_rewards(bench)["ex"], items)
    judged = tabbench.score_batch(tabbench.get_reward("llm-exe", judge_backend=backend, judge_model=model), items)
    cells = {(t, j): 0 for t in (1, 0) for j in (1, 0)}
    errors = 0
    for t, j in zip(truth, judged, strict=True):
        if t.value is None:
            continue
        errors += j.status.value == "judge_error"
        cells[(int(t.value), int(j.value or 0))] += 1
    n = sum(cells.values())
    agree = (cells[(1, 1)] + cells[(0, 0)]) / n
    p_yes = ((cells[(1, 1)] + cells[(1, 0)]) / n) * ((cells[(1, 1)] + cells[(0, 1)]) / n)
    p_no = ((cells[(0, 0)] + cells[(0, 1)]) / n) * ((cells[(0, 0)] + cells[(1, 0)]) / n)
    kappa = (agree - p_yes - p_no) / (1 - p_yes - p_no) if p_yes + p_no < 1 else float("nan")
    said_yes = cells[(1, 1)] + cells[(0, 1)]
    print(f"{n} questions, judge {backend}:{model}")
    print("                      judge: same   judge: different")
    print(f"execution: same       {cells[(1, 1)]:>10}   {cells[(1, 0)]:>16}")
    print(f"execution: different  {cells[(0, 1)]:>10}   {cells[(0, 0)]:>16}")
    print(f"agreement {agree:.3f}  precision {cells[(1, 1)] / said_yes if said_yes else float('nan'):.3f}  "
          f"recall {cells[(1, 1)] / max(1, cells[(1, 1)] + cells[(1, 0)]):.3f}  kappa {kappa:.3f}  "
          f"judge errors {errors}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: python benchmarks/llm_exe_agreement.py BACKEND MODEL [LIMIT]")
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None)
