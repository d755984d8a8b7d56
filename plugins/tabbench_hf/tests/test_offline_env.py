"""The hf backend switches the hub offline only while it loads a model: before and after the load, and whether or
not the backend is ever closed, the environment is the process's own."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from tabbench_hf.backend import HFBackend
from tabbench_hf.offline import VARIABLES, held

from tabbench import get_backend


@pytest.fixture
def checkpoint(tmp_path: Path) -> Path:
    """A folder the backend accepts (its model loads only on first generation or ``load``)."""
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "qwen2"}))
    return tmp_path


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _offline() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in VARIABLES}


OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
ONLINE = {"HF_HUB_OFFLINE": None, "TRANSFORMERS_OFFLINE": None}


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``HFBackend._load`` (what reads the checkpoint) replaced by one that records the environment it ran in and
    gives the backend a stand-in model: what ``load`` does around it is what is tested."""
    import huggingface_hub.constants as hub

    seen: list[dict[str, Any]] = []

    def load(self: HFBackend) -> None:
        seen.append({**_offline(), "hub": hub.is_offline_mode()})
        self._model = object()

    monkeypatch.setattr(HFBackend, "_load", load)
    return seen


def test_a_backend_built_but_never_loaded_leaves_the_environment_alone(checkpoint: Path,
                                                                       clean_environment: None) -> None:
    before = dict(os.environ)
    backend = get_backend("hf", str(checkpoint))
    assert dict(os.environ) == before  # built, fingerprinted, never loaded: nothing to download, nothing held
    backend.fingerprint()
    assert dict(os.environ) == before
    backend.close()
    backend.close()  # closing twice changes nothing
    assert dict(os.environ) == before


def test_the_hub_is_offline_while_the_model_loads_and_online_after(checkpoint: Path, clean_environment: None,
                                                                   loads: list[dict[str, Any]]) -> None:
    import huggingface_hub.constants as hub

    before, hub_before = dict(os.environ), hub.is_offline_mode()
    backend = get_backend("hf", str(checkpoint))
    backend.load()
    assert loads == [{**OFFLINE, "hub": True}]  # nothing is downloaded while the model loads
    assert dict(os.environ) == before and hub.is_offline_mode() is hub_before  # open and loaded: online again
    backend.load()  # loaded once
    assert len(loads) == 1
    backend.close()
    assert dict(os.environ) == before


def test_a_loaded_backend_dropped_without_close_leaves_the_process_online(checkpoint: Path, clean_environment: None,
                                                                          loads: list[dict[str, Any]]) -> None:
    before = dict(os.environ)
    backend = get_backend("hf", str(checkpoint))
    backend.load()
    del backend
    gc.collect()
    assert loads and dict(os.environ) == before


def test_a_failed_load_puts_the_environment_back(checkpoint: Path, clean_environment: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The real loading path (transformers' ``from_pretrained``) runs offline; its failure still puts it back."""
    pytest.importorskip("transformers")
    import transformers

    seen: list[dict[str, str | None]] = []

    def from_pretrained(*args: Any, **kwargs: Any) -> None:
        seen.append(_offline())
        raise OSError("no tokenizer files")

    monkeypatch.setattr(transformers.AutoTokenizer, "from_pretrained", from_pretrained)
    backend = get_backend("hf", str(checkpoint), device="cpu")
    with pytest.raises(Exception, match="cannot load"):
        backend.load()
    assert seen == [OFFLINE]
    assert _offline() == ONLINE


def test_a_value_the_user_set_is_kept(checkpoint: Path, monkeypatch: pytest.MonkeyPatch,
                                      loads: list[dict[str, Any]]) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    backend = get_backend("hf", str(checkpoint))
    backend.load()
    assert {k: v for k, v in loads[0].items() if k != "hub"} == {"HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "1"}
    assert _offline() == {"HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": None}
    backend.close()


def test_two_loads_at_once_keep_it_offline_until_the_last_ends(clean_environment: None) -> None:
    first_in, second_done = threading.Event(), threading.Event()
    during: list[dict[str, str | None]] = []

    def first() -> None:
        with held():
            first_in.set()
            second_done.wait(10)
            during.append(_offline())

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(10)
    with held():
        pass
    second_done.set()
    thread.join(10)
    assert during == [OFFLINE]  # the second load's end did not put the first one online
    assert _offline() == ONLINE


def test_a_hub_flag_the_backend_did_not_set_is_left_as_it_was(checkpoint: Path, clean_environment: None,
                                                              loads: list[dict[str, Any]]) -> None:
    """huggingface_hub reads the variables once, at import: its flag follows the load too; one that was already
    offline (imported while the user had the variables set) stays so."""
    import huggingface_hub.constants as hub

    before = hub.HF_HUB_OFFLINE
    hub.HF_HUB_OFFLINE = True
    try:
        get_backend("hf", str(checkpoint)).load()
        assert hub.is_offline_mode() is True
    finally:
        hub.HF_HUB_OFFLINE = before


def test_a_hub_first_imported_by_the_load_is_online_again_after(checkpoint: Path) -> None:
    code = ("from tabbench_hf.backend import HFBackend\n"
            "import sys\n"
            "def load(self):\n"
            "    import huggingface_hub.constants as hub\n"
            "    self.during = hub.is_offline_mode()\n"
            "    self._model = object()\n"
            "HFBackend._load = load\n"
            f"backend = HFBackend({str(checkpoint)!r})\n"
            "assert 'huggingface_hub' not in sys.modules\n"
            "backend.load()\n"
            "import huggingface_hub.constants as hub\n"
            "print(backend.during, hub.is_offline_mode())")
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]
