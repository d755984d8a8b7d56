"""A prompt too long for the model's context through the hf backend: one record of a 100-question eval, the
others generated and scored; ``--truncate-prompts`` cuts it from the left instead; ``generate`` (no record)
makes it a one-line error. The context is read from the checkpoint's config (the tiny model's 1,024 positions)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tabbench_hf.backend import HFBackend

import tabbench
from tabbench import BackendError, GenerationParams, GenerationRequest
from tabbench.testing import build_tiny_model

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository's tests package
from tests.long_prompts import demo_spider_with_a_long_question, one_refused, records_of

pytestmark = pytest.mark.slow  # builds a tiny model and runs 100-question evals


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp("long")
    model = build_tiny_model(root / "tiny")  # the demo tokenizer; 1,024 positions
    data, long_id = demo_spider_with_a_long_question(root / "data")
    return model, data, long_id


def _eval(cli_runner, model: Path, data: Path, out: Path, *extra: str):
    return cli_runner(["eval", "--model", str(model), "--benchmark", "demo-spider", "--data", f"demo-spider={data}",
                       "--limit", "100", "--max-new-tokens", "8", "--out", str(out), "--no-cache", "--no-progress",
                       *extra])


def test_the_context_is_read_from_the_checkpoint(setup) -> None:
    model, _, _ = setup
    assert HFBackend(str(model), device="cpu").context_length() == 1024
    assert HFBackend(str(model), device="cpu", max_model_len=300).context_length() == 300


def test_an_over_long_prompt_is_one_record_and_the_others_are_scored(setup, tmp_path, cli_runner) -> None:
    model, data, long_id = setup
    result = _eval(cli_runner, model, data, tmp_path / "run")
    assert result.exit_code == 0, result.output
    assert one_refused(tmp_path / "run", long_id, 1024)["generation"]["max_new_tokens"] == 8


def test_truncate_prompts_keeps_the_end_of_the_prompt(setup, tmp_path, cli_runner) -> None:
    model, data, long_id = setup
    result = _eval(cli_runner, model, data, tmp_path / "run", "--truncate-prompts")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "run" / "results.json").read_text())["config"]["generation"]["truncate_prompts"]
    cut = records_of(tmp_path / "run")[long_id]
    assert cut["status"] != "prompt_too_long" and len(cut["completions"]) == 1
    assert cut["generation"]["prompt_tokens"] == 1024 - 8 and cut["generation"]["truncated_tokens"] > 0


def test_generate_without_a_record_is_a_one_line_error(setup) -> None:
    model, data, long_id = setup
    bench = tabbench.get_benchmark("demo-spider", data)
    example = next(e for e in bench.examples("dev") if e.id == long_id)
    backend = HFBackend(str(model), device="cpu")
    with pytest.raises(BackendError, match=rf"hf: example '{long_id}' of demo-spider: prompt_too_long") as info:
        backend.generate([GenerationRequest(bench.prompt(example), example, bench.name)],
                         GenerationParams(max_new_tokens=8))
    assert "\n" not in str(info.value)
