"""tabbench plugin: the bundled demo benchmarks, the ``demo`` suite and the ``demo`` / ``models build-tiny``
commands (hookimpls only; light imports).

``demo-bird`` is this package's own BIRD-format benchmark. ``demo-spider``, ``demo-tablebench`` and
``demo-crtqa`` are the Spider, TableBench and CRT-QA benchmark plugins pointed at this package's data in their
formats; each is registered only when that plugin is installed.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

import tabbench

# name -> (module:class in this package, plugin package it subclasses, description)
VARIANTS = {
    "demo-spider": ("tabbench_demo.spider_demo:DemoSpider", "tabbench_spider", "bundled Spider-format demo questions"),
    "demo-tablebench": ("tabbench_demo.tablebench_demo:DemoTableBench", "tabbench_tablebench",
                        "bundled TableBench-format (DP) demo items"),
    "demo-crtqa": ("tabbench_demo.crtqa_demo:DemoCRTQA", "tabbench_crtqa", "bundled CRT-QA-format demo items"),
}
DEMO_HELP = "Build the tiny model, train it by SFT then GRPO on the demo suite, evaluate each stage, render a board."
BUILD_TINY_HELP = "Build a tiny Qwen2 causal LM (random weights) with a BPE tokenizer, entirely offline."


def available_variants() -> list[str]:
    return [name for name, (_, package, _) in VARIANTS.items() if find_spec(package) is not None]


@tabbench.hookimpl
def register_benchmarks(register):
    register("demo-bird", "tabbench_demo.benchmark:DemoBenchmark",
             description="bundled templated Text-to-SQL questions in BIRD's format (train/test), execution accuracy")
    for name in available_variants():
        target, _, description = VARIANTS[name]
        register(name, target, description=description)


@tabbench.hookimpl
def register_suites(register):
    register("demo", ["demo-bird", *available_variants()],
             description="the bundled demo benchmarks (train and held-out splits; `tabbench demo` trains on them)")


@tabbench.hookimpl
def register_commands(cli: Any) -> None:
    """``tabbench demo`` and ``tabbench models build-tiny``, imported only when they run."""
    cli.add_lazy_command("demo", "tabbench_demo.commands:demo_command", DEMO_HELP)
    cli.add_lazy_command("build-tiny", "tabbench_demo.commands:build_tiny_command", BUILD_TINY_HELP, parent="models")
