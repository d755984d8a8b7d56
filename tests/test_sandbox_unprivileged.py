"""The sandbox without root: as an unprivileged user (user namespaces), without user namespaces (a one-line
refusal that says how to enable them), and with the explicit opt-out (recorded in results.json).

Needs root to switch to the unprivileged user ``nobody`` and a Python installation that user can read (the
suite's own interpreter may live under ``/root``): ``TABBENCH_TEST_PYTHON`` or the system ``python3`` (3.11+;
``.ci/run`` installs Debian's). Skipped, with the reason, when neither is there.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabbench

pytestmark = pytest.mark.slow  # runs the sandbox as another user, many times

REPO = Path(tabbench.__file__).resolve().parents[1]
USER = "nobody"

# run as the unprivileged user: the hostile cases that matter most, one JSON line per case
CASES = r"""
import json, os, sys
from tabbench import Settings, use_settings
from tabbench.sandbox import isolation, run_python
# the opt-out as the command line passes it on (its default from the environment variable)
scope = use_settings(Settings(unsafe_sandbox=os.environ.get("TABBENCH_UNSAFE_SANDBOX") == "1"))
scope.__enter__()  # held in a name until the end: a collected generator would leave the scope
FORK_EXEC = sys.argv[1]
cases = {
    "trivial": dict(code="print(6 * 7)"),
    "exec": dict(code=FORK_EXEC + "print(sh('id; echo SHELL-RAN'))"),
    "fifo": dict(code="import os\nos.mkfifo('pipe')"),
    "proc": dict(code="import os\nprint(sorted(e for e in os.listdir('/proc') if e.isdigit()), os.getpid())"),
    "repo": dict(code="import os\nprint(os.path.exists(%r))" % sys.argv[2]),
    "cpu": dict(code="while True:\n    pass", timeout_s=20, cpu_s=1),
    "disk": dict(code="for i in range(20):\n    open(f'p{i}', 'wb').write(b'0' * 2**20)", disk_mb=4,
                 collect_files=False),
    "threads": dict(code="import threading, time\nthreading.stack_size(65536)\nwhile True:\n"
                    "    threading.Thread(target=time.sleep, args=(30,), daemon=True).start()", processes=16),
}
print(json.dumps({"isolation": isolation()}))
for name, kwargs in cases.items():
    result = run_python(kwargs.pop("code"), **kwargs)
    print(json.dumps({"case": name, "status": result.status.value if result.status else "ok",
                      "stdout": result.stdout[-300:], "error": result.error}))
"""


@pytest.fixture(scope="module")
def as_user() -> Iterator[list[str]]:
    """A command prefix that runs a Python as ``nobody`` with tabbench importable (from this checkout)."""
    if os.geteuid() != 0:
        pytest.skip("not root: this whole suite already runs the sandbox unprivileged")
    try:
        pwd.getpwnam(USER)
    except KeyError:
        pytest.skip(f"no user {USER!r} to run as")
    runuser = shutil.which("runuser")
    candidates = [os.environ.get("TABBENCH_TEST_PYTHON"), "/usr/bin/python3", "/usr/local/bin/python3"]
    if runuser is None or not any(c and os.path.exists(c) for c in candidates):
        pytest.skip("no runuser or no system python3 (.ci/run installs Debian's python3)")
    lib = Path(tempfile.mkdtemp(prefix="tabbench-unpriv-"))
    try:
        lib.chmod(0o755)
        spec = importlib.util.find_spec("pyseccomp")
        assert spec is not None and spec.origin is not None, "pyseccomp is a tabbench dependency"
        shutil.copy(spec.origin, lib / "pyseccomp.py")  # the suite's copy, for an interpreter that lacks it
        env = ["env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", f"PYTHONPATH={REPO}:{lib}"]
        for python in filter(None, candidates):
            prefix = [runuser, "-u", USER, "--", *env, python]
            check = subprocess.run([*prefix, "-c", "import sys, tabbench.sandbox; assert sys.version_info >= (3, 11)"],
                                   capture_output=True, text=True, timeout=60)
            if check.returncode == 0:
                yield prefix
                return
        pytest.skip(f"no Python 3.11+ that {USER!r} can run with tabbench importable from {REPO}")
    finally:
        shutil.rmtree(lib, ignore_errors=True)


def _cases(prefix: list[str], wrapper: list[str] | None = None) -> dict[str, dict]:
    from tests.sandbox_escapes import FORK_EXEC

    # wrapper goes between runuser and the interpreter (e.g. a sandbox without user namespaces)
    command = prefix[:4] + (wrapper or []) + prefix[4:]
    done = subprocess.run([*command, "-c", CASES, FORK_EXEC, str(REPO)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    return {line.get("case", "isolation"): line for line in lines}


def test_unprivileged_user_gets_every_wall(as_user: list[str]) -> None:
    results = _cases(as_user)
    assert results["isolation"]["isolation"]["user"] == "user-namespace"
    assert results["trivial"]["status"] == "ok" and results["trivial"]["stdout"].strip() == "42"
    assert results["exec"]["status"] == "forbidden" and "SHELL-RAN" not in results["exec"]["stdout"]
    assert results["fifo"]["status"] == "forbidden"
    pids, own = results["proc"]["stdout"].rsplit("]", 1)
    assert json.loads(pids.replace("'", '"') + "]") == [own.strip()] == ["1"]  # the program is pid 1, alone
    assert results["repo"]["stdout"].strip() == "False"
    assert results["cpu"]["status"] == "timeout"
    assert results["disk"]["status"] == "exec_error" and "No space left" in results["disk"]["error"]
    assert results["threads"]["status"] == "exec_error" and "thread" in results["threads"]["error"]


def _no_userns(prefix: list[str]) -> list[str]:
    """bubblewrap as the unprivileged user, forbidding user namespaces inside (a kernel that refuses them)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        pytest.skip("bubblewrap is not installed (.ci/run installs it)")
    return [bwrap, "--unshare-user", "--disable-userns", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            "--bind", tempfile.gettempdir(), tempfile.gettempdir(), "--"]


