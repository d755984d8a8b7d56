"""The hostile-code battery: everything is contained, the evaluator survives, and the run stays fast.

Beside it, the hostile corpus of issue 10 (escapes that got past tabbench 0.1's audit-hook-only sandbox, each now
contained by the kernel walls) and the red-team findings against the sandbox (each an attack that got through
before its fix, said in its docstring).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

import tabbench
from tabbench import Status
from tabbench.sandbox import run_python
from tests.loaded import SLACK
from tests.sandbox_escapes import FORK_EXEC


def test_plain_run_captures_output_and_files() -> None:
    result = run_python("print(open('in.txt').read().upper()); open('out.txt', 'w').write('made')",
                        files={"in.txt": b"hello"})
    assert result.ok and result.status is None
    assert result.stdout.strip() == "HELLO"
    assert result.files == {"out.txt": b"made"}


def test_exception_is_exec_error_with_message() -> None:
    result = run_python("1/0")
    assert result.status is Status.EXEC_ERROR
    assert result.error is not None and "ZeroDivisionError" in result.error


def test_infinite_loop_is_killed_on_time() -> None:
    started = time.monotonic()
    result = run_python("while True:\n    pass", timeout_s=1.5)
    assert result.status is Status.TIMEOUT and result.timed_out
    assert time.monotonic() - started < 1.5 + SLACK  # unbounded, the loop runs for ever


def test_sleeping_forever_is_killed_on_wall_clock() -> None:
    result = run_python("import time\ntime.sleep(1000)", timeout_s=1)
    assert result.status is Status.TIMEOUT


def test_fork_bomb_is_refused() -> None:
    result = run_python("import os\nwhile True:\n    os.fork()", timeout_s=5)
    assert result.status is Status.FORBIDDEN
    assert "os.fork" in result.blocked


def test_subprocess_and_system_are_refused() -> None:
    result = run_python("import subprocess\nsubprocess.run(['true'])")
    assert result.status is Status.FORBIDDEN
    result = run_python("import os\nos.system('true')")
    assert result.status is Status.FORBIDDEN


def test_thread_bomb_hits_the_process_limit() -> None:
    code = ("import threading, time\nwhile True:\n"
            "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()")
    result = run_python(code, timeout_s=10, processes=32)
    assert result.status in (Status.EXEC_ERROR, Status.TIMEOUT)


def test_huge_allocation_fails_inside_the_child() -> None:
    result = run_python("x = bytearray(50 * 1024 ** 3)", memory_mb=512)
    assert result.status is Status.EXEC_ERROR and "MemoryError" in (result.error or "")
    result = run_python("chunks = []\nwhile True:\n    chunks.append(bytearray(10 ** 7))", memory_mb=512, timeout_s=10)
    assert result.status is Status.EXEC_ERROR


def test_writing_outside_the_working_directory_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "evil.txt"
    for code in (f"open({str(target)!r}, 'w').write('x')", "open('/tmp/tabbench-evil.txt', 'w').write('x')",
                 "open('../escape.txt', 'w').write('x')", "import sqlite3\nsqlite3.connect('/tmp/tabbench-evil.db')"):
        result = run_python(code)
        assert result.status is Status.FORBIDDEN, code
    result = run_python("import os\nos.chdir('/tmp')\nopen('tabbench-evil.txt', 'w')")  # no /tmp in the sandbox
    assert not result.ok
    assert not target.exists()
    assert not Path("/tmp/tabbench-evil.txt").exists()


def test_deleting_files_outside_is_refused(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    for code in (f"import os\nos.remove({str(victim)!r})", f"import shutil\nshutil.rmtree({str(tmp_path)!r})",
                 f"import os\nos.rename({str(victim)!r}, 'stolen.txt')"):
        result = run_python(code)
        assert result.status is Status.FORBIDDEN, code
    assert victim.read_text() == "keep me"


def test_sockets_are_refused() -> None:
    code = "import socket\ns = socket.create_connection(('127.0.0.1', 9))"
    result = run_python(code)
    assert result.status is Status.FORBIDDEN
    assert any(event.startswith("socket.") for event in result.blocked)


def test_evaluator_environment_is_invisible(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABBENCH_TEST_SECRET", "s3cr3t-value")
    code = (
        "import os\nprint(dict(os.environ))\n"
        "for path in (f'/proc/{os.getppid()}/environ', '/proc/1/environ'):\n"
        "    try:\n        print(open(path, 'rb').read())\n    except Exception as exc:\n        print('denied', exc)\n"
    )
    result = run_python(code)
    assert "s3cr3t-value" not in result.stdout
    assert "TABBENCH_TEST_SECRET" not in result.stdout
    assert "denied" in result.stdout


def test_every_run_starts_from_a_fresh_interpreter() -> None:
    first = run_python("import builtins, matplotlib.pyplot as plt\nbuiltins.LEFTOVER = 1\nplt.plot([1, 2])")
    assert first.ok
    second = run_python("import builtins, matplotlib.pyplot as plt\n"
                        "print(hasattr(builtins, 'LEFTOVER'), len(plt.get_fignums()))")
    assert second.stdout.split() == ["False", "0"]


def test_output_is_capped() -> None:
    result = run_python("print('x' * 5_000_000)", max_output_bytes=10_000)
    assert result.stdout_truncated and len(result.stdout) == 10_000


def test_file_size_is_capped() -> None:
    result = run_python("open('big.bin', 'wb').write(b'0' * (8 * 1024 * 1024))", file_size_mb=1)
    assert result.status is Status.EXEC_ERROR
    assert len(result.files.get("big.bin", b"")) <= 1024 * 1024


def test_symlinks_to_outside_are_not_collected() -> None:
    result = run_python("import os\nos.symlink('/etc/passwd', 'leak.txt')")
    assert "leak.txt" not in result.files


def test_programs_share_one_interpreter_and_epilogue_reports() -> None:
    result = run_python(["x = 1\nraise ValueError('first')", "import sys\nprint('second ran')"],
                        epilogue="emit({'answer': 42})")
    assert [s.ok for s in result.steps] == [False, True]
    assert "second ran" in result.stdout
    assert result.value == {"answer": 42}
    assert result.status is Status.EXEC_ERROR


def test_bad_file_name_is_refused() -> None:
    with pytest.raises(ValueError):
        run_python("pass", files={"../x": b""})


def test_no_stray_processes_survive() -> None:
    marker = f"tabbench-stray-{uuid.uuid4().hex}"
    code = ("import threading, time\nfor _ in range(4):\n    threading.Thread(target=time.sleep, args=(60,)).start()\n"
            "time.sleep(60)")
    result = run_python(code, timeout_s=2, env={"TABBENCH_TEST_MARKER": marker})
    assert result.timed_out
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                assert marker.encode() not in (entry / "environ").read_bytes(), f"process {entry.name} survived"
            except OSError:
                continue


def test_audit_hook_cannot_be_switched_off_through_main() -> None:
    code = (
        "import __main__, subprocess\n"
        "for name in ('_busy', 'busy'):\n"
        "    if isinstance(getattr(__main__, name, None), list):\n"
        "        getattr(__main__, name).append(1)\n"
        "print(subprocess.run(['id'], capture_output=True).stdout)\n"
    )
    result = run_python(code)
    assert result.status is Status.FORBIDDEN
    assert "uid=" not in result.stdout


def test_report_cannot_be_forged_by_patching_the_serialiser() -> None:
    code = (
        "import json, os\n"
        "forged = json.dumps({'isolation': {}, 'steps': [{'ok': True, 'error': None}], 'blocked': [],\n"
        "                     'value': 'FORGED', 'epilogue_error': None})\n"
        "json.dumps = lambda *a, **k: forged\n"
        "real_exit = os._exit\n"
        "os._exit = lambda code: real_exit(0)\n"
        "raise RuntimeError('boom')\n"
    )
    result = run_python(code, epilogue="emit('trusted')")
    assert result.status is Status.EXEC_ERROR
    assert result.value != "FORGED"


def test_report_cannot_be_forged_by_writing_to_open_descriptors() -> None:
    code = (
        "import json, os\n"
        "forged = json.dumps({'isolation': {}, 'steps': [{'ok': True, 'error': None}], 'blocked': [],\n"
        "                     'value': 'FORGED', 'epilogue_error': None})\n"
        "for fd in range(3, 1024):\n"
        "    try:\n"
        "        os.write(fd, forged.encode())\n"
        "    except OSError:\n"
        "        pass\n"
        "os.write(1, b'done')\n"
    )
    result = run_python(code, epilogue="emit('trusted')")
    assert result.value == "trusted"


def test_files_outside_the_sandbox_cannot_be_read(tmp_path: Path) -> None:
    secret = tmp_path / "gold.jsonl"
    secret.write_text('{"answer": "GOLD-ANSWER-42"}')
    secret.chmod(0o644)
    tmp_path.chmod(0o755)
    result = run_python(f"print(open({str(secret)!r}).read())")
    assert "GOLD-ANSWER-42" not in result.stdout
    assert not result.ok
    repo_file = Path(__file__).resolve()
    result = run_python(f"print(open({str(repo_file)!r}).read()[:50])")
    assert not result.ok and "hostile-code battery" not in result.stdout


def _marked(marker: str, program_only: bool = False) -> list[str]:
    """Processes whose environment holds ``marker`` (bubblewrap's and the program's), or only the program's."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes() and (
                    not program_only or (entry / "cmdline").read_bytes().startswith(sys.executable.encode())
                ):
                    found.append(entry.name)
            except OSError:
                continue
    return found


