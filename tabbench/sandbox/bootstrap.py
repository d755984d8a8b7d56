"""The trusted start of every sandboxed run, executed in the child with ``python -I -c <this file's text>``.

It runs before any model code, inside the walls the parent set up (bubblewrap's namespaces, or none with the
unsafe opt-out): it drops to the run's own uid (root only), installs the seccomp filter the parent compiled
(no exec, no fork, no device nodes or FIFOs, ... from here on), sets the rlimits, writes the input files into
the working directory, arms the audit hook (a second, Python-level layer), runs the programs and the trusted
epilogue, and writes a JSON report on a descriptor opened by the parent.

Nothing here may import tabbench: the project is not inside the sandbox. The parent never trusts the report
for anything the kernel can tell it instead (time, CPU, kills by signal, refused system calls); see
docs/sandbox.md for what the report can and cannot be trusted with.
"""


def _sandbox_main() -> None:
    import json
    import os
    import sys

    cfg = json.loads(sys.argv[1])
    result_fd = os.dup2(cfg["result_fd"], 200 + int.from_bytes(os.urandom(2), "big") % 800)  # before RLIMIT_NOFILE
    os.close(cfg["result_fd"])
    if cfg["uid"] is not None:  # root mode: bubblewrap kept CAP_SETUID/CAP_SETGID for exactly this
        os.setgroups([])
        os.setgid(cfg["uid"])
        os.setuid(cfg["uid"])
        if os.getuid() != cfg["uid"] or os.geteuid() != cfg["uid"]:
            os._exit(125)

    import ctypes

    if cfg["seccomp"]:
        libc = ctypes.CDLL(None, use_errno=True)
        program = bytes.fromhex(cfg["seccomp"])

        class SockFprog(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

        buffer = ctypes.create_string_buffer(program, len(program))
        fprog = SockFprog(len(program) // 8, ctypes.addressof(buffer))
        pr_set_no_new_privs, pr_set_seccomp, seccomp_mode_filter = 38, 22, 2
        if libc.prctl(pr_set_no_new_privs, 1, 0, 0, 0) != 0 or libc.prctl(
            pr_set_seccomp, seccomp_mode_filter, ctypes.byref(fprog), 0, 0
        ) != 0:
            sys.stderr.write(f"sandbox: seccomp filter not installed: errno {ctypes.get_errno()}\n")
            os._exit(125)
        del libc, buffer, fprog

    import base64
    import resource
    import signal
    import stat
    import traceback
    import types
    from urllib.parse import unquote

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    for name, (soft, hard) in cfg["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (soft, hard))

    # the payload: one JSON header line, then the input files' bytes back to back
    stdin = sys.stdin.buffer
    header = json.loads(stdin.readline())
    NONCE = header["nonce"]
    WORK = os.path.realpath(cfg["workdir"])
    os.chdir(WORK)
    inputs = {}
    for rel, size in header["files"]:
        data = stdin.read(size)
        path = os.path.join(WORK, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        inputs[rel] = data
    sys.stdin.close()
    sys.stdin = open(os.devnull)
    os.makedirs(os.path.join(WORK, ".tmp"), exist_ok=True)
    sys.path.insert(0, WORK)

    report = {"steps": [], "blocked": [], "value": None, "epilogue_error": None, "files": {}}
    _dumps, _write, _exit, _lseek, _ftruncate = json.dumps, os.write, os._exit, os.lseek, os.ftruncate

    for module in cfg["preload"]:
        try:
            __import__(module)
        except Exception as exc:
            sys.stderr.write(f"sandbox: preload {module} failed: {exc}\n")

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

    def _real(path):
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return os.path.realpath(os.path.join(os.getcwd(), os.fspath(path)))

    def _inside(path):
        if isinstance(path, int):
            return True
        real = _real(path)
        return real == WORK or real.startswith(WORK + os.sep) or real == os.devnull

    def _readable(path):
        if isinstance(path, int):
            return True
        real = _real(path)
        if real.startswith("/proc/self/") or real.startswith("/proc/" + SELF + "/"):
            return True
        return any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in ALLOWED_READ)

    def _sqlite_path(database):
        # a URI names its file after "file:" (sqlite3 joins nothing to it): check that path, not the URI
        text = os.fsdecode(database) if isinstance(database, bytes) else str(database)
        if text.startswith("file:"):
            text = unquote(text[5:].split("?", 1)[0].split("#", 1)[0])
            if text.startswith("//"):
                text = "/" + text[2:].partition("/")[2]
        return text

    def _deny(event):
        report["blocked"].append(event)
        raise PermissionError(f"sandbox: {event} is not allowed")

    def _hook(event, args):
        # no mutable state: nothing the hook consults can be changed by model code
        if event.startswith("socket.") and not cfg["network"]:
            _deny(event)
        elif event in DENY:
            _deny(event)
        elif event == "open":
            path, mode, oflags = args
            writing = (mode is not None and any(c in mode for c in "wax+")) or bool((oflags or 0) & WRITE_FLAGS)
            if (writing and not _inside(path)) or not _readable(path):
                _deny("open " + str(path))
        elif event == "sqlite3.connect":
            database = args[0] if args else ":memory:"
            if database not in (":memory:", b":memory:", "") and not _inside(_sqlite_path(database)):
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
    del ctypes

    def _summary(exc):
        return (f"{type(exc).__name__}: {exc}")[:2000]

    programs, epilogue = header["programs"], header.get("epilogue")
    del header
    for code in programs:
        module = types.ModuleType("__main__")
        module.__builtins__ = __builtins__
        sys.modules["__main__"] = module
        step = {"ok": True, "error": None}
        try:
            exec(compile(code, "<sandbox>", "exec"), module.__dict__)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                step = {"ok": False, "error": f"SystemExit: {exc.code}"}
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
                plt.figure(number).savefig(os.path.join(WORK, "_figures", f"figure_{number}.png"))
            except Exception as exc:
                report.setdefault("figure_errors", []).append(_summary(exc))
    if cfg["collect"]:
        # regular files created or changed (never through a link), hidden ones excluded, within a byte budget
        budget, seen = cfg["collect_bytes"], 0
        for dirpath, dirnames, filenames in os.walk(WORK, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") or d == "_figures")
            for name in sorted(filenames):
                seen += 1
                if name.startswith(".") or seen > cfg["collect_files"]:
                    continue
                path = os.path.join(dirpath, name)
                try:
                    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
                except OSError:
                    continue
                with os.fdopen(fd, "rb") as handle:
                    if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                        continue
                    data = handle.read(budget + 1)
                rel = os.path.relpath(path, WORK)
                if len(data) > budget or inputs.get(rel) == data:
                    continue
                report["files"][rel] = base64.b64encode(data).decode("ascii")
                budget -= len(data)
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


if __name__ == "__main__":
    _sandbox_main()
