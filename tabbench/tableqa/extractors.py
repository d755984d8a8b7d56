"""The table-QA answers as named extractors: what the table benchmarks record and their rewards score.

Public API (``tabbench.tableqa.extractors``; stable, plugins use it):

- ``is_pot(example, extraction)`` and ``is_chart(example)``: whether reading the answer runs a program.
- ``TableAnswer``: a text question's answer (``text``) and how it was found (``details``: a PoT program's
  ``ecr`` and ``error``).
- ``ChartAnswer``: a chart question's program (``text``) and its sandboxed ``run`` (``ChartRun``).
- ``extract_answer(example, completion, extraction=..., pot_timeout_s=...)``: a completion's answer as the
  table-QA rewards read it (a PoT program is run in the sandbox).
- ``text_extractor(extraction, pot_timeout_s)``: ``extract_answer`` as a named extractor.
- ``chart_answer(example, code, ...)`` and ``chart_extractor(code_extraction, timeout_s, official_figure_state)``:
  a chart program run in the sandbox, and that as a named extractor.

The host computes each extractor once per sample, and the key of a PoT answer depends only on the program's
time limit, so a TableBench PoT sample's program runs once in the sandbox for the benchmark's record and
all its metrics (EM, EM within 2/5/10%, ROUGE-L, the official mix, Parse@1, PoT ECR); a chart program runs
once for chart Pass@1, chart ECR, Parse@1 and the mix.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from tabbench.contract.extract import Extractor
from tabbench.contract.types import Example
from tabbench.tableqa.answers import (
    extract_after_last_marker,
    extract_final_answer,
    extract_plot_span,
    extract_python_code,
)
from tabbench.tableqa.execution import ChartRun, run_chart, run_pot, table_files

EXTRACTIONS = ("tablebench", "realhitbench", "raw")
CODE_EXTRACTIONS = ("tablebench", "realhitbench")


@dataclass(frozen=True)
class TableAnswer:
    """A text question's answer (``None`` when there is none) and how it was found."""

    text: str | None
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ChartAnswer:
    """A chart question's program (``text``; ``None`` when none was found) and its run (``None`` then too)."""

    text: str | None
    run: ChartRun | None = None


def is_pot(example: Example, extraction: str = "tablebench") -> bool:
    """Whether ``extraction`` reads ``example``'s answer by running its program (a TableBench PoT text question)."""
    return (extraction == "tablebench" and example.fields.get("instruction_type") == "PoT"
            and not example.fields.get("chart_type"))


def is_chart(example: Example) -> bool:
    """Whether ``example`` is a chart question (its answer is a program run in the sandbox)."""
    return bool(example.fields.get("chart_type"))


def extract_answer(example: Example, completion: str, *, extraction: str = "tablebench",
                   pot_timeout_s: float = 15.0) -> tuple[str | None, dict[str, Any]]:
    """The answer in ``completion`` and how it was found (``details``); ``None`` when there is none.

    ``tablebench``: the first ``Final Answer:`` line, or, for a PoT text question, what the completion's last
    python block prints when run in the sandbox; ``realhitbench``: the text after the last ``[Final Answer]:``;
    ``raw``: the whole completion, stripped.
    """
    if extraction not in EXTRACTIONS:
        raise ValueError(f"unknown extraction {extraction!r} (choose from {', '.join(EXTRACTIONS)})")
    if is_pot(example, extraction):
        code = extract_python_code(completion)
        if code is None:
            return None, {"ecr": False, "error": "no ```python block"}
        run = run_pot(code, table_files(example.fields), timeout_s=pot_timeout_s)
        details: dict[str, Any] = {"ecr": run.ecr}
        if run.stdout:  # what the program printed, for the viewer (the record limits cut it)
            details["stdout"] = run.stdout
        if run.error:
            details["error"] = run.error[:500]
        return run.answer, details
    if extraction == "tablebench":
        return extract_final_answer(completion), {}
    if extraction == "realhitbench":
        return extract_after_last_marker(completion), {}
    return (completion.strip() if isinstance(completion, str) else None), {}


class _TextExtractor(Extractor):
    """``extract_answer`` with fixed options; a PoT answer's key names only the program's time limit."""

    def __init__(self, extraction: str, pot_timeout_s: float) -> None:
        super().__init__(f"tableqa:{extraction}", partial(_text, extraction=extraction, pot_timeout_s=pot_timeout_s),
                         runs_code=partial(is_pot, extraction=extraction))
        self.extraction, self.pot_timeout_s = extraction, pot_timeout_s

    def key(self, example: Example) -> Hashable:
        return ("tableqa:pot", self.pot_timeout_s) if is_pot(example, self.extraction) else self.name


def _text(example: Example, completion: str, extraction: str, pot_timeout_s: float) -> TableAnswer:
    text, details = extract_answer(example, completion, extraction=extraction, pot_timeout_s=pot_timeout_s)
    return TableAnswer(text, details)


@cache
def text_extractor(extraction: str = "tablebench", pot_timeout_s: float = 15.0) -> Extractor:
    """The named extractor of ``extract_answer`` (its answer is a ``TableAnswer``)."""
    if extraction not in EXTRACTIONS:
        raise ValueError(f"unknown extraction {extraction!r} (choose from {', '.join(EXTRACTIONS)})")
    return _TextExtractor(extraction, float(pot_timeout_s))


def chart_answer(example: Example, code: str | None, *, official_figure_state: bool = False,
                 timeout_s: float = 15.0) -> ChartAnswer:
    """Run chart ``code`` for ``example`` (its ``chart_type`` and table files) in the sandbox; no code, no run.
    Not a chart question: no run either."""
    if code is None or not is_chart(example):
        return ChartAnswer(code)
    run = run_chart(code, str(example.fields["chart_type"]), table_files(example.fields),
                    official_figure_state=official_figure_state, timeout_s=timeout_s)
    return ChartAnswer(code, run)


_CODE: dict[str, Callable[[str], str | None]] = {"tablebench": extract_python_code, "realhitbench": extract_plot_span}


def _chart(example: Example, completion: str, code_extraction: str, official_figure_state: bool,
           timeout_s: float) -> ChartAnswer:
    code = _CODE[code_extraction](completion)
    return chart_answer(example, code, official_figure_state=official_figure_state, timeout_s=timeout_s)


@cache
def chart_extractor(code_extraction: str = "tablebench", timeout_s: float = 15.0,
                    official_figure_state: bool = False) -> Extractor:
    """The chart program of a completion (TableBench: the last python block; RealHiTBench: the last
    ``import pandas ... plt.show()`` span), run in the sandbox: a ``ChartAnswer``."""
    if code_extraction not in CODE_EXTRACTIONS:
        raise ValueError(f"code_extraction must be one of {', '.join(CODE_EXTRACTIONS)}")
    name = f"tableqa-chart:{code_extraction}:{float(timeout_s)}:{'official' if official_figure_state else 'fresh'}"
    return Extractor(name, partial(_chart, code_extraction=code_extraction,
                                   official_figure_state=bool(official_figure_state), timeout_s=float(timeout_s)),
                     runs_code=is_chart)
