"""The ``crtqa`` benchmark: CRT-QA complex reasoning questions over Wikipedia tables, scored by exact match."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, Example, Message, MetricSpec, Option
from tabbench_crtqa.data import BREAKDOWN_KEYS, find_root, read_examples, table_dir
from tabbench_crtqa.rewards import EXTRACTIONS, NORMALIZATIONS

TABLE_FORMATS = ("markdown", "csv", "html", "json", "records")

SYSTEM = "You are an expert at reasoning over tables. Think step by step, then answer."
INSTRUCTIONS = (
    "End your response with one line of the form 'Final Answer: <answer>'. Keep the answer as short as "
    "possible: one word, entity or number (numbers rounded to two decimals) when you can; separate several "
    "answers with commas."
)


def render_table(table: dict[str, Any], fmt: str, max_chars: int | None = None) -> tuple[str, dict[str, Any]]:
    """The table as prompt text, and the record of what was shown.

    ``markdown``, ``csv``, ``html`` and ``json`` (TableBench's ``{columns, data}``) are the shared
    ``tabbench.tables.serialize``; ``records`` is the seed paper's form (pandas ``to_json(orient="records")``:
    a JSON list of ``{column: cell}`` objects), cut at a row boundary the same way.
    """
    from tabbench.tables import Table, serialize

    grid = Table(header=[list(table["columns"])], rows=[list(r) for r in table["rows"]])
    if fmt != "records":
        shown = serialize(grid, fmt, max_chars=max_chars or None)
        return shown.text, shown.record()

    def records(rows: list[list[str]]) -> str:
        return json.dumps([dict(zip(grid.columns, row, strict=False)) for row in rows], ensure_ascii=False)

    rows = grid.rows
    text = records(rows)
    while max_chars and len(text) > max_chars and rows:
        rows = rows[: len(rows) - 1]
        text = records(rows)
    total = len(grid.rows)
    return text, {"format": fmt, "truncated": len(rows) < total, "rows_shown": len(rows), "rows_total": total,
                  "chars": len(text)}


class CRTQABenchmark(Benchmark):
    """CRT-QA (EMNLP 2023): multi-step operation and reasoning questions over Wikipedia tables.

    Options: ``table_format`` (``markdown`` default, ``csv``, ``html``, ``json`` = TableBench's
    ``{columns, data}``, ``records`` = the seed paper's list of row objects), ``max_table_chars`` (0 = no
    limit; longer tables keep their header and as many leading rows as fit, and the prompt says so), and the
    ``crtqa-em`` reward options ``normalization``, ``extract``, ``decimals``.
    """

    name = "crtqa"
    version = "1"
    description = "CRT-QA complex reasoning table QA (exact match; breakdown by directness, composition, reasoning)"
    primary_metric = "em"
    breakdown_keys = BREAKDOWN_KEYS
    splits = ("test",)
    dataset_kind = "table-qa"  # scores a user's --dataset too (docs/datasets.md)
    default_split = "test"
    data_hint = (
        "unpack CRT-QA.zip from https://github.com/zzh-SJTU/CRT-QA (or the HF mirror zzh12138/CRT-QA) and pass "
        "the CRT-QA folder (dataset.json, all_csv_new/) as --data or TABBENCH_DATA_CRTQA"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (MetricSpec("em", "crtqa-em"),)
    extractor = EXTRACTIONS["final_answer"]  # shared with crtqa-em: extracted once per sample
    option_defaults: ClassVar[dict[str, Any]] = {
        "table_format": Option("markdown", str, choices=TABLE_FORMATS),
        "max_table_chars": Option(0, int, min=0, help="0: no cap"),
        "normalization": Option("tabbench", str, choices=NORMALIZATIONS),
        "extract": Option("final_answer", str, choices=tuple(EXTRACTIONS)), "decimals": Option(2, int, min=0, max=15),
    }

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.table_format = self.options["table_format"]
        self.max_table_chars = int(self.options["max_table_chars"])

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        assert self.data_path is not None
        yield from read_examples(self.data_path, split)

    def data_files(self, split: str | None = None) -> list[Path]:
        """``dataset.json`` and the table files it names (their hashes go into the results)."""
        assert self.data_path is not None
        root = find_root(self.data_path)
        try:
            keys = json.loads((root / "dataset.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            keys = {}
        tables = table_dir(root) if isinstance(keys, dict) and keys else None
        return [root / "dataset.json", *(tables / key for key in (keys if tables else ()) if (tables / key).is_file())]

    def table_text(self, example: Example) -> str:
        text, shown = render_table(example.fields["table"], self.table_format, self.max_table_chars)
        if shown["truncated"]:
            text += f"\n(table cut to its first {shown['rows_shown']} of {shown['rows_total']} rows)"
        return text

    def prompt(self, example: Example) -> list[Message]:
        f = example.fields
        user = (
            f"Table title: {f['title']}\nTable ({self.table_format}):\n{self.table_text(example)}\n\n"
            f"Question: {f['question']}\n\n{INSTRUCTIONS}"
        )
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]

    def gold_completion(self, example: Example) -> str:
        return f"Final Answer: {example.gold or ''}"
