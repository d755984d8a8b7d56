"""`tabbench rescore`: metrics added to a finished demo-bird run, checked against the reward scored by hand,
with the edit recorded in results.json and shown by the viewer, and bad requests refused with nothing written.

A hostile run folder (tampered records or results, a results.json leading outside) is one line, and nothing is
rewritten.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tabbench import get_benchmark, get_reward, score_batch
from tabbench.evaluation.aggregate import mean_and_stderr
from tabbench.evaluation.results import validate
from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.viewer import Site
from tests.cli_run import gold_run, tabbench
from tests.one_line import one_line_failure
from tests.run_edits import BENCH, copy_run, edit_json, edit_samples, files

N = 12


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    """A scored demo-bird run: half the answers gold, the others a query that runs and returns other rows."""
    demo = get_benchmark("demo-bird")
    examples = list(demo.examples(demo.default_split))[:N]
    base = tmp_path_factory.mktemp("rescore")
    predictions = base / "preds.jsonl"
    predictions.write_text("".join(
        json.dumps({"id": e.id, "completion": e.gold if i % 2 else f"SELECT {i}"}) + "\n"
        for i, e in enumerate(examples)))
    done = tabbench("score", "demo-bird", "--predictions", str(predictions), "--limit", str(N), "--out",
                    str(base / "run"), "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    return base / "run"


@pytest.fixture
def run(made: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(made, tmp_path / "run"))


def _records(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "samples/demo-bird.jsonl").read_text().splitlines()]


def test_rescore_adds_the_rewards_scores_to_records_results_and_edits(run: Path, env: dict[str, str]) -> None:
    before_results = json.loads((run / "results.json").read_text())
    before = _records(run)
    done = tabbench("rescore", str(run), "--reward", "arctic", "--reward", "f1=component-f1", "--json",
                    "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    after = _records(run)
    results = json.loads((run / "results.json").read_text())
    validate(results)

    # the scores are the rewards' own on each record's completion (scored here by hand, independently)
    demo = get_benchmark("demo-bird")
    examples = {e.id: e for e in demo.examples(demo.default_split)}
    pairs = [(examples[r["id"]], r["completions"][0]) for r in before]
    timeout = before_results["benchmarks"]["demo-bird"]["options"]["timeout"]  # the run's, offered to arctic
    for metric, reward in (("arctic", get_reward("arctic", timeout=timeout)), ("f1", get_reward("component-f1"))):
        expected = [s.value for s in score_batch(reward, pairs)]
        assert [r["scores"][metric]["value"] for r in after] == expected
        mean, stderr = mean_and_stderr([v for v in expected if v is not None])
        summary = results["benchmarks"]["demo-bird"]["metrics"][metric]
        assert (summary["value"], summary["stderr"], summary["n"]) == (pytest.approx(mean), pytest.approx(stderr), N)
    assert {r["scores"]["arctic"]["value"] for r in after} == {1.0, 0.1}  # gold matches, SELECT i only executes

    # nothing else changed: the run's own metrics, statuses and scores; answers gain the new extractors' only
    for old, new in zip(before, after, strict=True):
        kept = ("scores", "answers")
        assert {k: v for k, v in new.items() if k not in kept} == {k: v for k, v in old.items() if k not in kept}
        assert {k: new["scores"][k] for k in old["scores"]} == old["scores"]
        assert {k: new["answers"][k] for k in old["answers"]} == old["answers"]
        assert set(new["answers"]) == {*old["answers"], get_reward("component-f1").extractor.name}
    bird, old_bird = results["benchmarks"]["demo-bird"], before_results["benchmarks"]["demo-bird"]
    assert bird["primary_metric"] == old_bird["primary_metric"] and bird["status_counts"] == old_bird["status_counts"]
    assert [m["name"] for m in bird["metric_rewards"]] == ["ex", "soft_f1", "arctic", "f1"]
    for key, levels in bird["breakdown"].items():
        for level, summary in levels.items():
            group = [r for r in after if str(r["meta"].get(key, "unknown")) == level]
            values = [r["scores"]["f1"]["value"] for r in group]
            assert summary["metrics"]["f1"] == pytest.approx(sum(values) / len(values))
            assert summary["metrics"]["ex"] == old_bird["breakdown"][key][level]["metrics"]["ex"]

    (edit,) = results["edits"]
    assert edit["kind"] == "rescore" and edit["at"][:4].isdigit()
    assert [(m["benchmark"], m["name"], m["reward"]) for m in edit["metrics"]] == [
        ("demo-bird", "arctic", "arctic"), ("demo-bird", "f1", "component-f1")]
    printed = json.loads(done.stdout)
    assert [(row["metric"], row["value"]) for row in printed] == [
        ("arctic", bird["metrics"]["arctic"]["value"]), ("f1", bird["metrics"]["f1"]["value"])]

    # a second rescore appends its edit; the viewer's data carries both
    again = tabbench("rescore", str(run), "--reward", "sqlr1", "--reward-option", "sqlr1:timeout=5", "--no-progress",
                     env=env)
    assert again.returncode == 0, again.stderr
    results = json.loads((run / "results.json").read_text())
    assert [e["metrics"][0]["name"] for e in results["edits"]] == ["arctic", "sqlr1"]
    assert results["edits"][1]["metrics"][0]["options"]["timeout"] == 5
    # records keep every completion's answer under each extractor's name: sqlr1 reads its own (its tag parse)
    sqlr1 = get_reward("sqlr1").extractor.name
    assert all(sqlr1 not in r["answers"] for r in before)
    assert [r["answers"][sqlr1] for r in _records(run)] == [[r["scores"]["sqlr1"]["answer"]] for r in _records(run)]
    (shown,) = Site([read_run(run)]).runs_data()["runs"]
    assert shown["edits"] == results["edits"]


@pytest.mark.parametrize(("args", "message"), [
    (["--reward", "ex=bird-ex"], "already has metric 'ex'; name the new one (--reward NEW_NAME=bird-ex) or score it "
                                 "again (--replace ex)"),
    (["--replace", "ex"], "--replace ex: 'ex' is the primary metric of demo-bird"),
    (["--remove", "ex"], "--remove ex: 'ex' is the primary metric of demo-bird"),
    (["--replace", "nothing"], "--replace nothing: no metric 'nothing' in demo-bird"),
    (["--remove", "nothing"], "--remove nothing: no metric 'nothing' in demo-bird"),
    (["--reward", "arctic", "--remove", "arctic"], "metric 'arctic': --remove and --reward both name it"),
    ([], "name a reward to add (--reward REWARD), a metric to score again (--replace METRIC) or one to take out"),
    (["--reward", "no-such-reward"], "no-such-reward"),
    (["--reward", "arctic", "--benchmark", "demo-spider"], "benchmark 'demo-spider' is not in"),
    (["--reward", "arctic", "--reward", "arctic"], "named twice"),
    (["--reward", "=arctic"], "expected REWARD or METRIC=REWARD"),
])
def test_bad_requests_are_one_line_errors_and_write_nothing(run: Path, env: dict[str, str], args: list[str],
                                                           message: str) -> None:
    before = files(run)
    done = tabbench("rescore", str(run), *args, "--no-progress", env=env)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert files(run) == before


def test_a_run_without_results_or_on_other_data_is_refused(run: Path, env: dict[str, str], tmp_path: Path) -> None:
    unfinished = tmp_path / "unfinished"
    shutil.copytree(run, unfinished)
    (unfinished / "results.json").unlink()
    done = tabbench("rescore", str(unfinished), "--reward", "arctic", env=env)
    assert done.returncode == 2 and "no results.json" in done.stderr

    # the data moved: --data names where it is now; other data (a changed file) is refused
    data = Path(get_benchmark("demo-bird").data_path)
    moved = Path(shutil.copytree(data, tmp_path / "moved"))
    results = json.loads((run / "results.json").read_text())
    results["benchmarks"]["demo-bird"]["data"]["path"] = str(tmp_path / "gone")
    (run / "results.json").write_text(json.dumps(results))
    lost = tabbench("rescore", str(run), "--reward", "arctic", env=env)
    assert lost.returncode != 0 and "--data demo-bird=PATH" in lost.stderr, lost.stderr
    found = tabbench("rescore", str(run), "--reward", "arctic", "--data", f"demo-bird={moved}", "--no-progress",
                     env=env)
    assert found.returncode == 0, found.stderr
    changed = next(p for p in sorted(moved.rglob("*")) if p.is_file() and p.suffix == ".json")
    changed.write_text(changed.read_text() + " ")
    before = files(run)
    refused = tabbench("rescore", str(run), "--reward", "f1=component-f1", "--data", f"demo-bird={moved}", env=env)
    assert refused.returncode != 0 and "not the data the run was made on" in refused.stderr, refused.stderr
    assert files(run) == before


def test_a_transcript_reward_scores_an_agent_runs_rollouts(env: dict[str, str], tmp_path: Path) -> None:
    """`tool-errors` reads the whole rollout of an `--env` run (as in training); single-turn records have none."""
    gold_run(tmp_path / "agent", "--suite", "demo-bird", "--limit", "3", "--env", "sql", env=env)
    done = tabbench("rescore", str(tmp_path / "agent"), "--reward", "tool-errors", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    records = _records(tmp_path / "agent")
    assert all(r["transcript"]["tool_calls"] > 0 for r in records)
    assert [(r["scores"]["tool-errors"]["status"], r["scores"]["tool-errors"]["value"]) for r in records] \
        == [("match", 0.0)] * 3  # the gold rollouts' tool calls all succeed
    summary = json.loads((tmp_path / "agent/results.json").read_text())["benchmarks"]["demo-bird"]["metrics"]
    assert (summary["tool-errors"]["value"], summary["tool-errors"]["n"]) == (0.0, 3)


def test_a_transcript_reward_on_single_turn_records_is_not_applicable(run: Path, env: dict[str, str]) -> None:
    done = tabbench("rescore", str(run), "--reward", "tool-errors", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    summary = json.loads((run / "results.json").read_text())["benchmarks"]["demo-bird"]["metrics"]["tool-errors"]
    assert (summary["value"], summary["n"], summary["n_excluded"]) == (None, 0, N)


def test_a_vote_run_is_rescored_on_the_completion_the_vote_picked(env: dict[str, str], tmp_path: Path) -> None:
    gold_run(tmp_path / "vote", "--suite", "demo-bird", "--limit", "2", "--samples", "3", "--temperature", "0.7",
             env=env)
    path = tmp_path / "vote/samples/demo-bird.jsonl"
    records = _records(tmp_path / "vote")
    first = records[0]
    gold = first["completions"][first["vote"]["index"]]
    first["completions"] = ["SELECT 1", gold, "SELECT 2"]  # as if the vote had picked the second completion
    first["vote"]["index"] = 1
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    done = tabbench("rescore", str(tmp_path / "vote"), "--reward", "arctic", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    # arctic: 1 for a match, 0.1 for a query that only executes: the pick (gold) is scored, not completion 0
    assert [r["scores"]["arctic"]["value"] for r in _records(tmp_path / "vote")] == [1.0, 1.0]


def test_replace_scores_a_metric_again_and_remove_takes_it_out(run: Path, env: dict[str, str]) -> None:
    """Each is an edit of its own; the other metrics, the primary one and every record's status stay as they were."""
    added = tabbench("rescore", str(run), "--reward", "arctic", "--reward", "f1=component-f1", "--no-progress",
                     env=env)
    assert added.returncode == 0, added.stderr
    before = _records(run)
    before_results = json.loads((run / "results.json").read_text())

    # with its own reward and new options: the scores are the reward's with those options
    again = tabbench("rescore", str(run), "--replace", "arctic", "--reward-option", "arctic:timeout=4", "--json",
                     "--no-progress", env=env)
    assert again.returncode == 0, again.stderr
    assert [(row["edit"], row["metric"], row["reward"]) for row in json.loads(again.stdout)] == [
        ("replace", "arctic", "arctic")]
    results = json.loads((run / "results.json").read_text())
    edit = results["edits"][-1]
    assert edit["kind"] == "replace" and edit["metrics"][0]["options"]["timeout"] == 4
    bird = results["benchmarks"]["demo-bird"]
    assert [m["name"] for m in bird["metric_rewards"]] == [m["name"] for m in before_results["benchmarks"][
        "demo-bird"]["metric_rewards"]]  # replaced in place
    demo = get_benchmark("demo-bird")
    examples = {e.id: e for e in demo.examples(demo.default_split)}
    expected = score_batch(get_reward("arctic", timeout=4), [(examples[r["id"]], r["completions"][0]) for r in before])
    assert [r["scores"]["arctic"]["value"] for r in _records(run)] == [s.value for s in expected]
    for old, new in zip(before, _records(run), strict=True):
        assert {k: v for k, v in new["scores"].items() if k != "arctic"} == {
            k: v for k, v in old["scores"].items() if k != "arctic"}
        assert (new["status"], new["score"]) == (old["status"], old["score"])

    # another reward in its place
    other = tabbench("rescore", str(run), "--reward", "arctic=component-f1", "--replace", "arctic", "--no-progress",
                     env=env)
    assert other.returncode == 0, other.stderr
    results = json.loads((run / "results.json").read_text())
    assert next(m for m in results["benchmarks"]["demo-bird"]["metric_rewards"] if m["name"] == "arctic")[
        "reward"] == "component-f1"
    assert [r["scores"]["arctic"]["value"] for r in _records(run)] == [r["scores"]["f1"]["value"]
                                                                       for r in _records(run)]

    # out: from every record, the summary, the breakdowns and metric_rewards; the name is free again
    gone = tabbench("rescore", str(run), "--remove", "arctic", "--no-progress", env=env)
    assert gone.returncode == 0, gone.stderr
    results = json.loads((run / "results.json").read_text())
    validate(results)
    bird = results["benchmarks"]["demo-bird"]
    assert "arctic" not in bird["metrics"] and all("arctic" not in r["scores"] for r in _records(run))
    assert all("arctic" not in level["metrics"] for levels in bird["breakdown"].values() for level in levels.values())
    assert [m["name"] for m in bird["metric_rewards"]] == ["ex", "soft_f1", "f1"]
    assert [(e["kind"], [m["name"] for m in e["metrics"]]) for e in results["edits"]] == [
        ("rescore", ["arctic", "f1"]), ("replace", ["arctic"]), ("replace", ["arctic"]), ("remove", ["arctic"])]
    assert results["edits"][-1]["metrics"][0]["reward"] == "component-f1"  # what it had
    assert tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env).returncode == 0


