"""A prompt too long for the engine's ``max_model_len`` with ``max_new_tokens``: refused alone (vLLM's
``LLM.generate`` would raise for the whole batch, and ``--resume`` would crash on it again), or cut from the left
with ``truncate_prompts``; the engine gets token ids, never text it would tokenize again. A fake engine stands in
for vLLM (which cannot run here)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from test_vllm_data_parallel import FakeBackend, FakeLLM, FakeReplica

from tabbench import BackendError, Example, GenerationParams, GenerationRequest, Status


class ShortLLM(FakeLLM):
    """A 24-token context (one token per character), remembering the token ids it was given."""

    max_model_len = 24
    sent: ClassVar[list[list[int]]] = []

    def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
        ShortLLM.sent = [list(p["prompt_token_ids"]) for p in prompts]
        return super().generate(prompts, sampling, lora_request, use_tqdm)


class ShortReplica(FakeReplica):
    def start(self):
        self._llm = self._llm or ShortLLM()
        return self._llm


class ShortBackend(FakeBackend):
    replica_class = ShortReplica


@pytest.fixture
def backend(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    return ShortBackend(str(tmp_path))


def _requests(*contents: str) -> list[GenerationRequest]:
    return [GenerationRequest([{"role": "user", "content": c}], Example(str(i), None), "demo")
            for i, c in enumerate(contents)]


def test_an_over_long_prompt_is_refused_alone_and_the_others_generated(backend):
    long = "a question far longer than twenty characters"
    out = backend.generations(_requests("short q", long, "q2"), GenerationParams(max_new_tokens=4))
    assert out[1].status is Status.PROMPT_TOO_LONG and out[1].completions == []
    assert out[1].details == {"prompt_tokens": len(long), "context_length": 24, "max_new_tokens": 4}
    assert [o.completions[0].split("#")[0] for o in (out[0], out[2])] == ["short q", "q2"]
    assert sorted(ShortLLM.sent) == sorted([[ord(c) for c in "short q"], [ord(c) for c in "q2"]])
    with pytest.raises(BackendError, match="vllm: example '1' of demo: prompt_too_long"):
        backend.generate(_requests("short q", long), GenerationParams(max_new_tokens=4))


def test_truncate_prompts_sends_the_end_of_the_prompt(backend):
    long = "0123456789abcdefghijklmnopqrstuvwxyz"
    [out] = backend.generations(_requests(long), GenerationParams(max_new_tokens=4, truncate_prompts=True))
    assert ShortLLM.sent == [[ord(c) for c in long[-20:]]]  # 24 - 4 tokens, the question's end kept
    assert out.status is None and out.completions[0].startswith(long[-20:])
    assert out.details == {"prompt_tokens": 20, "context_length": 24, "max_new_tokens": 4, "truncated_tokens": 16,
                           "finish_reasons": ["stop"]}


class NoEngine(FakeReplica):
    def start(self):
        raise AssertionError("the engine must not start for values vLLM refuses")


class NoEngineBackend(FakeBackend):
    replica_class = NoEngine


@pytest.mark.parametrize("params, message", [
    (GenerationParams(temperature=2.5), r"--temperature 2\.5: vLLM takes 0 to 2"),
    (GenerationParams(temperature=float("nan")), r"--temperature nan"),
    (GenerationParams(temperature=0.7, top_p=0.0), r"--top-p 0\.0: vLLM takes more than 0, at most 1"),
])
def test_values_vllm_refuses_are_one_line_errors_before_the_engine_starts(tmp_path, params, message):
    from tabbench import ConfigError

    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(ConfigError, match=message):
        NoEngineBackend(str(tmp_path)).generations(_requests("q"), params)


class ReasonLLM(ShortLLM):
    """Says why each completion ended, as vLLM's ``CompletionOutput.finish_reason`` does."""

    def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
        outputs = super().generate(prompts, sampling, lora_request, use_tqdm)
        for out, params in zip(outputs, sampling, strict=True):
            assert params["n"] == 1  # greedy: vLLM refuses n > 1
            for choice in out.outputs:
                choice.finish_reason = "length"
        return outputs


class ReasonReplica(FakeReplica):
    def start(self):
        self._llm = self._llm or ReasonLLM()
        return self._llm


def test_greedy_samples_are_one_completion_repeated_and_finish_reasons_are_recorded(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    backend = type("ReasonBackend", (FakeBackend,), {"replica_class": ReasonReplica})(str(tmp_path))
    [out] = backend.generations(_requests("q"), GenerationParams(max_new_tokens=4, n=2))
    assert len(out.completions) == 2 and out.completions[0] == out.completions[1]
    assert out.details == {"finish_reasons": ["length", "length"]}
