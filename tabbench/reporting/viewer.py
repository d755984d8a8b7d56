"""``tabbench view``: run folders as a small web site, served on loopback or written as a static bundle.

Both are the same files. The app (``viewer_app/``: one HTML page, one script, one style sheet, package data)
loads its data as ``<script>`` files that call ``tbData(key, value)``, so the bundle opens from ``file://``
with no server. ``data/runs.js`` holds every run's results and the flips between the first run and each
other; a benchmark's sample grid (``data/r<run>/b<benchmark>/grid.js``) is loaded when it is first shown, and
full records (prompt, completions, formatted SQL, diffs, result previews, transcripts) in chunks of
``CHUNK`` samples when one of them is opened. Data files are JSON with ``<``, ``>`` and ``&`` escaped, and the
app only ever puts model text into the page as text, so a completion holding ``<script>`` runs nothing.

The server is read-only (GET and HEAD) and answers only the names this site generates: a path is looked up
in a table, never joined onto a folder, so nothing outside the given run folders can be reached.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from functools import cached_property, lru_cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.errors import TabbenchError, UsageError
from tabbench.reporting.comparison import details
from tabbench.reporting.flips import incomparable, verdicts
from tabbench.reporting.paired import flips, passed
from tabbench.reporting.runfolder import (
    RunFolder,
    comparability,
    read_prompts,
    read_records,
    training_curves,
)

if TYPE_CHECKING:
    from tabbench.evaluation.store import PromptTable

CHUNK = 100  # full records per detail file (a sample opens after its chunk is made: 100 formatted queries)
SHORT = 200  # characters of question, answer and gold in the grid
FLIPS_LISTED = 500  # flipped samples listed on the compare page (runs.js loads with every page; the grid has all)
APP_FILES = ("index.html", "app.js", "app.css")  # the page (package data: viewer_app/)
CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'none'"


def script(key: str, value: Any) -> bytes:
    """A data file: ``tbData(key, value);`` with the JSON safe to load as a script (no markup characters)."""
    text = json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                         ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return f"tbData({json.dumps(key)},{text});\n".encode()


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
    nothing."""
    answers = (record.get("answers") or {}).get(extractor)
    if not isinstance(answers, list) and record.get("answers"):
        answers = next(iter(record["answers"].values()))  # the benchmark's extractor is named first
    if not isinstance(answers, list):
        return None
    vote = record.get("vote") if isinstance(record.get("vote"), dict) else None

    def answer(index: int) -> Any:
        return answers[index] if 0 <= index < len(answers) else None

    if vote and isinstance(vote.get("groups"), list) and vote["groups"]:
        grouped = {i for members in vote["groups"] for i in members}
        groups = [{"answer": answer(members[0]), "members": list(members)} for members in vote["groups"] if members]
        rest = [i for i in range(len(record["completions"])) if i not in grouped]
        if rest:
            groups.append({"answer": None, "members": rest, "none": True})
        by = "result" if vote.get("executed") else "answer text"
        return groups, f"completions as the {vote.get('method', '')} vote grouped them (by {by})"
    from tabbench.evaluation.voting import answer_key

    by_key: dict[Any, dict[str, Any]] = {}
    for index in range(len(record["completions"])):
        group = by_key.setdefault(answer_key(answer(index)), {"answer": answer(index), "members": []})
        group["members"].append(index)
    return sorted(by_key.values(), key=lambda g: -len(g["members"])), "completions by extracted answer text"


