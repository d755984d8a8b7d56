"""The TableBench benchmark (DP, TCoT, SCoT, PoT), scored by the table-QA reward plugins.

Registers the ``tablebench`` benchmark, the ``tablebench-mix`` reward (the official per-subtype metric) and
an ``after_benchmark`` hook that adds the official result tables to the run's results
(``extensions["tablebench.official"]``).
"""

from typing import Any

import tabbench

__version__ = "0.2.0"


@tabbench.hookimpl
def register_benchmarks(register):  # type: ignore[no-untyped-def]
    register("tablebench", "tabbench_tablebench.benchmark:TableBench",
             description="TableBench: fact checking, numerical reasoning, data analysis, charts (ROUGE-L primary)")


@tabbench.hookimpl
def register_suites(register):  # type: ignore[no-untyped-def]
    register("tableqa", ["tablebench"], description="table reasoning: CRT-QA, TableBench, RealHiTBench, TEMPTABQA-C")


@tabbench.hookimpl
def register_rewards(register):  # type: ignore[no-untyped-def]
    register("tablebench-mix", "tabbench_tablebench.rewards:TableBenchMix",
             description="TableBench's per-subtype metric (EM / EM within 10% / ROUGE-L / chart Pass@1)")


@tabbench.hookimpl
def after_benchmark(run: Any, benchmark: Any, result: dict[str, Any]) -> None:
    """Add the official subtype/type tables (deterministic, and with the official quirks) to results.json.

    They aggregate the per-sample scores the reward plugins recorded for this run; no metric is recomputed here.
    """
    if getattr(benchmark, "name", None) != "tablebench":
        return
    from tabbench_tablebench.official import official_tables

    wanted = {e.id for e in benchmark.examples(result.get("split"))}
    samples = [{"qtype": r.meta.get("qtype"), "qsubtype": r.meta.get("qsubtype"),
                "instruction_type": r.meta.get("instruction_type", "DP"), "scores": r.scores}
               for r in run.samples(benchmark) if r.id in wanted]
    if not samples:
        return
    run.extend(benchmark, "tablebench.official", {
        "deterministic": official_tables(samples),
        "as_official_script": official_tables(samples, rouge="bootstrap", pass_as_fraction=True),
        "note": "deterministic: plain mean ROUGE-L, Pass@1 x100 in Overall; as_official_script: seeded bootstrap "
                "ROUGE-L median and Pass@1 as a fraction in Overall (the official bug); see the tablebench README",
    })
