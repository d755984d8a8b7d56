"""``tabbench.evaluate``: the Python entry to an evaluation run, built from the same ``RunConfig`` as
``tabbench eval``."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabbench.contract.settings import Settings
from tabbench.evaluation.prompts import PromptOptions
from tabbench.evaluation.results import Results


def evaluate(
    model: str, suite: str | Sequence[str] | None = None, *, out: str | Path,
    benchmarks: str | Sequence[str] = (), data: dict[str, str | Path] | None = None, split: str | None = None,
    limit: int | None = None, where: Sequence[str] = (), options: dict[str, Any] | None = None,
    timeout: float | None = None,
    backend: str | None = None, model_options: dict[str, Any] | None = None, max_new_tokens: int = 256,
    seed: int = 0, truncate_prompts: bool = False, batch_size: int = 32, resume: bool = False,
    cache: str | Path | None = None, use_cache: bool = False, progress: bool = False, settings: Settings | None = None,
    prompt: PromptOptions | None = None,
) -> Results:
    """Evaluate ``model`` (as ``--model``: a checkpoint folder, ``BACKEND:MODEL``, or ``gold``) on ``suite``
    (``--suite``: a name or names) and ``benchmarks`` (``--benchmark``); neither: every benchmark with data.
    Returns the run's results (``tabbench.evaluation.results.Results``, also written to ``out/results.json``).

    ``options`` are ``-o`` (``{"KEY": v}`` for every benchmark, ``{"NAME:KEY": v}`` for one), checked like the
    command's; ``where`` are ``--where`` expressions (``"db_id=a,b"``, ``"id!=@ids.txt"``); ``timeout`` is
    ``--timeout``; ``truncate_prompts`` is ``--truncate-prompts``; ``settings`` the SQL workers, result-store
    bound and sandbox opt-out (``tabbench.contract.settings.Settings``), in force for this run only; ``prompt`` the
    system prompt, few-shot examples and chat template (``tabbench.PromptOptions``, as ``--system-prompt``,
    ``--few-shot``, ``--chat-template``; its ``chat_template`` may be a path). Greedy decoding; the response cache
    is off unless ``use_cache``. Benchmarks that could not run are in ``results["not_run"]``, and each is also
    reported as a ``RuntimeWarning``.
    """
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.config import RunConfig, split_model
    from tabbench.evaluation.launch import launch

    backend_name, model_name = split_model(model, backend)
    config = RunConfig(
        backend=backend_name, model=model_name, backend_options=dict(model_options or {}),
        benchmarks=_names(benchmarks), suites=_names(suite), data={k: Path(v) for k, v in (data or {}).items()},
        benchmark_options=dict(options or {}), timeout=timeout, split=split, limit=limit, where=tuple(where),
        prompt=prompt or PromptOptions(),
        generation=GenerationParams(max_new_tokens=max_new_tokens, temperature=0.0, top_p=1.0, n=1, seed=seed,
                                    truncate_prompts=truncate_prompts),
        batch_size=batch_size, cache_path=Path(cache) if cache else None, use_cache=use_cache,
        settings=settings or Settings(), out=Path(out), resume=resume, progress=progress,
    )
    results = launch(config)
    for item in results.get("not_run", []):
        warnings.warn(f"not run: {item['benchmark']}: {item['reason']}", RuntimeWarning, stacklevel=2)
    return results


def _names(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """One name, comma-separated names, or a sequence of names, as a tuple."""
    parts = [value] if isinstance(value, str) else list(value or ())
    return tuple(n.strip() for part in parts for n in part.split(",") if n.strip())
