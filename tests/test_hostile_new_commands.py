"""Hostile run folders against the commands issue 33 added: `tabbench export`, `tabbench rescore`, `compare --json`
and the compare page's flipped samples and bucket charts, the run card's `edits`, and runs made with
`--where KEY=@FILE` read elsewhere.

The rule they are held to: bad input is one line naming the file, line or key, a non-zero exit, and nothing
written or half-written; output never leaves its folder; what a run folder holds (model text with lone
surrogates, NaN) either reaches standard JSON or is refused in one line. The runs are demo-bird predictions
scored with `tabbench score` (`a` all gold, `b` a third wrong); each test copies one and edits the copy.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from tabbench.contract.errors import DataError
from tabbench.evaluation.results import load
from tabbench.reporting.export import eee_schema
from tests.cli_run import gold_run, tabbench
from tests.test_viewer_hostile import MARKUP, NAME, assert_route_shows_markup_as_text

N = 6
BENCH = "demo-bird"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> dict[str, Path]:
    from tabbench import get_benchmark

    demo = get_benchmark(BENCH)
    examples = list(demo.examples(demo.default_split))[:N]
    base = tmp_path_factory.mktemp("new-commands")
    ids = base / "ids.txt"
    ids.write_text("".join(f"{e.id}\n" for e in examples))
    for name, wrong in (("a", ()), ("b", {e.id for e in examples[::3]})):
        predictions = base / f"{name}.jsonl"
        predictions.write_text("".join(json.dumps({"id": e.id, "completion": f"{e.gold} LIMIT 0" if e.id in wrong
                                                   else e.gold}) + "\n" for e in examples))
        done = tabbench("score", BENCH, "--predictions", str(predictions), "--where", f"id=@{ids}", "--out",
                        str(base / name), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    return {"a": base / "a", "b": base / "b", "ids": ids}


def _copy(made: dict[str, Path], name: str, tmp_path: Path, as_name: str | None = None) -> Path:
    return Path(shutil.copytree(made[name], tmp_path / (as_name or name), symlinks=True))


def _edit_json(path: Path, edit: Callable[[dict], object]) -> None:
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def _edit_records(run: Path, edit: Callable[[list[dict]], object]) -> None:
    path = run / "samples" / f"{BENCH}.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    edit(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _one_line(done: subprocess.CompletedProcess[str], *says: str) -> str:
    """The command failed with one line (no traceback) that holds every one of ``says``."""
    err = done.stderr.strip()
    assert done.returncode != 0 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert all(s in err for s in says), err
    return err


def _strict(text: str) -> object:
    """JSON as a strict reader (a browser, jq, another harness) takes it: no NaN, no infinities."""
    def refuse(token: str) -> None:
        raise ValueError(f"not standard JSON: {token}")

    return json.loads(text, parse_constant=refuse)


# --- results.json fields the new commands read ---------------------------------------------------------------


def _metric(results: dict) -> dict:
    return next(iter(results["benchmarks"][BENCH]["metrics"].values()))


MALFORMED: dict[str, tuple[Callable[[dict], object], str]] = {
    "a metric is a number": (lambda r: r["benchmarks"][BENCH]["metrics"].update(ex=5),
                             f"benchmarks.{BENCH}.metrics.ex"),
    "a metric's value is text": (lambda r: _metric(r).update(value="high"), f"benchmarks.{BENCH}.metrics.ex.value"),
    "a metric's n is text": (lambda r: _metric(r).update(n="many"), f"benchmarks.{BENCH}.metrics.ex.n"),
    "a metric's n is negative": (lambda r: _metric(r).update(n=-3), f"benchmarks.{BENCH}.metrics.ex.n"),
    "metric_rewards is an object": (lambda r: r["benchmarks"][BENCH].update(metric_rewards={"a": 1}),
                                    f"benchmarks.{BENCH}.metric_rewards"),
    "a metric reward is text": (lambda r: r["benchmarks"][BENCH].update(metric_rewards=["ex"]),
                                f"benchmarks.{BENCH}.metric_rewards[0]"),
    "a metric reward has no name": (lambda r: r["benchmarks"][BENCH].update(metric_rewards=[{"reward": "x"}]),
                                    f"benchmarks.{BENCH}.metric_rewards[0].name"),
    "a breakdown level is a number": (lambda r: r["benchmarks"][BENCH].update(breakdown={"difficulty": {"x": 5}}),
                                      f"benchmarks.{BENCH}.breakdown.difficulty.x"),
    "answer_extractor is an object": (lambda r: r["benchmarks"][BENCH].update(answer_extractor={"a": 1}),
                                      f"benchmarks.{BENCH}.answer_extractor"),
    "edits is text": (lambda r: r.update(edits="x"), "edits"),
    "an edit is null": (lambda r: r.update(edits=[None]), "edits[0]"),
    "an edit's metrics are text": (lambda r: r.update(edits=[{"kind": "rescore", "metrics": "x"}]), "edits[0].metrics"),
    "an edited metric is a number": (lambda r: r.update(edits=[{"kind": "rescore", "metrics": [1]}]),
                                     "edits[0].metrics[0]"),
    "timing is text": (lambda r: r.update(timing="slow"), "timing"),
    "seeds is text": (lambda r: r.update(seeds="x"), "seeds"),
    "plugins is a list": (lambda r: r.update(plugins=[1]), "plugins"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_fields_the_new_commands_read_are_refused_naming_the_key(made, tmp_path: Path, case: str) -> None:
    """`load` (every reader of results.json: view, compare, export, rescore, merge) checks the fields export and
    rescore use and the run card shows; each was a traceback (export, rescore) or a broken page (the run card's
    `edits`)."""
    edit, key = MALFORMED[case]
    run = _copy(made, "a", tmp_path)
    _edit_json(run / "results.json", edit)
    with pytest.raises(DataError) as caught:
        load(run / "results.json")
    assert str(run / "results.json") in str(caught.value) and f"'{key}'" in str(caught.value), caught.value


def test_a_malformed_field_is_one_line_for_export_rescore_and_view(made, tmp_path: Path, env) -> None:
    run = _copy(made, "a", tmp_path)
    _edit_json(run / "results.json", lambda r: r["benchmarks"][BENCH].update(metric_rewards=["ex"]))
    before = _files(run)
    for command in (["export", str(run), "--format", "eee", "--out", str(tmp_path / "eee")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")],
                    ["rescore", str(run), "--reward", "arctic", "--no-progress"],
                    ["view", str(run), "--bundle", str(tmp_path / "site")]):
        _one_line(tabbench(*command, env=env), "metric_rewards[0]")
    assert _files(run) == before and not {"eee", "lm", "site"} & {p.name for p in tmp_path.iterdir()}


# --- tabbench rescore ----------------------------------------------------------------------------------------


def _vote(records: list[dict]) -> None:
    for record in records:
        record.update(completions=record["completions"] * 2, vote="first")


REFUSED_RUNS: dict[str, tuple[Callable[[Path], object], tuple[str, ...]]] = {
    # the run's results.json breaks the schema where load does not look: the new results.json could not be
    # written, and the records were already rewritten (a half-written rescore)
    "results.json breaks the schema": (lambda run: _edit_json(run / "results.json", lambda r: r.pop("python")),
                                       ("results.json", "'python' is a required property")),
    "answers is a list": (lambda run: _edit_records(run, lambda rs: rs[0].update(answers=[1])),
                          (f"{BENCH}.jsonl:1", "'answers'")),
    "vote is text": (lambda run: _edit_records(run, _vote), (f"{BENCH}.jsonl:1", "'vote'")),
    # no data hashes recorded: the data could not be checked, so rescore ran on whatever data.path held
    "data.files is empty": (lambda run: _edit_json(run / "results.json", lambda r: r["benchmarks"][BENCH][
        "data"].update(files={})), (f"benchmarks.{BENCH}.data.files", "recorded no data files")),
}


@pytest.mark.parametrize("case", sorted(REFUSED_RUNS))
def test_rescore_of_a_tampered_run_is_one_line_and_writes_nothing(made, tmp_path: Path, env, case: str) -> None:
    edit, says = REFUSED_RUNS[case]
    run = _copy(made, "a", tmp_path)
    edit(run)
    before = _files(run)
    _one_line(tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env), *says)
    assert _files(run) == before


def test_rescore_reads_no_results_json_from_outside_the_run(made, tmp_path: Path, env) -> None:
    run = _copy(made, "a", tmp_path)
    outside = tmp_path / "elsewhere.json"
    (run / "results.json").rename(outside)
    (run / "results.json").symlink_to(outside)
    before = outside.read_bytes()
    _one_line(tabbench("rescore", str(run), "--reward", "arctic", "--no-progress", env=env),
              "results.json", "leads outside the run folder")
    assert (run / "results.json").is_symlink() and outside.read_bytes() == before


@pytest.mark.parametrize(("spec", "says"), [
    (" =arctic", "expected REWARD or METRIC=REWARD"),
    ("a\nb=arctic", "cannot name a metric"),
    ("a,b=arctic", "cannot name a metric"),
    ("kept=arctic", "a record of the run holds metric 'kept'"),  # in a record's scores, not results.json's
])
def test_rescore_refuses_metric_names_that_are_blank_unprintable_or_taken(made, tmp_path: Path, env, spec: str,
                                                                          says: str) -> None:
    run = _copy(made, "a", tmp_path)
    _edit_records(run, lambda rs: rs[0]["scores"].update(kept={"status": "match", "value": 1.0}))
    before = _files(run)
    _one_line(tabbench("rescore", str(run), "--reward", spec, "--no-progress", env=env), says)
    assert _files(run) == before


# --- tabbench export -----------------------------------------------------------------------------------------


def _export(run: Path, fmt: str, out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return tabbench("export", str(run), "--format", fmt, "--out", str(out), env=env)


def _exported(out: Path) -> dict[str, object]:
    """Every file written, read as a strict reader reads it (JSON lines line by line)."""
    found: dict[str, object] = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")  # valid UTF-8, or this raises
        found[str(path.relative_to(out))] = ([_strict(line) for line in text.splitlines()]
                                             if path.suffix == ".jsonl" else _strict(text))
    return found


@pytest.mark.parametrize("fmt", ["eee", "lm-eval"])
def test_lone_surrogates_in_model_text_and_prompts_export_as_json_escapes(made, tmp_path: Path, env,
                                                                         fmt: str) -> None:
    """A policy can write a lone surrogate (docs/run-folder.md: records keep it as its \\udXXX escape); UTF-8
    cannot hold one, so writing the export raised UnicodeEncodeError. It is written as the same JSON escape."""
    run = _copy(made, "a", tmp_path)
    _edit_records(run, lambda rs: rs[0].update(completions=["SELECT 1 -- \ud800"], answer="SELECT 1 -- \ud800"))
    prompts = run / "prompts" / f"{BENCH}.jsonl"
    entries = [json.loads(line) for line in prompts.read_text().splitlines()]
    entries[0]["question"] = "which \udfff?"
    prompts.write_text("".join(json.dumps(e) + "\n" for e in entries))
    done = _export(run, fmt, tmp_path / "out", env)
    assert done.returncode == 0, done.stderr
    text = json.dumps(_exported(tmp_path / "out"))
    assert "\\ud800" in text and "\\udfff" in text
    if fmt == "eee":
        for name, value in _exported(tmp_path / "out").items():
            for item in value if name.endswith(".jsonl") else [value]:
                jsonschema.Draft7Validator(eee_schema("instance" if name.endswith(".jsonl") else "aggregate")
                                           ).validate(item)


NON_FINITE: dict[str, tuple[Callable[[Path], object], tuple[str, ...]]] = {
    "a record's score is NaN": (lambda run: _edit_records(run, lambda rs: rs[1]["scores"]["ex"].update(
        value=math.nan)), (f"samples/{BENCH}.jsonl: record ", "= nan")),
    "a metric's value is infinite": (lambda run: _edit_json(run / "results.json", lambda r: _metric(r).update(
        value=math.inf)), ("results.json", "= inf")),
    "a meta value is -infinity": (lambda run: _edit_records(run, lambda rs: rs[1]["meta"].update(
        weight=-math.inf)), (f"samples/{BENCH}.jsonl: record ", "doc.weight = -inf")),
}


@pytest.mark.parametrize("fmt", ["eee", "lm-eval"])
@pytest.mark.parametrize("case", sorted(NON_FINITE))
def test_nan_and_infinities_are_one_line_never_an_invalid_export(made, tmp_path: Path, env, case: str,
                                                                 fmt: str) -> None:
    """Standard JSON has no NaN: eee raised ValueError (a traceback), lm-eval wrote NaN into its files. (eee
    writes meta values as text, where "-inf" is no number: that export is written.)"""
    edit, says = NON_FINITE[case]
    run = _copy(made, "a", tmp_path)
    edit(run)
    done = _export(run, fmt, tmp_path / "out", env)
    if fmt == "eee" and "meta" in case:
        assert done.returncode == 0 and _exported(tmp_path / "out"), done.stderr
        return
    _one_line(done, *says)
    assert not (tmp_path / "out").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a"]


def _out_symlink_to_an_empty_folder(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    return tmp_path / "link"


def _out_dangling_symlink(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    return tmp_path / "dangling"


def _out_under_a_file(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "file").write_text("mine")
    return tmp_path / "file" / "out"


def _out_inside_the_run(tmp_path: Path, run: Path) -> Path:
    return run / "samples" / "export.jsonl"


def _out_symlink_loop(tmp_path: Path, run: Path) -> Path:
    (tmp_path / "loop").symlink_to(tmp_path / "pool")
    (tmp_path / "pool").symlink_to(tmp_path / "loop")
    return tmp_path / "loop"


@pytest.mark.parametrize(("place", "says"), [
    (_out_symlink_to_an_empty_folder, "is a symlink"), (_out_dangling_symlink, "a symlink to nothing"),
    (_out_under_a_file, "a file is in the way"), (_out_inside_the_run, "inside the run folder"),
    (_out_symlink_loop, "cannot be resolved")])
def test_an_out_folder_export_cannot_use_is_one_line_and_nothing_is_written(made, tmp_path: Path, env, place,
                                                                            says: str) -> None:
    run = _copy(made, "a", tmp_path)
    out = place(tmp_path, run)
    before, run_before = _files(tmp_path), _files(run)
    _one_line(_export(run, "lm-eval", out, env), "--out", says)
    assert _files(tmp_path) == before and _files(run) == run_before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no staging folder left


def test_two_benchmarks_lm_eval_names_alike_are_refused_not_overwritten(made, tmp_path: Path, env) -> None:
    """lm-eval sanitises a task name ("demo bird" -> "demo_bird"): two benchmarks whose names sanitise alike
    wrote one samples file over the other."""
    run = _copy(made, "a", tmp_path)
    for name in ("demo bird", "demo_bird"):
        for part in ("samples", "prompts"):
            shutil.copy(run / part / f"{BENCH}.jsonl", run / part / f"{name}.jsonl")
    _edit_json(run / "results.json", lambda r: r["benchmarks"].update(
        {name: r["benchmarks"][BENCH] for name in ("demo bird", "demo_bird")}))
    _one_line(_export(run, "lm-eval", tmp_path / "out", env), "samples_demo_bird_", "twice")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("model", "says"), [("a\0b", "not a plain file name"), ("a\nb", "not a plain file name"),
                                             ("m" * 300, "File name too long")])
def test_a_model_name_that_is_no_file_name_is_one_line_in_lm_eval(made, tmp_path: Path, env, model: str,
                                                                  says: str) -> None:
    """lm-eval names its folder after the model: NUL in the recorded model was a ValueError, a long name an
    OSError (tracebacks)."""
    run = _copy(made, "a", tmp_path)
    _edit_json(run / "results.json", lambda r: r["config"].update(model=model))
    _one_line(_export(run, "lm-eval", tmp_path / "out", env), says)
    assert not (tmp_path / "out").exists()
    done = _export(run, "eee", tmp_path / "eee", env)  # eee makes names portable, but not shorter
    if len(model) > 255:
        _one_line(done, says)
    else:
        assert done.returncode == 0, done.stderr


def test_a_run_made_with_where_at_file_exports_and_builds_a_board_without_the_file(made, tmp_path: Path,
                                                                                   env) -> None:
    """`--where id=@FILE` records the file's path and hash; export and leaderboard build read that record, they do
    not read the file again (it may be gone, or be any path a hostile run folder names). Only merge and resume,
    which select examples with it, read it."""
    run = _copy(made, "a", tmp_path)
    recorded = json.loads((run / "results.json").read_text())["config"]["where"]
    assert recorded[0]["file"] == str(made["ids"])
    _edit_json(run / "results.json", lambda r: r["config"]["where"][0].update(file=str(tmp_path / "gone.txt")))
    for fmt in ("eee", "lm-eval"):
        done = _export(run, fmt, tmp_path / fmt, env)
        assert done.returncode == 0, done.stderr
    (results,) = (tmp_path / "lm-eval").rglob("results_*.json")
    # as recorded, by name (an export writes no local path unless --keep-paths)
    assert _strict(results.read_text())["tabbench"]["config"]["where"][0]["file"] == "gone.txt"
    done = tabbench("leaderboard", "build", str(run), "--out", str(tmp_path / "board.md"), env=env)
    assert done.returncode == 0, done.stderr


# --- tabbench compare and the compare page -------------------------------------------------------------------


def test_compare_json_is_standard_json_with_nan_scores_and_lone_surrogates(made, tmp_path: Path, env) -> None:
    """`compare --json` wrote NaN (no standard JSON reader takes it) and raised UnicodeEncodeError on a lone
    surrogate in a flipped sample's answer; NaN is now null, as the viewer sends it, and the surrogate its escape."""
    b = _copy(made, "b", tmp_path)

    def edit(records: list[dict]) -> None:
        failed = next(r for r in records if r["status"] != "match")
        failed["answer"] = "SELECT 1 -- \ud800"
        next(r for r in records if r["status"] == "match").update(score=math.nan)

    _edit_records(b, edit)
    done = tabbench("compare", str(made["a"]), str(b), "--json", env=env)
    assert done.returncode == 0, done.stderr
    (bench,) = _strict(done.stdout)["benchmarks"]
    assert "SELECT 1 -- \ud800" in [f["answer_b"] for f in bench["flipped"]]
    scores = [x["score_b"] for x in bench["buckets"]]
    assert None in scores and all(x is None or math.isfinite(x) for x in scores), scores


