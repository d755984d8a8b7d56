"""``plan``: what a run covers, decided once by one body of code for every kind of run.

``tabbench eval``, ``tabbench score``, ``tabbench merge``, the Ray launcher and every trainer (through
``tabbench.training.run_trainer``) turn their ``Selection`` into a ``Plan`` here and nothing after it asks a
benchmark for its examples again: the runner, a vote run's two passes, the shards' merge and the trainers' rows
take the planned examples. So the examples a model is trained on are chosen by the code, with the refusals and the
per-query limits, that chooses the examples evaluation scores.

In order: the names are checked (a suite given as ``--benchmark``, an unknown name, ``--data``/``-o NAME:`` for a
benchmark not selected), suites are resolved, each benchmark is built with its options and the per-query
``timeout`` folded in, its examples are read once (the split; none, or a duplicate id, is a data error), the
``--where`` filters apply across the benchmarks, then the examples whose data is missing are refused or, with
``--skip-missing``, passed over and recorded, then ``--limit``, then the shard; an ``--env`` environment keeps
the benchmarks it serves; and the one sandbox rule (``check_sandbox``) stops a run that would run model-written
code on a machine that cannot confine it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Environment
from tabbench.contract.errors import ConfigError, DataError, PluginLoadError, UnknownNameError, UsageError
from tabbench.contract.extract import Extractor
from tabbench.contract.types import Example, Message
from tabbench.evaluation.options import check_benchmark_names, options_for
from tabbench.evaluation.prompts import SHOT_SPLIT, Prompter, PromptOptions
from tabbench.evaluation.selection import Selection
from tabbench.evaluation.shards import Shard


@dataclass(frozen=True)
class PlannedBenchmark:
    """One benchmark of a plan: built, with the split it is read on, the run's ``examples`` (the split's, through
    ``--where``, then those whose data is there, then ``--limit``: every shard's together), ``selected``, those of
    this run's shard (all of ``examples`` without ``--shard``), ``missing``: ``(id, why)`` of each example
    ``--skip-missing`` passed over because its data is missing (``Benchmark.missing_data``), in order, and the
    ``prompter`` that builds their messages (``messages``)."""

    benchmark: Benchmark
    split: str
    examples: tuple[Example, ...]
    selected: tuple[Example, ...] | None = None
    missing: tuple[tuple[str, str], ...] = ()
    prompter: Prompter | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "examples", tuple(self.examples))
        object.__setattr__(self, "selected", self.examples if self.selected is None else tuple(self.selected))
        if self.prompter is None:
            object.__setattr__(self, "prompter", Prompter(self.benchmark, PromptOptions()))

    @property
    def name(self) -> str:
        return self.benchmark.name

    def messages(self, example: Example) -> list[Message]:
        """The chat messages sent for ``example`` (evaluation) and trained on (trainers): the benchmark's prompt
        with the selection's ``--system-prompt`` and ``--few-shot`` (``tabbench.evaluation.prompts``)."""
        assert self.prompter is not None
        return self.prompter.messages(example)


