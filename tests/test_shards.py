"""Sharded runs: the assignment of examples to shards, ``--shard K/N`` and ``tabbench merge``.

Shards of a gold run and of a predictions run (half right, some unparseable) merge into records identical, byte
for byte, to the unsharded run's, and into the same results but for the merge layout and the timestamps.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabbench.contract.errors import UsageError
from tabbench.contract.types import Example
from tabbench.evaluation.shards import Shard, all_shards, shard_of

pytestmark = pytest.mark.usefixtures("private_gold_cache")
SUITE = ["--suite", "demo-bird,demo-crtqa", "--limit", "24", "--no-progress"]


@pytest.fixture
def cli(demo_cli):
    def run(args: list[str], code: int = 0):
        result = demo_cli(args)
        assert result.exit_code == code, result.output
        return result

    return run


def comparable(out: Path) -> dict:
    """results.json without what differs between any two runs (when, how long) and the merge layout."""
    results = json.loads((out / "results.json").read_text())
    return {k: v for k, v in results.items() if k not in ("created", "timing", "merge")}


def assert_same_run(merged: Path, whole: Path) -> None:
    names = sorted(p.name for p in (whole / "samples").iterdir())
    assert names and names == sorted(p.name for p in (merged / "samples").iterdir())
    for name in names:
        assert (merged / "samples" / name).read_bytes() == (whole / "samples" / name).read_bytes(), name
        assert (merged / "prompts" / name).read_bytes() == (whole / "prompts" / name).read_bytes(), name
        assert (whole / "prompts" / name).stat().st_size > 0
    assert comparable(merged) == comparable(whole)


# --- the assignment ---------------------------------------------------------------------------------------


def test_shards_are_disjoint_cover_the_run_and_ignore_data_order():
    examples = [Example(id=f"q{i}", gold=None) for i in range(300)]
    for count in (1, 2, 3, 7):
        parts = [shard.select("bird", examples) for shard in all_shards(count)]
        ids = [e.id for part in parts for e in part]
        assert sorted(ids) == sorted(e.id for e in examples) and len(set(ids)) == len(ids)
        if count > 1:
            assert all(len(part) < len(examples) for part in parts)  # every shard has a real share
        shuffled = random.Random(count).sample(examples, len(examples))
        for shard, part in zip(all_shards(count), parts, strict=True):
            assert {e.id for e in shard.select("bird", shuffled)} == {e.id for e in part}
            assert {e.id for e in shard.select("bird", shuffled[:50])} == {e.id for e in part} & {
                e.id for e in shuffled[:50]}  # the other examples do not matter
    # the benchmark is part of the key: one id lands in different shards of different benchmarks
    assert {shard_of(b, "q1", 16) for b in ("bird", "spider", "crtqa", "tablebench", "demo-bird")} != {
        shard_of("bird", "q1", 16)}


@pytest.mark.parametrize("text", ["3/2", "0/0", "2/2", "-1/2", "1", "a/b", "1/2/3"])
def test_bad_shard_specs_are_usage_errors(text):
    with pytest.raises(UsageError, match="--shard"):
        Shard.parse(text)


@pytest.mark.parametrize("text", ["3/2", "0/0"])
def test_bad_shard_on_the_command_line_is_one_line_and_writes_nothing(cli, tmp_path, text):
    for args in (["eval", "--model", "gold", *SUITE], ["score", "demo-bird", "--predictions", __file__]):
        result = cli([*args, "--shard", text, "--out", "r"], code=2)
        assert len(result.output.strip().splitlines()) == 1 and "--shard" in result.output
        assert not (tmp_path / "r").exists()


# --- merge equals the unsharded run -----------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3])
def test_gold_shards_merge_into_the_unsharded_run(cli, tmp_path, count):
    cli(["eval", "--model", "gold", *SUITE, "--out", "whole"])
    for shard in all_shards(count):
        cli(["eval", "--model", "gold", *SUITE, "--out", f"s{shard.index}", "--shard", str(shard)])
        assert json.loads((tmp_path / f"s{shard.index}" / "results.json").read_text())["config"]["shard"] == {
            "index": shard.index, "count": count}
    cli(["merge", "merged", *[f"s{k}" for k in range(count)]])
    assert_same_run(tmp_path / "merged", tmp_path / "whole")
    layout = json.loads((tmp_path / "merged" / "results.json").read_text())["merge"]
    assert layout["count"] == count and not layout["partial"] and [s["index"] for s in layout["shards"]] == list(
        range(count))
    assert sum(s["n"]["demo-bird"] for s in layout["shards"]) == 24


def _predictions(tmp_path: Path) -> Path:
    """Predictions for demo-bird: gold SQL for every other example, no SQL for every fifth, a wrong query else."""
    from tabbench import get_benchmark

    bird = get_benchmark("demo-bird")
    lines = []
    for i, example in enumerate(list(bird.examples(bird.check_split(None)))[:24]):
        completion = bird.gold_completion(example) if i % 2 else ("" if i % 5 == 0 else "SELECT 1")
        lines.append(json.dumps({"id": example.id, "completion": completion}))
    path = tmp_path / "preds.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("command", ["eval", "score"])
def test_predictions_shards_merge_into_the_unsharded_run(cli, tmp_path, command):
    preds = _predictions(tmp_path)
    args = (["eval", "--model", f"predictions:{preds}", "--suite", "demo-bird"] if command == "eval"
            else ["score", "demo-bird", "--predictions", str(preds)]) + ["--limit", "24", "--no-progress"]
    cli([*args, "--out", "whole"])
    whole = comparable(tmp_path / "whole")["benchmarks"]["demo-bird"]
    assert 0 < whole["primary_metric"]["value"] < 1 and len(whole["status_counts"]) >= 2  # a mixed run
    for k in (0, 1):
        cli([*args, "--out", f"s{k}", "--shard", f"{k}/2"])
    shard_values = [comparable(tmp_path / f"s{k}")["benchmarks"]["demo-bird"]["primary_metric"]["value"]
                    for k in (0, 1)]
    cli(["merge", "merged", "s1", "s0"])
    assert_same_run(tmp_path / "merged", tmp_path / "whole")
    # the metric is recomputed from the records: not the mean of the shards' means, which differs here
    assert whole["primary_metric"]["value"] != pytest.approx(sum(shard_values) / 2)


def test_vote_shards_merge_with_their_greedy_runs(cli, tmp_path):
    vote = ["eval", "--model", "gold", "--suite", "demo-crtqa", "--limit", "10", "--samples", "3", "--vote",
            "similarity", "--no-progress"]
    cli([*vote, "--out", "whole"])
    for k in (0, 1):
        cli([*vote, "--out", f"s{k}", "--shard", f"{k}/2"])
    cli(["merge", "merged", "s0", "s1"])
    assert_same_run(tmp_path / "merged", tmp_path / "whole")
    assert_same_run(tmp_path / "merged" / "greedy", tmp_path / "whole" / "greedy")


def test_a_killed_shard_is_resumed_then_merged(cli, tmp_path):
    cli(["eval", "--model", "gold", *SUITE, "--out", "whole"])
    for k in (0, 1):
        cli(["eval", "--model", "gold", *SUITE, "--out", f"s{k}", "--shard", f"{k}/2"])
    # shard 1 as a kill leaves it: no results.json, half its records and a torn last line
    (tmp_path / "s1" / "results.json").unlink()
    records = tmp_path / "s1" / "samples" / "demo-bird.jsonl"
    lines = records.read_text().splitlines(keepends=True)
    records.write_text("".join(lines[: len(lines) // 2]) + lines[len(lines) // 2][:20])
    (tmp_path / "s1" / "samples" / "demo-crtqa.jsonl").unlink()
    refused = cli(["merge", "merged", "s0", "s1"], code=2)
    assert "did not finish" in refused.output and not (tmp_path / "merged").exists()
    cli(["eval", "--model", "gold", *SUITE, "--out", "s1", "--shard", "1/2", "--resume"])
    cli(["merge", "merged", "s0", "s1"])
    assert_same_run(tmp_path / "merged", tmp_path / "whole")


# --- refused merges ---------------------------------------------------------------------------------------


def _refused(cli, tmp_path, args: list[str], expected: str) -> None:
    result = cli(["merge", "merged", *args], code=2)
    assert len(result.output.strip().splitlines()) == 1 and expected in result.output, result.output
    assert not (tmp_path / "merged").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".merged")]  # no staging left behind


def test_bad_merges_are_refused_in_one_line_and_write_nothing(cli, tmp_path):
    for k in (0, 1):
        cli(["eval", "--model", "gold", *SUITE, "--out", f"s{k}", "--shard", f"{k}/2"])
    cli(["eval", "--model", "gold", *SUITE, "--out", "whole"])
    cli(["eval", "--model", "gold", *SUITE[:-3], "--limit", "12", "--no-progress", "--out", "other1",
         "--shard", "1/2"])
    cli(["eval", "--model", "gold", *SUITE, "--out", "t1", "--shard", "1/3"])
    _refused(cli, tmp_path, ["s0", "s0"], "given twice")
    _refused(cli, tmp_path, ["s0", "other1"], "config differs: limit")
    _refused(cli, tmp_path, ["s0", "t1"], "is not a part of the 2 shards")
    _refused(cli, tmp_path, ["s0", "whole"], "not a shard")
    _refused(cli, tmp_path, ["s0"], "shard(s) 1/2 not given")
    # a record copied into the other shard's folder
    moved = (tmp_path / "s0" / "samples" / "demo-bird.jsonl").read_text().splitlines(keepends=True)[0]
    target = tmp_path / "s1" / "samples" / "demo-bird.jsonl"
    target.write_text(target.read_text() + moved)
    _refused(cli, tmp_path, ["s0", "s1"], "does not belong to shard 1/2")


def test_a_partial_merge_is_marked_with_the_missing_examples(cli, tmp_path):
    cli(["eval", "--model", "gold", *SUITE, "--out", "s0", "--shard", "0/2"])
    result = cli(["merge", "merged", "s0", "--allow-partial"])
    assert "partial merge" in result.output
    results = json.loads((tmp_path / "merged" / "results.json").read_text())
    layout = results["merge"]
    assert layout["partial"] and layout["count"] == 2
    for name in ("demo-bird", "demo-crtqa"):
        missing = layout["missing"][name]
        assert missing and all(Shard(1, 2).holds(name, i) for i in missing)
        assert results["benchmarks"][name]["n"] + len(missing) == 24


def test_a_merge_on_changed_data_is_refused(cli, tmp_path):
    import shutil

    from tabbench import get_benchmark

    data = tmp_path / "crtqa"
    shutil.copytree(get_benchmark("demo-crtqa").data_path, data)
    args = ["eval", "--model", "gold", "--suite", "demo-crtqa", "--data", f"demo-crtqa={data}", "--limit", "10",
            "--no-progress"]
    for k in (0, 1):
        cli([*args, "--out", f"s{k}", "--shard", f"{k}/2"])
    dataset = data / "dataset.json"
    dataset.write_text(dataset.read_text() + "\n")  # the same examples, another file
    _refused(cli, tmp_path, ["s0", "s1"], "is not the data the shards ran on")


GONE = '''
import tabbench


class Gone(tabbench.benchmark_class("demo-crtqa")):
    name = "gone-crtqa"


@tabbench.hookimpl
def register_benchmarks(register):
    register("gone-crtqa", Gone, description="demo-crtqa under a name only this plugin file registers")
'''


def test_a_merge_without_the_benchmark_data_says_what_it_needs(cli, tmp_path):
    """merge reads the examples again (their order) and runs the plugins' hooks: data that moved is one line."""
    import shutil

    from tabbench import get_benchmark

    data = tmp_path / "crtqa"
    shutil.copytree(get_benchmark("demo-crtqa").data_path, data)
    for k in (0, 1):
        cli(["eval", "--model", "gold", "--suite", "demo-crtqa", "--data", f"demo-crtqa={data}", "--limit", "6",
             "--no-progress", "--out", f"s{k}", "--shard", f"{k}/2"])
    data.rename(tmp_path / "moved")
    _refused(cli, tmp_path, ["s0", "s1"], "tabbench merge needs the plugin and the data of each benchmark the shards "
             f"ran (demo-crtqa), to order the examples and run the plugins' hooks: benchmark 'demo-crtqa': data path "
             f"{data} does not exist")


