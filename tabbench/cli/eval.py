"""``tabbench eval``: generate with a model backend on benchmarks or suites, score with their rewards, record."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import ConfigError, DataError, PluginLoadError, UnknownNameError, UsageError
from tabbench.evaluation.budget import budget_from, budget_options
from tabbench.evaluation.options import (
    FiniteFloatRange,
    apply_runtime,
    batch_size_option,
    limit_option,
    parse_key_values,
    progress_option,
    recorded_options,
    result_store_option,
    resume_option,
    sandbox_record,
    split_option,
    timeout_option,
    unsafe_sandbox_option,
    with_timeout,
    workers_option,
)

VOTES = ("execution", "similarity")


@dataclass
class Selection:
    """The benchmarks a run covers, those skipped (no data, not installed) and those that failed, with why."""

    benchmarks: list[Any]
    skipped: list[tuple[str, str]]
    failed: list[tuple[str, str]] = field(default_factory=list)  # configured but broken: the run exits 1


def select_benchmarks(
    suite: str, data: dict[str, Path], options: dict[str, Any], timeout: float | None = None,
    split: str | None = None,
) -> Selection:
    """Resolve ``--suite``: named benchmarks must load; suite members without data or plugin are skipped.

    A suite member whose plugin fails to load, or whose data cannot give ``split`` (BIRD Mini-Dev files where
    dev is the default), fails without stopping the others: it is reported at the end and the run exits 1.
    With ``all``, so does every plugin that failed to load, named with its file and line.

    A benchmark that exists and has data but rejects the options is an error either way, and so is
    ``-o NAME:KEY=VALUE`` naming a benchmark that is not in the suite. ``--timeout`` (``timeout``) goes to
    the benchmarks that declare it.
    """
    from tabbench.host.config import data_path
    from tabbench.host.lookup import benchmark_class, resolve_benchmarks
    from tabbench.host.plugins import host

    suites = host().registry("suite")
    named = {p.strip() for p in suite.split(",") if p.strip() and p.strip() != "all" and p.strip() not in suites}
    names = resolve_benchmarks(suite)
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise UsageError(f"--data {unknown[0]}=...: {unknown[0]!r} is not a benchmark of --suite {suite!r}")
    targets = sorted({k.partition(":")[0] for k in options if ":" in k} - set(names))
    if targets:
        key = next(k for k in options if k.partition(":")[0] == targets[0])
        raise UsageError(f"-o {key}=...: {targets[0]!r} is not a benchmark of --suite {suite!r}")
    chosen, skipped, failed = [], [], []
    if "all" in {p.strip() for p in suite.split(",")}:
        failed += [(info.name, info.failure()) for info in host().failures()]
    for name in names:
        try:
            cls = benchmark_class(name)
            path, _ = data_path(name, data.get(name))
            if path is None:
                path = cls.bundled_data()
            if path is None and cls.needs_data and name not in named:
                skipped.append((name, f"no data: {cls.data_hint}"))
                continue
            benchmark = cls(path, **with_timeout(cls, options_for(name, options), timeout))
            if name not in named:  # data set up for another split fails here, not after other benchmarks ran
                next(iter(benchmark.examples(split)), None)
            chosen.append(benchmark)
        except UnknownNameError as exc:  # not installed: skip; bad options: fail
            if name in named:
                raise
            skipped.append((name, str(exc)))
        except (PluginLoadError, DataError) as exc:  # broken plugin or data: the others still run
            if name in named:
                raise
            failed.append((name, str(exc)))
    if not chosen:
        detail = "; ".join(f"{n}: {why}" for n, why in skipped + failed)
        raise ConfigError(f"--suite {suite!r}: no benchmark has data ({detail})")
    return Selection(chosen, skipped, failed)


def report_not_run(selection: Selection) -> None:
    """After the run: name every benchmark that did not run and why; exit 1 when a configured one failed."""
    for name, why in selection.skipped + selection.failed:
        click.echo(f"not run: {name}: {' '.join(why.split())}", err=True)
    if selection.failed:
        click.echo(f"{len(selection.failed)} failed (see above); the other benchmarks ran", err=True)
        raise click.exceptions.Exit(1)


def options_for(benchmark: str, options: dict[str, Any]) -> dict[str, Any]:
    """``-o KEY=VALUE`` goes to every benchmark, ``-o NAME:KEY=VALUE`` to benchmark NAME only."""
    out = {k: v for k, v in options.items() if ":" not in k}
    out.update({k.partition(":")[2]: v for k, v in options.items() if k.partition(":")[0] == benchmark})
    return out


def parse_data(pairs: tuple[str, ...]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not name or not path:
            raise UsageError(f"--data {pair!r}: expected NAME=PATH")
        out[name] = Path(path).expanduser()
    return out


@click.command("eval", context_settings=CONTEXT)
@click.option("--model", "model_spec", required=True, metavar="PATH_OR_SPEC",
              help="A local checkpoint folder (backend hf), or BACKEND:MODEL (e.g. openai:URL, predictions:FILE), "
              "or a backend name that needs no model (gold).")
@click.option("--backend", default=None, help="Model backend (default: hf, or the BACKEND: prefix of --model).")
@click.option("-m", "--model-option", "model_options", multiple=True, metavar="KEY=VALUE",
              help="An option passed to the model backend (see its README); repeatable.")
@click.option("--dtype", default=None, help="Shortcut for -m dtype=... (hf: auto, float32, bfloat16, float16).")
@click.option("--device", default=None, help="Shortcut for -m device=... (hf: auto, cpu, cuda, cuda:1, mps).")
@click.option("--adapter", default=None, help="Shortcut for -m adapter=PATH: a LoRA adapter folder (hf).")
@click.option("--suite", default="all", show_default=True,
              help="all, a suite name (`tabbench suites list`), or benchmark names separated by commas.")
@click.option("--data", "data_pairs", multiple=True, metavar="NAME=PATH",
              help="Data path of benchmark NAME (else TABBENCH_DATA_<NAME>, the config file, bundled data).")
@split_option
@limit_option
@click.option("--samples", type=click.IntRange(min=1), default=1, show_default=True,
              help="Completions sampled per prompt: the vote's pick is scored (maj@N), pass@k over all of them, "
                   "greedy decoding beside (OUT/greedy).")
@click.option("--vote", type=click.Choice(VOTES), default=None,
              help="How --samples completions pick the scored one: execution-result majority (default) or "
                   "similarity.")
@click.option("--temperature", type=FiniteFloatRange(min=0), default=None,
              help="Sampling temperature (default 0 = greedy; 0.8 with --samples > 1).")
@click.option("--top-p", type=FiniteFloatRange(min=0, max=1), default=1.0, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of sampled generation.")
@click.option("--max-new-tokens", type=click.IntRange(min=1), default=256, show_default=True)
@click.option("--stop", multiple=True, help="Stop string (repeatable); cut from the completion.")
@batch_size_option
@timeout_option
@workers_option
@result_store_option
@unsafe_sandbox_option
@click.option("-o", "--benchmark-option", "benchmark_options", multiple=True, metavar="[NAME:]KEY=VALUE",
              help="An option for every benchmark, or with NAME: for benchmark NAME only (see its README); "
              "repeatable.")
@click.option("--env", "env_name", default=None, metavar="NAME",
              help="Multi-turn: the model calls this environment's tools before answering (`tabbench environments "
              "list`); the final answer is scored as a single-turn completion and the record keeps the transcript.")
@click.option("--max-turns", type=click.IntRange(min=0), default=6, show_default=True,
              help="With --env: tool-calling turns per example before the answering turn.")
@click.option("--protocol", type=click.Choice(["auto", "tools", "tags"]), default="auto", show_default=True,
              help="With --env: the chat template's tool calls, or the <sql>/<observation>/<solution> tag protocol "
              "(auto: tools when the backend and template support them).")
@click.option("-e", "--env-option", "env_options", multiple=True, metavar="KEY=VALUE",
              help="An option for the --env environment (see its README); repeatable.")
@budget_options
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              envvar="TABBENCH_OUT", help="Run directory (default runs/<model-name>-<timestamp>; env TABBENCH_OUT).")
@resume_option
@click.option("--cache", "cache_path", type=click.Path(path_type=Path), default=None, envvar="TABBENCH_CACHE",
              help="Response cache folder or .jsonl file (default $TABBENCH_CACHE_DIR/responses, "
              "~/.cache/tabbench/responses).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the response cache.")
@progress_option
def eval_command(
    model_spec: str, backend: str | None, model_options: tuple[str, ...], dtype: str | None, device: str | None,
    adapter: str | None, suite: str, data_pairs: tuple[str, ...], split: str | None, limit: int | None,
    samples: int, vote: str | None, temperature: float | None, top_p: float, seed: int, max_new_tokens: int,
    stop: tuple[str, ...], batch_size: int, timeout: float | None, workers: int | None,
    benchmark_options: tuple[str, ...], env_name: str | None, max_turns: int, protocol: str,
    env_options: tuple[str, ...], out_dir: Path | None, resume: bool, cache_path: Path | None, no_cache: bool,
    progress: bool, **budget_values: Any,
) -> None:
    """Evaluate a model on a suite: generate, score with the benchmarks' reward plugins, write run records.

    \b
    Examples:
      tabbench models build-tiny models/tiny && tabbench eval --model models/tiny --suite demo
      tabbench eval --model ckpt/ --suite bird --data bird=~/data/bird/dev --limit 100
      tabbench eval --model ckpt/ --suite demo --samples 8 --vote execution --out runs/vote
      tabbench eval --model gold --suite demo --env sql --max-turns 4
    """
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.generation import default_run_name, split_model_spec
    from tabbench.host.lookup import get_backend
    from tabbench.host.plugins import host

    if samples > 1 and vote is None:
        vote = "execution"  # maj@N: the majority of execution results (of answers, for table QA)
    if vote is not None and samples < 2:
        raise UsageError("--vote needs --samples N with N >= 2")
    if env_name is not None and samples > 1:
        raise UsageError("--env runs one rollout per example: --samples/--vote are single-turn only")
    if resume and out_dir is None:
        raise UsageError("--resume needs --out DIR (the run to continue)")
    temperature = temperature if temperature is not None else (0.8 if samples > 1 else 0.0)
    if samples > 1 and temperature == 0:
        raise UsageError("--samples N with --temperature 0 would give N identical completions")
    apply_runtime(workers)
    given = parse_key_values(benchmark_options, "--benchmark-option")
    options = recorded_options(given, timeout)
    backend_options = parse_key_values(model_options, "--model-option")
    for key, value in (("dtype", dtype), ("device", device), ("adapter", adapter)):
        if value is not None:
            backend_options[key] = value

    agent: dict[str, Any] | None = None
    factory = None
    if env_name is not None:
        from tabbench.evaluation.agent import environment_factory, serves

        budget = budget_from(budget_values, max_turns)
        agent = {"name": env_name, "protocol": protocol, "options": parse_key_values(env_options, "--env-option"),
                 "budget": budget.to_json()}
        factory = environment_factory(env_name, budget, agent["options"])  # bad name/option: fail before loading
    backend_name, model = split_model_spec(model_spec, backend, host().registry("model").names())
    model_backend = get_backend(backend_name, model, **backend_options)
    try:
        selection = select_benchmarks(suite, parse_data(data_pairs), given, timeout, split)
        if agent is not None:
            served = [b for b in selection.benchmarks if serves(factory, b, split)]
            selection.skipped += [(b.name, f"environment {agent['name']!r} cannot serve its examples")
                                  for b in selection.benchmarks if b not in served]
            if not served:
                raise UsageError(f"--env {agent['name']}: serves none of the benchmarks of --suite {suite!r}")
            selection.benchmarks = served
        for name, why in selection.skipped:
            click.echo(f"skipped {name}: {' '.join(why.split())}", err=True)
        fingerprint = model_backend.fingerprint()
        out = out_dir or Path("runs") / default_run_name(model or backend_name)
        base = dict(
            backend_name=backend_name, model=model, backend_options=backend_options, fingerprint=fingerprint,
            selection=selection, split=split, limit=limit, options=options, batch_size=batch_size,
            resume=resume, cache_path=None if no_cache else cache_path, use_cache=not no_cache, progress=progress,
            agent=agent,
        )
        params = GenerationParams(max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p, n=1,
                                  seed=seed, stop=tuple(stop))
        if vote is None:
            run_eval(model_backend, out, params, None, **base)
            report_not_run(selection)
            return
        # Self-consistency is reported beside greedy decoding: the greedy run goes to OUT/greedy.
        greedy_results = run_eval(model_backend, out / "greedy", replace(params, temperature=0.0), None,
                                  quiet_summary=True, **base)
        run_eval(model_backend, out, replace(params, n=samples), vote, greedy_results=greedy_results, **base)
        report_not_run(selection)
    finally:
        model_backend.close()


def run_eval(
    model_backend: Any, out: Path, params: Any, vote: str | None, *, backend_name: str, model: str,
    backend_options: dict[str, Any], fingerprint: dict[str, Any], selection: Selection, split: str | None,
    limit: int | None, options: dict[str, Any], batch_size: int, resume: bool, cache_path: Path | None,
    use_cache: bool, progress: bool, quiet_summary: bool = False, greedy_results: dict[str, Any] | None = None,
    agent: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One run: the config (what --resume must match), the run store, the runner, the summary."""
    from tabbench.cli.summary import print_summary
    from tabbench.evaluation.generation import BackendCompleter, ResponseCache, default_cache_dir, fingerprint_hash
    from tabbench.evaluation.runner import Run, execute
    from tabbench.evaluation.store import RunStore

    benchmarks = selection.benchmarks
    config = {
        "command": "eval", "backend": backend_name, "model": model, "backend_options": backend_options,
        "fingerprint_sha": fingerprint_hash(fingerprint), "benchmarks": [b.name for b in benchmarks],
        "benchmark_versions": {b.name: b.version for b in benchmarks}, "split": split, "limit": limit,
        "benchmark_options": options, "generation": params.to_json(), "vote": vote,
        "data": {b.name: str(b.data_path) if b.data_path else None for b in benchmarks},
        "environment": agent, **sandbox_record(),
    }
    use_cache = use_cache and model_backend.cacheable and agent is None  # rollouts are not cached
    cache = ResponseCache(cache_path or default_cache_dir(), fingerprint) if use_cache else None
    store = (RunStore.resume if resume else RunStore.create)(out, config)
    model_record = {
        "backend": backend_name, "model": model, "backend_options": backend_options, "fingerprint": fingerprint,
        "fingerprint_sha": config["fingerprint_sha"], "chat_template_sha256": fingerprint.get("chat_template_sha256"),
        "generation": params.to_json(), "samples": params.n, "vote": vote,
        "cache": str(cache.path) if cache else None,
    }
    completer: Any = BackendCompleter(model_backend, params, cache)
    if agent is not None:
        from tabbench.contract.environment import Budget
        from tabbench.evaluation.agent import AgentCompleter, environment_factory

        budget = Budget(**agent["budget"])
        completer = AgentCompleter(model_backend, environment_factory(agent["name"], budget, agent["options"]),
                                   params, budget.max_turns, agent["protocol"])
    chooser = None
    if vote is not None:
        from tabbench.evaluation.voting import chooser as make_chooser

        chooser = make_chooser(vote)
    load = 0.0

    def timing(total: float) -> dict[str, float | int]:
        nonlocal load
        load = float(getattr(model_backend, "load_seconds", 0.0) or 0.0)  # backends that load lazily report it
        return {
            "total_seconds": round(total, 3), "model_load_seconds": round(load, 3),
            "generation_seconds": round(max(0.0, completer.generation_seconds - load), 3),
            "scoring_and_other_seconds": round(total - completer.generation_seconds, 3),
            "prompts_generated": completer.generated, "prompts_from_cache": completer.from_cache,
        }

    def environment_summary(run: Any, benchmark: Any) -> None:
        from tabbench.evaluation.agent import agent_summary

        summary = agent_summary(store.read_samples(benchmark.name))
        run.extend(benchmark, "environment", {"name": agent["name"], "protocol": completer.protocol, **summary})

    greedy = None if greedy_results is None else {
        "run": "greedy", "primary_metric": {n: r["primary_metric"] for n, r in greedy_results["benchmarks"].items()},
    }
    run = Run(out_dir=out, config=config, benchmarks=benchmarks, store=store, split=split, limit=limit,
              batch_size=batch_size, model=model_record, show_progress=progress,
              seeds={"generation": params.seed}, timing=timing, greedy=greedy,
              after_benchmark=environment_summary if agent is not None else None)
    try:
        results = execute(run, completer, chooser)
    finally:
        if cache is not None:
            cache.close()
    spent = results["timing"]
    generation = spent["generation_seconds"]
    if not quiet_summary:
        print_summary(results, out)
        for name, result in results["benchmarks"].items():
            a = result.get("extensions", {}).get("environment")
            if a:
                click.echo(f"{name} --env {a['name']} ({a['protocol']}): mean turns "
                           f"{a.get('mean_turns', 0):.2f}, tool-error rate {a.get('tool_error_rate', 0):.3f}, "
                           f"turn-limit rate {a.get('turn_limit_rate', 0):.3f}", err=True)
        if greedy_results is not None:
            _print_vote_comparison(results, params.n, vote or "")
        click.echo(
            f"model load {load:.1f}s, generation {generation:.1f}s ({completer.generated} prompts generated, "
            f"{completer.from_cache} from cache), scoring and records {spent['scoring_and_other_seconds']:.1f}s",
            err=True,
        )
    return results


def _print_vote_comparison(results: dict[str, Any], n: int, vote: str) -> None:
    from rich.console import Console
    from rich.table import Table

    voted_name = f"maj@{n}" if vote == "execution" else f"{vote}@{n}"
    table = Table(title=f"{n} samples ({vote} vote) beside greedy", title_justify="left")
    for column in ("benchmark", "metric", "greedy", voted_name, "difference", "pass@1", f"pass@{n}"):
        table.add_column(column)

    def show(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.4f}"

    for name, result in results["benchmarks"].items():
        voted = result["primary_metric"]
        greedy = results["greedy"]["primary_metric"].get(name, {})
        g, v = greedy.get("value"), voted["value"]
        diff = f"{v - g:+.4f}" if g is not None and v is not None else ""
        passes = (result.get("sampling") or {}).get("pass_at_k", {})
        table.add_row(name, voted["name"], show(g), show(v), diff, show(passes.get("1")), show(passes.get(str(n))))
    Console(stderr=True).print(table)
