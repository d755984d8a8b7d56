"""The viewer's page (``tabbench/reporting/viewer_app``) in a real browser, against hostile run content and the
pages that share its browser (docs/security.md's threat model).

A broken record or a missing bundle file is an error on the page; markup and ``javascript:`` URLs in every field
the page shows stay text, served and bundled; a hostile page, served from another loopback port or opened from
``file://``, tries every way a page can read the viewer's data (script inclusion, fetch in each mode, a guessed
key, XHR, frames, images, and, from issue 35's adversarial review, stylesheets, objects, WebSockets, windows, JSON
modules, workers and event streams) and gets nothing; markup that did reach the page would run nothing (its CSP).
Browser tests drive Debian's headless Chromium through selenium and skip only when it is not installed.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.viewer import Site, write_bundle
from tests import browser
from tests.viewer_serving import (
    MARKUP,
    NAME,
    Serving,
    assert_route_shows_markup_as_text,
    break_first_line,
    copy_folder,
    unstrict_copy,
)

# --- errors on the page -----------------------------------------------------------------------------------------------


def _error_shown(chrome) -> str | None:
    return chrome.execute_script("const e = document.getElementById('error'); return e && e.textContent")


@pytest.mark.parametrize(("runs", "route"), [(1, "#bench/0/0"), (1, "#sample/0/0/0"), (2, "#runs")])
def test_a_broken_samples_line_is_an_error_on_the_page(demo_run: Path, tmp_path: Path, chrome, runs: int,
                                                       route: str) -> None:
    broken = break_first_line(copy_folder(demo_run, tmp_path / "broken"))
    serving = Serving(Site([read_run(broken)] + [read_run(demo_run)] * (runs - 1)))
    try:
        chrome.get(serving.url + route)
        shown = browser.wait(lambda: _error_shown(chrome))
        assert shown and "demo-bird.jsonl:1: corrupt sample record" in shown, chrome.page_source[:1000]
        assert "Loading" not in chrome.find_element("id", "main").text
    finally:
        serving.close()


@pytest.mark.parametrize("missing", ["data/runs.js", "data/r0/b0/grid.js", "data/r0/b0/c0.js"])
def test_a_bundle_missing_a_data_file_says_so_on_the_page(demo_run: Path, tmp_path: Path, chrome, missing: str) -> None:
    index = write_bundle(Site([read_run(demo_run)]), tmp_path / "site")
    (tmp_path / "site" / missing).unlink()
    chrome.get(browser.page_url(index) + "#sample/0/0/0")
    shown = browser.wait(lambda: _error_shown(chrome))
    assert shown and f"cannot load {missing}" in shown, chrome.page_source[:1000]



# --- a hostile page in the same browser -------------------------------------------------------------------------------


HOSTILE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<script>
window.got = []; window.tries = {};
function tbData(key, value) { window.got.push(key); }
</script>
%(scripts)s
<iframe id="frame" src="%(base)s"></iframe>
<img id="img" src="%(base)sdata/runs.json">
<script>
const base = "%(base)s";
async function attempt(name, go) {
  try { window.tries[name] = await go(); } catch (e) { window.tries[name] = "blocked"; }
}
async function read(url, options) { const r = await fetch(url, options); return (await r.text()).length; }
(async () => {
  for (const path of ["", "data/runs.json", "data/r0/b0/grid.json", "data/r0/b0/c0.json", "data/runs.js"]) {
    await attempt("cors " + path, () => read(base + path));
    await attempt("no-cors " + path, () => read(base + path, { mode: "no-cors" }));
    await attempt("guessed key " + path, () => read(base + path, { headers: { "X-Tabbench-Key": "guess" } }));
    await attempt("credentials " + path, () => read(base + path, { credentials: "include" }));
    await attempt("xhr " + path, () => new Promise((resolve) => {
      const x = new XMLHttpRequest(); x.open("GET", base + path);
      x.onload = () => resolve(x.responseText.length); x.onerror = () => resolve("blocked"); x.send(); }));
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await attempt("frame", async () => { const d = document.getElementById("frame").contentDocument;
                                       return d ? d.documentElement.outerHTML.length : "blocked"; });
  await attempt("image", async () => document.getElementById("img").naturalWidth);
  window.done = true;
})();
</script></body></html>"""


