"""shared_prefix_attention against SDPA over the same keys with each group's prefix copied into its rows."""

from __future__ import annotations

import types

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from tabbench_hf.kv_cache import PreallocatedCache, shared_prefix_attention  # noqa: E402


def _reference(query, keys, values, mask):
    """SDPA with every key head repeated for its query heads (what the model computes without sharing)."""
    rep = query.shape[1] // keys.shape[1]
    keys, values = keys.repeat_interleave(rep, 1), values.repeat_interleave(rep, 1)
    return torch.nn.functional.scaled_dot_product_attention(query, keys, values, attn_mask=mask).transpose(1, 2)


@pytest.mark.parametrize("q_len", [1, 5])
def test_attention_over_shared_prefixes_equals_attention_with_the_prefix_in_every_row(q_len: int) -> None:
    torch.manual_seed(0)
    heads, kv_heads, dim, width, own = 6, 2, 8, 7, 9
    groups, shared = [(0, 3), (3, 5)], [7, 4]  # rows 0-2 share 7 tokens, rows 3-4 share 4, row 5 shares none
    batch = 6
    prefixes = [(torch.randn(1, kv_heads, n, dim), torch.randn(1, kv_heads, n, dim)) for n in shared]
    own_keys, own_values = torch.randn(batch, kv_heads, own, dim), torch.randn(batch, kv_heads, own, dim)
    query = torch.randn(batch, heads, q_len, dim)

    mask = torch.zeros(batch, 1, q_len, width + own, dtype=torch.bool)
    full_keys = torch.zeros(batch, kv_heads, width + own, dim)
    full_values = torch.zeros_like(full_keys)
    for (start, stop), (k, v), n in zip(groups, prefixes, shared, strict=True):
        full_keys[start:stop, :, width - n : width], full_values[start:stop, :, width - n : width] = k, v
        mask[start:stop, :, :, width - n : width] = True
    full_keys[:, :, width:], full_values[:, :, width:] = own_keys, own_values
    causal = torch.ones(q_len, own, dtype=torch.bool).tril(own - q_len)
    mask[:, :, :, width:] = causal
    mask[4, :, :, width : width + 2] = False  # a row's own padding
    # the row of no group, left-padded: with several queries, the first sees no key at all (SDPA gives zeros)
    mask[5, :, :, width : width + (own - q_len + 1 if q_len > 1 else 2)] = False

    cache = PreallocatedCache(1, own)
    cache.share_prefixes(width, groups, [[p] for p in prefixes])
    module = types.SimpleNamespace(layer_idx=0)
    with cache.generating():
        out, _ = shared_prefix_attention(module, query, own_keys, own_values, mask)
    torch.testing.assert_close(out, _reference(query, full_keys, full_values, mask), rtol=1e-5, atol=1e-5)


def test_without_a_shared_prefix_it_is_sdpa() -> None:
    torch.manual_seed(1)
    query, keys, values = torch.randn(2, 4, 3, 8), torch.randn(2, 2, 3, 8), torch.randn(2, 2, 3, 8)
    module = types.SimpleNamespace(layer_idx=0, num_key_value_groups=2, is_causal=True)
    out, _ = shared_prefix_attention(module, query, keys, values, None)
    causal = torch.ones(3, 3, dtype=torch.bool).tril()
    torch.testing.assert_close(out, _reference(query, keys, values, causal), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("q_len", [1, 4])
def test_without_a_mask_the_prefix_is_visible_and_own_tokens_causal(q_len: int) -> None:
    """transformers passes no mask when nothing is padded (one group whose prefix fills the width)."""
    torch.manual_seed(2)
    batch, heads, kv_heads, dim, width, own = 3, 4, 2, 8, 5, 6
    prefix = (torch.randn(1, kv_heads, width, dim), torch.randn(1, kv_heads, width, dim))
    own_keys, own_values = torch.randn(batch, kv_heads, own, dim), torch.randn(batch, kv_heads, own, dim)
    query = torch.randn(batch, heads, q_len, dim)
    cache = PreallocatedCache(1, own)
    cache.share_prefixes(width, [(0, batch)], [[prefix]])
    with cache.generating():
        out, _ = shared_prefix_attention(types.SimpleNamespace(layer_idx=0), query, own_keys, own_values, None)
    full_keys = torch.cat([prefix[0].expand(batch, -1, -1, -1), own_keys], 2)
    full_values = torch.cat([prefix[1].expand(batch, -1, -1, -1), own_values], 2)
    mask = torch.ones(q_len, width + own, dtype=torch.bool).tril(width + own - q_len)
    torch.testing.assert_close(out, _reference(query, full_keys, full_values, mask), rtol=1e-5, atol=1e-5)
