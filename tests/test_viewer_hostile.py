"""`tabbench view` attacked again, with fresh eyes (issue 35's adversarial review of its threat model).

What ``test_viewer_security.py`` does not try: requests no browser sends but a local peer can (HTTP/0.9 and
HTTP/2.0 request lines, a 5,000-digit port, two ``Host`` headers, absolute-form request lines), ``Host`` forms
(trailing dots, IPv6 literals, numeric IPv4 forms, userinfo), raw request paths (percent-encoding, dot segments,
backslashes, NUL, raw UTF-8), where the key could leak (error bodies, headers, the server's output), run content
that is not strict JSON (``NaN``, lone surrogates), markup and ``javascript:`` URLs in every field the page shows
(served and bundled), and more ways for a page on another origin to read a response (stylesheets, objects,
WebSockets, windows, JSON modules, workers, event streams).
Browser tests drive Debian's headless Chromium through selenium and skip only when it is not installed.
"""

from __future__ import annotations

import json
import math
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.viewer import SECURITY_HEADERS, Site, make_server, write_bundle
from tests import browser
from tests.cli_run import gold_run
from tests.test_viewer import _page_key
from tests.test_viewer_security import N, Serving, _break_first_line, _copy


def _raw(port: int, request: bytes, family: int = socket.AF_INET,
         address: str = "127.0.0.1") -> tuple[str, dict[str, str], bytes]:
    """Send ``request`` as is; the status line, headers (last of each name) and body of the answer."""
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(20)
        sock.connect((address, port))
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return lines[0], headers, body


def _get(port: int, path: str, headers: list[tuple[str, str]], line_end: str = " HTTP/1.1") -> bytes:
    fields = "".join(f"{name}: {value}\r\n" for name, value in headers)
    return f"GET {path}{line_end}\r\n{fields}\r\n".encode("latin-1")


def _assert_guarded(status: str, headers: dict[str, str], body: bytes, key: str) -> None:
    """A response a browser can trust: a status line, every security header, no run data, no key."""
    assert status.startswith("HTTP/1."), (status, body[:200])
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (status, name)
    assert b"demo-bird" not in body and key.encode() not in body, body[:300]


@pytest.fixture(scope="module", name="env")
def _env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path_factory.mktemp("cache")), "TABBENCH_WORKERS": "0"}


