"""``tabbench eval``: generate with a model backend on benchmarks or suites, score with their rewards, record.

The command only turns its options into a ``tabbench.evaluation.config.RunConfig``; the library builds and runs
the run (``tabbench.evaluation.launch``), as it does for ``tabbench score`` and ``tabbench.evaluate``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import (
    FiniteFloatRange,
    batch_size_option,
    benchmark_option_option,
    budget_from,
    budget_options,
    cost_budget_option,
    data_option,
    dataset_option,
    env_option_option,
    limit_option,
    other_budget_spellings,
    prices_option,
    progress_option,
    prompt_options,
    resume_option,
    selection_options,
    settings_options,
    skip_missing_option,
    split_option,
    threads_option,
    timeout_option,
    token_budget_option,
    where_option,
)
from tabbench.cli.shards import Sharding, sharding_options
from tabbench.contract.errors import UsageError
from tabbench.evaluation.config import VOTES
from tabbench.evaluation.options import parse_key_values
from tabbench.evaluation.selection import parse_data

#: The exit status of a run that stopped on its budget (``--token-budget``, ``--cost-budget``): not a failure (1) nor
#: a usage error (2); its records are kept and ``--resume`` goes on.
BUDGET_STOP_EXIT = 3


def report_stop(results: dict[str, Any]) -> None:
    """After the run: a run stopped on its budget says so and why, and exits ``BUDGET_STOP_EXIT``."""
    stopped = results.get("stopped")
    if stopped:
        click.echo(stopped["message"], err=True)
        raise click.exceptions.Exit(BUDGET_STOP_EXIT)


def report_not_run(results: dict[str, Any]) -> None:
    """After the run: name every benchmark that did not run and why; exit 1 when a configured one failed."""
    not_run = results.get("not_run") or []
    for item in not_run:
        click.echo(f"not run: {item['benchmark']}: {item['reason']}", err=True)
    failed = [item for item in not_run if item["failed"]]
    if failed:
        click.echo(f"{len(failed)} failed (see above); the other benchmarks ran", err=True)
        raise click.exceptions.Exit(1)


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
@threads_option
@selection_options
@dataset_option
@data_option()
@split_option
@limit_option
@where_option
@skip_missing_option
@prompt_options()
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
@click.option("--truncate-prompts", is_flag=True,
              help="Cut a prompt too long for the model's context (with --max-new-tokens) from the left, keeping "
              "the question; without it such a prompt is one record of status prompt_too_long, scored wrong.")
@batch_size_option
@timeout_option
@settings_options
@benchmark_option_option
@click.option("--env", "env_name", default=None, metavar="NAME",
              help="Multi-turn: the model calls this environment's tools before answering (`tabbench environments "
              "list`); the final answer is scored as a single-turn completion and the record keeps the transcript.")
@click.option("--max-turns", type=click.IntRange(min=0), default=6, show_default=True,
              help="With --env: tool-calling turns per example before the answering turn.")
@click.option("--protocol", type=click.Choice(["auto", "tools", "tags"]), default="auto", show_default=True,
              help="With --env: the chat template's tool calls, or the <sql>/<observation>/<solution> tag protocol "
              "(auto: tools when the backend and template support them).")
@env_option_option()
@budget_options
@token_budget_option
@cost_budget_option
@other_budget_spellings
@prices_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              envvar="TABBENCH_OUT", help="Run directory (default runs/<model-name>-<timestamp>; env TABBENCH_OUT).")
@resume_option
@sharding_options
@click.option("--cache", "cache_path", type=click.Path(path_type=Path), default=None, envvar="TABBENCH_CACHE",
              help="Response cache folder or .jsonl file (default $TABBENCH_CACHE_DIR/responses, "
              "~/.cache/tabbench/responses).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the response cache.")
@progress_option
def eval_command(
    model_spec: str, backend: str | None, model_options: tuple[str, ...], dtype: str | None, device: str | None,
    adapter: str | None, threads: int | None, benchmarks: tuple[str, ...], suites: tuple[str, ...],
    datasets: tuple[Path, ...], data_pairs: tuple[str, ...], split: str | None, limit: int | None,
    where: tuple[Any, ...], skip_missing: bool, prompt: Any, samples: int, vote: str | None, temperature: float | None,
    top_p: float, seed: int, max_new_tokens: int, stop: tuple[str, ...], truncate_prompts: bool, batch_size: int,
    timeout: float | None, settings: Any,
    benchmark_options: tuple[str, ...], env_name: str | None, max_turns: int, protocol: str,
    env_options: tuple[str, ...], token_budget: int | None, cost_budget: float | None, prices_path: Path | None,
    out_dir: Path | None, resume: bool, sharding: Sharding, cache_path: Path | None,
    no_cache: bool, progress: bool, **budget_values: Any,
) -> None:
    """Evaluate a model on benchmarks or suites: generate, score with the benchmarks' reward plugins, write run
    records.

    \b
    Examples:
      tabbench models build-tiny models/tiny && tabbench eval --model models/tiny --suite demo
      tabbench eval --model ckpt/ --benchmark bird --data bird=~/data/bird/dev --limit 100
      tabbench eval --model ckpt/ --suite demo --samples 8 --vote execution --out runs/vote
      tabbench eval --model gold --suite demo --env sql --max-turns 4
      tabbench eval --model ckpt/ --dataset my-data/ --limit 50
      tabbench eval --model ckpt/ --benchmark spider --skip-missing
    """
    from tabbench.evaluation.config import run_config
    from tabbench.evaluation.generation import default_run_name
    from tabbench.evaluation.usage import RunBudget

    if resume and out_dir is None:
        raise UsageError("--resume needs --out DIR (the run to continue)")
    backend_options = parse_key_values(model_options, "--model-option")
    for key, value in (("dtype", dtype), ("device", device), ("adapter", adapter), ("threads", threads)):
        if value is not None:
            backend_options[key] = value
    multi_turn = {} if env_name is None else {
        "env": env_name, "env_options": parse_key_values(env_options, "--env-option"), "protocol": protocol,
        "budget": budget_from(budget_values, max_turns)}
    config = run_config(
        model_spec, backend=backend, samples=samples, temperature=temperature, top_p=top_p,
        max_new_tokens=max_new_tokens, seed=seed, stop=stop, truncate_prompts=truncate_prompts, **multi_turn,
        backend_options=backend_options, benchmarks=benchmarks, suites=suites, data=parse_data(data_pairs),
        benchmark_options=parse_key_values(benchmark_options, "--benchmark-option"), timeout=timeout, split=split,
        limit=limit, where=where, datasets=datasets, skip_missing=skip_missing, prompt=prompt, vote=vote,
        batch_size=batch_size, cache_path=None if no_cache else cache_path,
        use_cache=not no_cache, settings=settings, resume=resume, progress=progress,
        run_budget=RunBudget(token_budget, cost_budget), prices=prices_path,
    )
    config = replace(config, out=out_dir or Path("runs") / default_run_name(config.model or config.backend))
    results = sharding.launch(config, notify=lambda line: click.echo(line, err=True))
    print_run(results, config.out)
    report_not_run(results)
    report_stop(results)


def print_run(results: dict[str, Any], out: Path) -> None:
    """The summary table, each environment's rollout figures, the vote beside greedy, and where time went."""
    from tabbench.cli.summary import print_summary

    print_summary(results, out)
    print_skipped(results)
    for name, result in results["benchmarks"].items():
        a = result.get("extensions", {}).get("environment")
        if a:
            click.echo(f"{name} --env {a['name']} ({a['protocol']}): mean turns "
                       f"{a.get('mean_turns', 0):.2f}, tool-error rate {a.get('tool_error_rate', 0):.3f}, "
                       f"turn-limit rate {a.get('turn_limit_rate', 0):.3f}", err=True)
    if results.get("greedy") is not None:
        from tabbench.evaluation.config import RunConfig

        config = RunConfig.from_json(results["config"])
        _print_vote_comparison(results, config.generation.n, config.vote or "")
    usage = results.get("usage")
    if usage:
        click.echo(usage_line(usage, sum(r["n"] for r in results["benchmarks"].values())), err=True)
    spent = results.get("timing")
    read = {"predictions": "predictions read", "gold": "gold answers given"}.get(
        (results.get("config") or {}).get("backend", ""))
    if spent and read:  # nothing was generated: say what happened instead
        click.echo(f"{spent['prompts_generated']} {read}, scoring and records "
                   f"{spent['scoring_and_other_seconds']:.1f}s", err=True)
    elif spent:
        click.echo(
            f"model load {spent['model_load_seconds']:.1f}s, "
            + (f"compile warm-up {spent['warmup_seconds']:.1f}s, " if spent.get("warmup_seconds") else "")
            + f"generation {spent['generation_seconds']:.1f}s "
            f"({spent['prompts_generated']} prompts generated, {spent['prompts_from_cache']} from cache), "
            f"scoring and records {spent['scoring_and_other_seconds']:.1f}s", err=True)


