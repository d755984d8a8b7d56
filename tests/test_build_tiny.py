"""``tabbench models build-tiny`` (``tabbench.build_tiny``): malformed input is one line naming the path or
option, and nothing is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def _build_tiny(cli_runner: Any, *args: str) -> Any:
    pytest.importorskip("tokenizers")
    return cli_runner(["models", "build-tiny", *args])


def test_build_tiny_under_a_file(cli_runner, afile: Path) -> None:
    one_line_error(_build_tiny(cli_runner, str(afile / "model")), str(afile / "model"), "not a writable folder")
    assert afile.read_text() == "not a folder\n"


def test_build_tiny_binary_corpus(cli_runner, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_bytes(bytes(range(256)))
    one_line_error(_build_tiny(cli_runner, str(tmp_path / "model"), "--corpus", str(corpus)), str(corpus))
    assert not (tmp_path / "model").exists()


def test_build_tiny_into_a_non_empty_folder(cli_runner, tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    one_line_error(_build_tiny(cli_runner, str(tmp_path)), str(tmp_path), "not empty")
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_build_tiny_vocabulary_out_of_range(cli_runner, tmp_path: Path) -> None:
    one_line_error(_build_tiny(cli_runner, str(tmp_path / "m"), "--vocab-size", "1e12"), "--vocab-size")
