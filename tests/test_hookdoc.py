"""docs/hooks.md is rendered from the hookspecs (signatures and docstrings) and fails here when it is stale."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tabbench.contract import hookdoc

DOC = Path(__file__).resolve().parents[1] / "docs" / "hooks.md"
REGENERATE = "python -m tabbench.contract.hookdoc docs/hooks.md"


def test_the_committed_reference_is_the_rendered_one() -> None:
    assert DOC.read_text(encoding="utf-8") == hookdoc.render(), f"docs/hooks.md is stale: run `{REGENERATE}`"


def test_every_hook_is_there_with_its_signature_and_parameters() -> None:
    text = hookdoc.render()
    assert len(hookdoc.hooks()) == 13
    assert "## Question hooks" in text and text.index("### `default_backend`") > text.index("## Question hooks")
    for fn in hookdoc.hooks():
        assert f"### `{fn.__name__}`" in text and f"def {hookdoc.signature(fn)}: ..." in text
    assert "def after_sample_scored(run: RunView, benchmark: Benchmark, record: SampleRecord) -> None: ..." in text
    assert "- `record`: the record as written." in text  # :param fields become a list
    assert "def register(name: str, target: str | type, *, description: str = '') -> None: ..." in text


def test_the_command_regenerates_it(tmp_path: Path) -> None:
    out = tmp_path / "hooks.md"
    subprocess.run([sys.executable, "-m", "tabbench.contract.hookdoc", str(out)], check=True)
    assert out.read_text(encoding="utf-8") == hookdoc.render()
