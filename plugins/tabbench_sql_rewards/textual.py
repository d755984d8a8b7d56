"""The sparks paper's text rewards (arXiv 2505.00016): string match, component F1, orthographic distance.

None of them executes SQL. Each compares the predicted SQL (the completion's last ```sql block: the host's
SQL extractor in ``block`` mode, by default) with the reference SQL text.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench import ConfigError, Option, Prediction, Score, Status
from tabbench_sql_rewards.base import SqlReward, extract_option, gold_sql, no_gold_score, no_sql_score
from tabbench_sql_rewards.sqltext import COMPONENTS, components, edit_distance, render, set_f1, tokens


class StringMatchReward(SqlReward):
    """``difflib.SequenceMatcher(None, pred, gold).ratio()``: 2M/(|pred|+|gold|), M from longest contiguous matches.

    As in the paper, the prediction is re-rendered by sqlglot and the gold is compared raw
    (``normalize="pred"``); ``normalize="both"`` renders both, ``"none"`` neither.
    """

    name = "string-match"
    version = "1"
    description = "sparks paper: difflib longest-contiguous-match ratio of predicted and gold SQL, in [0, 1]"
    option_defaults: ClassVar[dict[str, Any]] = {"normalize": Option("pred", str, choices=("pred", "both", "none")),
                                                 "autojunk": True, "dialect": "sqlite",
                                                 "extract": extract_option("block")}

    def score_one(self, prediction: Prediction) -> Score:
        pair = self.gold_and_answer(prediction)
        if isinstance(pair, Score):
            return pair
        gold, pred = pair
        dialect, mode = self.opt("dialect"), self.opt("normalize")
        left = render(pred, dialect) if mode in ("pred", "both") else pred
        right = render(gold, dialect) if mode == "both" else gold
        ratio = difflib.SequenceMatcher(None, left, right, autojunk=bool(self.opt("autojunk"))).ratio()
        return Score(ratio, Status.MATCH if ratio == 1.0 else Status.PARTIAL, {"sql": pred, "compared": left})


class ComponentF1Reward(SqlReward):
    """Mean F1 over the query components either query has (SELECT, FROM, JOIN, WHERE, GROUP BY, HAVING,
    ORDER BY, LIMIT, DISTINCT, aggregates, functions, set operations, subqueries), from sqlglot's tree.

    Components present in neither query are left out of the mean; present in one only, they score 0.
    """

    name = "component-f1"
    version = "1"
    description = "sparks paper: mean F1 over SQL components (SELECT, WHERE, GROUP BY, ...) from sqlglot, in [0, 1]"
    option_defaults: ClassVar[dict[str, Any]] = {"dialect": "sqlite", "extract": extract_option("block"),
                                                 "components": list(COMPONENTS)}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        unknown = set(self.opt("components")) - set(COMPONENTS)
        if unknown:
            raise ConfigError(f"reward 'component-f1': unknown components {sorted(unknown)} (known: {COMPONENTS})")

    def score_one(self, prediction: Prediction) -> Score:
        gold = gold_sql(prediction.example)
        if gold is None:
            return no_gold_score()
        gold_parts = components(gold, self.opt("dialect"))
        if gold_parts is None:
            return Score(None, Status.GOLD_ERROR, {"error": "the reference SQL does not parse"})
        pred = prediction.answer
        if pred is None:
            return no_sql_score()
        pred_parts = components(pred, self.opt("dialect"))
        if pred_parts is None:
            return Score(0.0, Status.PARSE_FAIL, {"sql": pred, "error": "the predicted SQL does not parse"})
        per = {
            key: set_f1(pred_parts[key], gold_parts[key])
            for key in self.opt("components")
            if pred_parts[key] or gold_parts[key]
        }
        value = sum(per.values()) / len(per) if per else 1.0
        return Score(value, Status.MATCH if value == 1.0 else Status.PARTIAL, {"sql": pred, "components": per})


class OrthographicReward(SqlReward):
    """``1 / (x + 1)``, x = the number of changes that turn the prediction into the gold.

    ``counter="tokens"`` (default): x is the token-level edit distance over sqlglot tokens (deterministic).
    ``counter="judge"``: x is counted by an LLM judge with the paper's instruction (``judge_backend``,
    ``judge_model``, ``judge_options``); a verdict without a usable number is ``judge_error`` (value 0).
    """

    name = "orthographic"
    version = "1"
    description = "sparks paper: 1/(x+1), x = token edit distance to the gold (or changes counted by an LLM judge)"
    option_defaults: ClassVar[dict[str, Any]] = {"counter": Option("tokens", str, choices=("tokens", "judge")),
                                                 "dialect": "sqlite", "extract": extract_option("block"),
                                                 "judge_backend": None, "judge_model": None, "judge_options": {},
                                                 "judge_max_new_tokens": 256, "judge_temperature": 0.0}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._judge = None
        if self.opt("counter") == "judge":
            from tabbench_sql_rewards.judge import JudgeClient

            self._judge = JudgeClient.from_options(self.name, self.options)

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        if self._judge is None:
            return super().score_batch(items)
        from tabbench_sql_rewards.judge import score_groups

        return score_groups(self, items, self._judge, kind="changes")

    def score_one(self, prediction: Prediction) -> Score:
        pair = self.gold_and_answer(prediction)
        if isinstance(pair, Score):
            return pair
        gold, pred = pair
        x = edit_distance(tokens(pred, self.opt("dialect")), tokens(gold, self.opt("dialect")))
        return Score(1.0 / (x + 1), Status.MATCH if x == 0 else Status.PARTIAL, {"sql": pred, "changes": x})
