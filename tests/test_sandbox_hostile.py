"""The hostile corpus of issue 10: escapes that got past the audit-hook sandbox, each contained by the kernel walls.

Every test here failed against the audit-hook-only sandbox (tabbench 0.1's ``tabbench/sandbox.py``): a PoT
program started ``/bin/sh`` through ``_posixsubprocess``, read the bundled gold answers and the process list,
left files and FIFOs in world-writable directories, filled the disk file by file, switched the audit hook off
by walking frames or writing memory with ctypes, and a CPU-bound loop was counted as ``exec_error``.
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest

import tabbench
from tabbench import Status
from tabbench.sandbox import run_python

REPO = Path(tabbench.__file__).resolve().parents[1]
GOLD_FILE = REPO / "plugins" / "tabbench_demo" / "data" / "tablebench" / "TableBench_DP.jsonl"
GOLD_MARKER = "demo-tb-test-0000"  # the first gold row's id: printed only if the file was read
WORLD_WRITABLE = [d for d in ("/run/lock", "/var/tmp", "/dev/shm", "/tmp") if os.access(d, os.W_OK)]

# model code that starts a shell without any audit event (the first escape of the issue)
FORK_EXEC = """
import _posixsubprocess, os
def sh(command):
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    args = [[b"/bin/sh", b"-c", command.encode()], [b"/bin/sh"], True, (), None, None, -1, -1, -1, out_w, -1, out_w,
            err_r, err_w, True, False, -1, None, None, -1, -1, None]
    try:
        _posixsubprocess.fork_exec(*args, False)
    except TypeError:
        _posixsubprocess.fork_exec(*args)
    os.close(out_w)
    os.close(err_w)
    data = b""
    while chunk := os.read(out_r, 65536):
        data += chunk
    return data.decode(errors="replace")
