"""Shared plumbing of the SQL rewards: option checking, gold lookup, the declared SQL extractor, grouping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabbench import Example, Option, Prediction, Reward, Score, Status
from tabbench.sql import SQL_MODES, sql_extractor


def gold_sql(example: Example) -> str | None:
    """The reference SQL: ``example.gold``, else a ``gold_sql`` field (rows built by other tools)."""
    gold = example.gold if example.gold is not None else example.fields.get("gold_sql")
    return gold if isinstance(gold, str) and gold.strip() else None


def no_gold_score() -> Score:
    return Score(None, Status.GOLD_ERROR, {"error": "the example has no reference SQL"})


def no_sql_score() -> Score:
    return Score(0.0, Status.NO_SQL, {"error": "no SQL in the completion"})


def extract_option(default: str) -> Option:
    """The ``extract`` option: the mode of the host's one SQL extractor (``auto`` or ``block``)."""
    return Option(default, str, choices=SQL_MODES)


class SqlReward(Reward):
    """A reward whose options are all declared in ``option_defaults`` and all recorded: ``self.options`` holds
    every one, its default filled in.

    Unknown options are a ``ConfigError`` naming the reward and the option (a typo in a weight must not
    silently train with the default), and so is a value outside an option's choices. A reward with an
    ``extract`` option (``extract_option``) scores the SQL of the host's one SQL extractor in that mode
    (``tabbench.sql.sql_extractor``), extracted once per sample and shared with every metric that reads it the
    same way.
    """

    def __init__(self, **options: Any) -> None:
        declared = {k: v.default if isinstance(v, Option) else v for k, v in self.option_defaults.items()}
        super().__init__(**{**declared, **options})  # checked against option_defaults
        if "extract" in self.options:
            self.extractor = sql_extractor(self.options["extract"])

    def opt(self, key: str) -> Any:
        return self.options[key]

    def score(self, example: Example, completion: str, answer: Any) -> Score:
        return self.score_batch([Prediction(example, completion, answer)])[0]

    def score_batch(self, items: Sequence[Prediction]) -> list[Score]:
        out = []
        for item in items:
            try:
                out.append(self.score_one(item))
            except Exception as exc:  # a bug in this plugin: counted, never raised into a trainer
                out.append(Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"}))
        return out

    def score_one(self, prediction: Prediction) -> Score:
        raise NotImplementedError

    def gold_and_answer(self, prediction: Prediction) -> tuple[str, str] | Score:
        """(reference SQL, predicted SQL), or the score when the example has no gold or the completion no SQL."""
        gold = gold_sql(prediction.example)
        if gold is None:
            return no_gold_score()
        if prediction.answer is None:
            return no_sql_score()
        return gold, prediction.answer


def group_key(example: Example) -> tuple[str, str]:
    """Completions of one prompt share the example id and gold: the unit a group-level judge sees."""
    return (example.id, example.gold or "")
