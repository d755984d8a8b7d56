"""`tabbench view` against the pages that share its browser (docs/security.md's threat model) and against bad input.

A hostile page, served from another loopback port or opened from ``file://``, tries every way a page can reach the
viewer's data (script inclusion of the data files, fetch in each mode, a guessed key, XHR, a frame, an image) and
must get nothing; requests naming another host (DNS rebinding), zero-padded aliases and unknown names must be
refused without growing the server's cache; a broken record shows as an error on the page; an idle connection
closed by the browser prints nothing; a ``--bundle`` target that cannot be used is one line before any work.
Browser tests drive Debian's headless Chromium through selenium and skip only when it is not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.viewer import (
    SECURITY_HEADERS,
    FileCache,
    Site,
    host_allowed,
    make_server,
    write_bundle,
)
from tests import browser
from tests.cli_run import gold_run, tabbench
from tests.test_viewer import _page_key, _request

N = 6


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Path:
    return gold_run(tmp_path_factory.mktemp("runs") / "gold", "--suite", "demo-bird", "--limit", str(N), env=env)


def _copy(run: Path, target: Path) -> Path:
    shutil.copytree(run, target)
    return target


def _break_first_line(run: Path) -> Path:
    path = run / "samples" / "demo-bird.jsonl"
    path.write_bytes(b"{not json\n" + path.read_bytes())
    return run


class Serving:
    """A viewer server on a free loopback port, in this process (its site's cache can be inspected)."""

    def __init__(self, site: Site) -> None:
        self.site, self.httpd = site, make_server(site, "127.0.0.1", 0)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def get(self, path: str, key: bool = True, **kwargs):
        headers = {"X-Tabbench-Key": self.httpd.key} if key else {}
        return _request(self.port, path, headers={**headers, **kwargs.pop("headers", {})}, **kwargs)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def served(run: Path):
    serving = Serving(Site([read_run(run), read_run(run)]))
    yield serving
    serving.close()


# --- the data key ---------------------------------------------------------------------------------------------

DATA = ("/data/runs.json", "/data/r0/b0/grid.json", "/data/r1/b0/c0.json")


@pytest.mark.parametrize("path", DATA)
@pytest.mark.parametrize("sent", [None, "", "guess", "wrong-key-of-the-right-length-0123456789abcdefgh", "other"])
def test_data_needs_the_key_of_this_servers_page(served: Serving, run: Path, path: str, sent: str | None) -> None:
    if sent == "other":  # the key of another launch (each launch makes a new one)
        other = make_server(Site([read_run(run)]), "127.0.0.1", 0)
        sent = other.key
        other.server_close()
        assert sent != served.httpd.key
    headers = {} if sent is None else {"X-Tabbench-Key": sent}
    status, body, _ = served.get(path, key=False, headers=headers)
    assert status == 403 and "X-Tabbench-Key" in json.loads(body)["error"]
    assert not any(name.startswith("data/") for name in served.site.cache.names())  # nothing was even made


@pytest.mark.parametrize(("site", "status"), [("cross-site", 403), ("same-site", 403), ("none", 403),
                                              ("same-origin", 200), (None, 200)])
def test_a_browser_request_from_another_origin_is_refused_even_with_the_key(served: Serving, site: str | None,
                                                                           status: int) -> None:
    """Fetch metadata as a second wall: a browser says where a request comes from (no header: not a browser)."""
    headers = {} if site is None else {"Sec-Fetch-Site": site}
    assert served.get("/data/runs.json", headers=headers)[0] == status


def test_the_page_holds_the_key_and_data_is_json_not_script(served: Serving) -> None:
    assert _page_key(served.port) == served.httpd.key
    for path in DATA:
        status, body, response = served.get(path)
        assert status == 200 and response.getheader("Content-Type") == "application/json; charset=utf-8"
        assert not body.startswith(b"tbData") and isinstance(json.loads(body), dict | list)


def test_a_bundle_page_has_no_key_and_its_data_are_scripts(run: Path, tmp_path: Path) -> None:
    index = write_bundle(Site([read_run(run)]), tmp_path / "site")
    assert b'<meta name="tabbench-key" content="">' in index.read_bytes()
    assert (tmp_path / "site" / "data" / "runs.js").read_bytes().startswith(b'tbData("runs",')
    assert not list((tmp_path / "site").rglob("*.json"))


# --- Host: no DNS rebinding -----------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example.com", "evil.example.com:{port}", "127.0.0.1.evil.example:{port}",
                                  "localhost.evil.example:{port}", "127.0.0.1:{other}", "localhost:{other}",
                                  "127.0.0.1", "[::1]:{other}", "0.0.0.0:{port}", "127.0.0.1:{port}@evil.example",
                                  "192.168.1.10:{port}", ""])
