"""`tabbench compare` in the terminal and as JSON: the flipped samples listed (``--flips N``), and runs of
different sizes paired on their common ids only, with each run's unpaired samples counted and every bucket's two
scores taken over the same (paired) samples.

A: demo-bird's first 20 questions, the gold SQL on the first 8 and a wrong query on the other 12. B: the first 8
only, wrong on ids 0, 2 and 4. Paired: 8; A's 12 others have no pair."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from tabbench import get_benchmark
from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.flips import compare_runs
from tests.cli_run import tabbench
from tests.one_line import one_line_error, one_line_failure
from tests.run_edits import BENCH, copy_run, edit_json, edit_samples, strict_json

N_A, N_B = 20, 8
LOST = ("0", "2", "4")  # B's wrong answers among the paired samples


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> dict:
    demo = get_benchmark("demo-bird")
    examples = list(demo.examples(demo.default_split))[:N_A]
    assert [e.id for e in examples[:N_B]] == [str(i) for i in range(N_B)]
    base = tmp_path_factory.mktemp("compare")
    answers = {"a": {e.id: e.gold if i < N_B else "SELECT 1" for i, e in enumerate(examples)},
               "b": {e.id: "SELECT 1" if e.id in LOST else e.gold for e in examples[:N_B]}}
    for name, limit in (("a", N_A), ("b", N_B)):
        predictions = base / f"{name}.jsonl"
        predictions.write_text("".join(json.dumps({"id": i, "completion": c}) + "\n" for i, c in answers[name].items()))
        done = tabbench("score", "demo-bird", "--predictions", str(predictions), "--limit", str(limit), "--out",
                        str(base / name), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    return {"a": base / "a", "b": base / "b", "examples": {e.id: e for e in examples}}


def _records(run: Path) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, (run / "samples" / "demo-bird.jsonl").read_text().splitlines())}


def test_runs_of_different_sizes_pair_common_ids_and_count_each_runs_unpaired(runs: dict, env: dict) -> None:
    done = tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env)
    assert done.returncode == 0, done.stderr
    (bird,) = json.loads(done.stdout)["benchmarks"]
    assert (bird["paired"], bird["unpaired_a"], bird["unpaired_b"]) == (N_B, N_A - N_B, 0)
    assert sorted(bird["down"]) == sorted(LOST) and bird["up"] == []

    records_a, records_b = _records(runs["a"]), _records(runs["b"])
    assert sum(r["score"] for r in records_a.values()) / N_A == pytest.approx(N_B / N_A)  # A's mean over all 20
    for bucket in bird["buckets"]:
        ids = [i for i in records_b if str(records_a[i]["meta"][bucket["key"]]) == bucket["level"]]
        assert bucket["n"] == len(ids) > 0
        # both means over the bucket's paired samples: A scored 1.0 on each of them (its wrong 12 have no pair)
        assert bucket["score_a"] == 1.0
        assert bucket["score_b"] == pytest.approx(sum(records_b[i]["score"] for i in ids) / len(ids))
        in_a = sum(1 for r in records_a.values() if str(r["meta"][bucket["key"]]) == bucket["level"])
        assert bucket["unpaired"] == in_a - len(ids)
    assert sum(b["n"] for b in bird["buckets"] if b["key"] == "difficulty") == N_B

    table = tabbench("compare", str(runs["a"]), str(runs["b"]), env=env)
    assert table.returncode == 0, table.stderr
    assert f"demo-bird: {N_B} samples paired; left out: {N_A - N_B} of A's {N_A} and 0 of B's {N_B}" in table.stdout
    assert "over its paired samples" in table.stdout


def test_the_terminal_lists_the_flipped_samples_and_flips_n_cuts_the_list(runs: dict, env: dict) -> None:
    table = tabbench("compare", str(runs["a"]), str(runs["b"]), env=env)
    assert table.returncode == 0, table.stderr
    out = table.stdout
    assert "demo-bird: flipped samples (3)" in out
    listed = out[out.index("flipped samples"):]
    for sample_id in LOST:
        assert f"│ {sample_id} " in listed
        assert runs["examples"][sample_id].fields["question"][:20] in listed  # the question, as the record holds
    assert listed.count("pass -> fail") == len(LOST) and "SELECT 1" in listed and "mismatch" in listed

    one = tabbench("compare", str(runs["a"]), str(runs["b"]), "--flips", "1", env=env).stdout
    assert "flipped samples, the first 1 of 3 (--flips N for more)" in one
    assert one[one.index("flipped samples"):].count("pass -> fail") == 1
    none = tabbench("compare", str(runs["a"]), str(runs["b"]), "--flips", "0", env=env)
    assert none.returncode == 0 and "flipped samples" not in none.stdout and "per bucket" in none.stdout

    every = json.loads(tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env).stdout)
    cut = json.loads(tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", "--flips", "2", env=env).stdout)
    assert len(every["benchmarks"][0]["flipped"]) == 3 and len(cut["benchmarks"][0]["flipped"]) == 2
    bad = tabbench("compare", str(runs["a"]), str(runs["b"]), "--flips", "-1", env=env)
    assert bad.returncode == 2 and "--flips" in bad.stderr


# --- hostile run folders ----------------------------------------------------------------------------------------------


def test_compare_json_is_standard_json_with_nan_scores_and_lone_surrogates(scored_runs, tmp_path: Path, env) -> None:
    """`compare --json` wrote NaN (no standard JSON reader takes it) and raised UnicodeEncodeError on a lone
    surrogate in a flipped sample's answer; NaN is now null, as the viewer sends it, and the surrogate its escape."""
    b = copy_run(scored_runs, "b", tmp_path)

    def edit(records: list[dict]) -> None:
        failed = next(r for r in records if r["status"] != "match")
        failed["answer"] = "SELECT 1 -- \ud800"
        next(r for r in records if r["status"] == "match").update(score=math.nan)

    edit_samples(b, edit)
    done = tabbench("compare", str(scored_runs["a"]), str(b), "--json", env=env)
    assert done.returncode == 0, done.stderr
    (bench,) = strict_json(done.stdout)["benchmarks"]
    assert "SELECT 1 -- \ud800" in [f["answer_b"] for f in bench["flipped"]]
    scores = [x["score_b"] for x in bench["buckets"]]
    assert None in scores and all(x is None or math.isfinite(x) for x in scores), scores


