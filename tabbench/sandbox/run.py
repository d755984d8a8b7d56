"""``run_python``: start the bootstrap inside the walls, feed it the programs, and decide the outcome.

The verdict is the parent's: a wall-clock timeout (its own clock), a CPU-limit kill (SIGXCPU, or the hard
limit's SIGKILL) and a seccomp kill (SIGSYS) come from the kernel through the exit status. A program can fake
a failure that way (exit with 128 + a signal number under bubblewrap), never a success. The child's report
(steps, emitted value, files) is read only when it carries the run's nonce and agrees with the exit status;
it is model-influenced data, never a reason to upgrade a run that the kernel saw fail.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
import mimetypes
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from tabbench.contract.errors import SandboxUnavailableError
from tabbench.contract.types import Status
from tabbench.sandbox import walls as _walls

_UID_BASE = 2_000_000_000
_MAX_FILES = 1000  # files looked at when collecting what a run produced
_uid_counter = itertools.count()
_MPL_LOCK = threading.Lock()
_MPL_CACHE: list[dict[str, bytes]] = []  # the font cache files, built once per process
_BOOTSTRAP = (Path(__file__).with_name("bootstrap.py")).read_text(encoding="utf-8")
_SETUP_FAILED = 125  # the bootstrap could not drop privileges or install the seccomp filter


@dataclass(frozen=True)
class StepResult:
    """The outcome of one program of a run: did it finish without an exception, and which one if not."""

    ok: bool
    error: str | None = None


@dataclass
class SandboxResult:
    """What a sandboxed run did.

    ``status`` is ``None`` when every program finished without an exception; otherwise ``Status.TIMEOUT``
    (wall clock or CPU limit), ``Status.FORBIDDEN`` (the code tried something the sandbox refuses) or
    ``Status.EXEC_ERROR`` (an exception, a limit, a crash). ``steps`` has one entry per program, in order.
    ``value`` is what the trusted ``epilogue`` passed to ``emit``. ``files`` holds the regular files the run
    created or changed in its working directory (hidden ones excluded), ``figures`` the PNGs saved with
    ``save_figures=True`` (also under ``files`` as ``_figures/figure_N.png``). ``isolation`` says which
    walls the run had.
    """

    status: Status | None
    stdout: str
    stderr: str
    returncode: int | None
    timed_out: bool
    duration_s: float
    steps: list[StepResult] = field(default_factory=list)
    value: Any = None
    epilogue_error: str | None = None
    blocked: list[str] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    figures: list[bytes] = field(default_factory=list)
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    isolation: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status is None

    @property
    def error(self) -> str | None:
        """A one-line reason for a failed run (the first failing step's exception, or the limit hit)."""
        if self.timed_out:
            return "timeout"
        if self.status is Status.FORBIDDEN and not self.blocked:
            return "killed by the sandbox: a forbidden system call (exec, fork, device node, FIFO, ...)"
        for step in self.steps:
            if not step.ok:
                return step.error
        if self.status is not None:
            tail = self.stderr.strip().splitlines()
            return tail[-1] if tail else f"exit code {self.returncode}"
        return None


def run_python(
    code: str | Sequence[str],
    *,
    files: Mapping[str, bytes | str | os.PathLike[str]] | None = None,
    timeout_s: float = 10.0,
    memory_mb: int = 2048,
    cpu_s: float | None = None,
    file_size_mb: int = 64,
    disk_mb: int = 256,
    open_files: int = 256,
    processes: int = 64,
    max_output_bytes: int = 1_000_000,
    max_collected_bytes: int = 8_000_000,
    preload: Sequence[str] = (),
    epilogue: str | None = None,
    save_figures: bool = False,
    collect_files: bool = True,
    network: bool = False,
    env: Mapping[str, str] | None = None,
) -> SandboxResult:
    """Run ``code`` in a fresh, isolated interpreter and return what happened; never raises for bad code.

    ``code`` is one program or several run in order in the **same** interpreter (each with a fresh global
    namespace; later programs run even if an earlier one failed) — that is how an official script that
    ``exec``s code twice in one process is reproduced. ``files`` maps relative names to contents (``bytes``)
    or to paths of files to copy into the working directory. ``preload`` names trusted modules imported
    before the audit hook is armed (e.g. ``("pandas", "matplotlib.pyplot")``). ``epilogue`` is trusted code
    run after the programs in the same interpreter (still inside every wall) with a function ``emit(value)``
    whose JSON-serialisable argument comes back as ``SandboxResult.value``. ``env`` adds variables to the
    minimal environment. Limits: ``timeout_s`` wall clock, ``cpu_s`` CPU (default ``timeout_s + 1``),
    ``memory_mb`` address space, ``file_size_mb`` per file, ``disk_mb`` the whole working directory,
    ``open_files``, ``processes`` (threads count).

    Raises ``SandboxUnavailableError`` when this machine cannot provide the kernel sandbox and the user did
    not opt out (``Settings.unsafe_sandbox``, ``--unsafe-sandbox``).
    """
    walls = _walls.current(_probe)
    ask = _Request(timeout_s=timeout_s, memory_mb=memory_mb, cpu_s=cpu_s, file_size_mb=file_size_mb, disk_mb=disk_mb,
                   open_files=open_files, processes=processes, max_output_bytes=max_output_bytes,
                   max_collected_bytes=max_collected_bytes, preload=tuple(preload), epilogue=epilogue,
                   save_figures=save_figures, collect_files=collect_files, network=network, env=env)
    return _run(walls, [code] if isinstance(code, str) else list(code), _read_inputs(files or {}), ask)


@dataclass(frozen=True)
class _Request:
    """The limits and switches of one ``run_python`` call (see its docstring), as one typed value."""

    timeout_s: float
    memory_mb: int
    cpu_s: float | None
    file_size_mb: int
    disk_mb: int
    open_files: int
    processes: int
    max_output_bytes: int
    max_collected_bytes: int
    preload: tuple[str, ...]
    epilogue: str | None
    save_figures: bool
    collect_files: bool
    network: bool
    env: Mapping[str, str] | None


def isolation() -> dict[str, Any]:
    """Which walls this machine gives runs (raises ``SandboxUnavailableError`` like ``run_python``)."""
    return _isolation(_walls.current(_probe), _sandbox_uid() if os.geteuid() == 0 else None, 256, False)


def require(user: str) -> None:
    """Raise ``SandboxUnavailableError`` naming ``user`` (``"benchmark 'tablebench'"``) when ``run_python`` would
    refuse here: a run checks this before it generates, so that it does not stop at scoring, after the model's
    work. The same probe and opt-out as ``run_python``; checked once per process."""
    try:
        _walls.current(_probe)
    except SandboxUnavailableError as exc:
        raise SandboxUnavailableError(f"{user} runs model-written code: {exc}") from None


def _run(walls: _walls.Walls, programs: list[str], inputs: dict[str, bytes], ask: _Request) -> SandboxResult:
    base = Path(tempfile.mkdtemp(prefix="tabbench-sandbox-"))
    uid = _sandbox_uid() if walls.bwrap and walls.root else None
    started = time.monotonic()
    try:
        if walls.bwrap:
            workdir = _walls.WORKDIR
        else:
            workdir = str(base / "work")
            os.mkdir(workdir, 0o700)
        cpu_limit = math.ceil(ask.cpu_s if ask.cpu_s is not None else ask.timeout_s + 1)
        fsize = max(ask.file_size_mb * 1024 * 1024, ask.max_output_bytes)
        nproc = ask.processes if walls.bwrap else _user_processes() + ask.processes
        config = {
            "workdir": workdir,
            "uid": uid,
            "seccomp": (_walls.seccomp_filter(network=True) if ask.network else walls.seccomp).hex()
            if walls.seccomp else "",
            "rlimits": {
                "RLIMIT_CPU": (cpu_limit, cpu_limit + 1),  # SIGXCPU first, then SIGKILL if it is blocked
                "RLIMIT_AS": (ask.memory_mb * 1024 * 1024,) * 2,
                "RLIMIT_FSIZE": (fsize, fsize),
                "RLIMIT_NOFILE": (ask.open_files, ask.open_files),
                "RLIMIT_NPROC": (nproc, nproc),
                "RLIMIT_CORE": (0, 0),
            },
            "network": ask.network,
            "preload": list(ask.preload),
            "save_figures": ask.save_figures,
            "collect": ask.collect_files,
            "collect_bytes": ask.max_collected_bytes,
            "collect_files": _MAX_FILES,
            "read_roots": _read_roots(workdir),
        }
        payload_files = {**_mpl_cache(), **inputs}
        nonce = secrets.token_hex(16)
        header = json.dumps({"programs": programs, "epilogue": ask.epilogue, "nonce": nonce,
                             "files": [[name, len(data)] for name, data in payload_files.items()]})
        result_fd = os.open(base / "result.json", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        config["result_fd"] = result_fd
        python = [_walls.interpreter(), "-I", "-c", _BOOTSTRAP, json.dumps(config)]
        info_read, info_write = os.pipe() if walls.bwrap else (None, None)
        with open(base / "stdout", "wb") as out, open(base / "stderr", "wb") as err:
            try:
                proc = subprocess.Popen(
                    walls.command(python, disk_mb=ask.disk_mb, network=ask.network, info_fd=info_write),
                    stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=workdir if not walls.bwrap else "/",
                    env=_child_env(workdir, ask.env), start_new_session=True, close_fds=True,
                    pass_fds=tuple(fd for fd in (result_fd, info_write) if fd is not None),
                )
            finally:
                for fd in (result_fd, info_write):
                    if fd is not None:
                        os.close(fd)
            try:
                returncode, timed_out = _feed_and_wait(proc, header.encode(), payload_files, ask.timeout_s, info_read)
            finally:
                if info_read is not None:
                    os.close(info_read)
        duration = time.monotonic() - started
        stdout, stdout_cut = _read_capped(base / "stdout", ask.max_output_bytes)
        stderr, stderr_cut = _read_capped(base / "stderr", ask.max_output_bytes)
        report = _read_report(base / "result.json", 2 * ask.max_collected_bytes + 2_000_000)
        if not _trusted_report(report, nonce, len(programs), returncode):
            report = {}  # missing, garbled, forged or contradicting the exit status: fail closed
        signum = _signal_of(returncode, bool(walls.bwrap))
        if signum in (signal.SIGXCPU, signal.SIGKILL):  # the CPU limit (a SIGKILL we sent is a timeout already)
            timed_out = True
        steps = [StepResult(bool(s.get("ok")), _text(s.get("error"))) for s in report.get("steps", [])]
        blocked = [str(b) for b in report.get("blocked", [])]
        if timed_out:
            status: Status | None = Status.TIMEOUT
        elif signum == signal.SIGSYS or (blocked and not all(s.ok for s in steps)):
            status = Status.FORBIDDEN
        elif returncode != 0 or len(steps) != len(programs) or not all(s.ok for s in steps):
            status = Status.EXEC_ERROR
        else:
            status = None
        produced = _decode_files(report.get("files"), ask.max_collected_bytes) if ask.collect_files else {}
        return SandboxResult(
            status=status, stdout=stdout, stderr=stderr, returncode=returncode, timed_out=timed_out,
            duration_s=duration, steps=steps, value=report.get("value"),
            epilogue_error=_text(report.get("epilogue_error")), blocked=blocked, files=produced,
            figures=[v for k, v in sorted(produced.items()) if k.startswith("_figures/") and k.endswith(".png")],
            stdout_truncated=stdout_cut, stderr_truncated=stderr_cut,
            isolation=_isolation(walls, uid, ask.disk_mb, ask.network),
        )
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _feed_and_wait(proc: subprocess.Popen[bytes], header: bytes, files: Mapping[str, bytes], timeout_s: float,
                   info_fd: int | None) -> tuple[int, bool]:
    """Write the payload and wait for the exit, killing the sandbox at the deadline: exit status, timed out."""
    stdin = proc.stdin
    assert stdin is not None

    def feed() -> None:  # in a thread: a child that stops reading must not stall the deadline
        try:
            stdin.write(header + b"\n")
            for data in files.values():
                stdin.write(data)
            stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill(proc, _sandbox_init(info_fd))
    feeder.join()  # the pipe's reader is gone: the write has ended
    return proc.returncode, timed_out


def _kill(proc: subprocess.Popen[bytes], init: int | None) -> None:
    """SIGKILL the sandbox's init (the kernel then kills every process of its pid namespace) and bubblewrap,
    and return once the init has exited, i.e. nothing of the run is left (it is not our child: a pidfd says)."""
    pidfd = None
    if init is not None:
        try:
            pidfd = os.pidfd_open(init)
        except OSError:
            init = None  # already gone
    for kill, pid in ((os.kill, init), (os.killpg, proc.pid)):
        if pid is not None:
            try:
                kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                continue
    proc.wait()
    if pidfd is not None:
        select.select([pidfd], [], [], 10)
        os.close(pidfd)


def _sandbox_init(info_fd: int | None) -> int | None:
    """The pid of the sandbox's init (bubblewrap's reaper), as bubblewrap wrote it to ``--info-fd``."""
    if info_fd is None:
        return None
    os.set_blocking(info_fd, False)
    try:
        pid = json.loads(os.read(info_fd, 65536) or b"{}").get("child-pid")
    except (OSError, ValueError, AttributeError):
        return None
    return pid if isinstance(pid, int) and pid > 1 else None


def _signal_of(returncode: int, bwrap: bool) -> int | None:
    """The signal that ended the program: bubblewrap exits with 128 + signal for a killed child."""
    if returncode < 0:
        return -returncode
    if bwrap and 128 < returncode < 128 + 65:
        return returncode - 128
    return None


def _probe(walls: _walls.Walls) -> str | None:
    """Run a trivial program inside ``walls``; the reason it failed, or ``None`` when the walls hold."""
    result = _run(walls, ["print('ok')"], {}, _Request(
        timeout_s=30, memory_mb=1024, cpu_s=None, file_size_mb=1, disk_mb=1, open_files=64, processes=16,
        max_output_bytes=10_000, max_collected_bytes=0, preload=(), epilogue=None, save_figures=False,
        collect_files=False, network=False, env=None))
    if result.ok and result.stdout.strip() == "ok":
        return None
    lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
    return (lines[-1] if lines else f"exit status {result.returncode}")[:300]


def _isolation(walls: _walls.Walls, uid: int | None, disk_mb: int, network: bool) -> dict[str, Any]:
    if not walls.bwrap:
        closed = "seccomp (no AF_INET sockets)" if walls.seccomp else "audit-hook"
        return {"sandbox": walls.kind, "network": "shared" if network else closed, "filesystem": "audit-hook",
                "user": "same-user"}
    return {
        "sandbox": walls.kind,
        "network": "shared" if network else "namespace",
        "filesystem": f"private-mounts (python read-only, {disk_mb} MB tmpfs work dir)",
        "user": f"uid {uid}" if uid is not None else "user-namespace",
        "pid": "namespace",
    }


# --- helpers ------------------------------------------------------------------------------------------------


def _read_inputs(files: Mapping[str, bytes | str | os.PathLike[str]]) -> dict[str, bytes]:
    inputs: dict[str, bytes] = {}
    for name, content in files.items():
        rel = PurePosixPath(name)
        if rel.is_absolute() or not rel.parts or ".." in rel.parts or rel.parts[0] == ".config":
            raise ValueError(f"sandbox file name must be a relative path inside the working directory: {name!r}")
        inputs[str(rel)] = content if isinstance(content, bytes) else Path(content).read_bytes()
    return inputs


def _sandbox_uid() -> int:
    """A uid no other live run uses: derived from this process id and a per-process counter."""
    return _UID_BASE + (os.getpid() % 2_000_000) * 1000 + next(_uid_counter) % 1000


def _child_env(work: str, extra: Mapping[str, str] | None) -> dict[str, str]:
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": work,
        "TMPDIR": f"{work}/.tmp",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": f"{work}/.config/matplotlib",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "NUMEXPR_MAX_THREADS": "1",
    }
    env.update(extra or {})
    return env


def _mpl_cache() -> dict[str, bytes]:
    """A matplotlib font cache built once per evaluator process and copied into each run (no rebuild there)."""
    with _MPL_LOCK:
        if not _MPL_CACHE:
            _MPL_CACHE.append(_build_mpl_cache())
    return _MPL_CACHE[0]


def _build_mpl_cache() -> dict[str, bytes]:
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        return {}
    with tempfile.TemporaryDirectory(prefix="tabbench-mplcache-") as cache:
        env = {"PATH": "/usr/bin:/bin", "MPLCONFIGDIR": cache, "MPLBACKEND": "Agg", "HOME": cache}
        try:
            subprocess.run([sys.executable, "-I", "-c", "import matplotlib.font_manager"], env=env, timeout=120,
                           capture_output=True, check=False)
        except (OSError, subprocess.SubprocessError):
            return {}
        return {f".config/matplotlib/{p.name}": p.read_bytes() for p in Path(cache).glob("fontlist*.json")}


def _user_processes() -> int:
    uid = os.getuid()
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                count += os.stat(entry.path).st_uid == uid
            except OSError:
                continue
    return count


def _read_capped(path: Path, limit: int) -> tuple[str, bool]:
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    return data[:limit].decode("utf-8", errors="replace"), len(data) > limit


def _read_roots(workdir: str) -> list[str]:
    """What the audit hook lets sandboxed code open for reading besides its working directory."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.realpath(sys.executable)), os.devnull, "/dev/urandom", "/dev/random",
             "/dev/zero", "/usr/share/fonts", "/usr/local/share/fonts", "/etc/fonts", "/usr/share/zoneinfo",
             "/etc/localtime", "/etc/timezone", "/usr/share/matplotlib", "/etc/matplotlibrc",
             "/sys/devices/system/cpu", "/sys/fs/cgroup", "/proc/cpuinfo", "/proc/meminfo", workdir}
    roots.update(p for p in sys.path if p and "-packages" in p)
    roots.update(mimetypes.knownfiles)  # read by mimetypes.init() (openpyxl imports it)
    return sorted({os.path.realpath(p) for p in roots if p})


def _trusted_report(report: dict[str, Any], nonce: str, programs: int, returncode: int | None) -> bool:
    """The report came from the bootstrap (it knows the nonce) and agrees with how the process ended."""
    steps = report.get("steps")
    if report.get("nonce") != nonce or not isinstance(steps, list) or len(steps) != programs:
        return False
    if not all(isinstance(s, dict) and isinstance(s.get("ok"), bool) for s in steps):
        return False
    return returncode == (0 if all(s["ok"] for s in steps) else 1)


#: Deepest nesting a report may have (steps, files and the epilogue's value need a handful of levels).
_MAX_REPORT_DEPTH = 64


def _read_report(path: Path, limit: int) -> dict[str, Any]:
    """The child's report, or ``{}``: model code can rewrite it, so JSON nested deep enough to exhaust the
    parser's recursion (or the next ``json.dumps`` of the value) is refused, not raised."""
    try:
        with open(path, encoding="utf-8") as handle:
            report = json.loads(handle.read(limit))
    except (OSError, ValueError, RecursionError):
        return {}
    return report if isinstance(report, dict) and _depth(report) <= _MAX_REPORT_DEPTH else {}


def _depth(value: object) -> int:
    """How deeply lists and dicts nest in ``value`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _text(value: object) -> str | None:
    """A report's error message as text (a rewritten report may put anything there)."""
    return None if value is None else str(value)


def _decode_files(raw: object, budget: int) -> dict[str, bytes]:
    """The files the report lists (base64), checked: relative names, at most ``budget`` bytes in all."""
    produced: dict[str, bytes] = {}
    if not isinstance(raw, dict):
        return produced
    for name, encoded in list(raw.items())[:_MAX_FILES]:
        rel = PurePosixPath(str(name))
        if rel.is_absolute() or ".." in rel.parts or not isinstance(encoded, str):
            continue
        try:
            data = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            continue
        if len(data) > budget:
            break
        produced[str(rel)] = data
        budget -= len(data)
    return produced
