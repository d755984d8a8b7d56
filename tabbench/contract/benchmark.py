"""The base class every benchmark plugin subclasses.

A benchmark reads its official on-disk format from a local path, yields ``Example`` records, builds the
chat messages for each, extracts the answer from a completion, and declares its metrics as reward plugins
(the one rule: no metric is implemented inside a benchmark). The host does everything else: chat templates,
generation, scoring, records.
"""

from __future__ import annotations

import json
import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from tabbench.contract.errors import ConfigError, DataError
from tabbench.contract.extract import Extractor, answer_text
from tabbench.contract.options import check_options, declared, defaults
from tabbench.contract.types import Example, Message, MetricSpec


class Benchmark(ABC):
    """Subclass and set the class attributes; implement ``examples`` and ``prompt``; set ``extractor``.

    ``extractor`` is the named ``Extractor`` whose answer the run records for each sample; the host
    computes it once per sample and shares it with the metric rewards that declare the same extractor (so
    BIRD's SQL is extracted once for ``ex`` and ``soft_f1`` and the record). ``extract(example, completion)``
    gives that answer as text. Overriding ``extract`` instead (0.1.0's way) works until 0.3.0, with a
    ``DeprecationWarning`` when the class is defined.

    ``data_hint`` tells a user who has no data what to download and where to put it; it is shown when the
    data path is missing. Bump ``version`` whenever the prompt, the extraction or a metric changes:
    results and caches are keyed by it.

    ``option_defaults`` declares every option the benchmark reads (``-o KEY=VALUE``), with its default or an
    ``Option`` (type, range, choices; see ``tabbench.contract.options``): an undeclared option or a value of
    the wrong type or range is a ``ConfigError`` (a typo must not silently change nothing), and
    ``self.options`` holds the effective options (defaults filled in), which the run records. A benchmark
    that executes predictions declares ``timeout``; ``--timeout`` is passed only to benchmarks that declare it.

    Metrics: declare ``metrics`` as a class attribute. The host builds each metric's reward from the
    ``MetricSpec`` options plus ``metric_options(spec, self.options)`` restricted to the options that reward
    declares, so ``--timeout`` and ``-o`` reach every reward that takes them; override ``metric_options`` to
    rename or drop options.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    description: ClassVar[str] = ""
    metrics: ClassVar[tuple[MetricSpec, ...]]
    primary_metric: ClassVar[str]
    breakdown_keys: ClassVar[tuple[str, ...]] = ()
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {}  # key -> its levels in natural order (boards)
    splits: ClassVar[tuple[str, ...]] = ("dev",)
    default_split: ClassVar[str] = "dev"
    data_hint: ClassVar[str] = ""
    needs_data: ClassVar[bool] = True
    option_defaults: ClassVar[dict[str, Any]] = {}
    extractor: Extractor | None = None
    skip_missing: bool = False
    dataset_kind: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "extract" in cls.__dict__:  # 0.1.0's way: the host cannot share or name the answer of an override
            warnings.warn(f"benchmark {cls.__qualname__}: overriding extract is deprecated since 0.2.0 and stops "
                          "working in 0.3.0; declare the answer's extractor instead (extractor = "
                          "tabbench.Extractor(name, function))", DeprecationWarning, stacklevel=3)

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        options = check_options(f"benchmark {self.name!r}", declared(self.option_defaults), options)
        if data_path is None and self.needs_data:
            raise ConfigError(f"benchmark {self.name!r} needs data: {self.data_hint}")
        self.data_path = Path(data_path) if data_path is not None else None
        if self.data_path is not None and not self.data_path.exists():
            raise ConfigError(f"benchmark {self.name!r}: data path {self.data_path} does not exist. {self.data_hint}")
        self.options: dict[str, Any] = {**defaults(self.option_defaults), **options}

    @classmethod
    def metric_options(cls, spec: MetricSpec, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options offered to the reward of metric ``spec``, from the benchmark's effective ``options``.

        The host keeps those the reward declares and lays them over ``spec.options``. The default offers every
        option that is not ``None`` (``None`` leaves the reward's own default); override to rename (TableBench
        offers ``timeout`` as ``pot_timeout_s``) or to hold an option back.
        """
        return {key: value for key, value in options.items() if value is not None}

    @abstractmethod
    def examples(self, split: str | None = None) -> Iterator[Example]:
        """Yield the examples of ``split`` (default ``default_split``) in a stable order."""

    @abstractmethod
    def prompt(self, example: Example) -> list[Message]:
        """Return the chat messages for ``example``; the host applies the model's chat template."""

    def extract(self, example: Example, completion: str) -> str | None:
        """The answer (SQL or text) in ``completion`` as text, or ``None`` when there is none: ``extractor``'s
        answer (overriding this instead of declaring ``extractor`` is deprecated)."""
        if self.extractor is None:
            raise NotImplementedError(f"benchmark {self.name!r}: set `extractor` or implement `extract`")
        return answer_text(self.extractor(example, completion))

    def answer_extractor(self) -> Extractor:
        """The extractor whose answer the run records: ``extractor``, else ``extract`` under the benchmark's
        name."""
        if self.extractor is not None:
            return self.extractor
        return Extractor(f"benchmark:{self.name}", self.extract)

    @classmethod
    def bundled_data(cls) -> Path | None:
        """Data shipped inside the plugin package, used when no path is configured (demo benchmarks)."""
        return None

    def missing_data(self, example: Example) -> str | None:
        """Why ``example`` cannot be scored on the data at hand (``"database .../wta_1.sqlite is missing"``), or
        ``None`` (the default: nothing is missing). Asked only for the examples a run selects."""
        return None

    def gold_completion(self, example: Example) -> str:
        """A completion that answers with the reference, in the format ``extract`` reads (the gold backend)."""
        return example.gold or ""

    def data_files(self, split: str | None = None) -> list[Path]:
        """The files read for ``split``; the run records their hashes."""
        return []

    def read_predictions(self, path: Path, split: str | None = None,
                         ids: Sequence[str] | None = None) -> dict[str, list[str]]:
        """Read completions keyed by example id from ``path``.

        The default reads JSON lines ``{"id": ..., "completion": str}`` (or ``"completions": [str, ...]``).
        Benchmarks with an official predictions format override this and fall back to it. ``ids``: the examples
        the run selects, in order (``--limit``, ``--where``): a positional format (one prediction per line) may
        hold every example of the split or exactly these.
        """
        return read_jsonl_predictions(path)

    def check_split(self, split: str | None) -> str:
        split = split or self.default_split
        if split not in self.splits:
            raise ConfigError(f"benchmark {self.name!r} has no split {split!r} (splits: {', '.join(self.splits)})")
        return split

    def metric(self, name: str) -> MetricSpec:
        for spec in self.metrics:
            if spec.name == name:
                return spec
        raise ConfigError(f"benchmark {self.name!r} has no metric {name!r}")


