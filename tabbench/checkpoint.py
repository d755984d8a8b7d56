"""Fingerprints of local model checkpoint folders, shared by the model backends (``hf``, ``vllm``).

A run records the size and sha256 of every file that determines a model's outputs, so two runs can be shown
to have used the same weights. Hashes are cached on disk by (path, size, mtime) in
``$TABBENCH_CACHE_DIR/file-hashes.json`` (default ``~/.cache/tabbench``), so multi-GB weights are hashed once.
Light to import: no torch or transformers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabbench.contract.atomic import write_atomic
from tabbench.contract.hashing import file_sha256
from tabbench.contract.paths import cache_dir

HASHED_SUFFIXES = (".safetensors", ".bin", ".json", ".jinja", ".model", ".txt")


def _hash_cache_file() -> Path:
    return cache_dir("file-hashes.json")


def file_digest(path: Path) -> str:
    """sha256 of a file, cached on disk by (path, size, mtime) so multi-GB weights are hashed once."""
    cache_file = _hash_cache_file()
    stat = path.stat()
    key = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    try:
        cache = json.loads(cache_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    if key in cache:
        return str(cache[key])
    cache[key] = file_sha256(path)
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(cache_file, json.dumps(cache, sort_keys=True))
    except OSError:
        pass  # an unwritable cache only costs re-hashing next time
    return str(cache[key])


def checkpoint_files(folder: Path) -> dict[str, dict[str, Any]]:
    """Size and sha256 of the files that determine a checkpoint's outputs (weights, configs, tokenizer)."""
    return {
        p.name: {"size": p.stat().st_size, "sha256": file_digest(p)}
        for p in sorted(folder.iterdir())
        if p.is_file() and p.suffix in HASHED_SUFFIXES and not p.name.startswith(".")
    }
