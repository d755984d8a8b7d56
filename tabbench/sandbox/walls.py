"""The kernel walls around a sandboxed run: a bubblewrap command line and a seccomp filter.

bubblewrap (Debian package ``bubblewrap``) gives the child private namespaces: mount (a fresh root in which only
the Python installation, read-only, and a size-capped tmpfs working directory exist), pid (``/proc`` shows only
the sandbox), network (empty), ipc, uts and cgroup. As root, bubblewrap runs privileged and keeps only
CAP_SETUID/CAP_SETGID so the bootstrap can switch to a fresh uid (then RLIMIT_NPROC applies and the process
holds no capability); as a normal user it runs in a new user namespace. libseccomp (through ``pyseccomp``)
compiles the system-call filter, which the bootstrap installs before any model code runs: exec and process
creation, device nodes and FIFOs, namespace and mount calls, tracing and a few kernel interfaces kill the
process (SIGSYS, which the parent sees as ``forbidden``); sockets other than AF_UNIX fail with EACCES; memory
that RLIMIT_AS does not count (memfd, System V shared memory and message queues) fails with EPERM.

Where bubblewrap cannot run, ``current()`` raises ``SandboxUnavailableError`` (one line naming the cause and
what fixes it) unless the run's settings opt out (``Settings.unsafe_sandbox``: ``--unsafe-sandbox``,
``TABBENCH_UNSAFE_SANDBOX=1``). The interpreter started inside is ``interpreter()``, reachable there whatever
links led to it.
"""

from __future__ import annotations

import errno
import functools
import os
import shutil
import socket
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tabbench.contract.errors import SandboxUnavailableError
from tabbench.contract.settings import current_settings

WORKDIR = "/sandbox"  # the working directory's path inside the bubblewrap sandbox
INSTALL = "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap)"
ALLOW_USERNS = ("allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu also "
                "kernel.apparmor_restrict_unprivileged_userns=0) or run as root")
OPT_OUT = ("or pass --unsafe-sandbox (TABBENCH_UNSAFE_SANDBOX=1) to run it with only rlimits, seccomp and a Python "
           "audit hook")
# what bubblewrap prints when the kernel refuses it the namespaces a normal user needs
_USERNS_REFUSED = ("namespace", "uid map")

# system calls that only an escape needs: the whole process is killed (SIGSYS -> status "forbidden")
_KILLED = (
    "execve", "execveat", "fork", "vfork", "mknod", "mknodat", "ptrace", "process_vm_readv", "process_vm_writev",
    "pidfd_getfd", "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "open_by_handle_at", "name_to_handle_at", "bpf",
    "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "keyctl", "add_key",
    "request_key", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot",
    "swapon", "swapoff", "acct", "quotactl", "syslog", "iopl", "ioperm", "personality",
)
# memory outside RLIMIT_AS that outlives any one mapping (a memfd, a System V segment or queue filled through
# short-lived mappings): refused with EPERM, so 256 descriptors cannot hold 256 x file_size_mb of the host's RAM
_REFUSED = ("memfd_create", "memfd_secret", "shmget", "msgget")
_CLONE_THREAD = 0x00010000
_CLONE_NAMESPACES = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000,
                     0x00000080)  # NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME


