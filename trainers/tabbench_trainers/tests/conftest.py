from __future__ import annotations

from pathlib import Path

import pytest

from tabbench.testing import build_tiny_model

pytest.importorskip("trl")


@pytest.fixture(scope="session")
def micro_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A very small tiny model (tokenizer trained on the demo data): seconds per training step on a CPU."""
    return build_tiny_model(tmp_path_factory.mktemp("micro") / "model", vocab_size=384, hidden_size=32,
                            num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=1, intermediate_size=64,
                            max_position_embeddings=512)
