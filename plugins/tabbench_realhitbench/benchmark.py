"""The ``realhitbench`` benchmark: question answering over real-world hierarchical tables (RealHiTBench)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, ConfigError, DataError, Example, Message, MetricSpec, Option, read_jsonl_predictions
from tabbench_realhitbench.answers import extract_answer
from tabbench_realhitbench.data import (
    QA_FILES,
    TABLE_FORMATS,
    find_root,
    iter_examples,
    read_queries,
    table_path,
    xlsx_path,
)
from tabbench_realhitbench.rewards import FINAL_ANSWER, OFFICIAL_TEXT

ROLE = (
    "You are an expert in table analysis. Read the table carefully: it may have multi-level row and column "
    "headers, nested sub-tables and summary cells (total, all, average, ...) that can save you work. Find the "
    "header rows and columns relevant to the question, pick the cells, then compute, compare, rank or count "
    "as the question requires."
)
TEXT_OUTPUT = (
    "End with one line in exactly this format: [Final Answer]: {fmt}\n"
    "Each AnswerName is a number or an entity name, as short as possible, without explanation; answer Yes or "
    "No to a yes/no question; give decimals with two places."
)
FORMATS = {
    "Exploratory Analysis": "CorrelationRelation, CorrelationCoefficient",
    "Summary Analysis": "TableSummary",
    "Anomaly Analysis": "Conclusion",
}
DA_NOTES = {
    "Exploratory Analysis": (
        "CorrelationRelation is one of: No correlation (|r| < 0.3), Weak positive correlation (0.3 to 0.7), "
        "Weak negative correlation (-0.7 to -0.3), Strong positive correlation (0.7 to 1), Strong negative "
        "correlation (-1 to -0.7); CorrelationCoefficient has two decimals. For impact analysis answer with an "
        "entity or No clear impact / Positive impact / Negative impact; for causal analysis with a short "
        "explanation."
    ),
    "Summary Analysis": "TableSummary is a concise summary of the table: what it covers, its main columns and "
                        "the basic insights.",
    "Anomaly Analysis": "Conclusion is a concise statement of the anomalies in the table.",
    "Predictive Analysis": "An AnswerName may also be a trend: No clear trend, Increasing trend or Decreasing trend.",
}
CHART_OUTPUT = (
    "Answer with Python code that draws the chart, in this format:\n[Final Answer]: import pandas as pd\n"
    "import matplotlib.pyplot as plt\n...\nplt.show()\n"
    "The code must start with those two imports, read the table with pd.read_excel('table.xlsx'), run "
    "without errors, order the x-axis ascending, and end with plt.show(). No explanation."
)
SC_TABLES = ("swap", "original")


@lru_cache(maxsize=64)
def _read_text(path: str) -> str:
    """A table file's text: UTF-8, else GB18030 (one released LaTeX table is GBK-encoded), else Latin-1."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise DataError(f"{path}: cannot read table ({exc.strerror})") from exc
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


