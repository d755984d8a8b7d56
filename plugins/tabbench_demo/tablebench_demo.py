"""The tablebench plugin's benchmark on the demo data in TableBench's JSONL format (``data/tablebench``).

The subclass changes only the name, the description and where the bundled data is; prompts, extraction and
metrics are the parent plugin's, so the demo exercises exactly the code the real benchmark runs.
"""

from __future__ import annotations

from pathlib import Path

import tabbench

DATA = Path(__file__).parent / "data"
TableBench = tabbench.benchmark_class("tablebench")  # the tablebench plugin's class, found by name (no import)


class DemoTableBench(TableBench):
    """TableBench's benchmark on 14 DP-format demo items over slices of the demo tables."""

    name = "demo-tablebench"
    description = "bundled TableBench-format (DP) demo items (the tablebench plugin on demo data)"
    data_hint = "the demo data ships with the tabbench_demo package (data/tablebench)"

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "tablebench"
