"""Compiled decoding in the ``hf`` backend (``-m compile=auto|true|false``), on the CPU.

A GPU is where it pays (CUDA graphs); here the tests prove the wiring: the option and its fingerprint, that the
static-cache path traced by ``torch.compile`` gives the eager path's outputs (greedy and seeded samples, float32),
that compile calls are counted as warm-up apart from generation, and the one-line fallbacks. The compiler
backend is dynamo's ``eager`` (graphs traced, not lowered by inductor): inductor on a 2-core CPU takes minutes.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from tabbench_hf.backend import HFBackend

from tabbench import ConfigError, Example, GenerationParams, GenerationRequest, decoding
from tabbench.testing import build_tiny_model

pytestmark = pytest.mark.slow  # builds and runs a tiny transformers checkpoint

CORPUS = ["Translate the question into SQL.", "How many singers live in 'Oslo'?",
          "SELECT COUNT(*) FROM singer WHERE city = 'Oslo'", "List the names of the songs.", "SELECT name FROM song"]
SPEC = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1, "vocab_size": 300}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("compile") / "tiny", CORPUS, **SPEC)


@pytest.fixture
def traced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compile with dynamo's ``eager`` backend: the decode step is traced into graphs but not lowered by inductor."""
    options = decoding.static_cache_options

    def eager(model, length):  # type: ignore[no-untyped-def]
        out = options(model, length)
        out["compile_config"].backend = "eager"
        return out

    monkeypatch.setattr(decoding, "static_cache_options", eager)


def requests(n: int = 5) -> list[GenerationRequest]:
    questions = [f"How many singers live in city number {i}?" + " really" * i for i in range(n)]
    return [GenerationRequest([{"role": "user", "content": q}], Example(str(i), None), "t")
            for i, q in enumerate(questions)]


def test_the_option_resolves_per_device_and_is_in_the_fingerprint(tiny: Path) -> None:
    eager = HFBackend(str(tiny), device="cpu").fingerprint()  # auto: off on a CPU, and eager is unrecorded
    assert "compile" not in eager  # fingerprints (and response caches) of the eager path are as before
    for value in (True, "true"):
        assert HFBackend(str(tiny), device="cpu", compile=value).fingerprint()["compile"] is True
    for value in (False, "false"):
        assert HFBackend(str(tiny), device="cpu", compile=value).fingerprint() == eager
    with pytest.raises(ConfigError, match="compile"):
        HFBackend(str(tiny), compile="maybe")


def test_compiled_static_cache_outputs_equal_the_eager_path(tiny: Path, traced: None) -> None:
    eager = HFBackend(str(tiny), device="cpu", compile=False)
    fast = HFBackend(str(tiny), device="cpu", compile=True, batch_size=3)  # two batches: 3 rows, then 2
    greedy = GenerationParams(max_new_tokens=10)
    assert fast.generate(requests(), greedy) == eager.generate(requests(), greedy)
    assert fast._compiled and fast.clock.warmup_calls >= 1 and fast.warmup_seconds > 0
    sampled = GenerationParams(max_new_tokens=10, temperature=1.0, n=3, seed=5)
    outputs = fast.generate(requests(2), sampled)
    assert outputs == eager.generate(requests(2), sampled)
    assert len({text for outs in outputs for text in outs}) > 3  # samples differ: they exercise the cache
    calls = fast.clock.warmup_calls
    fast.generate(requests(), greedy)  # shapes seen before: warm, nothing compiled
    assert fast.clock.warmup_calls == calls


def test_a_torch_that_cannot_compile_falls_back_with_one_log_line(tiny: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    import torch._dynamo

    monkeypatch.setattr(torch._dynamo, "is_dynamo_supported", lambda: False)
    backend = HFBackend(str(tiny), device="cpu", compile=True)
    with caplog.at_level(logging.WARNING, logger="tabbench.hf"):
        outputs = backend.generate(requests(3), GenerationParams(max_new_tokens=8))
    assert [r.getMessage() for r in caplog.records] == [
        f"hf: compile: torch {torch.__version__} cannot compile on this Python; decoding eagerly"]
    assert not backend._compiled and backend.clock.warmup_calls == 0
    assert outputs == HFBackend(str(tiny), device="cpu").generate(requests(3), GenerationParams(max_new_tokens=8))


def test_a_model_the_compiler_fails_on_falls_back_with_one_log_line(tiny: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    options = decoding.static_cache_options

    def failing(model, length):  # type: ignore[no-untyped-def]
        def backend(graph, example_inputs):  # type: ignore[no-untyped-def]
            raise RuntimeError("unsupported operator in\nthis graph")

        out = options(model, length)
        out["compile_config"].backend = backend
        return out

    monkeypatch.setattr(decoding, "static_cache_options", failing)
    backend = HFBackend(str(tiny), device="cpu", compile=True, batch_size=2)
    params = GenerationParams(max_new_tokens=8)
    with caplog.at_level(logging.WARNING, logger="tabbench.hf"):
        outputs = backend.generate(requests(4), params)  # two batches: the second is eager from the start
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 1 and messages[0].startswith("hf: compile: compiled decoding failed (")
    assert "unsupported operator in this graph" in messages[0] and messages[0].endswith("decoding eagerly from now on")
    assert not backend._compiled and backend._in_place
    assert outputs == HFBackend(str(tiny), device="cpu").generate(requests(4), params)


def test_an_architecture_without_static_cache_support_falls_back(tiny: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    from transformers import Qwen2ForCausalLM

    monkeypatch.setattr(Qwen2ForCausalLM, "_can_compile_fullgraph", False)
    backend = HFBackend(str(tiny), device="cpu", compile=True)
    with caplog.at_level(logging.WARNING, logger="tabbench.hf"):
        backend.load()
    assert [r.getMessage() for r in caplog.records] == [
        "hf: compile: Qwen2ForCausalLM does not support a static cache with torch.compile; decoding eagerly"]
    assert not backend._compiled


def test_static_cache_lengths_are_bucketed(tiny: Path) -> None:
    backend = HFBackend(str(tiny), device="cpu")
    backend.load()
    lengths = {decoding.static_cache_options(backend._model, n).get("max_cache_len") for n in (1, 200, 256)}
    assert lengths == {decoding.CACHE_BUCKET}
    longer = decoding.static_cache_options(backend._model, decoding.CACHE_BUCKET + 1)
    assert longer["max_cache_len"] == 2 * decoding.CACHE_BUCKET


def test_eval_records_compile_warm_up_apart_from_generation(tiny: Path, tmp_path: Path, traced: None, cli_runner,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(tiny), "--benchmark", "demo-bird", "--limit", "3", "--device", "cpu",
                         "-m", "compile=true", "--max-new-tokens", "4", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    assert results["model"]["fingerprint"]["compile"] is True
    assert results["timing"]["warmup_seconds"] > 0 and "compile warm-up" in result.stderr
