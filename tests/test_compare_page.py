"""The compare page and `tabbench compare`'s details: the flipped samples (question, both answers, gold, what
failed) linked to the side-by-side sample page, per-bucket deltas with their paired tests and a chart, and a
rescored run's edits on its run card. Two demo-bird runs: A answers with the gold SQL, B loses known samples
(an emptied result, a count returned as text: a "types" mismatch) and wins none."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabbench import get_benchmark
from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.paired import sign_test
from tabbench.reporting.viewer import Site, write_bundle
from tests import browser
from tests.cli_run import tabbench
from tests.run_edits import BENCH, copy_run, edit_json, edit_samples
from tests.viewer_serving import MARKUP, NAME, Serving, assert_route_shows_markup_as_text

N = 16


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> dict:
    demo = get_benchmark("demo-bird")
    examples = list(demo.examples(demo.default_split))[:N]
    typed = next(e for e in examples if (e.gold or "").startswith("SELECT COUNT(*)"))
    wrong = {typed.id: typed.gold.replace("SELECT COUNT(*)", "SELECT CAST(COUNT(*) AS TEXT)", 1)}
    wrong.update({e.id: f"{e.gold} LIMIT 0" for e in examples[::3] if e.id != typed.id})
    base = tmp_path_factory.mktemp("compare")
    for name, answers in (("a", {}), ("b", wrong)):
        predictions = base / f"{name}.jsonl"
        predictions.write_text("".join(json.dumps({"id": e.id, "completion": answers.get(e.id, e.gold)}) + "\n"
                                       for e in examples))
        done = tabbench("score", "demo-bird", "--predictions", str(predictions), "--limit", str(N), "--out",
                        str(base / name), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    return {"a": base / "a", "b": base / "b", "wrong": wrong, "typed": typed.id,
            "examples": {e.id: e for e in examples}}


def test_compare_json_lists_the_flipped_samples_and_bucket_deltas(runs: dict, env: dict[str, str]) -> None:
    done = tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env)
    assert done.returncode == 0, done.stderr
    (bird,) = json.loads(done.stdout)["benchmarks"]
    flipped = {f["id"]: f for f in bird["flipped"]}
    assert sorted(flipped) == sorted(runs["wrong"]) and {f["direction"] for f in flipped.values()} == {"down"}
    for sample_id, row in flipped.items():
        example = runs["examples"][sample_id]
        assert (row["question"], row["gold"]) == (example.fields["question"], example.gold)
        assert (row["answer_a"], row["answer_b"]) == (example.gold, runs["wrong"][sample_id])
    assert flipped[runs["typed"]]["failed"] == "differs only by types"
    assert all(re.fullmatch(r"mismatch: 0 rows vs gold [1-9]\d* rows?", row["failed"]) for i, row in flipped.items()
               if i != runs["typed"])  # LIMIT 0: an empty result

    records = {r["id"]: r for r in map(json.loads, (runs["a"] / "samples/demo-bird.jsonl").read_text().splitlines())}
    keys = {b["key"] for b in bird["buckets"]}
    assert keys == {"difficulty", "db_id"}  # the benchmark's breakdown, then the database
    for key in keys:
        rows = [b for b in bird["buckets"] if b["key"] == key]
        assert sum(b["n_down"] for b in rows) == len(runs["wrong"]) and sum(b["n"] for b in rows) == N
        for row in rows:
            ids = [i for i, r in records.items() if r["meta"][key] == row["level"]]
            lost = [i for i in ids if i in runs["wrong"]]
            assert row["score_a"] == 1.0 and row["score_b"] == pytest.approx(1 - len(lost) / len(ids))
            assert row["delta"] == pytest.approx(row["score_b"] - 1.0) and row["p"] == sign_test(0, len(lost))

    table = tabbench("compare", str(runs["a"]), str(runs["b"]), env=env)
    assert table.returncode == 0 and "per bucket" in table.stdout and "difficulty=" in table.stdout


def test_the_compare_page_lists_flips_links_them_and_charts_buckets(chrome, runs: dict, env: dict[str, str],
                                                                    tmp_path: Path) -> None:
    edited = tmp_path / "b"
    import shutil

    shutil.copytree(runs["b"], edited)
    done = tabbench("rescore", str(edited), "--reward", "arctic", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    done = tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env)
    flipped_rows = {f["id"]: f for f in json.loads(done.stdout)["benchmarks"][0]["flipped"]}
    index = write_bundle(Site([read_run(runs["a"], "gold"), read_run(edited, "lossy")]), tmp_path / "site")
    chrome.get(browser.page_url(index) + "#compare")
    rows = "return [...document.querySelectorAll('table.flipped tbody tr')]"
    assert browser.wait(lambda: chrome.execute_script(rows + ".length") == len(runs["wrong"])), chrome.page_source[:800]
    shown = chrome.execute_script(rows + ".map(tr => [tr.querySelector('.flip-id a').textContent,"
                                  " tr.querySelector('.flip-id a').getAttribute('href'),"
                                  " tr.querySelector('.answer-b').textContent,"
                                  " tr.querySelector('.failed').textContent])")
    assert sorted(s[0] for s in shown) == sorted(runs["wrong"])
    for sample_id, href, answer_b, failed in shown:
        assert href == f"#sample/1/0/{sample_id}" and answer_b == runs["wrong"][sample_id]
        expected = "differs only by types" if sample_id == runs["typed"] else flipped_rows[sample_id]["failed"]
        assert failed == expected

    # a chart and a table per breakdown key; the bars are the scores (a full grey bar, a shorter blue one)
    assert chrome.execute_script("return document.querySelectorAll('svg.bucket-chart').length") == 2
    widths = chrome.execute_script(
        "const k = document.querySelector('.bucket-key[data-key=\"db_id\"] svg');"
        " return [...k.querySelectorAll('.bar-a')].map((a, i) => [+a.getAttribute('width'),"
        " +k.querySelectorAll('.bar-b')[i].getAttribute('width')])")
    assert widths and all(a > 0 and b < a for a, b in widths)
    deltas = chrome.execute_script("return [...document.querySelectorAll('.bucket-key[data-key=\"difficulty\"]"
                                   " td.delta')].map(td => td.textContent)")
    assert deltas and all(d.startswith("-") for d in deltas)

    # a flipped sample's link opens it side by side in both runs
    chrome.find_element("css selector", "table.flipped .flip-id a").click()
    assert browser.wait(lambda: chrome.execute_script("return document.querySelectorAll('.sample-run').length") == 2)

    # the rescored run's card lists its edit
    chrome.get(browser.page_url(index) + "#runs")
    edit = "return [...document.querySelectorAll('table.edits tbody tr')].map(tr => tr.textContent)"
    assert browser.wait(lambda: chrome.execute_script(edit))
    (row,) = chrome.execute_script(edit)
    assert "rescore" in row and "arctic" in row and "demo-bird" in row


def test_the_flipped_list_is_cut_at_a_limit_ups_first(runs: dict) -> None:
    from tabbench.reporting.comparison import flipped
    from tabbench.reporting.paired import Flips

    found = Flips("demo-bird", "a", "b", up=["u1", "u2"], down=["d1", "d2", "d3"])
    assert [f["id"] for f in flipped(found, [], [], {}, limit=3)] == ["u1", "u2", "d1"]
    assert [f["id"] for f in flipped(found, [], [], {}, limit=1)] == ["u1"]
    assert len(flipped(found, [], [], {})) == 5


# --- hostile run folders ----------------------------------------------------------------------------------------------


def _marked_runs(scored_runs: dict[str, Path], tmp_path: Path) -> tuple[Path, Path]:
    """The baseline with markup in its prompts (question, gold), its records' buckets (a breakdown key and the
    levels of difficulty and db_id); the other run with markup in its failed answers, their errors and its edits."""
    a, b = copy_run(scored_runs, "a", tmp_path), copy_run(scored_runs, "b", tmp_path)
    edit_samples(a, lambda rs: [r["meta"].update({MARKUP: MARKUP, "difficulty": MARKUP, "db_id": MARKUP})
                                 for r in rs[::2]])
    edit_json(a / "results.json", lambda r: r["benchmarks"][BENCH]["breakdown"].update(
        {MARKUP: {MARKUP: {"n": 1, "metrics": {}}}}))
    prompts = a / "prompts" / f"{BENCH}.jsonl"
    prompts.write_text("".join(json.dumps({**json.loads(line), "question": MARKUP, "gold": MARKUP}) + "\n"
                               for line in prompts.read_text().splitlines()))

    def fail_with_markup(records: list[dict]) -> None:
        for record in records:
            if record["status"] != "match":
                record["answer"] = MARKUP
                record["scores"]["ex"]["details"] = {"error": MARKUP}

    edit_samples(b, fail_with_markup)
    edit_json(b / "results.json", lambda r: r.update(edits=[{"kind": MARKUP, "at": MARKUP, "tabbench_version": MARKUP,
                                                              "metrics": [{key: MARKUP for key in (
                                                                  "benchmark", "name", "reward", "reward_version")}
                                                                  | {"options": {MARKUP: MARKUP}}]}]))
    return a, b


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_in_flipped_samples_bucket_charts_and_edits_is_text(scored_runs, tmp_path: Path, chrome,
                                                                   form: str) -> None:
    """The compare page's flipped list and per-bucket tables and SVG charts, and the run card's edits, put run
    content in as text: nothing injected runs or becomes an element, served or bundled (no CSP header there).
    (test_viewer_app.py's hostile site compares a run with itself: no flips, and no markup in a bucket.)"""
    a, b = _marked_runs(scored_runs, tmp_path)
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