SCRIPTS = ["data/runs.js", "data/runs.json", "data/r0/b0/grid.js", "data/r0/b0/grid.json", "data/r0/b0/c0.js",
           "data/r0/b0/c0.json", "app.js", ""]


def _hostile(base: str) -> str:
    scripts = "\n".join(f'<script src="{base}{name}"></script>' for name in SCRIPTS)
    return HOSTILE % {"base": base, "scripts": scripts}


@pytest.mark.parametrize("origin", ["another loopback port", "file://"])
@pytest.mark.parametrize("name", ["127.0.0.1", "localhost"])
def test_a_hostile_page_in_the_same_browser_gets_nothing(served: Serving, chrome, tmp_path: Path, origin: str,
                                                         name: str, hostile_page) -> None:
    html = _hostile(f"http://{name}:{served.port}/").encode()
    if origin == "file://":
        (tmp_path / "hostile.html").write_bytes(html)
        url = browser.page_url(tmp_path / "hostile.html")
    else:
        url = hostile_page(html)
    asked: list[str] = []  # the site files the server made or took from its cache for the hostile page
    made = served.site.file
    served.site.file = lambda name: (asked.append(name), made(name))[1]  # type: ignore[method-assign]
    try:
        chrome.get(url)
        assert browser.wait(lambda: chrome.execute_script("return window.done === true"), 40)
        got, tries = chrome.execute_script("return [window.got, window.tries]")
    finally:
        del served.site.file
    assert got == []  # no data script ran
    readable = {k: v for k, v in tries.items() if v not in ("blocked", 0)}
    assert readable == {}, readable  # every fetch and XHR failed or read nothing (opaque), frame and image too
    assert len(tries) == 27
    assert [name for name in asked if name.startswith("data/")] == []  # refused before any data was looked up



