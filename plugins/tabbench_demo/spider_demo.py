"""The spider plugin's benchmark on the demo data in Spider's layout (``data/spider``).

The subclass changes only the name, the description, the splits the demo ships (``dev`` held out, ``train``)
and where the bundled data is; prompts, extraction and metrics are the parent plugin's, so the demo exercises
exactly the code the real benchmark runs.
"""

from __future__ import annotations

from pathlib import Path

import tabbench

DATA = Path(__file__).parent / "data"
SpiderBenchmark = tabbench.benchmark_class("spider")  # the spider plugin's class, found by name (no import)


class DemoSpider(SpiderBenchmark):
    """Spider's benchmark on the demo databases: 500 held-out dev questions, 2,925 training questions (975
    combinations x 3 phrasings)."""

    name = "demo-spider"
    description = "bundled Spider-format demo questions (the spider plugin on demo data)"
    data_hint = "the demo data ships with the tabbench_demo package (data/spider)"
    splits = ("dev", "train")

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "spider"
