"""Run model-written Python in a throw-away process walled off by the kernel; the evaluator never ``exec``s it.

Each call of ``run_python`` starts a fresh interpreter (``python -I``) inside bubblewrap namespaces, where only
the Python installation (read-only) and the run's own size-capped tmpfs working directory exist; ``/proc``
shows only the sandbox's processes, the network namespace is empty. A seccomp filter compiled by libseccomp
is installed before any model code runs: no exec, no new processes, no device nodes or FIFOs, no mounts or
namespaces. Resource limits cap CPU (SIGXCPU is reported as ``timeout``), memory, file size, open files and
threads; an audit hook remains as a second, Python-level layer. Where the kernel sandbox cannot run, calls
raise ``SandboxUnavailableError`` unless the user opted out (``--unsafe-sandbox`` /
``TABBENCH_UNSAFE_SANDBOX=1``); ``require(user)`` raises it before a run that needs the sandbox generates anything.
docs/sandbox.md states the guarantees, how each is enforced, and what remains.

Public API (stable): ``run_python``, ``SandboxResult``, ``StepResult``, ``isolation``, ``require``,
``SandboxUnavailableError``, ``unsafe_allowed``.
"""

from tabbench.sandbox.run import SandboxResult, StepResult, isolation, require, run_python
from tabbench.sandbox.walls import SandboxUnavailableError, unsafe_allowed

__all__ = ["SandboxResult", "SandboxUnavailableError", "StepResult", "isolation", "require", "run_python",
           "unsafe_allowed"]
