"""The run folder describes itself (docs/run-folder.md): a vote run read back with its data moved away and every
plugin unavailable, and the vote reading the execution reward's results (one execution per distinct query)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _completions(gold: str) -> list[str]:
    """Four completions: the gold query, the same query written differently (the same result), a wrong query and
    no SQL at all."""
    same = f"SELECT * FROM ({gold.rstrip().rstrip(';')})"
    return [f"```sql\n{gold}\n```", f"```sql\n{same}\n```", "```sql\nSELECT 1\n```", "I cannot answer."]


def _vote_run(cli, tmp_path: Path, count: int, samples: int = 4) -> tuple[Path, Path, list]:
    """A real ``--samples`` vote run of ``count`` demo-bird examples on a copy of the data; returns the run, the
    data copy and the examples."""
    from tabbench import get_benchmark

    data = tmp_path / "data" / "bird"
    shutil.copytree(REPO / "plugins" / "tabbench_demo" / "data" / "bird", data)
    examples = list(get_benchmark("demo-bird", data).examples(None))[:count]
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completions": (_completions(e.gold) * samples)[:samples]})
                                   + "\n" for e in examples))
    out = tmp_path / "run"
    result = cli(["eval", "--model", f"predictions:{predictions}", "--benchmark", "demo-bird", "--data",
                  f"demo-bird={data}", "--limit", str(count), "--samples", str(samples), "--out", str(out),
                  "--no-progress"])
    assert result.exit_code == 0, result.output
    return out, data, examples


def _alone(*args: str) -> dict:
    """``tests/folder_alone.py`` in a fresh process: the viewer's site made with every plugin unavailable."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))}
    done = subprocess.run([sys.executable, "-m", "tests.folder_alone", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_a_vote_run_opens_with_its_data_moved_and_no_plugin(demo_cli, tmp_path: Path) -> None:
    out, data, examples = _vote_run(demo_cli, tmp_path, 8)
    record = json.loads((out / "samples" / "demo-bird.jsonl").read_text().splitlines()[0])
    extractor = json.loads((out / "results.json").read_text())["benchmarks"]["demo-bird"]["answer_extractor"]
    assert record["answers"][extractor][2:] == ["SELECT 1", None]  # every completion's answer, named
    assert record["vote"]["groups"] == [[0, 1], [2]] and record["vote"]["executed"]  # by result: 0 and 1 agree
    data.rename(tmp_path / "moved")  # the data is gone, and the plugins are blocked in the reader's process

    seen = _alone(str(out))
    assert seen["counts"] == {}, seen["counts"]  # no plugin asked for, nothing executed, no process started
    shown = seen["benchmarks"]["0/demo-bird"]
    assert shown["rows"] == shown["rows_with_question"] == shown["rows_with_gold"] == 8
    assert shown["samples"] == shown["with_prompt"] == shown["with_question"] == shown["with_gold"] == 8
    assert shown["with_clusters"] == 8
    first = shown["clustered"]
    assert first["question"] == examples[0].fields["question"] and first["gold"] == examples[0].gold
    assert [c["members"] for c in first["clusters"]] == [[0, 1], [2], [3]]  # the vote's groups; 3 had no SQL
    assert first["clusters"][0]["answer"] == examples[0].gold
    assert first["clusters_by"] == "completions as the execution vote grouped them (by result)"
    assert first["sql"]["gold"] and first["sql"]["diff"]  # the gold query formatted and diffed, from the folder


def test_a_10000_sample_vote_run_opens_with_no_execution_and_no_plugin_import(demo_cli, tmp_path: Path) -> None:
    """Every demo-bird example (500) with 20 sampled completions each: 10,000 samples, voted on."""
    out, data, _ = _vote_run(demo_cli, tmp_path, 500, samples=20)
    shutil.rmtree(data)
    seen = _alone(str(out))
    assert seen["counts"] == {}, seen["counts"]
    shown = seen["benchmarks"]["0/demo-bird"]
    assert shown["rows"] == shown["rows_with_question"] == shown["rows_with_gold"] == 500
    assert shown["samples"] == shown["with_prompt"] == shown["with_clusters"] == 500
    assert sum(len(c["members"]) for c in shown["clustered"]["clusters"]) == 20
    script = ("import json, sys; from tests.folder_alone import install, COUNTS; install()\n"
              "from tabbench.cli import main\n"
              "try:\n    main(['view', sys.argv[1], '--bundle', sys.argv[2]])\nexcept SystemExit as exit:\n"
              "    print(json.dumps({'code': exit.code, 'counts': COUNTS}))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))}
    done = subprocess.run([sys.executable, "-c", script, str(out), str(tmp_path / "site")], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert json.loads(done.stdout.splitlines()[-1]) == {"code": 0, "counts": {}}, done.stderr[-2000:]
    assert (tmp_path / "site" / "index.html").is_file()  # the command itself: tabbench view --bundle


def test_compare_and_the_leaderboard_need_no_plugin_or_data(demo_cli, tmp_path: Path) -> None:
    out, data, _ = _vote_run(demo_cli, tmp_path, 12)
    shutil.rmtree(data)
    script = ("import sys, json; from tests.folder_alone import install, COUNTS; install()\n"
              "from tabbench.evaluation.runfolder import read_run\n"
              "from tabbench.reporting.flips import compare_runs\n"
              "from tabbench.reporting.leaderboard import build\n"
              "a, b = read_run(sys.argv[1]), read_run(sys.argv[2])\n"
              "flips = [f.to_json() for f in compare_runs(a, b)]\n"
              "board = build([sys.argv[1] + '=vote', sys.argv[2] + '=greedy'], sys.argv[3], references=None)\n"
              "print(json.dumps({'flips': flips, 'board': board, 'counts': COUNTS}))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))}
    done = subprocess.run([sys.executable, "-c", script, str(out), str(out / "greedy"), str(tmp_path / "b.md")],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout)
    assert seen["flips"][0]["benchmark"] == "demo-bird"
    # nothing executed and no benchmark looked up; the board asks the (empty) plugin host for suites to group by
    assert set(seen["counts"]) <= {"plugin_host_calls", "plugin_imports"}, seen["counts"]
    assert "| vote |" in seen["board"] and "| greedy |" in seen["board"]
    header = next(line for line in seen["board"].split("Breakdown by `difficulty`")[1].splitlines()
                  if line.startswith("| run |"))
    levels = header.strip("| ").split(" | ")[3:]  # in the order the run recorded, not the alphabet's
    assert len(levels) > 1 and levels == [x for x in ("simple", "moderate", "challenging") if x in levels]


def test_the_vote_reads_the_rewards_executions(demo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each distinct query executes once in a vote run: the vote executes the candidates as the execution reward
    does (its limits, its query, the run's store), so scoring the winner and every candidate (pass@k) reads the
    store."""
    import tabbench.sql.batch as batch
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.config import RunConfig
    from tabbench.evaluation.plan import plan
    from tabbench.evaluation.runner import Run, execute
    from tabbench.evaluation.selection import Selection
    from tabbench.evaluation.store import RunStore
    from tabbench.evaluation.voting import chooser
    from tabbench.sql import normalise_sql

    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))  # gold results are executed, not cached
    executed: Counter = Counter()
    limits_used: set = set()
    run_queries = batch.run_queries

    def counting(keys, limits, workers):
        executed.update((db, normalise_sql(sql)) for db, sql in keys)
        limits_used.add(limits.key())
        return run_queries(keys, limits, workers)

    monkeypatch.setattr(batch, "run_queries", counting)
    config = RunConfig(backend="test", generation=GenerationParams(n=4, temperature=0.8), vote="execution")
    run = Run(out_dir=tmp_path / "run", config=config.to_json(), plan=plan(Selection(("demo-bird",), limit=6)),
              store=RunStore.create(tmp_path / "run", {}), show_progress=False)
    results = execute(run, lambda bench, requests: [_completions(r.example.gold) for r in requests],
                      chooser("execution"))
    assert results["benchmarks"]["demo-bird"]["primary_metric"]["value"] == 1.0  # the vote picked the gold's group
    assert executed and max(executed.values()) == 1, executed.most_common(3)  # vote and reward: one execution
    assert len(limits_used) == 1  # all under the reward's limits
    records = RunStore(tmp_path / "run").read_samples("demo-bird")
    assert all(r.vote is not None and r.vote["index"] == 0 and r.sample_scores == [1.0, 1.0, 0.0, 0.0]
               for r in records)


def test_the_counters_see_a_plugin_load_and_an_execution(tmp_path: Path) -> None:
    """The zero counts above can fail: what the viewer used to do (build the plugin, run a query) is counted."""
    import sqlite3

    db = tmp_path / "t.sqlite"
    sqlite3.connect(db).close()
    script = ("import json, sys; from tests.folder_alone import install, COUNTS; install()\n"
              "import tabbench\n"
              "from tabbench.sql import ExecJob, execute_many\n"
              "try:\n    tabbench.get_benchmark('demo-bird')\nexcept Exception as exc:\n    error = str(exc)\n"
              "execute_many([ExecJob(sys.argv[1], 'SELECT 1')], workers=0)\n"
              "print(json.dumps({'counts': COUNTS, 'error': error}))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))}
    done = subprocess.run([sys.executable, "-c", script, str(db)], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout)
    assert seen["counts"]["plugin_lookups"] >= 1 and seen["counts"]["plugin_host_calls"] >= 1
    assert seen["counts"]["sql_executions"] == 1 and seen["counts"]["sqlite_connects"] >= 1
    assert "demo-bird" in seen["error"]  # the plugin could not load


def test_a_hostile_record_shows_what_it_holds_of_its_vote(tmp_path: Path) -> None:
    """Vote groups and answers are model-influenced data read back: what is not an index is left out."""
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import Site

    (tmp_path / "run" / "samples").mkdir(parents=True)
    record = {"id": "1", "prompt_hash": "h", "completions": ["a", "b", "c"], "answer": "a", "status": "match",
              "score": 1.0, "scores": {}, "answers": {"x": ["a", {"not": "text"}, "A "]},
              "vote": {"method": "execution", "executed": False, "groups": ["x", [0, "a", 99, True, 2], []]}}
    (tmp_path / "run" / "samples" / "b.jsonl").write_text(json.dumps(record) + "\n")
    detail = Site([read_run(tmp_path / "run")]).benchmarks[0][0].chunk(0)[0]
    assert [c["members"] for c in detail["clusters"]] == [[0, 2], [1]]
    assert detail["clusters_by"] == "completions as the execution vote grouped them (by answer text)"
    record["vote"] = None
    (tmp_path / "run" / "samples" / "b.jsonl").write_text(json.dumps(record) + "\n")
    detail = Site([read_run(tmp_path / "run")]).benchmarks[0][0].chunk(0)[0]
    assert [c["members"] for c in detail["clusters"]] == [[0, 2], [1]]  # by the recorded answers' text
    assert "question" not in detail  # no prompts file: nothing invented


def test_a_benchmark_name_that_is_a_path_reads_no_prompts_file(tmp_path: Path) -> None:
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.runfolder import RunFolder, read_prompts

    (tmp_path / "outside.jsonl").write_text(json.dumps({"prompt_hash": "h", "question": "secret"}) + "\n")
    run = RunFolder(tmp_path / "run", "run", {})
    for name in ("../outside", "..", "a/b", "a\\b"):
        with pytest.raises(DataError, match="cannot name a file"):
            read_prompts(run, name)
