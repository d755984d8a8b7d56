"""The crtqa plugin's benchmark on the demo data in CRT-QA's release layout (``data/crtqa``).

The subclass changes only the name, the description and where the bundled data is; prompts, extraction and
metrics are the parent plugin's, so the demo exercises exactly the code the real benchmark runs.
"""

from __future__ import annotations

from pathlib import Path

import tabbench

DATA = Path(__file__).parent / "data"
CRTQABenchmark = tabbench.benchmark_class("crtqa")  # the crtqa plugin's class, found by name (no import)


class DemoCRTQA(CRTQABenchmark):
    """CRT-QA's benchmark on six demo questions over two small '#'-separated tables."""

    name = "demo-crtqa"
    description = "bundled CRT-QA-format demo items (the crtqa plugin on demo data)"
    data_hint = "the demo data ships with the tabbench_demo package (data/crtqa)"

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "crtqa"
