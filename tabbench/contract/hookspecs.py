"""The hooks a tabbench plugin can implement: these docstrings are their reference (docs/hooks.md renders them).

A plugin is a module (or object) with functions decorated ``@tabbench.hookimpl`` whose names are the hooks
below. Plugins are found through the ``tabbench`` entry-point group, and one-file plugins in the folder
``tabbench --plugins-dir DIR`` or ``TABBENCH_PLUGINS_DIR`` names. Implementations may accept any subset
of a hook's parameters (pluggy passes only the ones named), so new parameters can be added later without
breaking plugins. Hooks are always called with keyword arguments.

Registration hooks (``register_*``) fire once, the first time the host needs that registry (listing,
resolving a name). They receive a ``register`` callable; call it once per thing the plugin provides.
Registration is lazy: ``target`` is a ``"module:attr"`` string, imported only when the thing is used, so
that ``tabbench --help`` never imports torch, transformers, trl or vllm. A class may be passed directly
when its module is light.

Question hooks (``default_backend``) are answered by the first plugin that returns something other than
``None`` (pluggy's ``firstresult``), plugins registered later asked first. They let a plugin make a choice the
host would otherwise hard-code (which backend serves a local checkpoint folder).

Lifecycle hooks fire during ``tabbench eval`` and ``tabbench score``, in this order::

    before_run
      before_benchmark            (for each benchmark)
        after_sample_scored       (for each example, as its record is appended)
      after_benchmark
    after_run

A lifecycle hook that raises aborts the run with one line naming the plugin, the hook, the file and line
(``Host.call``); the samples already appended stay, and ``--resume`` continues.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    import click

    from tabbench.contract.benchmark import Benchmark
    from tabbench.contract.types import SampleRecord

hookspec = pluggy.HookspecMarker("tabbench")
hookimpl = pluggy.HookimplMarker("tabbench")


class Register(Protocol):
    """The ``register`` callable that registration hooks receive."""

    def __call__(self, name: str, target: str | type, *, description: str = "") -> None: ...


class RegisterSuite(Protocol):
    """The ``register`` callable that ``register_suites`` receives."""

    def __call__(self, name: str, benchmarks: list[str], *, description: str = "") -> None: ...


# --- registration -------------------------------------------------------------------------------------


@hookspec
def register_benchmarks(register: Register) -> None:
    """Register benchmark plugins.

    Fires the first time the benchmark registry is needed.

    :param register: ``register(name, target, description="")``. ``name`` is the benchmark's public
        name (``bird``), used on the command line, in results and on leaderboards; ``target`` is a
        ``"module:Class"`` string (or the class) of a ``tabbench.Benchmark`` subclass.
    :returns: nothing. A name registered twice is an error that names both plugins.
    """


@hookspec
def register_rewards(register: Register) -> None:
    """Register reward plugins (the metrics of evaluation and the rewards of training).

    Fires the first time the reward registry is needed.

    :param register: ``register(name, target, description="")``; ``target`` names a
        ``tabbench.Reward`` subclass. Instances are built with the options a benchmark's ``MetricSpec``
        or a trainer's ``--reward`` gives.
    :returns: nothing.
    """


@hookspec
def register_models(register: Register) -> None:
    """Register model backends.

    Fires the first time the model backend registry is needed.

    :param register: ``register(name, target, description="")``; ``target`` names a
        ``tabbench.ModelBackend`` subclass. Import heavy libraries (torch, vllm) inside its methods, never
        at module level.
    :returns: nothing.
    """


@hookspec(firstresult=True)
def default_backend(model: str) -> str | None:
    """Name the model backend that serves ``model`` when nothing else names one (first answer wins).

    Called when ``--model`` (``tabbench eval``, ``tabbench.evaluate``, a teacher in ``tabbench synthesize``) is
    neither ``BACKEND:MODEL`` nor a registered backend's name and no ``--backend`` is given, and by trainers that
    generate from a checkpoint (TAO's exploration): ``model`` is then a local checkpoint folder. The hf plugin
    answers ``hf``; a plugin registered later is asked first, so a third party can serve local folders its
    own way. With no answer, the run stops with a one-line error asking for ``--backend``.

    :param model: the model text as given (a folder path, which the backend checks when it is built).
    :returns: a registered model backend name, or ``None`` to let another plugin answer.
    """


@hookspec
def register_trainers(register: Register) -> None:
    """Register trainers; each becomes ``tabbench train NAME``.

    Fires the first time the trainer registry is needed (``tabbench train --help`` included).

    :param register: ``register(name, target, description="")``; ``target`` names a ``click.Command``
        whose callback does the training. The command's module must import trl and torch lazily.
    :returns: nothing.
    """


@hookspec
def register_environments(register: Register) -> None:
    """Register environments: the tools of multi-turn rollouts (``tabbench eval --env``, ``train grpo --env``).

    Fires the first time the environment registry is needed.

    :param register: ``register(name, target, description="")``; ``target`` names a
        ``tabbench.Environment`` subclass, built once per rollout slot and ``reset`` with each example.
    :returns: nothing.
    """


@hookspec
def register_suites(register: RegisterSuite) -> None:
    """Register named lists of benchmarks.

    Fires the first time the suite registry is needed. The suite ``all`` is built in: every registered
    benchmark. Several plugins may register the same suite name: their lists are joined in registration
    order (the bird and spider plugins each add themselves to ``text2sql``).

    :param register: ``register(name, benchmarks, description="")`` with benchmark names.
    :returns: nothing.
    """


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands to the ``tabbench`` command line.

    Fires once, when the CLI is built.

    :param cli: the root click group. ``cli.add_lazy_command(name, "module:attr", short_help)`` adds a
        command imported only when it runs (``parent="models"`` puts it under ``tabbench models``), which keeps
        ``tabbench --help`` fast; ``cli.add_command(...)`` and ``@cli.command()`` work too.
    :returns: nothing.
    """


# --- run lifecycle ------------------------------------------------------------------------------------


class RunView:
    """What lifecycle hooks receive as ``run``: the run's public face, without the host's run store.

    ``out_dir``, ``config``, ``benchmarks``, ``split``, ``limit`` and ``model`` (the model record) describe the
    run; ``samples(benchmark)`` returns the records written so far for a benchmark (``SampleRecord``s);
    ``extend(benchmark, key, value)`` adds to that benchmark's results under ``extensions.<key>``.
    """

    __slots__ = ("_run",)

    def __init__(self, run: Any) -> None:
        self._run = run

    out_dir = property(lambda self: self._run.out_dir)
    config = property(lambda self: self._run.config)
    benchmarks = property(lambda self: list(self._run.benchmarks))
    split = property(lambda self: self._run.split)
    limit = property(lambda self: self._run.limit)
    model = property(lambda self: self._run.model)

    def samples(self, benchmark: Benchmark | str) -> list[SampleRecord]:
        name = benchmark if isinstance(benchmark, str) else benchmark.name
        return list(self._run.store.read_samples(name))

    def extend(self, benchmark: Benchmark | str, key: str, value: Any) -> None:
        self._run.extend(benchmark, key, value)


@hookspec
def before_run(run: RunView) -> None:
    """Called once before any benchmark of a run is evaluated.

    :param run: the run (``RunView``): its ``out_dir``, ``config``, ``benchmarks``, ``samples(...)``.
    """


@hookspec
def before_benchmark(run: RunView, benchmark: Benchmark) -> None:
    """Called before a benchmark's examples are generated and scored.

    :param run: the current run.
    :param benchmark: the benchmark instance about to run.
    """


@hookspec
def after_sample_scored(run: RunView, benchmark: Benchmark, record: SampleRecord) -> None:
    """Called after each sample record is appended to ``samples/<benchmark>.jsonl``.

    Not called again for samples that ``--resume`` found already scored.

    :param run: the current run.
    :param benchmark: the benchmark the sample belongs to.
    :param record: the record as written.
    """


@hookspec
def after_benchmark(run: RunView, benchmark: Benchmark, result: dict[str, Any]) -> None:
    """Called after a benchmark is aggregated.

    :param run: the current run.
    :param benchmark: the benchmark that finished.
    :param result: a copy of its entry in ``results.json`` (``n``, ``primary_metric``, ``metrics``,
        ``breakdown``, ``status_counts``), to read. To add to the record, call
        ``run.extend(benchmark, KEY, VALUE)`` with a KEY that names your plugin: it lands under
        ``extensions.KEY``; ``result`` is a copy, and editing it changes nothing.
    """


@hookspec
def after_run(run: RunView, results: dict[str, Any]) -> None:
    """Called once after ``results.json`` is written.

    :param run: the current run.
    :param results: the full content of ``results.json``.
    """
