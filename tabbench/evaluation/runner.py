"""The evaluation loop shared by ``tabbench eval`` and ``tabbench score``.

For each benchmark: examples → prompts (the plan's: the benchmark's with the run's prompt options; hashed) →
completions from a ``Completer`` in batches → each distinct extractor once per sample → the benchmark's metric
rewards → the prompt written once to the prompts file and one ``SampleRecord`` appended per example (every
completion's answer under each extractor's name) → aggregation → ``results.json``.
Where the completions come from (a model backend, a predictions file) is the only thing the two commands
do differently.
"""

from __future__ import annotations

import copy
import platform
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from tabbench import __version__
from tabbench.contract.backend import Generation, GenerationRequest
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.extract import Extractor, SampleAnswers, answer_text
from tabbench.contract.hashing import file_sha256, stable_hash
from tabbench.contract.hookspecs import RunView
from tabbench.contract.reward import Reward, score_batch
from tabbench.contract.types import Example, SampleRecord, Score, Status
from tabbench.evaluation.aggregate import aggregate
from tabbench.evaluation.edits import metric_entry, previous_edits, run_metrics, scored_rewards
from tabbench.evaluation.passk import sampling_summary
from tabbench.evaluation.plan import Plan
from tabbench.evaluation.prices import Price
from tabbench.evaluation.record_limits import ANSWER_CHARS, bounded, truncate
from tabbench.evaluation.results import SCHEMA_VERSION, BenchmarkResult, Results
from tabbench.evaluation.shards import Shard
from tabbench.evaluation.store import RunStore
from tabbench.evaluation.usage import Spending, run_totals, usage_totals
from tabbench.evaluation.where import Where
from tabbench.host.plugins import host


class Completer(Protocol):
    """Where completions come from: per request, in order, its ``n`` completions, or a ``Generation`` (which may
    say the request was refused: ``Status.PROMPT_TOO_LONG``)."""

    def __call__(self, benchmark: Benchmark, requests: Sequence[GenerationRequest]
                 ) -> Sequence[list[str] | Generation]: ...


class Outcome(Protocol):
    """What a ``Chooser`` returns: the index of the completion scored, and what the record keeps of why."""

    index: int

    def to_json(self) -> dict[str, Any]: ...


Chooser = Callable[[Benchmark, Example, list[str], list[str | None], Sequence[Reward]], Outcome]
"""Picks which of an example's completions is scored (default: the first), given them, the answer the
benchmark's extractor found in each (extracted once: scoring reuses the winner's) and the benchmark's metric
rewards, primary first (a vote reads the executions of the one that executes queries, through the run's result
store). Self-consistency votes plug in here (``tabbench.evaluation.voting.chooser``); the record keeps the
outcome under ``vote``."""


@dataclass
class Run:
    """A run in progress: what lifecycle hooks receive."""

    out_dir: Path
    config: dict[str, Any]
    plan: Plan
    """The benchmarks and their examples (``tabbench.evaluation.plan.plan``): the runner reads no benchmark's
    examples itself, so a vote run's two passes and a merge score exactly what was planned."""
    store: RunStore
    batch_size: int = 32
    vote: str | None = None
    """``--vote``: the vote that picks the scored completion of several (``RunConfig.vote``), named in pass@k."""
    model: dict[str, Any] = field(default_factory=dict)
    seeds: dict[str, int] = field(default_factory=dict)
    show_progress: bool = True
    timing: Callable[[float], dict[str, float | int]] | None = None
    """Given the run's wall time in seconds, the ``timing`` block of results (a command that knows more)."""
    greedy: dict[str, Any] | None = None
    """A vote run: the greedy run beside it (``results["greedy"]``)."""
    after_benchmark: Callable[[Run, Benchmark], None] | None = None
    """The command's own addition to each benchmark's results (it calls ``extend``), before plugins' hooks."""
    merge: dict[str, Any] | None = None
    """A merge of shards (``results["merge"]``): the records are all in the store already; nothing is generated."""
    extensions: dict[str, dict[str, Any]] = field(default_factory=dict)
    not_run: list[dict[str, Any]] = field(default_factory=list)
    """Benchmarks selected for the run that did not run, and why (``results["not_run"]``)."""
    price: Price | None = None
    """The model's price (``tabbench.evaluation.prices``): the cost of the tokens in ``results["usage"]``."""
    spending: Spending | None = None
    """The run's budget and what it has spent (``--token-budget``, ``--cost-budget``): checked before each batch;
    spent, the run stops there (``results["stopped"]``)."""
    edits: list[dict[str, Any]] | None = None
    """What ``tabbench rescore`` added (``results["edits"]``), kept with its metrics (``tabbench.evaluation.edits``):
    a merge passes the shards'; a resumed run keeps its own ``results.json``'s."""

    @property
    def benchmarks(self) -> list[Benchmark]:
        return self.plan.benchmarks

    @property
    def split(self) -> str | None:
        return self.plan.split

    @property
    def limit(self) -> int | None:
        return self.plan.selection.limit

    @property
    def where(self) -> tuple[Where, ...]:
        return self.plan.selection.where

    @property
    def shard(self) -> Shard | None:
        return self.plan.shard

    def extend(self, benchmark: Benchmark | str, key: str, value: Any) -> None:
        """Add ``value`` to the benchmark's results under ``extensions.<key>`` (from an ``after_benchmark``
        hook; use a key that names your plugin). A key is added once: a second addition is an error."""
        name = benchmark if isinstance(benchmark, str) else benchmark.name
        added = self.extensions.setdefault(name, {})
        if key in added:
            raise ValueError(f"results of {name!r}: extension {key!r} was already added")
        added[key] = value


