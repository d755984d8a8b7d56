"""``--shard K/N`` of ``tabbench eval`` and ``tabbench score`` (``tabbench merge`` combines the shards)."""

from __future__ import annotations

from typing import Any

import click


def _parse_shard(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    from tabbench.evaluation.shards import Shard

    return None if value is None else Shard.parse(value)


shard_option = click.option(
    "--shard", default=None, metavar="K/N", callback=_parse_shard,
    help="Run shard K of N (0 <= K < N): the examples whose (benchmark, id) hash to K; an ordinary run folder, "
    "resumable by itself. Combine the N folders with `tabbench merge`.",
)

