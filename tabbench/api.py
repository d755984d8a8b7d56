"""``tabbench.evaluate``: the Python entry to an evaluation run, built from the same ``RunConfig`` as
``tabbench eval`` (``tabbench.evaluation.config.run_config``), so it runs whatever the command runs: greedy,
sampled or voted decoding, a multi-turn ``--env`` run, one shard."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.settings import Settings
from tabbench.evaluation.prompts import PromptOptions
from tabbench.evaluation.results import Results

if TYPE_CHECKING:
    from tabbench.contract.environment import Budget
    from tabbench.evaluation.shards import Shard


def evaluate(
    model: str, suite: str | Sequence[str] | None = None, *, out: str | Path,
    benchmarks: str | Sequence[str] = (), data: dict[str, str | Path] | None = None, split: str | None = None,
    limit: int | None = None, where: Sequence[str] = (), options: dict[str, Any] | None = None,
    timeout: float | None = None,
    backend: str | None = None, model_options: dict[str, Any] | None = None, max_new_tokens: int = 256,
    seed: int = 0, truncate_prompts: bool = False, batch_size: int = 32, resume: bool = False,
    cache: str | Path | None = None, use_cache: bool = False, progress: bool = False, settings: Settings | None = None,
    prompt: PromptOptions | None = None,
    samples: int = 1, vote: str | None = None, temperature: float | None = None, top_p: float = 1.0,
    stop: Sequence[str] = (), env: str | None = None, env_options: Mapping[str, Any] | None = None,
    protocol: str = "auto", budget: Budget | None = None, shard: str | Shard | None = None,
    token_budget: int | None = None, cost_budget: float | None = None, prices: str | Path | None = None,
    datasets: str | Path | Sequence[str | Path] = (), skip_missing: bool = False,
) -> Results:
    """Evaluate ``model`` (as ``--model``: a checkpoint folder, ``BACKEND:MODEL``, or ``gold``) on ``suite``
    (``--suite``: a name or names) and ``benchmarks`` (``--benchmark``); neither: every benchmark with data.
    Returns the run's results (``tabbench.evaluation.results.Results``, also written to ``out/results.json``).

    Each keyword is the option of ``tabbench eval`` with its name: ``options`` are ``-o`` (``{"KEY": v}`` for every
    benchmark, ``{"NAME:KEY": v}`` for one), checked like the command's; ``where`` are ``--where`` expressions
    (``"db_id=a,b"``, ``"id!=@ids.txt"``); ``model_options`` are ``-m``; ``prompt`` the system prompt, few-shot
    examples and chat template (``tabbench.PromptOptions``, as ``--system-prompt``, ``--few-shot``,
    ``--chat-template``; its ``chat_template`` may be a path); ``samples``, ``vote``, ``temperature``
    (default 0.8 with ``samples`` > 1, else greedy), ``top_p``, ``seed``, ``stop`` and ``max_new_tokens`` the
    decoding (``samples`` > 1: the vote's pick is scored, greedy beside it in ``out/greedy``), ``truncate_prompts``
    ``--truncate-prompts``; ``env`` (``--env``) with ``env_options`` (``-e``), ``protocol`` and ``budget`` (a
    ``tabbench.Budget``: ``--max-turns`` and the per-rollout limits) a multi-turn run; ``shard`` (``"K/N"``) one
    shard. ``settings``: the SQL workers, result-store bound and sandbox opt-out (``tabbench.Settings``), in force
    for this run only. The response cache is off unless ``use_cache``. Benchmarks that could not run are in
    ``results["not_run"]``, and each is also reported as a ``RuntimeWarning``. ``token_budget``, ``cost_budget``
    and ``prices`` are ``--token-budget``, ``--cost-budget`` and ``--prices``: a run that spends its budget stops
    cleanly and says why in ``results["stopped"]`` (``resume=True`` with a larger budget goes on). ``datasets``
    are ``--dataset`` folders (each a benchmark under its manifest's name) and ``skip_missing`` is
    ``--skip-missing``.
    """
    from tabbench.evaluation.config import run_config
    from tabbench.evaluation.launch import launch
    from tabbench.evaluation.shards import Shard
    from tabbench.evaluation.usage import RunBudget

    config = run_config(
        model, backend=backend, samples=samples, temperature=temperature, top_p=top_p, max_new_tokens=max_new_tokens,
        seed=seed, stop=stop, truncate_prompts=truncate_prompts, env=env, env_options=env_options, protocol=protocol,
        budget=budget, backend_options=dict(model_options or {}), benchmarks=_names(benchmarks), suites=_names(suite),
        data={k: Path(v) for k, v in (data or {}).items()}, benchmark_options=dict(options or {}), timeout=timeout,
        split=split, limit=limit, where=tuple(where), shard=Shard.parse(shard) if isinstance(shard, str) else shard,
        prompt=prompt or PromptOptions(), datasets=datasets, skip_missing=skip_missing,
        vote=vote, batch_size=batch_size, cache_path=Path(cache) if cache else None, use_cache=use_cache,
        settings=settings or Settings(), out=Path(out), resume=resume, progress=progress,
        run_budget=RunBudget(token_budget, cost_budget), prices=Path(prices) if prices else None,
    )
    results = launch(config)
    for item in results.get("not_run", []):
        warnings.warn(f"not run: {item['benchmark']}: {item['reason']}", RuntimeWarning, stacklevel=2)
    return results


def _names(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """One name, comma-separated names, or a sequence of names, as a tuple."""
    parts = [value] if isinstance(value, str) else list(value or ())
    return tuple(n.strip() for part in parts for n in part.split(",") if n.strip())
