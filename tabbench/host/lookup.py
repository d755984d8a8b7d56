"""Resolve registered names to objects: the functions plugins and commands use to find each other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabbench.contract.backend import ModelBackend
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Budget, Environment
from tabbench.contract.errors import ConfigError, PluginLoadError
from tabbench.contract.options import check_options, plugin_options
from tabbench.contract.reward import Reward
from tabbench.host.config import data_path
from tabbench.host.plugins import host


def load_class(kind: str, name: str, base: type) -> Any:
    """The class registered as ``kind`` ``name``, a subclass of ``base`` (else a ``PluginLoadError``)."""
    cls = host().registry(kind).get(name).load()
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise PluginLoadError(f"{kind} {name!r} does not name a {base.__name__} subclass (got {cls!r})")
    return cls


def default_backend(model: str) -> str:
    """The model backend for ``model`` when none is named: the first answer of the ``default_backend`` hook
    (the hf plugin's ``hf`` for a local checkpoint folder)."""
    name = host().pm.hook.default_backend(model=model)
    if not name:
        raise ConfigError(f"model {model!r}: no installed plugin serves a local checkpoint folder (the hf plugin: "
                          "pip install 'tabbench[hf]'); name its backend with --backend NAME or BACKEND:MODEL")
    return str(name)


def benchmark_class(name: str) -> type[Benchmark]:
    return load_class("benchmark", name, Benchmark)


def get_benchmark(name: str, data: str | Path | None = None, **options: Any) -> Benchmark:
    """Build benchmark ``name`` on its data (see ``tabbench.host.config`` for where the path comes from)."""
    cls = benchmark_class(name)
    path, _ = data_path(name, data)
    if path is None:
        path = cls.bundled_data()
    return cls(path, **options)


def _checked(what: str, cls: type, base: type, options: dict[str, Any], positional: tuple[str, ...] = ()
             ) -> dict[str, Any]:
    """``options`` checked against what plugin class ``cls`` declares: the one check of every plugin kind."""
    declaration = plugin_options(cls, base, positional)
    return options if declaration is None else check_options(what, declaration, options)


def get_reward(name: str, **options: Any) -> Reward:
    """Build reward ``name`` with ``options``, checked against the options it declares (one line if wrong)."""
    cls = load_class("reward", name, Reward)
    options = _checked(f"reward {name!r}", cls, Reward, options)
    try:
        return cls(**options)
    except TypeError as exc:
        raise ConfigError(f"reward {name!r}: bad options {options!r} ({exc})") from exc


def get_backend(name: str, model: str, **options: Any) -> ModelBackend:
    """Build model backend ``name`` for ``model`` (a path or spec), its options checked as every kind's are."""
    cls = load_class("model", name, ModelBackend)
    return cls(model, **_checked(f"model backend {name!r}", cls, ModelBackend, options, ("model",)))


def environment_class(name: str) -> type[Environment]:
    return load_class("environment", name, Environment)


def get_environment(name: str, budget: Budget | None = None, **options: Any) -> Environment:
    """Build environment ``name`` (one rollout slot; ``reset`` it with each example), its options checked as
    every kind's are."""
    cls = environment_class(name)
    return cls(budget=budget, **_checked(f"environment {name!r}", cls, Environment, options, ("budget",)))


def resolve_benchmarks(spec: str) -> list[str]:
    """Expand ``all``, suite names and comma lists into benchmark names (deduplicated, in order)."""
    benchmarks = host().registry("benchmark")
    suites = host().registry("suite")
    names: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        if part == "all":
            members = benchmarks.names()
        elif part in suites:
            members = suites.get(part).benchmarks
        else:
            benchmarks.get(part)  # raises with suggestions when unknown
            members = [part]
        names.extend(m for m in members if m not in names)
    if not names:
        raise ConfigError(f"--suite {spec!r} names no benchmark")
    return names


def registered_names(kind: str) -> list[str]:
    """The registered names of ``kind`` (``benchmark``, ``reward``, ``model``, ``trainer``, ``suite``, ...)."""
    return host().registry(kind).names()
