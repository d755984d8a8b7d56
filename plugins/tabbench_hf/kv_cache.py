"""A key/value cache written in place, and an attention that reads a shared prompt prefix once for all its rows.

transformers' ``DynamicCache`` appends each decode step's keys and values with ``torch.cat``, which copies the
whole cache every step. Profiled on SmolLM2-135M (batch 16, ~390-token Spider prompts, one CPU thread), that
copy was 35% of a decode step's time. Here each layer's buffer holds a row's own tokens and every new token; a
step writes one column and attention reads a view of the filled part.

A prefix shared by a group of rows (a database's schema) is stored once per group, not copied into each row.
Decoding is bound by reading keys and values from memory: with the schema copied into each of 16 rows, every
step read it 16 times, and attention took about a third of a decode step on 2 cores. ``shared_prefix_attention``
scores a group's queries against its prefix in one matrix product, its rows' own tokens row by row, and takes
one softmax over both, so each token attends to exactly what it would see with the prefix in its own row.

Imported only by the ``hf`` backend when it loads a model (torch and transformers are heavy).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import torch
from transformers import AttentionInterface
from transformers.cache_utils import Cache, DynamicCache, DynamicLayer
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.masking_utils import AttentionMaskInterface, sdpa_mask

ATTENTION = "tabbench_shared_prefix"
_generating: ContextVar[PreallocatedCache | None] = ContextVar("tabbench_hf_cache", default=None)


class PreallocatedLayer(DynamicLayer):
    """One layer: each row's own keys and values ``[batch, kv_heads, capacity, head_dim]``, filled from the left,
    after ``prefix_width`` positions that live in the groups' shared ``prefix_keys``/``prefix_values``."""

    def __init__(self, capacity: int) -> None:
        super().__init__()
        self.capacity = capacity
        self.length = 0
        self.prefix_width = 0
        self.prefix_keys: torch.Tensor | None = None  # [groups, kv_heads, prefix_width, head_dim]
        self.prefix_values: torch.Tensor | None = None

    def share_prefix(self, width: int, prefixes: list[tuple[torch.Tensor, torch.Tensor]]) -> None:
        """Each group's prefix keys/values (one row each), right-aligned in ``width`` positions after zeros (the
        masked padding of groups whose prefix is shorter)."""
        keys, values = prefixes[0]
        shape = (len(prefixes), keys.shape[1], width, keys.shape[3])
        self.prefix_keys, self.prefix_values = keys.new_zeros(shape), values.new_zeros(shape)
        for g, (k, v) in enumerate(prefixes):
            self.prefix_keys[g, :, width - k.shape[2]:] = k[0]
            self.prefix_values[g, :, width - v.shape[2]:] = v[0]
        self.prefix_width = width

    def get_seq_length(self) -> int:
        return self.prefix_width + self.length

    def update(self, key_states: torch.Tensor, value_states: torch.Tensor, *args: Any, **kwargs: Any
               ) -> tuple[torch.Tensor, torch.Tensor]:
        """Write the new positions; return the row-own keys and values filled so far (views of the buffers)."""
        if not self.is_initialized:
            shape = (*key_states.shape[:2], self.capacity, key_states.shape[3])
            self.key_buffer, self.value_buffer = key_states.new_zeros(shape), value_states.new_zeros(shape)
            self.device, self.is_initialized = key_states.device, True
        end = self.length + key_states.shape[2]
        if end > self.capacity:  # longer than planned (never in the backend's use): double, copying once
            grow = key_states.new_zeros(*self.key_buffer.shape[:2], max(end, 2 * self.capacity) - self.capacity,
                                        self.key_buffer.shape[3])
            self.key_buffer = torch.cat([self.key_buffer, grow], dim=2)
            self.value_buffer = torch.cat([self.value_buffer, grow], dim=2)
            self.capacity = self.key_buffer.shape[2]
        self.key_buffer[:, :, self.length:end] = key_states
        self.value_buffer[:, :, self.length:end] = value_states
        self.length = end
        self.keys, self.values = self.key_buffer[:, :, :end], self.value_buffer[:, :, :end]
        return self.keys, self.values


