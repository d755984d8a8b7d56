"""results.json read back (``tabbench.evaluation.results.load``, what view, compare, export, rescore and merge
read): every field a reader uses is checked, and a malformed one is one line naming the file and the key, whichever
command reads it, with nothing written.

Hostile run folders (demo-bird predictions scored with `tabbench score`, ``tests.run_edits``): each test edits a copy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tabbench.contract.errors import DataError
from tabbench.evaluation.results import load
from tests.cli_run import tabbench
from tests.one_line import one_line_error, one_line_failure
from tests.run_edits import BENCH, copy_run, edit_json, files, first_metric

MALFORMED: dict[str, tuple[Callable[[dict], object], str]] = {
    "a metric is a number": (lambda r: r["benchmarks"][BENCH]["metrics"].update(ex=5),
                             f"benchmarks.{BENCH}.metrics.ex"),
    "a metric's value is text": (lambda r: first_metric(r).update(value="high"),
                                 f"benchmarks.{BENCH}.metrics.ex.value"),
    "a metric's n is text": (lambda r: first_metric(r).update(n="many"), f"benchmarks.{BENCH}.metrics.ex.n"),
    "a metric's n is negative": (lambda r: first_metric(r).update(n=-3), f"benchmarks.{BENCH}.metrics.ex.n"),
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
def test_malformed_fields_the_new_commands_read_are_refused_naming_the_key(scored_runs, tmp_path: Path,
                                                                          case: str) -> None:
    """`load` (every reader of results.json: view, compare, export, rescore, merge) checks the fields export and
    rescore use and the run card shows; each was a traceback (export, rescore) or a broken page (the run card's
    `edits`)."""
    edit, key = MALFORMED[case]
    run = copy_run(scored_runs, "a", tmp_path)
    edit_json(run / "results.json", edit)
    with pytest.raises(DataError) as caught:
        load(run / "results.json")
    assert str(run / "results.json") in str(caught.value) and f"'{key}'" in str(caught.value), caught.value


def test_a_malformed_field_is_one_line_for_export_rescore_and_view(scored_runs, tmp_path: Path, env) -> None:
    run = copy_run(scored_runs, "a", tmp_path)
    edit_json(run / "results.json", lambda r: r["benchmarks"][BENCH].update(metric_rewards=["ex"]))
    before = files(run)
    for command in (["export", str(run), "--format", "eee", "--out", str(tmp_path / "eee")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")],
                    ["rescore", str(run), "--reward", "arctic", "--no-progress"],
                    ["view", str(run), "--bundle", str(tmp_path / "site")]):
        one_line_failure(tabbench(*command, env=env), "metric_rewards[0]")
    assert files(run) == before and not {"eee", "lm", "site"} & {p.name for p in tmp_path.iterdir()}


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
def test_malformed_results_fields_are_one_line_on_compare_and_view(shard_runs, tmp_path: Path, env, case: str) -> None:
    edit, key = MALFORMED_FIELDS[case]
    run = copy_run(shard_runs, "a", tmp_path)
    edit_json(run / "results.json", lambda r: edit(r["benchmarks"][BENCH]))
    one_line_error(tabbench("compare", str(shard_runs["a"]), str(run), env=env), key, str(run))
    one_line_error(tabbench("view", str(run), "--bundle", str(tmp_path / "bundle"), env=env), key)


# --- deep JSON --------------------------------------------------------------------------------------------------------


def _deep(path: Path, place: Callable[[dict], dict], depth: int = 975) -> None:
    """``"deep": [[[...1...]]]``, nested ``depth`` lists deep, put into the object ``place`` picks in JSON file
    ``path``: just under what json.loads reads from a shallow stack, over what json.dumps writes from a deeper one."""
    data = json.loads(path.read_text())
    place(data)["deep"] = "DEEP"
    path.write_text(json.dumps(data).replace('"DEEP"', "[" * depth + "1" + "]" * depth))


def test_results_and_run_json_nested_deeper_than_readers_write_are_one_line(scored_runs, tmp_path: Path, env) -> None:
    """A results.json nested 975 lists deep loaded, then was a RecursionError traceback when the viewer's bundle
    or lm-eval's export wrote it back out; so was run.json's config of an unfinished run."""
    run = copy_run(scored_runs, "a", tmp_path)
    _deep(run / "results.json", lambda r: r["benchmarks"][BENCH]["options"])
    for command in (["view", str(run), "--bundle", str(tmp_path / "site")],
                    ["export", str(run), "--format", "lm-eval", "--out", str(tmp_path / "lm")]):
        one_line_failure(tabbench(*command, env=env), "results.json", "nested deeper than")
    unfinished = copy_run(scored_runs, "a", tmp_path, "unfinished")
    (unfinished / "results.json").unlink()
    _deep(unfinished / "run.json", lambda r: r["config"]["backend_options"])
    one_line_failure(tabbench("view", str(unfinished), "--bundle", str(tmp_path / "site"), env=env), "run.json",
              "nested deeper than")
