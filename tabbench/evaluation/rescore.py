"""``tabbench rescore``: new metrics on a finished run, without generating again.

A run's completions are in its records; a new metric needs only a reward plugin and, for a reward that
executes (SQL against the database, a program in the sandbox), the benchmark's examples on the data the run
recorded. Each record's scored completion is scored by the reward through the host's ``score_batch`` with one
result store for the whole rescore (each distinct query executed once, as in a run); a reward that declares
``transcript = True`` (``tool-errors``) scores an agent run's whole rollout instead, as in training. The score
is added to the record's ``scores`` under the metric's name, the benchmark's ``metrics``, ``breakdown`` and
``metric_rewards`` in ``results.json`` gain the metric, and ``results.json``'s ``edits`` says what was added
and when. A metric name the run or one of its records already has is refused, unless ``--replace`` asks to score
that metric again (with its reward, fixed, or another); ``--remove`` takes a metric out; each is an edit of its
own kind. The primary metric and every record's ``status``/``score`` stay as they were: the primary metric is
neither replaced nor removed.

The benchmark's data must be the data the run was made on (same file hashes, same benchmark version): scores
against other golds would be numbers of another run. A rescore holds the run folder's lock
(``tabbench.contract.runlock``: a second writer is refused by name) and checks before it scores that the records
give back ``results.json`` and that every file it rewrites is writable; nothing is written until every score is
computed and the new ``results.json`` is checked, and then the records and ``results.json`` change together
(``tabbench.contract.journal``): a kill, a full disk or a failed rename at any point leaves the old run or the
rescored one, never a mix.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabbench import __version__
from tabbench.contract import modeltext
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.contract.extract import SampleAnswers, answer_text
from tabbench.contract.journal import Change, pending, recover
from tabbench.contract.reward import score_batch
from tabbench.contract.runlock import RunLock
from tabbench.contract.types import MetricSpec, SampleRecord
from tabbench.evaluation.agent import transcript_json
from tabbench.evaluation.aggregate import summarize
from tabbench.evaluation.edits import metric_entry
from tabbench.evaluation.record_checks import check_against_results
from tabbench.evaluation.record_limits import bounded
from tabbench.evaluation.results import Results, load
from tabbench.evaluation.runfolder import RESULTS, existing
from tabbench.evaluation.store import RunStore, results_text

BATCH = 64  # samples scored per score_batch call (a progress step)


@dataclass(frozen=True)
class NewMetric:
    """A metric to add, or with ``replaces`` to score again (``--replace``): its key in ``metrics`` and records
    (``name``), the reward plugin (``None`` with ``replaces``: the reward the run's metric has) and the reward's
    options, laid over what the benchmark offers the reward (``--timeout`` included) or, for a metric scored again
    with its own reward, over the options it was added with."""

    name: str
    reward: str | None
    options: Mapping[str, Any] = field(default_factory=dict)
    replaces: bool = False

    @classmethod
    def parse(cls, spec: str, options: Mapping[str, Any] | None = None) -> NewMetric:
        """``REWARD`` or ``METRIC=REWARD`` (``--reward``)."""
        name, sep, reward = spec.partition("=")
        name, reward = (name.strip(), reward.strip()) if sep else (spec.strip(), spec.strip())
        if not name or not reward:
            raise UsageError(f"--reward {spec!r}: expected REWARD or METRIC=REWARD")
        if not name.isprintable() or any(c in name for c in ",:"):
            raise UsageError(f"--reward {spec!r}: {name!r} cannot name a metric (printable text without ',' or "
                             "':', which lm-eval's 'metric,filter' keys and --reward-option METRIC:KEY split on)")
        return cls(name, reward, dict(options or {}))


def rescore(run_dir: Path, metrics: Sequence[NewMetric], benchmarks: Sequence[str] = (),
            data: Mapping[str, Path] | None = None, progress: bool = False, remove: Sequence[str] = (),
            datasets: Sequence[Path] = ()) -> Results:
    """Add ``metrics`` to the benchmarks of the finished run in ``run_dir`` (all of them, or those named), score
    those that ``replace`` a metric again, and take the metrics named in ``remove`` out; ``data``: benchmark -> data
    path, for data moved since the run (its files must hash the same); ``datasets``: ``--dataset`` folders, for a
    dataset the run scored (else the folders the run recorded). Each kind of change is an entry of ``edits``.
    Returns the new ``results.json``. Holds the run folder's lock throughout; the files change together or not at
    all."""
    run_dir = Path(run_dir)
    no_results = f"{run_dir}: no results.json (rescore needs a finished run; finish it with --resume)"
    if not run_dir.is_dir() or (existing(run_dir, RESULTS) is None and not pending(run_dir)):
        raise UsageError(no_results)
    _check_request(metrics, remove)
    with RunLock(run_dir):
        recover(run_dir)  # a change a killed writer left is finished (or undone) before anything is read
        path = existing(run_dir, RESULTS)
        if path is None:
            raise UsageError(no_results)
        return _rescore(run_dir, path, metrics, benchmarks, data, progress, remove, datasets)


def _rescore(run_dir: Path, path: Path, metrics: Sequence[NewMetric], benchmarks: Sequence[str],
             data: Mapping[str, Path] | None, progress: bool, remove: Sequence[str], datasets: Sequence[Path]
             ) -> Results:
    from tabbench.evaluation.datasets import dataset_classes

    results = load(path)
    given = dataset_classes(datasets)
    recorded = [Path(str(p)) for p in (results.get("config") or {}).get("datasets") or []]
    chosen = list(benchmarks) or list(results["benchmarks"])
    for name in chosen:
        if name not in results["benchmarks"]:
            raise UsageError(f"benchmark {name!r} is not in {run_dir} ({', '.join(results['benchmarks'])})")
    _check_present([m.name for m in metrics if m.replaces], "--replace", results, chosen)
    _check_present(remove, "--remove", results, chosen)
    store = RunStore(run_dir)
    records_of = {name: store.read_samples(name, repair=False) for name in chosen}
    for name, records in records_of.items():  # before any work: records that are not the results' are refused
        check_against_results(store.samples_path(name), records, results["benchmarks"][name])
    _check_writable(run_dir, [path, *(store.samples_path(name) for name in chosen)])
    rescored: dict[str, tuple[list[SampleRecord], dict[str, Any], list[dict[str, Any]]]] = {}
    from tabbench.sql.store import ResultStore, use_store

    with use_store(ResultStore()):  # each distinct query executes once, whichever new metric asks
        for name in chosen:
            result = results["benchmarks"][name]
            records = records_of[name]
            _check_names(name, result, records, metrics)
            wanted = [m for m in metrics if not m.replaces or m.name in result["metrics"]]
            entries = {entry.get("name"): entry for entry in result.get("metric_rewards") or []}
            removed = [entries.get(m) or metric_entry(m, "unknown", {}, "unknown")
                       for m in remove if m in (result.get("metrics") or {})]  # an older writer may list none
            added = {}
            if wanted:
                bench = _benchmark(run_dir, name, result, (data or {}).get(name), _dataset(name, given, recorded))
                specs = _rewards(bench, wanted, result)
                added = _score(bench, result["split"], records, specs, progress)
            rescored[name] = (records, added, removed)
    kinds: dict[str, list[dict[str, Any]]] = {"rescore": [], "replace": [], "remove": []}
    replaced = {m.name for m in metrics if m.replaces}
    for name, (records, added, removed) in rescored.items():
        _add_to_result(results["benchmarks"][name], records, added)
        _remove_from_result(results["benchmarks"][name], records, [entry["name"] for entry in removed])
        for metric, entry in added.items():
            kinds["replace" if metric in replaced else "rescore"].append({"benchmark": name, **entry["spec"]})
        kinds["remove"] += [{"benchmark": name, **metric_entry(e["name"], str(e.get("reward")), e.get("options"),
                                                               e.get("reward_version"))} for e in removed]
    at = datetime.now(UTC).isoformat(timespec="seconds")
    edits = [{"kind": kind, "at": at, "tabbench_version": __version__, "metrics": changed}
             for kind, changed in kinds.items() if changed]
    results = {**results, "edits": [*(results.get("edits") or []), *edits]}  # type: ignore[typeddict-item]
    try:  # before any file is written: a document that cannot be written would leave the records changed alone
        document, text = results_text(results)
    except ValueError as exc:
        raise DataError(f"{path}: cannot add the metrics ({exc})") from None
    with Change(run_dir) as change:  # every file, or none: the records first, results.json last
        for name, (records, _, _) in rescored.items():
            change.write(f"samples/{name}.jsonl",
                         "".join(modeltext.dumps(r.to_json(), default=str) + "\n" for r in records))
        change.write("results.json", text)
    return document


def _check_writable(run_dir: Path, files: Sequence[Path]) -> None:
    """Rescore replaces ``files`` and stages the change in the run folder: each must be writable by this user (a
    read-only file is kept read-only, not replaced behind its owner's back), and so must their folders."""
    for place in [run_dir, *dict.fromkeys(f.parent for f in files)]:
        if not os.access(place, os.W_OK | os.X_OK):
            raise UsageError(f"{place}: not writable by this user (rescore writes its files there); nothing was "
                             "changed")
    for file in files:  # read-only for its owner or for this user (root included: the mode says what was meant)
        if file.exists() and (not os.access(file, os.W_OK) or not file.stat().st_mode & stat.S_IWUSR):
            raise UsageError(f"{file}: read-only (rescore would rewrite it); make it writable (chmod u+w) or "
                             "rescore a copy; nothing was changed")


def _dataset(name: str, given: Mapping[str, tuple[type[Benchmark], Path]], recorded: Sequence[Path]
             ) -> tuple[type[Benchmark], Path] | None:
    """The dataset ``name`` of the run: from a ``--dataset`` folder, else from a folder the run recorded."""
    from tabbench.evaluation.datasets import load_dataset

    if name in given:
        return given[name]
    for folder in recorded:
        try:
            cls, root = load_dataset(folder)
        except TabbenchError:  # moved or changed since: --dataset names where it is now
            continue
        if cls.name == name:
            return cls, root
    return None


def _benchmark(run_dir: Path, name: str, result: Mapping[str, Any], data: Path | None,
               dataset: tuple[type[Benchmark], Path] | None = None) -> Benchmark:
    """The benchmark plugin on the run's data (or ``data``), or the run's dataset, checked to be the version and
    files the run used."""
    from tabbench.host.lookup import get_benchmark

    recorded = result.get("data") or {}
    where = data if data is not None else recorded.get("path")
    try:
        bench = (dataset[0](dataset[1], **(result.get("options") or {})) if dataset is not None
                 else get_benchmark(name, where, **(result.get("options") or {})))
    except TabbenchError as exc:
        raise type(exc)(f"{run_dir}: cannot rebuild benchmark {name!r} to rescore it ({exc}); pass --data "
                        f"{name}=PATH if its data moved (--dataset FOLDER for a dataset)") from None
    if str(bench.version) != str(result.get("version")):
        raise DataError(f"{run_dir}: {name} ran on benchmark version {result.get('version')}, the installed plugin "
                        f"is version {bench.version}: scores would not be this run's")
    from tabbench.contract.hashing import file_sha256

    recorded_hashes = sorted((recorded.get("files") or {}).values())
    found = sorted(file_sha256(p) for p in bench.data_files(result.get("split")) if Path(p).is_file())
    if found and not recorded_hashes:
        raise DataError(f"{run_dir}/results.json: benchmarks.{name}.data.files recorded no data files, so the data "
                        f"at {bench.data_path} cannot be checked to be the data the run was made on")
    if found != recorded_hashes:
        raise DataError(f"{run_dir}: the data of {name} at {bench.data_path} is not the data the run was made on "
                        "(its files hash differently)")
    return bench


def _check_request(metrics: Sequence[NewMetric], remove: Sequence[str]) -> None:
    """A rescore asks for something, and names each metric once."""
    if not metrics and not remove:
        raise UsageError("name a reward to add (--reward REWARD), a metric to score again (--replace METRIC) or one "
                         "to take out (--remove METRIC)")
    names = [m.name for m in metrics]
    twice = next((n for n in names if names.count(n) > 1), None) or next((n for n in remove if remove.count(n) > 1),
                                                                          None)
    if twice is not None:
        raise UsageError(f"metric {twice!r} named twice (give one METRIC=REWARD a new name)")
    both = next((m for m in metrics if m.name in remove), None)
    if both is not None:
        raise UsageError(f"metric {both.name!r}: --remove and {'--replace' if both.replaces else '--reward'} both "
                         "name it")


def _check_present(names: Sequence[str], option: str, results: Results, chosen: Sequence[str]) -> None:
    """Each metric ``option`` names is one of the chosen benchmarks' metrics, and none is a primary metric (the
    run's own: every record's status and score are its)."""
    for metric in names:
        having = [b for b in chosen if metric in (results["benchmarks"][b].get("metrics") or {})]
        if not having:
            raise UsageError(f"{option} {metric}: no metric {metric!r} in {', '.join(chosen)}")
        primary = next((b for b in having if results["benchmarks"][b]["primary_metric"]["name"] == metric), None)
        if primary is not None:
            raise UsageError(f"{option} {metric}: {metric!r} is the primary metric of {primary}, the run's own (every "
                             "record's status and score are its): evaluate again instead")


def _check_names(benchmark: str, result: Mapping[str, Any], records: Sequence[SampleRecord],
                 metrics: Sequence[NewMetric]) -> None:
    """A new metric's name is neither the run's nor one a record holds (``--replace`` scores one again)."""
    held = set().union(*(r.scores or {} for r in records)) - set(result.get("metrics") or {})
    clash = [m for m in metrics if not m.replaces and (m.name in held or m.name in (result.get("metrics") or {}))]
    if clash:
        where = "a record of the run holds" if clash[0].name in held else "the run already has"
        raise UsageError(f"{benchmark}: {where} metric {clash[0].name!r}; name the new one (--reward "
                         f"NEW_NAME={clash[0].reward}) or score it again (--replace {clash[0].name})")


def _rewards(bench: Benchmark, metrics: Sequence[NewMetric], result: Mapping[str, Any]
             ) -> list[tuple[MetricSpec, Any]]:
    """Each metric's reward, built: a new reward with what the benchmark offers it and the given options; a metric
    scored again with its own reward (``reward`` ``None``) with the options it was added with and the given ones."""
    from tabbench.host.lookup import get_reward
    from tabbench.host.metrics import with_benchmark_options

    recorded = {entry.get("name"): entry for entry in result.get("metric_rewards") or []}
    out = []
    for metric in metrics:
        if metric.reward is None:
            own = recorded.get(metric.name) or {}
            if not isinstance(own.get("reward"), str):
                raise DataError(f"{bench.name}: results.json records no reward of metric {metric.name!r}; name one: "
                                f"--reward {metric.name}=REWARD --replace {metric.name}")
            spec = MetricSpec(metric.name, own["reward"], {**dict(own.get("options") or {}), **metric.options})
        else:
            offered = with_benchmark_options(type(bench), MetricSpec(metric.name, metric.reward), bench.options)
            spec = MetricSpec(metric.name, metric.reward, {**offered.options, **metric.options})
        out.append((spec, get_reward(spec.reward, **spec.options)))
    return out


def _score(bench: Benchmark, split: str, records: Sequence[SampleRecord], specs: Sequence[tuple[MetricSpec, Any]],
           progress: bool) -> dict[str, Any]:
    """Every new metric's score of every record's scored completion, bounded as the runner bounds them."""
    examples = {e.id: e for e in bench.examples(bench.check_split(split))}
    missing = [r.id for r in records if r.id not in examples]
    if missing:
        raise DataError(f"{bench.name}: example {missing[0]!r} of the run is not in the data at {bench.data_path}")
    candidates = [[SampleAnswers(examples[r.id], c) for c in r.completions or [""]] for r in records]
    samples = [c[_scored_index(bench, r, c)] for r, c in zip(records, candidates, strict=True)]
    rollouts = [SampleAnswers(examples[r.id], transcript_json(r.transcript.get("messages"))) if r.transcript else s
                for r, s in zip(records, samples, strict=True)]
    from tabbench.evaluation.runner import ProgressBar

    scores: dict[str, list[Any]] = {spec.name: [] for spec, _ in specs}
    with ProgressBar(progress, f"{bench.name} rescore", total=len(samples), completed=0) as tick:
        for start in range(0, len(samples), BATCH):
            for spec, reward in specs:  # a transcript (shaping) reward reads an agent's whole rollout
                scored = rollouts if getattr(reward, "transcript", False) else samples
                scores[spec.name] += score_batch(reward, scored[start:start + BATCH])
            tick(len(samples[start:start + BATCH]))
    _record_answers(records, candidates, [reward for _, reward in specs])
    return {spec.name: {"spec": metric_entry(spec.name, spec.reward, reward.options, reward.version),
                        "scores": scores[spec.name]} for spec, reward in specs}


def _scored_index(bench: Benchmark, record: SampleRecord, candidates: Sequence[SampleAnswers]) -> int:
    """Which completion the run scored: the only one, the vote's pick (``vote.index``), or, in a results schema 3
    record (no ``vote``), the first whose answer is the record's."""
    if len(candidates) == 1:
        return 0
    index = (record.vote or {}).get("index")
    if isinstance(index, int) and 0 <= index < len(candidates):
        return index
    extractor = bench.answer_extractor()
    return next((i for i, c in enumerate(candidates) if answer_text(c.get(extractor)) == record.answer), 0)


def _record_answers(records: Sequence[SampleRecord], candidates: Sequence[Sequence[SampleAnswers]],
                    rewards: Sequence[Any]) -> None:
    """Add each new reward's extractor's answers, one per completion, to records that keep ``answers`` (results
    schema 4: every completion's answer under each extractor's name), unless they hold that extractor's already."""
    from tabbench.evaluation.runner import every_answer

    for record, samples in zip(records, candidates, strict=True):
        if record.answers is None or not record.completions:
            continue
        new = {r.extractor.name: r.extractor for r in rewards
               if r.extractor is not None and r.extractor.name not in record.answers}
        record.answers.update(every_answer(new, samples))


def _add_to_result(result: dict[str, Any], records: Sequence[SampleRecord], added: Mapping[str, Any]) -> None:
    """Scores into the records, and the new metrics into the benchmark's results (summary, breakdowns, rewards); a
    metric scored again replaces its scores and its entry of ``metric_rewards``, in place."""
    for name, entry in added.items():
        for record, score in zip(records, entry["scores"], strict=True):
            record.scores[name] = bounded(record.answer, {name: score.to_json()})[1][name]
        result["metrics"][name] = summarize(records, [name])[name]
        rewards = result["metric_rewards"]
        at = next((i for i, e in enumerate(rewards) if e.get("name") == name), None)
        if at is None:
            rewards.append(entry["spec"])
        else:
            rewards[at] = entry["spec"]
    for key, levels in (result.get("breakdown") or {}).items():
        for level, summary in levels.items():
            group = [r for r in records if str(r.meta.get(key, "unknown")) == level]
            summary["metrics"].update({m: v["value"] for m, v in summarize(group, list(added)).items()})



def _remove_from_result(result: dict[str, Any], records: Sequence[SampleRecord], names: Sequence[str]) -> None:
    """``names`` out of every record's scores and of the benchmark's results (summary, breakdowns, rewards)."""
    if not names:
        return
    for record in records:
        for name in names:
            record.scores.pop(name, None)
    for name in names:
        result["metrics"].pop(name, None)
    result["metric_rewards"] = [e for e in result.get("metric_rewards") or [] if e.get("name") not in names]
    for levels in (result.get("breakdown") or {}).values():
        for summary in levels.values():
            for name in names:
                summary.get("metrics", {}).pop(name, None)
