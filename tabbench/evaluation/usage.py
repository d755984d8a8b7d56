"""Tokens and cost of a run: each benchmark's totals and the run's in ``results.json``, and the run's budget.

Totals are sums over the sample records (``SampleRecord.usage``, what the backend counted), so a resumed, merged or
rescored run has the totals of the records it holds. Cost is the run's price (``tabbench.evaluation.prices``)
applied to those totals; without a price there is none. A budget (``RunBudget``: ``--token-budget``,
``--cost-budget``) is checked between batches (``Spending``): the batch in flight is finished and recorded, then
the run stops, and ``results.json`` says why under ``stopped``; ``--resume`` with a larger budget goes on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabbench.contract.errors import UsageError
from tabbench.contract.types import SampleRecord, Status
from tabbench.contract.usage import Usage
from tabbench.evaluation.prices import Price

#: ``results.json``'s ``stopped.reason``: what stopped the run before it finished.
TOKEN_BUDGET, COST_BUDGET, UNCOUNTED = "token_budget", "cost_budget", "uncounted"


@dataclass(frozen=True)
class RunBudget:
    """What a whole run may spend: ``tokens`` (prompt and completion tokens of its records, ``--token-budget``) and
    ``cost`` (their cost at the run's price, ``--cost-budget``); ``None``: no limit."""

    tokens: int | None = None
    cost: float | None = None

    def __post_init__(self) -> None:
        if self.tokens is not None and (isinstance(self.tokens, bool) or not isinstance(self.tokens, int)
                                        or self.tokens < 1):
            raise UsageError(f"--token-budget {self.tokens!r}: expected a whole number of tokens >= 1")
        if self.cost is not None and (isinstance(self.cost, bool) or not isinstance(self.cost, int | float)
                                      or not math.isfinite(self.cost) or self.cost <= 0):
            raise UsageError(f"--cost-budget {self.cost!r}: expected an amount > 0")

    def __bool__(self) -> bool:
        return self.tokens is not None or self.cost is not None

    def to_json(self) -> dict[str, Any]:
        return {"tokens": self.tokens, "cost": self.cost}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunBudget:
        unknown = sorted(set(data) - {"tokens", "cost"})
        if unknown:
            raise KeyError(unknown[0])
        return cls(data.get("tokens"), data.get("cost"))


def recorded_price(results: Mapping[str, Any]) -> Price | None:
    """The price a run's ``results.json`` costed its tokens at (``usage.price``), for a merge of its shards; ``None``
    when it has none or one that does not read."""
    usage = results.get("usage")
    try:
        return Price.from_json(usage["price"]) if isinstance(usage, dict) and "price" in usage else None
    except (KeyError, TypeError, ValueError):
        return None


def record_usage(record: SampleRecord) -> Usage | None:
    """The tokens a record says its sample spent (``None``: not counted)."""
    return None if not record.usage else Usage.from_json(record.usage)


def usage_totals(records: Iterable[SampleRecord], price: Price | None) -> dict[str, Any] | None:
    """A benchmark's ``usage`` in ``results.json``: the records' prompt, completion and (where any counted them)
    reasoning tokens, ``samples`` (the records that say what they spent: ``n`` when all do), and ``cost`` at
    ``price``; ``None`` when no record says (a run of the gold or predictions backend, or of tabbench < 0.3)."""
    counted = [u for u in map(record_usage, records) if u is not None]
    if not counted:
        return None
    total = sum(counted, Usage(0, 0, None))
    block: dict[str, Any] = {**total.to_json(), "samples": len(counted)}
    if price is not None:
        block["cost"] = price.cost(total)
    return block


def run_totals(blocks: Iterable[Mapping[str, Any] | None], price: Price | None) -> dict[str, Any] | None:
    """The run's ``usage`` in ``results.json``: its benchmarks' ``usage`` summed, with the ``price`` it was costed
    at; ``None`` when no benchmark has one."""
    found = [b for b in blocks if b]
    if not found:
        return None
    total = sum((Usage.from_json(b) for b in found), Usage(0, 0, None))
    block: dict[str, Any] = {**total.to_json(), "samples": sum(int(b["samples"]) for b in found)}
    if price is not None:
        block["cost"] = price.cost(total)
        block["price"] = price.to_json()
    return block


class Spending:
    """What a run (a vote run: its greedy half too) has spent against its ``budget``, record by record: the records
    already in its folders when it starts (``--resume``) and each one it writes."""

    def __init__(self, budget: RunBudget, price: Price | None) -> None:
        if budget.cost is not None and price is None:
            raise UsageError("--cost-budget needs the model's price (no price table names it)")
        self.budget, self.price = budget, price
        self.usage = Usage(0, 0, None)
        self.uncounted: str | None = None

    def add(self, records: Sequence[SampleRecord], backend: str) -> None:
        """Count ``records``; one that generated but does not say what it spent makes the budget uncountable."""
        for record in records:
            usage = record_usage(record)
            if usage is not None:
                self.usage = self.usage + usage
            elif record.completions and record.status != Status.PROMPT_TOO_LONG and self.uncounted is None:
                self.uncounted = (f"model backend {backend!r} did not say what sample {record.id!r} spent, so the "
                                  "run's budget cannot be kept: run it without --token-budget/--cost-budget")

    @property
    def cost(self) -> float | None:
        return None if self.price is None else self.price.cost(self.usage)

    def exhausted(self) -> str | None:
        """Why the run must stop now (``TOKEN_BUDGET``, ``COST_BUDGET``, ``UNCOUNTED``), or ``None``."""
        if self.uncounted is not None:
            return UNCOUNTED
        if self.budget.tokens is not None and self.usage.total >= self.budget.tokens:
            return TOKEN_BUDGET
        if self.budget.cost is not None and (self.cost or 0.0) >= self.budget.cost:
            return COST_BUDGET
        return None

    def stopped(self, left: Mapping[str, int]) -> dict[str, Any]:
        """``results.json``'s ``stopped``: why, the budget, what was spent, the examples left per benchmark, and a
        message that says how to go on."""
        reason = self.exhausted()
        spent: dict[str, Any] = {"tokens": self.usage.total, "cost": self.cost}
        remaining = sum(left.values())
        if reason == UNCOUNTED:
            message = str(self.uncounted)
        else:
            what = (f"token budget of {self.budget.tokens:,} tokens ({self.usage.total:,} spent)"
                    if reason == TOKEN_BUDGET else f"cost budget of {self.budget.cost:g} ({self.cost:.6g} spent)")
            option = "--token-budget" if reason == TOKEN_BUDGET else "--cost-budget"
            message = (f"stopped: the run's {what} is used up with {remaining:,} example(s) left; the records so far "
                       f"are kept: run the same command with --resume and a larger {option} to go on")
        return {"reason": reason, "message": message, "budget": self.budget.to_json(), "spent": spent,
                "left": dict(left)}
