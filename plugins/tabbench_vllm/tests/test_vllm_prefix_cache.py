"""``prefix_cache``: vLLM's prefix caching on by default (off by option), recorded, and prompts sent grouped by
their shared prefix with the caller's order restored; a fake engine stands in for vLLM (which cannot run here)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from tabbench_vllm.backend import engine_kwargs
from test_vllm_data_parallel import FakeBackend, FakeLLM, FakeReplica

from tabbench import ConfigError, Example, GenerationParams, GenerationRequest


class RecordingLLM(FakeLLM):
    prompts: ClassVar[list[str]] = []

    def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
        RecordingLLM.prompts = ["".join(map(chr, p["prompt_token_ids"])) for p in prompts]
        return super().generate(prompts, sampling, lora_request, use_tqdm)


class RecordingReplica(FakeReplica):
    def start(self):
        self._llm = self._llm or RecordingLLM()
        return self._llm


class RecordingBackend(FakeBackend):
    replica_class = RecordingReplica


@pytest.fixture
def checkpoint(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    return tmp_path


def test_prefix_caching_is_on_by_default_off_by_option_and_recorded(checkpoint) -> None:
    assert engine_kwargs(checkpoint, {})["enable_prefix_caching"] is True
    assert engine_kwargs(checkpoint, {"prefix_cache": False})["enable_prefix_caching"] is False
    assert FakeBackend(str(checkpoint)).fingerprint()["prefix_cache"] is True
    assert FakeBackend(str(checkpoint), prefix_cache=False).fingerprint()["prefix_cache"] is False
    with pytest.raises(ConfigError, match="option prefix_cache=the string 'maybe'"):
        FakeBackend(str(checkpoint), prefix_cache="maybe")


def test_prompts_of_a_database_are_sent_together_and_results_come_back_in_order(checkpoint) -> None:
    dbs = ["schema of concert_singer", "schema of pets_1"] * 3
    requests = [GenerationRequest([{"role": "system", "content": db}, {"role": "user", "content": f"q{i}"}],
                                  Example(str(i), None), "spider") for i, db in enumerate(dbs)]
    outputs = RecordingBackend(str(checkpoint)).generate(requests, GenerationParams())
    sent = [p.split("|")[0] for p in RecordingLLM.prompts]
    assert sent == sorted(dbs)  # each database's prompts are adjacent
    assert [o[0].split("#")[0] for o in outputs] == [f"{db}|q{i}" for i, db in enumerate(dbs)]
