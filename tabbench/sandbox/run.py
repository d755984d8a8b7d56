"""Run model-written Python in a separate, limited, throw-away process; the evaluator never ``exec``s it.

Each call of ``run_python`` starts a fresh interpreter (``python -I``: no user site, no ``PYTHON*`` variables,
no inherited environment beyond a minimal one) in a new session, with its own temporary working directory,
and removes everything afterwards. The walls, outermost first (see docs/sandbox.md for what each stops):

1. **Process**: a new session and process group, killed as a whole on timeout (and after every run); with
   root, the child also runs as a fresh unique uid, so every process it leaves behind is found and killed.
2. **Limits** (``setrlimit``): CPU seconds, address space (memory), file size, open files, processes,
   no core dumps.
3. **Network**: a new, empty network namespace (``unshare(CLONE_NEWNET)``; as a normal user inside a new user
   namespace) when the kernel allows it; otherwise, and in any case, an audit hook refuses every socket.
4. **Filesystem**: with root, a private mount namespace: fresh tmpfs over ``/tmp``, ``/var/tmp``, ``/dev/shm``
   and over directories other users cannot read (e.g. ``/root``), with only the Python installation bound back;
   the unique uid can write nowhere but its working directory. The audit hook additionally refuses writes,
   deletions, renames and permission changes outside the working directory, and reads outside it and the
   Python installation (plus a small allow-list: fonts, time zones, ``/dev/null``...).
5. **Interpreter**: an audit hook (``sys.addaudithook``, cannot be removed) refuses ``fork``, ``exec``,
   ``system``, ``subprocess``, ``posix_spawn``, ``ctypes`` symbol lookups and reads of other processes'
   ``/proc`` entries.

Matplotlib is headless (``MPLBACKEND=Agg``) with a pre-built font cache copied into each run. Output is
captured to files with a size cap. The sandbox protects the evaluator; it does not vouch for what the code
reports (a program can print anything), so references must never be passed into it.

Public API (stable): ``run_python``, ``SandboxResult``, ``StepResult``, ``isolation``.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import mimetypes
import os
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from tabbench.contract.types import Status

__all__ = ["SandboxResult", "StepResult", "isolation", "run_python"]

_UID_BASE = 2_000_000_000
_SCRATCH = ("/tmp", "/var/tmp", "/dev/shm")
_MAX_FILES = 1000  # files looked at when collecting what a run produced
_uid_counter = itertools.count()
_MPL_LOCK = threading.Lock()
_MPL_CACHE: list[Path | None] = []  # [] = not built yet, [None] = unavailable

# The child's bootstrap: trusted code, run before any model code, passed with -c. Its config arrives in argv[1]
# (JSON), the programs on stdin (JSON). It isolates itself, drops privileges, arms the audit hook, then runs
# each program in a fresh namespace and writes a JSON report to the already-open result file.
_BOOTSTRAP = r"""
def _sandbox_main():
    import json, os, sys
    cfg = json.loads(sys.argv[1])
    payload = json.loads(sys.stdin.read())
    NONCE = payload.pop("nonce")
    sys.stdin.close()
    sys.stdin = open(os.devnull)
    report = {"isolation": {}, "steps": [], "blocked": [], "value": None, "epilogue_error": None}
    _dumps, _write, _exit, _lseek, _ftruncate = json.dumps, os.write, os._exit, os.lseek, os.ftruncate
    _raw = os.open(cfg["result_path"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    result_fd = os.dup2(_raw, 200 + int.from_bytes(os.urandom(2), "big") % 800)
    os.close(_raw)
    import ctypes, resource, signal, traceback
    libc = ctypes.CDLL(None, use_errno=True)
    CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWNET = 0x00020000, 0x10000000, 0x40000000
    MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18
    root = os.geteuid() == 0
    iso = report["isolation"]

    def _mount(src, target, fstype, flags, data):
        enc = lambda s: None if s is None else s.encode()
        if libc.mount(enc(src), enc(target), enc(fstype), flags, enc(data)) != 0:
            raise OSError(ctypes.get_errno(), "mount " + str(target))

    flags = CLONE_NEWNS if root else 0
    if not cfg["network"]:
        flags |= CLONE_NEWNET if root else (CLONE_NEWUSER | CLONE_NEWNET)
    iso["network"] = "allowed" if cfg["network"] else "audit-hook"
    iso["filesystem"] = "audit-hook"
    if flags and libc.unshare(flags) == 0:
        if not cfg["network"]:
            iso["network"] = "namespace+audit-hook"
        if root:
            try:
                _mount(None, "/", None, MS_REC | MS_PRIVATE, None)
                for point, keep in cfg["masks"]:
                    fds = [(k, os.open(k, os.O_PATH)) for k in keep]
                    _mount("tmpfs", point, "tmpfs", 0, "mode=0755,size=" + str(cfg["tmpfs_mb"]) + "m")
                    for k, fd in fds:
                        os.makedirs(k, exist_ok=True)
                        _mount("/proc/self/fd/%d" % fd, k, None, MS_BIND | MS_REC, None)
                        os.close(fd)
                iso["filesystem"] = "private-mounts+audit-hook"
            except OSError as exc:
                iso["filesystem_error"] = str(exc)

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    for name, value in cfg["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (value, value))
    iso["user"] = "same-user"
    if root and cfg["uid"] is not None and (iso["filesystem"].startswith("private") or not cfg["uid_needs_mounts"]):
        try:
            os.setgroups([])
            os.setgid(cfg["uid"])
            os.setuid(cfg["uid"])
            iso["user"] = "uid %d" % cfg["uid"]
        except OSError as exc:
            iso["user_error"] = str(exc)
    os.chdir(cfg["workdir"])
    sys.path.insert(0, cfg["workdir"])

    for module in cfg["preload"]:
        try:
            __import__(module)
        except Exception as exc:
            iso.setdefault("preload_errors", []).append("%s: %s" % (module, exc))

    WORK = os.path.realpath(cfg["workdir"])
    SELF = str(os.getpid())
    WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    DENY = {"os.fork", "os.forkpty", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "subprocess.Popen",
            "pty.spawn", "os.kill", "os.killpg", "signal.pthread_kill", "ctypes.dlsym", "ctypes.dlsym/handle",
            "ctypes.call_function", "ctypes.cdata", "os.setuid", "os.setgid", "os.chroot", "sys.unraisablehook",
            "os.startfile", "webbrowser.open"}
    PATH_EVENTS = {"os.remove", "os.rmdir", "os.rename", "os.replace", "os.chmod", "os.chown", "os.link",
                   "os.symlink", "os.truncate", "os.utime", "os.mkdir", "shutil.rmtree", "shutil.move",
                   "os.chflags", "os.lchown", "os.setxattr", "os.removexattr"}
    ALLOWED_READ = tuple(sorted({os.path.realpath(p) for p in cfg["read_roots"]} | {WORK}))

    def _inside(path):
        if isinstance(path, int):
            return True
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        real = os.path.realpath(os.path.join(os.getcwd(), os.fspath(path)))
        return real == WORK or real.startswith(WORK + os.sep) or real == os.devnull

    def _readable(path):
        if isinstance(path, int):
            return True
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        real = os.path.realpath(os.path.join(os.getcwd(), os.fspath(path)))
        if real.startswith("/proc/self/") or real.startswith("/proc/" + SELF + "/"):
            return True
        return any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in ALLOWED_READ)

    def _other_proc(path):
        if isinstance(path, int):
            return False
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        parts = os.path.realpath(os.fspath(path)).split(os.sep)
        return len(parts) > 2 and parts[1] == "proc" and parts[2].isdigit() and parts[2] != SELF

    def _deny(event):
        report["blocked"].append(event)
        raise PermissionError("sandbox: %s is not allowed" % event)

    def _hook(event, args):
        # no mutable state: nothing the hook consults can be changed by model code
        if True:
            if event.startswith("socket.") and not cfg["network"]:
                _deny(event)
            elif event in DENY:
                _deny(event)
            elif event == "open":
                path, mode, oflags = args
                writing = (mode is not None and any(c in mode for c in "wax+")) or bool((oflags or 0) & WRITE_FLAGS)
                if (writing and not _inside(path)) or _other_proc(path) or not _readable(path):
                    _deny("open " + str(path))
            elif event == "sqlite3.connect":
                database = args[0] if args else ":memory:"
                if database not in (":memory:", b":memory:", "") and not _inside(database):
                    _deny("sqlite3.connect " + str(database))
            elif event in PATH_EVENTS:
                paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
                if event not in ("os.rename", "os.replace", "os.link", "os.symlink", "shutil.move"):
                    paths = paths[:1]
                if event == "os.symlink":
                    paths = paths[1:]
                if not all(_inside(p) for p in paths):
                    _deny(event + " " + " ".join(map(str, paths)))

    sys.addaudithook(_hook)
    del libc, ctypes

    def _summary(exc):
        return ("%s: %s" % (type(exc).__name__, exc))[:2000]

    import types
    programs, epilogue = payload["programs"], payload.get("epilogue")
    del payload
    for code in programs:
        module = types.ModuleType("__main__")
        module.__builtins__ = __builtins__
        sys.modules["__main__"] = module
        namespace = module.__dict__
        step = {"ok": True, "error": None}
        try:
            exec(compile(code, "<sandbox>", "exec"), namespace)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                step = {"ok": False, "error": "SystemExit: %s" % (exc.code,)}
        except BaseException as exc:
            traceback.print_exc()
            step = {"ok": False, "error": _summary(exc)}
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except Exception:
                pass
        report["steps"].append(step)

    def emit(value):
        report["value"] = value

    if epilogue:
        try:
            exec(compile(epilogue, "<epilogue>", "exec"), {"__name__": "__epilogue__", "emit": emit})
        except BaseException as exc:
            report["epilogue_error"] = _summary(exc)
    if cfg["save_figures"] and "matplotlib.pyplot" in sys.modules:
        plt = sys.modules["matplotlib.pyplot"]
        os.makedirs(os.path.join(WORK, "_figures"), exist_ok=True)
        for number in plt.get_fignums():
            try:
                plt.figure(number).savefig(os.path.join(WORK, "_figures", "figure_%d.png" % number))
            except Exception as exc:
                report.setdefault("figure_errors", []).append(_summary(exc))
    report["nonce"] = NONCE
    try:
        text = _dumps(report, default=repr)
    except ValueError:
        report["value"], report["epilogue_error"] = None, "value is not JSON-serialisable"
        text = _dumps(report, default=repr)
    data = text.encode("utf-8")
    _lseek(result_fd, 0, 0)
    _ftruncate(result_fd, 0)
    while data:
        data = data[_write(result_fd, data):]
    try:
        sys.stdout.flush()
    except Exception:
        pass
    _exit(0 if all(s["ok"] for s in report["steps"]) else 1)

_sandbox_main()
"""


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
    ``save_figures=True`` (also under ``files`` as ``_figures/figure_N.png``).
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
    ``memory_mb`` address space, ``file_size_mb`` per file, ``open_files``, ``processes`` (threads count).
    """
    programs = [code] if isinstance(code, str) else list(code)
    base = Path(tempfile.mkdtemp(prefix="tabbench-sandbox-"))
    os.chmod(base, 0o711)  # the sandbox uid may traverse, not list
    work = base / "work"
    work.mkdir()
    uid = _sandbox_uid() if os.geteuid() == 0 else None
    started = time.monotonic()
    try:
        inputs = _write_inputs(work, files or {})
        _install_mpl_cache(work)
        for sub in (".tmp",):
            (work / sub).mkdir(exist_ok=True)
        if uid is not None:
            for path in [work, *work.rglob("*")]:
                os.lchown(path, uid, uid)
        masks = _masks(work) if uid is not None else []
        rlimits = {
            "RLIMIT_CPU": math.ceil(cpu_s if cpu_s is not None else timeout_s + 1),
            "RLIMIT_AS": memory_mb * 1024 * 1024,
            "RLIMIT_FSIZE": max(file_size_mb * 1024 * 1024, max_output_bytes),
            "RLIMIT_NOFILE": open_files,
            "RLIMIT_NPROC": processes if uid is not None else _user_processes() + processes,
            "RLIMIT_CORE": 0,
        }
        config = {
            "workdir": str(work),
            "result_path": str(base / "result.json"),
            "rlimits": rlimits,
            "uid": uid,
            "network": network,
            "preload": list(preload),
            "save_figures": save_figures,
            "masks": masks,
            "uid_needs_mounts": any(point not in _SCRATCH for point, _ in masks),
            "tmpfs_mb": 64,
            "read_roots": _read_roots(),
        }
        nonce = secrets.token_hex(16)
        payload = json.dumps({"programs": programs, "epilogue": epilogue, "nonce": nonce})
        with open(base / "stdout", "wb") as out, open(base / "stderr", "wb") as err:
            proc = subprocess.Popen(
                [sys.executable, "-I", "-c", _BOOTSTRAP, json.dumps(config)],
                stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=work, env=_child_env(work, env),
                start_new_session=True, close_fds=True,
            )
            timed_out = False
            try:
                proc.communicate(payload.encode(), timeout=timeout_s)
            except subprocess.TimeoutExpired:
                timed_out = True
            except BrokenPipeError:
                pass
            _kill_everything(proc, uid)
        duration = time.monotonic() - started
        stdout, stdout_cut = _read_capped(base / "stdout", max_output_bytes)
        stderr, stderr_cut = _read_capped(base / "stderr", max_output_bytes)
        report = _read_report(base / "result.json")
        if not _trusted_report(report, nonce, len(programs), proc.returncode):
            report = {}  # missing, garbled, forged or contradicting the exit status: fail closed
        produced = _collect(work, inputs, uid, max_collected_bytes) if collect_files else {}
        steps = [StepResult(bool(s.get("ok")), s.get("error")) for s in report.get("steps", [])]
        returncode = proc.returncode
        if returncode == -signal.SIGXCPU:
            timed_out = True
        blocked = list(report.get("blocked", []))
        if timed_out:
            status: Status | None = Status.TIMEOUT
        elif blocked and not all(s.ok for s in steps):
            status = Status.FORBIDDEN
        elif returncode != 0 or len(steps) != len(programs) or not all(s.ok for s in steps):
            status = Status.EXEC_ERROR
        else:
            status = None
        return SandboxResult(
            status=status, stdout=stdout, stderr=stderr, returncode=returncode, timed_out=timed_out,
            duration_s=duration, steps=steps, value=report.get("value"),
            epilogue_error=report.get("epilogue_error"), blocked=blocked, files=produced,
            figures=[v for k, v in sorted(produced.items()) if k.startswith("_figures/") and k.endswith(".png")],
            stdout_truncated=stdout_cut, stderr_truncated=stderr_cut, isolation=report.get("isolation", {}),
        )
    finally:
        if uid is not None:
            _remove_strays(uid)
        shutil.rmtree(base, ignore_errors=True)


def isolation() -> dict[str, Any]:
    """Which walls this machine gives (runs a trivial program): network, filesystem and user isolation."""
    return run_python("pass", timeout_s=30).isolation


# --- helpers ------------------------------------------------------------------------------------------------


def _sandbox_uid() -> int:
    """A uid no other live run uses: derived from this process id and a per-process counter."""
    return _UID_BASE + (os.getpid() % 2_000_000) * 1000 + next(_uid_counter) % 1000


def _child_env(work: Path, extra: Mapping[str, str] | None) -> dict[str, str]:
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(work),
        "TMPDIR": str(work / ".tmp"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": str(work / ".config" / "matplotlib"),
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


def _write_inputs(work: Path, files: Mapping[str, bytes | str | os.PathLike[str]]) -> dict[str, bytes]:
    written: dict[str, bytes] = {}
    for name, content in files.items():
        rel = PurePosixPath(name)
        if rel.is_absolute() or not rel.parts or ".." in rel.parts:
            raise ValueError(f"sandbox file name must be a relative path inside the working directory: {name!r}")
        data = content if isinstance(content, bytes) else Path(content).read_bytes()
        target = work / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written[str(rel)] = data
    return written


def _masks(work: Path) -> list[tuple[str, list[str]]]:
    """Mount points to cover with an empty tmpfs in the child, each with the paths to bind back into it.

    Scratch directories shared with other users (``/tmp``, ``/var/tmp``, ``/dev/shm``) are replaced, keeping
    only this run's directory. Directories on the way to the Python installation that other users cannot
    search (``/root`` with a pyenv interpreter) are replaced by a tmpfs holding only the installation.
    """
    needed = {str(work.parent)}
    for path in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
                 os.path.dirname(os.path.realpath(sys.executable))}:
        needed.add(os.path.realpath(path))
    needed.update(os.path.realpath(p) for p in sys.path if p and os.path.isdir(p) and "site-packages" in p)
    masks: dict[str, set[str]] = {}
    for point in _SCRATCH:
        if os.path.isdir(point) and not os.path.islink(point):
            masks[os.path.realpath(point)] = set()
    for path in sorted(needed):
        for ancestor in reversed(Path(path).parents):
            if str(ancestor) != "/" and not os.stat(ancestor).st_mode & stat.S_IXOTH:
                masks.setdefault(str(ancestor), set())
                break
    result = []
    for point, keep in masks.items():
        for path in needed:
            if path.startswith(point + os.sep):
                keep.add(path)
        # keep the outermost needed paths only (binding a parent brings its children along)
        outer = sorted(k for k in keep if not any(k.startswith(o + os.sep) for o in keep if o != k))
        result.append((point, outer))
    # deeper mount points first would hide nothing we keep; mount shallow first so nested binds survive
    return sorted(result, key=lambda item: item[0].count(os.sep))


def _install_mpl_cache(work: Path) -> None:
    """Copy a font cache built once per evaluator process, so matplotlib does not rebuild it every run."""
    with _MPL_LOCK:
        if not _MPL_CACHE:
            _MPL_CACHE.append(_build_mpl_cache())
    cache = _MPL_CACHE[0]
    target = work / ".config" / "matplotlib"
    target.mkdir(parents=True, exist_ok=True)
    if cache is not None:
        for item in cache.glob("fontlist*.json"):
            shutil.copy(item, target / item.name)


def _build_mpl_cache() -> Path | None:
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        return None
    cache = Path(tempfile.mkdtemp(prefix="tabbench-mplcache-"))
    env = {"PATH": "/usr/bin:/bin", "MPLCONFIGDIR": str(cache), "MPLBACKEND": "Agg", "HOME": str(cache)}
    try:
        subprocess.run([sys.executable, "-I", "-c", "import matplotlib.font_manager"], env=env, timeout=120,
                       capture_output=True, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return cache if any(cache.glob("fontlist*.json")) else None


def _user_processes() -> int:
    uid = os.getuid()
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                count += os.stat(entry.path).st_uid == uid
    return count


def _kill_everything(proc: subprocess.Popen[bytes], uid: int | None) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    if uid is not None:
        _kill_uid(uid)
    proc.wait()


def _kill_uid(uid: int) -> None:
    """SIGKILL every process owned by ``uid`` (a unique sandbox uid: only this run's processes)."""
    for _ in range(50):
        found = False
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                if os.stat(entry.path).st_uid != uid:
                    continue
                found = True
                os.kill(int(entry.name), signal.SIGKILL)
            except (OSError, ProcessLookupError):
                continue
        if not found:
            return
        time.sleep(0.01)


def _remove_strays(uid: int) -> None:
    """Kill leftovers and remove files the sandbox uid managed to leave in shared scratch directories."""
    _kill_uid(uid)
    for scratch in {tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"}:
        with contextlib.suppress(OSError):
            for entry in os.scandir(scratch):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_uid != uid:
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path, ignore_errors=True)
                    else:
                        os.unlink(entry.path)


def _read_capped(path: Path, limit: int) -> tuple[str, bool]:
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    return data[:limit].decode("utf-8", errors="replace"), len(data) > limit


def _read_roots() -> list[str]:
    """What sandboxed code may open for reading besides its working directory: the interpreter and libraries."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.realpath(sys.executable)), os.devnull, "/dev/urandom", "/dev/random",
             "/dev/zero", "/usr/share/fonts", "/usr/local/share/fonts", "/etc/fonts", "/usr/share/zoneinfo",
             "/etc/localtime", "/etc/timezone", "/usr/share/matplotlib", "/etc/matplotlibrc",
             "/sys/devices/system/cpu", "/sys/fs/cgroup", "/proc/cpuinfo", "/proc/meminfo"}
    roots.update(p for p in sys.path if p and "-packages" in p)
    roots.update(mimetypes.knownfiles)  # read by mimetypes.init() (openpyxl imports it)
    return sorted({os.path.realpath(p) for p in roots if p})


def _trusted_report(report: dict[str, Any], nonce: str, programs: int, returncode: int | None) -> bool:
    """The report came from the trusted epilogue and agrees with how the process ended."""
    steps = report.get("steps")
    if report.get("nonce") != nonce or not isinstance(steps, list) or len(steps) != programs:
        return False
    if not all(isinstance(s, dict) and isinstance(s.get("ok"), bool) for s in steps):
        return False
    return returncode == (0 if all(s["ok"] for s in steps) else 1)


def _read_report(path: Path) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            report = json.loads(handle.read(16_000_000))
    except (OSError, ValueError):
        return {}
    return report if isinstance(report, dict) else {}


def _collect(work: Path, inputs: Mapping[str, bytes], uid: int | None, budget: int) -> dict[str, bytes]:
    """Regular files created or changed by the run; never follows links, never reads what the uid did not own."""
    produced: dict[str, bytes] = {}
    seen = 0
    for dirpath, dirnames, filenames in os.walk(work, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") or d == "_figures")
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            seen += 1
            if seen > _MAX_FILES:
                return produced
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, work)
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            with os.fdopen(fd, "rb") as handle:
                info = os.fstat(handle.fileno())
                if not stat.S_ISREG(info.st_mode) or (uid is not None and info.st_uid != uid):
                    continue
                if info.st_size > budget:
                    continue
                data = handle.read(budget + 1)
            if inputs.get(rel) == data or len(data) > budget:
                continue
            produced[rel] = data
            budget -= len(data)
    return produced