@dataclass(frozen=True)
class Plan:
    """What a run covers (``plan``'s result): the ``selection`` asked for, the split it resolved to (``None``:
    each benchmark's own), the benchmarks that run with their examples (``planned``, in order), those ``skipped``
    (no data, not installed, no such split, no ``--where`` match, not served by the environment) and those that
    ``failed`` (a broken plugin or data file of a suite member), each with why, and the ``shard`` run."""

    selection: Selection
    planned: tuple[PlannedBenchmark, ...]
    split: str | None = None
    skipped: tuple[tuple[str, str], ...] = ()
    failed: tuple[tuple[str, str], ...] = ()
    shard: Shard | None = None
    _by_name: dict[str, PlannedBenchmark] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "planned", tuple(self.planned))
        object.__setattr__(self, "_by_name", {p.name: p for p in self.planned})

    def __getitem__(self, name: str) -> PlannedBenchmark:
        return self._by_name[name]

    def messages(self, benchmark: Benchmark | str, example: Example) -> list[Message]:
        """The chat messages of ``example`` of ``benchmark``, as every kind of run sends them
        (``PlannedBenchmark.messages``): the one place a prompt is built from a selection."""
        return self[benchmark if isinstance(benchmark, str) else benchmark.name].messages(example)

    @property
    def benchmarks(self) -> list[Benchmark]:
        """The benchmarks that run, in order."""
        return [p.benchmark for p in self.planned]

    @property
    def items(self) -> list[tuple[Benchmark, Example]]:
        """Every selected example (this shard's) with its benchmark, benchmark by benchmark: what a trainer's rows
        are built from."""
        return [(p.benchmark, example) for p in self.planned for example in p.selected or ()]

    @property
    def timeouts(self) -> dict[str, float | None]:
        """Each benchmark's per-query time limit in seconds, as it was built (its ``timeout`` option: ``--timeout``,
        ``-o timeout=``, else its default); ``None`` for a benchmark that executes nothing under a limit."""
        return {p.name: p.benchmark.options.get("timeout") for p in self.planned}

    def not_run(self) -> list[dict[str, Any]]:
        """What ``results.json`` records under ``not_run``: each benchmark that did not run, why, and whether
        it failed (broken) rather than being skipped."""
        return ([{"benchmark": n, "reason": " ".join(why.split()), "failed": False} for n, why in self.skipped]
                + [{"benchmark": n, "reason": " ".join(why.split()), "failed": True} for n, why in self.failed])


def plan(selection: Selection, *, shard: Shard | None = None, environment: type[Environment] | None = None,
         default_split: str | None = None, scored: bool = True, edits: Sequence[Mapping[str, Any]] | None = None
         ) -> Plan:
    """The ``Plan`` of ``selection``: its benchmarks built and their examples read, once, for any kind of run.

    ``--benchmark`` and ``--suite`` names (none: every benchmark) resolve to benchmarks. A benchmark named
    explicitly must build, have the split and have examples; a suite member without data or plugin, or without
    the split, is skipped, and one whose plugin or data is broken fails without stopping the others (with the
    ``all`` suite, so does every plugin that failed to load). ``--data``/``-o NAME:KEY=V`` naming a benchmark not
    selected is a usage error. ``selection.timeout`` goes to every benchmark that declares a ``timeout`` option.
    ``default_split``: the split when the selection names none (``None``: each benchmark's own; training:
    ``"train"``). ``shard``: the examples of ``--shard K/N`` are the ``selected`` ones. ``environment``: the
    ``--env`` environment's class; the benchmarks whose first example it cannot serve are skipped. ``scored``:
    the run scores with the benchmarks' metric rewards and records their answers (evaluation), so their extractors
    are checked against the sandbox here (after ``edits``, what ``tabbench rescore`` did to a run resumed: a removed
    metric is not scored, an added one is); a trainer checks the rewards it optimises instead
    (``tabbench.training.require_sandbox``). The environment's tools are checked either way.
    """
    split = selection.split or default_split
    built, skipped, failed, named = _build(selection, split)
    planned = _filtered(selection, split, built, skipped, failed, named, shard)
    if environment is not None:
        planned = _served(selection, environment, planned, skipped)
    result = Plan(selection, planned, split, tuple(skipped), tuple(failed), shard)
    check_sandbox(scoring_checks(result, edits) if scored else (), environment)
    return result


def read_examples(benchmark: Benchmark, split: str | None) -> list[Example]:
    """The examples of ``split`` (``None``: the benchmark's own) in the benchmark's order: the one place a run reads
    a benchmark's examples. Ids must be unique and there must be some (an empty data file is a mistake, not a score
    of n=0)."""
    resolved = benchmark.check_split(split)
    examples = list(benchmark.examples(resolved))
    if not examples:
        raise DataError(f"benchmark {benchmark.name!r}: split {resolved!r} has no examples "
                        f"(data: {benchmark.data_path})")
    seen: set[str] = set()
    for example in examples:
        if example.id in seen:
            raise DataError(f"benchmark {benchmark.name!r}: duplicate example id {example.id!r}")
        seen.add(example.id)
    return examples


