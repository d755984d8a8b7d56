"""``tablebench-mix``: the official per-subtype metric choice as one reward, so its mean is the official mix.

Per sample it returns the value of the reward the official tables use for the example's subtype (EM for fact
checking, numerical reasoning and impact analysis; EM within 10% for correlation, trend and statistical
analysis; ROUGE-L for the other data analysis; chart Pass@1 for charts). It delegates to those registered
rewards, reading the answer their extractors find (extracted once per sample by the host, shared with them),
so nothing is computed twice: the mean over a qtype is the official per-type number with a plain
ROUGE-L mean and Pass@1 on the same 0-1 scale as the others (see the README for the official quirks).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabbench import Example, Extractor, PerExample, Reward, Score, get_reward
from tabbench_tablebench.benchmark import official_metric

_DELEGATES = {"em": "exact-match", "em_within_10": "em-within-10", "rouge_l": "rouge-l", "chart_pass": "chart-pass"}
_CHART_OPTIONS = ("official_figure_state", "timeout_s")
_TEXT_OPTIONS = ("pot_timeout_s",)


class TableBenchMix(Reward):
    """The official per-subtype metric of TableBench, sample by sample."""

    name: ClassVar[str] = "tablebench-mix"
    version: ClassVar[str] = "1"
    description: ClassVar[str] = "TableBench's per-subtype metric (EM / EM within 10% / ROUGE-L / chart Pass@1)"
    option_defaults: ClassVar[dict[str, Any]] = {"official_figure_state": False, "timeout_s": 15.0,
                                                 "pot_timeout_s": 15.0}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # checked against option_defaults
        chart = {k: v for k, v in options.items() if k in _CHART_OPTIONS}
        text = {k: v for k, v in options.items() if k in _TEXT_OPTIONS}
        self.delegates = {
            metric: get_reward(reward, **(chart if metric == "chart_pass" else text))
            for metric, reward in _DELEGATES.items()
        }
        self.extractor = PerExample("tablebench-mix", self._extractor_for)

    def _extractor_for(self, example: Example) -> Extractor | None:
        return self.delegates[_metric(example)].extractor

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        metric = _metric(example)
        inner = self.delegates[metric].score(example, completion, answer)
        return Score(inner.value, inner.status, {**inner.details, "metric": metric}, inner.answer)


def _metric(example: Example) -> str:
    return official_metric(str(example.fields.get("qtype", "")), str(example.fields.get("qsubtype", "")))
