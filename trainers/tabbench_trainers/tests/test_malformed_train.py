"""Malformed input to ``tabbench train sft|grpo|tao``: one line with exit 2, before a model is loaded where the
input allows it, and no ``--out`` folder left behind by a run that failed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tabbench import UsageError, training

# BIRD-format demo data: its dev split has the schema and databases training needs
BIRD = Path(__file__).resolve().parents[3] / "plugins" / "tabbench_demo" / "data" / "bird"


def one_line_error(result: Any, *names: str) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert lines and lines[-1].startswith("Error: ") and "Traceback" not in result.stderr, result.stderr
    assert sum(line.startswith("Error: ") for line in lines) == 1, result.stderr
    for name in names:
        assert name in lines[-1], lines[-1]
    return lines[-1]


@pytest.fixture
def lookalike(tmp_path: Path) -> Path:
    """A folder with the files of a checkpoint but nothing transformers can load."""
    folder = tmp_path / "lookalike"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    (folder / "tokenizer_config.json").write_text("{}")
    return folder


CASES = {
    # name: (trainer, arguments, what the error line names)
    "negative learning rate": ("grpo", ["--learning-rate", "-1"], ["--learning-rate", "-1"]),
    "zero learning rate": ("sft", ["--learning-rate", "0"], ["--learning-rate"]),
    "lora dropout of 1.5": ("sft", ["--lora-dropout", "1.5"], ["--lora-dropout"]),
    "nan learning rate": ("grpo", ["--learning-rate", "nan"], ["--learning-rate nan", "finite"]),
    "infinite epochs": ("sft", ["--epochs", "inf"], ["--epochs inf", "finite"]),
    "nan sampling temperature": ("tao", ["--temperature", "nan"], ["--temperature nan", "finite"]),
    "nan reward weight": ("grpo", ["--reward", "bird-ex:nan"], ["bird-ex:nan", "finite"]),
    "empty model folder (grpo)": ("grpo", ["--model", "{empty}"], ["--model", "no config.json"]),
    "empty model folder (sft)": ("sft", ["--model", "{empty}"], ["--model", "no config.json"]),
    "empty model folder (tao)": ("tao", ["--model", "{empty}"], ["--model", "no config.json"]),
    "unknown reward": ("grpo", ["--reward", "nosuch-reward"], ["unknown reward 'nosuch-reward'"]),
    "reward weight not a number": ("grpo", ["--reward", "bird-ex:heavy"], ["bird-ex:heavy"]),
    "quoted number as a reward option": ("grpo", ["--reward-option", 'bird-ex:timeout="5"'], ["timeout"]),
    "reward option for another reward": ("tao", ["--reward-option", "arctic:x=1"], ["'arctic'"]),
    "--data without a name": ("sft", ["--data", "demo"], ["--data 'demo'", "expected NAME=PATH"]),
    "unknown benchmark": ("sft", ["--benchmark", "nosuch-bench"], ["'nosuch-bench'"]),
    "no such split": ("grpo", ["--split", "nosuch"], ["'nosuch'"]),
    "--where key no example has": ("sft", ["--where", "colour=red"], ["--where colour=red", "(keys: "]),
    "--where file missing": ("tao", ["--where", "id=@nosuch.txt"], ["--where 'id=@nosuch.txt'", "no such file"]),
    "--where matching nothing": ("grpo", ["--where", "db_id=nowhere"], ["--where db_id=nowhere", "no example matches"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_train_malformed_input(cli_runner, lookalike: Path, tmp_path: Path, case: str) -> None:
    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")
    trainer, extra, names = CASES[case]
    (tmp_path / "empty").mkdir()
    out = tmp_path / "out"
    args = ["train", trainer, "--model", str(lookalike), "--benchmark", "bird", "--data", f"bird={BIRD}",
            "--split", "dev", "--out", str(out), "--max-steps" if trainer != "tao" else "--rounds", "1"]
    one_line_error(cli_runner(args + [a.format(empty=tmp_path / "empty") for a in extra]), *names)
    assert not out.exists()


@pytest.mark.parametrize("trainer", ["sft", "grpo", "tao"])
def test_unloadable_checkpoint_is_one_line_and_leaves_no_output(cli_runner, lookalike: Path, tmp_path: Path,
                                                                 trainer: str) -> None:
    pytest.importorskip("trl")
    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")
    out = tmp_path / "runs" / trainer
    result = cli_runner(["train", trainer, "--model", str(lookalike), "--benchmark", "bird", "--data", f"bird={BIRD}",
                         "--split", "dev", "--limit", "2", "--out", str(out),
                         *(["--rounds", "1"] if trainer == "tao" else ["--max-steps", "1"])])
    one_line_error(result, str(lookalike), "cannot load")
    assert not (tmp_path / "runs").exists(), "the folders the failed run created are removed"


OUT_CASES = {
    # name: (--out relative to the test folder, what the error says)
    "a file in the way": ("afile/run", "a file is in the way"),
    "a symlink to nothing": ("dangling", "a symlink to nothing"),
    "an unwritable place": ("/proc/tabbench-train-out", "cannot write in /proc"),
    "a finished training run": ("finished", "not empty"),
}


@pytest.mark.parametrize("trainer", ["sft", "grpo", "tao"])
@pytest.mark.parametrize("case", list(OUT_CASES))
def test_an_unusable_out_is_refused_before_the_data_is_read(cli_runner, lookalike: Path, tmp_path: Path,
                                                            trainer: str, case: str) -> None:
    """``--out`` is checked first: the damaged data and the unloadable model would each fail later, with another
    message, and a finished run's checkpoint is left as it was."""
    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    (data / "dev.json").write_text('[{"question_id": 0, "db_id": ')
    (tmp_path / "afile").write_text("x")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    finished = tmp_path / "finished"
    finished.mkdir()
    (finished / "model.safetensors").write_bytes(b"weights")
    (finished / training.RUN_RECORD).write_text("{}\n")
    out, says = OUT_CASES[case]
    result = cli_runner(["train", trainer, "--model", str(lookalike), "--benchmark", "bird", "--data", f"bird={data}",
                         "--split", "dev", "--out", str(tmp_path / out),
                         "--max-steps" if trainer != "tao" else "--rounds", "1"])
    one_line_error(result, f"--out {tmp_path / out}", says)
    assert (tmp_path / "afile").read_text() == "x" and not (tmp_path / "nowhere").exists()
    assert sorted(p.name for p in finished.iterdir()) == sorted(["model.safetensors", training.RUN_RECORD])
    assert (finished / "model.safetensors").read_bytes() == b"weights"


