"""A model backend whose every request spends a known number of tokens (``Counting``), for the tests of tokens,
costs and budgets: the run's figures can be computed by hand. ``register(host)`` adds it (and ``silent``, which
counts nothing) to an isolated host that has ``PLUGINS``."""

from __future__ import annotations

import types

import tabbench
from tabbench import Generation, ModelBackend, Usage

PLUGINS = ("demo", "bird", "spider", "sql-rewards")
BENCHMARKS = ("demo-bird", "demo-spider")
LIMIT, BATCH = 7, 3  # batches of 3, 3 and 1 per benchmark
PROMPT, COMPLETION = 100, 10  # what each sample says it spent (completion tokens per completion)


class Counting(ModelBackend):
    """The gold completion, ``n`` times; each request spent ``PROMPT`` prompt tokens and ``COMPLETION`` per
    completion (``counts = False``: says nothing, as a backend without a tokenizer)."""

    name = "counting"
    cacheable = False
    counts = True

    def generate(self, requests, params):
        return tabbench.completions_of(self.name, requests, self.generations(requests, params))

    def generations(self, requests, params):
        usage = Usage(PROMPT, COMPLETION * params.n) if self.counts else None
        return [Generation([r.gold_completion] * params.n, None, {}, usage) for r in requests]

    def fingerprint(self):
        return {"backend": self.name}


def register(host):
    """Add the ``counting`` and ``silent`` backends to ``host`` (an isolated host with ``PLUGINS``)."""
    plugin = types.ModuleType("counting_plugin")
    plugin.register_models = tabbench.hookimpl(lambda register: (register("counting", Counting),
                                                                  register("silent", type("Silent", (Counting,),
                                                                                          {"counts": False}))))
    host.register(plugin, "counting")
    return host
