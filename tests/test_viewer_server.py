"""The viewer's server (``tabbench.reporting.viewer.make_server``, what ``tabbench view`` runs) against the pages
that share its browser and the peers that share its machine (docs/security.md's threat model).

Data needs the key of this server's page; requests naming another host (DNS rebinding), in any form a page or a peer
can send, are refused; every response carries the security headers, malformed requests no browser sends included;
zero-padded aliases and unknown names are refused without growing the bounded cache; the key is in no other
response and not in the server's output; run content that is not strict JSON (NaN, lone surrogates) is served as
JSON a browser reads; an idle connection the browser drops prints nothing. The second half is issue 35's
adversarial review of the threat model, with fresh eyes (raw requests, Host forms, raw paths, where the key could
leak, content that is not strict JSON).
"""

from __future__ import annotations

import json
import re
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabbench.evaluation.runfolder import read_run
from tabbench.reporting.viewer import SECURITY_HEADERS, FileCache, Site, host_allowed, make_server, write_bundle
from tests.run_edits import strict_json
from tests.viewer_serving import Serving, break_first_line, copy_folder, http_request, page_key, unstrict_copy

# --- the data key -----------------------------------------------------------------------------------------------------


DATA = ("/data/runs.json", "/data/r0/b0/grid.json", "/data/r1/b0/c0.json")


@pytest.mark.parametrize("path", DATA)
@pytest.mark.parametrize("sent", [None, "", "guess", "wrong-key-of-the-right-length-0123456789abcdefgh", "other"])
def test_data_needs_the_key_of_this_servers_page(served: Serving, demo_run: Path, path: str, sent: str | None) -> None:
    if sent == "other":  # the key of another launch (each launch makes a new one)
        other = make_server(Site([read_run(demo_run)]), "127.0.0.1", 0)
        sent = other.key
        other.server_close()
        assert sent != served.httpd.key
    headers = {} if sent is None else {"X-Tabbench-Key": sent}
    made = set(served.site.cache.names())  # what earlier tests of this server asked for
    status, body, _ = served.get(path, key=False, headers=headers)
    assert status == 403 and "X-Tabbench-Key" in json.loads(body)["error"]
    assert set(served.site.cache.names()) == made  # nothing was even made


@pytest.mark.parametrize(("site", "status"), [("cross-site", 403), ("same-site", 403), ("none", 403),
                                              ("same-origin", 200), (None, 200)])
def test_a_browser_request_from_another_origin_is_refused_even_with_the_key(served: Serving, site: str | None,
                                                                           status: int) -> None:
    """Fetch metadata as a second wall: a browser says where a request comes from (no header: not a browser)."""
    headers = {} if site is None else {"Sec-Fetch-Site": site}
    assert served.get("/data/runs.json", headers=headers)[0] == status


def test_the_page_holds_the_key_and_data_is_json_not_script(served: Serving) -> None:
    assert page_key(served.port) == served.httpd.key
    for path in DATA:
        status, body, response = served.get(path)
        assert status == 200 and response.getheader("Content-Type") == "application/json; charset=utf-8"
        assert not body.startswith(b"tbData") and isinstance(json.loads(body), dict | list)



# --- Host: no DNS rebinding -------------------------------------------------------------------------------------------


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



# --- headers on every response ----------------------------------------------------------------------------------------


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



# --- the cache: canonical names, bounded, no 404s ---------------------------------------------------------------------


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


def test_the_cache_is_bounded_in_bytes_and_keeps_serving(demo_run: Path) -> None:
    site = Site([read_run(demo_run)] * 4)
    sizes = {name: len(site.make(name)) for name in site.files("json") if name != "index.html"}
    limit = sizes["data/runs.json"] + max(v for k, v in sizes.items() if k != "data/runs.json") + 10
    serving = Serving(Site([read_run(demo_run)] * 4, cache_bytes=limit))
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



# --- errors and characters --------------------------------------------------------------------------------------------


def test_a_run_at_a_non_latin1_path_is_served_and_its_errors_named(demo_run: Path, tmp_path: Path) -> None:
    folder = copy_folder(demo_run, tmp_path / "прогон 日本 ü#?%")
    serving = Serving(Site([read_run(folder)]))
    try:
        status, body, _ = serving.get("/data/runs.json")
        assert status == 200 and json.loads(body)["runs"][0]["path"] == str(folder)
        break_first_line(folder)
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


