"""The ``hf`` backend on a tiny model built here: chat template, batching, sampling, stops, fingerprint, LoRA."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from tabbench_hf.backend import HFBackend

from tabbench import ConfigError, Example, GenerationParams, GenerationRequest, get_backend
from tabbench.testing import ModelBackendContract, build_tiny_model

pytestmark = pytest.mark.slow  # builds and runs tiny transformers checkpoints

CORPUS = [
    "Translate the question into SQL.",
    "How many customers live in 'Oslo'?",
    "SELECT COUNT(*) FROM customers WHERE city = 'Oslo'",
    "List the names of products in the 'toys' category.",
    "SELECT name FROM products WHERE category = 'toys'",
]
SPEC = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1, "vocab_size": 300}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("hf") / "tiny", CORPUS, **SPEC)


@pytest.fixture(scope="module")
def backend(tiny: Path) -> HFBackend:
    b = HFBackend(str(tiny), device="cpu")
    b.load()
    return b


def requests(n: int = 6) -> list[GenerationRequest]:
    questions = [f"How many customers live in city number {i}?" + " really" * i for i in range(n)]
    return [
        GenerationRequest([{"role": "system", "content": "Answer with SQL."}, {"role": "user", "content": q}],
                          Example(str(i), None), "t")
        for i, q in enumerate(questions)
    ]


class TestContract(ModelBackendContract):
    @pytest.fixture(autouse=True)
    def _model(self, tiny: Path) -> None:
        self.path = tiny

    def make_backend(self) -> HFBackend:
        return HFBackend(str(self.path), device="cpu")

    def requests(self) -> list[GenerationRequest]:
        return requests(3)


def test_renders_the_models_chat_template(backend: HFBackend) -> None:
    text = backend.render(requests(1)[0])
    assert text == ("<|im_start|>system\nAnswer with SQL.<|im_end|>\n<|im_start|>user\n"
                    "How many customers live in city number 0?<|im_end|>\n<|im_start|>assistant\n")


def test_greedy_batched_equals_one_at_a_time_with_left_padding(backend: HFBackend) -> None:
    reqs = requests(6)  # prompts of different lengths: the batch is left-padded
    params = GenerationParams(max_new_tokens=12)
    batched = backend.generate(reqs, params)
    single = [backend.generate([r], params)[0] for r in reqs]
    assert batched == single
    assert all(len(out) == 1 and out[0] for out in batched)
    assert backend.generate(reqs[:2], GenerationParams(max_new_tokens=12, n=3)) == [o * 3 for o in batched[:2]]


def test_sampling_is_seeded_per_prompt_and_independent_of_the_batch(backend: HFBackend) -> None:
    reqs = requests(4)
    params = GenerationParams(max_new_tokens=10, temperature=1.0, n=3, seed=7)
    together = backend.generate(reqs, params)
    apart = [backend.generate([r], params)[0] for r in reversed(reqs)][::-1]
    assert together == apart
    assert all(len(o) == 3 for o in together)
    assert len({c for o in together for c in o}) > 4  # samples differ
    other_seed = backend.generate(reqs, GenerationParams(max_new_tokens=10, temperature=1.0, n=3, seed=8))
    assert other_seed != together


def test_stop_strings_cut_the_completion(backend: HFBackend) -> None:
    req = requests(1)
    full = backend.generate(req, GenerationParams(max_new_tokens=16))[0][0]
    stop = full[3:5]
    cut = backend.generate(req, GenerationParams(max_new_tokens=16, stop=(stop,)))[0][0]
    assert cut == full[: full.find(stop)]


def test_max_new_tokens_bounds_the_output(backend: HFBackend) -> None:
    before = backend.tokens_generated
    backend.generate(requests(2), GenerationParams(max_new_tokens=5))
    assert 0 < backend.tokens_generated - before <= 10


def test_fingerprint_hashes_weights_and_changes_with_them(tiny: Path, tmp_path: Path) -> None:
    fp = HFBackend(str(tiny), device="cpu", dtype="float32").fingerprint()
    assert fp["backend"] == "hf" and fp["path"] == str(tiny.resolve()) and fp["dtype"] == "float32"
    assert fp["adapter"] is None and fp["chat_template_sha256"]
    assert {"model.safetensors", "config.json", "tokenizer.json"} <= set(fp["files"])
    copy = tmp_path / "copy"
    shutil.copytree(tiny, copy)
    same = HFBackend(str(copy), device="cpu", dtype="float32").fingerprint()
    assert same["files"] == fp["files"]
    data = bytearray((copy / "model.safetensors").read_bytes())
    data[-1] ^= 1
    (copy / "model.safetensors").write_bytes(bytes(data))
    changed = HFBackend(str(copy), device="cpu", dtype="float32").fingerprint()
    assert changed["files"]["model.safetensors"] != fp["files"]["model.safetensors"]
    assert HFBackend(str(tiny), device="cpu", dtype="bfloat16").fingerprint()["dtype"] == "bfloat16"


def test_origin_is_the_hub_id_the_checkpoints_config_names(tiny: Path, tmp_path: Path, monkeypatch) -> None:
    """What ``tabbench export`` takes the developer from: ``config.json``'s ``_name_or_path`` when it is a hub id."""
    assert HFBackend(str(tiny), device="cpu").origin() is None  # saved by transformers 5: no _name_or_path
    copy = tmp_path / "copy"
    shutil.copytree(tiny, copy)
    config = json.loads((copy / "config.json").read_text())
    (tmp_path / "out" / "ckpt").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)  # "out/ckpt" is a folder here: a path the checkpoint was saved from, not a model
    for named, origin in (("HuggingFaceTB/SmolLM2-135M-Instruct", "HuggingFaceTB/SmolLM2-135M-Instruct"),
                          (str(tmp_path / "elsewhere"), None), ("./out", None), ("out/ckpt", None)):
        (copy / "config.json").write_text(json.dumps({**config, "_name_or_path": named}))
        assert HFBackend(str(copy), device="cpu").origin() == origin, named


