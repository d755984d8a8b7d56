"""TableBench read from its official on-disk format: ``TableBench_{DP,TCoT,SCoT,PoT}.jsonl`` or any JSONL of
dataset rows (such as the official inference-results files, which add ``model_name`` and ``prediction``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from tabbench import (
    Benchmark,
    DataError,
    Example,
    Extractor,
    Message,
    MetricSpec,
    Option,
    PerExample,
    first_jsonl_object,
    read_jsonl,
    read_jsonl_predictions,
)
from tabbench.tableqa.extractors import chart_extractor, text_extractor

INSTRUCTION_TYPES = ("DP", "TCoT", "SCoT", "PoT")
QTYPES = ("FactChecking", "NumericalReasoning", "DataAnalysis", "Visualization")
EM10_SUBTYPES = frozenset({"CorrelationAnalysis", "TrendForecasting", "StatisticalAnalysis"})
REQUIRED = ("id", "qtype", "qsubtype", "table", "question", "answer", "instruction")


def official_metric(qtype: str, qsubtype: str) -> str:
    """The metric the official tables report for a subtype: ``em``, ``em_within_10``, ``rouge_l`` or ``chart_pass``."""
    if qtype == "Visualization":
        return "chart_pass"
    if qtype in ("FactChecking", "NumericalReasoning") or qsubtype == "ImpactAnalysis":
        return "em"
    return "em_within_10" if qsubtype in EM10_SUBTYPES else "rouge_l"


def _answer_extractor(example: Example, timeout: float, official_chart_state: bool) -> Extractor:
    """Chart questions: the chart program (run once, for the chart metrics); PoT: what the program answers (run
    in the sandbox); else the first ``Final Answer:`` line."""
    if example.fields.get("chart_type"):
        return chart_extractor("tablebench", timeout, official_chart_state)
    return text_extractor("tablebench", timeout)


def read_rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The JSON rows of a TableBench JSONL file with their line numbers; a bad row is a DataError naming it."""
    rows = read_jsonl(path, "TableBench rows")
    for number, row in rows:
        missing = [key for key in REQUIRED if key not in row]
        if missing:
            raise DataError(f"{path}:{number}: missing key {missing[0]!r}")
    return rows


