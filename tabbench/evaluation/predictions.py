"""The ``predictions`` model backend: completions read from a file, the one way a predictions file is scored.

``tabbench score BENCHMARK --predictions FILE`` and ``tabbench eval --model predictions:FILE`` both run it (the
first is the second with the benchmark's coverage checked: every example has a prediction and, over a whole
split, every prediction an example). It is the host's own backend, registered by ``tabbench.host.builtin``
like any plugin's, so scoring a file needs no plugin beyond the benchmark's.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from tabbench.contract.backend import GenerationParams, GenerationRequest, ModelBackend
from tabbench.contract.benchmark import Benchmark, read_jsonl, read_jsonl_predictions
from tabbench.contract.errors import ConfigError, DataError
from tabbench.contract.hashing import file_sha256
from tabbench.contract.options import Option
from tabbench.evaluation.options import options_for

PREDICTION_SUFFIXES = (".jsonl", ".json", ".sql", ".txt")


class PredictionsBackend(ModelBackend):
    """Completions read from the file (or folder of per-benchmark files) named by the model spec.

    A file is read as JSON lines ``{"id", "completion" | "completions"}``; when it is not JSON lines, it is handed
    to the benchmark's ``read_predictions`` (its official format, e.g. BIRD's ``{"0": "SQL\\t----- bird -----\\tdb"}``
    or Spider's one SQL per line), with the ids of the examples the run selects: a positional file may hold
    every example of the split or exactly those. The run's own benchmark reads it (``use_benchmark``); outside a
    run the benchmark is built on its data: pass ``data=PATH`` when the data path is not configured.
    A folder holds one file per benchmark, named ``<benchmark>.jsonl`` (or ``.json``, ``.sql``, ``.txt``).

    Options: ``data`` (benchmark data path for official formats: one path, or a dict by benchmark name),
    ``benchmark_options`` (a dict of the options the benchmark is built with for reading them, ``-o``'s
    ``[NAME:]KEY`` keys, e.g. ``{"on_missing_db": "skip"}``), ``missing`` (``error``, the
    default, or ``empty``: an example without a prediction gets an empty completion, scored as a parse failure).
    """

    name = "predictions"
    description = "completions from a predictions file"
    cacheable = False  # the file is the source of truth: reading it again is cheaper than any cache

    option_defaults: ClassVar[dict[str, Any]] = {
        "data": Option(None, None, help="a data path for every benchmark, or {benchmark: path}"),
        "benchmark_options": Option(None, dict),
        "missing": Option("error", str, choices=("error", "empty")),
    }

    def __init__(self, model: str, **options: Any) -> None:
        super().__init__(model, **options)  # the host checks the options against option_defaults
        self.path = Path(model)
        if not self.path.exists():
            raise ConfigError(f"predictions backend: {self.path} does not exist (--model names the predictions file)")
        self.missing = self.options.get("missing", "error")
        self._loaded: dict[tuple[str, str], dict[str, list[str]]] = {}
        self._transcripts: dict[str, dict[str, list[dict[str, Any]]]] = {}  # by benchmark
        self._benchmarks: dict[str, Benchmark] = {}
        self.read = 0  # predictions handed out, for the run's summary ("N predictions read")

    def use_benchmark(self, benchmark: Benchmark) -> None:
        """Read ``benchmark``'s official format with this instance, the run's own (built once, with the run's
        options; a ``--dataset`` benchmark has no registered name to build it by)."""
        self._benchmarks[benchmark.name] = benchmark

    def data_of(self, benchmark: str) -> str | None:
        """The data path given for ``benchmark``: ``data`` by benchmark name (``tabbench score --data NAME=PATH``), or
        one path for every benchmark."""
        data = self.options.get("data")
        return data.get(benchmark) if isinstance(data, dict) else data

    def file_for(self, benchmark: str) -> Path:
        """The predictions file of ``benchmark``: the spec itself, or ``<benchmark>.<suffix>`` in the folder."""
        if self.path.is_file():
            return self.path
        for suffix in PREDICTION_SUFFIXES:
            candidate = self.path / f"{benchmark}{suffix}"
            if candidate.is_file():
                return candidate
        raise ConfigError(
            f"predictions backend: {self.path} has no predictions for {benchmark!r} "
            f"(expected {benchmark}.jsonl, or one of {', '.join(PREDICTION_SUFFIXES)})"
        )

    def predictions(self, benchmark: str, split: str, ids: Sequence[str] | None = None) -> dict[str, list[str]]:
        """The file's completions of ``benchmark`` by example id (read once); ``ids``: the examples the run
        selects, in order, for a positional format."""
        key = (benchmark, split)
        if key not in self._loaded:
            path = self.file_for(benchmark)
            try:
                self._loaded[key] = read_jsonl_predictions(path)
            except DataError as jsonl_error:
                bench = self._benchmarks.get(benchmark)
                if bench is None:
                    from tabbench.host.lookup import get_benchmark

                    try:
                        bench = get_benchmark(benchmark, self.data_of(benchmark), **options_for(
                            benchmark, dict(self.options.get("benchmark_options") or {})))
                    except Exception as exc:
                        raise DataError(
                            f"{path}: not JSON lines ({jsonl_error}), and benchmark {benchmark!r} cannot read it in "
                            f"its official format without its data ({exc}); pass the backend option data=PATH"
                        ) from exc
                takes_ids = "ids" in inspect.signature(bench.read_predictions).parameters  # added in 0.3.0
                self._loaded[key] = (bench.read_predictions(path, split, ids=ids) if takes_ids and ids is not None
                                     else bench.read_predictions(path, split))
        return self._loaded[key]

    def expect(self, benchmark: str, split: str, ids: Sequence[str], whole_split: bool) -> None:
        """Every example needs a prediction (unless ``missing=empty``); over a whole split, every prediction
        needs an example: a file for another split or data set is refused before anything is scored."""
        table, path = self.predictions(benchmark, split, ids), self.file_for(benchmark)
        missing = [i for i in ids if i not in table]
        if missing and self.missing == "error":
            raise DataError(f"{path}: {len(missing)} of {len(ids)} examples have no prediction (first missing id: "
                            f"{missing[0]!r})")
        extra = sorted(set(table) - set(ids)) if whole_split else []
        if extra:
            raise DataError(f"{path}: {len(extra)} predictions match no example of the split (first: {extra[0]!r})")

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        outputs = []
        for request in requests:
            table = self.predictions(request.benchmark, request.example.split)
            completions = table.get(request.example.id)
            if completions is None:
                if self.missing == "empty":
                    completions = [""]
                else:
                    raise DataError(
                        f"{self.file_for(request.benchmark)}: no prediction for example {request.example.id!r} of "
                        f"{request.benchmark!r} (backend option missing=empty scores it as a parse failure)"
                    )
            if params.n > 1 and len(completions) < params.n:
                raise DataError(
                    f"{self.file_for(request.benchmark)}: example {request.example.id!r} has {len(completions)} "
                    f"completions, {params.n} samples were asked for"
                )
            # n > 1 (a vote): the first n; otherwise every recorded completion, the first scored and all of
            # them counted in pass@k (``tabbench score`` of a file with several completions per example)
            outputs.append(list(completions[: params.n] if params.n > 1 else completions))
            self.read += completions is not None
        return outputs

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any]]:
        """``tabbench eval --env``: replay recorded transcripts, the ``turn``-th assistant message per request.

        A line ``{"id", "transcript": {"messages": [...]}}`` (as the run records hold them) or ``{"id",
        "messages": [...]}``; observations are recomputed by the environment, not read from the file. A
        transcript that runs out of assistant messages answers with an empty message."""
        outputs = []
        for request in requests:
            turns = self.transcripts(request.benchmark).get(request.example.id)
            if turns is None and self.missing != "empty":
                raise DataError(f"{self.file_for(request.benchmark)}: no transcript for example "
                                   f"{request.example.id!r} of {request.benchmark!r}")
            turns = turns or []
            outputs.append(dict(turns[request.turn]) if request.turn < len(turns) else
                           {"role": "assistant", "content": ""})
        return outputs

    def transcripts(self, benchmark: str) -> dict[str, list[dict[str, Any]]]:
        """Assistant messages of each recorded transcript in the benchmark's file, keyed by example id."""
        if benchmark not in self._transcripts:
            path = self.file_for(benchmark)
            table: dict[str, list[dict[str, Any]]] = {}
            for number, row in read_jsonl(path, "the transcripts"):
                try:
                    record = row.get("transcript") or {}
                    messages = row["messages"] if "messages" in row else record["messages"]
                    table[str(row["id"])] = [dict(m) for m in messages if m.get("role") == "assistant"]
                except (KeyError, TypeError, AttributeError) as exc:
                    raise DataError(f"{path}:{number}: expected {{\"id\", \"transcript\": {{\"messages\": "
                                       f"[...]}}}} JSON ({type(exc).__name__}: {exc})") from exc
            self._transcripts[benchmark] = table
        return self._transcripts[benchmark]

    def fingerprint(self) -> dict[str, Any]:
        files = [self.path] if self.path.is_file() else sorted(p for p in self.path.iterdir() if p.is_file())
        return {"backend": "predictions", "path": str(self.path.resolve()),
                "sha256": {p.name: file_sha256(p) for p in files}}
