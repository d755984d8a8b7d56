"""What a request spent: its prompt, completion and reasoning tokens, as a backend counts them.

A backend attaches a ``Usage`` to each ``Generation`` it makes (``ModelBackend.generations``) and to each turn of a
multi-turn rollout (``generate_turns``: the reply's ``usage`` key); ``tabbench eval`` keeps it in the sample record
(``usage``), sums it per benchmark and per run in ``results.json``, prices it with the run's price table and stops
a run whose budget it has spent (``tabbench.evaluation.usage``). Who counts: a server's own ``usage`` answer (the
``openai`` backend), the model's tokenizer (``hf``, ``vllm``); backends without a model (``gold``, ``predictions``)
spend nothing and attach none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"


@dataclass(frozen=True)
class Usage:
    """Tokens one request spent. ``prompt_tokens``: the prompt as the model read it (after ``truncate_prompts``
    cut it; every request's, when a server was asked several times for ``n`` samples); ``completion_tokens``: every
    completion's generated tokens (the end-of-sequence token included where the model produced one), reasoning
    included; ``reasoning_tokens``: the part of those spent reasoning, where it is known (a server's
    ``completion_tokens_details.reasoning_tokens``; a local model's ``<think>`` text, counted by its tokenizer),
    else ``None``."""

    prompt_tokens: int
    completion_tokens: int
    reasoning_tokens: int | None = None

    @property
    def total(self) -> int:
        """Prompt and completion tokens together: what a token budget counts."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        reasoning = None if self.reasoning_tokens is None and other.reasoning_tokens is None else (
            (self.reasoning_tokens or 0) + (other.reasoning_tokens or 0))
        return Usage(self.prompt_tokens + other.prompt_tokens, self.completion_tokens + other.completion_tokens,
                     reasoning)

    def to_json(self) -> dict[str, int]:
        """The record's ``usage``: ``reasoning_tokens`` only where known."""
        data = {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens}
        if self.reasoning_tokens is not None:
            data["reasoning_tokens"] = self.reasoning_tokens
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Usage:
        """A ``usage`` as ``to_json`` wrote it; a count that is not a whole number >= 0 is a ``ValueError``."""
        reasoning = data.get("reasoning_tokens")
        return cls(_count(data["prompt_tokens"]), _count(data["completion_tokens"]),
                   None if reasoning is None else _count(reasoning))


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"not a token count: {value!r}")
    return value


def total_usage(usages: Iterable[Usage | None]) -> Usage | None:
    """The sum of ``usages`` (a rollout's turns, a server's several requests); ``None`` when one is unknown: a
    partial count would pass for the whole."""
    found = list(usages)
    if not found or any(u is None for u in found):
        return None
    total = found[0]
    for usage in found[1:]:
        total = total + usage  # type: ignore[operator]
    return total


def reasoning_text(completion: str) -> str | None:
    """The reasoning a completion holds, as reasoning models write it: everything up to the last ``</think>``
    (chat templates often open ``<think>`` in the prompt), else from an unclosed ``<think>`` to the end (cut by
    ``max_new_tokens``); ``None`` without either tag."""
    close = completion.rfind(THINK_CLOSE)
    if close >= 0:
        return completion[: close + len(THINK_CLOSE)]
    start = completion.find(THINK_OPEN)
    return completion[start:] if start >= 0 else None


def counted_usage(prompt_tokens: int, completion_tokens: Sequence[int], completions: Sequence[str],
                  count: Callable[[str], int]) -> Usage:
    """A local model's ``Usage``: the prompt's token count, every completion's generated tokens, and the tokens of
    their reasoning text (``reasoning_text``, counted by ``count``: the model's tokenizer), ``None`` when no
    completion reasons."""
    reasoning = [text for text in map(reasoning_text, completions) if text is not None]
    return Usage(prompt_tokens, sum(completion_tokens), sum(map(count, reasoning)) if reasoning else None)


def finish_reason(reason: str | None, prompt_tokens: int, completion_tokens: int, context: int | None,
                  max_new_tokens: int) -> str | None:
    """An engine's finish reason in the record's words: ``length`` is ``context`` when the completion stopped
    because the model's context was full, before ``max_new_tokens`` (the prompt and what was generated fill it);
    others (``stop``, ``length`` at ``max_new_tokens``) as the engine said."""
    if (reason == "length" and context is not None and completion_tokens < max_new_tokens
            and prompt_tokens + completion_tokens >= context):
        return "context"
    return reason