def _failing_run(out_dir: Path) -> None:
    """A run that made its output folder and wrote into it, then was interrupted."""
    with training.removing_output_on_failure(out_dir):
        training.prepare_out_dir(out_dir)
        (out_dir / "trainer").mkdir()
        (out_dir / "log.jsonl").write_text("{}\n")
        raise KeyboardInterrupt


def test_failed_run_removes_the_folders_it_made(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        _failing_run(tmp_path / "a" / "b")
    assert not (tmp_path / "a").exists()


def test_failed_run_empties_the_empty_folder_it_was_given(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        _failing_run(tmp_path)
    assert tmp_path.is_dir() and not any(tmp_path.iterdir())


def test_refused_out_folder_is_never_touched(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(UsageError, match="not empty"):
        _failing_run(tmp_path)
    assert (tmp_path / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize("trainer", ["sft", "grpo", "tao"])
def test_damaged_training_data_fails_before_the_model_loads(cli_runner, lookalike: Path, tmp_path: Path,
                                                            trainer: str) -> None:
    if not (BIRD / "dev.json").is_file():
        pytest.skip("the BIRD-format demo data is not in this checkout")
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    (data / "dev.json").write_text('[{"question_id": 0, "db_id": ')
    out = tmp_path / "out"
    result = cli_runner(["train", trainer, "--model", str(lookalike), "--benchmark", "bird", "--data", f"bird={data}",
                         "--split", "dev", "--out", str(out), "--max-steps" if trainer != "tao" else "--rounds", "1"])
    one_line_error(result, str(data / "dev.json"))  # the lookalike model would fail later, with another message
    assert not out.exists()
