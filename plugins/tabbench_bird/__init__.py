"""tabbench plugin: the BIRD benchmark and its execution-accuracy and Soft-F1 rewards (hookimpls only)."""

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("bird", "tabbench_bird.benchmark:BirdBenchmark",
             description="BIRD Text-to-SQL (dev, train, Mini-Dev): execution accuracy, Soft-F1")


@tabbench.hookimpl
def register_suites(register):
    register("text2sql", ["bird"], description="Text-to-SQL: BIRD and Spider")


@tabbench.hookimpl
def register_rewards(register):
    register("bird-ex", "tabbench_bird.rewards:BirdExecution",
             description="BIRD execution accuracy (set equality of result rows)")
    register("bird-soft-f1", "tabbench_bird.rewards:BirdSoftF1",
             description="BIRD Soft-F1 (row-by-row cell overlap of results)")
    register("bird-r-ves", "tabbench_bird.rewards:BirdRVES",
             description="BIRD R-VES (sqrt of the time-ratio reward of a correct prediction)")
