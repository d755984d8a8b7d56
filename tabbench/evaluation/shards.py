"""Which examples one shard of a run covers (``--shard K/N``).

An example belongs to shard ``sha256(benchmark NUL example id) mod N``: the assignment depends only on the
benchmark's name, the example's id and ``N``, never on the order of the data, on the other examples or on which
``N`` an earlier run used. Every sample of one example (``--samples``, votes) is generated from one request, so
it stays in that example's shard. Shards are disjoint and together cover the run; ``--limit`` cuts the
benchmark's examples first and shards the cut, so N shards of ``--limit 100`` cover the same 100 examples as
one run does.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tabbench.contract.errors import UsageError
from tabbench.contract.types import Example

T = TypeVar("T", bound=Example)
_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


def shard_of(benchmark: str, example_id: str, count: int) -> int:
    """The shard (0 to ``count - 1``) that example ``example_id`` of ``benchmark`` belongs to."""
    digest = hashlib.sha256(f"{benchmark}\0{example_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


@dataclass(frozen=True, order=True)
class Shard:
    """Shard ``index`` of ``count`` (``--shard K/N`` with ``0 <= K < N``)."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise UsageError(f"--shard {self}: N must be at least 1")
        if not 0 <= self.index < self.count:
            raise UsageError(f"--shard {self}: K must be between 0 and N-1 ({self.count - 1})")

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"K/N"`` as a ``Shard``; anything else is a ``UsageError`` (exit 2) naming the value."""
        match = _SPEC.fullmatch(text)
        if match is None:
            raise UsageError(f"--shard {text!r}: expected K/N with whole numbers, 0 <= K < N (e.g. 0/4)")
        return cls(int(match[1]), int(match[2]))

    def holds(self, benchmark: str, example_id: str) -> bool:
        return shard_of(benchmark, example_id, self.count) == self.index

    def select(self, benchmark: str, examples: Sequence[T]) -> list[T]:
        """This shard's examples of ``examples``, in their order."""
        return [e for e in examples if self.holds(benchmark, e.id)]

    def to_json(self) -> dict[str, int]:
        return {"index": self.index, "count": self.count}


def all_shards(count: int) -> Iterable[Shard]:
    """Shards ``0/count`` to ``count-1/count``."""
    return (Shard(k, count) for k in range(count))