def test_a_merge_without_the_benchmark_plugin_says_what_it_needs(tmp_path, env):
    from tests.cli_run import tabbench

    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "gone.py").write_text(GONE)
    for k in (0, 1):
        made = tabbench("--plugins-dir", str(tmp_path / "plugins"), "eval", "--model", "gold", "--benchmark",
                        "gone-crtqa", "--limit", "6", "--no-progress", "--out", str(tmp_path / f"s{k}"), "--shard",
                        f"{k}/2", env=env)
        assert made.returncode == 0, made.stderr
    merged = tmp_path / "merged"
    refused = tabbench("merge", str(merged), str(tmp_path / "s0"), str(tmp_path / "s1"), env=env)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert ("needs the plugin and the data of each benchmark the shards ran (gone-crtqa)" in refused.stderr
            and "unknown benchmark 'gone-crtqa'" in refused.stderr), refused.stderr
    assert not merged.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".merged")]


@pytest.mark.parametrize("field", ["question", "gold", "meta", "messages"])
def test_a_shard_with_an_edited_prompt_entry_is_refused_in_one_line(cli, tmp_path, field):
    """The prompts file is copied into the merged run: an edited question or gold would be shown beside the
    records as the run's own. Each entry is checked against the example read again."""
    for k in (0, 1):
        cli(["eval", "--model", "gold", *SUITE, "--out", f"s{k}", "--shard", f"{k}/2"])
    prompts = tmp_path / "s1" / "prompts" / "demo-bird.jsonl"
    entries = [json.loads(line) for line in prompts.read_text().splitlines()]
    edited = {"question": "What is the capital of France?", "gold": "SELECT 'tampered'", "meta": {"difficulty": "x"},
              "messages": [{"role": "user", "content": "something else"}]}[field]
    entries[0][field] = edited
    prompts.write_text("".join(json.dumps(e) + "\n" for e in entries))
    result = cli(["merge", "merged", "s0", "s1"], code=2)
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert "s1/prompts/demo-bird.jsonl: the prompt entry of example" in result.output, result.output
    assert f"({field} differs)" in result.output, result.output
    assert not (tmp_path / "merged").exists()
