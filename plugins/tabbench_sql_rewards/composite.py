"""Weighted sums of registered rewards, and a TableGPT-R1-style hybrid of rule checks and a judge."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench import (
    ConfigError,
    Example,
    Extractor,
    Option,
    Prediction,
    Reward,
    Score,
    Status,
    TabbenchError,
    score_batch,
)
from tabbench_sql_rewards.base import SqlReward

#: Named component lists: (reward name, weight, options).
PRESETS: dict[str, list[tuple[str, float, dict[str, Any]]]] = {
    # The sparks paper's four rewards (string match, component match, orthographic changes, class judge),
    # equally weighted. Needs judge_backend/judge_model in ``shared``.
    "sparks-best4": [("string-match", 0.25, {}), ("component-f1", 0.25, {}), ("orthographic", 0.25, {}),
                     ("llm-judge-classes", 0.25, {})],
    # The combination and weights in the paper's GRPO.py: LLM change counter 0.3, class judge 0.4, string 0.3.
    "sparks-grpo": [("orthographic", 0.3, {"counter": "judge"}), ("llm-judge-classes", 0.4, {}),
                    ("string-match", 0.3, {})],
    # The judge-free part of the sparks rewards, equally weighted: runs anywhere, deterministic.
    "sparks-text": [("string-match", 1 / 3, {}), ("component-f1", 1 / 3, {}), ("orthographic", 1 / 3, {})],
}


def _own_defaults(name: str) -> dict[str, Any]:
    """The declared options of one of this package's rewards (empty for other plugins' rewards)."""
    import importlib

    from tabbench_sql_rewards import REWARDS

    if name not in REWARDS:
        return {}
    module, _, attr = REWARDS[name][0].partition(":")
    cls = getattr(importlib.import_module(f"tabbench_sql_rewards.{module}"), attr)
    return dict(getattr(cls, "option_defaults", {}))


class CompositeReward(SqlReward):
    """``sum_k weight_k * value_k`` over the components that apply (a component whose gold failed is left
    out, as TRL's ``nansum`` does); ``None`` only when none applies. ``normalize=True`` divides by the sum
    of the applicable weights.

    ``rewards``: ``{"name": weight}`` or ``[{"name", "weight", "options"}]``; or ``preset`` (see
    ``PRESETS``). ``shared``: options given to every component that declares them (``judge_backend`` ...).
    """

    name = "composite"
    version = "1"
    description = "weighted sum of named rewards (presets: sparks-best4, sparks-grpo, sparks-text)"
    option_defaults: ClassVar[dict[str, Any]] = {
        "rewards": None, "preset": Option(None, str, choices=tuple(PRESETS), nullable=True), "shared": {},
        "normalize": False,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        from tabbench import get_reward

        spec = self._spec()
        self.components: list[tuple[str, float, Reward]] = []
        shared = self.opt("shared") or {}
        for name, weight, opts in spec:
            try:
                declared = _own_defaults(name)
                merged = {k: v for k, v in shared.items() if k in declared} | dict(opts)
                self.components.append((name, float(weight), get_reward(name, **merged)))
            except TabbenchError as exc:
                raise ConfigError(f"reward 'composite': component {name!r}: {exc}") from exc

    def _spec(self) -> list[tuple[str, float, dict[str, Any]]]:
        preset, rewards = self.opt("preset"), self.opt("rewards")
        if (preset is None) == (rewards is None):
            raise ConfigError("reward 'composite': give exactly one of preset=NAME or rewards={name: weight}")
        if preset is not None:
            return PRESETS[preset]
        if isinstance(rewards, dict):
            return [(str(n), float(w), {}) for n, w in rewards.items()]
        if isinstance(rewards, list) and all(isinstance(r, dict) and "name" in r for r in rewards):
            return [(str(r["name"]), float(r.get("weight", 1.0)), dict(r.get("options") or {})) for r in rewards]
        raise ConfigError("reward 'composite': rewards must be {name: weight} or [{name, weight, options}]")

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        per = [score_batch(reward, items) for _, _, reward in self.components]  # never raises; answers shared
        return [self._combine([batch[i] for batch in per]) for i in range(len(items))]

    def _combine(self, scores: list[Score]) -> Score:
        details = {name: s.to_json() for (name, _, _), s in zip(self.components, scores, strict=True)}
        applicable = [(w, s) for (_, w, _), s in zip(self.components, scores, strict=True) if s.value is not None]
        if not applicable:
            return Score(None, scores[0].status, details)
        total = sum(w * float(s.value) for w, s in applicable)  # type: ignore[arg-type]
        if self.opt("normalize"):
            weight = sum(w for w, _ in applicable)
            total = total / weight if weight else 0.0
        statuses = {s.status for _, s in applicable}
        if len(statuses) == 1:
            status = statuses.pop()
        elif statuses <= {Status.MATCH, Status.EMPTY_BOTH}:
            status = Status.MATCH
        else:
            status = Status.PARTIAL
        return Score(total, status, details)


_NUMBER = re.compile(r"^[-+]?[$€£]?\d[\d,]*(\.\d+)?%?$")
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$|^\d{1,2}/\d{1,2}/\d{2,4}$")
_BOOLEAN = {"yes", "no", "true", "false"}


def checkable(answer: str, max_words: int) -> bool:
    """A reference a rule can verify: a number, a date, yes/no, or a short answer (at most ``max_words``)."""
    text = " ".join(answer.strip().split())
    if not text:
        return False
    parts = [p.strip() for p in text.split(",")]
    if all(_NUMBER.match(p) or _DATE.match(p) or p.lower() in _BOOLEAN for p in parts if p):
        return True
    return len(text.split()) <= max_words


class HybridReward(SqlReward):
    """TableGPT-R1 style: verify with a rule where the answer is checkable, ask a judge otherwise.

    Routes, decided per example: ``sql`` (the example has reference SQL and a database: execution match,
    1 or 0, via ``arctic`` with ``executes=0``), ``rule`` (the reference answer is a number, date, yes/no
    or at most ``max_rule_words`` words: the ``rule_reward``, default ``exact-match``), ``judge`` (anything
    else: an LLM judge grades the answer Very bad..Excellent -> 0..1 when ``judge_backend`` is set,
    otherwise the ``fallback_reward``, default ``rouge-l``). ``details.route`` records the route.
    """

    name = "hybrid"
    version = "1"
    description = "TableGPT-R1 style: rule-based verification where the answer is checkable, a judge otherwise"
    option_defaults: ClassVar[dict[str, Any]] = {
        "rule_reward": "exact-match", "rule_options": {}, "fallback_reward": "rouge-l", "fallback_options": {},
        "sql_options": {}, "max_rule_words": 5, "db_field": "db_path", "judge_backend": None,
        "judge_model": None, "judge_options": {}, "judge_max_new_tokens": 512, "judge_temperature": 0.0,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        from tabbench import get_reward
        from tabbench_sql_rewards.execution import ArcticReward

        self.extractor = FINAL_ANSWER  # what the judge route judges; the other routes' rewards read their own

        self._sql = ArcticReward(**{"executes": 0.0, "db_field": self.opt("db_field"), **self.opt("sql_options")})
        self._rule = get_reward(self.opt("rule_reward"), **self.opt("rule_options"))
        self._fallback = get_reward(self.opt("fallback_reward"), **self.opt("fallback_options"))
        self._judge = None
        if self.opt("judge_backend"):
            from tabbench_sql_rewards.judge import JudgeClient

            self._judge = JudgeClient.from_options(self.name, self.options)

    def route(self, example: Example) -> str:
        db = example.fields.get(self.opt("db_field"))
        if example.fields.get("gold_sql") or (db and example.gold and _looks_like_sql(example.gold)):
            return "sql"
        if example.gold is not None and checkable(example.gold, int(self.opt("max_rule_words"))):
            return "rule"
        return "judge"

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        routes = [self.route(item.example) for item in items]
        out: list[Score | None] = [None] * len(items)
        for route in ("sql", "rule", "judge"):
            idx = [i for i, r in enumerate(routes) if r == route]
            if not idx:
                continue
            subset = [items[i] for i in idx]
            try:
                scores = self._score_route(route, subset)
            except Exception as exc:
                scores = [Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"})] * len(idx)
            for i, score in zip(idx, scores, strict=True):
                out[i] = Score(score.value, score.status, {**score.details, "route": route})
        return [s if s is not None else Score(0.0, Status.REWARD_ERROR, {"error": "unscored"}) for s in out]

    def _score_route(self, route: str, items: list[Prediction]) -> list[Score]:
        if route == "sql":
            return score_batch(self._sql, items)
        if route == "rule":
            return score_batch(self._rule, items)
        if self._judge is None:
            return score_batch(self._fallback, items)
        from tabbench_sql_rewards.judge import score_groups

        return score_groups(self, items, self._judge, "answer")


def _looks_like_sql(text: str) -> bool:
    return bool(re.match(r"\s*(SELECT|WITH)\b", text, re.IGNORECASE))


_FINAL = re.compile(r"final answer\s*:\s*(.*)", re.IGNORECASE | re.DOTALL)


def final_answer(completion: str) -> str | None:
    """The answer part of a table-QA completion: after the last ``Final Answer:``, else after the reasoning."""
    from tabbench.sql import strip_think

    text = strip_think(completion)
    matches = list(_FINAL.finditer(text))
    answer = matches[-1].group(1) if matches else text
    answer = answer.strip()
    return answer or None


def _final_answer(example: Example, completion: str) -> str | None:
    return final_answer(completion)


#: ``final_answer`` as a named extractor (the hybrid reward's judge route).
FINAL_ANSWER = Extractor("final-answer:last", _final_answer)
