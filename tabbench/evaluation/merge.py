"""``tabbench merge``: shard run folders (``--shard K/N``) into the one run they are parts of.

The shards must be parts of one run: the same configuration but for ``shard``, the same model record, and per
benchmark the same version, split, options, data files (sha256) and metric rewards, with one folder per shard
index. Their records are checked (each belongs to its shard, none twice, none missing unless the merge is
partial), written to the merged run in the benchmark's example order, and the results are computed from them by
the runner, as for an unsharded run (``Run.merge``: nothing is generated); no shard's means are averaged. The
merged run is built in ``OUT``'s journal while ``OUT`` is held (one writer at a time) and switched into place
whole, so a refused, failed or killed merge leaves ``OUT`` as it was. Each shard's prompt entries are checked
against the examples read again, and what ``tabbench rescore`` added to the shards (alike) is kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tabbench.contract import modeltext
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError, DataError, RunStoreError, TabbenchError
from tabbench.contract.journal import Change, recover
from tabbench.contract.outputs import check_output_folder
from tabbench.contract.runlock import writing
from tabbench.contract.types import SampleRecord
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.edits import merged_edits
from tabbench.evaluation.plan import Plan, PlannedBenchmark, plan
from tabbench.evaluation.record_checks import check_against_results, check_records
from tabbench.evaluation.results import MergeRecord, Results, load
from tabbench.evaluation.runfolder import RESULTS, PromptTable, existing, read_prompts, started_config
from tabbench.evaluation.runner import Run, execute, prompt_entry, prompt_hash
from tabbench.evaluation.shards import Shard
from tabbench.evaluation.store import RunStore
from tabbench.evaluation.usage import recorded_price

#: Per-benchmark results keys that say what was run; they must agree across shards (the rest is computed).
SAME_PER_BENCHMARK = ("version", "split", "options", "data", "metric_rewards")
#: What a run folder holds; ``OUT`` may exist (``--launcher ray`` keeps its shards there) but not hold these.
RUN_FILES = ("run.json", "samples", "prompts", "results.json", "greedy")
#: Model-record keys that may differ between shards: where each shard kept its response cache.
LOCAL_MODEL_KEYS = ("cache",)


@dataclass(frozen=True)
class ShardRun:
    """One shard folder as read back: where it is, which shard, what ``--resume`` compares (``record``, its
    ``run.json``) and its configuration and results with ``shard`` set to ``None``, as an unsharded run records
    them (``config`` read with ``RunConfig.from_json``)."""

    path: Path
    shard: Shard
    record: dict[str, Any]
    config: RunConfig
    results: Results

    def records(self, benchmark: str) -> list[SampleRecord]:
        return RunStore(self.path).read_samples(benchmark, repair=False)

    def prompts(self, benchmark: str) -> PromptTable:
        return read_prompts(self.path, benchmark)


def read_shard(path: Path) -> ShardRun:
    """Read a shard folder; one that is not a finished shard run is a ``RunStoreError`` naming it."""
    from tabbench.evaluation.launch import recorded_config

    store = RunStore(path)
    try:
        record = started_config(path)
        if record is None:
            raise DataError("no run.json")
        shard = recorded_config(record).shard
        results_file = existing(path, RESULTS)
    except DataError as exc:
        raise RunStoreError(f"{store.config_path}: not a run folder (unreadable run.json: {exc})") from None
    if shard is None:
        raise RunStoreError(f"{path}: not a shard (its run.json has no shard: it was not run with --shard K/N)")
    if results_file is None:
        raise RunStoreError(f"{path}: shard {shard} has no results.json (it did not finish): resume it with "
                            "--resume, or merge without it with --allow-partial")
    results = load(results_file)
    if "stopped" in results:
        raise RunStoreError(f"{path}: shard {shard} stopped on its budget before it finished: resume it with --resume "
                            "and a larger budget, or merge without it with --allow-partial")
    _check_versions(store.config_path, record, results)
    try:
        config = replace(RunConfig.from_json(results["config"]), shard=None)
    except DataError as exc:
        raise RunStoreError(f"{store.results_path}: {exc}") from None
    unsharded = {**results, "config": config.to_json()}
    return ShardRun(Path(path), shard, {**record, "shard": None}, config, unsharded)  # type: ignore[typeddict-item]


def _check_versions(path: Path, config: dict[str, Any], results: Results) -> None:
    """A shard's results must carry the benchmark versions its ``run.json`` started with (an edited label would
    pass records of one version off as another's)."""
    started = config.get("benchmark_versions")
    if not isinstance(started, dict):
        return  # recorded since run.json schema 1 had it; an older shard has nothing to check against
    for name, result in results["benchmarks"].items():
        if name in started and str(result.get("version")) != str(started[name]):
            raise RunStoreError(f"{path}: benchmark {name} started at version {started[name]!r} but its results.json "
                                f"says {result.get('version')!r}")


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def check_same_run(shards: Sequence[ShardRun]) -> None:
    """Refuse shards that are not distinct parts of one run, naming the first difference."""
    first = shards[0]
    seen: dict[int, Path] = {}
    for other in shards:
        if other.shard.count != first.shard.count:
            raise RunStoreError(f"{other.path}: shard {other.shard} is not a part of the {first.shard.count} shards "
                                f"of {first.path} ({first.shard})")
        if other.shard.index in seen:
            raise RunStoreError(f"shard {other.shard} given twice: {seen[other.shard.index]} and {other.path}")
        seen[other.shard.index] = other.path
        where = f"{other.path}: not a shard of the same run as {first.path}"
        changed = _differences(first.record, other.record)
        if changed:
            raise RunStoreError(f"{where} (config differs: {', '.join(changed)})")
        model_a, model_b = ({k: v for k, v in s.results["model"].items() if k not in LOCAL_MODEL_KEYS}
                            for s in (first, other))
        changed = _differences(model_a, model_b)
        if changed:
            raise RunStoreError(f"{where} (model differs: {', '.join(changed)})")
        for key in ("tabbench_version", "plugins", "seeds"):
            if first.results.get(key) != other.results.get(key):
                raise RunStoreError(f"{where} ({key} differs)")
        names_a, names_b = list(first.results["benchmarks"]), list(other.results["benchmarks"])
        if names_a != names_b:
            raise RunStoreError(f"{where} (benchmarks differ: {names_a} and {names_b})")
        for name in names_a:
            a, b = first.results["benchmarks"][name], other.results["benchmarks"][name]
            changed = [k for k in SAME_PER_BENCHMARK if a.get(k) != b.get(k)]  # type: ignore[misc]
            if changed:
                raise RunStoreError(f"{where} (benchmark {name}: {', '.join(changed)} differ)")