def test_remove_takes_out_a_metric_that_metric_rewards_does_not_list(run: Path, env: dict[str, str]) -> None:
    """A results.json whose ``metric_rewards`` lacks a metric of ``metrics`` (written by hand, or by an older
    writer): ``--remove`` took nothing out and said it had; now the metric goes, and the edit names it."""
    edit_json(run / "results.json", lambda d: d["benchmarks"][BENCH].update(metric_rewards=[
        m for m in d["benchmarks"][BENCH]["metric_rewards"] if m["name"] != "soft_f1"]))
    gone = tabbench("rescore", str(run), "--remove", "soft_f1", "--no-progress", env=env)
    assert gone.returncode == 0, gone.stderr
    results = json.loads((run / "results.json").read_text())
    assert "soft_f1" not in results["benchmarks"][BENCH]["metrics"]
    assert all("soft_f1" not in r["scores"] for r in _records(run))
    assert [(e["kind"], [m["name"] for m in e["metrics"]]) for e in results["edits"]] == [("remove", ["soft_f1"])]


@pytest.mark.parametrize("name", ["results.json", "samples/demo-bird.jsonl"])
def test_a_read_only_file_of_the_run_is_refused_before_any_work_and_nothing_changes(run: Path, env: dict[str, str],
                                                                                    name: str) -> None:
    (run / name).chmod(0o444)
    before = files(run)
    done = tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"{run / name}: read-only" in done.stderr
    assert files(run) == before and not [p for p in run.rglob(".*")]