class RealHiTBenchBenchmark(Benchmark):
    """RealHiTBench (ACL Findings 2025): fact checking, numerical reasoning, data analysis, chart generation and
    structure comprehension over hierarchical tables.

    Options (all recorded with the run): ``table_format`` (``latex`` default, ``html``, ``csv``,
    ``markdown``, ``json``), ``max_table_chars`` (0 = whole table), ``missing_tables`` (``error`` default
    or ``skip``), ``sc_table`` (``swap`` default, ``original``) and ``sc_reference`` (a predictions or
    samples JSONL of the ``structure`` split run with ``sc_table=original``), ``decimals`` (1),
    ``timeout`` (15 s per chart program), ``indentation`` of chart code (``auto``, ``official``, ``keep``), and the
    optional judge: ``judge_backend`` + ``judge_model`` (+ ``judge``, ``judge_options``).
    """

    extractor = FINAL_ANSWER  # the answer after the last [Final Answer]:, shared with the text metrics
    name = "realhitbench"
    version = "1"
    description = "RealHiTBench hierarchical-table QA: EM, ROUGE-L, chart ECR/Pass (sandboxed), optional judge"
    primary_metric = "score"
    breakdown_keys = ("qtype", "subtype", "structure", "table_format")
    splits = ("final", "long", "structure")
    default_split = "final"
    data_hint = (
        "download QA_final.json, QA_long.json, QA_structure.json from https://github.com/cspzyy/RealHiTBench "
        "(data/) and the tables (latex/, html/, csv/, markdown/, json/, tables/*.xlsx) from the Hugging Face "
        "dataset spzy/RealHiTBench into one folder; pass it as --data or TABBENCH_DATA_REALHITBENCH"
    )
    option_defaults: ClassVar[dict[str, Any]] = {
        "table_format": Option("latex", str, choices=TABLE_FORMATS),
        "max_table_chars": Option(0, int, min=0, help="0: no cap"),
        "missing_tables": Option("error", str, choices=("error", "skip")),
        "sc_table": Option("swap", str, choices=SC_TABLES), "sc_reference": None,
        "decimals": Option(OFFICIAL_TEXT["decimals"], int, min=0, max=15, nullable=True), "timeout": 15.0,
        "indentation": "auto",
        "judge": "llm-judge", "judge_backend": None, "judge_model": None, "judge_options": {},
    }

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.table_format = self.options["table_format"]
        self.max_table_chars = int(self.options["max_table_chars"])
        self.skip_missing = self.options["missing_tables"] == "skip"
        self.sc_table = self.options["sc_table"]
        self.sc_reference = options.get("sc_reference")
        self._metric_specs = self._metrics(self.options)

    @property
    def metrics(self) -> tuple[MetricSpec, ...]:  # type: ignore[override]
        """The metrics depend on the options (a judge metric only with a judge), so they are computed."""
        return self._metric_specs

    @classmethod
    def metric_options(cls, spec: MetricSpec, options: Mapping[str, Any]) -> dict[str, Any]:
        """Nothing more: ``metrics`` already builds each reward's options from the benchmark's."""
        return {}

    @staticmethod
    def _metrics(options: dict[str, Any]) -> tuple[MetricSpec, ...]:
        text = {**OFFICIAL_TEXT, **{k: options[k] for k in ("decimals",) if k in options}}
        chart = {k: options[k] for k in ("timeout", "indentation") if k in options}
        specs = [
            MetricSpec("score", "realhitbench-score", {"decimals": text["decimals"], **chart}),
            MetricSpec("em", "exact-match", {**text, "match": "string"}),
            MetricSpec("f1", "realhitbench-f1", {"decimals": text["decimals"]}),
            MetricSpec("rouge_l", "rouge-l", dict(text)),
            MetricSpec("ecr", "realhitbench-chart", {"measure": "ecr", **chart}),
            MetricSpec("pass", "realhitbench-chart", {"measure": "pass", **chart}),
        ]
        backend, model = options.get("judge_backend"), options.get("judge_model")
        if backend or model:
            if not (backend and model):
                raise ConfigError("realhitbench: the judge needs both judge_backend and judge_model")
            specs.append(MetricSpec("judge", "realhitbench-judge", {
                "judge": options.get("judge", "llm-judge"), "judge_backend": backend, "judge_model": model,
                "judge_options": dict(options.get("judge_options") or {}),
            }))
        return tuple(specs)

    # --- data ---------------------------------------------------------------------------------------------

    @property
    def root(self) -> Path:
        assert self.data_path is not None
        return find_root(self.data_path)

    def _references(self, split: str) -> dict[str, str | None] | None:
        if split != "structure" or self.sc_table != "swap":
            return None
        if not self.sc_reference:
            raise ConfigError(
                "realhitbench split 'structure' scores the model's answers on the _swap tables against its own "
                "answers on the original tables: first run it with -o sc_table=original, then pass that run's "
                "samples/realhitbench.jsonl (or a predictions JSONL) as -o sc_reference=PATH"
            )
        completions = read_jsonl_predictions(Path(self.sc_reference))
        return {key: extract_answer(values[0]) if values else None for key, values in completions.items()}

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        yield from iter_examples(self.root, split, self.table_format, skip_missing_tables=self.skip_missing,
                                 references=self._references(split), sc_table=self.sc_table)

    def data_files(self, split: str | None = None) -> list[Path]:
        """The QA file and every table file the split's questions read (their hashes go into the results)."""
        split = self.check_split(split)
        tables: set[Path] = set()
        for query in read_queries(self.root, split):
            if query["QuestionType"] == "Structure Comprehending" and split != "structure":
                continue
            swap = query["QuestionType"] == "Structure Comprehending" and self.sc_table == "swap"
            tables.add(table_path(self.root, str(query["FileName"]), self.table_format, swap))
            if query["QuestionType"] == "Visualization":
                tables.add(xlsx_path(self.root, str(query["FileName"])))
        return [self.root / QA_FILES[split], *sorted(p for p in tables if p.is_file())]

    # --- prompts and answers ------------------------------------------------------------------------------

    def table_text(self, example: Example) -> str:
        text = _read_text(example.fields["table_path"])
        if self.max_table_chars and len(text) > self.max_table_chars:
            cut = text[: self.max_table_chars]
            text = f"{cut[: cut.rfind(chr(10)) + 1] or cut}... (table cut to {self.max_table_chars} characters)"
        return text

    def prompt(self, example: Example) -> list[Message]:
        f = example.fields
        if f["qtype"] == "Visualization":
            output = CHART_OUTPUT
        else:
            output = TEXT_OUTPUT.format(fmt=FORMATS.get(f["subtype"], "AnswerName1, AnswerName2..."))
            note = DA_NOTES.get(f["subtype"]) if f["qtype"] == "Data Analysis" else None
            if note:
                output = f"{output}\n{note}"
        user = (
            f"Here is a table in {f['table_format']} format:\n{self.table_text(example)}\n\n"
            f"Question: {f['question']}\n\n{output}"
        )
        return [{"role": "system", "content": f"{ROLE}\n\n{output}"}, {"role": "user", "content": user}]

    def gold_completion(self, example: Example) -> str:
        if example.fields["qtype"] == "Visualization":
            return f"[Final Answer]: {example.fields['reference_code']}"
        return f"[Final Answer]: {example.gold or ''}"

    def read_predictions(self, path: Path, split: str | None = None) -> dict[str, list[str]]:
        """The official result CSV (``Id, QuestionType, Model_Answer, ...``; the answer after ``[Final Answer]:``
        is re-wrapped so extraction reads it back) or JSONL ``{"id", "completion"}``."""
        path = Path(path)
        try:
            head = path.read_text(encoding="utf-8-sig")[:4096]
        except OSError as exc:
            raise DataError(f"{path}: cannot read predictions ({exc.strerror})") from exc
        except UnicodeDecodeError as exc:
            raise DataError(f"{path}: predictions are not UTF-8 text (byte offset {exc.start})") from None
        first = next((line for line in head.splitlines() if line.strip()), "")
        if first.lstrip().startswith("{"):
            return read_jsonl_predictions(path)
        return read_official_csv(path)


def read_official_csv(path: Path) -> dict[str, list[str]]:
    csv.field_size_limit(1 << 30)
    predictions: dict[str, list[str]] = {}
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        columns = reader.fieldnames or []
        if "Id" not in columns or "Model_Answer" not in columns:
            raise DataError(f"{path}:1: expected the official result CSV header (Id, QuestionType, Model_Answer, "
                            f"...) or JSONL {json.dumps({'id': '...', 'completion': '...'})}")
        for number, row in enumerate(reader, 2):
            key = (row.get("Id") or "").strip()
            if not key:
                raise DataError(f"{path}:{number}: empty Id")
            if key in predictions:
                raise DataError(f"{path}:{number}: duplicate Id {key!r}")
            answer = row.get("Model_Answer") or ""
            predictions[key] = [f"[Final Answer]: {answer}"]
    return predictions