def merged_records(
    benchmark: Benchmark, examples: Sequence[Any], shards: Sequence[ShardRun], allow_partial: bool,
) -> tuple[list[SampleRecord], list[str]]:
    """The records of ``benchmark`` from every shard in the order of ``examples``, and the ids missing.

    A record in a shard it does not belong to, an id recorded twice or an id that is no example of the run is
    refused; so are missing examples unless ``allow_partial``.
    """
    name = benchmark.name
    order = {e.id: i for i, e in enumerate(examples)}
    found: dict[str, SampleRecord] = {}
    origin: dict[str, Path] = {}
    for shard_run in shards:
        where = RunStore(shard_run.path).samples_path(name)
        records = shard_run.records(name)
        for record in records:
            if record.id not in order:
                raise RunStoreError(f"{where}: record {record.id!r} is not an example of the run")
            if not shard_run.shard.holds(name, record.id):
                raise RunStoreError(f"{where}: record {record.id!r} does not belong to shard {shard_run.shard}")
            if record.id in found:
                raise RunStoreError(f"{where}: example {record.id!r} is recorded twice")
            found[record.id] = record
            origin[record.id] = where
        check_records(name, [(where, r) for r in records], benchmark.primary_metric, {})
        check_against_results(where, records, shard_run.results["benchmarks"].get(name) or {})
    check_records(name, [(origin[i], r) for i, r in found.items()], benchmark.primary_metric,
                  {e.id: e for e in examples})
    missing = [e.id for e in examples if e.id not in found]
    if missing and not allow_partial:
        given = {s.shard.index for s in shards}
        absent = [str(s) for s in (Shard(k, shards[0].shard.count) for k in range(shards[0].shard.count))
                  if s.index not in given]
        why = f"shard(s) {', '.join(absent)} not given" if absent else "a shard lacks records"
        raise RunStoreError(f"{name}: {len(missing)} of {len(examples)} examples are missing (first: "
                            f"{missing[0]!r}; {why}); pass --allow-partial to merge what there is")
    return sorted(found.values(), key=lambda r: order[r.id]), missing


