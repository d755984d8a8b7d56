"""Every tabbench benchmark as an Inspect task: ``inspect eval tabbench/demo_bird --model ...``.

Inspect names a task ``<package>/<function>`` after the top-level package that defines it, and loads the package's
``inspect_ai`` entry point when a command names it: this module is that entry point (``tabbench``), and registers one
task per installed benchmark (dashes become underscores: ``demo-bird`` is ``tabbench/demo_bird``). Task arguments
(``-T KEY=VALUE``): ``split``, ``data`` (the data path), any other is a benchmark option (``tabbench eval -o``).

A sample is one example: the benchmark's chat prompt as input, its gold completion as target, its example (JSON) and
its breakdown keys (``difficulty``, ``db_id``...) in the metadata. The solver is Inspect's ``generate()`` (single
turn). The scorer, ``tabbench_scorer``, judges the completion with the benchmark's metric rewards
(``tabbench.training.grader_for``, through ``score_batch``): the value is the primary metric's, the explanation its
status (``match``, ``mismatch``, ``exec_error``...), the answer the benchmark's extracted answer, the metadata every
metric's score. A sample whose primary metric does not apply
(the gold failed) is left unscored, as ``tabbench eval`` leaves it out of the mean; its verdict is still in the
metadata.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate
from inspect_ai.util import registry_info

from tabbench.contract.types import Example
from tabbench.evaluation.plan import read_examples
from tabbench.host.lookup import registered_names
from tabbench.training.grading import grader_for


@scorer(metrics=[mean(), stderr()])
def tabbench_scorer(benchmark: str, data: str | None = None, options: dict[str, Any] | None = None) -> Scorer:
    """The benchmark's reward plugins on the model's completion (the primary metric is the value)."""

    async def score(state: TaskState, target: Target) -> Score | None:
        grader = grader_for(benchmark, data, options)
        example = Example.from_json(json.loads(state.metadata["tabbench_example"]))
        verdict = (await asyncio.to_thread(grader.grade, [example], [state.output.completion]))[0]
        if verdict.value is None:
            return None
        return Score(value=verdict.value, answer=verdict.answer, explanation=verdict.status,
                     metadata=verdict.to_json())

    return score


def benchmark_task(benchmark: str, split: str | None = None, data: str | None = None, **options: Any) -> Task:
    """The Inspect task of ``benchmark``'s ``split`` on ``data`` built with ``options``."""
    bench = grader_for(benchmark, data, options).benchmark
    samples = [Sample(input=[dict(m) for m in bench.prompt(e)], target=bench.gold_completion(e) or "", id=e.id,
                      metadata={**e.meta, "tabbench_example": json.dumps(e.to_json(), ensure_ascii=False,
                                                                        sort_keys=True)})
               for e in read_examples(bench, split)]  # as every run reads them: no duplicate id, none empty
    return Task(dataset=MemoryDataset(samples, name=bench.name), solver=generate(),
                scorer=tabbench_scorer(benchmark, data, options), name=benchmark.replace("-", "_"),
                version=str(bench.version), metadata={"tabbench_benchmark": benchmark,
                                                      "split": bench.check_split(split)})


def _register(benchmark: str) -> None:
    def make(split: str | None = None, data: str | None = None, **options: Any) -> Task:
        return benchmark_task(benchmark, split, data, **options)

    name = make.__name__ = make.__qualname__ = benchmark.replace("-", "_")
    make.__doc__ = f"tabbench's {benchmark}, scored by its reward plugins."
    registered = task(name=name)(make)
    if registry_info(registered).name != f"tabbench/{name}":
        # Inspect prefixes the package only when it finds tabbench installed; from a source tree whose stale
        # tabbench.egg-info shadows the install's metadata (the repository root on sys.path), it does not
        registered = task(name=f"tabbench/{name}")(make)
    globals()[name] = registered


for _name in registered_names("benchmark"):
    _register(_name)
