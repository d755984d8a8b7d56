"""Generation plumbing for ``tabbench eval``: a model backend as the runner's ``Completer``, with a response cache.

The runner builds each example's messages (``Benchmark.prompt``) and hashes them; this module asks the model
backend for completions of the prompts not already cached, in the batches the runner hands over, and caches
them. A cache entry is keyed by

    (model fingerprint, generation parameters, benchmark name@version, prompt hash)

and lives in a JSON-lines file whose first line records the full fingerprint of the model that wrote it. A
cache file written by another model is refused, never read. Greedy generations are keyed without the seed
(it cannot change them); sampled generations are keyed with their seed and reused only for that seed.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabbench.contract import modeltext
from tabbench.contract.backend import Generation, GenerationParams, GenerationRequest, ModelBackend
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError, UnknownNameError
from tabbench.contract.hashing import stable_hash
from tabbench.contract.paths import cache_dir
from tabbench.contract.usage import Usage
from tabbench.evaluation.runner import prompt_hash

CACHE_FORMAT = 1


def default_cache_dir() -> Path:
    """``$TABBENCH_CACHE_DIR/responses``, default ``~/.cache/tabbench/responses``."""
    return cache_dir("responses")


def fingerprint_hash(fingerprint: dict[str, Any]) -> str:
    return stable_hash(fingerprint, 32)


def cache_params(params: GenerationParams) -> dict[str, Any]:
    """The generation parameters that can change a completion (greedy decoding ignores seed and top_p)."""
    data = params.to_json()
    data["stop"] = list(data["stop"])
    if params.temperature == 0:
        data.pop("seed")
        data.pop("top_p")
    return data


class ResponseCache:
    """Completions on disk, one JSON-lines file per model fingerprint.

    ``path`` may be a directory (the file is ``<fingerprint hash>.jsonl`` inside it) or a ``.jsonl`` file;
    an existing file whose header names another fingerprint raises ``ConfigError``.
    """

    def __init__(self, path: Path, fingerprint: dict[str, Any]) -> None:
        path = Path(path).expanduser()
        self.fingerprint_hash = fingerprint_hash(fingerprint)
        self.path = path if path.suffix == ".jsonl" else path / f"{self.fingerprint_hash}.jsonl"
        self.entries: dict[str, Generation] = {}
        header = {"tabbench_response_cache": CACHE_FORMAT, "fingerprint_sha": self.fingerprint_hash,
                  "fingerprint": fingerprint}
        if self.path.exists():
            self._load(fingerprint)
        else:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("w", encoding="utf-8") as handle:
                    handle.write(json.dumps(header, sort_keys=True, default=str) + "\n")
            except OSError as exc:
                raise ConfigError(f"response cache {path}: cannot write it there ({exc.strerror}: {exc.filename}); "
                                  "choose another --cache (or TABBENCH_CACHE_DIR)") from exc
        self._handle = self.path.open("a", encoding="utf-8")

    def _load(self, fingerprint: dict[str, Any]) -> None:
        with self.path.open("rb") as handle:
            lines = handle.read().split(b"\n")
        try:
            header = json.loads(lines[0])
            written_by = header["fingerprint_sha"]
        except (ValueError, RecursionError, KeyError, TypeError, IndexError) as exc:
            raise ConfigError(f"{self.path}:1: not a tabbench response cache ({exc})") from None
        if written_by != self.fingerprint_hash:
            changed = sorted(
                k for k in set(fingerprint) | set(header.get("fingerprint") or {})
                if json.dumps(fingerprint.get(k), sort_keys=True, default=str)
                != json.dumps((header.get("fingerprint") or {}).get(k), sort_keys=True, default=str)
            )
            raise ConfigError(
                f"{self.path}: response cache written by another model (fingerprint {written_by[:12]}, this model "
                f"{self.fingerprint_hash[:12]}; differs in: {', '.join(changed) or 'unknown'}); refusing to use it: "
                "pass another --cache or --no-cache"
            )
        for raw in lines[1:]:
            try:
                entry = json.loads(raw)
                details = dict(entry.get("details") or {})
                usage = None if entry.get("usage") is None else Usage.from_json(entry["usage"])
                self.entries[entry["key"]] = Generation(list(entry["completions"]), None, details, usage)
            except (ValueError, RecursionError, KeyError, TypeError):
                continue  # a torn line from a killed run (or garbage): that prompt is generated again
        if lines[-1]:  # the file does not end in a newline: terminate the torn line before appending
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write("\n")

    @staticmethod
    def key(benchmark: Benchmark, messages: Sequence[dict[str, str]], params: GenerationParams) -> str:
        return stable_hash(
            {"benchmark": f"{benchmark.name}@{benchmark.version}", "prompt": prompt_hash(messages),
             "params": cache_params(params)},
            32,
        )

    def get(self, key: str) -> Generation | None:
        return self.entries.get(key)

    def put(self, key: str, generation: Generation) -> None:
        """Keep a generated request's completions (what the backend said of its prompt, e.g. that it was cut, and
        what it spent: a record made from the cache says what the completions cost when they were made); a refused
        request is not kept: it costs nothing to ask again, and the server's limit may change."""
        if generation.status is not None:
            return
        self.entries[key] = generation
        entry: dict[str, Any] = {"key": key, "completions": generation.completions}
        if generation.details:
            entry["details"] = generation.details
        if generation.usage is not None:
            entry["usage"] = generation.usage.to_json()
        self._handle.write(modeltext.dumps(entry) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()


class BackendCompleter:
    """The runner's ``Completer`` for a model backend: cached completions first, the rest generated in one call
    (``ModelBackend.generations``: a request the backend refused, its prompt too long, comes back as such).

    Counts what it did (``generated``, ``from_cache``, ``generation_seconds``) for the timing report.
    """

    def __init__(self, backend: ModelBackend, params: GenerationParams, cache: ResponseCache | None) -> None:
        self.backend, self.params, self.cache = backend, params, cache
        self.generated = 0
        self.from_cache = 0
        self.generation_seconds = 0.0

    def expect(self, benchmark: Benchmark, examples: Sequence[Any], whole_split: bool) -> None:
        """The run's examples of ``benchmark``, before its first batch (``ModelBackend.expect``); a predictions
        file is read by the run's own benchmark."""
        from tabbench.evaluation.predictions import PredictionsBackend

        if isinstance(self.backend, PredictionsBackend):
            self.backend.use_benchmark(benchmark)
        split = examples[0].split if examples else ""
        self.backend.expect(benchmark.name, split, [e.id for e in examples], whole_split)

    def __call__(self, benchmark: Benchmark, requests: Sequence[GenerationRequest]) -> list[Generation]:
        keys = [ResponseCache.key(benchmark, r.messages, self.params) for r in requests]
        outputs: list[Generation | None] = [self.cache.get(k) if self.cache else None for k in keys]
        missing = [i for i, out in enumerate(outputs) if out is None]
        self.from_cache += len(requests) - len(missing)
        if missing:
            start = time.perf_counter()
            generated = self.backend.generations([requests[i] for i in missing], self.params)
            self.generation_seconds += time.perf_counter() - start
            if len(generated) != len(missing):
                raise ConfigError(
                    f"model backend {self.backend.name!r} returned {len(generated)} results for {len(missing)} prompts"
                )
            for i, generation in zip(missing, generated, strict=True):
                outputs[i] = generation
                if self.cache is not None:
                    self.cache.put(keys[i], generation)
            self.generated += len(missing)
        return [out or Generation([]) for out in outputs]


def split_model_spec(spec: str, backend: str | None, known_backends: Sequence[str]) -> tuple[str, str]:
    """``(backend, model)`` from ``--model`` and ``--backend``.

    ``--backend`` wins; otherwise ``BACKEND:MODEL`` when BACKEND is a registered backend (``openai:URL``,
    ``predictions:FILE``), a bare registered name that is not a path (``gold``), else a local checkpoint folder,
    served by the backend the ``default_backend`` hook names (``hf``).
    """
    if backend:
        return backend, spec
    prefix, sep, rest = spec.partition(":")
    if sep and prefix in known_backends:
        return prefix, rest
    if spec in known_backends and not Path(spec).exists():
        return spec, ""
    if sep and re.fullmatch(r"[A-Za-z][\w.-]*", prefix) and not Path(spec).exists():
        raise UnknownNameError(
            f"--model {spec!r}: unknown model backend {prefix!r} (backends: {', '.join(sorted(known_backends))}) "
            "and no checkpoint folder of that name"
        )
    from tabbench.host.lookup import default_backend

    return default_backend(spec), spec


def default_run_name(model: str) -> str:
    """``<model-name>-<UTC timestamp>``: the last path part of the model, made safe for a folder name."""
    tail = Path(model.rstrip("/")).name if model else "model"
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", tail).strip("._") or "model"
    return f"{safe}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