def _marked_runs(made: dict[str, Path], tmp_path: Path) -> tuple[Path, Path]:
    """The baseline with markup in its prompts (question, gold), its records' buckets (a breakdown key and the
    levels of difficulty and db_id); the other run with markup in its failed answers, their errors and its edits."""
    a, b = _copy(made, "a", tmp_path), _copy(made, "b", tmp_path)
    _edit_records(a, lambda rs: [r["meta"].update({MARKUP: MARKUP, "difficulty": MARKUP, "db_id": MARKUP})
                                 for r in rs[::2]])
    _edit_json(a / "results.json", lambda r: r["benchmarks"][BENCH]["breakdown"].update(
        {MARKUP: {MARKUP: {"n": 1, "metrics": {}}}}))
    prompts = a / "prompts" / f"{BENCH}.jsonl"
    prompts.write_text("".join(json.dumps({**json.loads(line), "question": MARKUP, "gold": MARKUP}) + "\n"
                               for line in prompts.read_text().splitlines()))

    def fail_with_markup(records: list[dict]) -> None:
        for record in records:
            if record["status"] != "match":
                record["answer"] = MARKUP
                record["scores"]["ex"]["details"] = {"error": MARKUP}

    _edit_records(b, fail_with_markup)
    _edit_json(b / "results.json", lambda r: r.update(edits=[{"kind": MARKUP, "at": MARKUP, "tabbench_version": MARKUP,
                                                              "metrics": [{key: MARKUP for key in (
                                                                  "benchmark", "name", "reward", "reward_version")}
                                                                  | {"options": {MARKUP: MARKUP}}]}]))
    return a, b


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_in_flipped_samples_bucket_charts_and_edits_is_text(made, tmp_path: Path, chrome, form: str) -> None:
    """The compare page's flipped list and per-bucket tables and SVG charts, and the run card's edits, put run
    content in as text: nothing injected runs or becomes an element, served or bundled (no CSP header there).
    (test_viewer_hostile.py's hostile site compares a run with itself: no flips, and no markup in a bucket.)"""
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import Site, write_bundle
    from tests import browser
    from tests.test_viewer_security import Serving

    a, b = _marked_runs(made, tmp_path)
    site = Site([read_run(a, MARKUP), read_run(b, NAME)])
    serving = Serving(site) if form == "served" else None
    url = serving.url if serving else browser.page_url(write_bundle(site, tmp_path / "site"))
    try:
        chrome.get(url + "#runs")
        for route, ready in (("#runs", "table.edits td"), ("#compare", "table.flipped td.answer-b")):
            assert_route_shows_markup_as_text(chrome, route, ready)
        flipped, charts, bars, labels = chrome.execute_script("""return [
            [...document.querySelectorAll('table.flipped td.answer-b')].map((td) => td.textContent),
            document.querySelectorAll('svg.bucket-chart').length,
            document.querySelectorAll('svg.bucket-chart rect').length,
            [...document.querySelectorAll('.bucket-key')].map((d) => d.dataset.key)]""")
        assert flipped and set(flipped) == {MARKUP} and charts >= 3 and bars > 0 and MARKUP in labels
    finally:
        if serving:
            serving.close()


