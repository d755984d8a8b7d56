"""tabbench plugin: the Spider benchmark and its execution and exact-set-match rewards (hookimpls only)."""

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):
    register("spider", "tabbench_spider.benchmark:SpiderBenchmark",
             description="Spider 1.0 Text-to-SQL: test-suite execution accuracy, exact-set match, hardness")
    register("spider-syn", "tabbench_spider.variants:SpiderSynBenchmark",
             description="Spider-Syn: Spider with synonym-substituted questions (Spider's metrics)")
    register("spider-realistic", "tabbench_spider.variants:SpiderRealisticBenchmark",
             description="Spider-Realistic: Spider dev without explicit column mentions (Spider's metrics)")
    register("spider-dk", "tabbench_spider.variants:SpiderDKBenchmark",
             description="Spider-DK: Spider questions needing domain knowledge (Spider's metrics)")


@tabbench.hookimpl
def register_suites(register):
    register("text2sql", ["spider"], description="Text-to-SQL: BIRD and Spider")


@tabbench.hookimpl
def register_rewards(register):
    register("spider-ex", "tabbench_spider.rewards:SpiderExecution",
             description="Spider execution match (bag of rows up to column permutation, ORDER BY aware)")
    register("spider-em", "tabbench_spider.rewards:SpiderExactMatch",
             description="Spider exact-set match of clause components (values ignored)")
