"""Linear layers through oneDNN with packed weights (``-m onednn``): the same logits and completions as torch's
linear, where it applies (float32, no MKL pin), kept away from LoRA layers, and a torch or a model that cannot run
packed keeps its own layers, with one log line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest.importorskip("transformers")

import torch
from tabbench_hf import onednn
from tabbench_hf.backend import HFBackend

from tabbench import Example, GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model

pytestmark = pytest.mark.slow  # builds and runs a tiny transformers checkpoint

CORPUS = ["Translate the question into SQL.", "How many pets are older than 3?", "SELECT count(*) FROM pets",
          "List the names of the owners.", "SELECT name FROM owners"]
SPEC = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1, "vocab_size": 300}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("onednn") / "tiny", CORPUS, **SPEC)


def requests(n: int = 5) -> list[GenerationRequest]:
    questions = [f"How many pets does owner {i} have?" + " really" * i for i in range(n)]
    return [GenerationRequest([{"role": "user", "content": q}], Example(str(i), None), "t")
            for i, q in enumerate(questions)]


def linears(backend: HFBackend) -> tuple[int, int]:
    modules = list(backend._model.modules())
    return (sum(isinstance(m, onednn.PackedLinear) for m in modules),
            sum(type(m) is torch.nn.Linear for m in modules))


@pytest.mark.skipif(not onednn.available(), reason="this torch has no oneDNN linear")
def test_packed_layers_give_torchs_logits_and_completions(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MKL_CBWR", raising=False)
    packed, plain = HFBackend(str(tiny), device="cpu"), HFBackend(str(tiny), device="cpu", onednn=False)
    packed.load()
    plain.load()
    assert linears(packed) == (2 * 7 + 1, 0)  # q, k, v, o, gate, up, down per layer, and the head
    assert linears(plain) == (0, 2 * 7 + 1)
    ids = torch.tensor([[5, 17, 42, 99, 3, 250]])
    with torch.inference_mode():
        torch.testing.assert_close(packed._model(ids).logits, plain._model(ids).logits, rtol=1e-5, atol=1e-5)
    params = GenerationParams(max_new_tokens=12)
    assert packed.generate(requests(), params) == plain.generate(requests(), params)
    sampled = GenerationParams(max_new_tokens=12, temperature=0.8, n=2, seed=3)
    assert packed.generate(requests(), sampled) == plain.generate(requests(), sampled)


def test_float32_only_and_not_in_the_fingerprint(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Like the thread count, the kernels change only the last bits: a run started before 0.3.0 resumes, and cached
    responses stay usable."""
    monkeypatch.delenv("MKL_CBWR", raising=False)
    on = HFBackend(str(tiny), device="cpu").fingerprint()
    assert on == HFBackend(str(tiny), device="cpu", onednn=False).fingerprint() and "onednn" not in on
    bf16 = HFBackend(str(tiny), device="cpu", dtype="bfloat16")
    bf16.load()
    assert linears(bf16) == (0, 2 * 7 + 1)  # packing is for float32 weights only


def test_kernels_pinned_for_reproducible_numbers_keep_torchs_linear(tiny: Path, monkeypatch: pytest.MonkeyPatch
                                                                    ) -> None:
    """``MKL_CBWR`` (``tabbench.reproducible``: the demo, ``--reproducible``) asks for MKL's reproducible branch:
    packed oneDNN layers would leave it, and the demo's board would no longer be every machine's."""
    monkeypatch.setenv("MKL_CBWR", "COMPATIBLE")
    backend = HFBackend(str(tiny), device="cpu")
    backend.load()
    assert linears(backend) == (0, 2 * 7 + 1)


@pytest.mark.skipif(not onednn.available(), reason="this torch has no oneDNN linear")
def test_layers_inside_a_lora_adapter_keep_torchs_linear(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.delenv("MKL_CBWR", raising=False)
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    base = AutoModelForCausalLM.from_pretrained(str(tiny), local_files_only=True)
    config = LoraConfig(r=4, lora_alpha=64, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    get_peft_model(base, config).save_pretrained(tmp_path / "adapter")
    params = GenerationParams(max_new_tokens=12)
    adapted = HFBackend(str(tiny), device="cpu", adapter=str(tmp_path / "adapter"))
    reference = HFBackend(str(tiny), device="cpu", adapter=str(tmp_path / "adapter"), onednn=False)
    assert adapted.generate(requests(), params) == reference.generate(requests(), params)
    # 2 layers x (k, o, gate, up, down) and the head are packed; q and v, wrapped by LoRA, keep theirs and so do
    # their lora_A and lora_B (greedy completions compared: the sampled ones are in the test above)
    assert linears(adapted) == (2 * 5 + 1, 2 * 2 * 3)


def test_a_torch_without_the_op_keeps_its_own_layers_with_one_log_line(
        tiny: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def missing(*args: object) -> None:
        raise AttributeError("'_OpNamespace' 'mkldnn' object has no attribute '_reorder_linear_weight'")

    monkeypatch.setattr(onednn.PackedLinear, "__init__", missing)
    onednn.available.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="tabbench.hf"):
            backend = HFBackend(str(tiny), device="cpu")
            backend.load()
        assert linears(backend) == (0, 2 * 7 + 1)
        assert [r.getMessage() for r in caplog.records if "onednn" in r.getMessage()] == [
            "hf: onednn: this torch cannot pack linear weights ('_OpNamespace' 'mkldnn' object has no attribute "
            "'_reorder_linear_weight'); using torch's linear"]
        assert backend.generate(requests(2), GenerationParams(max_new_tokens=4))
    finally:
        onednn.available.cache_clear()


@pytest.mark.skipif(not onednn.available(), reason="this torch has no oneDNN linear")
def test_a_model_whose_code_reads_a_layers_weight_keeps_torchs_layers(caplog: pytest.LogCaptureFixture) -> None:
    """Mamba multiplies by ``dt_proj.weight`` itself: the check without weights in reach fails, so nothing is
    packed and the layers are the same objects as before."""
    from transformers import MambaConfig, MambaForCausalLM

    torch.manual_seed(0)
    model = MambaForCausalLM(MambaConfig(vocab_size=64, hidden_size=32, state_size=4, num_hidden_layers=2)).eval()
    before = {name: module for name, module in model.named_modules() if type(module) is torch.nn.Linear}
    ids = torch.tensor([[1, 5, 9]])

    def generate() -> object:
        with torch.inference_mode():
            return model.generate(input_ids=ids, max_new_tokens=3, do_sample=False)

    expected = generate()
    with caplog.at_level(logging.WARNING, logger="tabbench.hf"):
        assert onednn.pack(model, generate) == 0
    assert {name: module for name, module in model.named_modules() if type(module) is torch.nn.Linear} == before
    assert torch.equal(generate(), expected)
    [line] = [r.getMessage() for r in caplog.records if "onednn" in r.getMessage()]
    assert line.startswith("hf: onednn: MambaForCausalLM does not run with packed linear layers (AttributeError: ")
    assert line.endswith("; using torch's linear")


def test_the_option_must_be_a_boolean(tiny: Path) -> None:
    from tabbench import ConfigError

    with pytest.raises(ConfigError, match="onednn"):
        HFBackend(str(tiny), device="cpu", onednn="sometimes")