CROSS_ORIGIN = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="%(base)s">
<link rel="stylesheet" href="%(base)sdata/runs.json">
<link rel="preload" as="fetch" href="%(base)sdata/runs.json" crossorigin>
</head><body>
<object id="object" data="%(base)s" type="text/html"></object>
<embed id="embed" src="%(base)s" type="text/html">
<iframe id="data-frame" src="%(base)sdata/runs.json"></iframe>
<script>
const base = "%(base)s";
window.tries = {};
async function attempt(name, go) {
  try { window.tries[name] = await go(); } catch (e) { window.tries[name] = "blocked"; }
}
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  await attempt("websocket", () => new Promise((resolve) => {
    const ws = new WebSocket(base.replace("http", "ws"));
    ws.onmessage = (e) => resolve(String(e.data).length); ws.onerror = () => resolve("blocked");
    ws.onclose = () => resolve("blocked"); }));
  await attempt("json module", async () => JSON.stringify(
    (await import(base + "data/runs.json", { with: { type: "json" } })).default).length);
  await attempt("worker", () => new Promise((resolve) => {
    const w = new Worker(base + "app.js"); w.onerror = () => resolve("blocked");
    w.onmessage = (e) => resolve(String(e.data).length); setTimeout(() => resolve("blocked"), 1000); }));
  await attempt("event source", () => new Promise((resolve) => {
    const s = new EventSource(base + "data/runs.json"); s.onmessage = (e) => resolve(e.data.length);
    s.onerror = () => { s.close(); resolve("blocked"); }; }));
  await attempt("stylesheets", async () => [...document.styleSheets].filter((s) => s.href).map((s) => {
    try { return s.cssRules.length; } catch (e) { return "blocked"; } })
    .filter((n) => n !== "blocked").length || "blocked");
  await attempt("object", async () => { const d = document.getElementById("object").contentDocument;
    return d ? d.documentElement.outerHTML.length : "blocked"; });
  await attempt("embed", async () => { const d = document.getElementById("embed").getSVGDocument?.();
    return d ? d.documentElement.outerHTML.length : "blocked"; });
  await attempt("data frame", async () => { const d = document.getElementById("data-frame").contentDocument;
    return d ? d.documentElement.outerHTML.length : "blocked"; });
  await attempt("resource timing", async () => performance.getEntriesByType("resource")
    .filter((e) => e.name.startsWith(base)).map((e) => e.transferSize + e.encodedBodySize + e.decodedBodySize)
    .reduce((a, b) => a + b, 0) || "blocked");
  // last: the viewer's own page, opened in a window, loads its data as it should (the test stops counting first)
  await new Promise((resolve) => { window.go = resolve; });
  await attempt("window", async () => { const w = window.open(base); await later(1500);
    try { return w && w.document ? w.document.documentElement.outerHTML.length : "blocked"; }
    finally { try { w.close(); } catch (e) { /* severed */ } } });
  window.done = true;
})();
</script></body></html>"""


def test_more_ways_for_another_origin_to_read_the_viewer_get_nothing(served: Serving, chrome,
                                                                    hostile_page) -> None:
    html = (CROSS_ORIGIN % {"base": served.url}).encode()

    url = hostile_page(html)
    asked: list[str] = []
    made = served.site.file
    served.site.file = lambda name: (asked.append(name), made(name))[1]  # type: ignore[method-assign]
    try:
        chrome.get(url)
        assert browser.wait(lambda: chrome.execute_script("return typeof window.go === 'function'"), 40)
        before_window = list(asked)
        chrome.execute_script("window.go()")
        assert browser.wait(lambda: chrome.execute_script("return window.done === true"), 40)
        tries = chrome.execute_script("return window.tries")
        for handle in chrome.window_handles[1:]:  # a window the page opened and could not close
            chrome.switch_to.window(handle)
            chrome.close()
        chrome.switch_to.window(chrome.window_handles[0])
    finally:
        del served.site.file
    assert len(tries) == 10, tries
    assert {k: v for k, v in tries.items() if v != "blocked"} == {}, tries
    assert [name for name in before_window if name.startswith("data/")] == []
    assert "data/runs.json" in asked  # the window did open the viewer, whose own page read its data



# --- markup in run content --------------------------------------------------------------------------------------------


def _hostile_run(run: Path, target: Path) -> Path:
    """A copy of ``run`` with markup in every field the page shows (and NaN and a lone surrogate)."""
    folder = unstrict_copy(run, target)
    samples = folder / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in samples.read_text().splitlines()]
    first = records[0]
    first.update(id=MARKUP, status=MARKUP, completions=[MARKUP, "x"],
                 meta={MARKUP: MARKUP}, transcript={MARKUP: MARKUP, "messages": [
                     {"role": MARKUP, "name": MARKUP, "content": MARKUP,
                      "tool_calls": [{"function": {"name": MARKUP, "arguments": MARKUP}}]}]})
    ex = first["scores"]["ex"]
    ex["status"] = MARKUP
    ex["details"].update(differs_by=MARKUP, stdout=MARKUP, note=MARKUP,
                         pred_result={"columns": [MARKUP], "rows": [[MARKUP]], "n_rows": 1, "n_columns": 1})
    records[1]["answer"] = MARKUP  # shown as SQL: formatted, diffed against the gold
    samples.write_text("".join(json.dumps(r) + "\n" for r in records))
    prompts = folder / "prompts" / "demo-bird.jsonl"
    entries = [json.loads(line) for line in prompts.read_text().splitlines()]
    hostile = [e for e in entries if e.get("prompt_hash") == first["prompt_hash"]]
    assert hostile, "the first sample's prompt is in the prompts file"
    hostile[0].update(question=MARKUP, gold=MARKUP, meta={MARKUP: MARKUP},
                      messages=[{"role": "user", "content": MARKUP}])
    prompts.write_text("".join(json.dumps(e) + "\n" for e in entries))
    results = json.loads((folder / "results.json").read_text())
    results["config"] = {**results.get("config", {}), "model": MARKUP, "backend": MARKUP}
    results["plugins"] = {MARKUP: MARKUP}
    results["benchmarks"][NAME] = {"version": MARKUP, "breakdown": {MARKUP: {MARKUP: {"n": 1, "metrics": {}}}}}
    (folder / "results.json").write_text(json.dumps(results))
    (folder / "trainer_state.json").write_text(json.dumps({"log_history": [{"step": 1, MARKUP: 0.1},
                                                                           {"step": 2, MARKUP: 0.4}]}))
    return folder


def _hostile_site(run: Path, tmp_path: Path) -> Site:
    """Two hostile runs (so the compare page and the baseline column show), labelled with markup, whose
    prompts file carries markup in the first sample's question, gold, messages and meta."""
    folder = _hostile_run(run, tmp_path / "hostile")
    return Site([read_run(folder, MARKUP), read_run(folder, NAME)])


