"""The viewer as its tests drive it: a server in this process, requests as a peer sends them, and the markup a
hostile run carries, with the check that a page shows it as text only. Shared by the tests of the viewer's server
(``test_viewer_server``), its page (``test_viewer_app``), the compare page and ``tabbench view``."""

from __future__ import annotations

import http.client
import json
import math
import re
import shutil
import threading
from pathlib import Path

from tabbench.reporting.viewer import Site, make_server
from tests import browser


def http_request(port: int, path: str, method: str = "GET", headers: dict[str, str] | None = None,
            host: str | None = None) -> tuple[int, bytes, http.client.HTTPResponse]:
    """One request; ``host`` replaces the ``Host`` header (``""``: none at all)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest(method, path, skip_host=host is not None, skip_accept_encoding=True)
    if host:
        connection.putheader("Host", host)
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, response


def page_key(port: int) -> str:
    """The data key of the page the server at ``port`` serves (what the app reads)."""
    status, body, _ = http_request(port, "/")
    assert status == 200
    found = re.search(rb'<meta name="tabbench-key" content="([A-Za-z0-9_-]{40,})">', body)
    assert found, body[:500]
    return found[1].decode()


class Serving:
    """A viewer server on a free loopback port, in this process (its site's cache can be inspected)."""

    def __init__(self, site: Site) -> None:
        self.site, self.httpd = site, make_server(site, "127.0.0.1", 0)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def get(self, path: str, key: bool = True, **kwargs):
        headers = {"X-Tabbench-Key": self.httpd.key} if key else {}
        return http_request(self.port, path, headers={**headers, **kwargs.pop("headers", {})}, **kwargs)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def copy_folder(run: Path, target: Path) -> Path:
    shutil.copytree(run, target)
    return target


def break_first_line(run: Path) -> Path:
    path = run / "samples" / "demo-bird.jsonl"
    path.write_bytes(b"{not json\n" + path.read_bytes())
    return run


def unstrict_copy(run: Path, target: Path) -> Path:
    """A copy of ``run`` whose results and first record hold NaN, Infinity and lone surrogates (Python's json
    reads them all; a browser's JSON.parse reads none)."""
    folder = copy_folder(run, target)
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


# --- markup in run content ------------------------------------------------------------------------------

MARKUP = ('</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
          '"\'><svg onload="window.pwned=3"></svg><a href="javascript:window.pwned=4">go</a>'
          '<iframe srcdoc="<script>parent.pwned=5</script>"></iframe>{{7*7}}\u2028\u2029')
NAME = '<img src=x onerror="window.pwned=6">'  # a benchmark name (no "/": it is a file name)

#: What a page shows that it should not: script that ran, elements and links made from run content, and how many
#: times the markup shows as text.
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