def test_records_that_do_not_give_back_results_json_are_refused_before_scoring(run: Path, env: dict[str, str]) -> None:
    """A duplicated record (n=13 beside results.json's n=12) was rescored and reported as n=13."""
    samples = run / "samples" / "demo-bird.jsonl"
    samples.write_text(samples.read_text() + samples.read_text().splitlines(keepends=True)[0])
    before = files(run)
    done = tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "samples/demo-bird.jsonl" in done.stderr  # a duplicated id, or 13 records beside n=12
    assert files(run) == before


# --- hostile run folders ----------------------------------------------------------------------------------------------


def _vote(records: list[dict]) -> None:
    for record in records:
        record.update(completions=record["completions"] * 2, vote="first")


REFUSED_RUNS: dict[str, tuple[Callable[[Path], object], tuple[str, ...]]] = {
    # the run's results.json breaks the schema where load does not look: the new results.json could not be
    # written, and the records were already rewritten (a half-written rescore)
    "results.json breaks the schema": (lambda run: edit_json(run / "results.json", lambda r: r.pop("python")),
                                       ("results.json", "'python' is a required property")),
    "answers is a list": (lambda run: edit_samples(run, lambda rs: rs[0].update(answers=[1])),
                          (f"{BENCH}.jsonl:1", "'answers'")),
    "vote is text": (lambda run: edit_samples(run, _vote), (f"{BENCH}.jsonl:1", "'vote'")),
    # no data hashes recorded: the data could not be checked, so rescore ran on whatever data.path held
    "data.files is empty": (lambda run: edit_json(run / "results.json", lambda r: r["benchmarks"][BENCH][
        "data"].update(files={})), (f"benchmarks.{BENCH}.data.files", "recorded no data files")),
}


