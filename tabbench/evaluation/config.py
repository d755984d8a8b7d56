"""The run configuration: one typed, frozen object from which every evaluation run is built.

``tabbench eval``, ``tabbench score`` and ``tabbench.evaluate`` each turn what they were given into a
``RunConfig`` and hand it to ``tabbench.evaluation.launch.launch``; nothing else assembles a run. ``run_config``
turns ``tabbench eval``'s options (a ``--model`` spec, ``--samples``, ``--temperature``, ``--env``...) into one,
for the command and ``tabbench.evaluate`` alike, so that both run the same run from the same values. The same
run asked for by any of the three therefore has the same configuration, and ``results.json``'s ``config`` is
this object serialised (``to_json``), which is also what ``--resume`` compares; ``from_json`` reads it back,
the one way a recorded configuration is read (``tabbench merge``, the Ray launcher's workers, the viewer).
Where the run is written (``out``), whether it continues (``resume``) and progress bars (``progress``) say how
to run it, not what it is, and are not recorded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tabbench.contract.backend import GenerationParams
from tabbench.contract.environment import Budget
from tabbench.contract.errors import DataError, UsageError
from tabbench.contract.settings import Settings
from tabbench.evaluation.prompts import PromptOptions
from tabbench.evaluation.selection import Selection
from tabbench.evaluation.shards import Shard
from tabbench.evaluation.usage import RunBudget
from tabbench.evaluation.where import Where

VOTES = ("execution", "similarity")
PROTOCOLS = ("auto", "tools", "tags")
#: The sampling temperature when ``--samples N`` (N > 1) is given without ``--temperature``.
SAMPLED_TEMPERATURE = 0.8

_NOT_RECORDED = {"recorded": False}
_RECORDED_WHEN_SET = {"omit_none": True}  # added since 0.3: absent (not null) when unset, as earlier runs have them


@dataclass(frozen=True)
class EnvironmentConfig:
    """A multi-turn run (``--env``): the environment's name and options, the tool protocol, the rollout budget."""

    name: str
    protocol: str = "auto"
    options: Mapping[str, Any] = field(default_factory=dict)
    budget: Budget = field(default_factory=Budget)

    def __post_init__(self) -> None:
        if self.protocol not in PROTOCOLS:
            raise UsageError(f"--protocol {self.protocol!r}: expected one of {', '.join(PROTOCOLS)}")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "protocol": self.protocol, "options": dict(self.options),
                "budget": self.budget.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EnvironmentConfig:
        return cls(str(data["name"]), str(data.get("protocol", "auto")), dict(data.get("options") or {}),
                   Budget(**dict(data.get("budget") or {})))