class Site:
    """The files of the viewer for ``runs`` (the first run is the baseline of every comparison)."""

    def __init__(self, runs: Sequence[RunFolder]) -> None:
        if not runs:
            raise UsageError("tabbench view needs at least one run folder")
        self.runs = list(runs)
        self.benchmarks = [[RunBenchmark(run, name) for name in run.benchmarks] for run in self.runs]
        self._made: dict[str, bytes | None] = {}

    def runs_data(self) -> dict[str, Any]:
        return {"runs": [self._run(i, run) for i, run in enumerate(self.runs)], "comparisons": self.comparisons()}

    def _run(self, index: int, run: RunFolder) -> dict[str, Any]:
        results = run.results
        return {
            "label": run.label, "path": str(run.path), "model": results.get("model") or {},
            "config": results.get("config") or {}, "seeds": results.get("seeds") or {},
            "created": results.get("created"), "tabbench_version": results.get("tabbench_version"),
            "plugins": results.get("plugins") or {}, "timing": results.get("timing") or {},
            "curves": training_curves(run), "edits": results.get("edits") or [],
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
                    found = flips(name, base.label, other.label, verdicts(base, name), verdicts(other, name))
                    entry = {**found.to_json(), **self._details(index, name, found)}
                out.append({**entry, "a_run": 0, "b_run": index})
        return out

    def _details(self, index: int, name: str, found: Any) -> dict[str, Any]:
        """The flipped samples and per-bucket deltas of ``name``, baseline against run ``index`` (records and
        texts as the grids have them)."""
        base = next(b for b in self.benchmarks[0] if b.name == name)
        other = next(b for b in self.benchmarks[index] if b.name == name)
        texts = {r["id"]: base.prompt(r) for r in base.records}
        return details(self.runs[0], self.runs[index], found, base.records, other.records, texts, FLIPS_LISTED)

    def files(self) -> Iterator[str]:
        """Every file name of the site (the bundle writes them all; the server answers only these)."""
        yield from APP_FILES
        yield "data/runs.js"
        for r, benchmarks in enumerate(self.benchmarks):
            for b, bench in enumerate(benchmarks):
                yield f"data/r{r}/b{b}/grid.js"
                for c in range((len(bench.records) + CHUNK - 1) // CHUNK):
                    yield f"data/r{r}/b{b}/c{c}.js"

    _DATA = re.compile(r"data/r(\d{1,4})/b(\d{1,4})/(grid|c(\d{1,6}))\.js")

    def file(self, name: str) -> bytes | None:
        """The content of site file ``name``, or ``None`` when the site has no such file (made once, then kept)."""
        if name not in self._made:
            self._made[name] = self._make(name)
        return self._made[name]

    def warm(self) -> None:
        """Make the run summary and every grid now (the server does this in the background, so that opening a
        large benchmark does not wait for its records to be read)."""
        try:
            for name in self.files():
                if not name.split("/")[-1].startswith("c"):
                    self.file(name)
        except TabbenchError:
            return  # a damaged record file: the page's request for it reports the error

    def _make(self, name: str) -> bytes | None:
        if name in APP_FILES:
            return resources.files("tabbench.reporting").joinpath("viewer_app", name).read_bytes()
        if name == "data/runs.js":
            return script("runs", self.runs_data())
        match = self._DATA.fullmatch(name)
        if not match:
            return None
        r, b = int(match[1]), int(match[2])
        if r >= len(self.benchmarks) or b >= len(self.benchmarks[r]):
            return None
        bench = self.benchmarks[r][b]
        if match[3] == "grid":
            return script(f"grid/r{r}/b{b}", bench.grid())
        chunk = int(match[4])
        if chunk * CHUNK >= max(len(bench.records), 1):
            return None
        return script(f"chunk/r{r}/b{b}/c{chunk}", bench.chunk(chunk))


def write_bundle(site: Site, out: Path) -> Path:
    """Write the static site to ``out`` (a new or empty folder), all at once: a failure leaves nothing."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"--bundle {out}: exists and is not an empty folder")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for name in site.files():
            content = site.file(name)
            assert content is not None, name
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        if out.exists():
            out.rmdir()
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return out / "index.html"


def make_server(site: Site, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for ``site`` on ``host:port`` (port 0: any free one); call ``serve_forever`` to run it. Files are
    made on first request (``Site.warm`` makes the grids ahead)."""
    class Handler(BaseHTTPRequestHandler):
        server_version = "tabbench-view"

        def do_GET(self) -> None:
            self._answer(body=True)

        def do_HEAD(self) -> None:
            self._answer(body=False)

        def _answer(self, body: bool) -> None:
            name = self.path.split("?", 1)[0].lstrip("/") or "index.html"
            try:
                content = site.file(name)
            except TabbenchError as exc:  # a damaged record file: say which, and keep serving the rest
                self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR, " ".join(str(exc).split()))
                return
            if content is None:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            suffix = name.rsplit(".", 1)[-1]
            kind = {"html": "text/html", "js": "text/javascript", "css": "text/css"}[suffix]
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(content)))
            self.send_header("Content-Security-Policy", CSP)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if body:
                self.wfile.write(content)

        def log_message(self, format: str, *args: Any) -> None:  # quiet: the CLI says where it serves
            return

    try:
        return ThreadingHTTPServer((host, port), Handler)
    except OSError as exc:
        raise UsageError(f"cannot serve on {host}:{port} ({exc.strerror or exc})") from None
