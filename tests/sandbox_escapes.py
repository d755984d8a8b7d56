"""Model code that escaped tabbench 0.1's audit-hook-only sandbox, shared by the sandbox's tests (in this process
and as an unprivileged user)."""

#: Model code that starts a shell without any audit event (the first escape of issue 10); ``sh(command)`` returns
#: its output.
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
