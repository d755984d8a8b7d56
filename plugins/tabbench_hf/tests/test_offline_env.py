"""The hf backend switches the hub offline only while it is open: after close the environment is as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tabbench_hf import offline
from tabbench_hf.offline import VARIABLES

from tabbench import get_backend


@pytest.fixture
def checkpoint(tmp_path: Path) -> Path:
    """A folder the backend accepts (its model loads only on first generation, never here)."""
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "qwen2"}))
    return tmp_path


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def no_backend_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no hf backend open: one that another test of the session left open (and the switches
    it saved) is set aside, and back after the test."""
    monkeypatch.setattr(offline, "_holders", 0)
    monkeypatch.setattr(offline, "_saved", {})
    monkeypatch.setattr(offline, "_saved_hub", [])


def _offline() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in VARIABLES}


def test_the_environment_is_unchanged_after_the_backend_closes(checkpoint: Path, clean_environment: None) -> None:
    before = dict(os.environ)
    backend = get_backend("hf", str(checkpoint))
    assert _offline() == {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}  # nothing downloads while open
    backend.close()
    assert dict(os.environ) == before
    backend.close()  # closing twice changes nothing
    assert dict(os.environ) == before


def test_a_value_the_user_set_is_kept(checkpoint: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    backend = get_backend("hf", str(checkpoint))
    assert _offline() == {"HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "1"}
    backend.close()
    assert _offline() == {"HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": None}


def test_two_open_backends_keep_it_offline_until_the_last_closes(checkpoint: Path, clean_environment: None) -> None:
    first, second = get_backend("hf", str(checkpoint)), get_backend("hf", str(checkpoint))
    first.close()
    assert _offline() == {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    second.close()
    assert _offline() == {"HF_HUB_OFFLINE": None, "TRANSFORMERS_OFFLINE": None}


def test_a_refused_folder_leaves_the_environment_alone(tmp_path: Path, clean_environment: None) -> None:
    with pytest.raises(Exception, match=r"config\.json"):
        get_backend("hf", str(tmp_path))
    assert _offline() == {"HF_HUB_OFFLINE": None, "TRANSFORMERS_OFFLINE": None}


def test_the_hub_is_offline_while_open_and_as_before_after(checkpoint: Path, clean_environment: None) -> None:
    """huggingface_hub reads the variables once, at import: its flag follows the backend too, whether the hub
    was imported before the backend opened (a trainer) or while it was open (eval)."""
    import huggingface_hub.constants as hub

    before = hub.is_offline_mode()
    backend = get_backend("hf", str(checkpoint))
    assert hub.is_offline_mode() is True
    backend.close()
    assert hub.is_offline_mode() is before
    hub.HF_HUB_OFFLINE = True  # as if imported while a backend had the variables set
    try:
        get_backend("hf", str(checkpoint)).close()
        assert hub.is_offline_mode() is True  # a flag the backend did not set is left as it was
    finally:
        hub.HF_HUB_OFFLINE = before


def test_a_hub_first_imported_by_the_backend_is_online_again_after(checkpoint: Path) -> None:
    code = (f"from tabbench import get_backend\nbackend = get_backend('hf', {str(checkpoint)!r})\n"
            "import huggingface_hub.constants as hub\nopen_ = hub.is_offline_mode()\nbackend.close()\n"
            "print(open_, hub.is_offline_mode())")
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]
