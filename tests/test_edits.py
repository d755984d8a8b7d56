"""No writer drops what another made (``tabbench.evaluation.edits``): ``eval --resume`` of a finished, rescored
run and ``tabbench merge`` of rescored shards keep the added metrics, their records' values and ``edits``; shards
rescored differently are refused; and any interleaving of rescore, resume and merge keeps every added metric."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabbench.contract.types import SampleRecord
from tabbench.evaluation.record_checks import check_against_results
from tests.cli_run import gold_run, tabbench

EVAL = ["--suite", "demo-bird", "--limit", "6"]
REWARDS = {"arctic": "arctic", "partial": "execution-partial", "f1": "component-f1"}


def results(run: Path) -> dict:
    return json.loads((run / "results.json").read_text())


def records(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "samples" / "demo-bird.jsonl").read_text().splitlines()]


def rescore(run: Path, metric: str, env: dict[str, str]) -> None:
    done = tabbench("rescore", str(run), "--reward", f"{metric}={REWARDS[metric]}", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr


def resume(run: Path, env: dict[str, str], *extra: str) -> None:
    done = tabbench("eval", "--model", "gold", *EVAL, *extra, "--out", str(run), "--resume", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr


def consistent(run: Path, added: list[str]) -> None:
    """``results.json`` gives back the records, holds the added metrics (in ``metrics``, ``metric_rewards`` and the
    breakdowns) and one edit per rescore, and every record holds their scores."""
    document = results(run)
    bench = document["benchmarks"]["demo-bird"]
    kept = [SampleRecord.from_json(r) for r in records(run)]
    check_against_results(run, kept, bench)
    assert [m["name"] for e in document.get("edits") or () for m in e["metrics"]] == added
    assert [m for m in bench["metrics"] if m in REWARDS] == sorted(added)
    rewards = [m["name"] for m in bench["metric_rewards"]]
    assert rewards[len(rewards) - len(added):] == added  # after the benchmark's own, in the order added
    for levels in bench["breakdown"].values():
        assert all(set(added) <= set(level["metrics"]) for level in levels.values())
    assert all(set(added) <= set(r.scores) for r in kept)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    return gold_run(tmp_path_factory.mktemp("edits") / "run", *EVAL, env=env)


def test_resume_of_a_finished_rescored_run_keeps_the_metric_its_values_and_the_edit(
        finished: Path, tmp_path: Path, env: dict[str, str]) -> None:
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    rescore(run, "arctic", env)
    before, kept = results(run), (run / "samples" / "demo-bird.jsonl").read_bytes()
    resume(run, env)
    after = results(run)
    assert after["edits"] == before["edits"]
    assert after["benchmarks"] == before["benchmarks"]  # the metric, its breakdowns, its reward: as rescore left them
    assert (run / "samples" / "demo-bird.jsonl").read_bytes() == kept
    again = tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env)
    assert again.returncode == 2 and "the run already has metric 'arctic'" in again.stderr  # not "a record holds"
    rescore(run, "partial", env)  # and the run goes on being extended
    consistent(run, ["arctic", "partial"])


def test_a_record_scored_after_a_rescore_gets_the_added_metric_too(finished: Path, tmp_path: Path,
                                                                 env: dict[str, str]) -> None:
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    rescore(run, "arctic", env)
    lines = (run / "samples" / "demo-bird.jsonl").read_text().splitlines(keepends=True)
    (run / "samples" / "demo-bird.jsonl").write_text("".join(lines[:-1]))  # one record lost: resumed
    resume(run, env)
    assert records(run)[-1]["scores"]["arctic"] == json.loads(lines[-1])["scores"]["arctic"]
    consistent(run, ["arctic"])


def test_resume_keeps_what_replace_and_remove_did_to_added_and_own_metrics(finished: Path, tmp_path: Path,
                                                                             env: dict[str, str]) -> None:
    """A metric scored again keeps its new reward, a removed one stays out (the benchmark's own ``soft_f1`` too),
    and a record scored after them is scored as they left the run."""
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    rescore(run, "arctic", env)
    rescore(run, "f1", env)
    for change in (["--reward", "arctic=component-f1", "--replace", "arctic"], ["--remove", "f1"],
                   ["--remove", "soft_f1"]):
        done = tabbench("rescore", str(run), *change, "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    before = results(run)["benchmarks"]["demo-bird"]
    lines = (run / "samples" / "demo-bird.jsonl").read_text().splitlines(keepends=True)
    (run / "samples" / "demo-bird.jsonl").write_text("".join(lines[:-1]))  # one record lost: resumed
    resume(run, env)
    after = results(run)["benchmarks"]["demo-bird"]
    assert after["metrics"] == before["metrics"] and set(after["metrics"]) == {"ex", "arctic"}
    assert sorted(after["metric_rewards"], key=lambda m: m["name"]) == sorted(before["metric_rewards"],
                                                                             key=lambda m: m["name"])
    assert next(m for m in after["metric_rewards"] if m["name"] == "arctic")["reward"] == "component-f1"
    assert records(run)[-1]["scores"] == json.loads(lines[-1])["scores"]
    assert set(records(run)[-1]["scores"]) == {"ex", "arctic"}


@pytest.fixture
def resume_without(env: dict[str, str], monkeypatch: pytest.MonkeyPatch, cli_runner):  # type: ignore[no-untyped-def]
    """``resume_without(run, reward)``: ``eval --resume`` of ``run`` in this process with reward ``reward`` gone from
    the registry, as when its plugin is uninstalled; asserts it succeeds."""
    from tabbench.host.plugins import host

    for key in ("TABBENCH_CACHE_DIR", "TABBENCH_WORKERS"):
        monkeypatch.setenv(key, env[key])

    def resume_without(run: Path, reward: str) -> None:
        monkeypatch.delitem(host().registry("reward").entries, reward)
        resumed = cli_runner(["eval", "--model", "gold", *EVAL, "--out", str(run), "--resume", "--no-progress"])
        assert resumed.exit_code == 0, resumed.output

    return resume_without


def test_resume_never_builds_the_reward_of_a_removed_metric(finished: Path, tmp_path: Path, env: dict[str, str],
                                                            resume_without) -> None:
    """A removed metric is not scored again, so the plugin of its reward may be gone since: a resume that built
    every reward of the benchmark failed on it."""
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    done = tabbench("rescore", str(run), "--remove", "soft_f1", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    lines = (run / "samples" / "demo-bird.jsonl").read_text().splitlines(keepends=True)
    (run / "samples" / "demo-bird.jsonl").write_text("".join(lines[:-1]))  # one record lost: resumed
    resume_without(run, "bird-soft-f1")
    assert set(records(run)[-1]["scores"]) == {"ex"}
    assert set(results(run)["benchmarks"]["demo-bird"]["metrics"]) == {"ex"}


def test_resume_of_a_finished_run_needs_no_plugin_of_an_added_metric(finished: Path, tmp_path: Path,
                                                                     env: dict[str, str], resume_without) -> None:
    """Nothing is left to score, so the reward rescore added is never built (its plugin may be gone since): the
    metric and its values stay as rescore left them."""
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    rescore(run, "arctic", env)
    before = results(run)["benchmarks"]
    resume_without(run, "arctic")
    assert results(run)["benchmarks"] == before


def test_a_removed_own_metric_added_back_and_a_replaced_one_keep_their_rewards_and_places(
        finished: Path, tmp_path: Path, env: dict[str, str]) -> None:
    """The benchmark's own ``soft_f1`` removed and added back with another reward, and an added metric replaced:
    after a resume each keeps its reward and its place in ``metric_rewards`` (a merge compares them in order)."""
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    rescore(run, "arctic", env)
    rescore(run, "f1", env)
    for change in (["--remove", "soft_f1"], ["--reward", "soft_f1=component-f1"],
                   ["--reward", "arctic=component-f1", "--replace", "arctic"]):
        done = tabbench("rescore", str(run), *change, "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    before = results(run)["benchmarks"]["demo-bird"]
    resume(run, env)
    after = results(run)["benchmarks"]["demo-bird"]
    assert after["metric_rewards"] == before["metric_rewards"]
    assert next(m for m in after["metric_rewards"] if m["name"] == "soft_f1")["reward"] == "component-f1"
    assert after["metrics"] == before["metrics"]


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> list[Path]:
    base = tmp_path_factory.mktemp("shards")
    return [gold_run(base / f"s{k}", *EVAL, "--shard", f"{k}/2", env=env) for k in (0, 1)]


def test_merge_of_rescored_shards_keeps_the_metrics_and_edits(shards: list[Path], tmp_path: Path,
                                                              env: dict[str, str]) -> None:
    copies = [Path(shutil.copytree(s, tmp_path / s.name)) for s in shards]
    for shard in copies:
        rescore(shard, "arctic", env)
        rescore(shard, "f1", env)
    merged = tmp_path / "merged"
    done = tabbench("merge", str(merged), *map(str, copies), env=env)
    assert done.returncode == 0, done.stderr
    consistent(merged, ["arctic", "f1"])
    latest = [max(results(s)["edits"][i]["at"] for s in copies) for i in (0, 1)]
    assert [e["at"] for e in results(merged)["edits"]] == latest
    whole = gold_run(tmp_path / "whole", *EVAL, env=env)  # the unsharded run, rescored alike: the same numbers
    rescore(whole, "arctic", env)
    rescore(whole, "f1", env)
    assert results(merged)["benchmarks"]["demo-bird"]["metrics"] == results(whole)["benchmarks"]["demo-bird"][
        "metrics"]


def test_shards_rescored_differently_are_refused_in_one_line(shards: list[Path], tmp_path: Path,
                                                             env: dict[str, str]) -> None:
    copies = [Path(shutil.copytree(s, tmp_path / s.name)) for s in shards]
    rescore(copies[0], "arctic", env)
    done = tabbench("merge", str(tmp_path / "merged"), *map(str, copies), env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not (tmp_path / "merged").exists()


@pytest.mark.slow  # up to 24 rescore, resume and merge processes
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(["rescore", "resume", "merge"]), min_size=2, max_size=4))
def test_any_interleaving_of_rescore_resume_and_merge_keeps_every_added_metric(
        steps: list[str], shards: list[Path], tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> None:
    """A run goes through ``steps`` in turn, each on the folder the last one left (a merge rescoring its shards
    first, as a sharded workflow would, then merging them into a new folder)."""
    work = tmp_path_factory.mktemp("interleaving")
    parts = [Path(shutil.copytree(s, work / s.name)) for s in shards]
    run, added, fresh = None, [], iter(REWARDS)
    for number, step in enumerate(steps):
        if step == "merge" or run is None:  # the run is (re)made by merging its shards
            run = work / f"merged{number}"
            done = tabbench("merge", str(run), *map(str, parts), env=env)
            assert done.returncode == 0, done.stderr
        elif step == "rescore":
            metric = next(fresh, None)
            if metric is None:
                continue
            for target in (run, *parts):  # shards and run alike, so a later merge has them too
                rescore(target, metric, env)
            added.append(metric)
        else:
            resume(run, env)
        consistent(run, added)
