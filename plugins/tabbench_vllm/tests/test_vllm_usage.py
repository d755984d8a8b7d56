"""What the vllm backend records of each request beyond its completions: the tokens it spent (the prompt's ids and
each generated completion's ``token_ids``), how each completion finished, the tokenizer it runs with (always the
Hugging Face one, recorded in the fingerprint) and the vLLM it needs. A fake engine stands in for vLLM."""

from __future__ import annotations

import json

import pytest
from tabbench_vllm.backend import MIN_VLLM, check_tokenizer, check_vllm_version, engine_kwargs
from test_vllm_data_parallel import FakeBackend, FakeLLM, FakeReplica, completion

from tabbench import ConfigError, Example, GenerationParams, GenerationRequest, Usage


class CountingLLM(FakeLLM):
    """Each completion is ``max_tokens`` characters of its prompt (one token each), cut there: ``length``."""

    def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
        return [type(out)(outputs=[completion(j, ("".join(map(chr, p["prompt_token_ids"])) * 9)[:s["max_tokens"]],
                                              "length") for j in range(s["n"])])
                for p, s, out in zip(prompts, sampling, super().generate(prompts, sampling), strict=True)]


class CountingReplica(FakeReplica):
    def start(self):
        self._llm = self._llm or CountingLLM()
        return self._llm


@pytest.fixture
def backend(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    return type("CountingBackend", (FakeBackend,), {"replica_class": CountingReplica})(str(tmp_path))


def _request(text: str) -> list[GenerationRequest]:
    return [GenerationRequest([{"role": "user", "content": text}], Example("1", None), "demo")]


def test_usage_is_the_prompts_ids_and_each_generated_completions_token_ids(backend):
    [greedy] = backend.generations(_request("abcdef"), GenerationParams(max_new_tokens=4, n=2))
    assert greedy.completions == ["abcd", "abcd"]  # one greedy completion, repeated: generated once
    assert greedy.usage == Usage(6, 4, None)
    assert greedy.details == {"finish_reasons": ["length", "length"]}  # at max_new_tokens, not at the context
    [sampled] = backend.generations(_request("abcdef"), GenerationParams(max_new_tokens=4, n=3, temperature=0.5))
    assert sampled.usage == Usage(6, 12, None)  # three completions, each generated


def test_reasoning_is_counted_by_the_tokenizer(backend):
    [out] = backend.generations(_request("<think>ab</think>xy"), GenerationParams(max_new_tokens=19))
    assert out.completions == ["<think>ab</think>xy"]
    assert out.usage == Usage(19, 19, len("<think>ab</think>"))  # one token per character
    [cut] = backend.generations(_request("<think>ab</think>xy"), GenerationParams(max_new_tokens=5))
    assert cut.completions == ["<thin"] and cut.usage == Usage(19, 5, None)  # no whole tag: no reasoning said


def test_a_checkpoint_with_only_a_mistral_tokenizer_is_refused_in_one_line(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "tekken.json").write_text("{}")
    with pytest.raises(ConfigError, match=r"only a Mistral tokenizer \(tekken.json\), which has no chat template"):
        FakeBackend(str(tmp_path))
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"chat_template": "{{ messages }}"}))
    check_tokenizer(tmp_path)  # a Hugging Face tokenizer beside it: vLLM gets that one (tokenizer_mode hf)
    backend = FakeBackend(str(tmp_path))
    assert backend.engine["tokenizer_mode"] == "hf" and backend.fingerprint()["tokenizer_mode"] == "hf"
    assert engine_kwargs(tmp_path, {})["tokenizer_mode"] == "hf"


@pytest.mark.parametrize("installed, refused", [("0.8.5", True), ("0.11.2", True), (MIN_VLLM, False),
                                                ("0.34.0", False), ("0.13.0rc1.dev5+g1234", False), (None, False)])
def test_a_vllm_older_than_the_floor_is_refused(installed, refused):
    """0.12.0 is the first with tokenizer_mode 'hf' (0.11.1 the first honouring VLLM_BATCH_INVARIANT), and the
    floor of the vllm extra (pyproject.toml)."""
    if refused:
        with pytest.raises(ConfigError, match=f"vLLM {installed} is installed; the backend needs vLLM >= 0.12.0"):
            check_vllm_version(installed)
    else:
        check_vllm_version(installed)


def test_the_extras_floor_is_the_backends():
    import tomllib
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).resolve().parents[3] / "pyproject.toml").read_text())
    assert pyproject["project"]["optional-dependencies"]["vllm"] == [f"vllm>={MIN_VLLM}"]
