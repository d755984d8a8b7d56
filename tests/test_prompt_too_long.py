"""A prompt too long for the model's context is one sample's outcome, never a failed run.

``tabbench.fit_prompt`` decides (refuse, or cut from the left with ``truncate_prompts``); a backend's refusal
(``tabbench.prompt_too_long``) reaches the record as status ``prompt_too_long``, scored 0 on every metric, counted
in ``status_counts``, on the board and in the viewer's data; ``generate`` (callers with no record) makes it a
one-line error. The hf and openai backends' own tests run it through a real model and a real server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tabbench
from tabbench import (
    BackendError,
    ConfigError,
    Example,
    Generation,
    GenerationParams,
    GenerationRequest,
    Status,
    completions_of,
    fit_prompt,
    prompt_too_long,
)
from tests.toy_plugin import tabbench as run_tabbench


def test_fit_prompt_keeps_refuses_or_cuts_from_the_left():
    ids = list(range(10))
    assert fit_prompt(ids, None, GenerationParams(max_new_tokens=4)) == (ids, {})  # context unknown: as it is
    assert fit_prompt(ids, 14, GenerationParams(max_new_tokens=4)) == (ids, {})  # 10 + 4 fit 14
    assert fit_prompt(ids, 13, GenerationParams(max_new_tokens=4)) == (
        None, {"prompt_tokens": 10, "context_length": 13, "max_new_tokens": 4})
    kept, details = fit_prompt(ids, 10, GenerationParams(max_new_tokens=4, truncate_prompts=True))
    assert kept == [4, 5, 6, 7, 8, 9]  # the end of the prompt (the question) is kept
    assert details == {"prompt_tokens": 6, "context_length": 10, "max_new_tokens": 4, "truncated_tokens": 4}
    with pytest.raises(ConfigError, match="--max-new-tokens 10 leaves no room for a prompt"):
        fit_prompt(ids, 10, GenerationParams(max_new_tokens=10, truncate_prompts=True))


def test_generate_callers_get_a_one_line_error_naming_the_example():
    requests = [GenerationRequest([{"role": "user", "content": "q"}], Example(str(i), None), "spider") for i in (1, 2)]
    fine = [Generation(["a"]), Generation(["b"], None, {"truncated_tokens": 3})]
    assert completions_of("hf", requests, fine) == [["a"], ["b"]]
    refused = [Generation(["a"]), prompt_too_long({"prompt_tokens": 300, "context_length": 256, "message": "no"})]
    with pytest.raises(BackendError, match=r"hf: example '2' of spider: prompt_too_long \(prompt_tokens 300, "
                                           r"context_length 256\): no; .*truncate_prompts") as info:
        completions_of("hf", requests, refused)
    assert "\n" not in str(info.value)


def test_truncate_prompts_is_recorded_only_when_on_and_read_back_typed():
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.config import RunConfig

    assert "truncate_prompts" not in GenerationParams().to_json()  # earlier runs' configurations and caches stay
    config = RunConfig(backend="gold", generation=GenerationParams(truncate_prompts=True))
    assert config.to_json()["generation"]["truncate_prompts"] is True
    assert RunConfig.from_json(config.to_json()).generation.truncate_prompts is True
    with pytest.raises(DataError, match="generation"):
        RunConfig.from_json({**config.to_json(), "generation": {"truncate_prompts": "yes"}})


REFUSING = '''
"""A backend that answers with the gold completion, but refuses the prompts of the examples in REFUSED."""
import tabbench
from tabbench import Generation, ModelBackend, completions_of, prompt_too_long

REFUSED = {refused!r}


class Refusing(ModelBackend):
    name = "refusing"
    cacheable = False

    def generate(self, requests, params):
        return completions_of(self.name, requests, self.generations(requests, params))

    def generations(self, requests, params):
        too_long = {{"prompt_tokens": 300, "context_length": 256, "max_new_tokens": params.max_new_tokens}}
        return [prompt_too_long(too_long) if r.example.id in REFUSED else Generation([r.gold_completion] * params.n)
                for r in requests]

    def fingerprint(self):
        return {{"backend": "refusing"}}


@tabbench.hookimpl
def register_models(register):
    register("refusing", Refusing, description="gold answers, some prompts refused as too long")
'''


@pytest.fixture
def refusing(tmp_path: Path) -> tuple[Path, set[str]]:
    """A one-file plugin with the ``refusing`` backend, and the ids of demo-bird's first 10 it refuses."""
    bench = tabbench.get_benchmark("demo-bird")
    ids = [e.id for e in bench.examples(bench.default_split)][:10]
    refused = {ids[1], ids[6]}
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "refusing.py").write_text(REFUSING.format(refused=refused))
    return folder, refused


def _env() -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}, "TABBENCH_STRICT_PLUGINS": "1"}


def _records(out: Path, name: str) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, (out / "samples" / f"{name}.jsonl").read_text().splitlines())}


@pytest.mark.slow  # two runs in a new process each, and a board
def test_refused_prompts_are_records_counted_and_shown_and_the_run_finishes(refusing, tmp_path):
    folder, refused = refusing
    out = tmp_path / "run"
    result = run_tabbench(["--plugins-dir", str(folder), "eval", "--model", "refusing", "--benchmark", "demo-bird",
                           "--limit", "10", "--out", str(out), "--no-progress"], _env(), cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    block = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]
    assert block["n"] == 10 and block["status_counts"][Status.PROMPT_TOO_LONG.value] == 2
    assert block["primary_metric"]["value"] == pytest.approx(0.8)  # the gold answers, two refused: wrong
    records = _records(out, "demo-bird")
    for sample_id, record in records.items():
        if sample_id in refused:
            assert record["status"] == "prompt_too_long" and record["score"] == 0.0 and record["completions"] == []
            assert record["generation"] == {"prompt_tokens": 300, "context_length": 256, "max_new_tokens": 256}
            assert all(s["status"] == "prompt_too_long" and s["value"] == 0.0 for s in record["scores"].values())
        else:
            assert record["status"] == "match" and "generation" not in record  # records as before
    assert "prompt_too_long=2" in result.stdout + result.stderr  # the summary table's status counts
    board = tmp_path / "board.md"
    built = run_tabbench(["leaderboard", "build", str(out), "--out", str(board)], _env(), cwd=tmp_path, timeout=300)
    assert built.returncode == 0, built.stderr
    assert "prompt_too_long" in board.read_text()

    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import RunBenchmark

    view = RunBenchmark(read_run(out), "demo-bird")  # what the viewer's sample page gets
    grid = {row["id"]: row for row in view.grid()["rows"]}
    assert {i for i, row in grid.items() if row["s"] == "prompt_too_long" and row["ok"] is False} == refused
    detail = view.detail(records[min(refused)])
    assert detail["record"]["generation"]["context_length"] == 256 and detail["ok"] is False

    sampled = tmp_path / "sampled"
    result = run_tabbench(["--plugins-dir", str(folder), "eval", "--model", "refusing", "--benchmark", "demo-bird",
                           "--limit", "10", "--samples", "2", "--out", str(sampled), "--no-progress"], _env(),
                          cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    for sample_id, record in _records(sampled, "demo-bird").items():
        assert record["sample_scores"] == ([0.0, 0.0] if sample_id in refused else [1.0, 1.0])
