"""The same example reaches the model as the same prompt tokens in every backend: the hf backend's ids, those the
vllm backend hands its engine (a stand-in engine with the checkpoint's real tokenizer: vLLM cannot run here), and
what a real ``transformers serve`` counts for the openai backend's completions and chat requests.

Twice: with the tiny model's tokenizer, and with a copy whose tokenizer adds a BOS token and whose chat template
writes one too (as Llama 3's, Gemma's and Mistral's do), where a backend that tokenizes the templated text with
special tokens again feeds the model two BOS tokens.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import types
from pathlib import Path

import pytest

import tabbench
from tabbench import GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model
from tests import transformers_serve

pytestmark = pytest.mark.slow  # builds a tiny model, starts two transformers serve


def with_bos(model: Path, folder: Path) -> Path:
    """A copy of ``model`` whose tokenizer adds ``<|endoftext|>`` as BOS and whose chat template starts with it."""
    shutil.copytree(model, folder)
    spec = json.loads((folder / "tokenizer.json").read_text())
    bos = [{"SpecialToken": {"id": "<|endoftext|>", "type_id": 0}}]
    spec["post_processor"] = {
        "type": "TemplateProcessing", "single": [*bos, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [*bos, {"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
        "special_tokens": {"<|endoftext|>": {"id": "<|endoftext|>", "ids": [0], "tokens": ["<|endoftext|>"]}}}
    (folder / "tokenizer.json").write_text(json.dumps(spec))
    config = json.loads((folder / "tokenizer_config.json").read_text())
    (folder / "tokenizer_config.json").write_text(json.dumps(
        {**config, "bos_token": "<|endoftext|>", "tokenizer_class": "PreTrainedTokenizerFast"}))
    template = folder / "chat_template.jinja"
    template.write_text("{{ bos_token }}" + template.read_text())
    return folder


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict[str, Path]:
    missing = [m for m in transformers_serve.DEPENDENCIES if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"transformers serve needs {', '.join(missing)}")
    root = tmp_path_factory.mktemp("tokens")
    plain = build_tiny_model(root / "plain")
    return {"plain": plain, "bos": with_bos(plain, root / "bos")}


def _request() -> GenerationRequest:
    bench = tabbench.get_benchmark("demo-bird")
    example = next(iter(bench.examples(bench.default_split)))
    return GenerationRequest(bench.prompt(example), example, bench.name)


def hf_ids(model: Path, request: GenerationRequest) -> list[int]:
    backend = tabbench.get_backend("hf", str(model), device="cpu")
    try:
        return backend._encode([backend.render(request)])[0]
    finally:
        backend.close()


def vllm_ids(model: Path, request: GenerationRequest, monkeypatch) -> list[int]:
    """What the vllm backend hands ``LLM.generate``: its engine here a stand-in with the checkpoint's tokenizer."""
    import sys

    from tabbench_vllm.backend import Replica
    from transformers import AutoTokenizer

    sent: list[list[int]] = []

    class Engine:
        llm_engine = types.SimpleNamespace(model_config=types.SimpleNamespace(max_model_len=1024))

        def get_tokenizer(self):
            return AutoTokenizer.from_pretrained(str(model), local_files_only=True)

        def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
            sent.extend(p["prompt_token_ids"] for p in prompts)
            return [types.SimpleNamespace(outputs=[types.SimpleNamespace(index=0, text="x", token_ids=[1],
                                                                         finish_reason="length")]) for _ in prompts]

    fake = types.ModuleType("vllm")
    fake.SamplingParams = lambda **kw: kw
    monkeypatch.setitem(sys.modules, "vllm", fake)
    backend = tabbench.get_backend("vllm", str(model))
    backend._replicas = Replica(backend.engine)
    backend._replicas._llm = Engine()
    backend.generate([request], GenerationParams(max_new_tokens=1))
    return sent[0]


def served_counts(model: Path, root: Path, request: GenerationRequest) -> dict[str, int]:
    """The prompt tokens a real transformers serve counts (``usage.prompt_tokens``) for the openai backend's
    completions and chat requests of ``request``."""
    proc, base = transformers_serve.start(model, root, wait=240)  # start-up only: a busy machine loads slowly
    try:
        counts = {}
        params = GenerationParams(max_new_tokens=1)
        for endpoint, path in (("completions", "/completions"), ("chat", "/chat/completions")):
            backend = tabbench.get_backend("openai", f"{base}#{model}", endpoint=endpoint)
            backend.resolve_model_name()
            prompt, _, refused = backend._fit(request, params)
            assert not refused
            answer = backend._call("POST", path, backend._body(request, params, 1, 0, prompt))
            counts[endpoint] = answer["usage"]["prompt_tokens"]
        return counts
    finally:
        transformers_serve.stop(proc)


@pytest.mark.parametrize("variant", ["plain", "bos"])
def test_every_backend_sees_the_same_prompt_tokens(models, variant, tmp_path, monkeypatch):
    model, request = models[variant], _request()
    ids = hf_ids(model, request)
    if variant == "bos":
        assert ids[0] == 0 and ids[1] != 0  # one BOS: the template's
    assert vllm_ids(model, request, monkeypatch) == ids
    assert served_counts(model, tmp_path, request) == {"completions": len(ids), "chat": len(ids)}
