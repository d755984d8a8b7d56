"""``tabbench models import-gguf``: a GGUF written here (no download) round-trips to the same logits; bad files are
one-line errors; the real SmolLM2 file when ``TABBENCH_SMOLLM2_GGUF`` names it."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("transformers")
gguf = pytest.importorskip("gguf")

import torch  # noqa: E402
from transformers import AutoModelForCausalLM, AutoTokenizer, LlamaConfig, LlamaForCausalLM  # noqa: E402

from tabbench.testing import build_tiny_model  # noqa: E402

HEADS, KV_HEADS = 4, 2
CHAT = "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}" \
       "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"


def _permute(w: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp's rotary layout of q/k rows (transformers undoes it when it reads a llama GGUF)."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def write_gguf(path: Path, model: LlamaForCausalLM, tokenizer_dir: Path, *, arch: str = "llama",
               quant: gguf.GGMLQuantizationType | None = None) -> Path:
    """A llama GGUF of ``model`` with the byte-level BPE tokenizer in ``tokenizer_dir`` and a ChatML template."""
    tok = AutoTokenizer.from_pretrained(tokenizer_dir)
    vocab = tok.get_vocab()
    tokens = [t for t, _ in sorted(vocab.items(), key=lambda kv: kv[1])]
    merges = [" ".join(m) if isinstance(m, list) else m
              for m in json.loads(tok.backend_tokenizer.to_str())["model"]["merges"]]
    c = model.config
    w = gguf.GGUFWriter(str(path), arch)
    w.add_context_length(c.max_position_embeddings)
    w.add_embedding_length(c.hidden_size)
    w.add_block_count(c.num_hidden_layers)
    w.add_feed_forward_length(c.intermediate_size)
    w.add_head_count(c.num_attention_heads)
    w.add_head_count_kv(c.num_key_value_heads)
    w.add_rope_dimension_count(c.hidden_size // c.num_attention_heads)
    w.add_rope_freq_base(c.rope_parameters["rope_theta"] if getattr(c, "rope_parameters", None) else 10000.0)
    w.add_layer_norm_rms_eps(c.rms_norm_eps)
    w.add_vocab_size(c.vocab_size)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("default")
    w.add_token_list(tokens)
    w.add_token_types([gguf.TokenType.NORMAL] * len(tokens))
    w.add_token_merges(merges)
    w.add_bos_token_id(vocab["<|im_start|>"])
    w.add_eos_token_id(vocab["<|im_end|>"])
    w.add_chat_template(CHAT)
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in model.state_dict().items()}
    names = {"model.embed_tokens.weight": "token_embd.weight", "model.norm.weight": "output_norm.weight",
             "lm_head.weight": "output.weight"}
    per_layer = {"input_layernorm": "attn_norm", "self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k",
                 "self_attn.v_proj": "attn_v", "self_attn.o_proj": "attn_output",
                 "post_attention_layernorm": "ffn_norm", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
                 "mlp.down_proj": "ffn_down"}
    for i in range(c.num_hidden_layers):
        for hf, gg in per_layer.items():
            names[f"model.layers.{i}.{hf}.weight"] = f"blk.{i}.{gg}.weight"
    for hf, gg in names.items():
        tensor = sd[hf]
        if gg.endswith("attn_q.weight"):
            tensor = _permute(tensor, c.num_attention_heads)
        elif gg.endswith("attn_k.weight"):
            tensor = _permute(tensor, c.num_key_value_heads)
        if quant is not None and tensor.ndim == 2:
            w.add_tensor(gg, gguf.quants.quantize(tensor, quant), raw_dtype=quant)
        else:
            w.add_tensor(gg, tensor)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> tuple[LlamaForCausalLM, Path]:
    """A random tiny llama and the folder of a ChatML byte-level BPE tokenizer for it."""
    folder = build_tiny_model(tmp_path_factory.mktemp("tok") / "tiny", ["SELECT name FROM t WHERE x = 'a'"] * 4,
                              hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                              num_attention_heads=HEADS, num_key_value_heads=KV_HEADS, vocab_size=300)
    vocab = len(AutoTokenizer.from_pretrained(folder))
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=vocab, hidden_size=128, intermediate_size=256, num_hidden_layers=2,
                         num_attention_heads=HEADS, num_key_value_heads=KV_HEADS, max_position_embeddings=256,
                         tie_word_embeddings=False)
    return LlamaForCausalLM(config).eval(), folder


@pytest.fixture
def import_(cli_runner):
    """``tabbench models import-gguf`` in this process (a subprocess per case cost a second of start-up each)."""

    def run(gguf_file: Path, out: Path) -> tuple[int, str]:
        done = cli_runner(["models", "import-gguf", str(gguf_file), str(out)])
        return done.exit_code, done.stderr.strip() if done.exit_code else done.stdout

    return run


def logits(model: torch.nn.Module) -> torch.Tensor:
    with torch.no_grad():
        return model(torch.arange(3, 40).unsqueeze(0)).logits


@pytest.mark.parametrize("quant", [None, gguf.GGMLQuantizationType.Q8_0])
def test_round_trip_gives_the_same_model(import_, source, tmp_path: Path, quant) -> None:
    model, tokenizer_dir = source
    code, output = import_(write_gguf(tmp_path / "m.gguf", model, tokenizer_dir, quant=quant), tmp_path / "out")
    assert code == 0, output
    names = {p.name for p in (tmp_path / "out").iterdir()}
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= names
    imported = AutoModelForCausalLM.from_pretrained(tmp_path / "out").eval()
    assert "quantization_config" not in imported.config.to_dict()
    tolerance = 1e-4 if quant is None else 0.1  # Q8_0: 8-bit blocks
    assert torch.allclose(logits(imported), logits(model), atol=tolerance)
    tok = AutoTokenizer.from_pretrained(tmp_path / "out")
    prompt = tok.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False, add_generation_prompt=True)
    assert prompt == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"


def test_unknown_architecture_is_a_one_line_error(import_, source, tmp_path: Path) -> None:
    model, tokenizer_dir = source
    code, output = import_(write_gguf(tmp_path / "m.gguf", model, tokenizer_dir, arch="nosucharch"), tmp_path / "o")
    assert code == 2
    assert "architecture 'nosucharch'" in output and len(output.strip().splitlines()) == 1
    assert not (tmp_path / "o").exists()


def test_unreadable_quantisation_type_and_missing_chat_template_are_named(import_, tmp_path: Path) -> None:
    for name, template in (("bare.gguf", False), ("q.gguf", True)):
        w = gguf.GGUFWriter(str(tmp_path / name), "llama")
        if template:
            w.add_chat_template(CHAT)
        w.add_tensor("token_embd.weight", np.zeros((4, 292), dtype=np.uint8),
                     raw_dtype=gguf.GGMLQuantizationType.Q8_K)
        w.write_header_to_file()
        w.write_kv_data_to_file()
        w.write_tensors_to_file()
        w.close()
    code, output = import_(tmp_path / "bare.gguf", tmp_path / "o")
    assert code == 2 and "no tokenizer.chat_template" in output
    code, output = import_(tmp_path / "q.gguf", tmp_path / "o")
    assert code == 2 and "quantisation type Q8_K" in output and "token_embd.weight" in output
    assert not (tmp_path / "o").exists()


def test_not_a_gguf_and_non_empty_out(import_, source, tmp_path: Path) -> None:
    (tmp_path / "x.gguf").write_text("not gguf")
    code, output = import_(tmp_path / "x.gguf", tmp_path / "o")
    assert code == 2 and "not a readable GGUF file" in output
    model, tokenizer_dir = source
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "f").write_text("x")
    code, output = import_(write_gguf(tmp_path / "m.gguf", model, tokenizer_dir), tmp_path / "full")
    assert code == 2 and "not empty" in output


@pytest.mark.skipif(not os.environ.get("TABBENCH_SMOLLM2_GGUF"), reason="TABBENCH_SMOLLM2_GGUF not set")
def test_real_smollm2(import_, tmp_path: Path) -> None:
    code, output = import_(Path(os.environ["TABBENCH_SMOLLM2_GGUF"]), tmp_path / "smol")
    assert code == 0, output
    model = AutoModelForCausalLM.from_pretrained(tmp_path / "smol")
    assert 134e6 < model.num_parameters() < 136e6
    tok = AutoTokenizer.from_pretrained(tmp_path / "smol")
    ids = tok.apply_chat_template([{"role": "user", "content": "What is 2+2?"}], add_generation_prompt=True,
                                  return_tensors="pt", return_dict=True)
    out = model.generate(**ids, max_new_tokens=24, do_sample=False)
    assert "4" in tok.decode(out[0, ids["input_ids"].shape[1]:])


# --- hostile files and output paths ---------------------------------------------------------------------------


def _kv(name: str, kind: int, payload: bytes) -> bytes:
    key = name.encode()
    return struct.pack("<Q", len(key)) + key + struct.pack("<I", kind) + payload


def _string(raw: bytes) -> bytes:
    return struct.pack("<Q", len(raw)) + raw


def _header(keys: int, *entries: bytes, tensors: int = 0) -> bytes:
    return b"GGUF" + struct.pack("<IQQ", 3, tensors, keys) + b"".join(entries)


CHAT_KV = _kv("tokenizer.chat_template", 8, _string(CHAT.encode()))
HOSTILE_GGUFS = {
    "architecture not UTF-8": (_header(2, _kv("general.architecture", 8, _string(b"\xff\xfellama")), CHAT_KV),
                               "general.architecture is not UTF-8"),
    "cut inside metadata": (_header(2, _kv("general.architecture", 8, _string(b"llama")), CHAT_KV)[:-20],
                            "runs past the end"),
    "2^62 keys": (_header(2**62, _kv("general.architecture", 8, _string(b"llama"))),
                  "claims 4611686018427387904 metadata keys"),
    "2^62 tensors": (_header(1, _kv("general.architecture", 8, _string(b"llama")), tensors=2**62),
                     "4611686018427387904 tensors"),
    "string longer than the file": (_header(1, _kv("general.architecture", 8, struct.pack("<Q", 2**40) + b"ll")),
                                    "runs past the end"),
    "array of 2^40 bytes": (_header(1, _kv("tokenizer.scores", 9, struct.pack("<IQ", 0, 2**40))),
                            "runs past the end"),
    "array of 2^40 strings": (_header(1, _kv("tokenizer.tokens", 9, struct.pack("<IQ", 8, 2**40))),
                              "more than the file holds"),
    "unknown value type": (_header(1, _kv("general.architecture", 77, b"")), "unknown type 77"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_GGUFS))
def test_a_hostile_gguf_is_one_line(import_, tmp_path: Path, case: str) -> None:
    content, says = HOSTILE_GGUFS[case]
    (tmp_path / "h.gguf").write_bytes(content)
    code, output = import_(tmp_path / "h.gguf", tmp_path / "o")
    assert code == 2 and len(output.splitlines()) == 1 and "Traceback" not in output, output
    assert str(tmp_path / "h.gguf") in output and says in output, output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("out", "says"), [("afile", "a file is in the way"), ("afile/sub", "a file is in the way"),
                                           ("/proc/tabbench-gguf-out", "cannot write in /proc"),
                                           ("dangling", "a symlink to nothing")])
def test_an_unusable_output_path_is_refused_before_conversion(import_, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              out: str, says: str) -> None:
    from tabbench_hf import gguf_import

    from tabbench import UsageError

    (tmp_path / "afile").write_text("x")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "m.gguf").write_bytes(HOSTILE_GGUFS["2^62 keys"][0])

    def converted(*args):
        raise AssertionError("the GGUF was read before the output path was checked")

    monkeypatch.setattr(gguf_import, "_check_readable", converted)
    with pytest.raises(UsageError, match="OUT") as caught:
        gguf_import.import_gguf(tmp_path / "m.gguf", tmp_path / out)
    assert says in str(caught.value)
    code, output = import_(tmp_path / "m.gguf", tmp_path / out)  # click may refuse a file first, in its words
    assert code == 2 and len(output.splitlines()) == 1 and str(tmp_path / out) in output, output