@pytest.mark.parametrize("path", ["/", "/app.js", "/data/runs.json"])
def test_a_request_for_another_host_is_refused(served: Serving, host: str, path: str) -> None:
    named = host.format(port=served.port, other=served.port + 1)
    status, body, response = served.get(path, host=named)
    assert status == 421, (named, body[:200])
    assert b"tabbench-key" not in body and b"runs" not in body
    assert response.getheader("X-Content-Type-Options") == "nosniff"


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}"])
def test_the_servers_own_names_are_answered(served: Serving, host: str) -> None:
    assert served.get("/data/runs.json", host=host.format(port=served.port))[0] == 200


@pytest.mark.parametrize(("header", "bound", "port", "allowed"), [
    ("127.0.0.1", "127.0.0.1", 80, True),  # no port in Host means 80
    ("127.0.0.1:80", "127.0.0.1", 8080, False),
    ("[::1]:8008", "::1", 8008, True),
    ("myhost.lan:8008", "myhost.lan", 8008, True),  # --host NAME: that name
    ("evil.example:8008", "myhost.lan", 8008, False),
    ("192.168.1.10:8008", "0.0.0.0", 8008, True),  # every interface: any address (an address cannot be rebound)
    ("evil.example:8008", "0.0.0.0", 8008, False),
    ("192.168.1.10:8008", "127.0.0.1", 8008, False),
    (None, "127.0.0.1", 8008, False),
    ("127.0.0.1:8008:8008", "127.0.0.1", 8008, False),
])
def test_host_allowed(header: str | None, bound: str, port: int, allowed: bool) -> None:
    assert host_allowed(header, bound, port) is allowed


# --- headers on every response ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "kwargs", "status"), [
    ("/", {}, 200), ("/app.js", {}, 200), ("/app.css", {}, 200), ("/data/runs.json", {}, 200),
    ("/nothing", {}, 404), ("/data/runs.json", {"key": False}, 403), ("/", {"host": "evil.example"}, 421),
    ("/data/runs.json", {"method": "POST"}, 501), ("/data/runs.json", {"method": "OPTIONS"}, 501),
])
def test_every_response_is_same_origin_only_and_never_sniffed(served: Serving, path: str, kwargs: dict,
                                                              status: int) -> None:
    got, _, response = served.get(path, **kwargs)
    assert got == status
    for name, value in SECURITY_HEADERS.items():
        assert response.getheader(name) == value, name
    assert response.getheader("Cross-Origin-Resource-Policy") == "same-origin"
    assert "frame-ancestors 'none'" in response.getheader("Content-Security-Policy")
    assert response.getheader("Access-Control-Allow-Origin") is None


# --- the cache: canonical names, bounded, no 404s -----------------------------------------------------------------

ALIASES = ["data/r00/b0/grid.json", "data/r0/b00/grid.json", "data/r0/b0/c00.json", "data/r0/b0/c000.json",
           "data/r01/b0/grid.json", "data/r+0/b0/grid.json", "data/r0/b0/c-0.json", "data/r%200/b0/grid.json",
           "data/r%30/b0/grid.json", "data/r%D9%A0/b0/grid.json", "data%2Fruns.json", "data/runs.json/",
           "data/./runs.json", "data//runs.json", "data/RUNS.json", "data/r0/b0/grid.JSON", "data/r0/b0/c0.json.js"]


@pytest.mark.parametrize("alias", ALIASES)
def test_zero_padded_and_other_aliases_are_not_files(served: Serving, alias: str) -> None:
    assert served.get("/data/r0/b0/grid.json")[0] == 200
    before = sorted(served.site.cache.names())
    assert served.get("/" + alias)[0] == 404
    assert sorted(served.site.cache.names()) == before


def test_missing_names_are_not_cached(served: Serving) -> None:
    before = len(served.site.cache)
    for i in range(300):
        assert served.get(f"/data/r0/b0/c{i + 1}.json")[0] == 404
        assert served.get(f"/data/r{i + 2}/b0/grid.json")[0] == 404
    assert len(served.site.cache) == before


def test_the_cache_is_bounded_in_bytes_and_keeps_serving(run: Path) -> None:
    site = Site([read_run(run)] * 4)
    sizes = {name: len(site.make(name)) for name in site.files("json") if name != "index.html"}
    limit = sizes["data/runs.json"] + max(v for k, v in sizes.items() if k != "data/runs.json") + 10
    serving = Serving(Site([read_run(run)] * 4, cache_bytes=limit))
    try:
        for _ in range(3):
            for name in sizes:
                status, body, _ = serving.get("/" + name)
                assert status == 200 and len(body) == sizes[name]
                assert serving.site.cache.size <= limit
    finally:
        serving.close()
    assert sum(sizes.values()) > 2 * limit  # the bound was reached, not merely respected


