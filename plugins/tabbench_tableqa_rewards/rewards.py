"""The table-QA reward plugins: exact match, EM within a tolerance, ROUGE-L, chart pass and chart ECR.

Each reward declares the named extractor it scores (``tabbench.tableqa.extractors``: the final answer, a
PoT program's output, a chart program's run), which the host computes once per sample and shares between
rewards, and scores it with the helpers of ``tabbench.tableqa.answers``. Examples carry what the rewards need in
``fields`` (the conventions other table benchmarks follow):

- ``instruction_type``: ``"PoT"`` makes the text rewards run the completion's last python block in the
  sandbox (with ``table.csv``) and score what it prints, as TableBench's parser does.
- ``chart_type``: set on chart questions only. Text rewards do not apply to chart questions and chart rewards
  do not apply to others: such a score has value ``None`` (excluded from means) and a not-applicable status.
- ``table`` (TableBench ``{columns, data}``) and/or ``files`` (``{name: path}``): the program's files.

Options shared by the text rewards: ``extraction`` (``"tablebench"``: first ``Final Answer:`` line;
``"realhitbench"``: after the last ``[Final Answer]:``; ``"raw"``: the whole completion), ``normalize``
(SQuAD normalisation of both sides, default true as officially), ``decimals`` (round decimals first, as
RealHiTBench does with 1), ``empty_prediction`` (what an empty answer becomes, RealHiTBench uses ``"#"``),
``pot_timeout_s``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from tabbench import Example, Extractor, PerExample, Reward, Score, Status
from tabbench.tableqa import answers
from tabbench.tableqa.extractors import (
    ChartAnswer,
    TableAnswer,
    chart_extractor,
    is_chart,
    is_pot,
    text_extractor,
)

#: The declared choices (the host checks them, ``tabbench.contract.options``): answer extraction rules and
#: where a chart program is found.
Extraction = Literal["tablebench", "realhitbench", "raw"]
CodeExtraction = Literal["tablebench", "realhitbench"]


def _not_applicable(why: str) -> Score:
    return Score(None, Status.NOT_APPLICABLE, {"not_applicable": why})


def _graded(value: float, details: dict[str, Any]) -> Score:
    status = Status.MATCH if value >= 1.0 else Status.MISMATCH if value <= 0.0 else Status.PARTIAL
    return Score(float(value), status, details)


class _TextReward(Reward):
    """Shared option handling and extraction for the text rewards; subclasses implement ``compare``."""

    def __init__(self, *, extraction: Extraction = "tablebench", normalize: bool = True, decimals: int | None = None,
                 empty_prediction: str | None = None, pot_timeout_s: float = 15.0, **options: Any) -> None:
        super().__init__(extraction=extraction, normalize=normalize, decimals=decimals,
                         empty_prediction=empty_prediction, pot_timeout_s=pot_timeout_s, **options)
        self.extraction, self.normalize, self.decimals = extraction, normalize, decimals
        self.empty_prediction, self.pot_timeout_s = empty_prediction, pot_timeout_s
        self.extractor = text_extractor(extraction, pot_timeout_s)

    def compare(self, gold: str, pred: str) -> float:
        raise NotImplementedError

    def score(self, example: Example, completion: str, answer: TableAnswer | None) -> Score:
        if is_chart(example):
            return _not_applicable("chart question: scored by chart-pass / chart-ecr")
        if example.gold is None:
            return _not_applicable("no reference answer")
        answer, details = (answer.text, answer.details) if answer is not None else (None, {})
        if answer is not None and not answer.strip() and self.empty_prediction is not None:
            answer = self.empty_prediction
        if answer is None:
            return Score(0.0, Status.PARSE_FAIL, {**details, "answer": None})
        gold = answers.prepare(str(example.gold), normalize=self.normalize, decimals=self.decimals)
        pred = answers.prepare(answer, normalize=self.normalize, decimals=self.decimals)
        return _graded(self.compare(gold, pred), {**details, "answer": answer, "pred": pred, "gold": gold})


class ExactMatch(_TextReward):
    """Exact match after TableBench's normalisation; ``match="tablebench"`` (default) uses TableBench's
    per-item numeric rounding (``compute_em``), ``match="string"`` plain equality (HF ``exact_match``)."""

    name: ClassVar[str] = "exact-match"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "exact match of the final answer (TableBench normalisation and numeric rules)"

    def __init__(self, *, match: Literal["tablebench", "string"] = "tablebench", **options: Any) -> None:
        super().__init__(match=match, **options)
        self.match = match

    def compare(self, gold: str, pred: str) -> float:
        if self.match == "string":
            return 1.0 if gold == pred else 0.0
        return answers.em_score(gold, pred)


class EmWithinTolerance(_TextReward):
    """Exact match with a relative tolerance on numbers (TableBench ``EM_with_error_10`` by default)."""

    name: ClassVar[str] = "em-within-10"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "exact match with numbers within 10% (TableBench EM_with_error_10)"

    def __init__(self, *, error_pct: float = 10, **options: Any) -> None:
        super().__init__(error_pct=error_pct, **options)
        self.error_pct = float(error_pct)

    def compare(self, gold: str, pred: str) -> float:
        return answers.em_tolerance_score(gold, pred, self.error_pct)


class RougeL(_TextReward):
    """ROUGE-L F1 of the normalised answer against the reference (rouge-score, deterministic per sample)."""

    name: ClassVar[str] = "rouge-l"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "ROUGE-L F1 of the final answer (rouge-score, TableBench normalisation)"

    def compare(self, gold: str, pred: str) -> float:
        return answers.rouge_l_f1(gold, pred)


class _ChartReward(Reward):
    """Score the completion's chart program, run once per sample in the sandbox by the host's chart extractor
    (``code_extraction``: TableBench's last python block or RealHiTBench's pandas...plt.show() span), so pass,
    ECR and Parse@1 share one run. Another reward may hand over a ``ChartAnswer`` of its own as the answer."""

    def __init__(self, *, official_figure_state: bool = False, code_extraction: CodeExtraction = "tablebench",
                 timeout_s: float = 15.0, **options: Any) -> None:
        super().__init__(official_figure_state=official_figure_state, code_extraction=code_extraction,
                         timeout_s=timeout_s, **options)
        self.official_figure_state, self.code_extraction = official_figure_state, code_extraction
        self.timeout_s = timeout_s
        self.extractor = chart_extractor(code_extraction, timeout_s, official_figure_state)

    def run(self, example: Example, answer: ChartAnswer | None) -> tuple[Any, dict[str, Any]] | Score:
        if not is_chart(example):
            return _not_applicable("not a chart question")
        if answer is None or answer.text is None or answer.run is None:
            return Score(0.0, Status.PARSE_FAIL, {"error": "no chart code found"})
        run = answer.run
        details: dict[str, Any] = {"ecr": run.ecr}
        if run.error:
            details["error"] = run.error[:500]
        return run, details


class ChartPass(_ChartReward):
    """TableBench Pass@1 for one chart: the plotted y-values equal the references (sorted, 2 places)."""

    name: ClassVar[str] = "chart-pass"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "chart code runs in the sandbox and plots the reference y-values (Pass@1)"

    def score(self, example: Example, completion: str, answer: ChartAnswer | None) -> Score:
        from tabbench.tableqa.execution import chart_matches, parse_references

        if not is_chart(example):
            return _not_applicable("not a chart question")
        try:
            references = parse_references(str(example.gold))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
            return Score(None, Status.GOLD_ERROR, {"error": f"unreadable chart reference: {exc}"})
        outcome = self.run(example, answer)
        if isinstance(outcome, Score):
            return outcome
        run, details = outcome
        if run.values is None:
            status = Status.TIMEOUT if run.error == "timeout" else Status.EXEC_ERROR
            return Score(0.0, status, details)
        try:
            passed = chart_matches(references, run.values, str(example.fields["chart_type"]))
        except (TypeError, ValueError, ZeroDivisionError, ArithmeticError) as exc:
            passed, details["error"] = False, f"comparison failed: {type(exc).__name__}: {exc}"
        details["values"] = run.values[:200]
        return Score(1.0 if passed else 0.0, Status.MATCH if passed else Status.MISMATCH, details)


class ChartEcr(_ChartReward):
    """Execution-correct rate for one chart: the code ran without an exception or timeout (ECR@1)."""

    name: ClassVar[str] = "chart-ecr"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "chart code runs without error in the sandbox (ECR@1)"

    def score(self, example: Example, completion: str, answer: ChartAnswer | None) -> Score:
        outcome = self.run(example, answer)
        if isinstance(outcome, Score):
            return outcome
        run, details = outcome
        if run.ecr:
            return Score(1.0, Status.MATCH, details)
        return Score(0.0, Status.TIMEOUT if run.error == "timeout" else Status.EXEC_ERROR, details)


class AnswerParsed(Reward):
    """TableBench Parse@1 for one sample: an answer was extracted (text questions) or the chart check reached a
    verdict (chart questions: pass or fail, as the official parser counts it). Value 1, or 0 with the status of
    the failure, so a table's Parse@1 is the mean of this reward like every other number."""

    name: ClassVar[str] = "answer-parsed"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "an answer was extracted, or the chart check reached a verdict (Parse@1)"

    def __init__(self, *, extraction: Extraction = "tablebench", pot_timeout_s: float = 15.0,
                 official_figure_state: bool = False, code_extraction: CodeExtraction = "tablebench",
                 timeout_s: float = 15.0, **options: Any) -> None:
        super().__init__(extraction=extraction, pot_timeout_s=pot_timeout_s,
                         official_figure_state=official_figure_state, code_extraction=code_extraction,
                         timeout_s=timeout_s, **options)
        self.extraction, self.pot_timeout_s = extraction, pot_timeout_s
        self.chart = ChartPass(official_figure_state=official_figure_state, code_extraction=code_extraction,
                               timeout_s=timeout_s)
        self.text = text_extractor(extraction, pot_timeout_s)
        self.extractor = PerExample(f"answer-parsed:{extraction}", self._extractor_for)

    def _extractor_for(self, example: Example) -> Extractor:
        return self.chart.extractor if is_chart(example) else self.text

    def score(self, example: Example, completion: str, answer: TableAnswer | ChartAnswer | None) -> Score:
        if is_chart(example):
            verdict = self.chart.score(example, completion, answer if isinstance(answer, ChartAnswer) else None)
            if verdict.status in (Status.MATCH, Status.MISMATCH):
                return Score(1.0, Status.MATCH, {"chart_status": str(verdict.status)})
            status = Status.PARSE_FAIL if verdict.status.not_applicable else verdict.status
            return Score(0.0, status, {"chart_status": str(verdict.status)})
        answer, details = (answer.text, answer.details) if isinstance(answer, TableAnswer) else (None, {})
        if answer in (None, ""):
            return Score(0.0, Status.PARSE_FAIL, {**details, "answer": answer})
        return Score(1.0, Status.MATCH, {**details, "answer": answer})


