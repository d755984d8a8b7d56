"""The backend of a local checkpoint folder comes from the ``default_backend`` hook (first answer wins), not from
a name written in the host: the hf plugin answers ``hf``, a plugin can answer otherwise, and with no answer the
run stops with one line asking for ``--backend``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabbench
from tabbench.contract import hookspecs
from tabbench.evaluation.config import split_model
from tabbench.testing import isolated

ROOT = Path(__file__).resolve().parents[1]


class ServesFolders:
    @tabbench.hookimpl
    def default_backend(self, model: str) -> str:
        return "gold"


class Declines:
    @tabbench.hookimpl
    def default_backend(self, model: str) -> None:
        return None


def test_the_hook_is_a_first_result_question() -> None:
    assert hookspecs.default_backend.tabbench_spec["firstresult"] is True


def test_the_hf_plugin_serves_a_local_folder(tmp_path: Path) -> None:
    assert split_model(str(tmp_path)) == ("hf", str(tmp_path))
    assert tabbench.default_backend(str(tmp_path)) == "hf"
    assert split_model(f"gold:{tmp_path}") == ("gold", str(tmp_path))  # a named backend is not asked about


def test_a_plugin_registered_later_answers_first(tmp_path: Path) -> None:
    with isolated(["hf"]) as host:
        assert tabbench.default_backend(str(tmp_path)) == "hf"
        host.register(Declines(), "declines")
        host.register(ServesFolders(), "serves-folders")
        assert split_model(str(tmp_path)) == ("gold", str(tmp_path))


def test_with_no_answer_the_error_asks_for_a_backend(tmp_path: Path) -> None:
    with isolated() as host:
        host.register(Declines(), "declines")
        with pytest.raises(tabbench.ConfigError, match="--backend NAME") as caught:
            split_model(str(tmp_path))
    assert "\n" not in str(caught.value) and str(tmp_path) in str(caught.value)


@pytest.mark.parametrize("path", ["tabbench/evaluation/generation.py", "trainers/tabbench_trainers/tao.py"])
def test_no_backend_name_is_written_where_the_default_is_chosen(path: str) -> None:
    strings = [node.value for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
               if isinstance(node, ast.Constant) and node.value == "hf"]
    assert not strings, f"{path} names the hf backend: ask tabbench.default_backend(model) instead"
