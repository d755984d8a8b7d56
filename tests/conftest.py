from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.toy_plugin import install_plugins, write_toy_data


@pytest.fixture(scope="session")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the toy and broken third-party plugins, installed with pip --target."""
    return install_plugins(tmp_path_factory.mktemp("plugins"))


@pytest.fixture
def toy_data(tmp_path: Path) -> Path:
    return write_toy_data(tmp_path / "toy.jsonl")


@pytest.fixture
def private_gold_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Gold results cached under this session's temp folder, never in the user's ~/.cache."""
    import tabbench.sql.batch as batch

    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.setattr(batch, "_default_cache", None)


@pytest.fixture(scope="module")
def demo():
    """The demo benchmark; its tests skip when the demo plugin is not installed."""
    from tabbench import get_benchmark
    from tabbench.host.plugins import host

    if "demo-bird" not in host().registry("benchmark"):
        pytest.skip("the demo benchmark plugin is not installed")
    return get_benchmark("demo-bird")


@pytest.fixture
def demo_cli(cli_runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """``cli_runner`` in a fresh working folder with its own response cache and one SQL worker (demo data)."""
    pytest.importorskip("tabbench_demo")
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache-root"))
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    monkeypatch.chdir(tmp_path)
    return cli_runner


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a ``tabbench`` subprocess (``tests.cli_run``): a private cache, SQL in the process."""
    return {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path_factory.mktemp("cache")), "TABBENCH_WORKERS": "0"}


@pytest.fixture(scope="module")
def chrome():
    """Headless Chromium (``tests.browser``); the test skips where it is not installed."""
    from tests import browser

    try:
        driver = browser.chromium()
    except browser.Unavailable as exc:
        pytest.skip(str(exc))
    yield driver
    driver.quit()


@pytest.fixture
def hostile_page():
    """``serve(html) -> url``: a page served from another loopback port (a hostile page in the viewer's browser),
    stopped after the test."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    servers: list[ThreadingHTTPServer] = []

    def serve(html: bytes) -> str:
        class Page(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(html)

            def log_message(self, *args) -> None:
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def adapter_corpus(tmp_path_factory: pytest.TempPathFactory):
    """Right, wrong, broken and hostile answers to demo-bird questions on a private copy of its data, with the verdicts
    ``tabbench eval --model predictions:FILE`` gives them (``tests.adapter_corpus``), shared by the adapter tests."""
    pytest.importorskip("tabbench_demo")
    from tests.adapter_corpus import build_corpus

    folder = tmp_path_factory.mktemp("adapter-corpus")
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(folder / "cache"), "TABBENCH_WORKERS": "0"}
    return build_corpus(folder, env)


@pytest.fixture
def lookalike(tmp_path: Path) -> Path:
    """A folder with the files of a checkpoint (passing ``--model``'s check) that no run gets as far as loading."""
    folder = tmp_path / "lookalike"
    folder.mkdir()
    for name in ("config.json", "tokenizer_config.json"):
        (folder / name).write_text("{}")
    return folder


@pytest.fixture
def flawed_splits(demo):
    """Two benchmarks registered for one test, each a flaw every reader of examples must refuse:
    ``dup-ids-bird`` (demo-bird with its first example twice) and ``empty-split-bird`` (demo-bird with none)."""
    import tabbench
    from tabbench.host.plugins import PluginInfo, host

    def flawed(name: str, rows) -> type:
        parent = tabbench.benchmark_class("demo-bird")  # before the plugin registers: no lookup while registering
        return type(parent.__name__, (parent,), {"name": name, "examples": lambda self, split=None: iter(
            rows(list(parent.examples(self, split))))})

    classes = {"dup-ids-bird": flawed("dup-ids-bird", lambda examples: [examples[0], *examples]),
               "empty-split-bird": flawed("empty-split-bird", lambda examples: [])}

    class Flawed:
        @tabbench.hookimpl
        def register_benchmarks(self, register):
            for name, cls in classes.items():
                register(name, cls)

    host().register(Flawed(), PluginInfo("flawed-splits"))
    yield
    host().unregister("flawed-splits")


def _private_env(folder: Path) -> dict[str, str]:
    """``env``'s settings for a session-wide fixture (which cannot use the module-wide ``env``)."""
    return {**os.environ, "TABBENCH_CACHE_DIR": str(folder / "cache"), "TABBENCH_WORKERS": "0"}


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished gold run of six demo-bird examples, made once: the viewer's tests serve it, read it, and copy it to
    break the copies."""
    from tests.cli_run import gold_run

    base = tmp_path_factory.mktemp("demo-run")
    return gold_run(base / "gold", "--suite", "demo-bird", "--limit", "6", env=_private_env(base))


@pytest.fixture(scope="module")
def served(demo_run: Path):
    """A viewer server (``tests.viewer_serving.Serving``) of ``demo_run`` twice, fresh for each test file: its
    cache starts empty there."""
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import Site
    from tests.viewer_serving import Serving

    serving = Serving(Site([read_run(demo_run), read_run(demo_run)]))
    yield serving
    serving.close()


@pytest.fixture(scope="session")
def scored_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``tests.run_edits.scored_runs``, made once: demo-bird runs ``a`` (all gold) and ``b`` (a third wrong)."""
    from tests.run_edits import scored_runs

    base = tmp_path_factory.mktemp("scored-runs")
    return scored_runs(base, _private_env(base))


@pytest.fixture(scope="session")
def shard_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``tests.run_edits.shard_runs``, made once: a demo-bird run, its two shards, and a secret outside them."""
    from tests.run_edits import shard_runs

    base = tmp_path_factory.mktemp("shard-runs")
    return shard_runs(base, _private_env(base))


@pytest.fixture
def afile(tmp_path: Path) -> Path:
    """A regular file, to put an output path under (``afile/out``: a file is in the way)."""
    path = tmp_path / "afile"
    path.write_text("not a folder\n")
    return path


@pytest.fixture
def malformed_files(tmp_path: Path) -> dict[str, Path]:
    """Malformed predictions files, and a regular file to put an output path under."""
    made = {
        "binary": bytes(range(256)) * 4,  # .json: BIRD's official format reader sees it
        "latin1": '{"id": "0", "completion": "SELECT 1"}\n\n{"id": "1", "completion": "caf\xe9"}\n'.encode("latin-1"),
        "torn": b'{"id": "0", "completion": "SELECT 1"}\n{"id": "1", "completion": \n',
        "deep": b'{"id": "0", "completion": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
        "digits": b'{"id": ' + b"9" * 5000 + b', "completion": "SELECT 1"}\n',
        "afile": b"not a folder\n",
    }
    out = {}
    for name, data in made.items():
        out[name] = tmp_path / (f"{name}.json" if name == "binary" else f"{name}.jsonl")
        out[name].write_bytes(data)
    return out