def unique_ids(rows: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """Row ids made unique: a repeated id gets ``#2``, ``#3``... (the release repeats one id)."""
    seen: dict[str, int] = {}
    ids = []
    for _, row in rows:
        key = str(row["id"])
        seen[key] = seen.get(key, 0) + 1
        ids.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return ids


class TableBench(Benchmark):
    """TableBench (2025-04-18 release; official evaluation at TableBench/TableBench@6c61a203).

    Data path: the folder of ``TableBench_<TYPE>.jsonl`` files (option ``instruction_type``: DP, TCoT, SCoT or
    PoT; default DP), or one JSONL file of dataset rows (each row's own ``instruction_type`` is used).
    Option ``official_chart_state=true`` reproduces the official figure-state bug in chart scoring.
    """

    name: ClassVar[str] = "tablebench"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "TableBench: fact checking, numerical reasoning, data analysis, charts"
    primary_metric: ClassVar[str] = "rouge_l"
    breakdown_keys: ClassVar[tuple[str, ...]] = ("qtype", "qsubtype", "official_metric")
    splits: ClassVar[tuple[str, ...]] = ("test",)
    default_split: ClassVar[str] = "test"
    data_hint: ClassVar[str] = (
        "download TableBench_{DP,TCoT,SCoT,PoT}.jsonl from the Hugging Face dataset "
        "Multilingual-Multimodal-NLP/TableBench into a folder and pass it with --data (or TABBENCH_DATA_TABLEBENCH)"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (
        MetricSpec("rouge_l", "rouge-l"),
        MetricSpec("em", "exact-match"),
        MetricSpec("em_within_10", "em-within-10"),
        MetricSpec("chart_pass", "chart-pass"),
        MetricSpec("chart_ecr", "chart-ecr"),
        MetricSpec("mix", "tablebench-mix"),
        # shown in the official tables only (official.py aggregates them, it computes nothing itself)
        MetricSpec("em_within_2", "em-within-10", {"error_pct": 2}),
        MetricSpec("em_within_5", "em-within-10", {"error_pct": 5}),
        MetricSpec("parsed", "answer-parsed"),
        MetricSpec("pot_ecr", "pot-ecr"),
    )
    option_defaults: ClassVar[dict[str, Any]] = {
        "instruction_type": Option("DP", str, choices=INSTRUCTION_TYPES), "official_chart_state": False,
        "timeout": 15.0,
    }

    def __init__(self, data_path: str | Path | None = None, *, instruction_type: str = "DP",
                 official_chart_state: bool = False, timeout: float = 15.0, **options: Any) -> None:
        super().__init__(data_path, instruction_type=instruction_type, official_chart_state=official_chart_state,
                         timeout=timeout, **options)
        self.instruction_type = instruction_type
        self._cache: list[Example] | None = None
        # the answer its metrics read too (same options as metric_options gives them): extracted once per sample
        self.extractor = PerExample("tablebench", partial(_answer_extractor, timeout=float(timeout),
                                                          official_chart_state=bool(official_chart_state)))

    def data_files(self, split: str | None = None) -> list[Path]:
        assert self.data_path is not None
        if self.data_path.is_dir():
            path = self.data_path / f"TableBench_{self.instruction_type}.jsonl"
            if not path.is_file():
                raise DataError(f"{path}: file not found. {self.data_hint}")
            return [path]
        return [self.data_path]

    def examples(self, split: str | None = None) -> Iterator[Example]:
        self.check_split(split)
        if self._cache is None:
            path = self.data_files()[0]
            rows = read_rows(path)
            examples = []
            for (number, row), key in zip(rows, unique_ids(rows), strict=True):
                examples.append(self._example(path, number, row, key))
            self._cache = examples
        yield from self._cache

    def _example(self, path: Path, number: int, row: dict[str, Any], key: str) -> Example:
        table = row["table"]
        if isinstance(table, str):
            try:
                table = json.loads(table)
            except json.JSONDecodeError as exc:
                raise DataError(f"{path}:{number}: 'table' is not valid JSON ({exc.msg})") from exc
        if not isinstance(table, dict) or not isinstance(table.get("columns"), list) or not isinstance(
            table.get("data"), list
        ):
            raise DataError(f"{path}:{number}: 'table' must have a 'columns' list and a 'data' list")
        instruction_type = str(row.get("instruction_type") or self.instruction_type)
        if instruction_type not in INSTRUCTION_TYPES:
            raise DataError(f"{path}:{number}: unknown instruction_type {instruction_type!r}")
        qtype, qsubtype = str(row["qtype"]), str(row["qsubtype"])
        fields: dict[str, Any] = {
            "question": row["question"], "table": table, "instruction": row["instruction"],
            "instruction_type": instruction_type, "qtype": qtype, "qsubtype": qsubtype, "source_id": str(row["id"]),
        }
        if qtype == "Visualization":
            if not row.get("chart_type"):
                raise DataError(f"{path}:{number}: Visualization row without 'chart_type'")
            fields["chart_type"] = str(row["chart_type"])
        meta = {"qtype": qtype, "qsubtype": qsubtype, "official_metric": official_metric(qtype, qsubtype),
                "instruction_type": instruction_type}
        return Example(id=key, gold=str(row["answer"]), fields=fields, meta=meta, split="test")

    def prompt(self, example: Example) -> list[Message]:
        """The dataset's own ``instruction`` (task, format rules and the table), as the official inference."""
        return [{"role": "user", "content": example.fields["instruction"]}]

    @classmethod
    def metric_options(cls, spec: MetricSpec, options: Mapping[str, Any]) -> dict[str, Any]:
        """``timeout`` limits PoT programs (``pot_timeout_s``) and chart programs (``timeout_s``);
        ``official_chart_state`` is the chart rewards' ``official_figure_state``."""
        timeout = float(options["timeout"])
        return {"pot_timeout_s": timeout, "timeout_s": timeout,
                "official_figure_state": bool(options["official_chart_state"])}

    def gold_completion(self, example: Example) -> str:
        """A completion that answers with the reference: a ``Final Answer:`` line, a program printing it, or a
        chart program plotting the reference values."""
        if example.fields.get("chart_type"):
            return f"```python\n{gold_chart_code(example)}```"
        if example.fields.get("instruction_type") == "PoT":
            return f"```python\nprint({('Final Answer: ' + str(example.gold))!r})\n```"
        return f"Final Answer: {example.gold}"

    def read_predictions(self, path: Path, split: str | None = None) -> dict[str, list[str]]:
        """TableBench inference results (dataset rows plus ``prediction``, a string or a list of samples),
        else the generic ``{"id", "completion"}`` JSONL. Repeated ids are numbered like ``examples``."""
        first = first_jsonl_object(Path(path))
        if first is None or "prediction" not in first:  # read_jsonl_predictions names an unreadable file or line
            return read_jsonl_predictions(path)
        rows = read_rows(Path(path))
        predictions: dict[str, list[str]] = {}
        for (number, row), key in zip(rows, unique_ids(rows), strict=True):
            value = row.get("prediction")
            samples = value if isinstance(value, list) else [value]
            if not samples or not all(isinstance(s, str) for s in samples):
                raise DataError(f"{path}:{number}: 'prediction' must be a string or a list of strings")
            predictions[key] = list(samples)
        return predictions


def gold_chart_code(example: Example) -> str:
    """Matplotlib code that draws the reference y-values as the example's chart type (the gold backend)."""
    from tabbench.tableqa.execution import normalize_chart_type, parse_references

    series = parse_references(str(example.gold))
    series = [list(s) if isinstance(s, list | tuple) else [s] for s in series]
    kind = normalize_chart_type(str(example.fields["chart_type"]))
    literal = repr(series).replace("nan", "float('nan')")  # the references may hold np.nan
    lines = ["import matplotlib.pyplot as plt", f"series = {literal}", "fig, ax = plt.subplots()"]
    if kind in ("bar", "waterfall"):
        lines.append("ax.bar(range(sum(len(s) for s in series)), [v for s in series for v in s])")
    elif kind == "hbar":
        lines.append("ax.barh(range(sum(len(s) for s in series)), [v for s in series for v in s])")
    elif kind == "pie":
        lines.append("ax.pie([v for s in series for v in s])")
    elif kind == "line":
        lines.append("for s in series:\n    ax.plot(range(len(s)), s)")
    elif kind == "radar":
        lines.append("for s in series:\n    ax.plot(range(len(s) + 1), s + s[:1])")
    elif kind == "scatter":
        lines.append("for s in series:\n    ax.scatter(range(len(s)), s)")
    else:  # area: one polygon per series whose non-zero vertex heights are the values
        lines.append("from matplotlib.collections import PolyCollection\n"
                     "for s in series:\n"
                     "    ax.add_collection(PolyCollection([[(i, v) for i, v in enumerate(s)]], closed=False))")
    lines.append("plt.show()")
    return "\n".join(lines) + "\n"
