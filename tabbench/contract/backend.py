"""The base class every model backend plugin subclasses.

A backend turns chat messages into completions. The host builds the messages (``Benchmark.prompt``) and
records their hash, so every backend sees the same prompt; a backend that needs text applies the model's
own chat template. ``fingerprint`` identifies the model for the response cache: a cache written by one
fingerprint is never read for another.

A prompt longer than the model's context leaves room for (with ``max_new_tokens``) is one sample's outcome, not a
failed run: ``ModelBackend.generations`` returns a ``Generation`` per request, and a backend that knows its
context (from the model's config or the server) refuses that request alone (``Status.PROMPT_TOO_LONG``, which the
run records and scores as wrong), or, with ``GenerationParams.truncate_prompts``, cuts the prompt from the left
(``fit_prompt``): the question, at the end of every prompt, is kept, as lm-evaluation-harness does.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from tabbench.contract.errors import BackendError, ConfigError
from tabbench.contract.options import check_options, plugin_options
from tabbench.contract.types import Example, Message, Status
from tabbench.contract.usage import Usage


@dataclass(frozen=True)
class GenerationParams:
    """How to sample. ``n`` completions per prompt; ``temperature == 0`` means greedy. ``truncate_prompts``: a
    prompt too long for the model's context with ``max_new_tokens`` is cut from the left instead of refused."""

    max_new_tokens: int = 256
    temperature: float = 0.0
    top_p: float = 1.0
    n: int = 1
    seed: int = 0
    stop: tuple[str, ...] = field(default_factory=tuple)
    truncate_prompts: bool = False

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.truncate_prompts:  # recorded when on: configurations and caches of earlier runs stay as they were
            del data["truncate_prompts"]
        return data


@dataclass(frozen=True)
class Generation:
    """What a backend made of one request (``ModelBackend.generations``): its ``n`` completions; or none, with
    ``status`` saying why (``Status.PROMPT_TOO_LONG``: the prompt does not fit the model's context with
    ``max_new_tokens``). ``details`` is what the record keeps of it (JSON): ``prompt_tokens``,
    ``context_length``, ``max_new_tokens``, ``truncated_tokens`` (cut from the left by ``truncate_prompts``),
    ``message`` (a server's words), ``finish_reasons`` (one per completion, where the engine says: vllm and openai;
    ``stop``, ``length`` at ``max_new_tokens``, ``context`` when the model's context filled first:
    ``tabbench.contract.usage.finish_reason``); empty when there is nothing to say. ``usage``: the tokens the
    request spent (``Usage``), ``None`` when the backend cannot count them or spent none (a refused request)."""

    completions: list[str]
    status: Status | None = None
    details: dict[str, Any] = field(default_factory=dict)
    usage: Usage | None = None


def fit_prompt(ids: Sequence[int], context: int | None, params: GenerationParams
               ) -> tuple[list[int] | None, dict[str, Any]]:
    """The prompt's token ids as the model gets them, and what the record says of them: ``(ids, {})`` when they
    fit ``context`` (``None``: unknown) with ``params.max_new_tokens``; ``(None, details)`` when they do not (the
    request is refused); with ``params.truncate_prompts``, their last ``context - max_new_tokens`` tokens and
    ``truncated_tokens``, the count cut from the left (the question ends every prompt)."""
    ids = list(ids)
    room = None if context is None else context - params.max_new_tokens
    if room is None or len(ids) <= room:
        return ids, {}
    details = {"prompt_tokens": len(ids), "context_length": context, "max_new_tokens": params.max_new_tokens}
    if not params.truncate_prompts:
        return None, details
    if room < 1:
        raise ConfigError(f"--max-new-tokens {params.max_new_tokens} leaves no room for a prompt in the model's "
                          f"context of {context} tokens: lower it")
    return ids[-room:], {**details, "prompt_tokens": room, "truncated_tokens": len(ids) - room}


def prompt_too_long(details: dict[str, Any]) -> Generation:
    """A refused request: no completion, status ``prompt_too_long``, and what is known of the prompt and context."""
    return Generation([], Status.PROMPT_TOO_LONG, dict(details))