@dataclass(frozen=True)
class MergePlan:
    """What the merged run is, built by the command from the shards' common config: its ``plan`` (the benchmarks,
    built again, and the run's examples in their order, read once for the merge and its vote run's greedy merge;
    the plugins' ``after_benchmark`` hooks get the benchmarks) and the command's own ``after_benchmark`` addition
    (``Run.after_benchmark``)."""

    plan: Plan
    after_benchmark: Callable[[Run, Benchmark], None] | None = None


def merge(out: Path, shard_dirs: Sequence[Path], make_plan: Callable[[ShardRun], MergePlan], *,
          allow_partial: bool = False) -> Results:
    """Merge ``shard_dirs`` into the run folder ``out`` (new, or holding no run) and return its results.

    ``make_plan`` is given the first shard (``plan_for``). A vote run's greedy runs (``SHARD/greedy``) are merged
    into ``OUT/greedy`` first, on the same plan, and its ``greedy`` block is computed from that merge. ``out`` is
    held (its lock) throughout; the merged run is built in its journal and switched in whole
    (``tabbench.contract.journal``), so a refused, failed or interrupted merge leaves ``out`` as it was.
    """
    out = Path(out)
    check_output_folder(out, "merge OUT", allow_symlink=False)  # before any shard is read
    if not shard_dirs:
        raise RunStoreError("tabbench merge needs at least one shard folder")
    with writing(out):
        recover(out)
        if any((out / name).exists() for name in RUN_FILES):
            raise RunStoreError(f"{out} already holds a run: merge into a new folder")
        with Change(out) as change:
            results = _merge_into(change.new, out, shard_dirs, make_plan, allow_partial)
            change.adopt()
    return results


def _merge_into(staging: Path, out: Path, shard_dirs: Sequence[Path],
                make_plan: Callable[[ShardRun], MergePlan], allow_partial: bool) -> Results:
    """Build the merged run of ``shard_dirs`` in ``staging`` (it becomes ``out``)."""
    shards = sorted((read_shard(Path(d)) for d in shard_dirs), key=lambda s: s.shard)
    check_same_run(shards)
    edits = merged_edits([(s.path, s.results.get("edits")) for s in shards])
    first = shards[0]
    made = make_plan(first)
    built = made.plan.benchmarks
    layout: MergeRecord = {"count": first.shard.count, "shards": [], "partial": False, "missing": {}}
    per_benchmark = {}
    examples_of: dict[str, dict[str, Any]] = {}
    for benchmark in built:
        examples = made.plan[benchmark.name].examples
        examples_of[benchmark.name] = {e.id: e for e in examples}
        records, missing = merged_records(benchmark, examples, shards, allow_partial)
        per_benchmark[benchmark.name] = records
        if missing:
            layout["partial"] = True
            layout["missing"][benchmark.name] = missing
    for s in shards:
        layout["shards"].append({"index": s.shard.index, "path": str(s.path),
                                 "n": {b.name: sum(1 for r in per_benchmark[b.name]
                                                   if s.shard.holds(b.name, r.id)) for b in built}})
    greedy = None
    if "greedy" in first.results:
        merged = merge(staging / "greedy", [s.path / "greedy" for s in shards], lambda _: made,
                       allow_partial=allow_partial)
        greedy = {"run": "greedy", "primary_metric": {n: r["primary_metric"] for n, r in merged["benchmarks"].items()}}
    store = RunStore.create(staging, first.record)
    config = first.config.to_json()
    for benchmark in built:
        name = benchmark.name
        tables = [(s.path, s.shard, s.prompts(name)) for s in shards]
        for record in per_benchmark[name]:
            _record_prompt(store, made.plan[name], examples_of[name][record.id], record, tables)
            store.append(name, record)
    run = Run(out_dir=out, config=config, plan=made.plan, store=store, vote=first.config.vote,
              model=dict(first.results["model"]), seeds=dict(first.results["seeds"]), show_progress=False,
              greedy=greedy, after_benchmark=made.after_benchmark, merge=dict(layout),
              edits=edits, price=recorded_price(first.results))  # type: ignore[arg-type]
    results = execute(run, _no_generation)
    for name, result in results["benchmarks"].items():
        if str(result["version"]) != str(first.results["benchmarks"][name].get("version")):
            raise RunStoreError(f"benchmark {name}: the shards ran version "
                                f"{first.results['benchmarks'][name].get('version')!r}, the plugin here is "
                                f"version {result['version']!r}")
        if result["data"] != first.results["benchmarks"][name]["data"]:
            raise RunStoreError(f"benchmark {name}: its data ({result['data']['path']}) is not the data the "
                                "shards ran on (path or file sha256 differ)")
    return results


