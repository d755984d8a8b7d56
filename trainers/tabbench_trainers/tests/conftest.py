from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("trl")

def build_tiny(path: Path, corpus: list[str] | None = None, **sizes: int) -> Path:
    """`tabbench models build-tiny` (the demo plugin's command; plugins share nothing but the command line)."""
    args = [sys.executable, "-m", "tabbench", "models", "build-tiny", str(path)]
    if corpus is not None:
        (path.parent / f"{path.name}-corpus.txt").write_text("\n".join(corpus) + "\n", encoding="utf-8")
        args += ["--corpus", str(path.parent / f"{path.name}-corpus.txt")]
    for key, value in sizes.items():
        args += ["--vocab-size", str(value)] if key == "vocab_size" else ["--size", f"{key}={value}"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return path


@pytest.fixture(scope="session")
def micro_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A very small tiny model (tokenizer trained on the demo data): seconds per training step on a CPU."""
    return build_tiny(tmp_path_factory.mktemp("micro") / "model", vocab_size=384, hidden_size=32,
                      num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=1, intermediate_size=64,
                      max_position_embeddings=512)
