"""tabbench plugin: the bundled demo benchmarks and the ``demo`` suite (hookimpls only; light imports).

``demo`` is this package's own BIRD-format benchmark. ``demo-spider``, ``demo-tablebench`` and ``demo-crtqa``
are the Spider, TableBench and CRT-QA benchmark plugins pointed at this package's data in their formats;
each is registered only when that plugin is installed.
"""

from __future__ import annotations

from importlib.util import find_spec

import tabbench

# name -> (module:class in this package, plugin package it subclasses, description)
VARIANTS = {
    "demo-spider": ("tabbench_demo.spider_demo:DemoSpider", "tabbench_spider", "bundled Spider-format demo questions"),
    "demo-tablebench": ("tabbench_demo.tablebench_demo:DemoTableBench", "tabbench_tablebench",
                        "bundled TableBench-format (DP) demo items"),
    "demo-crtqa": ("tabbench_demo.crtqa_demo:DemoCRTQA", "tabbench_crtqa", "bundled CRT-QA-format demo items"),
}


def available_variants() -> list[str]:
    return [name for name, (_, package, _) in VARIANTS.items() if find_spec(package) is not None]


@tabbench.hookimpl
def register_benchmarks(register):
    register("demo", "tabbench_demo.benchmark:DemoBenchmark",
             description="bundled templated Text-to-SQL questions in BIRD's format (train/test), execution accuracy")
    for name in available_variants():
        target, _, description = VARIANTS[name]
        register(name, target, description=description)


@tabbench.hookimpl
def register_suites(register):
    register("demo", ["demo", *available_variants()],
             description="the bundled demo benchmarks: runs in about a minute on a CPU with the tiny model")
