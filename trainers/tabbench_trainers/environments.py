"""``tabbench train grpo --env NAME``: TRL's ``environment_factory`` built from an environment plugin.

TRL 1.16 creates one environment instance per rollout slot (reused and ``reset`` with each row) and exposes
its ``@tool`` methods to the model; ``max_tool_calling_iterations`` is the turn budget (``--max-turns``), and
the budget options shared with ``tabbench eval`` (``tabbench.cli.options``) bound every instance's rollouts.
Rewards stay the reward plugins: a benchmark reward scores the rollout's final answer (the last assistant
message without a tool call, exactly the single-turn completion ``tabbench eval --env`` scores), and a
shaping reward that declares ``transcript = True`` (``tool-errors``) scores the whole transcript as JSON.
Each still logs its mean and status rates as in single-turn training.

Tool calls: TRL runs a turn's tool calls rollout after rollout; with ``--env`` the trainer is
``concurrent_tools.ConcurrentToolsGRPOTrainer``, which runs every rollout's calls of a turn at once (each
rollout's own calls in order, on one thread; threads at most one per SQL worker) and hands TRL's loop the
results and exceptions it would have got. Each call is bounded by the rollout's ``Budget`` (per-call and
per-rollout seconds, observation bytes), SQL runs in the shared worker pool, whose workers serve concurrent
rollouts (a call waits for a free worker at most its own timeout), through the run's result store (a query
the group already ran, or is running now, is not run again), and a call that hangs is cut at its deadline, so
one hostile rollout costs the others at most a wait of their own call's timeout.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

import tabbench
from tabbench import Budget, ConfigError
from tabbench.cli.options import BUDGET_OPTIONS, budget_from, budget_options, env_option_option
from tabbench.evaluation.options import parse_key_values


@dataclass(frozen=True)
class EnvConfig:
    """The ``--env`` options of a training command, typed (fields of ``SftConfig`` and ``GrpoConfig``)."""

    env_name: str | None
    max_turns: int
    env_option_pairs: tuple[str, ...]
    tool_seconds: float
    call_seconds: float
    observation_bytes: int
    total_observation_bytes: int


def env_options(func: Callable) -> Callable:
    """``--env``, ``--max-turns``, ``--env-option`` and the budget options (``tabbench.cli.options``, shared with
    ``tabbench eval``) for ``tabbench train grpo`` and ``train sft``."""
    func = budget_options(func)
    func = env_option_option("env_option_pairs")(func)
    func = click.option("--max-turns", type=click.IntRange(min=1), default=4, show_default=True,
                        help="With --env: tool-calling turns per rollout (TRL's max_tool_calling_iterations).")(func)
    return click.option("--env", "env_name", default=None, metavar="NAME",
                        help="Multi-turn: rollouts call this environment's tools (`tabbench environments list`); "
                        "the model's chat template must render tool calls.")(func)


def final_answer(completion: Any) -> str:
    """The text a benchmark reward scores: the last assistant message without a tool call ("" when the rollout
    ended on a call, e.g. at the turn limit)."""
    from tabbench.adapters import completion_text

    if not isinstance(completion, list):
        return completion_text(completion)
    for message in reversed(completion):
        if isinstance(message, dict) and message.get("role", "assistant") == "assistant":
            return "" if message.get("tool_calls") else completion_text([message])
    return ""


def transcript_text(completion: Any) -> str:
    """The rollout as the JSON list of messages that transcript (shaping) rewards read (never raises, whatever
    arguments the policy's tool calls carry)."""
    from tabbench.evaluation.agent import transcript_json

    return transcript_json(completion)


class RolloutReward:
    """A tabbench TRL reward function fed the final answer (or, for transcript rewards, the transcript)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.__name__ = inner.__name__
        self.transcript = bool(getattr(inner.reward, "transcript", False))

    @property
    def status_counts(self) -> Any:
        return self.inner.status_counts

    @property
    def reward(self) -> Any:
        return self.inner.reward

    def __call__(self, prompts: Any = None, completions: Any = None, completion_ids: Any = None,
                 **kwargs: Any) -> list[float | None]:
        convert = transcript_text if self.transcript else final_answer
        return self.inner(prompts, [convert(c) for c in completions or []], completion_ids, **kwargs)


@dataclass
class GrpoEnvironment:
    """What ``run_grpo`` changes for ``--env``: the rows the environment serves, the reward functions, and the
    extra ``GRPOConfig`` / ``GRPOTrainer`` arguments (empty without ``--env``)."""

    rows: list[dict[str, Any]]
    reward_funcs: list[Any]
    config: dict[str, Any] = field(default_factory=dict)
    trainer: dict[str, Any] = field(default_factory=dict)


def factory(name: str, budget: Budget, options: dict[str, Any]) -> Callable[[], tabbench.Environment]:
    """One environment per rollout slot, each rollout within ``budget`` (options checked now): ``tabbench eval
    --env``'s factory, named after the environment."""
    from tabbench.evaluation.agent import environment_factory

    make = environment_factory(name, budget, options)
    make.__name__ = f"{name}_environment"
    return make


def settings(config: EnvConfig) -> tuple[str, Budget, dict[str, Any]] | None:
    """A training command's ``--env`` settings: the environment, each rollout's budget (``--max-turns`` and the
    budget options) and its options; ``None`` without ``--env`` (``budget_options`` refuses them there)."""
    if not config.env_name:
        return None
    budget = budget_from({name: getattr(config, name) for name in BUDGET_OPTIONS}, config.max_turns)
    return config.env_name, budget, parse_key_values(config.env_option_pairs, "--env-option")


def for_grpo(config: EnvConfig, model_path: str, rows: list[dict[str, Any]], reward_funcs: list[Any],
             tokenizer: Any) -> GrpoEnvironment:
    """The ``--env`` setup of a GRPO run (no change without ``--env``)."""
    env = settings(config)
    if env is None:
        return GrpoEnvironment(rows, reward_funcs)
    name, budget, options = env
    from trl.chat_template_utils import supports_tool_calling

    if not supports_tool_calling(tokenizer):
        raise ConfigError(f"--env {name}: the chat template of {model_path} cannot render tool calls (TRL needs "
                          "one, e.g. Qwen2.5's); evaluate such a model with `tabbench eval --env --protocol tags`")
    make = factory(name, budget, options)
    probe = make()
    served = [row for row in rows if type(probe)._accepts(tabbench.Example.from_json(json.loads(row["example"])))]
    if not served:
        raise ConfigError(f"--env {name}: the environment serves none of the training examples")
    return GrpoEnvironment(served, [RolloutReward(f) for f in reward_funcs],
                           config={"max_tool_calling_iterations": budget.max_turns},
                           trainer={"environment_factory": make})


def sft_rows(items: Sequence[tuple[tabbench.Benchmark, tabbench.Example]], name: str, budget: Budget,
             options: dict[str, Any],
             messages: Callable[[tabbench.Benchmark, tabbench.Example], list[tabbench.Message]] | None = None,
             ) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The SFT cold start for multi-turn training: each example's gold trajectory (describe, query, observe,
    answer) with the observations the environment really returns, as prompt/completion rows with ``tools``.

    A trajectory with a refused or failed call (more reference calls than the ``budget``'s ``max_turns``, its
    tool time or observation bytes spent, a gold query that fails) is not gold: it is skipped and counted in
    ``tool_errors``, so the model never learns to run past the budget it is evaluated and trained with. The
    prompt is ``messages(benchmark, example)`` (the run's: ``TrainingRun.messages``), else the benchmark's own.
    """
    make = factory(name, budget, options)
    rows = []
    counts = {"gold": 0, "trace": 0, "tool_errors": 0}
    for benchmark, example in items:
        env = make()
        if example.gold is None or not type(env)._accepts(example):
            continue
        first, trajectory = tabbench.reference_trajectory(env, example, benchmark.gold_completion(example))
        if env.stats.errors:
            counts["tool_errors"] += 1
            continue
        prompt = [dict(m) for m in (benchmark.prompt(example) if messages is None else messages(benchmark, example))]
        prompt[-1]["content"] = str(prompt[-1]["content"]) + (first or "")
        rows.append({"prompt": prompt, "completion": trajectory,
                     "tools": json.dumps(tabbench.tool_schemas(env))})
    counts["gold"] = len(rows)
    if not rows:
        why = (f" ({counts['tool_errors']} gold trajectories have a refused or failed tool call within {budget})"
               if counts["tool_errors"] else "")
        raise ConfigError(f"sft --env {name}: the environment serves no labelled training example{why}")
    return rows, counts


def rendered(rows: list[dict[str, Any]], tokenizer: Any) -> list[dict[str, str]]:
    """``sft_rows`` as prompt/completion text, rendered by the model's chat template from the Python messages.

    Handing the message lists to TRL would store them in an Arrow table first, which gives every tool call one
    shared struct of arguments: each call would then carry every other tool's argument names set to null
    (``{"table": "shop", "sql": null}``), and the model would learn to send them. Rendering first keeps each call
    as the environment made it. The completion ends at the template's end-of-turn token (the EOS TRL expects).
    """
    texts = []
    for row in rows:
        tools = json.loads(row["tools"])
        prompt = tokenizer.apply_chat_template(row["prompt"], tools=tools, tokenize=False, add_generation_prompt=True)
        whole = tokenizer.apply_chat_template(row["prompt"] + row["completion"], tools=tools, tokenize=False)
        if not whole.startswith(prompt):
            raise ConfigError("sft --env: the chat template renders the prompt differently inside the whole "
                              "conversation; cannot split a trajectory into prompt and completion")
        completion = whole[len(prompt):]
        eos = tokenizer.eos_token or ""
        if eos and eos in completion:
            completion = completion[:completion.rindex(eos) + len(eos)]
        texts.append({"prompt": prompt, "completion": completion})
    return texts
