"""Output folders (``tabbench.contract.outputs``): a name longer than the file system allows and an empty mount
point are one line before any work, for every command that writes a folder; a new folder is written whole, and
what a killed writer staged beside it is removed by the next one."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tabbench.contract.errors import UsageError
from tabbench.contract.outputs import check_output_folder, new_folder, remove_abandoned_staging
from tests.cli_run import gold_run, tabbench
from tests.small_disk import run_plan

LONG = "x" * 300  # bytes: over the 255 a path component may have on Linux file systems


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    base = tmp_path_factory.mktemp("outputs")
    for k in (0, 1):
        gold_run(base / f"shard{k}", "--suite", "demo-bird", "--limit", "4", "--shard", f"{k}/2", env=env)
    (base / "checkpoint").mkdir()
    for name in ("config.json", "tokenizer_config.json"):  # train checks --out before it loads a model
        (base / "checkpoint" / name).write_text("{}")
    return gold_run(base / "run", "--suite", "demo-bird", "--limit", "4", env=env)


def commands(run: Path, out: Path) -> dict[str, list[str]]:
    shards = [str(run.parent / "shard0"), str(run.parent / "shard1")]
    return {
        "eval": ["eval", "--model", "gold", "--suite", "demo-bird", "--limit", "2", "--out", str(out), "--no-progress"],
        "merge": ["merge", str(out), *shards],
        "export": ["export", str(run), "--format", "lm-eval", "--out", str(out)],
        "bundle": ["view", str(run), "--bundle", str(out)],
        "plugins new": ["plugins", "new", "my-bench", "--dir", str(out)],
        "train": ["train", "sft", "--model", str(run.parent / "checkpoint"), "--suite", "demo-bird", "--out",
                  str(out)],
    }


@pytest.mark.parametrize("command", ["eval", "merge", "export", "bundle", "plugins new", "train"])
def test_a_name_too_long_for_the_file_system_is_one_line_before_any_work(run: Path, tmp_path: Path,
                                                                        env: dict[str, str], command: str) -> None:
    done = tabbench(*commands(run, tmp_path / LONG)[command], env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "300 bytes long; this file system allows 255" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_check_output_folder_names_the_component_too_long(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"--out .*: the name 'x+'\.\.\. is 300 bytes long"):
        check_output_folder(tmp_path / "a" / LONG / "b", "--out")
    check_output_folder(tmp_path / ("é" * 127), "--out")  # 254 bytes: allowed


def test_an_empty_mount_point_as_out_is_one_line_for_export_and_bundle_and_works_for_merge(
        run: Path, tmp_path: Path, env: dict[str, str]) -> None:
    """A folder that is a mount point cannot be replaced by a rename (EBUSY: it was a traceback after the work);
    a merge, which builds its run inside ``OUT``, writes into it."""
    mount = tmp_path / "mount"
    plan: list[dict] = [{"mount": str(mount), "size": 4 << 20}]
    for name in ("export", "bundle", "merge"):
        plan.append({"run": [sys.executable, "-m", "tabbench", *commands(run, mount)[name]], "name": name})
    plan.append({"save": [str(mount), str(tmp_path / "after")]})
    reports = run_plan(plan, env)
    for name in ("export", "bundle"):
        assert reports[name]["code"] == 2 and reports[name]["stderr"].count("\n") == 1, reports[name]
        assert "is a mount point" in reports[name]["stderr"], reports[name]
    assert reports["merge"]["code"] == 0, reports["merge"]
    assert sorted(p.name for p in (tmp_path / "after").iterdir()) == ["prompts", "results.json", "run.json",
                                                                       "samples"]


def test_new_folder_is_whole_or_absent(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(RuntimeError), new_folder(out, "--out") as staging:
        (staging / "half").write_text("x")
        raise RuntimeError
    assert list(tmp_path.iterdir()) == []
    out.mkdir()  # an empty folder is replaced in one step
    with new_folder(out, "--out") as staging:
        (staging / "whole").write_text("x")
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and (out / "whole").read_text() == "x"
    with pytest.raises(UsageError, match="exists and is not an empty folder"), new_folder(out, "--out"):
        pass


STAGE = """
import os, sys
from pathlib import Path
from tabbench.contract.outputs import new_folder
with new_folder(Path(sys.argv[1]), "--out") as staging:
    (staging / "half").write_text("x")
    print("staged", flush=True)
    os.kill(os.getpid(), 9) if sys.argv[2] == "die" else sys.stdin.read()
"""


def test_a_killed_writers_staging_folder_is_removed_by_the_next_one(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", STAGE, str(out), "die"], capture_output=True)
    assert done.returncode == -signal.SIGKILL
    dead = [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]
    assert len(dead) == 1 and (dead[0] / "half").exists()
    live = subprocess.Popen([sys.executable, "-c", STAGE, str(out), "wait"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert live.stdout is not None and live.stdout.readline() == "staged\n"
        staged = [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]
        assert len(staged) == 1 and staged != dead  # the next writer removed the dead one's
        assert remove_abandoned_staging(out) == [] and staged[0].exists()  # and a live writer's stays
    finally:
        live.communicate("")
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and (out / "half").exists()