@dataclass(frozen=True)
class RunConfig:
    """What one evaluation run is.

    ``backend`` and ``model``: the model backend and its model argument (``split_model`` turns a ``--model``
    spec into the two); ``backend_options``: ``-m KEY=VALUE``. ``benchmarks`` and ``suites``: ``--benchmark``
    and ``--suite`` names (neither: every installed benchmark, the ``all`` suite); ``data``: benchmark name ->
    data path (``--data``); ``benchmark_options``: ``-o [NAME:]KEY=VALUE``; ``timeout``: ``--timeout`` for the
    benchmarks that execute predictions. ``where``: ``--where`` filters (``tabbench.evaluation.where``; expressions are
    parsed here), applied before ``limit``. ``datasets``: ``--dataset`` folders (each a benchmark under its
    manifest's name); ``skip_missing``: ``--skip-missing``. ``shard``: ``--shard K/N``, the run covers shard K of N
    (``tabbench.evaluation.shards``; ``tabbench merge`` combines them). ``generation``: decoding (``n`` > 1: the
    ``vote``'s pick is scored, ``execution`` by default); ``environment``: ``--env``. ``cache_path``/``use_cache``:
    the response cache.
    ``prompt``: how the benchmarks' prompts change (``--system-prompt``, ``--few-shot``, ``--chat-template``;
    ``tabbench.evaluation.prompts``), recorded so that ``--resume`` refuses another prompt.
    The fields ``benchmarks`` to ``where``, ``timeout``, ``datasets``, ``skip_missing`` and ``prompt`` are a
    ``tabbench.evaluation.selection.Selection``'s, normalised and checked by it, as a training run's
    (``tabbench.training.TrainConfig.selection``), and
    ``tabbench.evaluation.plan.plan`` resolves them as it does a training run's.
    ``settings``: what the shared services read during the run (SQL workers, result-store bound, sandbox
    opt-out). ``run_budget``: what the whole run may spend (``--token-budget``, ``--cost-budget``; it stops cleanly
    when spent, and ``--resume`` may raise it); ``prices``: the price table file (``--prices``; else the config
    file's ``[prices]``) that costs the run's tokens. Neither changes a score: ``--resume`` does not compare them.
    """

    backend: str
    model: str = ""
    backend_options: Mapping[str, Any] = field(default_factory=dict)
    benchmarks: tuple[str, ...] = ()
    suites: tuple[str, ...] = ()
    data: Mapping[str, Path] = field(default_factory=dict)
    benchmark_options: Mapping[str, Any] = field(default_factory=dict)
    timeout: float | None = None
    split: str | None = None
    limit: int | None = None
    where: tuple[Where, ...] = ()
    shard: Shard | None = None
    generation: GenerationParams = field(default_factory=GenerationParams)
    vote: str | None = None
    environment: EnvironmentConfig | None = None
    batch_size: int = 32
    cache_path: Path | None = None
    use_cache: bool = True
    settings: Settings = field(default_factory=Settings)
    out: Path = field(default=Path("runs/run"), metadata=_NOT_RECORDED)
    resume: bool = field(default=False, metadata=_NOT_RECORDED)
    progress: bool = field(default=False, metadata=_NOT_RECORDED)
    datasets: tuple[Path, ...] = ()  # last: positional construction of the fields above still works
    skip_missing: bool = False
    run_budget: RunBudget | None = field(default=None, metadata=_RECORDED_WHEN_SET)
    prices: Path | None = field(default=None, metadata=_RECORDED_WHEN_SET)
    prompt: PromptOptions = field(default_factory=PromptOptions)

    def __post_init__(self) -> None:
        object.__setattr__(self, "out", Path(self.out))
        for name in ("cache_path", "prices"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Path):
                object.__setattr__(self, name, Path(value))
        if self.run_budget is not None and not self.run_budget:  # an empty budget is none
            object.__setattr__(self, "run_budget", None)
        chosen = self.selection
        for item in fields(Selection):  # normalised and checked as a training run's selection is
            object.__setattr__(self, item.name, getattr(chosen, item.name))
        if self.batch_size < 1:
            raise UsageError(f"--batch-size {self.batch_size!r}: expected a whole number >= 1")
        n = self.generation.n
        if self.vote is not None and self.vote not in VOTES:
            raise UsageError(f"--vote {self.vote!r}: expected one of {', '.join(VOTES)}")
        if n > 1 and self.vote is None:  # maj@N: the majority of execution results (of answers, for table QA)
            object.__setattr__(self, "vote", "execution")
        if self.vote is not None and n < 2:
            raise UsageError("--vote needs --samples N with N >= 2")
        if self.environment is not None and n > 1:
            raise UsageError("--env runs one rollout per example: --samples/--vote are single-turn only")
        if n > 1 and self.generation.temperature == 0:
            raise UsageError("--samples N with --temperature 0 would give N identical completions")

    @property
    def selection(self) -> Selection:
        """What the run covers (``benchmarks`` to ``where``, ``timeout``, ``datasets``, ``skip_missing``,
        ``prompt``), as a training run's ``TrainConfig.selection``."""
        return Selection(**{item.name: getattr(self, item.name) for item in fields(Selection)})

    def to_json(self) -> dict[str, Any]:
        """The recorded configuration: ``results.json``'s ``config`` and what ``--resume`` compares."""
        record: dict[str, Any] = {}
        for item in fields(self):
            if not item.metadata.get("recorded", True):
                continue
            value = getattr(self, item.name)
            if value is None and item.metadata.get("omit_none"):
                continue
            if hasattr(value, "to_json"):
                value = value.to_json()
            elif isinstance(value, Mapping):
                value = {k: str(v) if isinstance(v, Path) else v for k, v in value.items()}
            elif isinstance(value, tuple):
                value = [v.to_json() if hasattr(v, "to_json") else v for v in value]
            elif isinstance(value, Path):
                value = str(value)
            record[item.name] = value
        return json.loads(json.dumps(record, default=str))  # plain JSON values, as results.json holds them


    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, where_files: bool = True) -> RunConfig:
        """The configuration ``to_json`` recorded (``results.json``'s ``config``), with ``out``, ``resume`` and
        ``progress`` at their defaults (they are not recorded). A key added since a run was recorded takes its
        default; a key this tabbench does not know, or a value of the wrong shape, is a ``DataError`` naming it.
        ``where_files=False``: ``--where KEY=@FILE`` filters and a ``--chat-template`` as recorded, their files not
        read (``Where.from_json``, ``PromptOptions.from_json``), for a reader that shows or exports the run and never
        runs it.
        """
        if not isinstance(data, Mapping):
            raise DataError(f"run config: expected an object, got {type(data).__name__}")
        unknown = sorted(set(data) - set(RECORDED))
        if unknown:
            raise DataError(f"run config: unknown key {unknown[0]!r} (written by another tabbench version?)")
        if "backend" not in data:
            raise DataError("run config: no 'backend'")
        values: dict[str, Any] = {}
        for key, value in data.items():
            try:
                read = _READ.get(key, _as_is) if where_files else _UNREAD.get(key, _READ.get(key, _as_is))
                values[key] = read(value)
            except (TypeError, ValueError, KeyError, AttributeError, UsageError) as exc:
                raise DataError(f"run config: {key}: unreadable value {value!r} ({type(exc).__name__}: {exc})"
                                ) from None
        try:
            return cls(**values)
        except (UsageError, TypeError, ValueError) as exc:
            raise DataError(f"run config: {exc}") from None


