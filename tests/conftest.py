from __future__ import annotations

from pathlib import Path

import pytest

from tests.toy_plugin import install_plugins, write_toy_data


@pytest.fixture(scope="session")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the toy and broken third-party plugins, installed with pip --target."""
    return install_plugins(tmp_path_factory.mktemp("plugins"))


@pytest.fixture
def toy_data(tmp_path: Path) -> Path:
    return write_toy_data(tmp_path / "toy.jsonl")
