"""A run built from its ``RunConfig``: the one assembly behind ``tabbench eval``, ``tabbench score`` and
``tabbench.evaluate``.

``launch`` enters the configuration's settings (SQL workers, result-store bound, sandbox opt-out) for the
run's duration, plans the run (``plan_run``: the benchmarks and their examples, read once), builds the model
backend and the completer, opens the run store and runs the runner on the plan; a vote run first runs greedy
decoding into ``OUT/greedy`` on the same plan and reports it beside the vote.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabbench.contract.backend import ModelBackend
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import UsageError
from tabbench.contract.settings import use_settings
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.plan import Plan, plan
from tabbench.evaluation.prices import Price, find_price, model_names, price_table
from tabbench.evaluation.results import Results
from tabbench.evaluation.usage import Spending


def launch(config: RunConfig, *, backend: ModelBackend | None = None,
           notify: Callable[[str], None] | None = None) -> Results:
    """Run ``config`` and return its results (also written to ``config.out/results.json``).

    ``backend``: an already built backend for ``config.backend``/``config.model`` (the caller closes it);
    otherwise one is built here and closed at the end. ``notify`` receives one line per benchmark skipped
    before the run starts. Benchmarks that did not run are listed in ``results["not_run"]``.
    """
    from tabbench.contract.outputs import check_output_folder
    from tabbench.contract.runlock import writing
    from tabbench.host.lookup import get_backend

    check_output_folder(config.out, "--out")  # before the model loads: a file in the way costs nothing
    with writing(config.out), use_settings(config.settings):  # one writer per run folder, before the model loads
        if config.resume:
            _check_resumable(config)
        _environment_factory(config)  # a bad environment name or option fails before the model loads
        planned = plan_run(config)  # so do bad names, data and a missing sandbox: the examples are read once
        for name, why in planned.skipped:
            if notify is not None:
                notify(f"skipped {name}: {' '.join(why.split())}")
        prices = price_table(config.prices)  # a bad price table fails before the model loads
        own = backend is None
        model_backend = get_backend(config.backend, config.model, **backend_options(config)) if own else backend
        try:
            price = model_price(config, model_backend, prices)
            spending = None if config.run_budget is None else Spending(config.run_budget, price)
            if config.vote is None:
                return _run(config, model_backend, planned, price=price, spending=spending)
            greedy_config = replace(config, out=config.out / "greedy", vote=None,
                                    generation=replace(config.generation, temperature=0.0, n=1))
            # the same plan (the examples are not read again) and the same budget: the greedy half spends from it
            greedy = _run(greedy_config, model_backend, planned, price=price, spending=spending)
            if "stopped" in greedy:
                return greedy  # the budget ran out in the greedy half: the vote has not begun
            return _run(config, model_backend, planned, greedy, price=price, spending=spending)
        finally:
            if own:
                model_backend.close()


def backend_options(config: RunConfig) -> dict[str, Any]:
    """The model backend's options: ``-m`` and, with ``--chat-template``, its text as ``chat_template``, the option
    of a backend that renders prompts itself (one that declares options and not this one cannot honour it)."""
    template = config.prompt.chat_template
    if template is None:
        return dict(config.backend_options)
    from tabbench.contract.backend import ModelBackend
    from tabbench.contract.options import plugin_options
    from tabbench.host.lookup import load_class

    declared = plugin_options(load_class("model", config.backend, ModelBackend), ModelBackend, ("model",))
    if declared is not None and "chat_template" not in declared:
        raise UsageError(f"--chat-template: model backend {config.backend!r} does not render prompts with a chat "
                         "template (hf, vllm and openai with -m mode=completions do)")
    if "chat_template" in config.backend_options:
        raise UsageError("--chat-template and -m chat_template=... both given: give one")
    assert template.text is not None, "a recorded chat template is read again before a run uses it"
    return {**config.backend_options, "chat_template": template.text}
def model_price(config: RunConfig, backend: ModelBackend, prices: Mapping[str, Price]) -> Price | None:
    """The price of the run's model in ``prices`` (``tabbench.evaluation.prices.model_names``: ``--model`` as
    given, the served model's name, its hub id, its folder's name); ``None`` when the table names none of them,
    which ``--cost-budget`` refuses, naming what was looked up."""
    cost = None if config.run_budget is None else config.run_budget.cost
    if not prices:
        if cost is not None:
            raise UsageError(f"--cost-budget {cost:g} needs the model's price: give --prices FILE or a [prices] table "
                             "in tabbench.toml (docs/eval.md)")
        return None
    served = backend.fingerprint().get("model")
    origin = getattr(backend, "origin", lambda: None)()
    names = model_names(config.model or config.backend, served if isinstance(served, str) else None, origin)
    price = find_price(prices, names)
    if price is None and cost is not None:
        source = next(iter(prices.values())).source
        raise UsageError(f"--cost-budget {cost:g}: {source} has no price for the model (looked up "
                         f"{', '.join(map(repr, names))})")
    return price


def plan_run(config: RunConfig) -> Plan:
    """The ``Plan`` of an evaluation run (``tabbench.evaluation.plan.plan``): its selection, its shard and its
    ``--env`` environment, each benchmark's split its own unless ``--split`` names one. Call it inside the run's
    settings (``use_settings(config.settings)``): the sandbox check reads ``--unsafe-sandbox`` there."""
    from tabbench.evaluation.edits import previous_edits
    from tabbench.host.lookup import environment_class

    environment = None if config.environment is None else environment_class(config.environment.name)
    edits = previous_edits(config.out / "results.json") if config.resume else None  # what rescore did: kept
    return plan(config.selection, shard=config.shard, environment=environment, edits=edits)


def _environment_factory(config: RunConfig) -> Callable[[], Any] | None:
    if config.environment is None:
        return None
    from tabbench.evaluation.agent import environment_factory

    env = config.environment
    return environment_factory(env.name, replace(env.budget), dict(env.options))


#: What ``resume_record`` leaves out of the configuration: settings that cannot change a score.
UNCOMPARED = ("settings", "batch_size", "cache_path", "use_cache", "run_budget", "prices")
#: What ``resume_record`` adds to the configuration (what the run resolved to), with the JSON type of each.
RESOLVED: dict[str, type] = {"unsafe_sandbox": bool, "fingerprint_sha": str, "benchmark_versions": dict,
                             "data_paths": dict}


def resume_record(config: RunConfig, fingerprint_sha: str, benchmarks: Sequence[Benchmark]) -> dict[str, Any]:
    """What ``--resume`` compares (``run.json``): the configuration without the settings that cannot change a
    score (workers, store bound, batch size, response cache; ``where`` when there is no filter), plus what it
    resolved to: the model's fingerprint and each benchmark's version and data path."""
    return {**_compared(config), "unsafe_sandbox": config.settings.unsafe_sandbox, "fingerprint_sha": fingerprint_sha,
            "benchmark_versions": {b.name: b.version for b in benchmarks},
            "data_paths": {b.name: str(b.data_path) if b.data_path else None for b in benchmarks}}


def _compared(config: RunConfig) -> dict[str, Any]:
    record = {k: v for k, v in config.to_json().items() if k not in UNCOMPARED}
    if not config.where:  # a run begun before --where existed has none recorded: it still resumes
        del record["where"]
    if config.prompt.is_default:  # nor a run begun before the prompt options existed
        del record["prompt"]
    return record


def recorded_config(record: dict[str, Any]) -> RunConfig:
    """The configuration a ``run.json`` record (``resume_record``) holds, read back with ``RunConfig.from_json``
    (the settings it leaves out at their defaults); a record that is not one (not an object, a key
    ``resume_record`` does not write, a value of the wrong type) is a ``DataError`` naming the key."""
    from tabbench.contract.errors import DataError
    from tabbench.evaluation.config import RECORDED

    if not isinstance(record, dict):
        raise DataError(f"'config' is not an object ({type(record).__name__})")
    known = {*RECORDED, *RESOLVED} - set(UNCOMPARED)
    unknown = sorted(str(key) for key in record if key not in known)
    if unknown:
        raise DataError(f"run config: unknown key {unknown[0]!r} (written by another tabbench version?)")
    for key, kind in RESOLVED.items():
        if key in record and not isinstance(record[key], kind):
            raise DataError(f"run config: {key}: expected {kind.__name__}, got {type(record[key]).__name__}")
    return RunConfig.from_json({k: v for k, v in record.items() if k in RECORDED})


def read_resume_record(record: dict[str, Any]) -> dict[str, Any]:
    """A ``run.json`` record as ``resume_record`` would write it, read through ``recorded_config`` (one typed
    round trip): what ``--resume`` compares with the run asked for. A record this tabbench wrote reads back
    equal; a hand-edited or hostile one is a ``DataError`` naming the key, or differs where it was edited."""
    return {**_compared(recorded_config(record)), **{k: record[k] for k in RESOLVED if k in record}}


def _check_resumable(config: RunConfig) -> None:
    """With ``--resume``: each ``run.json`` the run will continue (``OUT``, and ``OUT/greedy`` for a vote) reads
    back (``read_resume_record``) before the model loads or anything is written."""
    from tabbench.evaluation.store import RunStore

    for folder in (config.out, config.out / "greedy") if config.vote is not None else (config.out,):
        RunStore(folder).saved_config(read_resume_record)


def _run(config: RunConfig, model_backend: ModelBackend, planned: Plan, greedy_results: Results | None = None, *,
         price: Price | None = None, spending: Spending | None = None) -> Results:
    """One run: the run store, the completer, the runner (``price`` costs its tokens, ``spending`` keeps its
    budget)."""
    from tabbench.evaluation.generation import BackendCompleter, ResponseCache, default_cache_dir, fingerprint_hash
    from tabbench.evaluation.runner import Run, execute
    from tabbench.evaluation.store import RunStore

    fingerprint = model_backend.fingerprint()
    fingerprint_sha = fingerprint_hash(fingerprint)
    params, out = config.generation, Path(config.out)
    use_cache = config.use_cache and model_backend.cacheable and config.environment is None  # rollouts: no cache
    cache = ResponseCache(config.cache_path or default_cache_dir(), fingerprint) if use_cache else None
    record = resume_record(config, fingerprint_sha, planned.benchmarks)
    model_record = {"fingerprint": fingerprint, "fingerprint_sha": fingerprint_sha,
                    "chat_template_sha256": fingerprint.get("chat_template_sha256"),
                    "cache": str(cache.path) if cache else None}
    origin = getattr(model_backend, "origin", lambda: None)()  # ModelBackend.origin; a duck-typed backend: none
    if origin:  # recorded only when known: other runs keep the record they had
        model_record["origin"] = str(origin)
    completer: Any = BackendCompleter(model_backend, params, cache)
    if config.environment is not None:
        from tabbench.evaluation.agent import AgentCompleter

        env = config.environment
        factory = _environment_factory(config)
        assert factory is not None
        completer = AgentCompleter(model_backend, factory, params, env.budget.max_turns, env.protocol)
    chooser = None
    if config.vote is not None:
        from tabbench.evaluation.voting import chooser as make_chooser

        chooser = make_chooser(config.vote)

    def timing(total: float) -> dict[str, float | int]:
        load = float(getattr(model_backend, "load_seconds", 0.0) or 0.0)  # backends that load lazily report it
        warmup = float(getattr(model_backend, "warmup_seconds", 0.0) or 0.0)  # compiling backends: cold calls
        return {
            "total_seconds": round(total, 3), "model_load_seconds": round(load, 3),
            "warmup_seconds": round(warmup, 3),
            "generation_seconds": round(max(0.0, completer.generation_seconds - load - warmup), 3),
            "scoring_and_other_seconds": round(total - completer.generation_seconds, 3),
            "prompts_generated": completer.generated, "prompts_from_cache": completer.from_cache,
        }

    def environment_summary(run: Any, benchmark: Any) -> None:
        from tabbench.evaluation.agent import agent_summary

        assert config.environment is not None
        summary = agent_summary(store.read_samples(benchmark.name))
        run.extend(benchmark, "environment", {"name": config.environment.name, "protocol": completer.protocol,
                                              **summary})

    greedy = None if greedy_results is None else {
        "run": "greedy", "primary_metric": {n: r["primary_metric"] for n, r in greedy_results["benchmarks"].items()},
    }
    # opened last: the store holds the folder's lock from here, and execute() lets it go however the run ends
    store = RunStore.resume(out, record, read_resume_record) if config.resume else RunStore.create(out, record)
    run = Run(out_dir=out, config=config.to_json(), plan=planned, store=store, batch_size=config.batch_size,
              vote=config.vote, model=model_record,
              show_progress=config.progress, seeds={"generation": params.seed}, timing=timing, greedy=greedy,
              after_benchmark=environment_summary if config.environment is not None else None,
              not_run=planned.not_run(), price=price, spending=spending)
    try:
        return execute(run, completer, chooser)
    finally:
        if cache is not None:
            cache.close()