def test_lora_adapter_changes_outputs_and_fingerprint(tiny: Path, tmp_path: Path, backend: HFBackend) -> None:
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    base = AutoModelForCausalLM.from_pretrained(str(tiny), local_files_only=True)
    config = LoraConfig(r=4, lora_alpha=64, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    peft_model = get_peft_model(base, config)
    adapter = tmp_path / "adapter"
    peft_model.save_pretrained(adapter)
    params = GenerationParams(max_new_tokens=12)
    plain = backend.generate(requests(3), params)

    with_option = HFBackend(str(tiny), device="cpu", adapter=str(adapter))
    assert with_option.fingerprint()["adapter"]["path"] == str(adapter.resolve())
    assert "adapter_model.safetensors" in with_option.fingerprint()["adapter"]["files"]
    adapted = with_option.generate(requests(3), params)
    assert adapted != plain

    # The adapter folder as the model: its base_model_name_or_path names the local base.
    meta = json.loads((adapter / "adapter_config.json").read_text())
    assert Path(meta["base_model_name_or_path"]) == tiny
    as_model = HFBackend(str(adapter), device="cpu")
    assert as_model.fingerprint()["path"] == str(tiny.resolve())
    assert as_model.generate(requests(3), params) == adapted


def test_registered_and_errors_are_one_line_config_errors(tiny: Path, tmp_path: Path) -> None:
    assert isinstance(get_backend("hf", str(tiny)), HFBackend)
    with pytest.raises(ConfigError, match="never downloads"):
        HFBackend("Qwen/Qwen2.5-0.5B-Instruct")
    with pytest.raises(ConfigError, match="not a local directory"):
        HFBackend(str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match="unknown option"):
        HFBackend(str(tiny), temprature=1)
    with pytest.raises(ConfigError, match="dtype"):
        HFBackend(str(tiny), dtype="float8")
    with pytest.raises(ConfigError, match=r"no config\.json"):
        HFBackend(str(tmp_path))
    (tmp_path / "lora").mkdir()
    (tmp_path / "lora" / "adapter_config.json").write_text(json.dumps({"base_model_name_or_path": "org/base"}))
    with pytest.raises(ConfigError, match="adapter base model path 'org/base'"):
        HFBackend(str(tmp_path / "lora"))


def test_turns_are_the_single_turn_completions_read_for_tool_calls(backend: HFBackend) -> None:
    """``generate_turns`` (``tabbench eval --env``) without tools renders and generates exactly as ``generate``
    does, greedy and sampled, then reads each completion with ``parse_tool_calls``; each reply says what the turn
    spent (``usage``), as ``generations`` does."""
    from types import SimpleNamespace

    from tabbench import parse_tool_calls

    reqs = requests(3)
    turns = [SimpleNamespace(messages=r.messages, tools=[]) for r in reqs]
    for params in (GenerationParams(max_new_tokens=8), GenerationParams(max_new_tokens=8, temperature=1.0, seed=3)):
        made = backend.generations(reqs, params)
        expected = [{**parse_tool_calls(g.completions[0]), "usage": g.usage} for g in made]
        assert backend.generate_turns(turns, params) == expected
        assert all(reply["role"] == "assistant" and reply["usage"].prompt_tokens > 0 for reply in expected)


def test_a_turn_whose_conversation_outgrew_the_context_is_refused_alone(tiny: Path, backend: HFBackend) -> None:
    """``eval --env``: a conversation longer than the context (with ``max_new_tokens``) is that turn's refusal, not
    a run past the model's positions; the others are generated."""
    from types import SimpleNamespace

    from tabbench import Generation, Status

    reqs = requests(3)
    lengths = [len(ids) for ids in backend._encode([backend.render(r) for r in reqs])]
    short = HFBackend(str(tiny), device="cpu", max_model_len=lengths[1] + 8)  # the third does not fit with 8 new
    turns = [SimpleNamespace(messages=r.messages, tools=[]) for r in reqs]
    replies = short.generate_turns(turns, GenerationParams(max_new_tokens=8))
    assert isinstance(replies[2], Generation) and replies[2].status is Status.PROMPT_TOO_LONG
    assert replies[2].details == {"prompt_tokens": lengths[2], "context_length": lengths[1] + 8, "max_new_tokens": 8}
    assert all(r["role"] == "assistant" for r in replies[:2])


def demo_prompts() -> list[GenerationRequest]:
    """The demo suite's prompts, several per database: their schemas are the prefixes shared."""
    import tabbench

    out: list[GenerationRequest] = []
    for name in ("demo-spider", "demo-bird"):
        bench = tabbench.get_benchmark(name)
        examples = list(bench.examples(bench.default_split))[:12]
        out += [GenerationRequest(bench.prompt(e), e, bench.name) for e in examples]
    return out


@pytest.fixture(scope="module")
def demo_tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model with the demo data's tokenizer, as ``tabbench models build-tiny`` makes it by default."""
    return build_tiny_model(tmp_path_factory.mktemp("hf") / "demo-tiny")


def test_prefix_groups_share_the_common_prefix_one_token_short_of_the_shortest_row() -> None:
    from tabbench_hf.backend import prefix_groups

    a, b, c = [1, 2, 3, 4, 5], [1, 2, 3, 9], [7, 8, 9]
    assert prefix_groups([a, b, c], 2) == [([a, b], 3), ([c], 0)]
    assert prefix_groups([a, a], 2) == [([a, a], 4)]  # identical rows keep one token to start from
    assert prefix_groups([a, b], 4) == [([a], 0), ([b], 0)]


def test_prefix_cache_greedy_outputs_equal_those_without_reuse_in_the_callers_order(demo_tiny: Path) -> None:
    reqs = demo_prompts()
    reqs = reqs[::2] + reqs[1::2]  # interleave databases: the backend must regroup them and restore the order
    params = GenerationParams(max_new_tokens=16)
    reuse = HFBackend(str(demo_tiny), device="cpu", batch_size=8)
    plain = HFBackend(str(demo_tiny), device="cpu", batch_size=8, prefix_cache="false")
    with_reuse, without = reuse.generate(reqs, params), plain.generate(reqs, params)
    assert with_reuse == without and len(with_reuse) == len(reqs)
    assert reuse.fingerprint()["prefix_cache"] is True and plain.fingerprint()["prefix_cache"] is False


def test_prefix_cache_samples_share_one_prefill_and_equal_those_without(demo_tiny: Path) -> None:
    reqs = demo_prompts()[:3]
    params = GenerationParams(max_new_tokens=12, temperature=1.0, n=4, seed=3)
    reuse = HFBackend(str(demo_tiny), device="cpu")
    plain = HFBackend(str(demo_tiny), device="cpu", prefix_cache=False)
    with_reuse = reuse.generate(reqs, params)
    assert with_reuse == plain.generate(reqs, params)
    # an untrained model's greedy choice barely depends on its input; its samples do, so they check the cache
    assert len({text for outs in with_reuse for text in outs}) > 6


def test_prompts_sharing_a_prefix_meet_in_a_batch_and_results_keep_the_callers_order(
    demo_tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = HFBackend(str(demo_tiny), device="cpu", batch_size=2)
    batches: list[list[str]] = []

    def echo(texts: list[str], params: GenerationParams, copies: int, ids: list[list[int]]
             ) -> tuple[list[str], list[int]]:
        batches.append(texts)
        rows = [(f"{t.upper()} #{k}", len(t) + k) for t in texts for k in range(copies)]
        return [text for text, _ in rows], [count for _, count in rows]

    monkeypatch.setattr(backend, "_run", echo)
    texts = ["schema B q1", "schema A q1", "schema B q2", "schema A q2"]
    assert backend._complete(texts, GenerationParams()) == ([[f"{t.upper()} #0"] for t in texts],
                                                            [[len(t)] for t in texts])  # each row's tokens, in order
    assert batches == [["schema A q1", "schema A q2"], ["schema B q1", "schema B q2"]]
    sampled, spent = backend._complete(texts, GenerationParams(temperature=1.0, n=2))  # batched, n rows a prompt
    assert sampled == [[f"{t.upper()} #0", f"{t.upper()} #1"] for t in texts] and len(batches) == 4
    assert spent == [[len(t), len(t) + 1] for t in texts]


def test_prefix_cache_option_must_be_a_boolean(tiny: Path) -> None:
    with pytest.raises(ConfigError, match="option prefix_cache=the string 'maybe'"):
        HFBackend(str(tiny), prefix_cache="maybe")


def test_prefix_groups_split_two_databases_rather_than_share_their_short_common_prefix() -> None:
    from tabbench_hf.backend import prefix_groups

    head = list(range(20))  # what both schemas start with (system prompt, "Database schema:")
    first = [head + [1] * 30 + [q] for q in (50, 51, 52)]
    second = [head + [2] * 30 + [q] for q in (60, 61)]
    assert prefix_groups(first + second, 16) == [(first, 50), (second, 50)]
    lone = head + [2] * 30
    assert prefix_groups([*first, lone], 16) == [(first, 50), ([lone], 0)]


def test_generation_feeds_only_the_unshared_tokens_after_the_prefix_and_decodes_in_place(
    demo_tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabbench_hf.kv_cache import PreallocatedCache

    backend = HFBackend(str(demo_tiny), device="cpu")
    backend.load()
    model, seen = backend._model, []
    forward = model.forward

    def spy(*args: object, **kwargs: object) -> object:
        cache = kwargs.get("cache", kwargs.get("past_key_values"))
        length = cache.get_seq_length() if cache is not None else 0
        out = forward(*args, **kwargs)
        layer = cache.layers[0] if isinstance(cache, PreallocatedCache) else None
        stored = None if layer is None else (layer.key_buffer.data_ptr(), layer.key_buffer.shape[2],
                                             None if layer.prefix_keys is None else layer.prefix_keys.shape[0])
        seen.append((kwargs["input_ids"].shape, length, stored))
        return out

    monkeypatch.setattr(model, "forward", spy)
    reqs = demo_prompts()[:4]
    texts = [backend.render(r) for r in reqs]
    longest = max(len(backend._tokenizer(t, add_special_tokens=False)["input_ids"]) for t in texts)
    backend.generate(reqs, GenerationParams(max_new_tokens=5))
    prefill, *steps = [s for s in seen if s[0][0] == 4]
    assert seen[0][0][0] == 1  # the shared prefix, once
    assert prefill[0][1] < longest - 16 and prefill[1] > 16  # the batch's pass reads the prefix from the cache
    assert len(steps) == 4 and {s[0][1] for s in steps} == {1}
    assert len({stored for *_, stored in [prefill, *steps]}) == 1  # every step wrote into the same buffers
    _, rows_hold, prefixes = prefill[2]
    assert prefixes == 1  # the shared prefix is stored once, not copied into each row
    assert rows_hold == longest - prefill[1] + 5  # each row holds its own tokens and the new ones, no prefix
    seen.clear()  # the same prompts again: their prefix's cache is kept from the first call
    backend.generate(reqs, GenerationParams(max_new_tokens=5))
    assert seen[0][0][0] == 4


def test_prompts_are_ordered_by_shared_prefix_then_length(backend: HFBackend) -> None:
    schema = "CREATE TABLE customers (id INTEGER, name TEXT, city TEXT, country TEXT, born DATE); " * 2
    texts = [schema + "Question: how many customers are there in all?", "zzz unrelated",
             schema + "Question: list names", schema + "Question: which city?"]
    assert backend._prefix_order(texts) == [2, 3, 0, 1]  # the schema's prompts, shortest first, then the rest


def test_preallocated_cache_matches_dynamic_cache_and_grows_past_its_capacity(demo_tiny: Path) -> None:
    import torch
    from tabbench_hf.backend import _cache_keyword
    from tabbench_hf.kv_cache import PreallocatedCache
    from transformers import AutoModelForCausalLM, DynamicCache

    model = AutoModelForCausalLM.from_pretrained(str(demo_tiny)).eval()
    name = _cache_keyword(model)
    ids = torch.randint(5, 200, (2, 12))
    with torch.inference_mode():
        caches = (DynamicCache(), PreallocatedCache(model.config.num_hidden_layers, 8))  # 8 < the 12 + 4 needed
        logits = []
        for cache in caches:
            out, steps = model(input_ids=ids, **{name: cache}), []
            for _ in range(4):
                out = model(input_ids=out.logits[:, -1:].argmax(-1), **{name: cache})
                steps.append(out.logits)
            logits.append(torch.cat(steps, dim=1))
    assert torch.equal(logits[0], logits[1])
    assert caches[1].get_seq_length() == 16 and caches[1].layers[0].capacity == 16


def test_models_with_sliding_window_layers_generate_without_the_in_place_cache() -> None:
    from tabbench_hf.backend import _full_attention_only
    from transformers import Qwen2Config

    class Model:
        def __init__(self, **options: object) -> None:
            self.config = Qwen2Config(num_hidden_layers=4, **options)

    assert _full_attention_only(Model())
    assert not _full_attention_only(Model(use_sliding_window=True, sliding_window=8, max_window_layers=2))


def test_sampling_with_a_tiny_nucleus_is_greedy_and_batches_like_greedy(demo_tiny: Path) -> None:
    """top_p keeps the most likely token whatever the draw: every sample is the greedy completion."""
    reqs = demo_prompts()[:5]
    backend = HFBackend(str(demo_tiny), device="cpu", batch_size=5)
    greedy = backend.generate(reqs, GenerationParams(max_new_tokens=8))
    sampled = backend.generate(reqs, GenerationParams(max_new_tokens=8, temperature=1.0, top_p=1e-6, n=3, seed=4))
    assert sampled == [outs * 3 for outs in greedy]


def test_a_lone_short_prompt_beside_a_group_generates_as_without_reuse(demo_tiny: Path) -> None:
    """A row that shares no prefix and is shorter than the batch's unshared tails starts with padding that sees
    no key at all: it must give what SDPA gives (zeros), not NaN that blanks the row or breaks sampling."""
    reqs = [*demo_prompts()[:2], GenerationRequest([{"role": "user", "content": "Hi"}], {"id": "lone"}, "demo")]
    reuse = HFBackend(str(demo_tiny), device="cpu")
    plain = HFBackend(str(demo_tiny), device="cpu", prefix_cache=False)
    for params in (GenerationParams(max_new_tokens=6), GenerationParams(max_new_tokens=6, temperature=1.0, seed=2)):
        with_reuse = reuse.generate(reqs, params)
        assert with_reuse == plain.generate(reqs, params) and all(outs[0] for outs in with_reuse)
