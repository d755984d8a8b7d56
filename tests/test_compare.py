"""`tabbench compare` in the terminal and as JSON: the flipped samples listed (``--flips N``), and runs of
different sizes paired on their common ids only, with each run's unpaired samples counted and every bucket's two
scores taken over the same (paired) samples.

A: demo-bird's first 20 questions, the gold SQL on the first 8 and a wrong query on the other 12. B: the first 8
only, wrong on ids 0, 2 and 4. Paired: 8; A's 12 others have no pair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabbench import get_benchmark
from tests.cli_run import tabbench

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
