"""The Ray launcher on a local cluster of 2 CPUs: shards as Ray tasks merge into the unsharded run, and a shard
whose worker dies mid-way is retried from its records."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tabbench
from tabbench.evaluation.shards import Shard

ray = pytest.importorskip("ray")
pytest.importorskip("tabbench_demo")
pytestmark = [pytest.mark.usefixtures("private_gold_cache"), pytest.mark.slow]  # starts a Ray cluster
ARGS = ["eval", "--model", "gold", "--suite", "demo-bird,demo-crtqa", "--limit", "24", "--no-progress"]


def run_cli(args: list[str]) -> None:
    from tabbench.cli import build_cli

    build_cli().main(args=args, prog_name="tabbench", standalone_mode=False)


class CliShard:
    """A shard task: the eval command line for one shard, resuming its folder; on its first attempt shard 1's
    worker process dies after ``die_after`` records (``marker`` remembers that the attempt was made)."""

    def __init__(self, args: list[str], marker: Path | None = None, die_after: int = 0) -> None:
        self.args, self.marker, self.die_after = args, marker, die_after

    def __call__(self, shard: Shard, folder: Path) -> None:
        if self.marker is not None and shard.index == 1 and not self.marker.exists():
            from tabbench.host.plugins import host

            host().register(_DieAfter(self.die_after, self.marker), "die-after")
        run_cli([*self.args, "--shard", str(shard), "--out", str(folder), "--resume"])


class _DieAfter:
    def __init__(self, n: int, marker: Path) -> None:
        self.n, self.marker = n, marker
        marker.write_text("started")

    @tabbench.hookimpl
    def after_sample_scored(self, run, benchmark, record) -> None:  # type: ignore[no-untyped-def]
        self.n -= 1
        if self.n <= 0:
            self.marker.write_text(f"died in {os.getpid()} with {run.samples(benchmark)[-1].id} recorded")
            os._exit(17)  # as a SIGKILL or an OOM kill would: no cleanup, no results.json


@pytest.fixture(scope="module")
def local_cluster():
    tests_root = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(filter(None, (tests_root, os.environ.get("PYTHONPATH"))))  # the driver's checkout too
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path, "TABBENCH_WORKERS": "1"}})
    yield
    ray.shutdown()


def comparable(out: Path) -> dict:
    results = json.loads((out / "results.json").read_text())
    return {k: v for k, v in results.items() if k not in ("created", "timing", "merge")}


def test_ray_shards_merge_into_the_unsharded_run_and_a_dead_shard_is_retried(local_cluster, cli_runner, tmp_path,
                                                                             monkeypatch):
    from tabbench.evaluation.merge import merge, plan_for
    from tabbench.evaluation.ray_launcher import RayOptions, run_shards

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABBENCH_WORKERS", "1")  # as in the workers: the settings are part of results' config
    assert cli_runner([*ARGS, "--out", "whole"]).exit_code == 0
    marker = tmp_path / "first-attempt"
    folders = run_shards(CliShard(ARGS, marker, die_after=5), 2, tmp_path / "ray", RayOptions(retries=1),
                         show_progress=False)
    assert marker.read_text().startswith("died in ")  # the first attempt of shard 1 died mid-way
    assert f"died in {os.getpid()} " not in marker.read_text()  # in a Ray worker, not here
    merge(tmp_path / "ray" / "merged", folders, plan_for)
    for name in ("demo-bird.jsonl", "demo-crtqa.jsonl"):
        assert (tmp_path / "ray/merged/samples" / name).read_bytes() == (tmp_path / "whole/samples" / name).read_bytes()
    assert comparable(tmp_path / "ray" / "merged") == comparable(tmp_path / "whole")


def test_eval_with_the_ray_launcher_merges_into_out(local_cluster, cli_runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    assert cli_runner([*ARGS, "--out", "whole"]).exit_code == 0
    result = cli_runner([*ARGS, "--launcher", "ray", "--shards", "3", "--out", "ray"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "ray" / "shards").iterdir()) == ["0-of-3", "1-of-3", "2-of-3"]
    for name in ("demo-bird.jsonl", "demo-crtqa.jsonl"):
        assert (tmp_path / "ray/samples" / name).read_bytes() == (tmp_path / "whole/samples" / name).read_bytes()
    assert comparable(tmp_path / "ray") == comparable(tmp_path / "whole")
    assert json.loads((tmp_path / "ray" / "results.json").read_text())["merge"]["count"] == 3


@pytest.mark.parametrize("args", [["--shards", "2"], ["--launcher", "ray"], ["--ray-address", "auto"],
                                  ["--launcher", "ray", "--shards", "2", "--shard", "0/2"]])
def test_inconsistent_launcher_options_are_usage_errors(cli_runner, tmp_path, args):
    result = cli_runner([*ARGS, *args, "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "r").exists()