def _record_prompt(store: RunStore, planned: PlannedBenchmark, example: Any, record: SampleRecord,
                   tables: Sequence[tuple[Path, Shard, PromptTable]]) -> None:
    """Write the record's prompt to the merged prompts file as the shard that ran it recorded it, once checked
    against the example read again (its messages with the run's prompt options, question, gold and meta): a
    shard's prompts file is not trusted. A record of a run of results schema 3 has none."""
    benchmark = planned.benchmark
    for path, shard, table in tables:
        if shard.holds(benchmark.name, record.id):
            entry = table.get(record.prompt_hash, record.id)
            if entry is not None:
                where = RunStore(path).prompts_path(benchmark.name)
                messages = planned.messages(example)
                if prompt_hash(messages) != record.prompt_hash:
                    raise RunStoreError(f"{RunStore(path).samples_path(benchmark.name)}: record {record.id!r} names "
                                        "a prompt that is not its example's (prompt_hash differs)")
                expected = json.loads(modeltext.dumps(prompt_entry(example, messages), default=str))
                found = json.loads(modeltext.dumps(entry, default=str))
                changed = [k for k in ("messages", "question", "gold", "meta") if found.get(k) != expected.get(k)]
                if changed:
                    raise RunStoreError(f"{where}: the prompt entry of example {record.id!r} is not its example's "
                                        f"({', '.join(changed)} differ{'s' if len(changed) == 1 else ''}): an "
                                        "edited prompts file is refused")
                store.record_prompt(benchmark.name, record.prompt_hash, record.id, entry)
            return


def plan_for(first: ShardRun, planned: Plan | None = None) -> MergePlan:
    """The merged run of ``tabbench eval``/``score`` shards, from their common config: the benchmarks that ran,
    planned again (``tabbench.evaluation.plan.plan``) on the recorded data paths, options, split, limit and
    ``--where``, and ``--env``'s rollout summary recomputed. ``planned``: the run's plan, already made (the Ray
    launcher's driver made it before the shards ran). A benchmark whose plugin is not installed, or whose data is
    not where the shards read it, is a ``ConfigError`` saying that the merge needs both (one line, before anything
    is written)."""
    config = first.config
    names = tuple(first.results["benchmarks"])
    if planned is None:
        try:
            from tabbench.evaluation.datasets import dataset_classes

            datasets = dataset_classes(config.datasets)  # a --dataset runs under its manifest's name
            selection = replace(config.selection, benchmarks=tuple(n for n in names if n not in datasets), suites=())
            planned = plan(selection, scored=False)  # a merge extracts nothing: no sandbox to check
        except TabbenchError as exc:
            raise ConfigError(f"tabbench merge needs the plugin and the data of each benchmark the shards ran "
                              f"({', '.join(names)}), to order the examples and run the plugins' hooks: {exc}"
                              ) from None
    after = _environment_summary(first) if config.environment is not None else None
    return MergePlan(planned, after)


def _environment_summary(first: ShardRun) -> Callable[[Run, Benchmark], None]:
    """``eval --env``: the rollout summary of each benchmark, recomputed from the merged records."""
    from tabbench.evaluation.agent import agent_summary

    def add(run: Run, benchmark: Benchmark) -> None:
        recorded = first.results["benchmarks"][benchmark.name].get("extensions", {}).get("environment", {})
        summary = agent_summary(run.store.read_samples(benchmark.name))
        run.extend(benchmark, "environment", {"name": recorded.get("name"), "protocol": recorded.get("protocol"),
                                              **summary})

    return add


def _no_generation(benchmark: Benchmark, requests: Sequence[Any]) -> list[list[str]]:
    raise AssertionError("a merge generates nothing")  # Run.merge: the runner asks for no completion
