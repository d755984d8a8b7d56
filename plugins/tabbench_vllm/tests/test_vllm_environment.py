"""The environment the vLLM engine needs (``VLLM_BATCH_INVARIANT``, ``HF_HUB_OFFLINE``) is set only while an engine
runs and put back when it closes: importing the plugin or building the backend changes nothing. A stand-in
``vllm`` module records what the engine saw (vLLM cannot run here)."""

from __future__ import annotations

import os
import sys
import types

import pytest
from tabbench_vllm.backend import VLLMBackend

from tabbench import BackendError

KEYS = ("VLLM_BATCH_INVARIANT", "HF_HUB_OFFLINE")


@pytest.fixture
def checkpoint(tmp_path, monkeypatch):
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))  # the fingerprint's file hashes
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "config.json").write_text("{}")
    return tmp_path / "model"


@pytest.fixture
def engine_saw(monkeypatch):
    """A fake ``vllm`` whose ``LLM`` records the variables as the engine is built (``fail``: it raises)."""
    seen: list[dict[str, str | None]] = []
    fake = types.ModuleType("vllm")

    class LLM:
        fail = False

        def __init__(self, **kwargs):
            seen.append({key: os.environ.get(key) for key in KEYS})
            if LLM.fail:
                raise RuntimeError("no GPU")

    fake.LLM = LLM
    monkeypatch.setitem(sys.modules, "vllm", fake)
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    return seen, LLM


@pytest.mark.parametrize("batch_invariant", [True, False])
def test_set_while_the_engine_runs_and_restored_when_it_closes(checkpoint, engine_saw, batch_invariant):
    seen, _ = engine_saw
    before = dict(os.environ)
    backend = VLLMBackend(str(checkpoint), batch_invariant=batch_invariant)
    assert dict(os.environ) == before  # building the backend touches nothing
    backend.load()
    assert seen == [{"VLLM_BATCH_INVARIANT": "1" if batch_invariant else "0", "HF_HUB_OFFLINE": "1"}]
    assert os.environ.get("VLLM_BATCH_INVARIANT") == ("1" if batch_invariant else "0")  # for the engine's life
    backend.close()
    assert dict(os.environ) == before


def test_the_option_decides_and_the_users_values_come_back(checkpoint, engine_saw, monkeypatch):
    """A ``VLLM_BATCH_INVARIANT`` left in the shell cannot make the run differ from its recorded option."""
    seen, _ = engine_saw
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    monkeypatch.setenv("VLLM_BATCH_INVARIANT", "1")
    backend = VLLMBackend(str(checkpoint))
    backend.load()
    assert seen == [{"VLLM_BATCH_INVARIANT": "0", "HF_HUB_OFFLINE": "0"}]  # the option; offline as the user set
    assert backend.fingerprint()["batch_invariant"] is False
    backend.close()
    assert (os.environ["VLLM_BATCH_INVARIANT"], os.environ["HF_HUB_OFFLINE"]) == ("1", "0")


def test_an_engine_that_fails_to_start_leaves_the_environment_as_it_was(checkpoint, engine_saw):
    _, llm = engine_saw
    llm.fail = True
    before = dict(os.environ)
    backend = VLLMBackend(str(checkpoint), batch_invariant=True)
    with pytest.raises(BackendError, match=r"cannot start the engine .*RuntimeError: no GPU"):
        backend.load()
    assert dict(os.environ) == before


def test_importing_the_plugin_sets_nothing():
    code = ("import os, sys; before = dict(os.environ); import tabbench_vllm.backend, tabbench_vllm.data_parallel; "
            "sys.exit(dict(os.environ) != before)")
    import subprocess

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