@pytest.mark.parametrize("case", sorted(REFUSED_RUNS))
def test_rescore_of_a_tampered_run_is_one_line_and_writes_nothing(scored_runs, tmp_path: Path, env, case: str) -> None:
    edit, says = REFUSED_RUNS[case]
    run = copy_run(scored_runs, "a", tmp_path)
    edit(run)
    before = files(run)
    one_line_failure(tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env), *says)
    assert files(run) == before


def test_rescore_reads_no_results_json_from_outside_the_run(scored_runs, tmp_path: Path, env) -> None:
    run = copy_run(scored_runs, "a", tmp_path)
    outside = tmp_path / "elsewhere.json"
    (run / "results.json").rename(outside)
    (run / "results.json").symlink_to(outside)
    before = outside.read_bytes()
    one_line_failure(tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env),
              "results.json", "leads outside the run folder")
    assert (run / "results.json").is_symlink() and outside.read_bytes() == before


@pytest.mark.parametrize(("spec", "says"), [
    (" =arctic", "expected REWARD or METRIC=REWARD"),
    ("a\nb=arctic", "cannot name a metric"),
    ("a,b=arctic", "cannot name a metric"),
    ("kept=arctic", "a record of the run holds metric 'kept'"),  # in a record's scores, not results.json's
])
def test_rescore_refuses_metric_names_that_are_blank_unprintable_or_taken(scored_runs, tmp_path: Path, env, spec: str,
                                                                          says: str) -> None:
    run = copy_run(scored_runs, "a", tmp_path)
    edit_samples(run, lambda rs: rs[0]["scores"].update(kept={"status": "match", "value": 1.0}))
    before = files(run)
    one_line_failure(tabbench("rescore", str(run), "--reward", spec, "--no-progress", env=env), says)
    assert files(run) == before
