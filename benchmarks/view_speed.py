"""How fast `tabbench view` opens and filters a large run in headless Chromium (Debian's, through selenium).

Writes a synthetic run folder of ``--samples`` records (default 30,000) of one Text-to-SQL benchmark, with
result previews in their details as new runs have them, then measures, for the static bundle and for the
served app:

- open: from navigating to the benchmark's page to the grid showing its first rows (the grid file of every
  sample loaded and parsed, the search index built, the first page rendered); served, the first open also
  includes the server reading the records and making the grid when the page asks before ``tabbench view``'s
  background start-up has made it (measured both ways);
- filter: choosing a status and typing a search term, each until the grid is re-rendered (timed in the page).

Target (issue 24): open and filter each under 2 s. Usage: ``python benchmarks/view_speed.py [--samples N]``.

``--vote-run [--per-example K] [--before DIR]`` measures instead what the viewer does to open a large vote run
(issue 33): a real ``tabbench eval --samples K`` run (default 20) of every demo-bird example (500, so 10,000
sampled completions; predictions: the gold query, the same query written differently, a wrong query, no SQL,
repeated), opened by ``tests/folder_alone.py`` with the plugins allowed, which makes every file of the site
(the run summary, the grid, every sample chunk) and counts plugin imports, plugin look-ups, SQL executions,
sandboxed programs and new processes. ``--before DIR`` opens the same run with the code in ``DIR`` too (e.g.
``git archive 108187a | tar -x -C DIR``, the viewer that rebuilt the plugin and extracted every completion
again; it reads results schema 3, so its copy of the run says 3). ``--tablebench DATA --limit N`` makes the
vote run a TableBench program-of-thought one instead (``--model gold``, the first N examples), whose answers
are read by running each program in the sandbox.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO)]

from tabbench.evaluation.runfolder import read_run  # noqa: E402
from tabbench.reporting.viewer import Site, make_server, write_bundle  # noqa: E402
from tests import browser  # noqa: E402

STATUSES = ("match", "mismatch", "exec_error", "no_sql")
BENCHMARK = "speed-sql"  # no such plugin: the grid shows what records hold, as for a run from elsewhere


def write_run(folder: Path, samples: int) -> Path:
    """A run folder with ``samples`` records of plausible size (SQL answers, two metrics, result previews)."""
    rng = random.Random(0)
    (folder / "samples").mkdir(parents=True)
    counts: dict[str, int] = {}
    with (folder / "samples" / f"{BENCHMARK}.jsonl").open("w") as out:
        for i in range(samples):
            status = rng.choices(STATUSES, weights=(60, 30, 8, 2))[0]
            counts[status] = counts.get(status, 0) + 1
            sql = (f"SELECT T1.name, COUNT(*) FROM table_{i % 97} AS T1 JOIN other_{i % 13} AS T2 ON T1.id = T2.ref "
                   f"WHERE T2.value > {rng.randint(0, 999)} GROUP BY T1.name ORDER BY 2 DESC LIMIT {rng.randint(1, 9)}")
            preview = {"columns": ["name", "COUNT(*)"], "rows": [[f"name {j}", j] for j in range(3)], "n_rows": 3,
                       "n_columns": 2}
            score = 1.0 if status == "match" else 0.0
            details = {"sql": sql, "pred_result": preview, "gold_result": preview}
            out.write(json.dumps({
                "id": str(i), "prompt_hash": f"{i:016x}", "completions": [f"```sql\n{sql}\n```"], "answer": sql,
                "status": status, "score": score,
                "scores": {"ex": {"value": score, "status": status, "details": details},
                           "soft_f1": {"value": score, "status": status, "details": details}},
                "meta": {"difficulty": rng.choice(("simple", "moderate", "challenging")), "db_id": f"db_{i % 40}"},
                "transcript": None}) + "\n")
    metric = {"value": counts.get("match", 0) / samples, "stderr": 0.0, "n": samples, "n_excluded": 0}
    (folder / "results.json").write_text(json.dumps({
        "schema_version": 4, "config": {"backend": "synthetic", "model": "speed"}, "model": {},
        "benchmarks": {BENCHMARK: {"version": "1", "split": "dev", "n": samples, "metrics": {"ex": metric},
                                   "primary_metric": {"name": "ex", "value": metric["value"], "stderr": 0.0},
                                   "status_counts": counts, "breakdown": {}, "data": {"path": None, "files": {}}}}}))
    return folder


def measure(driver, url: str, samples: int) -> dict[str, float]:
    driver.get("about:blank")  # a fresh page each time (the same URL again would only change the hash)
    start = time.perf_counter()
    driver.get(url + "#bench/0/0")
    while driver.execute_script("return document.querySelectorAll('#grid tr.sample').length") == 0:
        time.sleep(0.01)
    opened = time.perf_counter() - start
    count = driver.execute_script("return document.getElementById('count').textContent")
    assert count == f"{samples} of {samples} samples", count
    status = driver.execute_script(
        "const s = document.getElementById('status'); const t = performance.now();"
        "s.value = 'mismatch'; s.dispatchEvent(new Event('change'));"
        "return [performance.now() - t, document.getElementById('count').textContent]")
    search = driver.execute_script(
        "const s = document.getElementById('search'); const t = performance.now();"
        "s.value = 'table_42 '; s.dispatchEvent(new Event('input'));"
        "return [performance.now() - t, document.getElementById('count').textContent]")
    return {"open_s": opened, "status_filter_s": status[0] / 1000, "search_s": search[0] / 1000,
            "after_status": status[1], "after_search": search[1]}


def make_vote_run(folder: Path, per_example: int, tablebench: Path | None, limit: int | None) -> Path:
    """A real vote run (``tabbench eval --samples``): every demo-bird example with ``per_example`` completions
    each, or TableBench PoT's first ``limit`` examples (gold completions) when ``tablebench`` is its data."""
    from tabbench import get_benchmark
    from tests.test_run_format import _completions

    folder.mkdir(parents=True)
    run = folder / "run"
    if tablebench is not None:
        model = ["--model", "gold", "--benchmark", "tablebench", "--data", f"tablebench={tablebench}",
                 "-o", "instruction_type=PoT"]
    else:
        predictions = folder / "predictions.jsonl"
        with predictions.open("w") as out:
            for example in get_benchmark("demo-bird").examples(None):
                completions = (_completions(example.gold) * per_example)[:per_example]
                out.write(json.dumps({"id": example.id, "completions": completions}) + "\n")
        model = ["--model", f"predictions:{predictions}", "--benchmark", "demo-bird"]
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(folder / "cache")}
    subprocess.run([sys.executable, "-m", "tabbench", "eval", *model, "--samples", str(per_example),
                    *(["--limit", str(limit)] if limit else []), "--out", str(run), "--no-progress"],
                   check=True, env=env, capture_output=True)
    return run