"""


def test_fork_exec_cannot_start_a_shell_to_read_gold_or_list_processes() -> None:
    code = FORK_EXEC + f"print(sh('cat {GOLD_FILE}; ps -ef; echo SHELL-RAN'))"
    result = run_python(code)
    assert result.status is Status.FORBIDDEN, result
    assert GOLD_MARKER not in result.stdout and "SHELL-RAN" not in result.stdout
    assert "pytest" not in result.stdout


def test_clearing_the_audit_deny_list_by_frame_walking_still_cannot_exec() -> None:
    code = ("import os, sys\nframe = sys._getframe(1)\n"
            "for name in ('DENY', 'PATH_EVENTS'):\n    frame.f_locals.get(name, set()).clear()\n"
            f"os.system('cat {GOLD_FILE}; echo SHELL-RAN')\n")
    result = run_python(code)
    assert result.status is Status.FORBIDDEN
    assert GOLD_MARKER not in result.stdout and "SHELL-RAN" not in result.stdout


def test_ctypes_memory_write_widening_the_read_allow_list_still_finds_no_gold() -> None:
    # overwrite the first element of the hook's (immutable) read allow-list with "/" using ctypes.memmove
    code = ("import ctypes, sys\nroot = '/'\nallowed = sys._getframe(1).f_locals['ALLOWED_READ']\n"
            "pointer = ctypes.c_void_p(id(root))\n"
            "ctypes.memmove(id(allowed) + 3 * ctypes.sizeof(ctypes.c_void_p), ctypes.addressof(pointer),"
            " ctypes.sizeof(ctypes.c_void_p))\n"
            f"print(open({str(GOLD_FILE)!r}).read()[:200])\n")
    result = run_python(code)
    assert not result.ok
    assert GOLD_MARKER not in result.stdout


def test_project_data_homes_and_other_processes_are_not_there() -> None:
    home_files = [str(p) for p in (Path.home() / ".bashrc", Path.home() / ".profile") if p.exists()]
    paths = [str(GOLD_FILE), str(REPO / "pyproject.toml"), str(REPO / "tabbench" / "__init__.py"), "/work/shared/data",
             "/etc/passwd", "/etc/shadow", *home_files]
    code = ("import os, json\n"
            f"print(json.dumps({{p: os.path.exists(p) for p in {paths!r}}}))\n"
            f"print(json.dumps(sorted(os.listdir({str(REPO)!r})) if os.path.isdir({str(REPO)!r}) else []))\n"
            "print(json.dumps(sorted(e for e in os.listdir('/proc') if e.isdigit())))\n"
            "print(os.getpid())\n")
    result = run_python(code)
    assert result.ok, result
    exists, listing, pids, own = result.stdout.splitlines()
    assert json.loads(exists) == dict.fromkeys(paths, False)
    assert set(json.loads(listing)) <= {".venv", "venv"}  # at most the bound interpreter of a venv inside it
    assert json.loads(pids) == ["1", own]  # /proc shows the sandbox only: bubblewrap's init and the program


@pytest.mark.parametrize("directory", WORLD_WRITABLE)
def test_sqlite_uri_cannot_create_files_outside(directory: str) -> None:
    target = Path(directory) / f"tabbench-hostile-{uuid.uuid4().hex}.db"
    code = (f"import sqlite3\nc = sqlite3.connect('file:{target}?mode=rwc', uri=True)\n"
            "c.execute('create table t(x)')\nc.commit()\n")
    result = run_python(code)
    assert not result.ok
    assert not target.exists()


def test_fifos_and_device_nodes_are_forbidden() -> None:
    outside = Path(WORLD_WRITABLE[0]) / f"tabbench-hostile-{uuid.uuid4().hex}"
    for code in ("import os\nos.mkfifo('pipe')", f"import os\nos.mkfifo({str(outside)!r})",
                 "import os, stat\nos.mknod('node', 0o600 | stat.S_IFIFO)",
                 "import os, stat\nos.mknod('null2', 0o600 | stat.S_IFCHR, os.makedev(1, 3))"):
        result = run_python(code)
        assert result.status is Status.FORBIDDEN, code
    assert not outside.exists()


def test_total_disk_use_is_capped() -> None:
    code = ("written = 0\nfor i in range(40):\n    with open(f'part{i}.bin', 'wb') as f:\n"
            "        f.write(b'0' * 1024 * 1024)\n    written += 1\n")
    result = run_python(code, file_size_mb=2, disk_mb=8, collect_files=False)
    assert result.status is Status.EXEC_ERROR
    assert "No space left" in (result.error or "")


@pytest.mark.slow  # sandboxed programs that run to their limits
def test_cpu_limit_kill_is_a_timeout() -> None:
    for code in ("while True:\n    pass",
                 "import signal\nsignal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGXCPU])\nwhile True:\n    pass"):
        result = run_python(code, timeout_s=300, cpu_s=1)
        assert result.status is Status.TIMEOUT, (code, result.returncode, result.stderr)
        # the CPU limit killed it, not the 300 s wall-clock limit: 1 s of CPU, however slowly a machine shared
        # by many jobs hands it out (a tenth of a core makes it 10 s), is far from 300 s
        assert result.duration_s < 150


def test_a_forged_report_cannot_hide_what_the_kernel_saw() -> None:
    # frame walking reaches the bootstrap's report: the forged steps say "ok", the kernel says otherwise
    forge = ("import sys\nreport = sys._getframe(1).f_locals['report']\n"
             "class Always(list):\n    def append(self, step):\n        super().append({'ok': True, 'error': None})\n"
             "report['steps'] = Always()\n")
    result = run_python(forge + "import os\nos.mkfifo('pipe')\n")
    assert result.status is Status.FORBIDDEN
    result = run_python(forge + "while True:\n    pass\n", timeout_s=20, cpu_s=1)
    assert result.status is Status.TIMEOUT


@pytest.mark.slow  # sandboxed programs that run to their limits
def test_benign_and_hostile_pot_programs_in_one_scoring_run(tmp_path: Path, cli_runner) -> None:
    table = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}
    benign = "import pandas as pd\ndf = pd.read_csv('table.csv')\nprint(f\"Final Answer: {df['points'].sum()}\")"
    hostile = {
        "exec": FORK_EXEC + f"print(sh('cat {GOLD_FILE}'))\nprint('Final Answer: 60')",
        "fifo": "import os\nos.mkfifo('/run/lock/x')\nprint('Final Answer: 60')",
        "cpu": "while True:\n    pass",
        "loud": "print('x' * 1_000_000)\nprint('Final Answer: 60')",
    }
    rows = [{"id": name, "qtype": "NumericalReasoning", "qsubtype": "Aggregation", "table": table,
             "question": "total points?", "answer": "60", "instruction_type": "PoT", "instruction": "Answer.",
             "prediction": f"```python\n{code}\n```"} for name, code in {"benign": benign, **hostile}.items()]
    data = tmp_path / "TableBench_PoT.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "run"
    result = cli_runner(["score", "tablebench", "--data", f"tablebench={data}", "--predictions", str(data),
                         "--out", str(out), "-o", "instruction_type=PoT", "--timeout", "2", "--no-progress"])
    assert result.exit_code == 0, result.output
    lines = (out / "samples" / "tablebench.jsonl").read_text().splitlines()
    records = {r["id"]: r for r in map(json.loads, lines)}
    assert max(map(len, lines)) < 100_000  # the 1 MB print is stored once, cut, with its size
    assert "[truncated: 1000000 bytes in all]" in records["loud"]["answer"]
    assert records["benign"]["scores"]["em"]["value"] == 1.0
    for name in ("exec", "fifo", "cpu"):
        assert records[name]["scores"]["em"]["value"] == 0.0, records[name]["scores"]["em"]
        assert GOLD_MARKER not in json.dumps(records[name])
    assert records["cpu"]["scores"]["pot_ecr"]["status"] == Status.TIMEOUT.value
    assert not Path("/run/lock/x").exists()


def test_namespaces_mounts_and_tracing_are_killed_even_with_the_audit_hook_bypassed() -> None:
    unhook = "import ctypes, sys\nsys._getframe(1).f_locals['DENY'].clear()\nlibc = ctypes.CDLL(None)\n"
    for call in ("libc.unshare(0x10000000)", "libc.unshare(0x00020000)", "libc.ptrace(16, 1, 0, 0)",
                 "libc.mount(b'none', b'/sandbox', b'tmpfs', 0, None)", "libc.syscall(425, 8, 0)"):  # io_uring_setup
        result = run_python(unhook + f"print('returned', {call})")
        assert result.status is Status.FORBIDDEN, (call, result.stdout, result.stderr)
        assert "returned" not in result.stdout


def test_threads_still_work() -> None:
    code = ("import threading\nout = []\nthreads = [threading.Thread(target=out.append, args=(i,)) for i in range(8)]\n"
            "[t.start() for t in threads]\n[t.join() for t in threads]\nprint(sorted(out))")
    result = run_python(code)
    assert result.ok and result.stdout.strip() == str(list(range(8)))


def test_the_sandbox_init_is_out_of_reach() -> None:
    # as root, bubblewrap's init (pid 1 here, unfiltered) keeps root's uid: the program cannot write its memory
    code = ("import sys\nframe = sys._getframe(1)\nframe.f_locals['DENY'].clear()\n"
            "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            "fd = libc.open(b'/proc/1/mem', 2)\nprint('fd', fd, ctypes.get_errno())\n")
    result = run_python(code)
    assert result.ok, result.stderr
    assert result.stdout.split()[:2] == ["fd", "-1"]