def test_a_file_larger_than_the_cache_is_served_and_not_kept() -> None:
    cache = FileCache(10)
    cache.put("big", b"x" * 11)
    cache.put("a", b"12345")
    cache.put("b", b"123456")  # pushes out a
    assert "big" not in cache and "a" not in cache and cache.get("b") == b"123456" and cache.size == 6


# --- errors and characters ------------------------------------------------------------------------------------


def test_a_run_at_a_non_latin1_path_is_served_and_its_errors_named(run: Path, tmp_path: Path) -> None:
    folder = _copy(run, tmp_path / "прогон 日本 ü#?%")
    serving = Serving(Site([read_run(folder)]))
    try:
        status, body, _ = serving.get("/data/runs.json")
        assert status == 200 and json.loads(body)["runs"][0]["path"] == str(folder)
        _break_first_line(folder)
        serving.site.cache = FileCache(0)
        serving.site.benchmarks[0][0].__dict__.pop("records", None)
        status, body, _ = serving.get("/data/r0/b0/grid.json")
        error = json.loads(body)["error"]
        assert status == 500 and str(folder) in error and "demo-bird.jsonl:1: corrupt sample record" in error
    finally:
        serving.close()


def _reset(sock: socket.socket) -> None:
    """Close with a TCP reset, as a browser dropping an idle or cancelled connection may."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_connections_the_browser_drops_print_nothing(run: Path, tmp_path: Path, env: dict[str, str]) -> None:
    big = _copy(run, tmp_path / "big")
    path = big / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[0]["completions"] = ["x" * 8_000_000]  # a response far larger than the socket buffers
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "view", str(big), "--port", "0"],
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()  # type: ignore[union-attr]
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        key = _page_key(port)
        socket.create_connection(("127.0.0.1", port)).close()  # preconnected, never used, closed
        _reset(socket.create_connection(("127.0.0.1", port)))  # preconnected, reset
        half = socket.create_connection(("127.0.0.1", port))
        half.sendall(b"GET /data/runs.json HTTP/1.1\r\nHost: 127.0.0")  # reset in the middle of a request
        _reset(half)
        for _ in range(3):  # a large answer the browser stops reading (navigated away): broken pipe or reset
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(f"GET /data/r0/b0/c0.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         f"X-Tabbench-Key: {key}\r\n\r\n".encode())
            sock.recv(1000)
            _reset(sock)
        time.sleep(1.5)
        assert _request(port, "/")[0] == 200  # still serving
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err and "Error" not in err, err[-2000:]


# --- --bundle targets: one line, before any work ----------------------------------------------------------------


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
def test_an_unusable_bundle_target_is_one_line_before_any_work(run: Path, tmp_path: Path, env: dict[str, str],
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
    broken = _break_first_line(_copy(run, tmp_path / "broken"))  # making the bundle would fail: it must not start
    before = sorted(p.name for p in tmp_path.rglob("*"))
    done = tabbench("view", str(broken), "--bundle", str(target), env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "corrupt" not in done.stderr and str(target) in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written, no staging folder left
    assert not (tmp_path / "nowhere").exists() and list((tmp_path / "empty").iterdir()) == []


# --- in a real browser ----------------------------------------------------------------------------------------


def _error_shown(chrome) -> str | None:
    return chrome.execute_script("const e = document.getElementById('error'); return e && e.textContent")


@pytest.mark.parametrize(("runs", "route"), [(1, "#bench/0/0"), (1, "#sample/0/0/0"), (2, "#runs")])
def test_a_broken_samples_line_is_an_error_on_the_page(run: Path, tmp_path: Path, chrome, runs: int,
                                                       route: str) -> None:
    broken = _break_first_line(_copy(run, tmp_path / "broken"))
    serving = Serving(Site([read_run(broken)] + [read_run(run)] * (runs - 1)))
    try:
        chrome.get(serving.url + route)
        shown = browser.wait(lambda: _error_shown(chrome))
        assert shown and "demo-bird.jsonl:1: corrupt sample record" in shown, chrome.page_source[:1000]
        assert "Loading" not in chrome.find_element("id", "main").text
    finally:
        serving.close()


@pytest.mark.parametrize("missing", ["data/runs.js", "data/r0/b0/grid.js", "data/r0/b0/c0.js"])
def test_a_bundle_missing_a_data_file_says_so_on_the_page(run: Path, tmp_path: Path, chrome, missing: str) -> None:
    index = write_bundle(Site([read_run(run)]), tmp_path / "site")
    (tmp_path / "site" / missing).unlink()
    chrome.get(browser.page_url(index) + "#sample/0/0/0")
    shown = browser.wait(lambda: _error_shown(chrome))
    assert shown and f"cannot load {missing}" in shown, chrome.page_source[:1000]


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
