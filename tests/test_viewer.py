"""`tabbench view` and `tabbench compare` on real run folders (demo-bird predictions scored with `tabbench score`).

Run A answers every question with its gold SQL; run B answers some wrong in known ways (an emptied result, a
count returned as text, a hostile completion holding markup), so the expected flips are known.
Browser tests drive Debian's headless Chromium through selenium; they skip only when chromium or its driver is
not installed (``.ci/run`` installs both).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabbench.contract.errors import DataError, TabbenchError
from tabbench.evaluation.runfolder import read_records, read_run
from tabbench.reporting.paired import sign_test
from tabbench.reporting.viewer import Site, make_server, script, training_curves, write_bundle
from tabbench.sql import QueryResult
from tabbench.sql.preview import PREVIEW_CELL_CHARS, PREVIEW_ROWS, differs_by, preview
from tests import browser
from tests.cli_run import gold_run, tabbench
from tests.one_line import one_line_error
from tests.run_edits import ESCAPES, copy_run
from tests.viewer_serving import break_first_line, copy_folder, http_request, page_key

N = 24
HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">'


def _as_text(sql: str) -> str | None:
    """The count as text: the same value of another type (a "types" mismatch)."""
    head = "SELECT COUNT(*)"
    return sql.replace(head, "SELECT CAST(COUNT(*) AS TEXT)", 1) if sql.startswith(head) else None


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> dict[str, object]:
    from tabbench import get_benchmark

    demo = get_benchmark("demo-bird")
    examples = list(demo.examples(demo.default_split))[:N]
    typed = next(e.id for e in examples if _as_text(e.gold or ""))
    base = tmp_path_factory.mktemp("runs")
    wrong: dict[str, str] = {}
    for example in examples:
        number = int(example.id) if example.id.isdigit() else 0
        if example.id == typed:
            wrong[example.id] = _as_text(example.gold)  # type: ignore[assignment]
        elif number % 4 == 1:
            wrong[example.id] = f"{example.gold} LIMIT 0"
    hostile_id = next(e.id for e in examples if e.id not in wrong)
    wrong[hostile_id] = HOSTILE
    for name, answers in (("a", {}), ("b", wrong)):
        predictions = base / f"{name}.jsonl"
        predictions.write_text("".join(json.dumps({"id": e.id, "completion": answers.get(e.id, e.gold)}) + "\n"
                                       for e in examples))
        done = tabbench("score", "demo-bird", "--predictions", str(predictions), "--limit", str(N),
                        "--out", str(base / name), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    return {"a": base / "a", "b": base / "b", "wrong": wrong, "hostile": hostile_id, "typed": typed}


# --- compare ------------------------------------------------------------------------------------------------


def test_exact_mcnemar_p_matches_the_binomial_by_hand() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(0, 6) == 2 / 64
    assert sign_test(2, 10) == 2 * (1 + 12 + 66) / 4096  # n = 12: C(12, 0..2)
    assert sign_test(1, 2) == 1.0  # capped: the two tails overlap


def test_compare_counts_the_known_flips(runs: dict, env: dict[str, str]) -> None:
    done = tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env)
    assert done.returncode == 0, done.stderr
    (bird,) = json.loads(done.stdout)["benchmarks"]
    assert sorted(bird["down"], key=int) == sorted(runs["wrong"], key=int)
    assert bird["up"] == [] and bird["both_fail"] == 0 and bird["unpaired"] == 0
    assert bird["both_pass"] == N - len(runs["wrong"])
    assert bird["p"] == sign_test(0, len(runs["wrong"]))
    table = tabbench("compare", str(runs["a"]), str(runs["b"]), env=env)
    assert table.returncode == 0 and "demo-bird" in table.stdout and f"{bird['p']:.4g}" in table.stdout


def _copy_run(source: Path, target: Path, edit) -> Path:
    (target / "samples").mkdir(parents=True)
    for path in (source / "samples").iterdir():
        (target / "samples" / path.name).write_bytes(path.read_bytes())
    results = json.loads((source / "results.json").read_text())
    edit(results["benchmarks"]["demo-bird"])
    (target / "results.json").write_text(json.dumps(results))
    return target


@pytest.mark.parametrize(("field", "words"), [("version", "benchmark versions"), ("data", "data fingerprints")])
def test_compare_refuses_runs_on_other_versions_or_data(runs: dict, env: dict[str, str], tmp_path: Path,
                                                        field: str, words: str) -> None:
    def edit(result: dict) -> None:
        if field == "version":
            result["version"] = "99"
        else:
            result["data"]["files"] = {k: "0" * 64 for k in result["data"]["files"]}

    other = _copy_run(runs["b"], tmp_path / "other", edit)
    done = tabbench("compare", str(runs["a"]), str(other), env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr and str(other) in done.stderr


# --- records and result previews ----------------------------------------------------------------------------


def test_records_keep_result_previews_and_the_rule_that_failed(runs: dict) -> None:
    records = {r["id"]: r for r in read_records(read_run(runs["b"]), "demo-bird")}
    typed = records[runs["typed"]]["scores"]["ex"]["details"]
    assert typed["differs_by"] == "types"
    assert typed["pred_result"]["n_columns"] == typed["gold_result"]["n_columns"] == 1
    assert typed["pred_result"]["rows"] == [[str(typed["gold_result"]["rows"][0][0])]]
    emptied = next(records[i] for i, sql in runs["wrong"].items() if sql.endswith("LIMIT 0"))
    assert emptied["scores"]["ex"]["details"]["pred_result"]["n_rows"] == 0
    assert "differs_by" not in emptied["scores"]["ex"]["details"]


@pytest.mark.parametrize(("pred", "gold", "rule"), [
    ([(1,), (2,)], [(2,), (1,)], "row order"),
    ([(1,), (1,), (2,)], [(1,), (2,)], "duplicates"),
    ([("a", 1), ("b", 2)], [(1, "a"), (2, "b")], "column order"),
    ([("1",), (2.0,)], [(1,), (2,)], "types"),
    ([(1,)], [(2,)], None),
])
def test_differs_by_names_the_one_rule_that_separates_two_results(pred, gold, rule) -> None:
    assert differs_by(pred, gold) == rule


def test_a_preview_is_bounded() -> None:
    rows = tuple((i, "x" * 500) for i in range(50))
    shown = preview(QueryResult(rows=rows, columns=("n", "text")))
    assert shown["n_rows"] == 50 and shown["n_columns"] == 2 and len(shown["rows"]) == PREVIEW_ROWS
    assert all(len(row[1]) == PREVIEW_CELL_CHARS + 1 for row in shown["rows"])  # cut, with a marker


def test_a_torn_last_line_is_skipped_and_damage_elsewhere_named(runs: dict, tmp_path: Path) -> None:
    run = _copy_run(runs["a"], tmp_path / "torn", lambda result: None)
    path = run / "samples" / "demo-bird.jsonl"
    path.write_bytes(path.read_bytes() + b'{"id": "torn", "sco')
    assert len(read_records(read_run(run), "demo-bird")) == N
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join([lines[0], b"{not json", *lines[1:]]))
    with pytest.raises(DataError, match=r"demo-bird.jsonl:2: corrupt sample record"):
        read_records(read_run(run), "demo-bird")


def test_data_scripts_carry_no_markup() -> None:
    text = script("k", {"completion": "</script><!-- & \u2028"}).decode()
    assert not any(c in text for c in "<>&\u2028")
    assert json.loads(text[len('tbData("k",'):-3])["completion"] == "</script><!-- & \u2028"


# --- server: read-only, nothing outside the runs ------------------------------------------------------------


@pytest.fixture(scope="module")
def server(runs: dict):
    site = Site([read_run(runs["a"]), read_run(runs["b"])])
    httpd = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize("path", [
    "/../results.json", "/data/../../../../etc/passwd", "/data/r0/b0/../../../run.json", "/%2e%2e/%2e%2e/etc/passwd",
    "/data/r0/b0/grid.js/../../../../samples/demo-bird.jsonl", "/samples/demo-bird.jsonl", "/results.json",
    "/data/r7/b0/grid.json", "/data/r0/b0/c9.json", "//etc/passwd", "/viewer_app/app.js", "/data/r0/b0/grid.js",
    "/data/runs.js", "/data/r0/b0/c0.js", "/data/../results.json",
])
def test_the_server_answers_nothing_outside_its_site(server: tuple[str, int], path: str) -> None:
    """Even with the page's key: only the site's own names (and never the bundle's data scripts)."""
    status, body, _ = http_request(server[1], path, headers={"X-Tabbench-Key": page_key(server[1])})
    assert status == 404, (path, body[:200])


def test_the_server_is_read_only_and_sends_a_content_security_policy(server: tuple[str, int]) -> None:
    status, body, response = http_request(server[1], "/")
    assert status == 200 and b"app.js" in body
    assert "script-src 'self'" in response.getheader("Content-Security-Policy", "")
    for method in ("POST", "PUT", "DELETE"):
        assert http_request(server[1], "/data/runs.js", method)[0] == 501


def test_a_bundle_needs_a_new_or_empty_folder(runs: dict, tmp_path: Path, env: dict[str, str]) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("x")
    done = tabbench("view", str(runs["a"]), "--bundle", str(tmp_path / "full"), env=env)
    assert done.returncode == 2 and "not an empty folder" in done.stderr
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["keep.txt"]


# --- in a real browser --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bundle(runs: dict, tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("bundle") / "site"
    index = write_bundle(Site([read_run(runs["a"]), read_run(runs["b"])]), out)
    return browser.page_url(index)


def _grid_rows(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('#grid tr.sample').length")


@pytest.fixture(params=["bundle", "server"])
def site_url(request, bundle: str, server: tuple[str, int]) -> str:
    return bundle if request.param == "bundle" else server[0]


def test_the_grid_renders_a_runs_samples_and_a_filter_narrows_it(chrome, site_url: str, runs: dict) -> None:
    chrome.get(site_url + "#bench/1/0")
    assert browser.wait(lambda: _grid_rows(chrome) == N), chrome.page_source[:500]
    assert chrome.find_element("id", "count").text == f"{N} of {N} samples"
    from selenium.webdriver.support.ui import Select

    Select(chrome.find_element("id", "status")).select_by_value("match")
    matches = N - len(runs["wrong"])
    assert browser.wait(lambda: _grid_rows(chrome) == matches)
    statuses = chrome.execute_script("return [...document.querySelectorAll('#grid tr.sample td:nth-child(5)')]"
                                     ".map(td => td.textContent)")
    assert set(statuses) == {"match"}
    verdicts = chrome.execute_script("return [...document.querySelectorAll('#grid tr.sample td:nth-child(5)')]"
                                     ".map(td => td.className)")
    assert set(verdicts) == {"pass"}  # the verdict Python judged (reporting.paired.passed), not a JS rule
    Select(chrome.find_element("id", "status")).select_by_value("")
    assert browser.wait(lambda: _grid_rows(chrome) == N)
    shown = chrome.execute_script("return [...document.querySelectorAll('#grid tr.sample td:nth-child(5)')]"
                                  ".filter(td => td.className === 'fail').length")
    assert shown == len(runs["wrong"])
    chrome.find_element("id", "search").send_keys("zzz-no-such-text")
    assert browser.wait(lambda: _grid_rows(chrome) == 0)


def test_the_flip_counts_and_p_equal_tabbench_compare(chrome, site_url: str, runs: dict, env) -> None:
    expected = json.loads(tabbench("compare", str(runs["a"]), str(runs["b"]), "--json", env=env).stdout)
    (bird,) = expected["benchmarks"]
    chrome.get(site_url + "#compare")
    assert browser.wait(lambda: chrome.execute_script("return document.querySelector('#compare-table td.p')"))
    shown = chrome.execute_script("const t = document.querySelector('#compare-table'); return"
                                  " [t.querySelector('.n-up').textContent, t.querySelector('.n-down').textContent,"
                                  " t.querySelector('.p').dataset.p]")
    assert [int(shown[0]), int(shown[1]), float(shown[2])] == [bird["n_up"], bird["n_down"], bird["p"]]
    chrome.get(site_url + "#bench/1/0")
    assert browser.wait(lambda: _grid_rows(chrome) == N)
    from selenium.webdriver.support.ui import Select

    Select(chrome.find_element("id", "flip")).select_by_value("down")
    assert browser.wait(lambda: _grid_rows(chrome) == bird["n_down"])


def test_a_hostile_completion_shows_as_text_and_runs_nothing(chrome, site_url: str, runs: dict) -> None:
    chrome.get(site_url + f"#sample/1/0/{runs['hostile']}")
    shown = lambda: chrome.execute_script(  # noqa: E731
        "return [...document.querySelectorAll('pre.completion')].map(p => p.textContent)")
    assert browser.wait(lambda: HOSTILE in shown()), chrome.page_source[:1000]
    time.sleep(0.3)  # an injected <img onerror> would fire by now
    assert chrome.execute_script("return window.__pwned") is None
    assert chrome.execute_script("return document.querySelectorAll('main script, main img').length") == 0


# --- what else a run folder holds: training curves, several completions, agent transcripts --------------------


def test_a_trainers_run_folder_shows_its_training_curves(tmp_path: Path, chrome) -> None:
    history = [{"step": s, "loss": 2.0 / s, "reward": s / 10, "rewards/bird-ex/mean": s / 20} for s in range(1, 6)]
    (tmp_path / "ckpt").mkdir()
    (tmp_path / "ckpt" / "trainer_state.json").write_text(json.dumps({"log_history": [*history, {"train_loss": 1}]}))
    site = Site([read_run(tmp_path / "ckpt")])
    assert site.runs_data()["runs"][0]["curves"] == history
    chrome.get(browser.page_url(write_bundle(site, tmp_path / "site")))
    labels = browser.wait(lambda: chrome.execute_script(
        "return [...document.querySelectorAll('svg.curve text:first-of-type')].map(t => t.textContent)"))
    assert labels == ["loss", "reward", "rewards/bird-ex/mean"]


def test_several_completions_are_grouped_by_their_answer(runs: dict, tmp_path: Path) -> None:
    run = _copy_run(runs["a"], tmp_path / "vote", lambda result: None)
    path = run / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    gold = records[0]["answer"]
    records[0]["completions"] = [gold, "SELECT 1", f"  {gold.lower()} ", "no sql here"]
    (extractor,) = records[0]["answers"]  # the recorded answers: the viewer extracts nothing itself
    records[0]["answers"] = {extractor: [gold, "SELECT 1", f"  {gold.lower()} ", None]}
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    first = Site([read_run(run)]).benchmarks[0][0].chunk(0)[0]
    assert [c["members"] for c in first["clusters"]] == [[0, 2], [1], [3]]
    assert first["clusters_by"] == "completions by extracted answer text"


def test_an_agent_transcript_shows_its_tool_calls(tmp_path: Path, env: dict[str, str], chrome) -> None:
    gold_run(tmp_path / "agent", "--suite", "demo-bird", "--env", "sql", "--max-turns", "4", "--limit", "2", env=env)
    index = write_bundle(Site([read_run(tmp_path / "agent")]), tmp_path / "site")
    chrome.get(browser.page_url(index) + "#sample/0/0/0")
    calls = browser.wait(lambda: chrome.execute_script(
        "return [...document.querySelectorAll('pre.tool-call')].map(p => p.textContent)"))
    assert calls and all(call.startswith("→ ") for call in calls)
    assert any(call.startswith("→ query(") for call in calls), calls


def test_records_with_fewer_fields_show_what_they_have(tmp_path: Path, chrome) -> None:
    """An older run (no results.json, records without meta, transcript or previews) and a PoT metric's output."""
    (tmp_path / "old" / "samples").mkdir(parents=True)
    records = [{"id": "q1", "completions": ["```python\nprint('Final Answer: 42')\n```"], "answer": "42",
                "status": "match", "score": 1.0,
                "scores": {"pot": {"value": 1.0, "status": "match",
                                   "details": {"ecr": True, "stdout": "Final Answer: 42\n"}}}},
               {"id": "q2", "completions": [], "answer": None, "status": "parse_fail", "score": 0.0, "scores": {}}]
    (tmp_path / "old" / "samples" / "someone-elses.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    index = write_bundle(Site([read_run(tmp_path / "old")]), tmp_path / "site")
    chrome.get(browser.page_url(index) + "#bench/0/0")
    assert browser.wait(lambda: _grid_rows(chrome) == 2)
    chrome.get(browser.page_url(index) + "#sample/0/0/q1")
    output = browser.wait(lambda: chrome.execute_script(
        "const m = [...document.querySelectorAll('.metric div.muted')].find(d => d.textContent === 'sandbox stdout');"
        "return m && m.nextElementSibling.textContent"))
    assert output == "Final Answer: 42\n"


def test_a_prompt_too_long_or_cut_says_so_on_its_sample_page(tmp_path: Path, chrome) -> None:
    """A record refused as too long for the context, and one whose prompt was cut, say so (numbers as text; the
    server's words, hostile like every run folder field, as text)."""
    (tmp_path / "run" / "samples").mkdir(parents=True)
    records = [{"id": "long", "completions": [], "answer": None, "status": "prompt_too_long", "score": 0.0,
                "scores": {"ex": {"value": 0.0, "status": "prompt_too_long", "details": {}}},
                "generation": {"prompt_tokens": 1300, "context_length": 1024, "max_new_tokens": 8,
                               "message": "<img src=x onerror='window.__pwned=1'>"}},
               {"id": "cut", "completions": ["SELECT 1"], "answer": "SELECT 1", "status": "mismatch", "score": 0.0,
                "scores": {}, "generation": {"prompt_tokens": 1016, "context_length": 1024, "max_new_tokens": 8,
                                             "truncated_tokens": 284}}]
    (tmp_path / "run" / "samples" / "spider.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    index = write_bundle(Site([read_run(tmp_path / "run")]), tmp_path / "site")
    shown = lambda: chrome.execute_script(  # noqa: E731
        "const p = document.querySelector('p.prompt-fit'); return p && p.textContent")
    chrome.get(browser.page_url(index) + "#sample/0/0/long")
    said = browser.wait(shown)
    assert said.startswith("prompt too long, nothing generated: 1300 tokens (context 1024 tokens with 8 new)")
    assert said.endswith("the server said: <img src=x onerror='window.__pwned=1'>")
    assert chrome.execute_script("return window.__pwned") is None
    chrome.get(browser.page_url(index) + "#sample/0/0/cut")
    assert browser.wait(lambda: (shown() or "").startswith("prompt cut from the left to fit: 284 tokens removed"))


def test_tabbench_view_serves_on_loopback_until_stopped(runs: dict, env: dict[str, str]) -> None:
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "view", str(runs["a"]), f"{runs['b']}=new",
                                "--port", "0"], stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()  # type: ignore[union-attr]
        assert line.startswith("serving 2 run(s) at http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        status, body, _ = http_request(port, "/data/runs.json", headers={"X-Tabbench-Key": page_key(port)})
        assert status == 200 and json.loads(body)["runs"][1]["label"] == "new"
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_runs_made_on_different_data_are_flagged_wherever_they_are_shown_side_by_side(chrome, runs: dict,
                                                                                       tmp_path: Path) -> None:
    """The run list, the grid beside the baseline and the sample page say that the runs' data differ (their data
    files hash differently), naming each run's fingerprint; runs on the same data get no such warning."""
    def other_data(result: dict) -> None:
        result["data"]["files"] = {k: "0" * 64 for k in result["data"]["files"]}

    other = _copy_run(runs["b"], tmp_path / "other-data", other_data)
    (other / "prompts").mkdir()
    (other / "prompts" / "demo-bird.jsonl").write_bytes((runs["b"] / "prompts" / "demo-bird.jsonl").read_bytes())
    page = browser.page_url(write_bundle(Site([read_run(runs["a"]), read_run(other)]), tmp_path / "site"))
    warning = "return [...document.querySelectorAll('p.warning')].map(p => p.textContent)"
    for route in ("#runs", "#bench/1/0", f"#sample/1/0/{runs['hostile']}"):
        chrome.get(page + route)
        assert browser.wait(lambda: chrome.execute_script(warning)), (route, chrome.page_source[:800])
        (shown,) = chrome.execute_script(warning)
        assert "demo-bird: these runs were made on different data" in shown and "other-data" in shown, shown
    same = browser.page_url(write_bundle(Site([read_run(runs["a"]), read_run(runs["b"])]), tmp_path / "same"))
    chrome.get(same + "#bench/1/0")
    assert browser.wait(lambda: _grid_rows(chrome) == N)
    assert chrome.execute_script(warning) == []


@pytest.mark.tabbench_plugins("demo", "bird", "spider", "sql-rewards")
def test_tokens_cost_and_a_budget_stop_are_shown(isolated_host, tmp_path: Path, chrome) -> None:
    """The run card says what the run spent and at what price, each benchmark's tokens, and why a run stopped on
    its budget; a sample page says what the sample spent and how its completion finished (a record that only says
    that is not a prompt too long)."""
    from tabbench.evaluation.config import RunConfig
    from tabbench.evaluation.launch import launch
    from tabbench.evaluation.usage import RunBudget
    from tests.counting import BATCH, BENCHMARKS, LIMIT, register

    register(isolated_host)
    prices = tmp_path / "prices.toml"
    prices.write_text("[prices.counting]\ninput = 1.5\noutput = 6\n")
    out = tmp_path / "run"
    launch(RunConfig(backend="counting", benchmarks=BENCHMARKS, limit=LIMIT, batch_size=BATCH, out=out,
                     prices=prices, run_budget=RunBudget(tokens=400)))
    path = out / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[0]["generation"] = {"finish_reasons": ["context"]}
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    index = write_bundle(Site([read_run(out)]), tmp_path / "site")
    chrome.get(browser.page_url(index) + "#runs")
    card = browser.wait(lambda: chrome.execute_script(
        "const u = document.querySelector('p.usage'), s = document.querySelector('p.stopped');"
        "return u && s && [u.textContent, s.textContent]"))
    assert card[0] == ("tokens: 600 prompt + 60 completion; cost 0.0013 at counting: 1.5 input, 6 output per "
                       f"million tokens ({prices})")
    assert card[1].startswith("stopped: the run's token budget of 400 tokens (660 spent) is used up")
    cells = chrome.execute_script(
        "return [...document.querySelectorAll('table.benchmarks td')].map(c => c.textContent)")
    assert "600 prompt + 60 completion; cost 0.0013" in cells
    chrome.get(browser.page_url(index) + f"#sample/0/0/{records[0]['id']}")
    said = browser.wait(lambda: chrome.execute_script(
        "const u = document.querySelector('p.usage'), f = document.querySelector('p.finish');"
        "return u && f && [u.textContent, f.textContent, document.querySelectorAll('p.prompt-fit').length]"))
    assert said == ["tokens: 100 prompt + 10 completion",  # a record holds tokens; cost is the totals'
                    "finish: context (1 cut where the model's context was full, before --max-new-tokens)", 0]


# --- hostile run folders ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", ["dotdot_benchmark_name", "symlinked_samples_file", "symlinked_samples_folder"])
def test_view_bundle_and_compare_publish_nothing_from_outside(shard_runs, tmp_path: Path, env, case: str) -> None:
    run = copy_run(shard_runs, "a", tmp_path)
    entry = ESCAPES[case](run, shard_runs["secret"])
    bundle = tmp_path / "bundle"
    one_line_error(tabbench("view", str(run), "--bundle", str(bundle), env=env), entry)
    assert not bundle.exists() or "TOP-SECRET-LINE" not in "".join(
        p.read_text(errors="replace") for p in bundle.rglob("*") if p.is_file())
    one_line_error(tabbench("compare", str(shard_runs["a"]), str(run), env=env), entry)


def test_a_symlinked_trainer_state_is_refused(shard_runs, tmp_path: Path) -> None:
    run = copy_run(shard_runs, "a", tmp_path)
    (shard_runs["secret"].parent / "trainer_state.json").write_text(
        json.dumps({"log_history": [{"step": 1, "loss": 1}]}))
    (run / "trainer_state.json").symlink_to(shard_runs["secret"].parent / "trainer_state.json")
    with pytest.raises(TabbenchError, match=r"trainer_state\.json: leads outside"):
        training_curves(read_run(run))


def test_a_bundle_page_has_no_key_and_its_data_are_scripts(demo_run: Path, tmp_path: Path) -> None:
    index = write_bundle(Site([read_run(demo_run)]), tmp_path / "site")
    assert b'<meta name="tabbench-key" content="">' in index.read_bytes()
    assert (tmp_path / "site" / "data" / "runs.js").read_bytes().startswith(b'tbData("runs",')
    assert not list((tmp_path / "site").rglob("*.json"))



# --- --bundle targets: one line, before any work ----------------------------------------------------------------------


def _unwritable(tmp_path: Path) -> Path:
    """A folder this user cannot create anything in (root ignores permissions: /sys refuses even root)."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("case", ["file in the path", "existing file", "symlink to an empty folder",
                                  "dangling symlink", "unwritable folder", "full folder"])
def test_an_unusable_bundle_target_is_one_line_before_any_work(demo_run: Path, tmp_path: Path, env: dict[str, str],
                                                               case: str) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep").write_text("x")
    target = {"file in the path": tmp_path / "a-file" / "site", "existing file": tmp_path / "a-file",
              "symlink to an empty folder": tmp_path / "link", "dangling symlink": tmp_path / "dangling",
              "unwritable folder": _unwritable(tmp_path) / "site", "full folder": tmp_path / "full"}[case]
    (tmp_path / "link").symlink_to(tmp_path / "empty")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    # making the bundle would fail: it must not start
    broken = break_first_line(copy_folder(demo_run, tmp_path / "broken"))
    before = sorted(p.name for p in tmp_path.rglob("*"))
    done = tabbench("view", str(broken), "--bundle", str(target), env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "corrupt" not in done.stderr and str(target) in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written, no staging folder left
    assert not (tmp_path / "nowhere").exists() and list((tmp_path / "empty").iterdir()) == []
