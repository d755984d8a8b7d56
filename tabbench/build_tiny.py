"""``build_tiny_model``: the tiny offline test model, built in this process by ``tabbench models build-tiny`` (the
demo plugin's command). The plugin test kit offers it (``tabbench.testing.build_tiny_model``), and 0.1's
``tabbench.tinymodel.build_tiny_model`` builds through it; it lives apart from the kit so that it needs no pytest.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: this process's tiny models so far: the arguments of ``build_tiny_model`` -> a private copy of what they built
_TINY_MODELS: dict[tuple[Any, ...], Path] = {}


def build_tiny_model(path: str | Path, corpus: Sequence[str] | None = None, *, seed: int = 0, **sizes: int) -> Path:
    """Build a tiny offline model at ``path`` with ``tabbench models build-tiny`` (the demo plugin's command).

    Plugins share nothing but the public command line, so backend and trainer tests get their model this way.
    ``corpus`` (texts) trains the tokenizer instead of the demo data; ``seed`` seeds the weights; ``vocab_size``
    and the model sizes (``hidden_size``, ``num_hidden_layers``, ...) become ``--vocab-size`` / ``--size KEY=N``.
    The command runs in this process (a test that builds a model imports torch anyway), which it leaves as it was.
    The build is deterministic, so a call with the same arguments as an earlier one in this process copies that
    build (kept aside, untouched by what tests do to their copies) instead of building again.
    """
    path = Path(path)
    key = (None if corpus is None else tuple(corpus), seed, tuple(sorted(sizes.items())))
    built = _TINY_MODELS.get(key)
    if built is not None and not (path.exists() and (not path.is_dir() or any(path.iterdir()))):
        shutil.copytree(built, path, dirs_exist_ok=True)
        return path
    args = [str(path), "--seed", str(seed)]
    if corpus is not None:
        corpus_file = path.parent / f"{path.name}-corpus.txt"
        corpus_file.write_text("\n".join(corpus) + "\n", encoding="utf-8")
        args += ["--corpus", str(corpus_file)]
    for key_name, value in sizes.items():
        args += ["--vocab-size", str(value)] if key_name == "vocab_size" else ["--size", f"{key_name}={value}"]
    _build_tiny(args)
    if built is None:
        kept = Path(tempfile.mkdtemp(prefix="tabbench-tiny-"))
        atexit.register(shutil.rmtree, kept, ignore_errors=True)
        _TINY_MODELS[key] = shutil.copytree(path, kept / "model")
    return path


def _build_tiny(args: list[str]) -> None:
    """``tabbench models build-tiny ARGS`` in this process, which keeps its torch generator (the build seeds it)
    and transformers' progress bars (the build turns them off)."""
    import torch
    from click.testing import CliRunner
    from transformers.utils import logging as hf_logging

    from tabbench.cli import build_cli

    bars = hf_logging.is_progress_bar_enabled()
    with torch.random.fork_rng():  # the CPU generator and, on a GPU host, the CUDA ones (the build seeds all)
        result = CliRunner().invoke(build_cli(), ["models", "build-tiny", *args])
    if bars:
        hf_logging.enable_progress_bar()
    if result.exit_code != 0:  # the command's one-line error, as the failure of a test's setup
        raise AssertionError(f"tabbench models build-tiny failed: {result.output[-2000:]}{result.exception!r}")
