"""``tabbench merge`` (``tabbench.evaluation.merge``) of hostile shards: what it reads stays inside each shard, records
are checked rather than trusted (an edit a careful forger would make is still caught by the rewards' rules), and a
merge into an unusable place is one line; nothing is written for a refused merge.

The shards are demo-bird predictions scored with `tabbench score` in two shards (``tests.run_edits.shard_runs``);
each test edits copies.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tabbench.contract.errors import TabbenchError
from tabbench.evaluation.merge import merge, plan_for
from tests.cli_run import tabbench
from tests.one_line import one_line_error
from tests.run_edits import BENCH, copy_run, edit_json, edit_records, symlinked_samples_file


def test_merge_refuses_a_shard_whose_samples_lead_outside(shard_runs, tmp_path: Path) -> None:
    s0, s1 = copy_run(shard_runs, "s0", tmp_path), copy_run(shard_runs, "s1", tmp_path)
    symlinked_samples_file(s1, shard_runs["secret"])
    with pytest.raises(TabbenchError, match="leads outside the run folder"):
        merge(tmp_path / "m", [s0, s1], plan_for)
    assert not (tmp_path / "m").exists()


# --- records are checked, not trusted ---------------------------------------------------------------------------------


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
def test_merge_refuses_edited_records(shard_runs, tmp_path: Path, case: str) -> None:
    edit, says = RECORD_EDITS[case]
    s0, s1 = copy_run(shard_runs, "s0", tmp_path), copy_run(shard_runs, "s1", tmp_path)
    edit_records(s1 / "samples" / f"{BENCH}.jsonl", edit)
    with pytest.raises(TabbenchError) as caught:
        merge(tmp_path / "m", [s0, s1], plan_for)
    assert says in str(caught.value) and "\n" not in str(caught.value), str(caught.value)
    assert not (tmp_path / "m").exists()


def test_records_and_results_edited_together_are_still_caught_by_the_rewards_rules(shard_runs, tmp_path: Path) -> None:
    s0, s1 = copy_run(shard_runs, "s0", tmp_path), copy_run(shard_runs, "s1", tmp_path)
    edit_records(s1 / "samples" / f"{BENCH}.jsonl", primary("mismatch", status="match"))

    def agree(results: dict) -> None:  # what the edited records now say
        counts = results["benchmarks"][BENCH]["status_counts"]
        counts["match"], counts["mismatch"] = counts.get("match", 0) + 1, counts["mismatch"] - 1
        if not counts["mismatch"]:
            del counts["mismatch"]

    edit_json(s1 / "results.json", agree)
    with pytest.raises(TabbenchError, match=r"passes with 0\.0 but record"):
        merge(tmp_path / "m", [s0, s1], plan_for)


def test_untouched_shards_still_merge(shard_runs, tmp_path: Path) -> None:
    results = merge(tmp_path / "m", [shard_runs["s0"], shard_runs["s1"]], plan_for)
    whole = json.loads((shard_runs["a"] / "results.json").read_text())
    assert results["benchmarks"][BENCH]["metrics"] == whole["benchmarks"][BENCH]["metrics"]


@pytest.mark.parametrize("where", ["results", "results and run.json"])
def test_merge_refuses_shards_labelled_with_another_version(shard_runs, tmp_path: Path, where: str) -> None:
    shards = [copy_run(shard_runs, "s0", tmp_path), copy_run(shard_runs, "s1", tmp_path)]
    for shard in shards:
        edit_json(shard / "results.json", lambda r: r["benchmarks"][BENCH].update(version="99"))
        if where != "results":
            edit_json(shard / "run.json", lambda r: r["config"]["benchmark_versions"].update({BENCH: "99"}))
    with pytest.raises(TabbenchError, match="99") as caught:
        merge(tmp_path / "m", shards, plan_for)
    assert "version" in str(caught.value)
    assert not (tmp_path / "m").exists()


# --- merge into an unusable place -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("out", "says"), [("afile", "is a file"), ("afile/sub", "a file is in the way"),
                                           ("link", "is a symlink"), ("dangling", "a symlink to nothing"),
                                           ("/proc/tabbench-merge", "cannot write in /proc")])
def test_merge_into_an_unusable_place_is_one_line(shard_runs, tmp_path: Path, env, out: str, says: str) -> None:
    (tmp_path / "afile").write_text("x")
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    target = tmp_path / out
    one_line_error(tabbench("merge", str(target), str(shard_runs["s0"]), str(shard_runs["s1"]), env=env), str(target),
                   says)
    assert (tmp_path / "afile").read_text() == "x" and not any((tmp_path / "real").iterdir())