def read_text(path: Path, what: str = "file") -> str:
    """The UTF-8 text of ``path``; an unreadable file or one that is not UTF-8 (a binary file, another
    encoding) is a ``DataError`` naming the file and the line of the first bad byte."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise DataError(f"{path}: cannot read {what} ({exc.strerror})") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError(
            f"{path}:{line}: {what} is not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})"
        ) from None


def read_jsonl(path: Path, what: str = "file") -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) of each non-blank line of a JSON-lines file, so a caller's own checks can name
    the line; a line that is not a JSON object is a ``DataError`` naming the file and the line."""
    rows = []
    for number, line in enumerate(read_text(path, what).splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as exc:  # ValueError: JSON, integer digits limit
            raise DataError(f"{path}:{number}: malformed JSON in {what} ({getattr(exc, 'msg', exc)})") from None
        if not isinstance(row, dict):
            raise DataError(f"{path}:{number}: expected a JSON object in {what}")
        rows.append((number, row))
    return rows


def first_jsonl_object(path: Path) -> dict[str, Any] | None:
    """The first non-blank line of ``path`` as a JSON object; ``None`` when it is not one or the file cannot be
    read. How a benchmark tells its official predictions format from the generic JSONL by one line, before
    reading the file with ``read_jsonl`` (which then names a bad file or line)."""
    try:
        with Path(path).open(encoding="utf-8") as handle:
            line = next((text for text in handle if text.strip()), "")
        row = json.loads(line) if line else None
    except (OSError, ValueError, RecursionError):  # ValueError: not UTF-8, not JSON
        return None
    return row if isinstance(row, dict) else None


def read_prediction_lines(path: Path, *expected: int) -> list[str]:
    """A text predictions file: one completion a line, in question order (a blank line inside it is an empty
    prediction there; trailing blank lines are ignored). A count other than one of ``expected`` (every question of
    the split, then those the run selects) is a ``DataError``: pairing such a file by position would mis-pair it."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read predictions ({exc})") from None
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) not in expected:
        counts = " or ".join(f"{n} ({'the questions the run selects' if i else 'every question of the split'})"
                             for i, n in enumerate(expected))
        raise DataError(f"{path}:{len(lines)}: {len(lines)} prediction lines, expected {counts}")
    return lines


def read_jsonl_predictions(path: Path) -> dict[str, list[str]]:
    """Read ``{"id", "completion"|"completions"}`` lines; a bad line is a ``DataError`` naming it."""
    predictions: dict[str, list[str]] = {}
    for number, row in read_jsonl(path, "predictions"):
        try:
            key = str(row["id"])
            completions = row["completions"] if "completions" in row else [row["completion"]]
        except (KeyError, TypeError) as exc:
            raise DataError(f"{path}:{number}: expected {{\"id\", \"completion\"}} JSON ({exc})") from exc
        if not isinstance(completions, list) or not all(isinstance(c, str) for c in completions):
            raise DataError(f"{path}:{number}: completions must be a list of strings")
        if key in predictions:
            raise DataError(f"{path}:{number}: duplicate id {key!r}")
        predictions[key] = list(completions)
    return predictions
