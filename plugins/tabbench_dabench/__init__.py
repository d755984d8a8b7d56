"""tabbench plugin: InfiAgent-DABench (``dabench``), its closed-form rewards, and the official result tables."""

from typing import Any

import tabbench


@tabbench.hookimpl
def register_benchmarks(register):  # type: ignore[no-untyped-def]
    register("dabench", "tabbench_dabench.benchmark:DABench",
             description="InfiAgent-DABench: data analysis over CSV files, @name[value] answers (accuracy by question)")


@tabbench.hookimpl
def register_rewards(register):  # type: ignore[no-untyped-def]
    register("dabench-all", "tabbench_dabench.rewards:DABenchAll",
             description="DABench: 1 when every @name[value] sub-answer is right (accuracy by question)")
    register("dabench-proportional", "tabbench_dabench.rewards:DABenchProportional",
             description="DABench: fraction of @name[value] sub-answers right (proportional accuracy)")


@tabbench.hookimpl
def after_benchmark(run: Any, benchmark: Any, result: dict[str, Any]) -> None:
    """Add the official tables (accuracy by sub-question, by concept, by concept count) to the results, with
    the two metrics the host aggregated (rounded as upstream prints them)."""
    if getattr(benchmark, "name", None) != "dabench":
        return
    from tabbench_dabench.official import official_tables, record_concepts

    wanted = {e.id for e in benchmark.examples(result.get("split"))}
    samples = [(r.scores.get("accuracy_by_question", {}), record_concepts(r.meta))
               for r in run.samples(benchmark) if r.id in wanted]
    if samples:
        values = {name: result["metrics"][name]["value"] for name in ("accuracy_by_question", "accuracy_proportional")}
        headline = {name: None if value is None else round(value, 4) for name, value in values.items()}
        run.extend(benchmark, "dabench.official",
                   {**headline, **official_tables(samples, strict=bool(benchmark.options.get("strict")))})
