"""Any tabbench benchmark as a verifiers taskset (``verifiers.v1``), judged by tabbench's reward plugins.

verifiers finds a taskset by importing the top-level module its id names and taking the one ``Taskset`` subclass
in its ``__all__``; this package is that module for the id ``tabbench-verifiers``:

    vf-eval tabbench-verifiers --taskset.benchmark demo-bird ...
    vf-validate tabbench-verifiers --taskset.benchmark demo-bird --runtime.type subprocess

Each task is one example: its prompt is the benchmark's chat prompt, its data carries the example (gold, database
path, table...) and the grader's settings, so a trace rescores anywhere. The trace's reward (``tabbench``) is the
weighted sum of the configured rewards (``rewards``: ``NAME[:WEIGHT]``, ``reward_options``: ``NAME.KEY=VALUE``, as
``tabbench train``; default the primary metric's reward with the options evaluation gives it), each metric of the
benchmark is a trace metric (``tabbench/<metric>``, left out when not applicable), and every score with its status
is in ``trace.info["tabbench"]``. ``validate`` runs the gold answer through the same rewards: valid when it scores
1.0 on the primary metric, unchecked when the example has no gold or its gold is not applicable. Nothing here
scores: ``tabbench.training.grader_for`` does, through the reward plugins.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import verifiers.v1 as vf
from pydantic import Field

import tabbench
from tabbench.training import Verdict, grader_for, read_examples

__version__ = "0.1.0"


class TabbenchData(vf.TaskData):
    """One example: ``example`` is its JSON (``Example.to_json``), the rest how the grader is built."""

    benchmark: str
    example: str
    data: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    rewards: list[str] = Field(default_factory=list)
    reward_options: list[str] = Field(default_factory=list)


class TabbenchConfig(vf.TasksetConfig):
    benchmark: str = "demo-bird"
    """A tabbench benchmark (`tabbench benchmarks list`)."""
    data: str | None = None
    """Its data path (default: TABBENCH_DATA_<NAME>, the config file, bundled data)."""
    split: str | None = None
    """Its split (default: the benchmark's own)."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Benchmark options, as `tabbench eval -o KEY=VALUE`."""
    rewards: list[str] = Field(default_factory=list)
    """Rewards summed into the trace's reward, `NAME[:WEIGHT]` (default: the primary metric's reward)."""
    reward_options: list[str] = Field(default_factory=list)
    """Options of those rewards, `NAME.KEY=VALUE`."""


class TabbenchTask(vf.Task[TabbenchData]):
    def _grader(self) -> Any:
        data = self.data
        return grader_for(data.benchmark, data.data, data.options, data.rewards, data.reward_options)

    def _grade(self, completion: str) -> Verdict:
        return self._grader().grade([tabbench.Example.from_json(json.loads(self.data.example))], [completion])[0]

    async def _verdict(self, trace: vf.Trace) -> dict[str, Any]:
        """The verdict on the trace's final reply, graded once per trace (metrics run before rewards)."""
        reply = trace.last_reply
        kept = trace.info.get("tabbench")
        if not (isinstance(kept, dict) and kept.get("completion") == reply):
            verdict = await asyncio.to_thread(self._grade, reply)
            kept = trace.info["tabbench"] = {"completion": reply, **verdict.to_json()}
        return kept

    @vf.metric
    async def tabbench_metrics(self, trace: vf.Trace) -> dict[str, float]:
        """Every metric of the benchmark that applies to this example, as ``tabbench eval`` records it."""
        verdict = await self._verdict(trace)
        return {f"tabbench/{name}": score["value"] for name, score in verdict["metrics"].items()
                if score["value"] is not None}

    @vf.reward
    async def tabbench(self, trace: vf.Trace) -> float:
        """The weighted sum of the configured rewards (0.0 when none applies: the status says why)."""
        verdict = await self._verdict(trace)
        return float(verdict["reward"] or 0.0)

    async def validate(self, runtime: Any) -> bool | None:
        """The gold answer through the same rewards: valid when it scores 1.0 on the primary metric."""
        example = tabbench.Example.from_json(json.loads(self.data.example))
        if example.gold is None:
            return None
        grader = self._grader()
        verdict = await asyncio.to_thread(self._grade, grader.benchmark.gold_completion(example))
        return None if verdict.value is None else verdict.value == 1.0


class TabbenchTaskset(vf.Taskset[TabbenchTask, TabbenchConfig]):
    """The examples of ``config.benchmark``'s split, one task each (ids: the example ids)."""

    def load(self) -> Iterator[TabbenchTask]:
        config = self.config
        grader = grader_for(config.benchmark, config.data, config.options, config.rewards, config.reward_options)
        bench = grader.benchmark
        for example in read_examples(bench, config.split):  # as every run reads them: no duplicate id, none empty
            yield TabbenchTask(TabbenchData(
                id=example.id, name=f"{bench.name}/{example.id}", prompt=list(bench.prompt(example)),
                benchmark=bench.name, example=json.dumps(example.to_json(), ensure_ascii=False, sort_keys=True),
                data=config.data, options=config.options, rewards=config.rewards,
                reward_options=config.reward_options), config.task)


__all__ = ["TabbenchTaskset"]
