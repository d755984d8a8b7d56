"""RealHiTBench's metrics as reward plugins, built on the shared table-QA rewards.

EM and ROUGE-L are the shared ``exact-match`` (``match="string"``) and ``rouge-l`` rewards with RealHiTBench's
options (``OFFICIAL_TEXT``: answer after the last ``[Final Answer]:``, decimals rounded to 1 place, empty
answer ``'#'``); this package adds what they lack:

- ``realhitbench-f1``: the official token F1 (``QAMetric``'s ``F1``) after the same preprocessing.
- ``realhitbench-chart``: ``measure=pass`` or ``measure=ecr``; finds the code the official way, rewrites
  workbook paths and fixes indentation (``tabbench_realhitbench.charts``), then hands it to the shared
  ``chart-pass`` / ``chart-ecr`` (sandboxed, cached: one run per sample for all chart metrics).
- ``realhitbench-score``: the per-type official measure as one reward a trainer can optimise: EM for Fact
  Checking, Numerical Reasoning and Structure Comprehending, ROUGE-L for Data Analysis, Pass for charts.
- ``realhitbench-judge``: a judge score of Data Analysis answers, delegated to a judge reward plugin named by
  option ``judge`` (default ``llm-judge``) built with ``judge_backend``, ``judge_model`` and ``judge_options``.

A reward returns a not-applicable score (value ``None``, ``details.not_applicable``) for question types it
does not measure, so each metric's mean covers exactly its types; no answer is ``parse_fail`` with value 0.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

import tabbench
from tabbench import ConfigError, Example, Extractor, Option, PerExample, Reward, Score, Status
from tabbench.tableqa.extractors import ChartAnswer, TableAnswer, chart_answer, is_chart, text_extractor
from tabbench_realhitbench import answers, charts

OFFICIAL_TEXT: dict[str, Any] = {"extraction": "realhitbench", "decimals": 1, "empty_prediction": answers.BLANK}
#: The answer after the last ``[Final Answer]:`` (``answers.extract_answer``): the benchmark's record and what
#: every text metric reads, extracted once per sample.
FINAL_ANSWER = text_extractor("realhitbench")


def _text(answer: Any) -> str | None:
    return answer.text if isinstance(answer, TableAnswer) else None


def _chart(example: Example, completion: str, timeout: float, indentation: str) -> ChartAnswer:
    code = answers.extract_chart_code(completion)
    if code is None:
        return ChartAnswer(None)
    return chart_answer(example, charts.prepare_code(code, indentation=indentation), timeout_s=timeout)


def chart_extractor(timeout: float, indentation: str) -> Extractor:
    """The official chart code (``answers.extract_chart_code``), prepared (``charts.prepare_code``) and run."""
    return Extractor(f"realhitbench-chart:{float(timeout)}:{indentation}",
                     partial(_chart, timeout=float(timeout), indentation=indentation), runs_code=is_chart)


def not_applicable(why: str) -> Score:
    return Score(None, Status.NOT_APPLICABLE, {"not_applicable": why})


class TokenF1(Reward):
    """Official RealHiTBench F1: SQuAD token overlap after 1-decimal rounding and SQuAD normalisation."""

    name = "realhitbench-f1"
    version = "1"
    description = "RealHiTBench token F1 (process_decimal + normalize_answer)"

    def __init__(self, *, decimals: int | None = 1, **options: Any) -> None:
        super().__init__(decimals=decimals, **options)
        self.decimals = None if decimals is None else int(decimals)
        self.extractor = FINAL_ANSWER

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        if example.fields.get("chart_type"):
            return not_applicable("chart question: scored by realhitbench-chart")
        if example.gold is None:
            return not_applicable("no reference answer")
        answer = _text(answer)
        if answer is None:
            return Score(0.0, Status.PARSE_FAIL, {"answer": None})
        value = answers.token_f1(answer, example.gold, self.decimals)
        status = Status.MATCH if value == 1.0 else Status.PARTIAL if value > 0 else Status.MISMATCH
        return Score(value, status, {"answer": answer})


class Chart(Reward):
    """Chart generation: ``measure=pass`` (drawn y-values equal ``ProcessedAnswer``) or ``measure=ecr``.

    Options: ``timeout`` (seconds per run, 15 as officially), ``indentation`` (``auto``, ``official``,
    ``keep``; see ``charts.prepare_code``).
    """

    name = "realhitbench-chart"
    version = "1"
    description = "RealHiTBench chart Pass or ECR: official code extraction, run in the sandbox"

    option_defaults: ClassVar[dict[str, Any]] = {
        "measure": Option("pass", str, choices=("pass", "ecr")), "timeout": 15.0,
        "indentation": Option("auto", str, choices=charts.INDENTATION),
    }

    def __init__(self, *, measure: str = "pass", timeout: float = 15.0, indentation: str = "auto",
                 **options: Any) -> None:
        super().__init__(measure=measure, timeout=timeout, indentation=indentation, **options)
        self.measure, self.indentation = measure, indentation
        shared = "chart-pass" if measure == "pass" else "chart-ecr"
        self.runner = tabbench.get_reward(shared, code_extraction="realhitbench", timeout_s=float(timeout))
        self.extractor = chart_extractor(timeout, indentation)  # pass and ecr share the one run

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        if not example.fields.get("chart_type"):
            return not_applicable("not a chart question")
        if not isinstance(answer, ChartAnswer) or answer.text is None:
            return Score(0.0, Status.PARSE_FAIL, {"error": "no 'import pandas as pd ... plt.show()' code"})
        return self.runner.score(example, completion, answer)


class PerTypeScore(Reward):
    """The official measure of each question type: EM (FC, NR, SC), ROUGE-L (Data Analysis), chart Pass.

    Options: ``decimals`` (1), ``timeout`` and ``indentation`` (charts).
    """

    name = "realhitbench-score"
    version = "1"
    description = "RealHiTBench per-type official measure: EM (FC/NR/SC), ROUGE-L (DA), chart Pass"

    def __init__(self, *, decimals: int | None = 1, timeout: float = 15.0, indentation: str = "auto",
                 **options: Any) -> None:
        super().__init__(decimals=decimals, timeout=timeout, indentation=indentation, **options)
        text = {**OFFICIAL_TEXT, "decimals": decimals}
        self.em = tabbench.get_reward("exact-match", match="string", **text)
        self.rouge = tabbench.get_reward("rouge-l", **text)
        self.chart = Chart(measure="pass", timeout=timeout, indentation=indentation)
        self.extractor = PerExample("realhitbench-score", self._extractor_for)

    def _delegate(self, example: Example) -> Reward:
        if example.fields.get("chart_type"):
            return self.chart
        return self.rouge if example.fields.get("qtype") == "Data Analysis" else self.em

    def _extractor_for(self, example: Example) -> Extractor | None:
        return self._delegate(example).extractor

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        return self._delegate(example).score(example, completion, answer)


class Judge(Reward):
    """A judge score of Data Analysis answers from any judge reward plugin and model backend.

    Options: ``judge`` (reward name, default ``llm-judge``), ``judge_backend`` and ``judge_model`` (the judge's
    model backend and model, passed to the judge reward under those names, the convention of the judge rewards
    in ``tabbench_sql_rewards``), ``judge_options`` (more options for the judge reward). The judge sees the extracted
    answer, as the official GPT-4o judge sees the ``[Final Answer]`` text. The judge reward is built when this
    one is, so a missing judge plugin is a configuration error, never a silent zero.
    """

    name = "realhitbench-judge"
    version = "1"
    description = "RealHiTBench Data Analysis judge score, delegated to a judge reward (e.g. llm-judge)"
    qtypes: ClassVar[tuple[str, ...]] = ("Data Analysis",)

    def __init__(self, *, judge: str = "llm-judge", judge_backend: str | None = None, judge_model: str | None = None,
                 judge_options: dict[str, Any] | None = None, **options: Any) -> None:
        if not judge_backend or not judge_model:
            raise ConfigError("realhitbench-judge needs options judge_backend=<model backend> and judge_model=<model>")
        super().__init__(judge=judge, judge_backend=judge_backend, judge_model=judge_model,
                         judge_options=judge_options or {}, **options)
        self.judge = tabbench.get_reward(judge, judge_backend=judge_backend, judge_model=judge_model,
                                         **(judge_options or {}))
        self.extractor = FINAL_ANSWER

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        if example.fields.get("qtype") not in self.qtypes:
            return not_applicable("the judge scores Data Analysis answers only")
        if example.gold is None:
            return not_applicable("no reference answer")
        text = _text(answer)
        if text is None:
            return Score(0.0, Status.PARSE_FAIL, {"answer": None})
        return tabbench.score_batch(self.judge, [(example, text)])[0]  # the judge reads the extracted answer
