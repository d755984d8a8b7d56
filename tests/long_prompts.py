"""A copy of the demo's Spider-format data whose one question is far longer than a tiny model's context: the
over-long prompt of the hf and openai backend tests and of ``benchmarks/long_prompt.py``.

Only ``dev.json`` is rewritten; the databases and the other files are linked, so the copy costs nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import tabbench

#: The text the long question repeats: each repetition is several tokens of the tiny models' vocabularies.
FILLER = " Think about every table, every column and every value of the schema before you answer."


def demo_spider_with_a_long_question(folder: Path, index: int = 50, repeat: int = 120) -> tuple[Path, str]:
    """``folder`` made a demo-spider data folder whose dev question number ``index`` (0-based) has ``FILLER``
    appended ``repeat`` times; returns the folder and that example's id (as the benchmark numbers it)."""
    source = tabbench.benchmark_class("demo-spider").bundled_data()
    assert source is not None
    folder.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.name != "dev.json":
            (folder / item.name).symlink_to(item)
    questions = json.loads((source / "dev.json").read_text(encoding="utf-8"))
    questions[index]["question"] += FILLER * repeat
    (folder / "dev.json").write_text(json.dumps(questions), encoding="utf-8")
    benchmark = tabbench.get_benchmark("demo-spider", folder)
    long_id = [e.id for e in benchmark.examples("dev")][index]
    return folder, long_id