def test_connections_the_browser_drops_print_nothing(demo_run: Path, tmp_path: Path, env: dict[str, str]) -> None:
    big = copy_folder(demo_run, tmp_path / "big")
    path = big / "samples" / "demo-bird.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[0]["completions"] = ["x" * 8_000_000]  # a response far larger than the socket buffers
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "view", str(big), "--port", "0"],
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()  # type: ignore[union-attr]
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        key = page_key(port)
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
        assert http_request(port, "/")[0] == 200  # still serving
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err and "Error" not in err, err[-2000:]



# --- requests no browser sends, each still answered with every header -------------------------------------------------


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



# --- Host: every form a rebinding page or a peer can send -------------------------------------------------------------


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


def test_the_name_given_to_host_is_answered(demo_run: Path) -> None:
    """``--host NAME`` serves ``http://NAME:PORT/``, the address the CLI prints (the socket holds only an IP)."""
    name = socket.gethostname()
    try:
        socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        pytest.skip(f"this machine's name {name!r} does not resolve")
    httpd = make_server(Site([read_run(demo_run)]), name, 0)
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


def test_an_ipv6_loopback_host_is_served(demo_run: Path) -> None:
    """``--host ::1`` serves on IPv6 (the page's ``[::1]`` address is allowed as Host, the CLI prints it)."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    httpd = make_server(Site([read_run(demo_run)]), "::1", 0)
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



# --- raw paths: the key check and the lookup agree on what is data ----------------------------------------------------


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



# --- the key: only the page holds it ----------------------------------------------------------------------------------


def test_the_key_is_in_no_other_response_and_not_in_the_servers_output(demo_run: Path, tmp_path: Path,
                                                                       env: dict[str, str]) -> None:
    broken = break_first_line(copy_folder(demo_run, tmp_path / "broken"))
    process = subprocess.Popen([sys.executable, "-m", "tabbench", "view", str(broken), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()  # type: ignore[union-attr]
        port = int(line.split("127.0.0.1:", 1)[1].split("/", 1)[0])
        key = page_key(port)
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



# --- run content that is not strict JSON ------------------------------------------------------------------------------


def test_nan_and_lone_surrogates_are_served_as_json_a_browser_reads(demo_run: Path, tmp_path: Path) -> None:
    serving = Serving(Site([read_run(unstrict_copy(demo_run, tmp_path / "unstrict"))]))
    try:
        found = {}
        for path in ("/data/runs.json", "/data/r0/b0/grid.json", "/data/r0/b0/c0.json"):
            status, body, _ = serving.get(path)
            assert status == 200, (path, body[:300])
            found[path] = strict_json(body)
    finally:
        serving.close()
    ex = found["/data/runs.json"]["runs"][0]["benchmarks"][0]["metrics"]["ex"]
    assert ex["stderr"] is None and ex["value"] is None  # as JSON.stringify writes NaN and Infinity
    rows = found["/data/r0/b0/grid.json"]["rows"]
    assert rows[0]["v"] is None and rows[1]["v"] is None and rows[0]["a"] == "a\udfffb"
    assert rows[0]["m"]["note"] == "\udc80"  # the surrogate itself, escaped, not lost
    assert found["/data/r0/b0/c0.json"][0]["record"]["completions"][0] == "lone \ud800 surrogate"


def test_nan_and_lone_surrogates_are_bundled(demo_run: Path, tmp_path: Path) -> None:
    index = write_bundle(Site([read_run(unstrict_copy(demo_run, tmp_path / "unstrict"))]), tmp_path / "site")
    chunk = (index.parent / "data" / "r0" / "b0" / "c0.js").read_bytes()
    found = re.fullmatch(rb'tbData\("chunk/r0/b0/c0",(.*)\);\n', chunk, re.S)
    assert found, chunk[:200]
    record = strict_json(found[1])[0]["record"]
    assert record["score"] is None and record["completions"][0] == "lone \ud800 surrogate"


def test_nan_deep_inside_a_record_and_the_words_nan_and_infinity_in_text(demo_run: Path, tmp_path: Path) -> None:
    """NaN 600 lists deep (replacing it must not recurse: a RecursionError was a --bundle traceback), while the
    text "NaN", "-Infinity" or a quoted "Infinity" in a string stays as written."""
    folder = copy_folder(demo_run, tmp_path / "deep")
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
        chunk = strict_json(body)
        deep = chunk[0]["record"]["deep"]
        for _ in range(600):
            deep = deep[0] if len(deep) == 1 else deep
        assert deep == [None, None]
        assert chunk[1]["record"]["completions"] == words
