"""The evaluation loop shared by ``tabbench eval`` and ``tabbench score``.

For each benchmark: examples → prompts (hashed) → completions from a ``Completer`` in batches → the
benchmark's metric rewards → one ``SampleRecord`` appended per example → aggregation → ``results.json``.
Where the completions come from (a model backend, a predictions file) is the only thing the two commands
do differently.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from tabbench import __version__
from tabbench.contract.backend import GenerationRequest
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import DataError
from tabbench.contract.hashing import file_sha256, stable_hash
from tabbench.contract.reward import Reward, safe_score
from tabbench.contract.types import Example, SampleRecord, Score, Status
from tabbench.evaluation.aggregate import aggregate
from tabbench.evaluation.store import SCHEMA_VERSION, RunStore
from tabbench.host.lookup import get_reward
from tabbench.host.plugins import host


class Completer(Protocol):
    """Where completions come from: ``n`` completions per request, in order."""

    def __call__(self, benchmark: Benchmark, requests: Sequence[GenerationRequest]) -> list[list[str]]: ...


Chooser = Callable[[Benchmark, Example, list[str]], int]
"""Picks which of an example's completions is scored (default: the first). Self-consistency votes plug in here."""


@dataclass
class Run:
    """A run in progress: what lifecycle hooks receive."""

    out_dir: Path
    config: dict[str, Any]
    benchmarks: list[Benchmark]
    store: RunStore
    split: str | None = None
    limit: int | None = None
    batch_size: int = 32
    model: dict[str, Any] = field(default_factory=dict)
    seeds: dict[str, int] = field(default_factory=dict)
    show_progress: bool = True


def prompt_hash(messages: Sequence[dict[str, str]]) -> str:
    return stable_hash(list(messages))


def score_examples(
    benchmark: Benchmark, rewards: dict[str, Reward], examples: Sequence[Example], completions: Sequence[str]
) -> dict[str, list[Score]]:
    """Score ``completions`` with every metric reward; a reward whose batch call raises costs a reward_error."""
    items = list(zip(examples, completions, strict=True))
    scores: dict[str, list[Score]] = {}
    for name, reward in rewards.items():
        try:
            batch = reward.score_batch(items)
            if len(batch) != len(items):
                raise ValueError(f"score_batch returned {len(batch)} scores for {len(items)} items")
        except Exception:
            batch = [safe_score(reward, example, completion) for example, completion in items]
        scores[name] = batch
    return scores


def metric_rewards(benchmark: Benchmark) -> dict[str, Reward]:
    return {spec.name: get_reward(spec.reward, **spec.options) for spec in benchmark.metrics}


def _batched(items: Sequence[Example], size: int) -> Iterator[Sequence[Example]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def select_examples(benchmark: Benchmark, split: str | None, limit: int | None) -> list[Example]:
    """The examples a run covers: the split in the benchmark's order, cut to ``limit``; ids must be unique."""
    examples = list(benchmark.examples(benchmark.check_split(split)))
    seen: set[str] = set()
    for example in examples:
        if example.id in seen:
            raise DataError(f"benchmark {benchmark.name!r}: duplicate example id {example.id!r}")
        seen.add(example.id)
    return examples[:limit] if limit is not None else examples


def run_benchmark(run: Run, benchmark: Benchmark, completer: Completer, choose: Chooser | None = None) -> dict:
    """Generate and score the examples of ``benchmark`` not yet in the run, then aggregate all of them."""
    name = benchmark.name
    examples = select_examples(benchmark, run.split, run.limit)
    done = {record.id for record in run.store.read_samples(name)}
    todo = [e for e in examples if e.id not in done]
    rewards = metric_rewards(benchmark)
    hooks = host()
    with _progress(run.show_progress, f"{name}", total=len(examples), completed=len(examples) - len(todo)) as tick:
        for chunk in _batched(todo, run.batch_size):
            messages = [benchmark.prompt(e) for e in chunk]
            requests = [
                GenerationRequest(m, e, name, benchmark.gold_completion(e))
                for m, e in zip(messages, chunk, strict=True)
            ]
            outputs = completer(benchmark, requests)
            chosen = [
                outs[choose(benchmark, e, outs)] if choose and len(outs) > 1 else (outs[0] if outs else "")
                for e, outs in zip(chunk, outputs, strict=True)
            ]
            scores = score_examples(benchmark, rewards, chunk, chosen)
            for i, example in enumerate(chunk):
                primary = scores[benchmark.primary_metric][i]
                record = SampleRecord(
                    id=example.id,
                    prompt_hash=prompt_hash(messages[i]),
                    completions=outputs[i],
                    answer=benchmark.extract(example, chosen[i]),
                    status=primary.status.value,
                    score=primary.value,
                    scores={metric: scores[metric][i].to_json() for metric in scores},
                    meta=dict(example.meta),
                    transcript=getattr(completer, "transcripts", {}).get(example.id),  # --env rollouts
                )
                run.store.append(name, record)
                hooks.call("after_sample_scored", run=run, benchmark=benchmark, record=record)
            tick(len(chunk))
    wanted = {e.id: i for i, e in enumerate(examples)}
    records = sorted((r for r in run.store.read_samples(name) if r.id in wanted), key=lambda r: wanted[r.id])
    result = aggregate(records, [s.name for s in benchmark.metrics], benchmark.primary_metric, benchmark.breakdown_keys)
    parse_failures = sum(result["status_counts"].get(s.value, 0) for s in (Status.PARSE_FAIL, Status.NO_SQL))
    return {
        "version": benchmark.version,
        "split": benchmark.check_split(run.split),
        "options": benchmark.options,
        "data": _data_record(benchmark, run.split),
        "metric_rewards": [
            {"name": s.name, "reward": s.reward, "options": s.options, "reward_version": rewards[s.name].version}
            for s in benchmark.metrics
        ],
        **result,
        "parse_fail_rate": parse_failures / len(records) if records else None,
    }


def _data_record(benchmark: Benchmark, split: str | None) -> dict[str, Any]:
    files = benchmark.data_files(split)
    return {
        "path": str(benchmark.data_path) if benchmark.data_path else None,
        "files": {str(p): file_sha256(p) for p in files if Path(p).is_file()},
    }


def execute(run: Run, completer: Completer, choose: Chooser | None = None) -> dict[str, Any]:
    """Run every benchmark of ``run`` and write ``results.json``; returns its content."""
    hooks = host()
    hooks.call("before_run", run=run)
    results: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "tabbench_version": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "plugins": {p.name: p.version for p in host().plugins.values() if p.status == "ok"},
        "config": run.config,
        "seeds": run.seeds,
        "model": run.model,
        "benchmarks": {},
    }
    try:
        for benchmark in run.benchmarks:
            hooks.call("before_benchmark", run=run, benchmark=benchmark)
            result = run_benchmark(run, benchmark, completer, choose)
            results["benchmarks"][benchmark.name] = result
            hooks.call("after_benchmark", run=run, benchmark=benchmark, result=result)
        run.store.write_results(results)
    finally:
        run.store.close()
    hooks.call("after_run", run=run, results=results)
    return results


class _progress:
    """A rich progress bar on stderr for one benchmark; a no-op when disabled."""

    def __init__(self, enabled: bool, label: str, total: int, completed: int) -> None:
        self.enabled, self.label, self.total, self.completed = enabled, label, total, completed

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda n: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self._bar.start()
        task = self._bar.add_task(self.label, total=self.total, completed=self.completed)
        return lambda n: self._bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._bar.stop()