class PotEcr(Reward):
    """ECR@1 of a PoT text question: the completion's program ran without an exception or timeout. Not
    applicable to other instruction types and to chart questions (``chart-ecr`` scores those)."""

    name: ClassVar[str] = "pot-ecr"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "a PoT program runs without error in the sandbox (ECR@1 of PoT text questions)"

    def __init__(self, *, pot_timeout_s: float = 15.0, **options: Any) -> None:
        super().__init__(pot_timeout_s=pot_timeout_s, **options)
        self.pot_timeout_s = pot_timeout_s
        self.extractor = text_extractor("tablebench", pot_timeout_s)

    def score(self, example: Example, completion: str, answer: TableAnswer | None) -> Score:
        if is_chart(example):
            return _not_applicable("chart question: scored by chart-ecr")
        if not is_pot(example):
            return _not_applicable("not a PoT question")
        if answers.extract_python_code(completion) is None:
            return Score(0.0, Status.PARSE_FAIL, {"ecr": False, "error": "no ```python block"})
        details = answer.details if answer is not None else {"ecr": False, "error": "the program did not run"}
        if details.get("ecr"):
            return Score(1.0, Status.MATCH, details)
        status = Status.TIMEOUT if details.get("error") == "timeout" else Status.EXEC_ERROR
        return Score(0.0, status, details)
