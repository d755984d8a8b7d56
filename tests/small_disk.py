"""Run a plan of commands on a small tmpfs, mounted in a private mount namespace (``unshare -rm``): a real full disk
for the crash-consistency tests, with no privileges and nothing left mounted afterwards.

``plan`` is a list of steps, run in order inside the namespace: ``{"mount": DIR, "size": BYTES}`` (an empty
tmpfs at DIR), ``{"copy": [SRC, DST]}``, ``{"fill": DIR, "free": BYTES}`` (a file taking all but BYTES of the
space), ``{"unfill": DIR}``, ``{"clear": DIR}`` (everything in it removed), ``{"mkdir": DIR}``, ``{"run": ARGV,
"name": NAME}`` (its exit code and stderr are reported under NAME) and ``{"save": [SRC, DST]}`` (a copy out of the
tmpfs, hidden files included, to look at after the namespace is gone). ``run_plan`` returns the reports, or skips
the test where namespaces cannot be made.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import cache
from typing import Any

import pytest


@cache
def why_not() -> str | None:
    """Why no tmpfs can be mounted in a private namespace here (``None``: it can)."""
    if shutil.which("unshare") is None:
        return "unshare (util-linux) is not installed"
    try:
        done = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt || "
                               "mount -t tmpfs -o size=4k tmpfs /tmp"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare -rm failed: {exc}"
    return None if done.returncode == 0 else f"no user and mount namespaces here: {done.stderr.strip()[:200]}"


def run_plan(plan: list[dict[str, Any]], env: dict[str, str]) -> dict[str, dict[str, Any]]:
    reason = why_not()
    if reason is not None:
        pytest.skip(reason)
    done = subprocess.run(["unshare", "-rm", sys.executable, __file__], input=json.dumps(plan), capture_output=True,
                          text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _fill(folder: str, free: int) -> None:
    path = os.path.join(folder, ".filler")
    with open(path, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass
    size = os.path.getsize(path)
    os.truncate(path, max(0, size - free))


def main() -> None:
    reports: dict[str, dict[str, Any]] = {}
    for step in json.loads(sys.stdin.read()):
        if "mount" in step:
            os.makedirs(step["mount"], exist_ok=True)
            subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={step['size']}", "tmpfs", step["mount"]],
                           check=True)
        elif "copy" in step:
            shutil.copytree(*step["copy"], symlinks=True)
        elif "fill" in step:
            _fill(step["fill"], step["free"])
        elif "unfill" in step:
            os.remove(os.path.join(step["unfill"], ".filler"))
        elif "mkdir" in step:
            os.makedirs(step["mkdir"], exist_ok=True)
        elif "clear" in step:
            for name in os.listdir(step["clear"]):
                path = os.path.join(step["clear"], name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
        elif "save" in step:
            source, target = step["save"]
            if os.path.exists(source):
                shutil.copytree(source, target, symlinks=True)
        elif "run" in step:
            done = subprocess.run(step["run"], capture_output=True, text=True, timeout=300)
            reports[step["name"]] = {"code": done.returncode, "stderr": done.stderr}
    print(json.dumps(reports))


if __name__ == "__main__":
    main()
