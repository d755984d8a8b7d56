"""The hostile-code battery: everything is contained, the evaluator survives, and the run stays fast."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tabbench import Status
from tabbench.sandbox import run_python
from tests.loaded import SLACK


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
