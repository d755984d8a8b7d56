"""Read RealHiTBench's release (cspzyy/RealHiTBench ``data/`` plus the HF ``spzy/RealHiTBench`` tables).

Layout under the data path (the repository's ``data/`` folder; a parent holding ``data/`` works too)::

    QA_final.json  QA_long.json  QA_structure.json     {"queries": [question, ...]}
    latex/<FileName>.txt  html/<FileName>.html  csv/<FileName>.csv  markdown/<FileName>.md  json/<FileName>.json
    tables/<FileName>.xlsx                             the workbook chart code reads
    <format>/<FileName>_swap.<ext>                     the transposed tables of Structure Comprehending

A question has ``id, FileName, CompStrucCata, Source, Question, QuestionType, SubQType, COT, FinalAnswer,
ProcessedAnswer``. For Visualization, ``FinalAnswer`` is reference code and ``ProcessedAnswer`` the printed
y-values it draws; for every other type ``ProcessedAnswer`` repeats ``FinalAnswer``. Structure
Comprehending questions have no gold answer: they are scored against the model's own answer on the
original table (see ``tabbench_realhitbench.benchmark``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tabbench import DataError, Example

QA_FILES = {"final": "QA_final.json", "long": "QA_long.json", "structure": "QA_structure.json"}
TABLE_FORMATS = {"latex": ("latex", ".txt"), "html": ("html", ".html"), "csv": ("csv", ".csv"),
                 "markdown": ("markdown", ".md"), "json": ("json", ".json")}
QTYPES = ("Fact Checking", "Numerical Reasoning", "Data Analysis", "Structure Comprehending", "Visualization")
CHART_TYPES = ("LineChart", "BarChart", "ScatterChart", "PieChart")
REQUIRED = ("id", "FileName", "Question", "QuestionType", "SubQType", "FinalAnswer", "ProcessedAnswer")


def find_root(data_path: Path) -> Path:
    """The folder holding the QA files: the data path itself or its ``data/`` sub-folder."""
    for candidate in (data_path, data_path / "data"):
        if any((candidate / name).is_file() for name in QA_FILES.values()):
            return candidate
    return data_path


def table_path(root: Path, file_name: str, fmt: str, swap: bool = False) -> Path:
    folder, ext = TABLE_FORMATS[fmt]
    return root / folder / f"{file_name}{'_swap' if swap else ''}{ext}"


def xlsx_path(root: Path, file_name: str) -> Path:
    return root / "tables" / f"{file_name}.xlsx"


def read_queries(root: Path, split: str) -> list[dict[str, Any]]:
    """The question objects of ``split``'s QA file; a missing file or field is a ``DataError``."""
    path = root / QA_FILES[split]
    if not path.is_file():
        raise DataError(f"{path}: missing RealHiTBench file for split {split!r}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, RecursionError) as exc:  # ValueError: not UTF-8, not JSON
        raise DataError(f"{path}: not a readable JSON file ({exc})") from None
    queries = data.get("queries") if isinstance(data, dict) else None
    if not isinstance(queries, list):
        raise DataError(f"{path}: expected {{\"queries\": [...]}}")
    for index, query in enumerate(queries):
        missing = [k for k in REQUIRED if not isinstance(query, dict) or k not in query]
        if missing:
            raise DataError(f"{path}: queries[{index}]: missing field(s) {', '.join(missing)}")
        if query["QuestionType"] not in QTYPES:
            raise DataError(f"{path}: queries[{index}] (id {query['id']}): unknown QuestionType "
                            f"{query['QuestionType']!r}")
    return queries


def chart_type(query: dict[str, Any]) -> str:
    """The chart kind: the first word of ``SubQType`` (``LineChart Generation`` -> ``LineChart``)."""
    words = str(query.get("SubQType") or "").split()
    return words[0] if words and words[0] in CHART_TYPES else "unknown"


def build_example(root: Path, query: dict[str, Any], split: str, fmt: str, *, swap: bool,
                  gold: str | None) -> Example:
    qtype = query["QuestionType"]
    fields: dict[str, Any] = {
        "question": str(query["Question"]),
        "qtype": qtype,
        "subtype": str(query["SubQType"]),
        "file_name": str(query["FileName"]),
        "table_format": fmt,
        "table_path": str(table_path(root, str(query["FileName"]), fmt, swap)),
    }
    if qtype == "Visualization":
        fields["chart_type"] = chart_type(query)
        fields["xlsx_path"] = str(xlsx_path(root, str(query["FileName"])))
        fields["files"] = {"table.xlsx": fields["xlsx_path"]}  # what the chart program finds in its folder
        fields["reference_code"] = str(query["FinalAnswer"])
    return Example(
        id=str(query["id"]),
        gold=gold,
        fields=fields,
        meta={
            "qtype": qtype,
            "subtype": str(query["SubQType"]) or "unknown",
            "structure": str(query.get("CompStrucCata") or "unknown"),
            "source": str(query.get("Source") or "unknown"),
            "table_format": fmt,  # in every sample record and in results' breakdown: what the model saw
        },
        split=split,
    )


def needed_files(example: Example) -> list[Path]:
    files = [Path(example.fields["table_path"])]
    if "xlsx_path" in example.fields:
        files.append(Path(example.fields["xlsx_path"]))
    return files


def iter_examples(root: Path, split: str, fmt: str, *, skip_missing_tables: bool,
                  references: dict[str, str | None] | None, sc_table: str) -> Iterator[Example]:
    """Examples of ``split``: gold is ``FinalAnswer`` (``ProcessedAnswer`` for charts); for Structure
    Comprehending it comes from ``references`` (the model's answers on the original tables) and the table is
    the ``_swap`` one, unless ``sc_table == "original"`` (gold ``None``: the run that produces references)."""
    for query in read_queries(root, split):
        qtype = query["QuestionType"]
        if qtype == "Structure Comprehending":
            if split != "structure":
                continue  # scored in the structure split, against the model's own answers
            swap = sc_table == "swap"
            gold = None
            if swap:
                assert references is not None
                key = str(query["id"])
                if key not in references:
                    raise DataError(f"sc_reference has no answer for question id {key!r} ({QA_FILES[split]})")
                gold = references[key] or ""
        else:
            swap = False
            gold = str(query["ProcessedAnswer"] if qtype == "Visualization" else query["FinalAnswer"])
        example = build_example(root, query, split, fmt, swap=swap, gold=gold)
        missing = [p for p in needed_files(example) if not p.is_file()]
        if missing:
            if skip_missing_tables:
                continue
            raise DataError(f"{missing[0]}: missing table for question id {example.id} "
                            f"({QA_FILES[split]}, FileName {query['FileName']!r})")
        yield example
