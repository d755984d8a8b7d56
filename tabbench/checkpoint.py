"""Fingerprints of local model checkpoint folders, shared by the model backends (``hf``, ``vllm``), and the
published model a folder says it is (``hub_id``).

A run records the size and sha256 of every file that determines a model's outputs, so two runs can be shown
to have used the same weights. Hashes are cached on disk by (path, size, mtime) in
``$TABBENCH_CACHE_DIR/file-hashes.json`` (default ``~/.cache/tabbench``), so multi-GB weights are hashed once.
Light to import: no torch or transformers.
"""

from __future__ import annotations

import json
import re
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


_HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]*/[\w.-]+")


def is_hub_id(name: object) -> bool:
    """Whether ``name`` reads as a published model's id, ``org/name`` (``Qwen/Qwen2.5-7B``), not a local path."""
    return isinstance(name, str) and _HUB_ID.fullmatch(name) is not None


def hub_id(folder: Path) -> str | None:
    """The published model (a hub id, ``org/name``) a checkpoint folder was saved from, when its ``config.json``
    says so (``_name_or_path``, which older transformers wrote and many published checkpoints keep), else
    ``None``. A local path there (``/home/me/ckpt``, ``./out``, or ``out/ckpt`` when that folder exists) names no
    publisher and gives ``None``: exports take a model's developer from this, never from a folder's name."""
    try:
        config = json.loads((Path(folder) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = config.get("_name_or_path") if isinstance(config, dict) else None
    if not is_hub_id(name) or Path(name).exists():  # "out/ckpt" that is a folder here is a path, not a model
        return None
    return name
