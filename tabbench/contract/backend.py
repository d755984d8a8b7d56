"""The base class every model backend plugin subclasses.

A backend turns chat messages into completions. The host builds the messages (``Benchmark.prompt``) and
records their hash, so every backend sees the same prompt; a backend that needs text applies the model's
own chat template. ``fingerprint`` identifies the model for the response cache: a cache written by one
fingerprint is never read for another.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from tabbench.contract.options import check_options, plugin_options
from tabbench.contract.types import Example, Message


@dataclass(frozen=True)
class GenerationParams:
    """How to sample. ``n`` completions per prompt; ``temperature == 0`` means greedy."""

    max_new_tokens: int = 256
    temperature: float = 0.0
    top_p: float = 1.0
    n: int = 1
    seed: int = 0
    stop: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


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
