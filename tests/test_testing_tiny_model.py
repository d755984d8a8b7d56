"""``tabbench.testing.build_tiny_model``: ``tabbench models build-tiny`` in the test's process, which it leaves as
it was; a second call with the same arguments copies the first build (which is deterministic) instead of running
the command again; other arguments build anew."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import tabbench.build_tiny as build_tiny
from tabbench import testing

CORPUS = ["SELECT name FROM kit WHERE id = 7", "Which kit has id 7?"]  # a corpus no other test builds with
SIZES = {"vocab_size": 300, "hidden_size": 16, "num_hidden_layers": 1, "num_attention_heads": 2,
         "num_key_value_heads": 1, "intermediate_size": 32, "max_position_embeddings": 64}


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.slow  # builds one tiny model
def test_the_same_build_twice_is_one_build_and_copies_stay_apart(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import torch
    from transformers.utils import logging as hf_logging

    torch.manual_seed(123)
    hf_logging.enable_progress_bar()
    first = testing.build_tiny_model(tmp_path / "first", CORPUS, seed=5, **SIZES)
    # the build seeded torch and turned progress bars off in this process: both are as they were
    assert torch.rand(1) == torch.rand(1, generator=torch.Generator().manual_seed(123))
    assert hf_logging.is_progress_bar_enabled()
    with pytest.raises(AssertionError, match="not empty"):  # the command's own one-line error
        testing.build_tiny_model(tmp_path / "first", CORPUS, seed=5, **SIZES)
    built = digests(first)
    (first / "config.json").write_text("{}")  # a test changing its copy changes no later one
    started: list[list[str]] = []

    def refuse(args: list[str]) -> None:
        started.append(args)
        raise AssertionError("build-tiny refused")

    monkeypatch.setattr(build_tiny, "_build_tiny", refuse)
    second = testing.build_tiny_model(tmp_path / "second", CORPUS, seed=5, **SIZES)
    assert started == [] and digests(second) == built
    with pytest.raises(AssertionError, match="refused"):  # another seed is another model: built, not copied
        testing.build_tiny_model(tmp_path / "seed6", CORPUS, seed=6, **SIZES)
    with pytest.raises(AssertionError, match="refused"):  # so does a non-empty folder, which build-tiny refuses
        testing.build_tiny_model(tmp_path / "first", CORPUS, seed=5, **SIZES)
    assert len(started) == 2 and started[0][started[0].index("--seed") + 1] == "6"
    assert (first / "config.json").read_text() == "{}"  # left as it was