def open_alone(run: Path, code: Path) -> dict:
    """``tests/folder_alone.py --plugins RUN`` in a fresh process with the tabbench (and plugins) in ``code``."""
    path = os.pathsep.join(str(p) for p in (code, code / "plugins", code / "trainers"))
    done = subprocess.run([sys.executable, str(REPO / "tests" / "folder_alone.py"), "--plugins", str(run)],
                          cwd=code, env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True, check=True)
    seen = json.loads(done.stdout)
    assert Path(seen["tabbench"]).is_relative_to(code), (seen["tabbench"], code)  # the code measured is code's
    return seen


def vote_run_figures(per_example: int, before: Path | None, tablebench: Path | None, limit: int | None) -> None:
    benchmark = "demo-bird" if tablebench is None else "tablebench"
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        run = make_vote_run(Path(tmp) / "vote", per_example, tablebench, limit)
        records = (run / "samples" / f"{benchmark}.jsonl").read_text().count("\n")
        size = sum(p.stat().st_size for p in run.rglob("*") if p.is_file() and "greedy" not in p.parts)
        made = time.perf_counter() - start
        print(f"{benchmark} vote run: {records} examples x {per_example} completions, made in {made:.1f} s, "
              f"{size / 1e6:.1f} MB (records and prompts file)")
        versions = [("after (this tree)", run, REPO)]
        if before is not None:
            old = Path(tmp) / "vote-v3"
            shutil.copytree(run, old)
            results = json.loads((old / "results.json").read_text())
            (old / "results.json").write_text(json.dumps({**results, "schema_version": 3}))
            versions.insert(0, (f"before ({before})", old, before))
        for name, folder, code in versions:
            seen = open_alone(folder, code)
            shown = seen["benchmarks"][f"0/{benchmark}"]
            print(f"{name}: grid made in {seen['seconds_to_grids']:.2f} s, every file (grid and {shown['samples']} "
                  f"sample pages) in {seen['seconds']:.2f} s; {shown['rows_with_question']} questions, "
                  f"{shown['with_clusters']} samples with clusters; counts {seen['counts'] or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30_000)
    parser.add_argument("--vote-run", action="store_true", help="measure opening a large vote run (issue 33)")
    parser.add_argument("--per-example", type=int, default=20, help="--vote-run: completions per example")
    parser.add_argument("--before", type=Path, default=None, help="--vote-run: also open it with the code in DIR")
    parser.add_argument("--tablebench", type=Path, default=None, help="--vote-run: TableBench data (a PoT run)")
    parser.add_argument("--limit", type=int, default=None, help="--vote-run: the first N examples")
    args = parser.parse_args()
    if args.vote_run:
        vote_run_figures(args.per_example, args.before, args.tablebench, args.limit)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run = write_run(Path(tmp) / "run", args.samples)
        site = Site([read_run(run)])
        start = time.perf_counter()
        index = write_bundle(site, Path(tmp) / "bundle")
        bundle_s = time.perf_counter() - start
        size = sum(p.stat().st_size for p in (Path(tmp) / "bundle").rglob("*") if p.is_file())
        print(f"{args.samples} samples: bundle written in {bundle_s:.2f} s, {size / 1e6:.1f} MB")
        server = make_server(Site([read_run(run)]), "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver = browser.chromium()
        try:
            served = f"http://127.0.0.1:{server.server_address[1]}/"
            for name, url in (("bundle (file://)", browser.page_url(index)),
                              ("served, opened before the grid was made (the request reads the records)", served),
                              ("served, grid made (tabbench view makes grids in the background at start)", served)):
                figures = measure(driver, url, args.samples)
                slowest = max(figures["open_s"], figures["status_filter_s"], figures["search_s"])
                verdict = "ok" if slowest < 2 else "SLOW"
                print(f"{name}: open {figures['open_s']:.2f} s, status filter {figures['status_filter_s']:.3f} s "
                      f"({figures['after_status']}), search {figures['search_s']:.3f} s ({figures['after_search']}) "
                      f"[{verdict}: target < 2 s each]")
        finally:
            driver.quit()
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
