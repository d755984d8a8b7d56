"""``tabbench view``: run folders as a small web site, served on loopback or written as a static bundle.

Both hold the same data. The app (``viewer_app/``: one HTML page, one script, one style sheet, package data)
loads ``data/runs`` (every run's results and the flips between the first run and each other), a benchmark's
sample grid (``data/r<run>/b<benchmark>/grid``) when it is first shown, and full records (prompt, completions,
formatted SQL, diffs, result previews, transcripts) in chunks of ``CHUNK`` samples when one of them is opened.
The app only ever puts model text into the page as text, so a completion holding ``<script>`` runs nothing.

The two forms differ in how data travels, because the browser that shows the page also shows hostile pages
(docs/security.md):

- **bundle** (``write_bundle``, opened from ``file://``): data files are ``.js`` scripts that call
  ``tbData(key, value)``, the one way a ``file://`` page can load data. It is a folder the user chose to publish.
- **server** (``make_server``): data files are ``.json``, answered only to requests that carry the per-launch key
  the served page holds (``X-Tabbench-Key``; a cross-origin page cannot send that header without a CORS preflight
  the server refuses), and only for a ``Host`` naming the server itself (no DNS rebinding). Every response says
  ``nosniff`` and ``Cross-Origin-Resource-Policy: same-origin``.

The server is read-only (GET and HEAD) and answers only the canonical names this site generates: a path is
looked up in a table, never joined onto a folder. What it has made is kept in a cache bounded in bytes.
"""

from __future__ import annotations

import difflib
import hmac
import ipaddress
import json
import re
import secrets
import socket
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from functools import cached_property, lru_cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract import modeltext
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.contract.outputs import new_folder
from tabbench.evaluation.runfolder import (
    TRAINER_STATE,
    RunFolder,
    comparability,
    existing,
    incomparable,
    read_json,
    read_prompts,
    read_records,
)
from tabbench.reporting.comparison import details
from tabbench.reporting.paired import flips, passed, verdicts

if TYPE_CHECKING:
    from tabbench.evaluation.runfolder import PromptTable

