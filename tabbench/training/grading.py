"""What the adapters to other stacks (OpenEnv, verifiers, Inspect) judge an answer with: the benchmark's metric
rewards, built as ``tabbench eval`` builds them, and the rewards a trainer optimises (``--reward NAME[:WEIGHT]``,
resolved as ``tabbench train`` resolves them), all through ``score_batch`` on one shared sample per answer.

The one rule across the boundary: nothing here scores. A ``Verdict`` holds the reward plugins' ``Score`` objects
unchanged; its ``reward`` is their weighted sum over the applicable ones (the sum TRL forms from its reward functions
and ``reward_weights``), ``None`` when none applies.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabbench.adapters import shared_samples
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.extract import answer_text
from tabbench.contract.reward import Reward, score_batch
from tabbench.contract.types import Example, Score
from tabbench.host.lookup import get_benchmark, get_reward
from tabbench.host.metrics import metric_rewards, metric_specs
from tabbench.training.rewards import RewardSpec, resolve_rewards


@dataclass(frozen=True)
class Verdict:
    """One answer judged: every metric of the benchmark (what ``tabbench eval`` records), each reward, their sum."""

    primary: str
    metrics: dict[str, Score]
    rewards: dict[str, Score]
    reward: float | None
    answer: str | None  # the benchmark's extracted answer, as a run record keeps it

    @property
    def status(self) -> str:
        """The primary metric's status (a record's ``status``)."""
        return self.metrics[self.primary].status.value

    @property
    def value(self) -> float | None:
        """The primary metric's value (a record's ``score``)."""
        return self.metrics[self.primary].value

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "value": self.value, "reward": self.reward, "answer": self.answer,
                "metrics": {k: s.to_json() for k, s in self.metrics.items()},
                "rewards": {k: s.to_json() for k, s in self.rewards.items()}}


class Grader:
    """A benchmark's judge for the adapters: ``grade`` scores answers with its metric rewards and ``rewards``.

    ``rewards`` are ``RewardSpec``s (``reward_specs`` builds them from ``--reward``/``--reward-option`` text); by
    default the primary metric's reward with the options evaluation gives it. A reward built exactly as one of the
    metrics (same plugin, same options) is that metric's reward object, scored once.
    """

    def __init__(self, benchmark: Benchmark, rewards: Sequence[RewardSpec] = ()) -> None:
        self.benchmark = benchmark
        self.metrics: dict[str, Reward] = metric_rewards(benchmark)
        built = {(s.reward, repr(sorted(s.options.items()))): self.metrics[s.name] for s in metric_specs(benchmark)}
        self.specs = list(rewards) or resolve_rewards([], [], [benchmark])
        self.rewards: dict[str, tuple[Reward, float]] = {
            spec.label: (built.get((spec.name, repr(sorted(spec.options.items()))))
                         or get_reward(spec.name, **spec.options), spec.weight)
            for spec in self.specs}

    def grade(self, examples: Sequence[Example], completions: Sequence[str],
              transcripts: Sequence[str] | None = None) -> list[Verdict]:
        """Each completion judged against its example (never raises: a failing reward is a ``reward_error``). A
        transcript reward (``transcript = True``, e.g. ``tool-errors``) scores the rollout's ``transcripts`` (JSON
        messages) when given, as ``tabbench train grpo --env`` hands it them."""
        samples = shared_samples(examples, completions)
        metrics = {name: score_batch(reward, samples) for name, reward in self.metrics.items()}
        by_reward = {id(self.metrics[name]): scores for name, scores in metrics.items()}
        rewards = {label: by_reward.get(id(reward)) or score_batch(reward, self._samples(reward, samples, transcripts))
                   for label, (reward, _) in self.rewards.items()}
        recorded = self.benchmark.answer_extractor()
        verdicts = []
        for i, sample in enumerate(samples):
            own = {label: scores[i] for label, scores in rewards.items()}
            applicable = [(own[label], weight) for label, (_, weight) in self.rewards.items()
                          if not own[label].status.not_applicable]
            total = sum(weight * float(s.value or 0.0) for s, weight in applicable) if applicable else None
            verdicts.append(Verdict(self.benchmark.primary_metric, {m: s[i] for m, s in metrics.items()}, own, total,
                                    answer_text(sample.get(recorded))))
        return verdicts

    @staticmethod
    def _samples(reward: Reward, samples: list[Any], transcripts: Sequence[str] | None) -> list[Any]:
        if transcripts is None or not getattr(reward, "transcript", False):
            return samples
        return shared_samples([s.example for s in samples], transcripts)


def reward_specs(benchmark: Benchmark, specs: Sequence[str] = (), option_pairs: Sequence[str] = ()
                 ) -> list[RewardSpec]:
    """``--reward NAME[:WEIGHT]`` and ``--reward-option [NAME:]KEY=VALUE`` as ``tabbench train`` reads them (a reward
    that is one of the benchmark's metrics starts from that metric's options); none: the primary metric's reward."""
    return resolve_rewards(list(specs), list(option_pairs), [benchmark])


_GRADERS: dict[str, Grader] = {}
_GRADERS_LOCK = threading.Lock()


def grader_for(benchmark: str, data: str | None = None, options: dict[str, Any] | None = None,
               rewards: Sequence[str] = (), reward_options: Sequence[str] = ()) -> Grader:
    """The grader of benchmark ``benchmark`` on ``data`` built with ``options`` (``get_benchmark``), judging with
    ``rewards``/``reward_options`` (``reward_specs``): built once per process, for adapters that receive only names
    (a verifiers task, an Inspect scorer in a worker)."""
    key = json.dumps([benchmark, data, options or {}, list(rewards), list(reward_options)], sort_keys=True,
                     default=str)
    with _GRADERS_LOCK:
        if key not in _GRADERS:
            bench = get_benchmark(benchmark, data, **dict(options or {}))
            _GRADERS[key] = Grader(bench, reward_specs(bench, rewards, reward_options))
        return _GRADERS[key]
