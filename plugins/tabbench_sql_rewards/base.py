"""Shared plumbing of the SQL rewards: option checking, gold lookup, answer extraction, grouping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tabbench import ConfigError, Example, Reward, Score, Status
from tabbench_sql_rewards.completion import last_sql_block

EXTRACT_MODES = ("block", "auto")


def gold_sql(example: Example) -> str | None:
    """The reference SQL: ``example.gold``, else a ``gold_sql`` field (rows built by other tools)."""
    gold = example.gold if example.gold is not None else example.fields.get("gold_sql")
    return gold if isinstance(gold, str) and gold.strip() else None


def extract_answer_sql(completion: str, mode: str) -> str | None:
    """The SQL a completion answers with.

    ``block``: the last ```sql block, as the seed papers' reward code reads it. ``auto``: the host's
    extractor (``tabbench.sql.extract_sql``: ```sql blocks, ``<answer>`` tags, bare SQL).
    """
    if mode == "block":
        return last_sql_block(completion)
    from tabbench.sql import extract_sql

    try:
        sql = extract_sql(completion)
    except Exception:
        return None
    return sql.strip() if isinstance(sql, str) and sql.strip() else None


def no_gold_score() -> Score:
    return Score(None, Status.GOLD_ERROR, {"error": "the example has no reference SQL"})


def no_sql_score() -> Score:
    return Score(0.0, Status.NO_SQL, {"error": "no SQL in the completion"})


class SqlReward(Reward):
    """A reward with declared, checked options: ``defaults`` lists every option and its default.

    Unknown options are a ``ConfigError`` naming the reward and the option (a typo in a weight must not
    silently train with the default).
    """

    defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """``defaults`` is the reward's ``option_defaults``: the host type-checks options against it."""
        super().__init_subclass__(**kwargs)
        cls.option_defaults = cls.defaults

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise ConfigError(
                f"reward {self.name!r}: unknown option(s) {', '.join(unknown)} "
                f"(known: {', '.join(sorted(self.defaults)) or 'none'})"
            )
        merged = {**self.defaults, **options}
        super().__init__(**merged)
        if "extract" in merged and merged["extract"] not in EXTRACT_MODES:
            raise ConfigError(f"reward {self.name!r}: extract must be one of {', '.join(EXTRACT_MODES)}")

    def opt(self, key: str) -> Any:
        return self.options[key]

    def score(self, example: Example, completion: str) -> Score:
        return self.score_batch([(example, completion)])[0]

    def score_batch(self, items: Sequence[tuple[Example, str]]) -> list[Score]:
        out = []
        for example, completion in items:
            try:
                out.append(self.score_one(example, completion if isinstance(completion, str) else ""))
            except Exception as exc:  # a bug in this plugin: counted, never raised into a trainer
                out.append(Score(0.0, Status.REWARD_ERROR, {"error": f"{type(exc).__name__}: {exc}"}))
        return out

    def score_one(self, example: Example, completion: str) -> Score:
        raise NotImplementedError

    def gold_and_answer(self, example: Example, completion: str) -> tuple[str, str] | Score:
        """(reference SQL, predicted SQL), or the score when the example has no gold or the completion no SQL."""
        gold = gold_sql(example)
        if gold is None:
            return no_gold_score()
        pred = extract_answer_sql(completion, self.opt("extract"))
        if pred is None:
            return no_sql_score()
        return gold, pred


def group_key(example: Example) -> tuple[str, str]:
    """Completions of one prompt share the example id and gold: the unit a group-level judge sees."""
    return (example.id, example.gold or "")