# --- partial runs --------------------------------------------------------------------------------------------


def test_an_export_of_a_partial_merge_says_how_many_examples_are_missing(tmp_path: Path, env) -> None:
    """`merge --allow-partial` marks results.json partial; its export looked complete. lm-eval's n-samples has
    the run's size as `original` and the samples exported as `effective`; each eee result names the examples
    missing from its score."""
    gold_run(tmp_path / "shard", "--suite", BENCH, "--limit", "6", "--shard", "0/2", env=env)
    done = tabbench("merge", str(tmp_path / "part"), str(tmp_path / "shard"), "--allow-partial", env=env)
    assert done.returncode == 0, done.stderr
    missing = json.loads((tmp_path / "part" / "results.json").read_text())["merge"]["missing"][BENCH]
    assert missing
    for fmt in ("eee", "lm-eval"):
        done = _export(tmp_path / "part", fmt, tmp_path / fmt, env)
        assert done.returncode == 0, done.stderr
    (aggregate,) = (tmp_path / "eee").rglob("*-*.json")
    for result in _strict(aggregate.read_text())["evaluation_results"]:
        assert result["score_details"]["details"]["examples_missing"] == str(len(missing))
    (results,) = (tmp_path / "lm-eval").rglob("results_*.json")
    counts = _strict(results.read_text())["n-samples"][BENCH]
    assert counts == {"original": 6, "effective": 6 - len(missing)}


