"""A key/value cache that generation writes into in place, in buffers allocated once for the whole call.

transformers' ``DynamicCache`` appends each decode step's keys and values with ``torch.cat``, which copies the
whole cache every step. Profiled on SmolLM2-135M (batch 16, ~390-token Spider prompts, one CPU thread), that
copy was 35% of a decode step's time, and decoding is what remains once a shared prompt prefix is prefilled
once. Here each layer's buffer holds the prompt and every new token; a step writes one column and attention
reads a view of the filled part, so the arithmetic (and the output) is the same as ``DynamicCache``'s.

Imported only by the ``hf`` backend when it generates (torch and transformers are heavy).
"""

from __future__ import annotations

from typing import Any

import torch
from transformers.cache_utils import Cache, DynamicCache, DynamicLayer


class PreallocatedLayer(DynamicLayer):
    """One layer's keys and values, ``[batch, kv_heads, capacity, head_dim]``, filled from the left."""

    def __init__(self, capacity: int) -> None:
        super().__init__()
        self.capacity = capacity
        self.length = 0

    def allocate(self, like: torch.Tensor, batch: int) -> None:
        """Zeroed buffers for ``batch`` rows shaped and typed like ``like`` (masked padding stays finite)."""
        shape = (batch, like.shape[1], self.capacity, like.shape[3])
        self.key_buffer = like.new_zeros(shape)
        self.value_buffer = like.new_zeros(shape)
        self.device, self.is_initialized = like.device, True

    def write(self, rows: slice, end: int, keys: torch.Tensor, values: torch.Tensor) -> None:
        """Copy ``keys``/``values`` (one row broadcasts to all of ``rows``) into positions ending at ``end``."""
        start = end - keys.shape[2]
        self.key_buffer[rows, :, start:end] = keys
        self.value_buffer[rows, :, start:end] = values

    def set_length(self, length: int) -> None:
        """Positions ``[0, length)`` are filled: the next update writes after them."""
        self.length = length
        self.keys = self.key_buffer[:, :, :length]
        self.values = self.value_buffer[:, :, :length]

    def update(self, key_states: torch.Tensor, value_states: torch.Tensor, *args: Any, **kwargs: Any
               ) -> tuple[torch.Tensor, torch.Tensor]:
        if not self.is_initialized:
            self.allocate(key_states, key_states.shape[0])
        end = self.length + key_states.shape[2]
        if end > self.capacity:  # longer than planned (never in the backend's use): double, copying once
            grow = key_states.new_zeros(*self.key_buffer.shape[:2], max(end, 2 * self.capacity) - self.capacity,
                                        self.key_buffer.shape[3])
            self.key_buffer = torch.cat([self.key_buffer, grow], dim=2)
            self.value_buffer = torch.cat([self.value_buffer, grow], dim=2)
            self.capacity = self.key_buffer.shape[2]
        self.write(slice(None), end, key_states, value_states)
        self.set_length(end)
        return self.keys, self.values


class PreallocatedCache(DynamicCache):
    """A ``DynamicCache`` (as ``generate`` expects) whose layers are ``PreallocatedLayer`` of ``capacity``."""

    def __init__(self, num_layers: int, capacity: int) -> None:
        Cache.__init__(self, layers=[PreallocatedLayer(capacity) for _ in range(num_layers)])

    def set_length(self, length: int) -> None:
        for layer in self.layers:
            layer.set_length(length)
