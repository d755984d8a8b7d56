"""InfiAgent-DABench (Hu et al., ICML 2024): 257 closed-form data-analysis questions over 52 CSV files, each
answered as ``@name[value]`` sub-answers, scored like the official ``eval_closed_form.py``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from tabbench import (
    Benchmark,
    DataError,
    Example,
    Message,
    MetricSpec,
    Option,
    first_jsonl_object,
    read_jsonl_predictions,
)
from tabbench_dabench.answers import gold_response
from tabbench_dabench.data import LABELS, QUESTIONS, TABLES, read_dataset, read_responses
from tabbench_dabench.program import response_extractor
from tabbench_dabench.rewards import RESPONSE_MODES

POT_SYSTEM = (
    "You are a data analyst. Answer the question with one Python program in a ```python code block. The CSV "
    "file is in the working directory under its own name; pandas, numpy and the standard library are available. "
    "The program must print every answer in exactly the requested format, @answer_name[value], one per line."
)
RESPONSE_SYSTEM = (
    "You are a data analyst. Work out the answer to the question about the CSV file, then end your reply with "
    "every answer in exactly the requested format, @answer_name[value], one per line."
)


class DABench(Benchmark):
    """InfiAgent-DABench's public validation set (``da-dev-*``), single-turn program-of-thought by default.

    Options: ``mode`` (``pot``: the completion's last python block runs in the sandbox and its output is the
    response; ``response``: the completion is the response, for ``--env python`` agents and official response
    files), ``strict`` (count a missing or empty response wrong instead of leaving it out, as upstream does),
    ``timeout`` (seconds per program), ``memory_mb``.
    """

    name = "dabench"
    version = "1"
    description = "InfiAgent-DABench: closed-form data analysis over CSV files (@name[value] answers)"
    primary_metric = "accuracy_by_question"
    metrics: ClassVar[tuple[MetricSpec, ...]] = (
        MetricSpec("accuracy_by_question", "dabench-all"),
        MetricSpec("accuracy_proportional", "dabench-proportional"),
    )
    breakdown_keys = ("level", "concept_count")
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {"level": ("easy", "medium", "hard"),
                                                             "concept_count": ("1", "2", "3", "4")}
    data_hint = ("clone https://github.com/InfiAgent/InfiAgent and pass examples/DA-Agent/data/ (the folder holding "
                 f"{QUESTIONS}, {LABELS} and {TABLES}/)")
    option_defaults: ClassVar[dict[str, Any]] = {
        "mode": Option("pot", choices=RESPONSE_MODES, help="pot: run the completion's program; response: as is"),
        "strict": Option(False, type=bool, help="count a missing or empty response wrong instead of excluding it"),
        "timeout": Option(60.0, type=float, min=0, min_exclusive=True, help="seconds a program may run"),
        "memory_mb": Option(2048, type=int, min=64, help="a program's address-space limit"),
    }

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self._examples: list[Example] | None = None
        self.extractor = response_extractor(str(self.options["mode"]), float(self.options["timeout"]),
                                            int(self.options["memory_mb"]))  # the one its rewards declare

    def data_files(self, split: str | None = None) -> list[Path]:
        self.check_split(split)
        assert self.data_path is not None
        tables = sorted({Path(e.fields["table_path"]) for e in self.examples()})
        return [self.data_path / QUESTIONS, self.data_path / LABELS, *tables]

    def examples(self, split: str | None = None) -> Iterator[Example]:
        self.check_split(split)
        if self._examples is None:
            assert self.data_path is not None
            self._examples = [self._example(q, labels) for q, labels in read_dataset(self.data_path)]
        yield from self._examples

    def _example(self, question: dict[str, Any], labels: list[list[str]]) -> Example:
        assert self.data_path is not None
        concepts = [str(c) for c in question.get("concepts") or []]
        return Example(
            id=str(question["id"]),
            gold=gold_response(labels),
            fields={
                "question": question["question"], "constraints": question["constraints"],
                "format": question["format"], "file_name": question["file_name"],
                "table_path": str(self.data_path / TABLES / question["file_name"]),
                "answers": labels, "concepts": concepts,
            },
            meta={"level": str(question.get("level", "unknown")), "concepts": json.dumps(concepts),
                  "concept_count": str(len(concepts))},
        )

    def prompt(self, example: Example) -> list[Message]:
        f = example.fields
        system = POT_SYSTEM if self.options["mode"] == "pot" else RESPONSE_SYSTEM
        user = (f"File: {f['file_name']}\n\nQuestion: {f['question']}\n\nConstraints: {f['constraints']}\n\n"
                f"Answer format: {f['format']}")
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def gold_completion(self, example: Example) -> str:
        return example.gold or ""

    def read_predictions(self, path: Path, split: str | None = None) -> dict[str, list[str]]:
        """The official responses JSONL ``{"id", "response"}`` (a question without a line gets an empty
        response, excluded from the scores as upstream) or JSONL ``{"id", "completion"}``."""
        path = Path(path)
        ids = [e.id for e in self.examples(split)]
        if not _official_format(path):
            return read_jsonl_predictions(path)
        responses = read_responses(path)
        unknown = sorted(set(responses) - set(ids))
        if unknown:
            raise DataError(f"{path}: {len(unknown)} responses match no question (first id: {unknown[0]!r})")
        return {i: [responses.get(i, "")] for i in ids}


def _official_format(path: Path) -> bool:
    """True when the first object line has a ``response`` key (the official format), not ``completion``."""
    row = first_jsonl_object(path)
    return row is not None and "response" in row and "completion" not in row
