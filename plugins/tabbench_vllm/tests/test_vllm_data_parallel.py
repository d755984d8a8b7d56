"""``data_parallel_size``: the partition of a batch among replicas, the order restored, and the whole path through
Ray actors on CPU with a fake engine standing in for vLLM (which cannot run here)."""

from __future__ import annotations

import os
import types
from pathlib import Path

import pytest
from tabbench_vllm.backend import Replica, VLLMBackend, request_seed
from tabbench_vllm.data_parallel import partition, restore

from tabbench import BackendError, ConfigError, Example, GenerationParams, GenerationRequest


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_partition_is_disjoint_balanced_and_restored(size):
    for count in range(0, 23):
        parts = partition(count, size)
        flat = sorted(i for part in parts for i in part)
        assert flat == list(range(count)) and len(parts) == size
        assert max(map(len, parts)) - min(map(len, parts)) <= 1
        outputs = [[f"out{i}" for i in part] for part in parts]
        assert restore(parts, outputs, count) == [f"out{i}" for i in range(count)]
    with pytest.raises(BackendError, match="replica 1 returned 1 outputs for 2 prompts"):
        restore([[0, 2], [1, 3]], [["a", "c"], ["b"]], 4)


class FakeTokenizer:
    """One token per character (its code point); the chat template joins the messages' contents with ``|``."""

    chat_template = "fake"

    def apply_chat_template(self, messages, tools=None, tokenize=False, add_generation_prompt=True):
        return "|".join(m["content"] for m in messages)

    def encode(self, text, add_special_tokens=True):
        return [ord(c) for c in text]


class FakeLLM:
    """Echoes each prompt (token ids, as the backend sends them) with its seed and the process that generated
    it, as one vLLM output per prompt; its context is ``max_model_len`` tokens."""

    max_model_len = 4096

    def __init__(self):
        self.llm_engine = types.SimpleNamespace(model_config=types.SimpleNamespace(max_model_len=self.max_model_len))

    def get_tokenizer(self):
        return FakeTokenizer()

    def generate(self, prompts, sampling, lora_request=None, use_tqdm=True):
        texts = ["".join(map(chr, p["prompt_token_ids"])) for p in prompts]
        return [types.SimpleNamespace(outputs=[completion(j, f"{p}#{s['seed']}#{j}@{os.getpid()}")
                                               for j in range(s["n"])])
                for p, s in zip(texts, sampling, strict=True)]


def completion(index, text, finish_reason="stop"):
    """A vLLM ``CompletionOutput`` as the backend reads it: its text, its token ids (one per character, as
    ``FakeTokenizer`` splits), its finish reason."""
    return types.SimpleNamespace(index=index, text=text, token_ids=[ord(c) for c in text],
                                 finish_reason=finish_reason)


class FakeReplica(Replica):
    gpus = 0.0  # CPU actors

    def start(self):
        self._llm = self._llm or FakeLLM()
        return self._llm

    def sampling(self, kwargs):
        return kwargs


class FakeBackend(VLLMBackend):
    replica_class = FakeReplica


@pytest.fixture(scope="module")
def local_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(Path(__file__).parent)}})
    yield
    ray.shutdown()


@pytest.fixture
def checkpoint(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    return tmp_path


@pytest.mark.slow  # starts a Ray cluster
def test_two_replicas_each_generate_their_share_and_the_order_is_restored(local_cluster, checkpoint):
    requests = [GenerationRequest([{"role": "user", "content": f"q{i}"}], Example(str(i), None), "demo")
                for i in range(7)]
    params = GenerationParams(n=2, temperature=0.8, seed=3)
    one = FakeBackend(str(checkpoint)).generate(requests, params)
    backend = FakeBackend(str(checkpoint), data_parallel_size=2)
    try:
        two = backend.generate(requests, params)
        assert backend.generate(requests[:1], params)[0][0].startswith("q0#")  # fewer prompts than replicas
    finally:
        backend.close()
    workers = {}
    for i, outs in enumerate(two):
        assert [o.split("@")[0] for o in outs] == [f"q{i}#{request_seed(3, f'q{i}')}#{j}" for j in range(2)]
        workers.setdefault(outs[0].split("@")[1], []).append(i)
    # each of the two actors (not this process) generated its interleaved share once: no N-fold work
    assert sorted(workers.values()) == [[0, 2, 4, 6], [1, 3, 5]] and str(os.getpid()) not in workers
    assert [[o.split("@")[0] for o in outs] for outs in one] == [[o.split("@")[0] for o in outs] for outs in two]


def test_data_parallel_settings_are_checked_and_recorded(checkpoint):
    fp = FakeBackend(str(checkpoint), data_parallel_size=4, batch_invariant=True).fingerprint()
    assert fp["data_parallel_size"] == 4 and fp["batch_invariant"] is True and "vllm_version" in fp
    for bad in ({"data_parallel_size": 0}, {"data_parallel_size": "2"}, {"batch_invariant": "maybe"}):
        with pytest.raises(ConfigError, match=next(iter(bad))):
            FakeBackend(str(checkpoint), **bad)