def with_timeout(benchmark_cls: Any, options: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Fold ``--timeout`` into the options of a benchmark that declares ``timeout`` (one that executes
    predictions); the others have no time limit to set, so it is not an unknown option for them."""
    if timeout is not None and "timeout" in benchmark_cls.option_defaults:
        return {**options, "timeout": timeout}
    return options


_Built = list[tuple[Benchmark, list[Example], list[Example]]]  # benchmark, its split's examples, the few-shot pool


def _build(selection: Selection, split: str | None
           ) -> tuple[_Built, list[tuple[str, str]], list[tuple[str, str]], set[str]]:
    """Each benchmark of the selection built on its data with its whole split read, those skipped or failed, and
    the names asked for by name (not as a suite's members)."""
    from tabbench.evaluation.datasets import dataset_classes
    from tabbench.host.config import data_path
    from tabbench.host.lookup import benchmark_class, resolve_benchmarks
    from tabbench.host.plugins import host

    benchmarks, suites = selection.benchmarks, selection.suites
    check_benchmark_names(benchmarks)
    registered = host().registry("suite")
    datasets = dataset_classes(selection.datasets)  # a user's own folders: named benchmarks, built on the folder
    named = {*benchmarks, *(s for s in suites if s != "all" and s not in registered), *datasets}
    names = [*(resolve_benchmarks(selection.spec) if selection.spec else []), *datasets]
    asked = _asked(selection)
    unknown = sorted(set(selection.data) - set(names) | set(selection.data) & set(datasets))
    if unknown:
        why = "a --dataset, read from its folder" if unknown[0] in datasets else f"not a benchmark of {asked}"
        raise UsageError(f"--data {unknown[0]}=...: {unknown[0]!r} is {why}")
    options = dict(selection.benchmark_options)
    targets = sorted({k.partition(":")[0] for k in options if ":" in k} - set(names))
    if targets:
        key = next(k for k in options if k.partition(":")[0] == targets[0])
        raise UsageError(f"-o {key}=...: {targets[0]!r} is not a benchmark of {asked}")
    built: _Built = []
    skipped: list[tuple[str, str]] = []
    failed: list[tuple[str, str]] = []
    if selection.spec == "all" or "all" in suites:
        failed += [(info.name, info.failure()) for info in host().failures()]
    for name in names:
        try:
            if name in datasets:
                cls, path = datasets[name]
            else:
                cls = benchmark_class(name)
                path, _ = data_path(name, selection.data.get(name))
                if path is None:
                    path = cls.bundled_data()
                if path is None and cls.needs_data and name not in named:
                    skipped.append((name, f"no data: {cls.data_hint}"))
                    continue
            given = {**configured_options(name, cls), **options_for(name, options)}
            benchmark = cls(path, **with_timeout(cls, given, selection.timeout))
            if name not in named and (split or benchmark.default_split) not in benchmark.splits:
                skipped.append((name, f"no {split!r} split (splits: {', '.join(benchmark.splits)})"))
                continue
            examples = read_examples(benchmark, split)
            built.append((benchmark, examples, shot_pool(benchmark, split, examples, selection.prompt)))
        except (UnknownNameError, NoShots) as exc:  # not installed, or --few-shot without a train split: skip
            _excused(name, named, exc, skipped)
        except (PluginLoadError, DataError) as exc:  # broken plugin or data: the others still run
            _excused(name, named, exc, failed)
    if not built:
        detail = "; ".join(f"{n}: {why}" for n, why in skipped + failed)
        raise ConfigError(f"{asked}: no benchmark could run{f' on split {split!r}' if split else ''} ({detail})")
    return built, skipped, failed, named


def _excused(name: str, named: set[str], exc: Exception, into: list[tuple[str, str]]) -> None:
    """The one rule for a benchmark that cannot run: one the user named fails the run with ``exc``; a suite
    member's is listed in ``into`` (skipped or failed, ``results.json``'s ``not_run``) and the others still run."""
    if name in named:
        raise exc
    into.append((name, str(exc)))


def configured_options(name: str, cls: Any) -> dict[str, Any]:
    """The options the config file gives benchmark ``name`` (``[options.NAME]``), checked against what it
    declares so that a typo there is one line naming the file and the table; ``-o`` lays its options over them."""
    from tabbench.contract.options import check_options, declared
    from tabbench.host.config import benchmark_options

    given, where = benchmark_options(name)
    return check_options(where, declared(cls.option_defaults), given) if given else {}


class NoShots(UsageError):
    """``--few-shot`` for a benchmark with no split to draw the shots from."""


def shot_pool(benchmark: Benchmark, split: str | None, examples: Sequence[Example], options: PromptOptions
              ) -> list[Example]:
    """The examples few-shot prompts are drawn from: the ``train`` split (``examples``, already read, when the run
    is on it); none without ``--few-shot``."""
    if not options.few_shot:
        return []
    if benchmark.check_split(split) == SHOT_SPLIT:
        return list(examples)
    if SHOT_SPLIT not in benchmark.splits:
        raise NoShots(f"--few-shot {options.few_shot}: benchmark {benchmark.name!r} has no {SHOT_SPLIT!r} split to "
                      f"draw examples from (splits: {', '.join(benchmark.splits)})")
    return read_examples(benchmark, SHOT_SPLIT)


def prompter(benchmark: Benchmark, split: str | None, pool: Sequence[Example], options: PromptOptions,
             examples: Sequence[Example]) -> Prompter:
    """The ``Prompter`` of ``examples`` of ``split`` (their shots drawn from ``pool``, ``shot_pool``'s), checked to
    have the shots they need."""
    made = Prompter(benchmark, options, pool, same_split=benchmark.check_split(split) == SHOT_SPLIT)
    made.check(examples)
    return made


def _filtered(selection: Selection, split: str | None, built: _Built, skipped: list[tuple[str, str]],
              failed: list[tuple[str, str]], named: set[str], shard: Shard | None) -> list[PlannedBenchmark]:
    """``--where`` across the benchmarks (one with no match is skipped), then the examples whose data is there
    (``--skip-missing``), then ``--limit``, then the shard; each benchmark's prompter, checked to have the shots its
    examples need."""
    from tabbench.evaluation.where import select_where
    from tabbench.host.config import run_default

    kept = select_where(selection.where, {b.name: examples for b, examples, _ in built})
    if selection.where:
        reason = f"no example matches --where {' --where '.join(w.text for w in selection.where)}"
        skipped += [(b.name, reason) for b, _, _ in built if not kept[b.name]]
    skip = selection.skip_missing or bool(run_default("skip_missing"))
    planned = []
    for benchmark, _, pool in built:
        try:
            examples, missing = available(benchmark, kept[benchmark.name], selection.limit,
                                          skip or benchmark.skip_missing)
        except DataError as exc:  # a suite member lacks data for a selected example: the others still run
            _excused(benchmark.name, named, exc, failed)
            continue
        if not examples:
            if missing:
                skipped.append((benchmark.name, f"no example has its data ({len(missing)} skipped: "
                                                f"{missing[0][1]})"))
            continue
        try:
            made = prompter(benchmark, split, pool, selection.prompt, examples)
        except UsageError as exc:  # too few shots for a suite member: the others still run
            _excused(benchmark.name, named, exc, skipped)
            continue
        selected = examples if shard is None else shard.select(benchmark.name, examples)
        planned.append(PlannedBenchmark(benchmark, benchmark.check_split(split), tuple(examples), tuple(selected),
                                        tuple(missing), made))
    if not planned:
        detail = "; ".join(f"{n}: {why}" for n, why in skipped + failed)
        raise ConfigError(f"{_asked(selection)}: no benchmark could run ({detail})")
    return planned


def available(benchmark: Benchmark, examples: Sequence[Example], limit: int | None, skip: bool
              ) -> tuple[list[Example], list[tuple[str, str]]]:
    """The first ``limit`` of ``examples`` whose data is there (``Benchmark.missing_data``), and the ``(id, why)``
    of those passed over on the way (``skip``); without ``skip`` a selected example whose data is missing is a
    ``DataError`` naming it. Only the examples the run would score are asked: a missing database that no
    selected question uses costs nothing."""
    chosen: list[Example] = []
    missing: list[tuple[str, str]] = []
    for example in examples:
        if limit is not None and len(chosen) >= limit:
            break
        why = benchmark.missing_data(example)
        if why is None:
            chosen.append(example)
        elif skip:
            missing.append((example.id, why))
        else:
            raise DataError(f"benchmark {benchmark.name!r}: example {example.id!r}: {why} (add it, or pass "
                            "--skip-missing to score the examples whose data is there)")
    return chosen, missing


def _served(selection: Selection, environment: type[Environment], planned: list[PlannedBenchmark],
            skipped: list[tuple[str, str]]) -> list[PlannedBenchmark]:
    """With ``--env``: the benchmarks whose examples the environment can serve (judged on the first); the others
    are skipped, and serving none is a usage error."""
    served = [p for p in planned if environment._accepts(p.examples[0])]
    skipped += [(p.name, f"environment {environment.name!r} cannot serve its examples")
                for p in planned if p not in served]
    if not served:
        raise UsageError(f"--env {environment.name}: serves none of the benchmarks of {_asked(selection)}")
    return served


def _asked(selection: Selection) -> str:
    return ", ".join([*(f"--benchmark {b!r}" for b in selection.benchmarks),
                      *(f"--suite {s!r}" for s in selection.suites),
                      *(f"--dataset {str(d)!r}" for d in selection.datasets)]) or "--suite 'all'"


#: One check of the sandbox rule: who runs the code (``"benchmark 'tablebench'"``), the extractor that would run it
#: (``None``: none) and the examples it reads answers of.
SandboxCheck = tuple[str, Extractor | None, Sequence[Example]]


def scoring_checks(planned: Plan, edits: Sequence[Mapping[str, Any]] | None = None) -> list[SandboxCheck]:
    """What an evaluation run extracts answers with: each benchmark's answer extractor and the extractors of its own
    metric rewards but those ``edits`` removed (``tabbench.evaluation.edits.run_metrics``), on the benchmark's
    selected examples. The rewards rescore added are not built here: a resumed run with nothing left to score
    needs none of them (nor their plugins)."""
    from tabbench.evaluation.edits import run_metrics, scored_rewards

    return [(f"benchmark {p.name!r}", extractor, p.selected or ()) for p in planned.planned
            for extractor in (p.benchmark.answer_extractor(), *(
                reward.extractor for reward in scored_rewards(run_metrics(p.benchmark, edits)[0]).values()))]


def check_sandbox(checks: Iterable[SandboxCheck], environment: type[Environment] | Environment | None = None) -> None:
    """The one sandbox rule of every run: stop before anything is generated (and before a model loads) when the run
    will run model-written code and this machine cannot confine it (``tabbench.sandbox.require``; ``--unsafe-sandbox``
    opts out): an environment whose tools run code, or an extractor that runs code on one of its examples
    (``Extractor.runs_code``)."""
    from tabbench.sandbox import require

    if environment is not None and environment.runs_code:
        require(f"environment {environment.name!r}")
    for who, extractor, examples in checks:
        if extractor is not None and any(extractor.runs_code(example) for example in examples):
            require(who)