# --- the prompts file ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("messages", 5), ("messages", "hello"), ("meta", "x"), ("id", [1])])
def test_a_prompt_entry_of_the_wrong_shape_is_one_line_naming_the_line(made, tmp_path: Path, env, field: str,
                                                                      value: object) -> None:
    """Entries are checked as records are: `messages` a list, `meta` an object, `id` text (messages 5 was a
    TypeError in the viewer's bundle)."""
    run = _copy(made, "a", tmp_path)
    prompts = run / "prompts" / f"{BENCH}.jsonl"
    lines = prompts.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), field: value})
    prompts.write_text("\n".join(lines) + "\n")
    for command in (["view", str(run), "--bundle", str(tmp_path / "site")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")]):
        _one_line(tabbench(*command, env=env), f"prompts/{BENCH}.jsonl:2", f"'{field}'")


@pytest.mark.parametrize("transcript", [{"turns": "abc"}, {"turns": math.inf}, {"tool_calls": [1]},
                                        {"messages": 5}, {"messages": ["hi"]}])
def test_a_transcript_of_the_wrong_shape_is_one_line_for_export_and_rescore(made, tmp_path: Path, env,
                                                                           transcript: dict) -> None:
    """An agent rollout's counts and messages were int()-ed and iterated by export (ValueError, OverflowError,
    TypeError tracebacks) and listed by the viewer's sample page; record_shape checks them."""
    run = _copy(made, "a", tmp_path)
    _edit_records(run, lambda rs: rs[0].update(transcript={"messages": [], "turns": 1, **transcript}))
    before = _files(run)
    for command in (["export", str(run), "--format", "eee", "--out", str(tmp_path / "eee")],
                    ["rescore", str(run), "--reward", "tool-errors", "--no-progress"]):
        _one_line(tabbench(*command, env=env), f"{BENCH}.jsonl:1", "'transcript.")
    assert _files(run) == before


# --- deep JSON -----------------------------------------------------------------------------------------------


def _deep(path: Path, place: Callable[[dict], dict], depth: int = 975) -> None:
    """``"deep": [[[...1...]]]``, nested ``depth`` lists deep, put into the object ``place`` picks in JSON file
    ``path``: just under what json.loads reads from a shallow stack, over what json.dumps writes from a deeper one."""
    data = json.loads(path.read_text())
    place(data)["deep"] = "DEEP"
    path.write_text(json.dumps(data).replace('"DEEP"', "[" * depth + "1" + "]" * depth))


def test_results_and_run_json_nested_deeper_than_readers_write_are_one_line(made, tmp_path: Path, env) -> None:
    """A results.json nested 975 lists deep loaded, then was a RecursionError traceback when the viewer's bundle
    or lm-eval's export wrote it back out; so was run.json's config of an unfinished run."""
    run = _copy(made, "a", tmp_path)
    _deep(run / "results.json", lambda r: r["benchmarks"][BENCH]["options"])
    for command in (["view", str(run), "--bundle", str(tmp_path / "site")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")]):
        _one_line(tabbench(*command, env=env), "results.json", "nested deeper than")
    unfinished = _copy(made, "a", tmp_path, "unfinished")
    (unfinished / "results.json").unlink()
    _deep(unfinished / "run.json", lambda r: r["config"]["backend_options"])
    _one_line(tabbench("view", str(unfinished), "--bundle", str(tmp_path / "site"), env=env), "run.json",
              "nested deeper than")


def test_compare_prints_no_terminal_escapes_or_rich_markup_from_a_run(made, tmp_path: Path, env) -> None:
    """A bucket level (a record's meta value), a breakdown key and a run label reached the terminal as they were:
    ESC and BEL (an OSC 52 sequence writes the user's clipboard) and rich markup in the title. They are shown as
    escapes and text."""
    b = _copy(made, "b", tmp_path)
    osc = "\x1b]52;c;cHduZWQ=\x07\x1b[31mRED"
    _edit_records(b, lambda rs: [r["meta"].update(db_id=osc, **{f"k{osc}": "v"}) for r in rs])
    _edit_json(b / "results.json", lambda r: r["benchmarks"][BENCH]["breakdown"].update(
        {f"k{osc}": {"v": {"n": 1, "metrics": {}}}}))
    done = tabbench("compare", f"{b}=[link=https://evil.example]lab[/link]", str(made["a"]), env=env)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout, repr(done.stdout)
    assert "\\x1b]52;c;cHduZWQ=\\x07" in done.stdout and "[link=https://evil.example]lab[/link]" in done.stdout
    _edit_json(b / "results.json", lambda r: r["benchmarks"][BENCH].update(version=osc))  # in an error, too
    err = _one_line(tabbench("compare", str(b), str(made["a"]), env=env), "different benchmark versions")
    assert "\x1b" not in err and "\x07" not in err and "\\x1b]52" in err, repr(err)
