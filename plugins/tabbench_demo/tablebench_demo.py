"""The tablebench plugin's benchmark on the demo data in TableBench's JSONL format (``data/tablebench``).

The subclass changes only the name, the description, where the bundled data is and the splits: TableBench
releases only a test set, the demo adds a ``train`` split in the same format (``train/TableBench_DP.jsonl``).
Prompts, extraction and metrics are the parent plugin's, so the demo exercises exactly the code the real
benchmark runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import tabbench
from tabbench import Example

DATA = Path(__file__).parent / "data"
TableBench = tabbench.benchmark_class("tablebench")  # the tablebench plugin's class, found by name (no import)


class DemoTableBench(TableBench):
    """TableBench's benchmark on DP-format demo items over four-row tables: 500 held out, 1,500 to train on."""

    name = "demo-tablebench"
    description = "bundled TableBench-format (DP) demo items (the tablebench plugin on demo data)"
    data_hint = "the demo data ships with the tabbench_demo package (data/tablebench)"
    splits: ClassVar[tuple[str, ...]] = ("test", "train")

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "tablebench"

    def _train(self) -> TableBench:
        assert self.data_path is not None
        return TableBench(self.data_path / "train", **self.options)

    def data_files(self, split: str | None = None) -> list[Path]:
        if self.check_split(split) == "train":
            return self._train().data_files()
        return super().data_files(split)

    def examples(self, split: str | None = None) -> Iterator[Example]:
        if self.check_split(split) == "train":
            yield from (replace(example, split="train") for example in self._train().examples())
        else:
            yield from super().examples(split)
