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


def records_of(out: Path, name: str = "demo-spider") -> dict[str, dict]:
    """The run's sample records of ``name``, by id."""
    lines = (out / "samples" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return {r["id"]: r for r in map(json.loads, lines)}


def one_refused(out: Path, long_id: str, context: int, n: int = 100) -> dict:
    """Check the run in ``out`` finished with the long question as its one ``prompt_too_long`` record (no
    completion, scored 0, the context and the prompt's length said, nothing spent) and every other generated,
    scored and counted, its prompt as it was (no prompt details: ``generation`` says at most how each completion
    finished); return the refused record."""
    block = json.loads((out / "results.json").read_text(encoding="utf-8"))["benchmarks"]["demo-spider"]
    assert block["n"] == n and block["status_counts"]["prompt_too_long"] == 1, block["status_counts"]
    records = records_of(out)
    refused = records.pop(long_id)
    assert refused["status"] == "prompt_too_long" and refused["score"] == 0.0 and refused["completions"] == []
    assert refused["generation"]["context_length"] == context and refused["generation"]["prompt_tokens"] > context
    assert "usage" not in refused  # nothing was generated
    assert len(records) == n - 1
    assert all(len(r["completions"]) == 1 and set(r.get("generation") or {}) <= {"finish_reasons"}
               and r["usage"]["prompt_tokens"] > 0 for r in records.values())
    return refused