#: The fields ``to_json`` records (``out``, ``resume`` and ``progress`` are not).
RECORDED = tuple(item.name for item in fields(RunConfig) if item.metadata.get("recorded", True))


def _as_is(value: Any) -> Any:
    return value


def _recorded_where(value: Any) -> tuple[Where, ...]:
    return tuple(Where.from_json(item, read=False) for item in value)


def _recorded_prompt(value: Any) -> PromptOptions:
    return PromptOptions.from_json(_object(value), read=False)


def _optional(read: Any) -> Any:
    return lambda value: None if value is None else read(value)


def _typed(*types: type) -> Any:
    """A reader that takes a JSON value of one of ``types`` as it is (``bool`` is not a number here)."""
    def read(value: Any) -> Any:
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise TypeError(f"expected {' or '.join(t.__name__ for t in types)}, got {type(value).__name__}")
        return value
    return read


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(_typed(str)(item) for item in _typed(list)(value))


def _object(value: Any) -> dict[str, Any]:
    return dict(_typed(dict)(value))


def _generation(value: Mapping[str, Any]) -> GenerationParams:
    values = _object(value)
    values["stop"] = _texts(values.get("stop") or [])
    if "truncate_prompts" in values:
        values["truncate_prompts"] = _typed(bool)(values["truncate_prompts"])
    return GenerationParams(**values)


#: How each recorded ``RunConfig`` field is read back from JSON: a value of another JSON type than the one
#: ``to_json`` writes is refused here, naming the key, rather than compared or run as something else.
_READ: dict[str, Any] = {
    "backend": _typed(str), "model": _typed(str), "split": _optional(_typed(str)), "vote": _optional(_typed(str)),
    "limit": _optional(_typed(int)), "timeout": _optional(_typed(int, float)), "batch_size": _typed(int),
    "use_cache": _typed(bool), "backend_options": _object, "benchmark_options": _object, "benchmarks": _texts,
    "suites": _texts, "skip_missing": _typed(bool),
    "datasets": lambda value: tuple(Path(path) for path in _texts(value)),
    "data": lambda value: {name: Path(_typed(str)(path)) for name, path in _object(value).items()},
    "where": lambda value: tuple(Where.from_json(item) for item in _typed(list)(value)),
    "shard": _optional(lambda value: Shard(int(value["index"]), int(value["count"]))),
    "generation": _generation,
    "environment": _optional(EnvironmentConfig.from_json),
    "cache_path": _optional(Path),
    "settings": lambda value: Settings(**_object(value)),
    "prompt": lambda value: PromptOptions.from_json(_object(value)),
    "run_budget": _optional(lambda value: RunBudget.from_json(_object(value))),
    "prices": _optional(lambda value: Path(_typed(str)(value))),
}
#: Readers of the fields that name files, for a reader that never runs the configuration (``where_files=False``).
_UNREAD: dict[str, Any] = {"where": _recorded_where, "prompt": _recorded_prompt}


def run_config(model: str, *, backend: str | None = None, samples: int = 1, temperature: float | None = None,
               top_p: float = 1.0, max_new_tokens: int = 256, seed: int = 0, stop: Sequence[str] = (),
               truncate_prompts: bool = False, env: str | None = None, env_options: Mapping[str, Any] | None = None,
               protocol: str = "auto", budget: Budget | None = None, **fields: Any) -> RunConfig:
    """The ``RunConfig`` of ``tabbench eval``'s options: ``model`` is a ``--model`` spec (``split_model``);
    ``samples``, ``temperature`` (default ``SAMPLED_TEMPERATURE`` with ``samples`` > 1, else greedy), ``top_p``,
    ``max_new_tokens``, ``seed``, ``stop`` and ``truncate_prompts`` the decoding; ``env`` (``--env``) with
    ``env_options`` (``-e``), ``protocol`` and ``budget`` (``--max-turns`` and the budget options; default
    ``Budget()``) a multi-turn run;
    ``fields`` the other ``RunConfig`` fields as they are (``vote``, ``benchmarks``, ``shard``, ``out``...)."""
    if env is None and (env_options or protocol != "auto" or budget is not None):
        raise UsageError("--env-option, --protocol and the budget options need --env NAME")
    backend_name, model_name = split_model(model, backend)
    if temperature is None:
        temperature = SAMPLED_TEMPERATURE if samples > 1 else 0.0
    environment = None if env is None else EnvironmentConfig(env, protocol, dict(env_options or {}), budget or Budget())
    generation = GenerationParams(max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p, n=samples,
                                  seed=seed, stop=tuple(stop), truncate_prompts=truncate_prompts)
    return RunConfig(backend=backend_name, model=model_name, generation=generation, environment=environment, **fields)


def split_model(spec: str, backend: str | None = None) -> tuple[str, str]:
    """``(backend, model)`` of a ``--model`` spec: a checkpoint folder (backend hf), ``BACKEND:MODEL``, or a
    backend name that needs no model (``gold``); ``backend`` (``--backend``) names it explicitly."""
    from tabbench.evaluation.generation import split_model_spec
    from tabbench.host.plugins import host

    return split_model_spec(spec, backend, host().registry("model").names())
