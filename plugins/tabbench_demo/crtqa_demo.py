"""The crtqa plugin's benchmark on the demo data in CRT-QA's release layout (``data/crtqa``).

The subclass changes only the name, the description, where the bundled data is and the splits: CRT-QA
releases one set, the demo adds a ``train`` split in the same layout (``train/dataset.json`` and
``train/all_csv_new/``). Prompts, extraction and metrics are the parent plugin's, so the demo exercises exactly
the code the real benchmark runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import tabbench
from tabbench import Example

DATA = Path(__file__).parent / "data"
CRTQABenchmark = tabbench.benchmark_class("crtqa")  # the crtqa plugin's class, found by name (no import)


class DemoCRTQA(CRTQABenchmark):
    """CRT-QA's benchmark on demo questions over four-row '#'-separated tables: 500 held out, 1,500 to train on."""

    name = "demo-crtqa"
    description = "bundled CRT-QA-format demo items (the crtqa plugin on demo data)"
    data_hint = "the demo data ships with the tabbench_demo package (data/crtqa)"
    splits = ("test", "train")

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "crtqa"

    def _folder(self, split: str | None) -> CRTQABenchmark:
        assert self.data_path is not None
        if self.check_split(split) == "train":
            return CRTQABenchmark(self.data_path / "train", **self.options)
        return CRTQABenchmark(self.data_path, **self.options)

    def data_files(self, split: str | None = None) -> list[Path]:
        return self._folder(split).data_files()

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        yield from (replace(example, split=split) for example in self._folder(split).examples())