ROUTES = {"#runs": ".card.run svg.curve", "#compare": "#compare-table td", "#bench/0/0": "#grid tbody tr",
          "#bench/1/0": "#grid tbody tr td.muted, #grid tbody tr td.pass, #grid tbody tr td.fail",
          "#bench/0/1": "#grid", "#sample/0/0/": ".sample-run .completion"}


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_in_every_field_is_text_served_and_bundled(demo_run: Path, tmp_path: Path, chrome, form: str) -> None:
    """The bundle has no CSP header (file://): markup that became markup would run there, so both forms are
    checked for injected elements, not only for script that ran."""
    site = _hostile_site(demo_run, tmp_path)
    serving = Serving(site) if form == "served" else None
    url = serving.url if serving else browser.page_url(write_bundle(site, tmp_path / "site"))
    try:
        chrome.get(url + "#runs")
        for route, ready in ROUTES.items():
            if route.startswith("#sample"):
                route += chrome.execute_script("return encodeURIComponent(arguments[0])", MARKUP)
            assert_route_shows_markup_as_text(chrome, route, ready)
    finally:
        if serving:
            serving.close()


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_that_did_reach_the_page_would_run_nothing(demo_run: Path, tmp_path: Path, chrome, form: str) -> None:
    """Defence in depth, should a change ever put model text in as markup: the page's content security policy
    blocks inline handlers, inline script and ``javascript:`` links. The bundle carries it in a meta tag: no
    header reaches a page opened from ``file://`` or published on a static web host."""
    site = Site([read_run(demo_run)])
    serving = Serving(site) if form == "served" else None
    url = serving.url if serving else browser.page_url(write_bundle(site, tmp_path / "site"))
    try:
        chrome.get(url + "#runs")
        assert browser.wait(lambda: chrome.execute_script("return document.querySelector('.card.run') !== null"))
        chrome.execute_script("""const main = document.getElementById('main');
          main.insertAdjacentHTML('beforeend', arguments[0]);
          const s = document.createElement('script'); s.textContent = 'window.pwned = 7'; main.appendChild(s);
          main.querySelector('a[href^="javascript:"]').click();""", MARKUP)
        time.sleep(1.0)  # the image's error, the frame's script, the link's navigation
        assert chrome.execute_script("return [window.pwned, document.querySelector('iframe').contentWindow.pwned]") \
            == [None, None]
        assert chrome.execute_script("return document.querySelectorAll('img[onerror]').length") == 1  # it was there
    finally:
        if serving:
            serving.close()