@dataclass(frozen=True)
class Walls:
    """How runs are isolated on this machine: the bubblewrap binary (``None``: no namespaces) and the seccomp
    program (``None``: no filter). ``reason`` says what is missing; runs then need the user's opt-out."""

    bwrap: str | None
    seccomp: bytes | None
    root: bool
    reason: str = ""
    binds: tuple[str, ...] = field(default=())
    masks: tuple[str, ...] = field(default=())  # tabbench's own packages inside a bound site-packages (data)

    @property
    def kind(self) -> str:
        if not self.reason:
            return "bubblewrap+seccomp"
        walls = ("namespaces, " if self.bwrap else "") + ("seccomp, " if self.seccomp else "")
        return f"unsafe: {walls}rlimits, audit hook ({self.reason})"

    def command(self, python: Sequence[str], *, disk_mb: int, network: bool, info_fd: int | None) -> list[str]:
        """The bubblewrap command line that runs ``python`` in the walls (``python`` itself when opted out);
        bubblewrap writes the program's pid to ``info_fd``."""
        if not self.bwrap:
            return list(python)
        args = [self.bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc",
                "--unshare-uts", "--unshare-cgroup-try"]
        if not network:
            args.append("--unshare-net")
        if info_fd is not None:
            args += ["--info-fd", str(info_fd)]
        # As root the program switches to its own uid, which clears its parent-death signal: bubblewrap's init
        # (root's uid, out of the program's reach) stays pid 1, and its death takes the whole pid namespace.
        # Otherwise that init would share the program's uid, and with it /proc/1/mem and an unfiltered process:
        # the program itself is pid 1.
        if self.root:
            args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        else:
            args += ["--unshare-user", "--disable-userns", "--as-pid-1"]
        parents = sorted({str(p) for b in self.binds for p in Path(b).parents if str(p) != "/"})
        for directory in parents:
            args += ["--perms", "0755", "--dir", directory]
        for path in self.binds:
            args += ["--ro-bind", path, path]
        for path in self.masks:
            args += ["--tmpfs", path, "--remount-ro", path]
        for link in ("bin", "lib", "lib32", "lib64", "libx32", "sbin"):
            target = os.readlink("/" + link) if os.path.islink("/" + link) else None
            if target is not None and not target.startswith("/"):
                args += ["--symlink", target, "/" + link]
        args += ["--proc", "/proc", "--dev", "/dev", "--perms", "0777", "--size", str(disk_mb * 1024 * 1024),
                 "--tmpfs", WORKDIR, "--remount-ro", "/", "--remount-ro", "/dev", "--chdir", WORKDIR, "--"]
        return args + list(python)


_LOCK = threading.Lock()
_CURRENT: list[Walls] = []


def unsafe_allowed() -> bool:
    """The run in progress opted out of the kernel sandbox (``Settings.unsafe_sandbox``, ``--unsafe-sandbox``)."""
    return current_settings().unsafe_sandbox


def current(probe: object) -> Walls:
    """The walls this process uses, found once: bubblewrap if ``probe(walls)`` shows it works, else the opt-out.

    ``probe`` runs a trivial program inside candidate walls and returns an error string or ``None``.
    Raises ``SandboxUnavailableError`` when the kernel sandbox does not work and the user did not opt out.
    """
    with _LOCK:
        if not _CURRENT:
            _CURRENT.append(_find(probe))
        walls = _CURRENT[0]
    if walls.reason and not unsafe_allowed():
        raise SandboxUnavailableError(f"cannot run model-written code safely here ({walls.reason}): "
                                      f"{advice(walls.reason)}, {OPT_OUT}")
    return walls


def advice(reason: str) -> str:
    """What to do about ``reason``: install bubblewrap only when it is missing, allow user namespaces only when
    the kernel refused them; otherwise the cause itself (say, an interpreter the sandbox cannot see) is what
    to fix."""
    if "is not installed" in reason:
        return INSTALL + (" and, when not root, " + ALLOW_USERNS if os.geteuid() else "")
    if "bubblewrap does not start" in reason and any(s in reason for s in _USERNS_REFUSED):
        return ALLOW_USERNS
    return "fix the cause above (bubblewrap itself is installed)"


def interpreter() -> str:
    """The interpreter a sandbox starts: ``sys.executable`` with its folders resolved, its own name kept.

    The walls bind the installation at its real path, so a venv reached through a symlinked folder does not
    exist inside under the path it was started by; the name is kept because a venv's ``python`` is itself a
    link, and the folder that holds it (next to ``pyvenv.cfg``) is what makes it the venv's interpreter.
    """
    if not sys.executable:
        raise SandboxUnavailableError("cannot run model-written code: this Python does not know its own "
                                      "interpreter (sys.executable is empty), so no sandbox can start it")
    folder, name = os.path.split(os.path.abspath(sys.executable))
    return os.path.join(os.path.realpath(folder), name)


def _interpreter_folders() -> list[str]:
    """The real folder of every link from ``interpreter()`` to the binary (venv -> pyenv or conda -> ...): each
    must exist inside the walls for the kernel to follow the chain."""
    path, folders = interpreter(), []
    for _ in range(40):  # the kernel's own limit on nested links
        folders.append(os.path.dirname(path))
        if not os.path.islink(path):
            break
        target = os.path.join(os.path.dirname(path), os.readlink(path))
        path = os.path.join(os.path.realpath(os.path.dirname(target)), os.path.basename(target))
    return folders


