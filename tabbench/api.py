"""``tabbench.evaluate``: the Python entry to an evaluation run, the same path ``tabbench eval`` takes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabbench.evaluation.results import Results


def evaluate(
    model: str, suite: str = "all", *, out: str | Path, data: dict[str, str | Path] | None = None,
    split: str | None = None, limit: int | None = None, options: dict[str, Any] | None = None,
    timeout: float | None = None, backend: str | None = None, model_options: dict[str, Any] | None = None,
    max_new_tokens: int = 256, seed: int = 0, batch_size: int = 32, resume: bool = False,
    cache: str | Path | None = None, use_cache: bool = False, progress: bool = False,
) -> Results:
    """Evaluate ``model`` (as ``--model``: a checkpoint folder, ``BACKEND:MODEL``, or ``gold``) on ``suite`` and
    return the run's results (``tabbench.evaluation.results.Results``, also written to ``out/results.json``).

    ``options`` are ``-o`` (``{"KEY": v}`` for every benchmark, ``{"NAME:KEY": v}`` for one), checked like the
    command's; ``timeout`` is ``--timeout``. Greedy decoding; the response cache is off unless ``use_cache``.
    """
    from tabbench.cli.eval import parse_data, run_eval, select_benchmarks
    from tabbench.contract.backend import GenerationParams
    from tabbench.evaluation.generation import split_model_spec
    from tabbench.evaluation.options import checked_timeout, recorded_options
    from tabbench.host.lookup import get_backend
    from tabbench.host.plugins import host

    timeout = checked_timeout(timeout)
    given = dict(options or {})
    backend_name, model_name = split_model_spec(model, backend, host().registry("model").names())
    backend_options = dict(model_options or {})
    model_backend = get_backend(backend_name, model_name, **backend_options)
    try:
        selection = select_benchmarks(suite, parse_data(tuple(f"{k}={v}" for k, v in (data or {}).items())),
                                      given, timeout)
        params = GenerationParams(max_new_tokens=max_new_tokens, temperature=0.0, top_p=1.0, n=1, seed=seed)
        return run_eval(
            model_backend, Path(out), params, None, backend_name=backend_name, model=model_name,
            backend_options=backend_options, fingerprint=model_backend.fingerprint(), selection=selection,
            split=split, limit=limit, options=recorded_options(given, timeout), batch_size=batch_size,
            resume=resume, cache_path=Path(cache) if cache else None, use_cache=use_cache, progress=progress,
            quiet_summary=True,
        )  # type: ignore[return-value]
    finally:
        model_backend.close()