def prompt_hash(messages: Sequence[dict[str, str]]) -> str:
    return stable_hash(list(messages))


def question_of(example: Example, messages: Sequence[dict[str, str]]) -> str:
    """The question an example asks, as readers show it: its ``question`` field, else the last user message of
    its prompt."""
    text = example.fields.get("question")
    if isinstance(text, str):
        return text
    users = [str(m.get("content")) for m in messages if m.get("role") == "user"]
    return users[-1] if users else ""


def prompt_entry(example: Example, messages: Sequence[dict[str, str]]) -> dict[str, Any]:
    """What the prompts file keeps of an example's prompt: the messages, the question, the gold, the meta."""
    return {"messages": [{"role": str(m.get("role")), "content": str(m.get("content"))} for m in messages],
            "question": question_of(example, messages), "gold": example.gold, "meta": dict(example.meta)}


def recorded_extractors(benchmark: Benchmark, rewards: dict[str, Reward]) -> dict[str, Extractor]:
    """The extractors whose answers a record keeps, by name: the benchmark's, then each metric reward's."""
    named = {benchmark.answer_extractor().name: benchmark.answer_extractor()}
    for reward in rewards.values():
        if reward.extractor is not None:
            named.setdefault(reward.extractor.name, reward.extractor)
    return named


def every_answer(extractors: dict[str, Extractor], samples: Sequence[SampleAnswers]) -> dict[str, list[str | None]]:
    """Each extractor's answer for each completion, as text and within the record limits (shared with scoring:
    an answer already extracted is not extracted again)."""
    return {name: [None if (text := answer_text(sample.get(extractor))) is None else truncate(text, ANSWER_CHARS)
                   for sample in samples]
            for name, extractor in extractors.items()}


def score_examples(
    benchmark: Benchmark, rewards: dict[str, Reward], examples: Sequence[Example], completions: Sequence[str],
    samples: Sequence[SampleAnswers] | None = None,
) -> tuple[list[str | None], dict[str, list[Score]]]:
    """The recorded answer of each sample and every metric reward's scores (through ``score_batch``, never
    raising). One ``SampleAnswers`` per sample (``samples``, when the caller already extracted from them) is
    shared by the benchmark's extractor and every reward, so each distinct extractor runs once per sample; an
    extractor that raises gives no answer (the sample then scores as unparseable), never a failed run."""
    if samples is None:
        samples = [SampleAnswers(e, c) for e, c in zip(examples, completions, strict=True)]
    recorded = benchmark.answer_extractor()
    answers = [answer_text(sample.get(recorded)) for sample in samples]
    return answers, {name: score_batch(reward, samples) for name, reward in rewards.items()}


def _batched(items: Sequence[Example], size: int) -> Iterator[Sequence[Example]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]



