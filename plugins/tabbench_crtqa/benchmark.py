"""The ``crtqa`` benchmark: CRT-QA complex reasoning questions over Wikipedia tables, scored by exact match."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, ConfigError, Example, Message, MetricSpec
from tabbench_crtqa.answers import extract_answer
from tabbench_crtqa.data import BREAKDOWN_KEYS, find_root, read_examples

TABLE_FORMATS = ("markdown", "csv", "json")

SYSTEM = "You are an expert at reasoning over tables. Think step by step, then answer."
INSTRUCTIONS = (
    "End your response with one line of the form 'Final Answer: <answer>'. Keep the answer as short as "
    "possible: one word, entity or number (numbers rounded to two decimals) when you can; separate several "
    "answers with commas."
)


def serialise(table: dict[str, Any], fmt: str) -> str:
    """The table as text: ``markdown`` (pipes), ``csv`` or ``json`` (a list of row records, the seed paper's)."""
    columns, rows = table["columns"], table["rows"]
    if fmt == "json":
        return json.dumps([dict(zip(columns, row, strict=True)) for row in rows], ensure_ascii=False)
    if fmt == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows([columns, *rows])
        return buffer.getvalue().rstrip("\n")

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |"

    return "\n".join([line(columns), "|" + "---|" * len(columns), *(line(r) for r in rows)])


class CRTQABenchmark(Benchmark):
    """CRT-QA (EMNLP 2023): multi-step operation and reasoning questions over Wikipedia tables.

    Options: ``table_format`` (``markdown`` default, ``csv``, ``json``), ``max_table_chars`` (0 = no limit;
    longer tables are cut at a row boundary and the cut is said in the prompt), and the ``crtqa-em`` reward
    options ``normalization``, ``extract``, ``decimals``.
    """

    name = "crtqa"
    version = "1"
    description = "CRT-QA complex reasoning table QA (exact match; breakdown by directness, composition, reasoning)"
    primary_metric = "em"
    breakdown_keys = BREAKDOWN_KEYS
    splits = ("test",)
    default_split = "test"
    data_hint = (
        "unpack CRT-QA.zip from https://github.com/zzh-SJTU/CRT-QA (or the HF mirror zzh12138/CRT-QA) and pass "
        "the CRT-QA folder (dataset.json, all_csv_new/) as --data or TABBENCH_DATA_CRTQA"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (MetricSpec("em", "crtqa-em"),)

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.table_format = str(options.get("table_format", "markdown"))
        if self.table_format not in TABLE_FORMATS:
            raise ConfigError(f"crtqa: table_format={self.table_format!r}: choose one of {', '.join(TABLE_FORMATS)}")
        self.max_table_chars = int(options.get("max_table_chars", 0))
        reward_options = {k: options[k] for k in ("normalization", "extract", "decimals") if k in options}
        self.metrics = (MetricSpec("em", "crtqa-em", reward_options),)

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        assert self.data_path is not None
        yield from read_examples(self.data_path, split)

    def data_files(self, split: str | None = None) -> list[Path]:
        assert self.data_path is not None
        return [find_root(self.data_path) / "dataset.json"]

    def table_text(self, example: Example) -> str:
        table = example.fields["table"]
        text = serialise(table, self.table_format)
        if not self.max_table_chars or len(text) <= self.max_table_chars:
            return text
        rows = list(table["rows"])
        while rows and len(text) > self.max_table_chars:
            rows = rows[: max(0, len(rows) * 3 // 4)]
            text = serialise({"columns": table["columns"], "rows": rows}, self.table_format)
        return f"{text}\n(table cut to its first {len(rows)} of {len(table['rows'])} rows)"

    def prompt(self, example: Example) -> list[Message]:
        f = example.fields
        user = (
            f"Table title: {f['title']}\nTable ({self.table_format}):\n{self.table_text(example)}\n\n"
            f"Question: {f['question']}\n\n{INSTRUCTIONS}"
        )
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]

    def extract(self, example: Example, completion: str) -> str | None:
        return extract_answer(completion)

    def gold_completion(self, example: Example) -> str:
        return f"Final Answer: {example.gold or ''}"