def print_skipped(results: dict[str, Any]) -> None:
    """One line per benchmark that ``--skip-missing`` left examples out of: how many, and why with their ids."""
    for name, result in results["benchmarks"].items():
        skipped = result.get("skipped")
        if skipped:
            reasons = "; ".join(f"{why} ({len(ids)}: {', '.join(ids[:5])}{', ...' if len(ids) > 5 else ''})"
                                for why, ids in skipped["by_reason"].items())
            click.echo(f"{name}: {skipped['n']} selected examples skipped (--skip-missing), scored "
                       f"{result['n']}: {reasons}", err=True)


def usage_line(usage: dict[str, Any], n: int) -> str:
    """The run's tokens (and cost) in one line: ``results.json``'s ``usage``."""
    reasoning = f" (reasoning {usage['reasoning_tokens']:,})" if "reasoning_tokens" in usage else ""
    counted = "" if usage["samples"] == n else f" in {usage['samples']:,} of {n:,} samples (the others say nothing)"
    line = f"tokens: {usage['prompt_tokens']:,} prompt, {usage['completion_tokens']:,} completion{reasoning}{counted}"
    price = usage.get("price")
    if price:
        line += (f"; cost {usage['cost']:.6g} at {price['model']}'s price ({price['input_per_million']:g} input, "
                 f"{price['output_per_million']:g} output per million tokens; {price['source']})")
    return line


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