CHUNK = 100  # full records per detail file (a sample opens after its chunk is made: 100 formatted queries)
SHORT = 200  # characters of question, answer and gold in the grid
FLIPS_LISTED = 500  # flipped samples listed on the compare page (runs.js loads with every page; the grid has all)
APP_FILES = ("index.html", "app.js", "app.css")  # the page (package data: viewer_app/)
CACHE_BYTES = 256 * 2**20  # made files the server keeps (a file larger than this is made for each request)
KEY_HEADER = "X-Tabbench-Key"  # the served page's per-launch key, required on every data request
KEY_META = b'<meta name="tabbench-key" content="">'  # index.html's slot for it (empty in a bundle)
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {  # on every response the server sends, errors included
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _json(value: Any) -> str:
    """``value`` as JSON without markup characters (safe inside a script, and JSON.parse reads it back: NaN and
    the infinities, which Python's json reads from a run folder, are written as ``null``, as JSON.stringify
    does: ``modeltext.dumps_shown``)."""
    text = modeltext.dumps_shown(value, default=str, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                         ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return text


def _utf8(text: str) -> bytes:
    """``text`` (JSON) as UTF-8; a lone surrogate, which Python's json reads from a run folder and UTF-8 cannot
    hold, becomes its JSON escape (``\\ud800``)."""
    return text.encode("utf-8", "backslashreplace")


def script(key: str, value: Any) -> bytes:
    """A bundle's data file: ``tbData(key, value);`` with the JSON safe to load as a script."""
    return _utf8(f"tbData({json.dumps(key)},{_json(value)});\n")


def _short(text: Any) -> str | None:
    if text is None:
        return None
    text = str(text)
    return text if len(text) <= SHORT else text[:SHORT] + "…"


@lru_cache(maxsize=65536)
def pretty_sql(sql: str) -> str:
    """``sql`` formatted by sqlglot (SQLite dialect); unchanged when sqlglot cannot parse it."""
    from tabbench.sql.extract import SqlParseError, transpile

    try:
        return transpile(sql, "sqlite", "sqlite", pretty=True)
    except (SqlParseError, RecursionError, ValueError):
        return sql


def sql_diff(pred: str, gold: str) -> list[list[str]]:
    """Line diff of two formatted queries: ``[op, line]`` with op ``" "`` (both), ``"-"`` (gold only) or ``"+"``
    (prediction only)."""
    out = []
    for line in difflib.ndiff(gold.splitlines(), pred.splitlines()):
        if line[:1] in (" ", "-", "+"):
            out.append([line[:1], line[2:]])
    return out


def _is_sql(record: dict[str, Any]) -> bool:
    return any(isinstance(s, dict) and isinstance(s.get("details"), dict) and "sql" in s["details"]
               for s in (record.get("scores") or {}).values())


class RunBenchmark:
    """One benchmark of one run, from the run folder alone: its records and its prompts file (questions, golds,
    prompts). No plugin is loaded and nothing is executed: answers and vote groups are what the run recorded."""

    def __init__(self, run: RunFolder, name: str) -> None:
        self.run, self.name = run, name

    @cached_property
    def records(self) -> list[dict[str, Any]]:
        return read_records(self.run, self.name)

    @cached_property
    def prompts(self) -> PromptTable:
        return read_prompts(self.run, self.name)

    def prompt(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record's entry in the prompts file (``messages``, ``question``, ``gold``, ``meta``); ``{}`` when
        there is none (a run of results schema 3)."""
        return self.prompts.get(str(record.get("prompt_hash")), record["id"]) or {}

    def grid(self) -> dict[str, Any]:
        rows, shown = [], False
        for index, record in enumerate(self.records):
            entry = self.prompt(record)
            shown = shown or bool(entry)
            rows.append({
                "id": record["id"], "q": _short(entry.get("question")),
                "a": _short(record.get("answer")), "g": _short(entry.get("gold")),
                "s": record.get("status"), "v": record.get("score"), "m": record.get("meta") or {},
                "ok": passed(record.get("status"), record.get("score")),
                "c": index // CHUNK,
            })
        return {"rows": rows, "examples": shown}

    def chunk(self, number: int) -> list[dict[str, Any]]:
        return [self.detail(r) for r in self.records[number * CHUNK:(number + 1) * CHUNK]]

    def detail(self, record: dict[str, Any]) -> dict[str, Any]:
        scored = {name: passed(s.get("status"), s.get("value")) for name, s in (record.get("scores") or {}).items()
                  if isinstance(s, dict)}
        out: dict[str, Any] = {"record": record, "ok": passed(record.get("status"), record.get("score")),
                               "passed": scored}
        entry = self.prompt(record)
        if entry:
            out.update(question=entry.get("question"), gold=entry.get("gold"),
                       prompt=[{"role": str(m.get("role")), "content": str(m.get("content"))}
                               for m in entry.get("messages") or [] if isinstance(m, dict)])
        if _is_sql(record) and isinstance(record.get("answer"), str):
            pred = pretty_sql(record["answer"])
            out["sql"] = {"pred": pred}
            if isinstance(entry.get("gold"), str):
                gold = pretty_sql(entry["gold"])
                out["sql"].update(gold=gold, diff=sql_diff(pred, gold))
        if len(record.get("completions") or []) > 1:
            clusters = _clusters(record, str(self.run.result(self.name).get("answer_extractor") or ""))
            if clusters is not None:
                out["clusters"], out["clusters_by"] = clusters
        return out


def _clusters(record: dict[str, Any], extractor: str) -> tuple[list[dict[str, Any]], str] | None:
    """The record's completions grouped, largest group first, and what grouped them: the vote's groups when the
    run voted (by execution result for SQL), else the recorded answers' text (whitespace and case folded).
    ``None`` when the record holds neither (a run of results schema 3): the viewer extracts and executes
    nothing. A record is read defensively: what is not a list of indices is left out."""
    completions = record.get("completions")
    recorded = record.get("answers") if isinstance(record.get("answers"), dict) else {}
    answers = recorded.get(extractor)
    if not isinstance(answers, list) and recorded:
        answers = next(iter(recorded.values()))  # the benchmark's extractor is named first
    if not isinstance(answers, list) or not isinstance(completions, list):
        return None
    count = len(completions)

    def answer(index: int) -> Any:
        return answers[index] if index < len(answers) else None

    vote = record.get("vote") if isinstance(record.get("vote"), dict) else {}
    groups = [[i for i in members if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count]
              for members in vote.get("groups") or [] if isinstance(members, list)]
    groups = [members for members in groups if members]
    if groups:
        grouped = {i for members in groups for i in members}
        shown = [{"answer": answer(members[0]), "members": members} for members in groups]
        rest = [i for i in range(count) if i not in grouped]
        if rest:
            shown.append({"answer": None, "members": rest})
        by = "result" if vote.get("executed") else "answer text"
        if vote.get("method") == "execution":
            return shown, f"completions as the execution vote grouped them (by {by})"
        return shown, f"completions with the same {by} (the {vote.get('method')} vote also weighs partial agreement)"
    from tabbench.evaluation.voting import answer_key

    by_key: dict[Any, dict[str, Any]] = {}
    for index in range(count):
        text = answer(index)
        group = by_key.setdefault(answer_key(text if isinstance(text, str) else None),
                                  {"answer": text, "members": []})
        group["members"].append(index)
    return sorted(by_key.values(), key=lambda g: -len(g["members"])), "completions by extracted answer text"


def training_curves(run: RunFolder) -> list[dict[str, Any]]:
    """The numeric logs of a trainer's ``trainer_state.json`` in the run folder (``step`` plus loss, reward,
    ``rewards/<name>/mean``, ...), one entry per logged step; empty when there is none or it holds no log. A
    FIFO, folder or device in its place, or a symlink out of the run, is a ``DataError`` (``runfolder.existing``)."""
    from tabbench.reporting.boards.plots import read_log_history

    path = existing(run.path, TRAINER_STATE)
    if path is None:
        return []
    try:
        history = read_log_history(read_json(path, "trainer log"))
    except DataError:
        return []
    return [{k: v for k, v in entry.items() if isinstance(v, int | float) and not isinstance(v, bool)}
            for entry in history if isinstance(entry.get("step"), int | float)]


class Site:
    """The files of the viewer for ``runs`` (the first run is the baseline of every comparison)."""

    def __init__(self, runs: Sequence[RunFolder], cache_bytes: int = CACHE_BYTES) -> None:
        if not runs:
            raise UsageError("tabbench view needs at least one run folder")
        self.runs = list(runs)
        self.benchmarks = [[RunBenchmark(run, name) for name in run.benchmarks] for run in self.runs]
        self.cache = FileCache(cache_bytes)

    def runs_data(self) -> dict[str, Any]:
        return {"runs": [self._run(i, run) for i, run in enumerate(self.runs)], "comparisons": self.comparisons()}

    def _run(self, index: int, run: RunFolder) -> dict[str, Any]:
        results = run.results
        return {
            "label": run.name, "path": str(run.path), "model": results.get("model") or {},
            "config": results.get("config") or run.started, "seeds": results.get("seeds") or {},
            "created": results.get("created"), "tabbench_version": results.get("tabbench_version"),
            "plugins": results.get("plugins") or {}, "timing": results.get("timing") or {},
            "curves": training_curves(run), "edits": results.get("edits") or [],
            "usage": results.get("usage"), "stopped": results.get("stopped"),
            "benchmarks": [{"name": name, **run.result(name), **comparability(run, name),
                            "key": f"r{index}/b{b}"} for b, name in enumerate(run.benchmarks)],
        }

    def comparisons(self) -> list[dict[str, Any]]:
        """Flips between the first run and each other run, per benchmark both hold; or why they cannot pair."""
        base, out = self.runs[0], []
        for index, other in enumerate(self.runs[1:], 1):
            for name in base.benchmarks:
                if name not in other.benchmarks:
                    continue
                reason = incomparable(base, other, name)
                if reason:
                    entry = {"benchmark": name, "error": reason}
                else:
                    found = flips(name, base.name, other.name, *(verdicts(self._bench(r, name).records)
                                                                     for r in (0, index)))
                    entry = {**found.to_json(), **self._details(index, name, found)}
                out.append({**entry, "a_run": 0, "b_run": index})
        return out

    def _details(self, index: int, name: str, found: Any) -> dict[str, Any]:
        """The flipped samples and per-bucket deltas of ``name``, baseline against run ``index`` (records and
        texts as the grids have them)."""
        base, other = self._bench(0, name), self._bench(index, name)
        texts = {r["id"]: base.prompt(r) for r in base.records}
        return details(self.runs[0], self.runs[index], found, base.records, other.records, texts, FLIPS_LISTED)

    def _bench(self, run: int, name: str) -> RunBenchmark:
        return next(b for b in self.benchmarks[run] if b.name == name)

    def files(self, form: str = "js") -> Iterator[str]:
        """Every file name of the site, data in ``form``: ``js`` (the bundle's scripts) or ``json`` (the
        server's)."""
        yield from APP_FILES
        yield f"data/runs.{form}"
        for r, benchmarks in enumerate(self.benchmarks):
            for b, bench in enumerate(benchmarks):
                yield f"data/r{r}/b{b}/grid.{form}"
                for c in range((len(bench.records) + CHUNK - 1) // CHUNK):
                    yield f"data/r{r}/b{b}/c{c}.{form}"

    # canonical names only: r0, never r00, so that one file has one name (and one cache entry)
    _NUMBER = r"(0|[1-9][0-9]{0,5})"
    _DATA = re.compile(rf"data/(?:(runs)|r{_NUMBER}/b{_NUMBER}/(?:(grid)|c{_NUMBER}))\.(js|json)")

    def file(self, name: str) -> bytes | None:
        """The content of site file ``name``, or ``None`` when the site has no such file. What was made is kept
        in the cache (within its bound); a name the site lacks is not."""
        content = self.cache.get(name)
        if content is None:
            content = self.make(name)
            if content is not None:
                self.cache.put(name, content)
        return content

    def warm(self) -> None:
        """Make the run summary and every grid the server answers now (the server does this in the background,
        so that opening a large benchmark does not wait for its records to be read)."""
        try:
            for name in self.files("json"):
                if not name.split("/")[-1].startswith("c"):
                    self.file(name)
        except Exception:  # a damaged run folder: the page's request for that file reports the error
            return

    def make(self, name: str) -> bytes | None:
        """Site file ``name`` made now (no cache), or ``None`` when the site has no such file."""
        if name in APP_FILES:
            return resources.files("tabbench.reporting").joinpath("viewer_app", name).read_bytes()
        match = self._DATA.fullmatch(name)
        if not match:
            return None
        found = self._data(match)
        if found is None:
            return None
        key, value = found
        return script(key, value) if match[6] == "js" else _utf8(_json(value))

    def _data(self, match: re.Match[str]) -> tuple[str, Any] | None:
        if match[1]:
            return "runs", self.runs_data()
        r, b = int(match[2]), int(match[3])
        if r >= len(self.benchmarks) or b >= len(self.benchmarks[r]):
            return None
        bench = self.benchmarks[r][b]
        if match[4]:
            return f"grid/r{r}/b{b}", bench.grid()
        chunk = int(match[5])
        if chunk * CHUNK >= max(len(bench.records), 1):
            return None
        return f"chunk/r{r}/b{b}/c{chunk}", bench.chunk(chunk)


class FileCache:
    """Made files by name, thread-safe; once they pass ``limit`` bytes the least recently used are dropped, and a
    file larger than ``limit`` is not kept at all."""

    def __init__(self, limit: int) -> None:
        self.limit, self.size = limit, 0
        self._files: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._files)

    def __contains__(self, name: object) -> bool:
        return name in self._files

    def names(self) -> list[str]:
        with self._lock:
            return list(self._files)

    def get(self, name: str) -> bytes | None:
        with self._lock:
            content = self._files.get(name)
            if content is not None:
                self._files.move_to_end(name)
            return content

    def put(self, name: str, content: bytes) -> None:
        if len(content) > self.limit:
            return
        with self._lock:
            if name in self._files:
                return
            self._files[name] = content
            self.size += len(content)
            while self.size > self.limit:
                self.size -= len(self._files.popitem(last=False)[1])


def page(key: str) -> bytes:
    """The served ``index.html``: the bundle's, holding the server's per-launch data key (token_urlsafe: no
    character to escape)."""
    template = resources.files("tabbench.reporting").joinpath("viewer_app", "index.html").read_bytes()
    assert KEY_META in template, "index.html lost its key slot"
    return template.replace(KEY_META, f'<meta name="tabbench-key" content="{key}">'.encode(), 1)


def write_bundle(site: Site, out: Path) -> Path:
    """Write the static site to ``out`` (a new or empty folder, not a symbolic link), all at once
    (``new_folder``): the target is checked before any file is made, and a failure or an interruption leaves
    nothing."""
    out = Path(out)
    with new_folder(out, "--bundle") as staging:
        try:
            for name in site.files():
                content = site.make(name)
                assert content is not None, name
                target = staging / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
        except OSError as exc:
            raise TabbenchError(f"--bundle {out}: cannot write the bundle ({exc.strerror or exc}); nothing was "
                                "written") from None
    return out / "index.html"


def host_allowed(header: str | None, bound: str, port: int) -> bool:
    """Whether a request's ``Host`` header names this server (``bound``:``port``) rather than some other name a
    hostile page made resolve to it (DNS rebinding): loopback names, the bound host, and, when bound to every
    interface, any IP address or this machine's own name."""
    if not header:
        return False
    header = header.strip().lower()
    match = re.fullmatch(r"\[([0-9a-f:.]+)\](?::([0-9]{1,5}))?|([^:\[\]]+)(?::([0-9]{1,5}))?", header)
    if not match:
        return False
    name, given = (match[1], match[2]) if match[1] else (match[3].rstrip("."), match[4])
    if (int(given) if given else 80) != port:
        return False
    bound = bound.strip("[]").lower()
    if name in ("localhost", "127.0.0.1", "::1", bound):
        return True
    if bound in ("0.0.0.0", "::", ""):
        return _is_ip(name) or name in (socket.gethostname().lower(), socket.getfqdn().lower())
    return False


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class ViewServer(ThreadingHTTPServer):
    """The viewer's HTTP server. ``key`` is the per-launch key its page holds and every data request must send."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], key: str) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET  # --host ::1 too
        super().__init__(address, handler)
        self.key = key
        self.host = address[0]  # as given: a name (--host NAME) is answered, though the socket holds its address

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser closing an idle or cancelled connection is normal, not an error: nothing is printed. Anything
        else is one line (the handler already turns errors in making a file into a 500 the page shows)."""
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError | TimeoutError):
            return
        print(f"tabbench view: error answering a request: {type(exc).__name__}: {exc}", file=sys.stderr)


def make_server(site: Site, host: str = "127.0.0.1", port: int = 0) -> ViewServer:
    """A server for ``site`` on ``host:port`` (port 0: any free one); call ``serve_forever`` to run it. Files are
    made on first request (``Site.warm`` makes the grids ahead). Its data key is new and random at each call:
    it is what keeps other pages in the same browser from reading the runs."""
    class Handler(BaseHTTPRequestHandler):
        server_version = "tabbench-view"
        default_request_version = "HTTP/1.0"  # never HTTP/0.9's bare body: every answer has its status and headers
        timeout = 60  # an idle connection is dropped, not held by a thread forever
        server: ViewServer

        def do_GET(self) -> None:
            self._answer(body=True)

        def do_HEAD(self) -> None:
            self._answer(body=False)

        def end_headers(self) -> None:
            for name, value in SECURITY_HEADERS.items():
                self.send_header(name, value)
            super().end_headers()

        def _answer(self, body: bool) -> None:
            bound, port = self.server.server_address[:2]
            named = self.headers.get_all("Host") or []  # two Host headers: which one a proxy would use is unclear
            if len(named) != 1 or not any(host_allowed(named[0], str(host), port)
                                          for host in (bound, self.server.host)):
                own = f"[{bound}]" if ":" in str(bound) else bound
                return self._fail(HTTPStatus.MISDIRECTED_REQUEST, "this server answers only requests for its own "
                                  f"address ({own}:{port} or localhost:{port})", body)
            name = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
            if name.startswith("data/"):
                if not name.endswith(".json"):  # the .js forms are the bundle's: served data is never a script
                    return self._fail(HTTPStatus.NOT_FOUND, "no such file", body)
                sent = self.headers.get(KEY_HEADER, "").encode("utf-8", "replace")
                if not hmac.compare_digest(sent, self.server.key.encode()):
                    return self._fail(HTTPStatus.FORBIDDEN, f"data needs the {KEY_HEADER} of this server's page "
                                      "(reload the page: each launch has a new key)", body)
                if self.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":  # a browser says who asks
                    return self._fail(HTTPStatus.FORBIDDEN, "data is only for this server's own page", body)
            try:
                content = page(self.server.key) if name == "index.html" else site.file(name)
            except TabbenchError as exc:  # a damaged record file: say which, and keep serving the rest
                return self._fail(HTTPStatus.INTERNAL_SERVER_ERROR, " ".join(str(exc).split()), body)
            except Exception as exc:  # a damaged run folder must not stop the server
                return self._fail(HTTPStatus.INTERNAL_SERVER_ERROR,
                                  f"{name}: {type(exc).__name__}: {' '.join(str(exc).split())}", body)
            if content is None:
                return self._fail(HTTPStatus.NOT_FOUND, "no such file", body)
            self._send(HTTPStatus.OK, TYPES[name.rsplit(".", 1)[-1]], content, body)

        def _fail(self, status: HTTPStatus, message: str, body: bool) -> None:
            """An error as JSON the page shows (the status line keeps its ASCII phrase: a message may hold any
            character, a run folder's path included)."""
            if status == HTTPStatus.INTERNAL_SERVER_ERROR:
                print(f"tabbench view: {message}", file=sys.stderr)
            self._send(status, TYPES["json"], json.dumps({"error": message}).encode(), body)

        def _send(self, status: HTTPStatus, kind: str, content: bytes, body: bool) -> None:
            self.send_response(status)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            if body:
                self.wfile.write(content)

        def log_message(self, format: str, *args: Any) -> None:  # quiet: the CLI says where it serves
            return

    try:
        return ViewServer((host, port), Handler, secrets.token_urlsafe(32))
    except OSError as exc:
        raise UsageError(f"cannot serve on {host}:{port} ({exc.strerror or exc})") from None


TYPES = {"html": "text/html", "js": "text/javascript", "css": "text/css", "json": "application/json"}
