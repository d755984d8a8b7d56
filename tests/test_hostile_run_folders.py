"""Hostile run folders: what `view`, `compare`, `merge` and `leaderboard --pair` read stays inside the folder, records
are checked rather than trusted, and every bad input is one line naming the file, entry or key.

The runs are demo-bird predictions scored with `tabbench score` (half the answers wrong), whole and in two shards;
each test copies one and edits the copy as an adversary would. ``HOSTILE`` counts the cases for the issue's note.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tabbench.contract.errors import TabbenchError
from tabbench.evaluation.merge import merge, plan_for
from tabbench.evaluation.runfolder import read_records, read_run
from tabbench.reporting.flips import compare_runs
from tabbench.reporting.paired import item_verdicts
from tabbench.reporting.viewer import training_curves
from tests.cli_run import tabbench

N = 12
BENCH = "demo-bird"
SECRET = '{"id": "0", "status": "match", "score": 1.0, "secret": "TOP-SECRET-LINE"}\n'


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> dict[str, Path]:
    from tabbench import get_benchmark

    demo = get_benchmark(BENCH)
    examples = list(demo.examples(demo.default_split))[:N]
    base = tmp_path_factory.mktemp("runs")
    predictions = base / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completion": e.gold if i % 2 else f"{e.gold} LIMIT 0"})
                                   + "\n" for i, e in enumerate(examples)))
    common = ["score", BENCH, "--predictions", str(predictions), "--limit", str(N), "--no-progress"]
    for name, extra in (("a", []), ("s0", ["--shard", "0/2"]), ("s1", ["--shard", "1/2"])):
        done = tabbench(*common, *extra, "--out", str(base / name), env=env)
        assert done.returncode == 0, done.stderr
    secret = base / "outside" / "secret.jsonl"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    return {"a": base / "a", "s0": base / "s0", "s1": base / "s1", "secret": secret}


def _copy(made: dict[str, Path], name: str, tmp_path: Path, as_name: str | None = None) -> Path:
    target = tmp_path / (as_name or name)
    shutil.copytree(made[name], target, symlinks=True)
    return target


def _edit_json(path: Path, edit: Callable[[dict], None]) -> None:
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def _edit_records(path: Path, edit: Callable[[list[dict]], None]) -> None:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    edit(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def _one_line(done: subprocess.CompletedProcess[str], *names: str) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    for name in names:
        assert name in lines[0], lines[0]
    return lines[0]


# --- confinement: nothing outside the run folder is read ---------------------------------------------------------


def _rename_benchmark(run: Path, new: str) -> None:
    def edit(results: dict) -> None:
        results["benchmarks"] = {new: results["benchmarks"][BENCH]}

    _edit_json(run / "results.json", edit)


ESCAPES: dict[str, Callable[[Path, Path], str]] = {}


def escape(function: Callable[[Path, Path], str]) -> Callable[[Path, Path], str]:
    ESCAPES[function.__name__] = function
    return function


@escape
def dotdot_benchmark_name(run: Path, secret: Path) -> str:
    name = os.path.relpath(secret.with_suffix(""), run / "samples")
    _rename_benchmark(run, name)
    return name


@escape
def absolute_benchmark_name(run: Path, secret: Path) -> str:
    name = str(secret.with_suffix(""))
    _rename_benchmark(run, name)
    return name


@escape
def hidden_benchmark_name(run: Path, secret: Path) -> str:
    _rename_benchmark(run, "..")
    return ".."


@escape
def symlinked_samples_file(run: Path, secret: Path) -> str:
    (run / "samples" / f"{BENCH}.jsonl").unlink()
    (run / "samples" / f"{BENCH}.jsonl").symlink_to(secret)
    return f"{BENCH}.jsonl"


@escape
def symlinked_samples_folder(run: Path, secret: Path) -> str:
    shutil.rmtree(run / "samples")
    (secret.parent / f"{BENCH}.jsonl").write_text(SECRET)
    (run / "samples").symlink_to(secret.parent)
    return "samples"


@escape
def symlinked_results(run: Path, secret: Path) -> str:
    outside = secret.parent / "results.json"
    outside.write_text((run / "results.json").read_text())
    (run / "results.json").unlink()
    (run / "results.json").symlink_to(outside)
    return "results.json"


@escape
def samples_symlink_loop(run: Path, secret: Path) -> str:
    (run / "samples" / f"{BENCH}.jsonl").unlink()
    (run / "samples" / f"{BENCH}.jsonl").symlink_to(run / "samples" / f"{BENCH}.jsonl")
    return f"{BENCH}.jsonl"


def _read_everything(run: Path) -> None:
    folder = read_run(run)
    for name in folder.benchmarks:
        read_records(folder, name)
    training_curves(folder)


@pytest.mark.parametrize("case", sorted(ESCAPES))
def test_readers_refuse_paths_out_of_the_run_folder(made, tmp_path: Path, case: str) -> None:
    run = _copy(made, "a", tmp_path)
    entry = ESCAPES[case](run, made["secret"])
    with pytest.raises(TabbenchError) as caught:
        _read_everything(run)
    assert entry in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("case", ["dotdot_benchmark_name", "symlinked_samples_file", "symlinked_samples_folder"])
def test_view_bundle_and_compare_publish_nothing_from_outside(made, tmp_path: Path, env, case: str) -> None:
    run = _copy(made, "a", tmp_path)
    entry = ESCAPES[case](run, made["secret"])
    bundle = tmp_path / "bundle"
    _one_line(tabbench("view", str(run), "--bundle", str(bundle), env=env), entry)
    assert not bundle.exists() or "TOP-SECRET-LINE" not in "".join(
        p.read_text(errors="replace") for p in bundle.rglob("*") if p.is_file())
    _one_line(tabbench("compare", str(made["a"]), str(run), env=env), entry)


def test_the_leaderboards_paired_reader_is_confined_too(made, tmp_path: Path) -> None:
    run = _copy(made, "a", tmp_path)
    symlinked_samples_file(run, made["secret"])
    with pytest.raises(TabbenchError, match="leads outside the run folder"):
        item_verdicts(run, BENCH)
    with pytest.raises(TabbenchError, match="cannot name a file"):
        item_verdicts(run, "../outside/secret")


def test_a_symlinked_trainer_state_is_refused(made, tmp_path: Path) -> None:
    run = _copy(made, "a", tmp_path)
    (made["secret"].parent / "trainer_state.json").write_text(json.dumps({"log_history": [{"step": 1, "loss": 1}]}))
    (run / "trainer_state.json").symlink_to(made["secret"].parent / "trainer_state.json")
    with pytest.raises(TabbenchError, match=r"trainer_state\.json: leads outside"):
        training_curves(read_run(run))


def test_merge_refuses_a_shard_whose_samples_lead_outside(made, tmp_path: Path) -> None:
    s0, s1 = _copy(made, "s0", tmp_path), _copy(made, "s1", tmp_path)
    symlinked_samples_file(s1, made["secret"])
    with pytest.raises(TabbenchError, match="leads outside the run folder"):
        merge(tmp_path / "m", [s0, s1], plan_for)
    assert not (tmp_path / "m").exists()


# --- records are checked, not trusted (merge) -----------------------------------------------------------------


_KEEP = object()


def primary(which: str, *, status: object = _KEEP, value: object = _KEEP, every: bool = False,
            record_only: bool = False) -> Callable[[list[dict]], None]:
    """An edit of the first (or ``every``) record whose status is ``which``: its status and value, in the record
    and in its primary score alike (as a careful forger would), or in the record only."""

    def edit(records: list[dict]) -> None:
        for record in [r for r in records if r["status"] == which][: None if every else 1]:
            targets = [(record, "score")] + ([] if record_only else [(record["scores"]["ex"], "value")])
            for target, value_key in targets:
                if status is not _KEEP:
                    target["status"] = status
                if value is not _KEEP:
                    target[value_key] = value

    return edit


def _drop_primary(records: list[dict]) -> None:
    next(r for r in records if r["status"] == "match")["scores"].pop("ex")


def _edit_meta(records: list[dict]) -> None:
    next(r for r in records if r["status"] == "match")["meta"]["difficulty"] = "simple-edited"


def _relabel_secondary(records: list[dict]) -> None:
    for record in records:
        if record["scores"]["soft_f1"]["value"] == 0.0:
            record["scores"]["soft_f1"]["status"] = "match"


RECORD_EDITS: dict[str, tuple[Callable[[list[dict]], None], str]] = {
    "match beside EX 0": (primary("mismatch", status="match"), "status_counts"),
    "every mismatch relabelled match": (primary("mismatch", status="match", every=True), "status_counts"),
    "every mismatch scored 1": (primary("mismatch", value=1.0, every=True), "fails with 1.0"),
    "score raised, scores kept": (primary("mismatch", value=1.0, record_only=True), "are not its primary metric"),
    "score and scores raised": (primary("mismatch", value=1.0), "fails with 1.0"),
    "score as text": (primary("match", value="1"), "field 'score' is a JSON str"),
    "score NaN": (primary("match", value=float("nan")), "is not a finite number"),
    "score infinite": (primary("match", value=float("inf")), "is not a finite number"),
    "score a boolean": (primary("match", value=True), "field 'score' is a JSON bool"),
    "unknown status": (primary("match", status="great"), "unknown status 'great'"),
    "match without a value": (primary("match", value=None), "without a value"),
    "not applicable with a value": (primary("match", status="gold_error"), "(not applicable) beside the value"),
    "primary score missing": (_drop_primary, "no score of the primary metric"),
    "breakdown key edited": (_edit_meta, "is not its example's"),
    "secondary metric relabelled": (_relabel_secondary, "metric 'soft_f1'"),
}


@pytest.mark.parametrize("case", sorted(RECORD_EDITS))
def test_merge_refuses_edited_records(made, tmp_path: Path, case: str) -> None:
    edit, says = RECORD_EDITS[case]
    s0, s1 = _copy(made, "s0", tmp_path), _copy(made, "s1", tmp_path)
    _edit_records(s1 / "samples" / f"{BENCH}.jsonl", edit)
    with pytest.raises(TabbenchError) as caught:
        merge(tmp_path / "m", [s0, s1], plan_for)
    assert says in str(caught.value) and "\n" not in str(caught.value), str(caught.value)
    assert not (tmp_path / "m").exists()


def test_records_and_results_edited_together_are_still_caught_by_the_rewards_rules(made, tmp_path: Path) -> None:
    s0, s1 = _copy(made, "s0", tmp_path), _copy(made, "s1", tmp_path)
    _edit_records(s1 / "samples" / f"{BENCH}.jsonl", primary("mismatch", status="match"))

    def agree(results: dict) -> None:  # what the edited records now say
        counts = results["benchmarks"][BENCH]["status_counts"]
        counts["match"], counts["mismatch"] = counts.get("match", 0) + 1, counts["mismatch"] - 1
        if not counts["mismatch"]:
            del counts["mismatch"]

    _edit_json(s1 / "results.json", agree)
    with pytest.raises(TabbenchError, match=r"passes with 0\.0 but record"):
        merge(tmp_path / "m", [s0, s1], plan_for)


def test_untouched_shards_still_merge(made, tmp_path: Path) -> None:
    results = merge(tmp_path / "m", [made["s0"], made["s1"]], plan_for)
    whole = json.loads((made["a"] / "results.json").read_text())
    assert results["benchmarks"][BENCH]["metrics"] == whole["benchmarks"][BENCH]["metrics"]


@pytest.mark.parametrize("where", ["results", "results and run.json"])
def test_merge_refuses_shards_labelled_with_another_version(made, tmp_path: Path, where: str) -> None:
    shards = [_copy(made, "s0", tmp_path), _copy(made, "s1", tmp_path)]
    for shard in shards:
        _edit_json(shard / "results.json", lambda r: r["benchmarks"][BENCH].update(version="99"))
        if where != "results":
            _edit_json(shard / "run.json", lambda r: r["config"]["benchmark_versions"].update({BENCH: "99"}))
    with pytest.raises(TabbenchError, match="99") as caught:
        merge(tmp_path / "m", shards, plan_for)
    assert "version" in str(caught.value)
    assert not (tmp_path / "m").exists()


# --- merge into an unusable place ----------------------------------------------------------------------------


@pytest.mark.parametrize(("out", "says"), [("afile", "is a file"), ("afile/sub", "a file is in the way"),
                                           ("link", "is a symlink"), ("dangling", "a symlink to nothing"),
                                           ("/proc/tabbench-merge", "cannot write in /proc")])
def test_merge_into_an_unusable_place_is_one_line(made, tmp_path: Path, env, out: str, says: str) -> None:
    (tmp_path / "afile").write_text("x")
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    target = tmp_path / out
    _one_line(tabbench("merge", str(target), str(made["s0"]), str(made["s1"]), env=env), str(target), says)
    assert (tmp_path / "afile").read_text() == "x" and not any((tmp_path / "real").iterdir())


def test_eval_checks_its_out_folder_before_the_model_loads(tmp_path: Path, env) -> None:
    (tmp_path / "afile").write_text("x")
    missing = tmp_path / "no-such-checkpoint"
    done = tabbench("eval", "--model", str(missing), "--suite", "demo", "--out", str(tmp_path / "afile" / "run"),
                    "--no-progress", env=env)
    assert str(missing) not in _one_line(done, "--out", "a file is in the way")


# --- compare: unfinished runs and malformed fields -------------------------------------------------------------


def _unfinished(made, tmp_path: Path, name: str, edit: Callable[[dict], None] | None = None) -> Path:
    run = _copy(made, "a", tmp_path, name)
    (run / "results.json").unlink()
    if edit is not None:
        _edit_json(run / "run.json", lambda r: edit(r["config"]))
    return run


@pytest.mark.parametrize(("key", "value", "words"), [
    ("data_paths", "/elsewhere/bird", "data fingerprints"), ("benchmark_versions", "1", "benchmark versions")])
def test_compare_refuses_unfinished_runs_on_other_data_or_versions(made, tmp_path: Path, env, key: str, value: str,
                                                                  words: str) -> None:
    a = _unfinished(made, tmp_path, "ua")
    b = _unfinished(made, tmp_path, "ub", lambda config: config[key].update({BENCH: value}))
    assert compare_runs(read_run(a), read_run(_unfinished(made, tmp_path, "uc")))  # the same data: they pair
    _one_line(tabbench("compare", str(a), str(b), env=env), words, str(b))


MALFORMED_FIELDS: dict[str, tuple[Callable[[dict], None], str]] = {
    "data is text": (lambda b: b.update(data="x"), f"benchmarks.{BENCH}.data"),
    "data.files is a list": (lambda b: b["data"].update(files=["a"]), f"benchmarks.{BENCH}.data.files"),
    "data.files values are numbers": (lambda b: b["data"].update(files={"a": 1}), f"benchmarks.{BENCH}.data.files"),
    "data.path is a number": (lambda b: b["data"].update(path=3), f"benchmarks.{BENCH}.data.path"),
    "version is a list": (lambda b: b.update(version=[2]), f"benchmarks.{BENCH}.version"),
    "split is an object": (lambda b: b.update(split={"a": 1}), f"benchmarks.{BENCH}.split"),
    "options is text": (lambda b: b.update(options="x"), f"benchmarks.{BENCH}.options"),
    "status_counts is a list": (lambda b: b.update(status_counts=[1]), f"benchmarks.{BENCH}.status_counts"),
    "n is a boolean": (lambda b: b.update(n=True), f"benchmarks.{BENCH}.n"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED_FIELDS))
def test_malformed_results_fields_are_one_line_on_compare_and_view(made, tmp_path: Path, env, case: str) -> None:
    edit, key = MALFORMED_FIELDS[case]
    run = _copy(made, "a", tmp_path)
    _edit_json(run / "results.json", lambda r: edit(r["benchmarks"][BENCH]))
    _one_line(tabbench("compare", str(made["a"]), str(run), env=env), key, str(run))
    _one_line(tabbench("view", str(run), "--bundle", str(tmp_path / "bundle"), env=env), key)
