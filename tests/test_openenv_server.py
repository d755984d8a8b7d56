"""``tabbench serve-env``: a benchmark as an OpenEnv server, driven through OpenEnv's own client and validator.

Verdicts equal ``tabbench eval --model predictions:FILE``'s sample by sample, hostile SQL and hostile tool calls
change no database and end no session, eight concurrent sessions on one read-only database each get their own
question and verdicts, and a ninth is refused (the bound).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.adapter_corpus import database_hashes, hostile_sql
from tests.openenv_serving import serving

openenv = pytest.importorskip("openenv")
pytestmark = pytest.mark.slow  # starts servers

ROOT = Path(__file__).resolve().parents[1]


def client(url: str):
    from openenv import GenericEnvClient

    return GenericEnvClient(base_url=url, connect_timeout_s=120, message_timeout_s=120)


def test_openenvs_validator_passes_the_running_server(adapter_corpus) -> None:
    with serving("demo-bird", "--data", f"demo-bird={adapter_corpus.data}", "--env", "sql") as url:
        done = subprocess.run([str(Path(sys.executable).parent / "openenv"), "validate", "--url", url],
                              capture_output=True, text=True, timeout=120)
        report = json.loads(done.stdout)
        assert done.returncode == 0 and report["passed"], done.stdout + done.stderr
        assert report["mode"] == "simulation"
        with urllib.request.urlopen(f"{url}/metadata", timeout=60) as response:
            metadata = json.loads(response.read())
        assert metadata["name"] == "tabbench/demo-bird" and "'sql' environment" in metadata["description"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_manifests_app_is_the_server(adapter_corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    """``openenv.yaml``'s ``app`` under an ASGI runner (uvicorn, as OpenEnv's runtime starts it) serves the benchmark
    ``$TABBENCH_SERVE_ENV`` names, and passes OpenEnv's validator."""
    import yaml

    from tabbench import ConfigError

    manifest = yaml.safe_load((ROOT / "openenv.yaml").read_text())
    assert (manifest["spec_version"], manifest["runtime"]) == (1, "fastapi")
    monkeypatch.delenv("TABBENCH_SERVE_ENV", raising=False)
    module = importlib.import_module(manifest["app"].split(":")[0])
    with pytest.raises(ConfigError, match="TABBENCH_SERVE_ENV is not set"):
        getattr(module, manifest["app"].split(":")[1])
    port = free_port()
    env = {**os.environ, "TABBENCH_SERVE_ENV": f"demo-bird --data '{adapter_corpus.data}' --env sql --limit 3"}
    process = subprocess.Popen([sys.executable, "-m", "uvicorn", manifest["app"], "--port", str(port)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=5):
                    break
            except OSError:
                time.sleep(0.5)
        done = subprocess.run([str(Path(sys.executable).parent / "openenv"), "validate", "--url", url],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and json.loads(done.stdout)["passed"], done.stdout + done.stderr

        async def first() -> dict:
            async with client(url) as session:
                return (await session.reset(seed=2)).observation

        observation = asyncio.run(first())
        assert (observation["benchmark"], observation["example_id"]) == ("demo-bird", "2") and observation["tools"]
    finally:
        process.terminate()
        process.wait(timeout=60)


def test_verdicts_equal_tabbench_eval_and_hostile_answers_change_nothing(adapter_corpus) -> None:
    before = database_hashes(adapter_corpus.data)

    async def answer_all(url: str) -> dict[str, dict]:
        seen = {}
        async with client(url) as env:
            for example_id, answer in adapter_corpus.answers.items():
                reset = await env.reset(example_id=int(example_id))  # a number names the id it prints as
                assert reset.observation["example_id"] == example_id and not reset.done
                result = await env.step({"answer": answer})
                assert result.done
                seen[example_id] = {"reward": result.reward, **result.observation}
            with pytest.raises(RuntimeError, match="no example 'nosuch' in demo-bird"):
                await env.reset(example_id="nosuch")
            # seed N: the N-th question of the --limit served, modulo their number
            assert (await env.reset(seed=len(adapter_corpus.answers) + 3)).observation["example_id"] == "3"
        return seen

    with serving("demo-bird", "--data", f"demo-bird={adapter_corpus.data}",
                 "--limit", str(len(adapter_corpus.answers))) as url:
        seen = asyncio.run(answer_all(url))
    for example_id, observation in seen.items():
        verdict = observation["verdict"]
        metrics = {name: (s["status"], s["value"]) for name, s in verdict["metrics"].items()}
        status, value, expected_metrics = adapter_corpus.verdict(example_id)
        assert (observation["status"], verdict["value"], metrics) == (status, value, expected_metrics), example_id
        assert observation["reward"] == value  # default reward: the primary metric's reward
    assert database_hashes(adapter_corpus.data) == before


HOSTILE_CALLS = [
    ("query", {"sql": "SELECT 1"}),  # replaced below by each hostile query
    ("nosuch_tool", {}),
    ("query", "{not json"),
    ("query", {"sql": 42}),
    ("query", {"sql": "x", "extra": 1}),
    ("describe_table", {"table": "'; DROP TABLE customers; --"}),
    ("query", {"sql": "SELECT '\ud800' || char(0)"}),
    ("query", {"sql": "SELECT 1 " + "+ 1 " * 200_000}),
    ("query", json.dumps({"sql": "SELECT 1", "nested": json.loads("[" * 90 + "]" * 90)})),
    ("query", {"sql": "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r"}),
]


def test_hostile_tool_calls_change_no_database_and_end_no_session(adapter_corpus, tmp_path: Path) -> None:
    before = database_hashes(adapter_corpus.data)
    calls = [("query", {"sql": sql}) for sql in hostile_sql(tmp_path)] + HOSTILE_CALLS[1:]

    async def attack(url: str) -> list[str]:
        texts = []
        async with client(url) as env:
            reset = await env.reset(example_id="0")
            assert {tool["function"]["name"] for tool in reset.observation["tools"]} == {
                "list_tables", "describe_table", "query"}
            for name, arguments in calls:
                result = await env.step({"tool": name, "arguments": arguments})
                assert not result.done and result.reward is None
                texts.append(result.observation["text"])
            with pytest.raises(RuntimeError, match=r"VALIDATION_ERROR|Invalid"):  # not an action: refused, session on
                await env.step({"tool": "query", "evil": True})
            listed = await env.step({"tool": "list_tables"})
            assert listed.observation["text"].split() == ["customers", "products", "orders"]
            gold = (await env.step({"answer": adapter_corpus.answers["0"]})).observation
            assert gold["status"] == "match"
            state = await env.state()
            assert state["tool_calls"] == len(calls) + 1 and state["answered"]
        return texts

    with serving("demo-bird", "--data", f"demo-bird={adapter_corpus.data}", "--env", "sql", "--max-turns", "100",
                 "--call-seconds", "1", "--tool-seconds", "300") as url:
        texts = asyncio.run(attack(url))
    assert all(text.startswith("error:") for text in texts[:len(hostile_sql(tmp_path))]), texts
    assert all(text.startswith("error:") for text in texts[-len(HOSTILE_CALLS) + 1:-1]), texts[-10:]
    assert database_hashes(adapter_corpus.data) == before


def test_eight_concurrent_sessions_on_one_read_only_database(adapter_corpus, tmp_path: Path) -> None:
    """Eight sessions at once, on the shop database made read-only: each its own question, call and verdict; a
    ninth connection is refused while they are open (``--max-sessions 8``)."""
    data = tmp_path / "bird"
    shutil.copytree(adapter_corpus.data, data)
    shop = data / "dev_databases" / "shop"
    for path in (shop / "shop.sqlite", shop):
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    before = database_hashes(data)

    async def session(url: str, step: asyncio.Barrier, tried: asyncio.Event) -> tuple[str, str, dict]:
        async with client(url) as env:
            await step.wait()  # every session holds its connection before any resets
            reset = await env.reset()
            example_id = reset.observation["example_id"]
            called = (await env.step({"tool": "query", "arguments": {"sql": "SELECT COUNT(*) FROM customers"}}))
            result = await env.step({"answer": adapter_corpus.answers[example_id]})
            await step.wait()
            await tried.wait()  # the ninth connection is tried while all eight are open
            return example_id, called.observation["text"], result.observation

    async def refused(url: str, step: asyncio.Barrier, tried: asyncio.Event) -> str:
        """The server's first message to a ninth connection (it answers a connection it cannot serve at once)."""
        from websockets.asyncio.client import connect

        await step.wait()
        await step.wait()
        try:
            async with connect(url.replace("http://", "ws://") + "/ws", open_timeout=120) as socket_:
                return str(await asyncio.wait_for(socket_.recv(), timeout=120))
        finally:
            tried.set()

    async def run(url: str) -> tuple[list, str]:
        step, tried = asyncio.Barrier(9), asyncio.Event()
        *sessions, ninth = await asyncio.gather(*(session(url, step, tried) for _ in range(8)),
                                                refused(url, step, tried))
        return sessions, ninth

    env = {**os.environ, "TABBENCH_WORKERS": "2"}
    with serving("demo-bird", "--data", f"demo-bird={data}", "--env", "sql", "--limit", "8", "--max-sessions", "8",
                 env=env) as url:
        sessions, ninth = asyncio.run(run(url))
    ids = [example_id for example_id, _, _ in sessions]
    assert sorted(ids, key=int) == [str(i) for i in range(8)]  # each session its own question, all of them
    for example_id, called, observation in sessions:
        assert called.splitlines()[-1] == "(1 rows)"
        status, value, _ = adapter_corpus.verdict(example_id)
        assert (observation["example_id"], observation["status"], observation["verdict"]["value"]) == (
            example_id, status, value)
    assert "CAPACITY_REACHED" in ninth, ninth
    assert database_hashes(data) == before


PYTHON_CALLS = [
    "open('/tmp/tabbench-escape', 'w').write('x')",
    "import os; os.system('touch /tmp/tabbench-escape')",
    "import socket; socket.create_connection(('127.0.0.1', 80))",
    "while True: pass",
    "print('x' * 10_000_000)",
    "import os; os.kill(os.getppid(), 9)",
    "raise SystemExit(3)",
]


def test_hostile_code_in_the_python_environment_ends_no_session(tmp_path: Path) -> None:
    """``--env python``: model-written code runs in the sandbox; what it does costs its call only, the session answers
    on and is judged."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap (bwrap) is not installed: the python environment's sandbox needs it")
    escape = Path("/tmp/tabbench-escape")
    escape.unlink(missing_ok=True)

    async def attack(url: str) -> tuple[list[str], dict, str]:
        async with client(url) as env:
            await env.reset(example_id="demo-tb-test-0000")
            texts = [(await env.step({"tool": "run_python", "arguments": {"code": code}})).observation["text"]
                     for code in PYTHON_CALLS]
            cell = (await env.step({"tool": "run_python", "arguments": {"code": "print(df.shape)"}})).observation
            answered = (await env.step({"answer": "Final Answer: 3"})).observation
            return texts, answered, cell["text"]

    with serving("demo-tablebench", "--env", "python", "--max-turns", "20", "--call-seconds", "3",
                 "--observation-bytes", "300") as url:
        texts, answered, cell = asyncio.run(attack(url))
    assert all(len(text.encode()) <= 300 for text in texts), texts
    assert texts[3].startswith("error:") and "timeout" in texts[3].lower(), texts[3]  # the loop, cut at its limit
    assert not escape.exists()  # no write outside the sandbox's scratch folder
    assert cell.strip().startswith("(") and answered["status"] == "match", (cell, answered)


@pytest.mark.usefixtures("flawed_splits")
@pytest.mark.parametrize(("benchmark", "says"), [("dup-ids-bird", "duplicate example id '"),
                                                 ("empty-split-bird", "split 'test' has no examples")])
def test_a_server_reads_its_examples_as_a_run_does(benchmark: str, says: str) -> None:
    """A split with an id twice, or none at all, is the data error ``tabbench eval`` gives, before any port opens."""
    import tabbench
    from tabbench.integrations.openenv_server import build_catalogue

    with pytest.raises(tabbench.DataError, match=f"benchmark '{benchmark}': {says}"):
        build_catalogue(tabbench.get_benchmark(benchmark))