def _metric_entries(specs: Sequence[Any], rewards: Mapping[str, Reward], added: Sequence[dict[str, Any]]
                    ) -> list[dict[str, Any]]:
    """``metric_rewards``: the benchmark's metrics in its order (``specs``, removed ones left out; each with the
    options its reward ran with), one that ``tabbench rescore`` replaced in its place as replaced, then those
    rescore added."""
    changed = {entry["name"]: entry for entry in added}
    entries = []
    for spec in specs:
        entries.append(changed.pop(spec.name, None) or metric_entry(  # with the options it ran with
            spec.name, spec.reward, rewards[spec.name].options, rewards[spec.name].version))
    return entries + list(changed.values())

def run_benchmark(run: Run, benchmark: Benchmark, completer: Completer, choose: Chooser | None = None
                  ) -> BenchmarkResult:
    """Generate and score the examples of ``benchmark`` not yet in the run, then aggregate all of them."""
    name = benchmark.name
    planned = run.plan[name]
    expect = getattr(completer, "expect", None)  # a predictions file is checked before anything is recorded
    if expect is not None:
        # the predictions of the whole run, sharded or not; over the whole split unless cut or filtered
        expect(benchmark, list(planned.examples), run.limit is None and not run.where and not planned.missing)
    examples = list(planned.selected or ())
    done = {record.id for record in run.store.read_samples(name)}
    todo = [e for e in examples if e.id not in done and run.merge is None]
    specs, added = run_metrics(benchmark, run.edits)  # what tabbench rescore changed is kept
    rewards = scored_rewards(specs, added if todo else ())  # none to score: an added one's plugin may be absent
    ranked = [rewards[benchmark.primary_metric], *(r for m, r in rewards.items() if m != benchmark.primary_metric)]
    listed = _metric_entries(specs, rewards, added)
    extractors = recorded_extractors(benchmark, rewards)
    hooks = host()
    with ProgressBar(run.show_progress, f"{name}", total=len(examples), completed=len(examples) - len(todo)) as tick:
        for chunk in _batched(todo, run.batch_size):
            if run.spending is not None and run.spending.exhausted():
                break  # the budget is spent: what is recorded stays, results.json says why (execute)
            messages = [planned.messages(e) for e in chunk]  # the benchmark's prompt with --system-prompt, --few-shot
            requests = [
                GenerationRequest(m, e, name, benchmark.gold_completion(e))
                for m, e in zip(messages, chunk, strict=True)
            ]
            generations = [g if isinstance(g, Generation) else Generation(list(g))
                           for g in completer(benchmark, requests)]
            outputs = [g.completions for g in generations]
            candidates = [[SampleAnswers(e, o) for o in outs] or [SampleAnswers(e, "")]
                          for e, outs in zip(chunk, outputs, strict=True)]
            chosen = [_choose(benchmark, e, outs, cands, ranked, choose)
                      for e, outs, cands in zip(chunk, outputs, candidates, strict=True)]
            answers, scores = score_examples(benchmark, rewards, chunk, [s.completion for s, _ in chosen],
                                             [s for s, _ in chosen])
            per_completion = _score_every_completion(rewards[benchmark.primary_metric], candidates)
            for i, generation in enumerate(generations):
                if generation.status is not None:  # refused (its prompt too long): wrong on every metric
                    for values in scores.values():
                        values[i] = refused(values[i], generation)
                    per_completion[i] = [0.0] * _samples(run) if _samples(run) > 1 else None
            for i, example in enumerate(chunk):
                primary = scores[benchmark.primary_metric][i]
                answer, recorded = bounded(answers[i], {metric: scores[metric][i].to_json() for metric in scores})
                hashed = prompt_hash(messages[i])
                run.store.record_prompt(name, hashed, example.id, prompt_entry(example, messages[i]))
                record = SampleRecord(
                    id=example.id,
                    prompt_hash=hashed,
                    completions=outputs[i],
                    answer=answer,
                    status=primary.status.value,
                    score=primary.value,
                    scores=recorded,
                    meta=dict(example.meta),
                    transcript=getattr(completer, "transcripts", {}).get(example.id),  # --env rollouts
                    sample_scores=per_completion[i],
                    answers=every_answer(extractors, candidates[i]) if outputs[i] else {},
                    vote=chosen[i][1],
                    generation=dict(generations[i].details) or None,
                    usage=None if generations[i].usage is None else generations[i].usage.to_json(),
                )
                run.store.append(name, record)
                if run.spending is not None:
                    run.spending.add([record], str(run.config.get("backend")))
                hooks.call("after_sample_scored", run=RunView(run), benchmark=benchmark, record=record)
            tick(len(chunk))
    wanted = {e.id: i for i, e in enumerate(examples)}
    records = sorted((r for r in run.store.read_samples(name) if r.id in wanted), key=lambda r: wanted[r.id])
    result = aggregate(records, [entry["name"] for entry in listed],
                       benchmark.primary_metric, benchmark.breakdown_keys)
    parse_failures = sum(result["status_counts"].get(s.value, 0) for s in (Status.PARSE_FAIL, Status.NO_SQL))
    sampling = sampling_summary(records, benchmark.primary_metric, run.vote)
    return {
        "version": benchmark.version,
        "split": planned.split,
        "answer_extractor": benchmark.answer_extractor().name,
        "options": benchmark.options,
        "data": _data_record(benchmark, run.split),
        "metric_rewards": listed,
        **result,
        "parse_fail_rate": parse_failures / len(records) if records else None,
        **({"sampling": sampling} if sampling is not None else {}),
        **({"usage": usage} if (usage := usage_totals(records, run.price)) is not None else {}),
        **({"breakdown_order": {k: list(v) for k, v in benchmark.breakdown_order.items()}}
           if benchmark.breakdown_order else {}),
        **({"skipped": skipped_record(planned.missing)} if planned.missing else {}),
    }


