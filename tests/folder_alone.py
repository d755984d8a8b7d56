"""Open run folders in the viewer with every plugin unavailable, counting what would have needed one.

``python -m tests.folder_alone [--plugins] RUN...`` (a fresh process: the counters must be in place before
tabbench is imported) makes every file of the viewer's site for the given run folders and prints one JSON object:

- ``counts``: plugin modules imported (``tabbench_*``: every plugin; blocked so that none can load, unless
  ``--plugins`` lets them, as ``benchmarks/view_speed.py`` does to measure a viewer that loads them), calls of
  the plugin host and of the benchmark/reward/class look-ups, SQL executions (``tabbench.sql.batch.run_queries``,
  the one place queries run, and any ``sqlite3.connect``), sandboxed programs (``tabbench.sandbox.run``), and
  new processes (``subprocess.Popen``, ``os.fork``);
- ``seconds``: wall time to read the folders and make every file (the run summary, each grid, each chunk);
  ``seconds_to_grids``: the part until the run summary and every grid were made (opening a benchmark's page);
- ``benchmarks``: per benchmark, how many grid rows show a question and a gold answer, and how many samples
  show a prompt, a question, a gold answer and answer clusters, with the first clustered sample in full.

Used by ``tests/test_run_format.py`` (zero plugins, zero executions) and ``benchmarks/view_speed.py``.
"""

from __future__ import annotations

import importlib.abc
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from typing import Any

COUNTS: Counter[str] = Counter()


class _Plugins(importlib.abc.MetaPathFinder):
    """Counts each import of a plugin package (``tabbench_*``) and, with ``block``, refuses it: the plugins are
    not installed."""

    def __init__(self, block: bool) -> None:
        self.block = block

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.split(".")[0].startswith("tabbench_") and name not in sys.modules:
            COUNTS["plugin_imports"] += 1
            if self.block:
                raise ImportError(f"{name}: plugins are unavailable here (tests/folder_alone.py)")
        return None


def _counted(owner: Any, attribute: str, key: str) -> None:
    """Count the calls of ``owner.attribute``, also where a loaded tabbench module imported it by name."""
    original = getattr(owner, attribute)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        COUNTS[key] += 1
        return original(*args, **kwargs)

    setattr(owner, attribute, wrapper)
    for name, module in list(sys.modules.items()):
        if (name == "tabbench" or name.startswith("tabbench.")) and getattr(module, attribute, None) is original:
            setattr(module, attribute, wrapper)


def install(block: bool = True) -> None:
    """Block the plugins (unless not ``block``) and count the calls named in the module docstring (before
    tabbench is imported)."""
    assert not any(name == "tabbench" or name.startswith("tabbench.") for name in sys.modules), \
        "install() must run before tabbench is imported"
    sys.meta_path.insert(0, _Plugins(block))
    _counted(sqlite3, "connect", "sqlite_connects")
    _counted(subprocess.Popen, "__init__", "processes")
    os.register_at_fork(before=lambda: COUNTS.update(["forks"]))
    import tabbench.host.lookup as lookup
    import tabbench.host.plugins as plugins
    import tabbench.sandbox.run as sandbox
    import tabbench.sql.batch as batch

    _counted(plugins, "host", "plugin_host_calls")
    for name in ("get_benchmark", "get_reward", "benchmark_class", "load_class"):
        _counted(lookup, name, "plugin_lookups")
    _counted(batch, "run_queries", "sql_executions")
    _counted(sandbox, "_run", "sandboxed_programs")


def _data(made: bytes) -> Any:
    """The value of a data file ``tbData(key, value);``."""
    text = made.decode()
    return json.loads(text[text.index(",") + 1:text.rindex(")")])


def open_folders(paths: list[str], block: bool = True) -> dict[str, Any]:
    install(block)
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import Site

    start = time.perf_counter()
    site = Site([read_run(path) for path in paths])
    names = list(site.files())
    made = {name: site.file(name) for name in names if not name.rsplit("/", 1)[-1].startswith("c")}
    opened = time.perf_counter() - start  # the run summary and every grid: what opening a benchmark needs
    made.update((name, site.file(name)) for name in names if name not in made)
    seconds = time.perf_counter() - start
    benchmarks: dict[str, Any] = {}
    for r, run in enumerate(site.benchmarks):
        for b, bench in enumerate(run):
            grid = _data(made[f"data/r{r}/b{b}/grid.js"] or b"")
            samples = [sample for name, content in made.items() if name.startswith(f"data/r{r}/b{b}/c")
                       for sample in _data(content or b"")]
            clustered = [s for s in samples if s.get("clusters")]
            benchmarks[f"{r}/{bench.name}"] = {
                "rows": len(grid["rows"]), "rows_with_question": sum(bool(row["q"]) for row in grid["rows"]),
                "rows_with_gold": sum(row["g"] is not None for row in grid["rows"]),
                "samples": len(samples), "with_prompt": sum(bool(s.get("prompt")) for s in samples),
                "with_question": sum(bool(s.get("question")) for s in samples),
                "with_gold": sum(s.get("gold") is not None for s in samples),
                "with_clusters": len(clustered), "clustered": clustered[0] if clustered else None,
            }
    import tabbench

    return {"counts": dict(COUNTS), "seconds": seconds, "seconds_to_grids": opened, "benchmarks": benchmarks,
            "tabbench": tabbench.__file__}


if __name__ == "__main__":
    arguments = sys.argv[1:]
    plugins = "--plugins" in arguments
    print(json.dumps(open_folders([a for a in arguments if a != "--plugins"], block=not plugins), default=str))
