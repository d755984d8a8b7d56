"""Rewards by name for training: which reward plugins a run optimises, with what options and weights, and the
TRL reward functions the host adapter builds from them (the one rule: plugins score, trainers never do)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import tabbench
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Environment
from tabbench.contract.errors import UsageError
from tabbench.contract.types import Example
from tabbench.evaluation.options import named_options


@dataclass
class RewardSpec:
    """One reward: a registered reward plugin, its options and its weight in the sum; with ``benchmark``, it
    scores only that benchmark's rows (``None``, not applicable, elsewhere)."""

    name: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    benchmark: str | None = None

    @property
    def label(self) -> str:
        """The name TRL logs it under (``rewards/<label>/mean``)."""
        return f"{self.benchmark}/{self.name}" if self.benchmark else self.name

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "weight": self.weight, "options": self.options,
                **({"benchmark": self.benchmark} if self.benchmark else {})}


def parse_reward_spec(text: str) -> tuple[str, float]:
    name, sep, weight = text.rpartition(":")
    if not sep:
        return text, 1.0
    try:
        value = float(weight)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise UsageError(f"--reward {text!r}: the weight after ':' must be a finite number")
    return name, value


def resolve_rewards(
    specs: Sequence[str], option_pairs: Sequence[str], benchmarks: Sequence[Benchmark]
) -> list[RewardSpec]:
    """Rewards to optimise: the given names (scoring every row), else each benchmark's primary metric reward
    with that metric's options, scoring only that benchmark's rows (multi-task training: every example is
    scored by its own benchmark's metric, the others return ``None``).

    A given reward that is also one of the benchmarks' metric rewards starts from that metric's options, so
    the number trained on is the number reported; another starts from what the (first) benchmark offers a reward
    it never named, as ``tabbench rescore`` builds one (``--timeout`` among them, when the reward declares it).
    ``--reward-option [NAME:]KEY=VALUE`` overrides (every reward's KEY, or reward NAME's).
    """
    from tabbench.contract.types import MetricSpec
    from tabbench.host.metrics import with_benchmark_options

    if not specs:
        resolved = []
        for benchmark in benchmarks:
            # the options evaluation builds the reward with
            metric = next(m for m in tabbench.metric_specs(benchmark) if m.name == benchmark.primary_metric)
            resolved.append(RewardSpec(metric.reward, 1.0, dict(metric.options),
                                       benchmark.name if len(benchmarks) > 1 else None))
    else:
        metric_options: dict[str, dict[str, Any]] = {}
        for benchmark in benchmarks:
            for metric in tabbench.metric_specs(benchmark):  # the options evaluation builds the reward with
                metric_options.setdefault(metric.reward, dict(metric.options))
        parsed = [parse_reward_spec(s) for s in specs]
        names = [name for name, _ in parsed]
        if len(set(names)) != len(names):
            raise UsageError(f"--reward names a reward twice ({', '.join(names)}); give one weight per reward")
        first = benchmarks[0]
        resolved = [RewardSpec(name, weight, dict(metric_options[name] if name in metric_options else
                                                  with_benchmark_options(type(first), MetricSpec(name, name),
                                                                         first.options).options))
                    for name, weight in parsed]
    names = list(dict.fromkeys(spec.name for spec in resolved))  # a reward name: every benchmark's copy of it
    given = named_options(option_pairs, names, "--reward-option", dotted=True)
    for spec in resolved:
        spec.options.update(given[spec.name])
    for spec in resolved:
        tabbench.get_reward(spec.name, **spec.options)  # unknown names and bad options fail before training
    return resolved


def require_sandbox(specs: Sequence[RewardSpec], examples: Sequence[tuple[Benchmark, Example]],
                    environment: Environment | None = None, recorded: bool = False) -> None:
    """Stop before the model loads when training will run model-written code on a machine without the kernel
    sandbox: the one rule of every run (``tabbench.evaluation.plan.check_sandbox``) applied to the ``--env``
    environment's tools, each reward's extractor on its benchmarks' examples and (``recorded``) each benchmark's
    answer extractor."""
    from tabbench.evaluation.plan import check_sandbox

    benchmarks = {b.name: b for b, _ in examples}
    rows = {name: [e for b, e in examples if b.name == name] for name in benchmarks}
    checks = [(f"reward {spec.label!r}", tabbench.get_reward(spec.name, **spec.options).extractor,
               [e for name, items in rows.items() if spec.benchmark in (None, name) for e in items]) for spec in specs]
    if recorded:
        checks += [(f"benchmark {name!r}", b.answer_extractor(), rows[name]) for name, b in benchmarks.items()]
    check_sandbox(checks, environment)


def trl_reward_funcs(specs: Sequence[RewardSpec]) -> list[Any]:
    """TRL reward functions for ``specs``, built by the host adapter (the one rule: plugins score)."""
    from tabbench.adapters import trl_reward

    funcs = []
    for spec in specs:
        func = trl_reward(spec.name, name=spec.label, **spec.options)
        funcs.append(BenchmarkReward(func, spec.benchmark) if spec.benchmark else func)
    return funcs


class BenchmarkReward:
    """A TRL reward function restricted to one benchmark's rows (the ``benchmark`` column): it scores those and
    returns ``None`` for the others, which TRL leaves out of that reward's mean and of the weighted sum (and TAO
    out of a sample's sum and statuses)."""

    def __init__(self, inner: Any, benchmark: str) -> None:
        self.inner = inner
        self.benchmark = benchmark
        self.__name__ = inner.__name__

    @property
    def status_counts(self) -> Any:
        return self.inner.status_counts

    def scores(self, completions: list[Any], columns: dict[str, Any]) -> list[Any]:
        """The inner ``scores`` (``Score`` objects) of this benchmark's rows; ``None`` for the others."""
        return self._own_rows(len(completions), columns, lambda pick: self.inner.scores(
            pick(list(completions)), {k: pick(v) for k, v in columns.items()}))

    def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] | None = None,
                 **kwargs: Any) -> list[float | None]:
        n = len(completions or [])
        return self._own_rows(n, kwargs, lambda pick: self.inner(
            prompts=pick(list(prompts or [None] * n)), completions=pick(list(completions or [])),
            **{k: pick(v) for k, v in kwargs.items()}))

    def _own_rows(self, n: int, columns: dict[str, Any], score: Callable[[Callable[[Any], Any]], list[Any]]
                  ) -> list[Any]:
        """``score(pick)`` on the rows whose ``benchmark`` column names this benchmark (``pick`` keeps those rows
        of a column), spread back over ``n`` rows with ``None`` for the others."""
        rows = columns.get("benchmark") or [None] * n
        keep = [i for i in range(n) if rows[i] == self.benchmark]
        values: list[Any] = [None] * n
        if keep:
            def pick(value: Any) -> Any:
                return [value[i] for i in keep] if isinstance(value, list | tuple) and len(value) == n else value

            for i, value in zip(keep, score(pick), strict=True):
                values[i] = value
        return values
