"""``python -m tabbench_demo.stage SEED THREADS ARGS...``: one ``tabbench`` command in a fresh process, pinned by
``tabbench.reproducible`` to SEED and THREADS before torch loads. ``tabbench demo`` runs its stages this way, one
after another on two threads each, so a two-core machine is busy on both cores and every stage's numbers are the
same on every run (thread counts change the last bits of a sum, so each stage always gets the same count)."""

from __future__ import annotations

import os
import runpy
import sys


def main(argv: list[str]) -> None:
    """Pin, then run ``tabbench ARGS`` as ``python -m tabbench`` would."""
    from tabbench.reproducible import configure

    seed, threads, *args = argv
    configure(int(seed), int(threads))
    os.environ["HF_HUB_DISABLE_PROGRESS_BARS"] = "1"  # transformers' "Loading weights" bar: one line per stage
    sys.argv = ["tabbench", *args]
    runpy.run_module("tabbench", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