def completions_of(backend: str, requests: Sequence[GenerationRequest], generations: Sequence[Generation]
                   ) -> list[list[str]]:
    """The completions of ``generations`` for ``ModelBackend.generate``, whose callers (a judge, a teacher, a
    trainer's rollouts) have no record to put a refusal in: a refused request is a one-line ``BackendError``
    naming the example and the numbers (``tabbench eval`` records it instead, through ``generations``)."""
    for request, generation in zip(requests, generations, strict=True):
        if generation.status is not None:
            numbers = ", ".join(f"{k} {v}" for k, v in generation.details.items() if k != "message")
            said = generation.details.get("message")
            raise BackendError(f"{backend}: example {request.example.id!r} of {request.benchmark}: {generation.status}"
                               f" ({numbers}){f': {said}' if said else ''}; GenerationParams(truncate_prompts=True) "
                               "cuts such prompts from the left")
    return [list(g.completions) for g in generations]


@dataclass(frozen=True)
class GenerationRequest:
    """One prompt to complete.

    ``example``, ``benchmark`` and ``gold_completion`` let oracle backends (gold, predictions) answer
    without a model; model backends use ``messages`` only.
    """

    messages: list[Message]
    example: Example
    benchmark: str
    gold_completion: str = ""


class ModelBackend(ABC):
    """Subclass, set ``name`` and implement ``generate`` and ``fingerprint``.

    Declare the options (``-m KEY=VALUE``) in ``option_defaults`` (defaults or ``tabbench.Option``s with type,
    range and choices), or as keyword parameters of ``__init__``; the host checks what a user gives against
    the declaration, as it does for every plugin kind (``tabbench.contract.options.plugin_options``).
    """

    name: ClassVar[str]
    description: ClassVar[str] = ""
    cacheable: ClassVar[bool] = True  # False: ``tabbench eval`` neither reads nor writes its response cache
    option_defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, model: str, **options: Any) -> None:
        declaration = plugin_options(type(self), ModelBackend, ("model",))
        self.model = model
        self.options = options if declaration is None else check_options(
            f"model backend {self.name!r}", declaration, options)

    @abstractmethod
    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        """Return ``params.n`` completions for each request, in order."""

    def generations(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[Generation]:
        """One ``Generation`` per request, in order: what ``tabbench eval`` asks for. A backend that can refuse a
        request alone (a prompt too long for its context) overrides this, and its ``generate`` returns
        ``completions_of`` it; by default, ``generate``'s completions, none refused."""
        return [Generation(list(completions)) for completions in self.generate(requests, params)]

    @abstractmethod
    def fingerprint(self) -> dict[str, Any]:
        """What identifies the model's outputs (backend, path, weights hash, dtype, adapter)."""

    def origin(self) -> str | None:
        """The published model this one is or was made from, as a hub id (``org/name``), when the backend can
        tell (a checkpoint's ``config.json``: ``tabbench.checkpoint.hub_id``; a served model's name); ``None``
        by default. Recorded as ``results.json``'s ``model.origin``; ``tabbench export`` takes the model's
        developer from it."""
        return None

    def expect(self, benchmark: str, split: str, ids: Sequence[str], whole_split: bool) -> None:
        """Called before a benchmark's first batch with the ids of every example the run covers (``whole_split``:
        no ``--limit`` cut the split). A backend that answers from a file checks here that the file covers them,
        before anything is recorded; nothing to do by default."""
        return None

    def close(self) -> None:
        """Release the model (GPU memory, server connections); nothing to do by default."""
        return None


def truncate_at_stop(text: str, stop: Sequence[str]) -> str:
    """Cut ``text`` before the earliest stop string, the stop string excluded as OpenAI-compatible servers do.

    For backends whose engine may run past a stop string (batched ``generate``, a server that ignores ``stop``),
    so every backend returns the same completion for ``GenerationParams.stop``.
    """
    cut = min((i for i in (text.find(s) for s in stop if s) if i >= 0), default=-1)
    return text if cut < 0 else text[:cut]