def refused(score: Score, generation: Generation) -> Score:
    """A metric's score of a refused request: wrong (0), with the refusal as its status and details, unless the
    example was not applicable anyway (its gold failed: the empty completion's score says so)."""
    if score.status.not_applicable:
        return score
    return Score(0.0, generation.status or Status.PROMPT_TOO_LONG, dict(generation.details))


def _samples(run: Run) -> int:
    """Completions per prompt of the run (``--samples``): a refused request's pass@k counts that many failures."""
    generation = run.config.get("generation") or {}
    return int(generation.get("n", 1)) if isinstance(generation, dict) else 1


def skipped_record(missing: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """What ``results.json`` keeps of the examples ``--skip-missing`` passed over: how many, and their ids by
    reason (``"database .../wta_1.sqlite is missing": ["429", ...]``), in the run's order."""
    by_reason: dict[str, list[str]] = {}
    for example_id, why in missing:
        by_reason.setdefault(why, []).append(example_id)
    return {"n": len(missing), "by_reason": by_reason}


def _choose(benchmark: Benchmark, example: Example, outputs: list[str], samples: list[SampleAnswers],
            rewards: Sequence[Reward], choose: Chooser | None) -> tuple[SampleAnswers, dict[str, Any] | None]:
    """The sample scored among ``samples`` (one per output) and the vote's record: the first and ``None``, or
    the chooser's pick given each one's answer."""
    if choose is None or len(samples) < 2:
        return samples[0], None
    recorded = benchmark.answer_extractor()
    outcome = choose(benchmark, example, outputs, [answer_text(s.get(recorded)) for s in samples], rewards)
    return samples[outcome.index], outcome.to_json()


def _score_every_completion(reward: Reward, candidates: Sequence[Sequence[SampleAnswers]]
                            ) -> list[list[float | None] | None]:
    """The primary metric's value of each completion of the examples sampled more than once (for pass@k),
    sharing each sample's answers with the scored one; ``None`` for an example with one completion."""
    flat = [sample for samples in candidates if len(samples) > 1 for sample in samples]
    if not flat:
        return [None] * len(candidates)
    values = iter(score.value for score in score_batch(reward, flat))
    return [[next(values) for _ in samples] if len(samples) > 1 else None for samples in candidates]


def _data_record(benchmark: Benchmark, split: str | None) -> dict[str, Any]:
    files = benchmark.data_files(split)
    return {
        "path": str(benchmark.data_path) if benchmark.data_path else None,
        "files": {str(p): file_sha256(p) for p in files if Path(p).is_file()},
    }


def execute(run: Run, completer: Completer, choose: Chooser | None = None) -> Results:
    """Run every benchmark of ``run`` and write ``results.json`` (the only place it is written); returns it."""
    hooks = host()
    start = time.perf_counter()
    results: Results = {
        "schema_version": SCHEMA_VERSION,
        "tabbench_version": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "plugins": {p.name: p.version for p in host().plugins.values() if p.status == "ok"},
        "config": run.config,
        "seeds": run.seeds,
        "model": run.model,
        "benchmarks": {},
    }
    from tabbench.sql.store import ResultStore, use_store

    try:  # whatever fails, the store is closed (its lock let go), and a run that scored nothing leaves nothing
        hooks.call("before_run", run=RunView(run))
        if run.edits is None and run.merge is None:
            run.edits = previous_edits(run.store.results_path)  # a finished run resumed keeps what was added
        if run.spending is not None:  # a resumed run has spent what its records say
            for benchmark in run.benchmarks:
                run.spending.add(run.store.read_samples(benchmark.name), str(run.config.get("backend")))
        with use_store(ResultStore()) as store:  # each distinct query executes once per run, whichever metric asks
            for benchmark in run.benchmarks:
                if _stopping(run) and not run.store.read_samples(benchmark.name):
                    continue  # the budget is spent before this benchmark began: results name what is left
                hooks.call("before_benchmark", run=RunView(run), benchmark=benchmark)
                result = run_benchmark(run, benchmark, completer, choose)
                results["benchmarks"][benchmark.name] = result
                _after_benchmark(run, benchmark, result)
        totals = run_totals((r.get("usage") for r in results["benchmarks"].values()), run.price)
        if totals is not None:
            results["usage"] = totals  # type: ignore[typeddict-item]
        if _stopping(run):
            assert run.spending is not None
            results["stopped"] = run.spending.stopped(_left(run, results))  # type: ignore[typeddict-item]
        if run.timing is not None:
            results["timing"] = run.timing(time.perf_counter() - start)
        if run.greedy is not None:
            results["greedy"] = run.greedy
        if run.not_run:
            results["not_run"] = run.not_run
        if store.servers:  # PostgreSQL / MySQL servers the queries ran on: version and settings
            results["sql_servers"] = dict(store.servers)
        if run.merge is not None:
            results["merge"] = run.merge
        if run.edits:
            results["edits"] = run.edits  # type: ignore[typeddict-item]
        results = run.store.write_results(results)
    except BaseException:
        run.store.discard_if_empty()  # nothing scored: leave no run.json that would refuse the rerun
        raise
    finally:
        run.store.close()
    hooks.call("after_run", run=RunView(run), results=results)
    return results


def _stopping(run: Run) -> bool:
    """Whether the run's budget is spent (nothing more is generated)."""
    return run.spending is not None and run.spending.exhausted() is not None


def _left(run: Run, results: Results) -> dict[str, int]:
    """The planned examples of each benchmark that have no record, for a run stopped on its budget."""
    left = {}
    for benchmark in run.benchmarks:
        planned = len(run.plan[benchmark.name].selected or ())
        done = results["benchmarks"].get(benchmark.name, {}).get("n", 0)
        if planned > done:
            left[benchmark.name] = planned - done
    return left


def _after_benchmark(run: Run, benchmark: Benchmark, result: BenchmarkResult) -> None:
    """Call the ``after_benchmark`` hooks on a copy of ``result``: what they add goes under
    ``result["extensions"]`` through ``run.extend``; edits of the copy never reach the record."""
    if run.after_benchmark is not None:
        run.after_benchmark(run, benchmark)
    host().call("after_benchmark", run=RunView(run), benchmark=benchmark, result=copy.deepcopy(result))
    if run.extensions.get(benchmark.name):
        result["extensions"] = dict(run.extensions[benchmark.name])


class ProgressBar:
    """A rich progress bar on stderr for one benchmark; a no-op when disabled."""

    def __init__(self, enabled: bool, label: str, total: int, completed: int) -> None:
        self.enabled, self.label, self.total, self.completed = enabled, label, total, completed

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda n: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self._bar.start()
        task = self._bar.add_task(self.label, total=self.total, completed=self.completed)
        return lambda n: self._bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._bar.stop()
