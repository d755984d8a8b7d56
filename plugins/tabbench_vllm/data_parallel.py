"""``data_parallel_size=D``: D vLLM engines, one per Ray actor, each generating its share of every batch.

As lm-eval does for vLLM, each replica is a Ray actor holding its own engine (``tensor_parallel_size`` GPUs
each); unlike a script that hands every actor the full prompt list (D-fold work, no error), each actor gets
only its share: prompts ``k, k+D, k+2D, ...`` of the batch, interleaved so long and short prompts spread evenly,
and the completions are put back in the batch's order. The share depends on the position in the batch only,
and a prompt's sampling seed on its text only (``request_seed``), so what is generated does not depend on D
where vLLM's generation is batch-invariant (``batch_invariant=true``); the run's records are identical for any
D. Ray is imported only here (extra ``ray``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from tabbench import BackendError, Generation, GenerationParams, Message

T = TypeVar("T")


def partition(count: int, size: int) -> list[list[int]]:
    """The positions ``0..count-1`` each of ``size`` replicas generates: replica ``k`` gets ``k, k+size, ...``."""
    return [list(range(k, count, size)) for k in range(size)]


def restore(parts: Sequence[Sequence[int]], outputs: Sequence[Sequence[T]], count: int) -> list[T]:
    """The replicas' ``outputs`` (one list per part, in the part's order) back in the order of the batch;
    a replica that returned a different number of outputs than it was given positions is an error."""
    placed: list[Any] = [None] * count
    for k, (positions, got) in enumerate(zip(parts, outputs, strict=True)):
        if len(got) != len(positions):
            raise BackendError(f"vllm data parallel: replica {k} returned {len(got)} outputs for "
                               f"{len(positions)} prompts")
        for position, output in zip(positions, got, strict=True):
            placed[position] = output
    return placed


class DataParallel:
    """``size`` copies of ``replica`` (a ``tabbench_vllm.backend.Replica``) as Ray actors with the GPUs it needs
    (``replica.gpus``); joins the Ray cluster this process belongs to, or starts a local one."""

    def __init__(self, replica: Any, size: int) -> None:
        try:
            import ray
        except ImportError as exc:
            raise BackendError(f"vllm: data_parallel_size > 1 runs one engine per Ray actor, and Ray is not "
                               f"installed ({exc.name or exc}): pip install 'tabbench[ray]'") from None
        if not ray.is_initialized():
            ray.init(include_dashboard=False, logging_level="ERROR", configure_logging=False)
        actor = ray.remote(num_gpus=replica.gpus)(_Actor)
        self._ray = ray
        self.actors = [actor.remote(replica) for _ in range(size)]

    def generations(self, conversations: Sequence[list[Message]], params: GenerationParams,
                    tools: Sequence[list[dict[str, Any]] | None] | None = None) -> list[Generation]:
        parts = partition(len(conversations), len(self.actors))
        refs = [actor.generations.remote([conversations[i] for i in part], params,
                                      None if tools is None else [tools[i] for i in part])
                for actor, part in zip(self.actors, parts, strict=True) if part]
        outputs = self._ray.get(refs)
        used = [part for part in parts if part]
        return restore(used, outputs, len(conversations))

    def close(self) -> None:
        for actor in self.actors:
            self._ray.kill(actor)
        self.actors = []


class _Actor:
    """A Ray actor around one replica: its engine starts in the actor's process, on its first batch."""

    def __init__(self, replica: Any) -> None:
        self.replica = replica

    def generations(self, conversations: Sequence[list[Message]], params: GenerationParams,
                    tools: Sequence[list[dict[str, Any]] | None] | None) -> list[Generation]:
        return self.replica.generations(conversations, params, tools)