def test_compare_prints_no_terminal_escapes_or_rich_markup_from_a_run(scored_runs, tmp_path: Path, env) -> None:
    """A bucket level (a record's meta value), a breakdown key and a run label reached the terminal as they were:
    ESC and BEL (an OSC 52 sequence writes the user's clipboard) and rich markup in the title. They are shown as
    escapes and text."""
    b = copy_run(scored_runs, "b", tmp_path)
    osc = "\x1b]52;c;cHduZWQ=\x07\x1b[31mRED"
    edit_samples(b, lambda rs: [r["meta"].update(db_id=osc, **{f"k{osc}": "v"}) for r in rs])
    edit_json(b / "results.json", lambda r: r["benchmarks"][BENCH]["breakdown"].update(
        {f"k{osc}": {"v": {"n": 1, "metrics": {}}}}))
    done = tabbench("compare", f"{b}=[link=https://evil.example]lab[/link]", str(scored_runs["a"]), env=env)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout, repr(done.stdout)
    assert "\\x1b]52;c;cHduZWQ=\\x07" in done.stdout and "[link=https://evil.example]lab[/link]" in done.stdout
    edit_json(b / "results.json", lambda r: r["benchmarks"][BENCH].update(version=osc))  # in an error, too
    err = one_line_failure(tabbench("compare", str(b), str(scored_runs["a"]), env=env), "different benchmark versions")
    assert "\x1b" not in err and "\x07" not in err and "\\x1b]52" in err, repr(err)


def _unfinished(shard_runs, tmp_path: Path, name: str, edit: Callable[[dict], None] | None = None) -> Path:
    run = copy_run(shard_runs, "a", tmp_path, name)
    (run / "results.json").unlink()
    if edit is not None:
        edit_json(run / "run.json", lambda r: edit(r["config"]))
    return run


@pytest.mark.parametrize(("key", "value", "words"), [
    ("data_paths", "/elsewhere/bird", "data fingerprints"), ("benchmark_versions", "1", "benchmark versions")])
def test_compare_refuses_unfinished_runs_on_other_data_or_versions(shard_runs, tmp_path: Path, env, key: str,
                                                                  value: str, words: str) -> None:
    a = _unfinished(shard_runs, tmp_path, "ua")
    b = _unfinished(shard_runs, tmp_path, "ub", lambda config: config[key].update({BENCH: value}))
    assert compare_runs(read_run(a), read_run(_unfinished(shard_runs, tmp_path, "uc")))  # the same data: they pair
    one_line_error(tabbench("compare", str(a), str(b), env=env), words, str(b))