def test_killing_the_evaluator_leaves_no_sandboxed_process() -> None:
    marker = f"tabbench-orphan-{uuid.uuid4().hex}"
    code = ("from tabbench.sandbox import run_python\n"
            f"run_python('import time; time.sleep(120)', timeout_s=120, env={{'M': {marker!r}}})")
    evaluator = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 30
        while not _marked(marker, program_only=True) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _marked(marker, program_only=True), "the sandboxed program never started"
    finally:
        evaluator.kill()
        evaluator.wait()
    deadline = time.monotonic() + 10
    while _marked(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _marked(marker)


def test_tabbench_packages_installed_in_a_bound_site_packages_are_hidden(tmp_path: Path) -> None:
    from tabbench.sandbox.walls import _own_packages

    site = tmp_path / "venv" / "lib" / "python3.11" / "site-packages"
    for name in ("tabbench", "tabbench_demo", "tabbench-0.1.dist-info", "pandas"):
        (site / name).mkdir(parents=True)
    assert _own_packages([str(tmp_path / "venv")]) == [str(site / "tabbench"), str(site / "tabbench_demo")]


def _start_through_a_link(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by this interpreter reached through a symlinked folder (``link -> the folder holding the
    installation``), as ``python -m tabbench`` from a venv under a linked project folder is."""
    prefix = Path(sys.prefix)
    (tmp_path / "link").symlink_to(prefix.parent, target_is_directory=True)
    executable = tmp_path / "link" / prefix.name / Path(sys.executable).relative_to(prefix)
    return subprocess.run([str(executable), "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)


def test_the_sandbox_starts_from_an_installation_reached_through_a_symlinked_folder(tmp_path: Path) -> None:
    """bubblewrap binds the installation at its real path; starting ``sys.executable`` (the linked path) failed
    with ``bwrap: execvp ...: No such file or directory`` in every sandbox."""
    done = _start_through_a_link(tmp_path, "import sys\nfrom tabbench.sandbox import run_python\n"
                                           "print(sys.executable)\nr = run_python('print(6 * 7)')\n"
                                           "print(r.status, r.stdout.strip(), r.stderr.strip()[-300:])")
    assert done.returncode == 0, done.stderr
    executable, outcome = done.stdout.splitlines()[:2]
    assert executable.startswith(str(tmp_path / "link"))  # really started through the link
    assert outcome == "None 42 ", done.stdout


def test_a_sandbox_that_cannot_start_names_the_cause_not_bubblewrap(tmp_path: Path) -> None:
    """The same start with the unresolved interpreter (what the sandbox did before): the one-line refusal names
    what failed and does not ask to install bubblewrap, which is installed."""
    done = _start_through_a_link(tmp_path, "import sys\nfrom tabbench.sandbox import run_python, walls\n"
                                           "walls.interpreter = lambda: sys.executable\nrun_python('print(1)')")
    message = done.stderr.strip().splitlines()[-1]
    assert done.returncode != 0 and "SandboxUnavailableError" in message
    assert "bubblewrap does not start" in message and "No such file or directory" in message, message
    assert "apt-get install bubblewrap" not in message and "--unsafe-sandbox" in message


def test_the_refusal_advises_what_the_cause_needs() -> None:
    from tabbench.sandbox.walls import advice

    assert "apt-get install bubblewrap" in advice("bubblewrap (bwrap) is not installed")
    assert "unprivileged_userns_clone=1" in advice("bubblewrap does not start: bwrap: No permissions to create "
                                                   "new namespace")
    assert "apt-get" not in advice("bubblewrap does not start: bwrap: execvp /x/python: No such file or directory")


def test_eval_env_python_runs_from_a_symlinked_folder(tmp_path: Path) -> None:
    """The issue's user case end to end: ``python -m tabbench eval --env python`` started through the link records
    every example with a tool call that ran (it had tool-error rate 1.0)."""
    import json

    out = tmp_path / "run"
    done = _start_through_a_link(tmp_path, "import runpy, sys\nsys.argv = ['tabbench', 'eval', '--model', 'gold', "
                                 "'--suite', 'demo-tablebench', '--env', 'python', '--limit', '2', '--no-progress', "
                                 f"'--out', {str(out)!r}]\nrunpy.run_module('tabbench', run_name='__main__')")
    assert done.returncode == 0, done.stderr[-2000:]
    records = [json.loads(line) for line in (out / "samples" / "demo-tablebench.jsonl").read_text().splitlines()]
    assert len(records) == 2
    assert all(r["transcript"]["tool_calls"] >= 1 and r["transcript"]["tool_errors"] == 0 for r in records)


# --- the hostile corpus of issue 10: escapes from the audit-hook-only sandbox -------------------------------------

REPO = Path(tabbench.__file__).resolve().parents[1]
GOLD_FILE = REPO / "plugins" / "tabbench_demo" / "data" / "tablebench" / "TableBench_DP.jsonl"
GOLD_MARKER = "demo-tb-test-0000"  # the first gold row's id: printed only if the file was read
WORLD_WRITABLE = [d for d in ("/run/lock", "/var/tmp", "/dev/shm", "/tmp") if os.access(d, os.W_OK)]


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
    prefix = Path(sys.prefix).resolve()  # the venv running the tests (.ci/run --newest: .venv-newest)
    own_venv = {prefix.relative_to(REPO.resolve()).parts[0]} if prefix.is_relative_to(REPO.resolve()) else set()
    assert set(json.loads(listing)) <= {".venv", "venv", *own_venv}  # at most the bound interpreter of a venv in it
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


# --- red-team findings ------------------------------------------------------------------------------------------

# the audit hook's deny list emptied by walking frames (docs/sandbox.md: model code can), so ctypes reaches libc
_NO_AUDIT = ("import ctypes, sys\nsys._getframe(1).f_locals['DENY'].clear()\n"
             "libc = ctypes.CDLL(None, use_errno=True)\n")


def test_sandbox_memory_outside_the_address_space_limit_is_refused() -> None:
    """memfd files (and System V segments and queues) hold host RAM that RLIMIT_AS does not count: with
    ``memory_mb=200`` a program held 720 MB this way, and up to open_files x file_size_mb (16 GB by default)."""
    from tabbench.sandbox import run_python

    held = ("import os\nfds = []\nfor i in range(6):\n    fd = os.memfd_create(f'm{i}')\n"
            "    for _ in range(50):\n        os.write(fd, b'x' * (1 << 20))\n    fds.append(fd)\n"
            "print('HELD', 50 * len(fds))\n")
    result = run_python(held, memory_mb=200, timeout_s=30)
    assert result.status is Status.EXEC_ERROR and "HELD" not in result.stdout
    assert "PermissionError" in (result.error or ""), result.error
    sysv = _NO_AUDIT + ("print('SHM', libc.shmget(0, 1 << 20, 0o1600), ctypes.get_errno())\n"
                        "print('MSG', libc.msgget(0, 0o1600), ctypes.get_errno())\n")
    result = run_python(sysv, timeout_s=30)
    assert result.ok, result.error
    assert "SHM -1 1\n" in result.stdout and "MSG -1 1\n" in result.stdout, result.stdout


def test_sandbox_report_nested_past_the_parsers_recursion_is_refused_not_raised() -> None:
    """A program that rewrites the report (it can reach the nonce by walking frames) nested its value 200,000
    levels deep: ``run_python`` raised RecursionError into the evaluator instead of returning a result."""
    from tabbench.sandbox import run_python

    forge = ("import os, sys\nframe = sys._getframe(1)\nnonce = frame.f_locals['NONCE']\n"
             "fd = [int(n) for n in os.listdir('/proc/self/fd') if 200 <= int(n) < 1000][0]\n"
             "os.lseek(fd, 0, 0)\nos.write(fd, REPORT.replace('NONCE', nonce).encode())\nos._exit(EXIT)\n")
    deep = '{"nonce": "NONCE", "steps": [{"ok": true}], "value": ' + "[" * 200_000 + "]" * 200_000 + "}"
    result = run_python(f"REPORT = {deep!r}\nEXIT = 0\n" + forge, timeout_s=30)
    assert result.status is Status.EXEC_ERROR and result.value is None
    odd = '{"nonce": "NONCE", "steps": [{"ok": false, "error": {"not": ["text"]}}], "epilogue_error": 7}'
    result = run_python(f"REPORT = {odd!r}\nEXIT = 1\n" + forge, timeout_s=30)
    assert result.status is Status.EXEC_ERROR
    assert isinstance(result.error, str) and isinstance(result.epilogue_error, str)


def test_tabbench_packages_in_a_system_or_dist_packages_install_are_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only ``<bind>/lib*/python3*/site-packages`` was searched, and never under ``/usr``: a system or Docker
    ``pip install`` (``/usr/local/lib/python3.11/site-packages``, Debian's ``dist-packages``) left the demo
    benchmark's gold files readable inside the sandbox."""
    from tabbench.sandbox.walls import _own_packages

    usr = tmp_path / "usr"
    dist = usr / "local" / "lib" / "python3.11" / "dist-packages"
    debian = usr / "lib" / "python3" / "dist-packages"
    for site in (dist, debian):
        for name in ("tabbench", "tabbench_demo", "tabbench-0.2.dist-info", "numpy"):
            (site / name).mkdir(parents=True)
    assert _own_packages([str(usr)]) == sorted(str(site / name) for site in (dist, debian)
                                               for name in ("tabbench", "tabbench_demo"))
    elsewhere = tmp_path / "opt" / "py" / "pkgs"  # an import directory of this interpreter, any layout
    (elsewhere / "tabbench_bird").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(elsewhere))
    assert str(elsewhere / "tabbench_bird") in _own_packages([str(tmp_path / "opt")])
    assert _own_packages([str(tmp_path / "nothing-bound-here")]) == []
