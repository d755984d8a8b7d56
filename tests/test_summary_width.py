"""The results table `eval` and `score` print fits an 80-column terminal without breaking a number."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from tabbench.cli import summary


def test_results_table_fits_80_columns_and_keeps_counts_whole(monkeypatch):
    buffer = io.StringIO()
    monkeypatch.setattr("rich.console.Console", lambda **kw: Console(file=buffer, width=80, **{
        k: v for k, v in kw.items() if k != "stderr"}))
    counts = {"empty_both": 7, "match": 62, "mismatch": 400, "exec_error": 31, "parse_fail": 1200}
    results = {"benchmarks": {"demo-tablebench": {
        "primary_metric": {"name": "rouge_l", "value": 0.123456, "stderr": 0.0123}, "version": "1", "n": 1500,
        "status_counts": counts}}}
    summary.print_summary(results, Path("runs/demo/runs/sft-grpo"))
    lines = buffer.getvalue().splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    cells = re.findall(r"([a-z_]+=\d+)", buffer.getvalue())
    assert sorted(cells) == sorted(f"{k}={v}" for k, v in counts.items())  # every count on one line, whole
    assert "0.1235" in buffer.getvalue() and "1500" in buffer.getvalue()