class PreallocatedCache(DynamicCache):
    """A ``DynamicCache`` (as ``generate`` expects) of ``PreallocatedLayer``; ``groups`` are the row ranges
    ``(start, stop)`` that share the prefix of the same index (rows in no range have none)."""

    def __init__(self, num_layers: int, capacity: int) -> None:
        Cache.__init__(self, layers=[PreallocatedLayer(capacity) for _ in range(num_layers)])
        self.groups: list[tuple[int, int]] = []

    def share_prefixes(self, width: int, groups: list[tuple[int, int]],
                       prefixes: list[list[tuple[torch.Tensor, torch.Tensor]]]) -> None:
        """``prefixes[g][layer]``: group ``g``'s prefix keys and values of each layer."""
        self.groups = groups
        for i, layer in enumerate(self.layers):
            layer.share_prefix(width, [group[i] for group in prefixes])

    @contextmanager
    def generating(self) -> Iterator[None]:
        """While entered, ``shared_prefix_attention`` reads this cache's shared prefixes."""
        token = _generating.set(self)
        try:
            yield
        finally:
            _generating.reset(token)


def install(model: Any) -> bool:
    """Make ``model`` attend with ``shared_prefix_attention`` (SDPA wherever no prefix is shared); False when its
    architecture does not take a registered attention function (then prefixes are not shared)."""
    AttentionInterface.register(ATTENTION, shared_prefix_attention)
    AttentionMaskInterface.register(ATTENTION, sdpa_mask)
    if model.config._attn_implementation != "sdpa":
        return False
    model.set_attn_implementation(ATTENTION)
    return model.config._attn_implementation == ATTENTION


def shared_prefix_attention(module: Any, query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                            attention_mask: torch.Tensor | None, scaling: float | None = None, **kwargs: Any
                            ) -> tuple[torch.Tensor, None]:
    """Attention over a group's shared prefix (stored once) and each row's own keys (``key``/``value``).

    ``query`` is ``[batch, heads, q_len, head_dim]``; ``attention_mask`` (boolean, from ``sdpa_mask``) covers the
    prefix positions then the row's own, as if the prefix were in every row. Scores and softmax are in float32,
    as SDPA's kernels keep them; a query that sees no key at all (left padding of a row with no shared prefix)
    gets zeros, as SDPA gives.
    """
    cache, index = _generating.get(), getattr(module, "layer_idx", None)
    layer = cache.layers[index] if cache is not None and index is not None else None
    if layer is None or layer.prefix_keys is None:
        return sdpa_attention_forward(module, query, key, value, attention_mask, scaling=scaling, **kwargs)
    batch, heads, q_len, dim = query.shape
    kv_heads, width, own = key.shape[1], layer.prefix_width, key.shape[2]
    rep = heads // kv_heads  # query head h reads key head h // rep
    q = query.float().reshape(batch, kv_heads, rep * q_len, dim) * (scaling if scaling is not None else dim**-0.5)
    prefix = q.new_full((batch, kv_heads, rep * q_len, width), float("-inf"))  # rows of no group: none
    for g, (start, stop) in enumerate(cache.groups):
        prefix[start:stop] = _per_group(q[start:stop], layer.prefix_keys[g].float().transpose(-1, -2))
    scores = torch.cat([prefix, torch.matmul(q, key.float().transpose(-1, -2))], -1)
    scores = scores.view(batch, kv_heads, rep, q_len, width + own)
    if attention_mask is not None:
        scores.masked_fill_(~attention_mask[:, :, None], float("-inf"))
    elif q_len > 1:  # transformers drops the mask only when nothing is padded: causal among own tokens
        scores[..., width:].masked_fill_(torch.ones(q_len, own, dtype=torch.bool, device=q.device)
                                         .triu(own - q_len + 1), float("-inf"))
    probs = scores.softmax(-1).nan_to_num_(0.0).to(value.dtype).view(batch, kv_heads, rep * q_len, width + own)
    out = torch.matmul(probs[..., width:], value)
    for g, (start, stop) in enumerate(cache.groups):
        out[start:stop] += _per_group(probs[start:stop, ..., :width], layer.prefix_values[g])
    return out.view(batch, heads, q_len, dim).transpose(1, 2).contiguous(), None


def _per_group(rows: torch.Tensor, shared: torch.Tensor) -> torch.Tensor:
    """``rows @ shared`` for ``rows`` ``[n, kv_heads, m, k]`` and one ``shared`` ``[kv_heads, k, p]``, as one
    product per head: the shared operand is read once for all ``n`` rows."""
    n, kv_heads, m, k = rows.shape
    product = torch.matmul(rows.transpose(0, 1).reshape(kv_heads, n * m, k), shared)
    return product.view(kv_heads, n, m, -1).transpose(0, 1)
