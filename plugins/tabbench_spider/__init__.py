"""tabbench plugin: the Spider benchmark and its execution and exact-set-match rewards (hookimpls only)."""

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("spider", "tabbench_spider.benchmark:SpiderBenchmark",
             description="Spider 1.0 Text-to-SQL: test-suite execution accuracy, exact-set match, hardness")


@tabbench.hookimpl
def register_suites(register):
    register("text2sql", ["spider"], description="Text-to-SQL: BIRD and Spider")


@tabbench.hookimpl
def register_rewards(register):
    register("spider-ex", "tabbench_spider.rewards:SpiderExecution",
             description="Spider execution match (bag of rows up to column permutation, ORDER BY aware)")
    register("spider-em", "tabbench_spider.rewards:SpiderExactMatch",
             description="Spider exact-set match of clause components (values ignored)")
