"""Everything around vLLM that runs without a GPU: option and parameter mapping, the error when vLLM is missing,
chat-template rendering through the checkpoint's tokenizer, and the fingerprint. vLLM itself cannot run here."""

from __future__ import annotations

import importlib.util
import json

import pytest
from tabbench_vllm.backend import Replica, engine_kwargs, render_prompts, request_seed, sampling_kwargs

import tabbench
from tabbench import BackendError, ConfigError, Example, GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model

MESSAGES = [{"role": "system", "content": "Answer with SQL."}, {"role": "user", "content": "How many users?"}]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    pytest.importorskip("transformers")
    return build_tiny_model(tmp_path_factory.mktemp("vllm") / "tiny", ["SELECT COUNT(*) FROM users;"] * 5,
                            vocab_size=300, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                            num_key_value_heads=1, intermediate_size=64, max_position_embeddings=128)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_registered_and_imports_no_vllm():
    assert "vllm" in tabbench.registered_names("model")
    importlib.import_module("tabbench_vllm.backend")  # the registered target imports without vllm
    if importlib.util.find_spec("vllm") is None:
        import sys

        assert "vllm" not in sys.modules


def test_sampling_params_mapping():
    greedy = sampling_kwargs(GenerationParams(max_new_tokens=64, stop=("</answer>",)), "p")
    assert greedy == {"n": 1, "temperature": 0.0, "top_p": 1.0, "max_tokens": 64, "seed": None,
                      "stop": ["</answer>"]}
    sampled = sampling_kwargs(GenerationParams(n=8, temperature=0.8, top_p=0.95, seed=7), "prompt A")
    assert sampled["n"] == 8 and sampled["temperature"] == 0.8 and sampled["top_p"] == 0.95
    assert sampled["stop"] is None and sampled["seed"] == request_seed(7, "prompt A")
    assert request_seed(7, "prompt A") != request_seed(7, "prompt B") != request_seed(8, "prompt B")
    assert 0 <= request_seed(7, "prompt A") < 2**32


@pytest.mark.slow  # builds a tiny checkpoint
def test_engine_options_mapping(tiny):
    kwargs = engine_kwargs(tiny, {"tensor_parallel_size": 4, "dtype": "bfloat16", "max_model_len": 4096,
                                  "gpu_memory_utilization": 0.5})
    assert kwargs["model"] == kwargs["tokenizer"] == str(tiny)
    assert (kwargs["tensor_parallel_size"], kwargs["dtype"], kwargs["max_model_len"]) == (4, "bfloat16", 4096)
    assert kwargs["gpu_memory_utilization"] == 0.5 and "enable_lora" not in kwargs
    assert engine_kwargs(tiny, {"adapter": "/a"})["enable_lora"] is True


@pytest.mark.slow  # builds a tiny checkpoint
def test_bad_specs_are_one_line_config_errors(tiny, tmp_path):
    with pytest.raises(ConfigError, match="never downloads"):
        tabbench.get_backend("vllm", "Qwen/Qwen2.5-7B-Instruct")
    with pytest.raises(ConfigError, match="unknown option"):
        tabbench.get_backend("vllm", str(tiny), tensor_parallel=2)
    with pytest.raises(ConfigError, match=r"adapter_config\.json"):
        tabbench.get_backend("vllm", str(tiny), adapter=str(tmp_path))


@pytest.mark.skipif(importlib.util.find_spec("vllm") is not None, reason="vLLM is installed here")
@pytest.mark.slow  # builds a tiny checkpoint
def test_missing_vllm_is_a_one_line_backend_error(tiny, cache_dir):
    backend = tabbench.get_backend("vllm", str(tiny))
    request = GenerationRequest(MESSAGES, Example("1", "x"), "demo")
    with pytest.raises(BackendError, match=r"vLLM is not installed .*tabbench\[vllm\]") as info:
        backend.generate([request], GenerationParams())
    assert "\n" not in str(info.value)
    assert backend.generate([], GenerationParams()) == []


@pytest.mark.slow  # builds a tiny checkpoint
def test_chat_template_rendered_through_the_checkpoint_tokenizer(tiny):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny, local_files_only=True)
    [prompt] = render_prompts(tokenizer, [MESSAGES])
    assert prompt == ("<|im_start|>system\nAnswer with SQL.<|im_end|>\n<|im_start|>user\nHow many users?<|im_end|>\n"
                      "<|im_start|>assistant\n")
    tokenizer.chat_template = None
    with pytest.raises(BackendError, match="no chat template"):
        render_prompts(tokenizer, [MESSAGES])


@pytest.mark.slow  # builds a tiny checkpoint
def test_fingerprint_hashes_weights_and_records_engine_options(tiny, cache_dir):
    backend = tabbench.get_backend("vllm", str(tiny), tensor_parallel_size=2)
    fp = backend.fingerprint()
    assert json.loads(json.dumps(fp)) == fp
    assert fp["backend"] == "vllm" and fp["tensor_parallel_size"] == 2 and fp["adapter"] is None
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= set(fp["files"])
    assert (cache_dir / "file-hashes.json").is_file()
    assert tabbench.get_backend("vllm", str(tiny), tensor_parallel_size=2).fingerprint() == fp
    assert tabbench.get_backend("vllm", str(tiny), dtype="float16").fingerprint() != fp


@pytest.mark.slow  # builds a tiny checkpoint
def test_adapter_applies_to_single_and_multi_turn_generation(tiny, tmp_path, monkeypatch):
    """``--adapter`` reaches vLLM on both paths (``generate`` and ``eval --env``'s ``generate_turns``); the engine
    is a stand-in recording what it was asked, since vLLM cannot run here."""
    import sys
    import types

    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter_config.json").write_text("{}")
    fake = types.ModuleType("vllm")
    fake.SamplingParams = lambda **kw: kw
    lora = types.ModuleType("vllm.lora.request")
    lora.LoRARequest = lambda name, number, path: ("lora", path)
    for name, module in (("vllm", fake), ("vllm.lora", types.ModuleType("vllm.lora")), ("vllm.lora.request", lora)):
        monkeypatch.setitem(sys.modules, name, module)
    from transformers import AutoTokenizer

    seen = []

    class Engine:
        def get_tokenizer(self):
            return AutoTokenizer.from_pretrained(str(tiny), local_files_only=True)

        def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
            seen.append(lora_request)
            out = types.SimpleNamespace(index=0, text="SELECT 1", token_ids=[7, 8, 9], finish_reason="stop")
            return [types.SimpleNamespace(outputs=[out]) for _ in prompts]

    backend = tabbench.get_backend("vllm", str(tiny), adapter=str(adapter))
    backend._replicas = Replica(backend.engine, backend.adapter)
    backend._replicas._llm = Engine()
    request = GenerationRequest(MESSAGES, Example("1", "x"), "demo")
    assert backend.generate([request], GenerationParams()) == [["SELECT 1"]]
    turn = types.SimpleNamespace(messages=MESSAGES, tools=[])
    assert backend.generate_turns([turn], GenerationParams())[0]["content"] == "SELECT 1"
    assert seen == [("lora", str(adapter.resolve()))] * 2
