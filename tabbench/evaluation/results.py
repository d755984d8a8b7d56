"""The typed record of a finished run: ``results.json``, schema version 2.

The runner is its only writer (``tabbench.evaluation.runner.execute``); its shape is these ``TypedDict``\\ s
and, for tools outside Python, the JSON Schema ``results.schema.json`` shipped beside this module (checked
against the types by a test). ``load`` reads version 1 and 2 files and returns version 2.

Version 2 differs from 1 in two ways: ``config`` no longer repeats what ``model`` records (backend, model,
backend options, fingerprint hash, generation parameters, vote), and lifecycle hooks add what they compute under
``benchmarks.<name>.extensions.<key>`` instead of editing the record.
"""

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from tabbench.contract.errors import DataError

SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)


class MetricSummary(TypedDict):
    value: float | None  # mean over applicable samples
    stderr: float | None
    n: int  # samples with a value
    n_excluded: int  # samples not applicable (gold failed, metric does not apply)


class PrimaryMetric(TypedDict):
    name: str
    value: float | None
    stderr: float | None


class BreakdownLevel(TypedDict):
    n: int
    metrics: dict[str, float | None]


class MetricReward(TypedDict):
    name: str  # the metric's key in ``metrics``
    reward: str  # the registered reward
    options: dict[str, Any]  # what the reward was built with (benchmark options it takes included)
    reward_version: str


class DataRecord(TypedDict):
    path: str | None
    files: dict[str, str]  # file -> sha256


class BenchmarkResult(TypedDict):
    version: str
    split: str
    options: dict[str, Any]  # effective benchmark options
    data: DataRecord
    metric_rewards: list[MetricReward]
    n: int
    primary_metric: PrimaryMetric
    metrics: dict[str, MetricSummary]
    breakdown: dict[str, dict[str, BreakdownLevel]]
    status_counts: dict[str, int]  # statuses of the primary metric
    parse_fail_rate: float | None
    extensions: NotRequired[dict[str, Any]]  # added by lifecycle hooks, one key per addition
    sampling: NotRequired[dict[str, Any]]  # --samples N: pass@k of the primary metric (tabbench.evaluation.passk)


class MergedShard(TypedDict):
    index: int
    path: str
    n: dict[str, int]  # records it gave, per benchmark


class MergeRecord(TypedDict):
    count: int  # N of --shard K/N
    shards: list[MergedShard]  # those merged, by index
    partial: bool  # some examples are missing (tabbench merge --allow-partial)
    missing: dict[str, list[str]]  # benchmark -> ids of the missing examples, in the run's order


class Results(TypedDict):
    schema_version: int
    tabbench_version: str
    created: str
    python: str
    platform: str
    plugins: dict[str, str | None]
    config: dict[str, Any]  # what was asked (command, benchmarks, split, limit, options, data)
    seeds: dict[str, int]
    model: dict[str, Any]  # where completions came from (backend, model, fingerprint, generation, ...)
    benchmarks: dict[str, BenchmarkResult]
    timing: NotRequired[dict[str, float | int]]
    greedy: NotRequired[dict[str, Any]]  # a vote run: the greedy run beside it
    merge: NotRequired[MergeRecord]  # written by tabbench merge: the shards it was made from


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of version 2 (package data ``results.schema.json``)."""
    text = resources.files("tabbench.evaluation").joinpath("results.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def config_record(config: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """The run config without what the model record holds (version 2 does not repeat keys)."""
    return {k: v for k, v in config.items() if k not in model}


def upgrade(data: dict[str, Any]) -> Results:
    """A version 1 or 2 results document as version 2 (version 1 repeated model keys in ``config``)."""
    version = data.get("schema_version", 1)
    if version not in READABLE_VERSIONS:
        raise DataError(f"results schema_version {version!r} is not one this tabbench reads "
                        f"({', '.join(map(str, READABLE_VERSIONS))})")
    if version == 1:
        model = dict(data.get("model") or {})
        if "options" in model and "backend_options" not in model:
            model["backend_options"] = model.pop("options")
        data = {**data, "schema_version": SCHEMA_VERSION, "model": model,
                "config": config_record(dict(data.get("config") or {}), model)}
    return data  # type: ignore[return-value]


def validate(data: Any) -> None:
    """Raise ``ValueError`` naming the first place where ``data`` breaks the schema. Needs ``jsonschema``
    (a dev dependency); without it, nothing is checked."""
    try:
        import jsonschema
    except ImportError:
        return
    errors = sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top)"
        raise ValueError(f"results.json does not match schema version {SCHEMA_VERSION} at {where}: "
                         f"{errors[0].message}")


def load(path: Path) -> Results:
    """Read ``results.json`` (version 1 or 2) as version 2; a bad file is a ``DataError`` naming it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise DataError(f"{path}: unreadable results ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), dict):
        raise DataError(f"{path}: not a tabbench results file (no 'benchmarks' object)")
    # the shape readers rely on, checked without jsonschema (an optional dependency)
    wrong = [key for key in ("model", "config") if not isinstance(data.get(key) or {}, dict)] + [
        f"benchmarks.{name}" + ("" if not isinstance(result, dict) else ".primary_metric")
        for name, result in data["benchmarks"].items()
        if not isinstance(result, dict) or not isinstance(result.get("primary_metric") or {}, dict)]
    if wrong:
        raise DataError(f"{path}: not a tabbench results file ('{wrong[0]}' is not an object)")
    try:
        return upgrade(data)
    except DataError as exc:
        raise DataError(f"{path}: {exc}") from exc