def test_without_user_namespaces_the_sandbox_refuses_in_one_line(as_user: list[str]) -> None:
    command = as_user[:4] + _no_userns(as_user) + as_user[4:]
    done = subprocess.run([*command, "-c", "from tabbench.sandbox import run_python\nrun_python('print(1)')"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    message = done.stderr.strip().splitlines()[-1]
    assert message.startswith("tabbench.contract.errors.SandboxUnavailableError: cannot run model-written code")
    assert "bubblewrap does not start" in message and "unprivileged_userns_clone=1" in message
    assert "--unsafe-sandbox" in message


def test_without_user_namespaces_the_opt_out_keeps_seccomp_and_limits(as_user: list[str]) -> None:
    prefix = [*as_user[:-1], "TABBENCH_UNSAFE_SANDBOX=1", as_user[-1]]
    results = _cases(prefix, _no_userns(as_user))
    assert results["isolation"]["isolation"]["sandbox"].startswith("unsafe: seccomp, rlimits, audit hook")
    assert results["trivial"]["stdout"].strip() == "42"
    assert results["exec"]["status"] == "forbidden" and "SHELL-RAN" not in results["exec"]["stdout"]
    assert results["fifo"]["status"] == "forbidden"
    assert results["cpu"]["status"] == "timeout"


def _score(tmp_path: Path, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    table = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20]]}
    program = "import pandas as pd\nprint('Final Answer:', pd.read_csv('table.csv')['points'].sum())"
    row = {"id": "p1", "qtype": "NumericalReasoning", "qsubtype": "Aggregation", "table": table, "question": "sum?",
           "answer": "30", "instruction_type": "PoT", "instruction": "Answer.",
           "prediction": f"```python\n{program}\n```"}
    data = tmp_path / "TableBench_PoT.jsonl"
    data.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tabbench", "score", "tablebench", "--data", f"tablebench={data}",
                           "--predictions", str(data), "--out", str(tmp_path / "run"), "-o", "instruction_type=PoT",
                           "--no-progress", *extra], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env})


def test_score_refuses_without_bubblewrap_and_the_opt_out_is_recorded(tmp_path: Path) -> None:
    missing = {"TABBENCH_BWRAP": str(tmp_path / "no-bwrap")}
    refused = _score(tmp_path, missing)
    assert refused.returncode == 2, refused.stderr
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "bubblewrap (bwrap) is not installed" in lines[0]
    assert "apt-get install bubblewrap" in lines[0] and "--unsafe-sandbox" in lines[0]
    assert not (tmp_path / "run").exists()  # nothing half-written: the rerun below starts clean
    allowed = _score(tmp_path, missing, "--unsafe-sandbox")
    assert allowed.returncode == 0, allowed.stderr
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["config"]["settings"]["unsafe_sandbox"] is True
    assert results["benchmarks"]["tablebench"]["metrics"]["em"]["value"] == 1.0
