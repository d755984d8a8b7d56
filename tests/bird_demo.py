"""The BIRD-format demo data in the repository (no real data needed), as the tests of malformed input to
``score``, ``eval`` and ``--resume`` use it: the marks of such a test, and gold predictions for it."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIRD = ROOT / "plugins" / "tabbench_demo" / "data" / "bird"

_Test = TypeVar("_Test", bound=Callable[..., object])
_NEEDS_BIRD = pytest.mark.skipif(not (BIRD / "dev.json").is_file(),
                                 reason="the BIRD-format demo data is not in this checkout")


#: ``tabbench eval`` with the gold answers of the first two BIRD dev questions of the demo data (``--out`` to add)
GOLD_EVAL = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit",
             "2", "--no-progress", "--no-cache"]


def demo_data_copy(tmp_path: Path, name: str) -> Path:
    """A copy of the demo's ``name``-format data (``bird``, ``spider``, ``tablebench``) in ``tmp_path``, to damage;
    the test is skipped where the checkout lacks it."""
    import shutil

    source = ROOT / "plugins" / "tabbench_demo" / "data" / name
    if not source.is_dir():
        pytest.skip(f"the {name}-format demo data is not in this checkout")
    return Path(shutil.copytree(source, tmp_path / name))


def on_bird_demo(test: _Test) -> _Test:
    """Skip ``test`` where the demo data is not in the checkout; cache its gold results privately."""
    return _NEEDS_BIRD(pytest.mark.usefixtures("private_gold_cache")(test))


def gold_predictions(path: Path, limit: int | None = None, sql: str | None = None) -> list[str]:
    """JSONL predictions for BIRD dev on the demo data: the gold SQL, or ``sql`` with ``{i}`` filled in."""
    import tabbench

    bench = tabbench.get_benchmark("bird", BIRD)
    examples = list(bench.examples("dev"))[:limit]
    with path.open("w", encoding="utf-8") as handle:
        for i, e in enumerate(examples):
            handle.write(json.dumps({"id": e.id, "completion": sql.format(i=i) if sql else e.gold}) + "\n")
    return [e.id for e in examples]


def subprocess_env() -> dict[str, str]:
    """The environment of a ``python -m tabbench`` subprocess that imports this checkout."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
