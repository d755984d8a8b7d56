"""What the hf backend says each request spent (``Generation.usage``), checked against transformers run by hand on
one prompt at a time: the prompt's tokens, and the tokens generated up to the end-of-sequence token, the stop
string or ``max_new_tokens`` (padding, which transformers writes after a finished row, never counted)."""

from __future__ import annotations

import pytest

pytest.importorskip("transformers")

from tabbench_hf.backend import HFBackend, generated_tokens

from tabbench import Example, GenerationParams, GenerationRequest, Usage
from tabbench.testing import build_tiny_model

pytestmark = pytest.mark.slow  # builds and runs a tiny transformers checkpoint

CORPUS = ["Translate the question into SQL.", "How many customers live in 'Oslo'?",
          "SELECT COUNT(*) FROM customers WHERE city = 'Oslo'"]
SPEC = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1, "vocab_size": 300}


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> HFBackend:
    tiny = build_tiny_model(tmp_path_factory.mktemp("hf-usage") / "tiny", CORPUS, **SPEC)
    b = HFBackend(str(tiny), device="cpu")
    b.load()
    return b


def _requests(n: int) -> list[GenerationRequest]:
    return [GenerationRequest([{"role": "user", "content": f"How many customers live in city {i}?" + " ok" * i}],
                              Example(str(i), None), "t") for i in range(n)]


def _by_hand(backend: HFBackend, request: GenerationRequest, max_new_tokens: int) -> tuple[list[int], list[int]]:
    """The prompt's ids and the new ids of a greedy ``generate`` on that prompt alone (no padding)."""
    import torch

    tokenizer, model = backend._tokenizer, backend._model
    ids = tokenizer(backend.render(request), add_special_tokens=False)["input_ids"]
    with torch.inference_mode():
        out = model.generate(torch.tensor([ids]), attention_mask=torch.ones(1, len(ids), dtype=torch.long),
                             max_new_tokens=max_new_tokens, do_sample=False, pad_token_id=tokenizer.pad_token_id)
    return ids, out[0, len(ids):].tolist()


def _until_end(new: list[int], ends: set[int]) -> int:
    return next((i + 1 for i, t in enumerate(new) if t in ends), len(new))


def test_usage_counts_the_prompt_and_the_generated_tokens_of_each_request(backend: HFBackend) -> None:
    requests = _requests(4)  # different lengths: the batch is left-padded
    generations = backend.generations(requests, GenerationParams(max_new_tokens=24))
    ends = {backend._tokenizer.eos_token_id, backend._model.generation_config.eos_token_id} - {None}
    for request, generation in zip(requests, generations, strict=True):
        ids, new = _by_hand(backend, request, 24)
        assert generation.usage == Usage(len(ids), _until_end(new, ends), None), request.example.id


def test_rows_that_end_early_are_counted_without_the_padding_after_them(backend: HFBackend) -> None:
    """A token the untrained model samples now and then made an end-of-sequence token: rows of one batch end at
    different steps, transformers pads the finished ones; each counts what it generated, as it does alone."""
    config = backend._model.generation_config
    saved = config.eos_token_id
    config.eos_token_id = [2, 20]
    try:
        requests, params = _requests(4), GenerationParams(max_new_tokens=24, temperature=1.0, seed=5)
        together = backend.generations(requests, params)
        alone = [backend.generations([r], params)[0] for r in requests]  # no other row, no padding
    finally:
        config.eos_token_id = saved
    assert [g.completions for g in together] == [g.completions for g in alone]  # seeded per prompt
    assert [g.usage for g in together] == [g.usage for g in alone]
    counts = [g.usage.completion_tokens for g in together]
    assert min(counts) < 24 and len(set(counts)) > 1, counts  # some rows ended early, at different steps


def test_a_stop_string_ends_the_count_where_it_ended_the_row(backend: HFBackend) -> None:
    request = _requests(1)[0]
    ids, new = _by_hand(backend, request, 16)
    decode = backend._tokenizer.decode
    full = decode(new, skip_special_tokens=True)
    stop = full[4:6]
    assert stop and stop in full
    where = next(k for k in range(1, len(new) + 1) if stop in decode(new[:k], skip_special_tokens=True))
    generation = backend.generations([request], GenerationParams(max_new_tokens=16, stop=(stop,)))[0]
    assert generation.completions == [full[: full.find(stop)]]
    assert generation.usage == Usage(len(ids), where, None)


def test_greedy_copies_are_counted_once_and_samples_each() -> None:
    """``n`` greedy completions are one generated row repeated (one row's tokens); ``n`` samples are ``n`` rows."""
    assert generated_tokens([5, 6, 2, 2, 2], ends={2}, pad=2) == 3  # the end-of-sequence token counted, padding not
    assert generated_tokens([5, 6, 7, 0, 0], ends={2}, pad=0, stopped=3) == 3  # a stop string ended it
    assert generated_tokens([5, 6, 7, 2, 2], ends={2}, pad=2, stopped=3) == 3  # ... with the pad the EOS token
    assert generated_tokens([5, 6, 7, 8], ends={2}, pad=2) == 4  # max_new_tokens reached


def test_greedy_n_counts_one_row_and_sampled_n_counts_every_row(backend: HFBackend) -> None:
    request = _requests(1)
    one = backend.generations(request, GenerationParams(max_new_tokens=12))[0].usage
    three = backend.generations(request, GenerationParams(max_new_tokens=12, n=3))[0].usage
    assert three == one  # the same row, repeated
    params = GenerationParams(max_new_tokens=12, n=3, temperature=1.0, seed=1)
    sampled = backend.generations(request, params)[0]
    assert sampled.usage == backend.generations(request, params)[0].usage  # seeded: the same rows, the same count
    assert sampled.usage.prompt_tokens == one.prompt_tokens
    assert 3 <= sampled.usage.completion_tokens <= 3 * 12  # three rows of 1 to 12 tokens each


def test_reasoning_tokens_are_the_think_text_counted_by_the_tokenizer(backend: HFBackend) -> None:
    from tabbench import counted_usage

    text = "<think>count the rows</think>SELECT 1"
    count = backend._count
    assert counted_usage(7, [9], [text], count) == Usage(7, 9, count("<think>count the rows</think>"))
    assert counted_usage(7, [9], ["SELECT 1"], count).reasoning_tokens is None