@pytest.fixture(scope="module", name="run")
def _run(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    return gold_run(tmp_path_factory.mktemp("runs") / "gold", "--suite", "demo-bird", "--limit", str(N), env=env)


@pytest.fixture(scope="module")
def served(run: Path):
    serving = Serving(Site([read_run(run), read_run(run)]))
    yield serving
    serving.close()


# --- requests no browser sends, each still answered with every header ----------------------------------------


@pytest.mark.parametrize("case", [
    "HTTP/0.9 request line", "HTTP/0.9 request line with its key", "HTTP/2.0 request line", "HTTP/3.0 request line",
    "bad version", "five-word request line", "5,000-digit port", "header line of 70,000 bytes", "120 headers",
    "URI of 70,000 bytes", "unknown method", "absolute-form for another host", "absolute-form for this host",
])
def test_a_malformed_request_is_still_answered_with_every_header(served: Serving, case: str) -> None:
    port, key = served.port, served.httpd.key
    own = [("Host", f"127.0.0.1:{port}")]
    keyed = [*own, ("X-Tabbench-Key", key)]
    request = {
        "HTTP/0.9 request line": _get(port, "/data/runs.json", [], line_end=""),
        "HTTP/0.9 request line with its key": _get(port, "/data/runs.json", [("X-Tabbench-Key", key)], line_end=""),
        "HTTP/2.0 request line": _get(port, "/", own, " HTTP/2.0"),
        "HTTP/3.0 request line": _get(port, "/data/runs.json", keyed, " HTTP/3.0"),
        "bad version": _get(port, "/", own, " HTTP/1.x"),
        "five-word request line": _get(port, "/a b c", own),
        "5,000-digit port": _get(port, "/data/runs.json", [("Host", "127.0.0.1:" + "9" * 5000),
                                                            ("X-Tabbench-Key", key)]),
        "header line of 70,000 bytes": _get(port, "/", [*own, ("X-Long", "a" * 70_000)]),
        "120 headers": _get(port, "/", own + [(f"X-{i}", "a") for i in range(120)]),
        "URI of 70,000 bytes": _get(port, "/" + "a" * 70_000, own),
        "unknown method": _get(port, "/", own).replace(b"GET", b"BREW", 1),
        "absolute-form for another host": _get(port, f"http://evil.example:{port}/data/runs.json", keyed),
        "absolute-form for this host": _get(port, f"http://127.0.0.1:{port}/", own),
    }[case]
    _assert_guarded(*_raw(port, request), key)


# --- Host: every form a rebinding page or a peer can send -------------------------------------------------------


@pytest.mark.parametrize("hosts", [
    ["127.0.0.1:{port}", "evil.example:{port}"], ["evil.example:{port}", "127.0.0.1:{port}"],  # two Host headers
    ["127.0.0.1:{port}", "127.0.0.1:{port}"], ["127.0.0.1:" + "9" * 5000], ["127.0.0.1:{port}0"],
    ["127.0.0.1:{port}."], ["127.1:{port}"], ["2130706433:{port}"], ["0x7f000001:{port}"],
    ["[::ffff:127.0.0.1]:{port}"], ["[::1%25lo]:{port}"], ["[::1]"], ["user@127.0.0.1:{port}"],
    ["127.0.0.1:{port}@evil.example"], ["127.0.0.1:{port} evil.example"], ["127.0.0.1:+{port}"],
    ["localhost:{port}:{port}"], ["LOCALHOST.EVIL.EXAMPLE:{port}"], ["evil.example.:{port}"],
    ["127.0.0.1:-{port}"], ["*:{port}"],
])
def test_no_other_host_form_reaches_the_data(served: Serving, hosts: list[str]) -> None:
    port, key = served.port, served.httpd.key
    headers = [("Host", h.format(port=port)) for h in hosts] + [("X-Tabbench-Key", key)]
    for path in ("/", "/data/runs.json"):
        status, found, body = _raw(port, _get(port, path, headers))
        assert status.split()[1] == "421", (hosts, status)
        _assert_guarded(status, found, body, key)


@pytest.mark.parametrize("host", ["localhost.:{port}", "LocalHost:{port}", "127.0.0.1.:{port}", "[::1]:{port}"])
def test_the_servers_own_names_in_other_spellings_are_answered(served: Serving, host: str) -> None:
    """Names no one else can make resolve: a trailing dot (the root), any case."""
    name = host.format(port=served.port)
    status = _raw(served.port, _get(served.port, "/data/runs.json",
                                    [("Host", name), ("X-Tabbench-Key", served.httpd.key)]))[0]
    assert status.split()[1] == "200", (name, status)


def test_the_name_given_to_host_is_answered(run: Path) -> None:
    """``--host NAME`` serves ``http://NAME:PORT/``, the address the CLI prints (the socket holds only an IP)."""
    name = socket.gethostname()
    try:
        socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        pytest.skip(f"this machine's name {name!r} does not resolve")
    httpd = make_server(Site([read_run(run)]), name, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        address, port = httpd.server_address[:2]
        status = _raw(port, _get(port, "/", [("Host", f"{name}:{port}")]), address=address)[0]
        assert status.split()[1] == "200", (name, address, status)
        status = _raw(port, _get(port, "/", [("Host", f"evil.example:{port}")]), address=address)[0]
        assert status.split()[1] == "421"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_an_ipv6_loopback_host_is_served(run: Path) -> None:
    """``--host ::1`` serves on IPv6 (the page's ``[::1]`` address is allowed as Host, the CLI prints it)."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    httpd = make_server(Site([read_run(run)]), "::1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        port = httpd.server_address[1]
        status, _, body = _raw(port, _get(port, "/", [("Host", f"[::1]:{port}")]), socket.AF_INET6, "::1")
        assert status.split()[1] == "200" and b"tabbench-key" in body
        assert _raw(port, _get(port, "/", [("Host", f"evil.example:{port}")]), socket.AF_INET6, "::1")[0].split()[1] \
            == "421"
    finally:
        httpd.shutdown()
        httpd.server_close()


# --- raw paths: the key check and the lookup agree on what is data ---------------------------------------------

PATHS = [b"/%64ata/runs.json", b"/./data/runs.json", b"/data/./runs.json", b"/data\\runs.json", b"/\\data/runs.json",
         b"/data/runs.json%00", b"/data/runs.json\x00", b"/data/runs.json;x", b"/data/runs.json.", b"/data/runs.json/.",
         b"/%2e/data/runs.json", b"/data/r\xd9\xa0/b0/grid.json", b"/\xef\xbd\x84ata/runs.json",
         b"/data/r0/b0/c0.json%20",
         b"/data/r0/b0/grid.json/..", b"/data/r1e0/b0/grid.json", b"/data/r0x0/b0/grid.json", b"/DATA/runs.json",
         b"/data/%2e%2e/results.json", b"/app.js/../data/runs.json", b"/index.html/", b"/app.js%3f", b"/app.js.map",
         b"/data/runs.json?x=/../../results.json", b"///data/runs.json", b"/data/r0/b0/grid.json#x", b"/data"]


@pytest.mark.parametrize("path", PATHS, ids=[p.decode("latin-1").encode("unicode_escape").decode() for p in PATHS])
def test_a_raw_path_is_data_only_with_the_key_and_only_by_its_canonical_name(served: Serving, path: bytes) -> None:
    port, key = served.port, served.httpd.key
    own = f"Host: 127.0.0.1:{port}\r\n".encode()
    status, headers, body = _raw(port, b"GET " + path + b" HTTP/1.1\r\n" + own + b"\r\n")
    assert status.split()[1] in ("400", "403", "404"), (path, status)  # no key: never data, whatever the spelling
    _assert_guarded(status, headers, body, key)
    canonical = set(served.site.files("json"))
    status, headers, body = _raw(port, b"GET " + path + b" HTTP/1.1\r\n" + own + f"X-Tabbench-Key: {key}\r\n\r\n"
                                 .encode())
    assert status.split()[1] in ("200", "400", "404"), (path, status)
    assert set(served.site.cache.names()) <= canonical  # a spelling is never a second cache entry


# --- the key: only the page holds it ----------------------------------------------------------------------------


def test_the_key_is_in_no_other_response_and_not_in_the_servers_output(run: Path, tmp_path: Path,
                                                                       env: dict[str, str]) -> None:
    broken = _break_first_line(_copy(run, tmp_path / "broken"))
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "view", str(broken), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()  # type: ignore[union-attr]
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        key = _page_key(port)
        own = [("Host", f"127.0.0.1:{port}")]
        keyed = [*own, ("X-Tabbench-Key", key)]
        answers = [_raw(port, request) for request in (
            _get(port, "/data/r0/b0/grid.json", keyed),  # 500: the broken line, named
            _get(port, "/data/runs.json", [*own, ("X-Tabbench-Key", key[:-1])]),  # 403
            _get(port, "/data/runs.json", [*own, ("X-Tabbench-Key", key), ("Sec-Fetch-Site", "cross-site")]),
            _get(port, f"/{key}", keyed), _get(port, "/<script>alert(1)</script>", keyed),  # 404s
            _get(port, "/", [("Host", "evil.example"), ("X-Tabbench-Key", key)]),  # 421
            _get(port, "/", own).replace(b"GET", b"POST", 1), _get(port, "/", own).replace(b"GET", b"OPTIONS", 1),
            _get(port, "/", own, " HTTP/2.0"), _get(port, "/a b c", own),
        )]
        statuses = [status.split()[1] for status, _, _ in answers]
        assert statuses == ["500", "403", "403", "404", "404", "421", "501", "501", "505", "400"], statuses
        for status, headers, body in answers:
            assert key not in json.dumps(headers) and key.encode() not in body, status
            assert b"<script>" not in body, body  # nothing reflected as markup
        assert "demo-bird.jsonl:1: corrupt sample record" in json.loads(answers[0][2])["error"]
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert "corrupt sample record" in err  # the 500 was printed...
    assert key not in out + err  # ...and the key never was


# --- run content that is not strict JSON ------------------------------------------------------------------------


def _strict(body: bytes) -> Any:
    """``body`` read as a browser's ``JSON.parse`` reads it: UTF-8 and no NaN or Infinity."""
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")
    return json.loads(body.decode("utf-8"), parse_constant=refuse)


def _unstrict(run: Path, target: Path) -> Path:
    """A copy of ``run`` whose results and first record hold NaN, Infinity and lone surrogates (Python's json
    reads them all; a browser's JSON.parse reads none)."""
    folder = _copy(run, target)
    samples = folder / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in samples.read_text().splitlines()]
    records[0].update(score=math.nan, answer="a\udfffb", completions=["lone \ud800 surrogate", "x"],
                      meta={**records[0]["meta"], "note": "\udc80"})
    records[1].update(score=math.inf)
    samples.write_text("".join(json.dumps(r) + "\n" for r in records))
    results = json.loads((folder / "results.json").read_text())
    results["benchmarks"]["demo-bird"]["metrics"]["ex"].update(stderr=math.nan, value=-math.inf)
    (folder / "results.json").write_text(json.dumps(results))
    return folder


def test_nan_and_lone_surrogates_are_served_as_json_a_browser_reads(run: Path, tmp_path: Path) -> None:
    serving = Serving(Site([read_run(_unstrict(run, tmp_path / "unstrict"))]))
    try:
        found = {}
        for path in ("/data/runs.json", "/data/r0/b0/grid.json", "/data/r0/b0/c0.json"):
            status, body, _ = serving.get(path)
            assert status == 200, (path, body[:300])
            found[path] = _strict(body)
    finally:
        serving.close()
    ex = found["/data/runs.json"]["runs"][0]["benchmarks"][0]["metrics"]["ex"]
    assert ex["stderr"] is None and ex["value"] is None  # as JSON.stringify writes NaN and Infinity
    rows = found["/data/r0/b0/grid.json"]["rows"]
    assert rows[0]["v"] is None and rows[1]["v"] is None and rows[0]["a"] == "a\udfffb"
    assert rows[0]["m"]["note"] == "\udc80"  # the surrogate itself, escaped, not lost
    assert found["/data/r0/b0/c0.json"][0]["record"]["completions"][0] == "lone \ud800 surrogate"


def test_nan_and_lone_surrogates_are_bundled(run: Path, tmp_path: Path) -> None:
    index = write_bundle(Site([read_run(_unstrict(run, tmp_path / "unstrict"))]), tmp_path / "site")
    chunk = (index.parent / "data" / "r0" / "b0" / "c0.js").read_bytes()
    found = re.fullmatch(rb'tbData\("chunk/r0/b0/c0",(.*)\);\n', chunk, re.S)
    assert found, chunk[:200]
    record = _strict(found[1])[0]["record"]
    assert record["score"] is None and record["completions"][0] == "lone \ud800 surrogate"


def test_nan_deep_inside_a_record_and_the_words_nan_and_infinity_in_text(run: Path, tmp_path: Path) -> None:
    """NaN 600 lists deep (replacing it must not recurse: a RecursionError was a --bundle traceback), while the
    text "NaN", "-Infinity" or a quoted "Infinity" in a string stays as written."""
    folder = _copy(run, tmp_path / "deep")
    samples = folder / "samples" / "demo-bird.jsonl"
    lines = samples.read_text().splitlines()
    words = ["NaN", "-Infinity", '"Infinity"', 'a\\"NaN\\', "Infinity]"]
    lines[0] = lines[0][:-1] + ', "deep": ' + "[" * 600 + "NaN, Infinity" + "]" * 600 + "}"
    record = json.loads(lines[1])
    record["completions"] = words
    lines[1] = json.dumps(record)
    samples.write_text("\n".join(lines) + "\n")
    site = Site([read_run(folder)])
    index = write_bundle(site, tmp_path / "site")
    bundled = re.fullmatch(rb'tbData\("chunk/r0/b0/c0",(.*)\);\n',
                           (index.parent / "data" / "r0" / "b0" / "c0.js").read_bytes(), re.S)
    assert bundled
    serving = Serving(site)
    try:
        status, served, _ = serving.get("/data/r0/b0/c0.json")
    finally:
        serving.close()
    assert status == 200
    for body in (bundled[1], served):
        chunk = _strict(body)
        deep = chunk[0]["record"]["deep"]
        for _ in range(600):
            deep = deep[0] if len(deep) == 1 else deep
        assert deep == [None, None]
        assert chunk[1]["record"]["completions"] == words


# --- in a real browser ----------------------------------------------------------------------------------------


MARKUP = ('</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
          '"\'><svg onload="window.pwned=3"></svg><a href="javascript:window.pwned=4">go</a>'
          '<iframe srcdoc="<script>parent.pwned=5</script>"></iframe>{{7*7}}\u2028\u2029')
NAME = '<img src=x onerror="window.pwned=6">'  # a benchmark name (no "/": it is a file name)


def _hostile_run(run: Path, target: Path) -> Path:
    """A copy of ``run`` with markup in every field the page shows (and NaN and a lone surrogate)."""
    folder = _unstrict(run, target)
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


INJECTED = """return [window.pwned, parent.pwned,
  document.querySelectorAll('img, iframe, object, embed, svg:not(.curve):not(.bucket-chart), '
    + 'svg.curve :not(polyline):not(text), svg.bucket-chart :not(rect):not(text), '
    + '[onerror], [onload], [srcdoc]').length,
  [...document.querySelectorAll('a')].filter((a) => !a.getAttribute('href').startsWith('#')).length,
  [...document.scripts].filter((s) => !/\\/(app|data\\/[a-z0-9\\/]+)\\.js$/.test(s.src) || s.textContent).length,
  document.getElementById('main').textContent.split('onerror="window.pwned=2"').length - 1,
  (document.getElementById('error') || {}).textContent]"""


def assert_route_shows_markup_as_text(chrome, route: str, ready: str) -> None:
    """Go to ``route``, wait until ``ready`` (a selector) or an error shows, then check that the markup the run
    carries is on the page as text only: nothing ran, no element, link or script came from it."""
    chrome.execute_script("location.hash = arguments[0]", route)
    shown = browser.wait(lambda: chrome.execute_script(
        "return document.querySelector(arguments[0]) !== null || !!document.getElementById('error')", ready))
    pwned, parent, elements, links, scripts, texts, error = chrome.execute_script(INJECTED)
    assert shown and error is None, (route, error)
    assert (pwned, parent, elements, links, scripts) == (None, None, 0, 0, 0), route
    assert texts >= 1, route  # the markup shows, as text


ROUTES = {"#runs": ".card.run svg.curve", "#compare": "#compare-table td", "#bench/0/0": "#grid tbody tr",
          "#bench/1/0": "#grid tbody tr td.muted, #grid tbody tr td.pass, #grid tbody tr td.fail",
          "#bench/0/1": "#grid", "#sample/0/0/": ".sample-run .completion"}


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_in_every_field_is_text_served_and_bundled(run: Path, tmp_path: Path, chrome, form: str) -> None:
    """The bundle has no CSP header (file://): markup that became markup would run there, so both forms are
    checked for injected elements, not only for script that ran."""
    site = _hostile_site(run, tmp_path)
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


@pytest.mark.parametrize("form", ["served", "bundle"])
def test_markup_that_did_reach_the_page_would_run_nothing(run: Path, tmp_path: Path, chrome, form: str) -> None:
    """Defence in depth, should a change ever put model text in as markup: the page's content security policy
    blocks inline handlers, inline script and ``javascript:`` links. The bundle carries it in a meta tag: no
    header reaches a page opened from ``file://`` or published on a static web host."""
    site = Site([read_run(run)])
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