def _find(probe: object) -> Walls:
    """Every wall that works here (the opt-out keeps those), with the reasons for those that do not."""
    root, missing = os.geteuid() == 0, []
    try:
        seccomp: bytes | None = seccomp_filter(network=False)
    except (ImportError, OSError, RuntimeError, ValueError) as exc:
        seccomp = None
        missing.append(f"no seccomp filter: {str(exc).strip()[:200]}")
    bwrap = os.environ.get("TABBENCH_BWRAP") or shutil.which("bwrap") or ""
    if not bwrap or not os.access(bwrap, os.X_OK):
        return Walls(None, seccomp, root, "; ".join([*missing, "bubblewrap (bwrap) is not installed"]))
    binds = _binds()
    candidate = Walls(bwrap, seccomp, root, "; ".join(missing), tuple(binds), tuple(_own_packages(binds)))
    error = probe(candidate)  # type: ignore[operator]
    if error:
        return Walls(None, seccomp, root, "; ".join([*missing, f"bubblewrap does not start: {error}"]))
    return candidate


def _binds() -> list[str]:
    """What the child sees, read-only: the Python installation and the system libraries it links against."""
    roots = {"/usr", sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *_interpreter_folders()}
    roots.update(p for p in sys.path if p and "-packages" in p and os.path.isdir(p))
    real = sorted({os.path.realpath(r) for r in roots if r and os.path.exists(r)})
    # a path inside another bound path comes along with it; /etc files keep their own names (links followed)
    etc = [p for p in ("/etc/ld.so.cache", "/etc/localtime", "/etc/fonts") if os.path.exists(p)]
    return [r for r in real if not any(r != o and r.startswith(o.rstrip("/") + "/") for o in real)] + etc


def _own_packages(binds: Sequence[str]) -> list[str]:
    """tabbench's packages installed (not editable) in a bound directory: hidden, their data holds references.

    Looked for in every import directory of this interpreter and every ``site-packages``/``dist-packages`` of a
    bound prefix (``/usr`` included: a system or Docker ``pip install`` puts them under ``/usr/local`` or
    ``/usr/lib/python3/dist-packages``)."""
    roots = [os.path.realpath(b) for b in binds if os.path.isdir(b)]
    sites = {os.path.realpath(p) for p in sys.path if p and os.path.isdir(p)}
    for root in roots:
        for pattern in ("lib*/python3*/*-packages", "local/lib*/python3*/*-packages"):
            sites.update(os.path.realpath(p) for p in Path(root).glob(pattern))
    found = set()
    for site in sites:
        if not any(site == r or site.startswith(r.rstrip("/") + "/") for r in roots) or not os.path.isdir(site):
            continue
        found.update(str(p) for p in Path(site).iterdir() if p.name.startswith("tabbench") and p.is_dir()
                     and not p.name.endswith("-info"))
    return sorted(found)


@functools.cache
def seccomp_filter(*, network: bool) -> bytes:
    """The filter as a BPF program, compiled by libseccomp (for the native architecture; others are killed);
    ``network=True`` leaves ``socket()`` alone (the caller asked for the network)."""
    import pyseccomp as sc

    if os.uname().machine not in ("x86_64", "aarch64"):
        raise RuntimeError(f"clone flag filtering is not validated on {os.uname().machine}")
    filt = sc.SyscallFilter(sc.ALLOW)
    for name in _KILLED:
        try:
            filt.add_rule(sc.KILL_PROCESS, name)
        except (OSError, ValueError, RuntimeError):
            continue  # not a system call on this architecture (fork, mknod on aarch64)
    filt.add_rule(sc.KILL_PROCESS, "clone", sc.Arg(0, sc.MASKED_EQ, _CLONE_THREAD, 0))  # a new process
    for flag in _CLONE_NAMESPACES:
        filt.add_rule(sc.KILL_PROCESS, "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))
    filt.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")  # flags hidden in a struct: glibc falls back to clone
    for name in _REFUSED:
        try:
            filt.add_rule(sc.ERRNO(errno.EPERM), name)
        except (OSError, ValueError, RuntimeError):
            continue  # unknown to this libseccomp or kernel (memfd_secret)
    if not network:
        filt.add_rule(sc.ERRNO(errno.EACCES), "socket", sc.Arg(0, sc.NE, socket.AF_UNIX))
    with tempfile.TemporaryFile() as handle:
        filt.export_bpf(handle)
        handle.seek(0)
        return handle.read()
