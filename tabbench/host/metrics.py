"""How the host builds a benchmark's metric rewards from its options: the one mechanism, used by evaluation,
the audit and the verl adapter.

For each ``MetricSpec`` in the benchmark's class attribute ``metrics``, the reward is built with
``spec.options`` overlaid by ``Benchmark.metric_options(spec, options)`` restricted to the options the reward
declares (``Reward.option_defaults`` or its ``__init__`` keywords). So ``--timeout`` and ``-o`` reach every
reward that takes them, first-party or not, and a reward never receives an option it does not know.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError
from tabbench.contract.reward import Reward, declared_options
from tabbench.contract.types import MetricSpec
from tabbench.host.lookup import get_reward, load_class


def metric_specs(benchmark: Benchmark | type[Benchmark], options: Mapping[str, Any] | None = None, *,
                 leave_out: Collection[str] = ()) -> tuple[MetricSpec, ...]:
    """The benchmark's metrics with the options their rewards will be built with (what results record).

    ``benchmark`` is an instance (its ``options``) or a class (with ``options``, default its defaults).
    ``leave_out``: metrics not wanted, whose reward classes are not even loaded (a run's removed metrics: their
    plugins may be gone).
    """
    cls = benchmark if isinstance(benchmark, type) else type(benchmark)
    if isinstance(benchmark, type):
        from tabbench.contract.options import defaults

        effective = {**defaults(cls.option_defaults), **(options or {})}
        specs = cls.metrics
        if not isinstance(specs, tuple | list):
            raise ConfigError(f"benchmark {cls.name!r} computes its metrics from its options and data: "
                              "build the benchmark (tabbench.get_benchmark) and pass it instead of its class")
    else:
        effective = dict(benchmark.options)
        specs = benchmark.metrics  # a class attribute, or computed from the options (a property)
    return tuple(with_benchmark_options(cls, spec, effective) for spec in specs if spec.name not in leave_out)


def with_benchmark_options(benchmark: type[Benchmark], spec: MetricSpec, options: Mapping[str, Any]) -> MetricSpec:
    """``spec`` with what ``Benchmark.metric_options`` offers its reward given the benchmark's effective
    ``options`` (``--timeout``, a database option), kept to the options the reward declares (they win over
    ``spec.options``). Also how ``tabbench rescore`` builds a reward the benchmark never named."""
    accepted = declared_options(load_class("reward", spec.reward, Reward))
    offered = benchmark.metric_options(spec, dict(options))
    passed = {k: v for k, v in offered.items() if accepted is not None and k in accepted}
    return MetricSpec(spec.name, spec.reward, {**spec.options, **passed})


def metric_rewards(benchmark: Benchmark | type[Benchmark], options: Mapping[str, Any] | None = None
                   ) -> dict[str, Reward]:
    """Metric name -> reward object, built as ``metric_specs`` says."""
    return {spec.name: get_reward(spec.reward, **spec.options) for spec in metric_specs(benchmark, options)}
