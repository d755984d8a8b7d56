"""The typed record of a finished run: ``results.json``, schema version 4.

The runner is its only writer (``tabbench.evaluation.runner.execute``), except that ``tabbench rescore`` adds
metrics to a finished run and records that under ``edits``; its shape is these ``TypedDict``\\ s
and, for tools outside Python, the JSON Schema ``results.schema.json`` shipped beside this module (checked
against the types by a test). ``load`` reads versions 3 and 4; the run folder's layout is ``docs/run-folder.md``.

``config`` is the run's ``tabbench.evaluation.config.RunConfig`` serialised (``RunConfig.to_json``; read back
with ``RunConfig.from_json``): what was asked (backend, model, backend options, benchmarks and suites, options,
generation, vote, environment, settings, ...); ``model`` holds only what the backend reported (its fingerprint
and hash, the chat template's hash, the response cache used, and ``origin``: the published model's hub id, when
the backend knows it); ``not_run`` lists the selected benchmarks that did
not run; lifecycle hooks add what they compute under ``benchmarks.<name>.extensions.<key>``. Since tabbench 0.3,
``usage`` (each benchmark's and the run's) sums the tokens the records spent, with their cost at the run's price,
and ``stopped`` says why a run stopped on its budget before it finished (both absent otherwise).

Version 4 adds ``benchmarks.<name>.answer_extractor`` and, beside ``results.json``, what a reader needs without
the benchmark plugin or its data: every completion's answer under each extractor's name and the vote's outcome
in the sample records, and the prompts file (messages, question, gold, meta of each distinct prompt). A version
3 run reads as it is (its records show what they hold); versions 1 and 2 (before tabbench 0.1) are refused
with one line naming the version.
"""

import json
import warnings
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from tabbench.contract import modeltext
from tabbench.contract.confine import read_regular
from tabbench.contract.deprecation import deprecated, kept, module_getattr
from tabbench.contract.errors import DataError

SCHEMA_VERSION = 4
READABLE_VERSIONS = (3, 4)


class MetricSummary(TypedDict):
    value: float | None  # mean over applicable samples
    stderr: float | None
    n: int  # samples with a value
    n_excluded: int  # samples not applicable (gold failed, metric does not apply)
    status_counts: NotRequired[dict[str, int]]  # this metric's statuses (since 0.3.0)
    reward_error: NotRequired[dict[str, str]]  # the first sample the reward failed on: id, error (since 0.3.0)


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


class Skipped(TypedDict):
    n: int  # examples left out
    by_reason: dict[str, list[str]]  # why (the database that is missing) -> the ids, in the run's order


class UsageTotals(TypedDict):
    """Tokens the records say they spent (``tabbench.evaluation.usage``), summed: a benchmark's or the run's."""

    prompt_tokens: int
    completion_tokens: int
    reasoning_tokens: NotRequired[int]  # where any record counted them
    samples: int  # the records that say what they spent (``n`` when every one does)
    cost: NotRequired[float]  # at the run's price, when it has one
    price: NotRequired[dict[str, Any]]  # the run's only: model, input_per_million, output_per_million, source


class Stopped(TypedDict):
    """Why a run stopped before it finished (``--token-budget``, ``--cost-budget``): ``--resume`` goes on."""

    reason: str  # token_budget, cost_budget, or uncounted (the backend did not say what a sample spent)
    message: str
    budget: dict[str, Any]  # tokens, cost: the budget it ran with
    spent: dict[str, Any]  # tokens, cost: what its records spent
    left: dict[str, int]  # benchmark -> examples without a record


class BenchmarkResult(TypedDict):
    version: str
    split: str
    answer_extractor: str  # the extractor whose answer records show under ``answer`` (records: ``answers``)
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
    breakdown_order: NotRequired[dict[str, list[str]]]  # breakdown key -> its levels in natural order, as declared
    skipped: NotRequired[Skipped]  # --skip-missing: the selected examples left out because their data is missing
    usage: NotRequired[UsageTotals]  # tokens (and cost) of the records, where the backend counted them


class NotRun(TypedDict):
    benchmark: str
    reason: str
    failed: bool  # broken (plugin or data), not merely skipped (no data, not installed, not served)


class MergedShard(TypedDict):
    index: int
    path: str
    n: dict[str, int]  # records it gave, per benchmark


class MergeRecord(TypedDict):
    count: int  # N of --shard K/N
    shards: list[MergedShard]  # those merged, by index
    partial: bool  # some examples are missing (tabbench merge --allow-partial)
    missing: dict[str, list[str]]  # benchmark -> ids of the missing examples, in the run's order


class EditedMetric(TypedDict):
    benchmark: str
    name: str  # the metric's key in the benchmark's ``metrics`` and in each record's ``scores``
    reward: str
    options: dict[str, Any]
    reward_version: str


class Edit(TypedDict):
    kind: str  # ``tabbench rescore``: "rescore" (metrics added), "replace" (scored again), "remove" (taken out)
    at: str  # when (ISO 8601, UTC)
    tabbench_version: str
    metrics: list[EditedMetric]


class Results(TypedDict):
    schema_version: int
    tabbench_version: str
    created: str
    python: str
    platform: str
    plugins: dict[str, str | None]
    config: dict[str, Any]  # the RunConfig: what was asked (backend, model, benchmarks, generation, settings, ...)
    seeds: dict[str, int]
    model: dict[str, Any]  # what the backend reported: fingerprint, fingerprint_sha, chat_template_sha256, cache,
    # and origin (the published model's hub id) when the backend knows it
    benchmarks: dict[str, BenchmarkResult]
    timing: NotRequired[dict[str, float | int]]
    greedy: NotRequired[dict[str, Any]]  # a vote run: the greedy run beside it
    not_run: NotRequired[list[NotRun]]  # selected benchmarks that did not run, and why
    sql_servers: NotRequired[dict[str, dict[str, Any]]]  # redacted DSN -> kind, version, settings
    merge: NotRequired[MergeRecord]  # written by tabbench merge: the shards it was made from
    edits: NotRequired[list[Edit]]  # changes after the run, oldest first (tabbench rescore)
    usage: NotRequired[UsageTotals]  # the benchmarks' usage summed, with the price it was costed at
    stopped: NotRequired[Stopped]  # the run stopped on its budget before it finished


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of version 4 (package data ``results.schema.json``)."""
    text = resources.files("tabbench.evaluation").joinpath("results.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def check_version(data: dict[str, Any]) -> None:
    """Refuse a results document this tabbench does not read (versions 1 and 2 predate tabbench 0.1)."""
    version = data.get("schema_version", 1)
    if version not in READABLE_VERSIONS:
        raise DataError(f"results schema_version {version!r} is not one this tabbench reads "
                        f"({' and '.join(map(str, READABLE_VERSIONS))}); rerun it with this tabbench")


def upgrade(data: dict[str, Any]) -> Results:
    """Deprecated: ``load`` reads versions 3 and 4 as they are; versions 1 and 2 are no longer upgraded. Checks
    the version (``check_version``) and returns ``data``."""
    warnings.warn("tabbench.evaluation.results.upgrade is deprecated and will be removed: results versions 3 and "
                  "4 need no upgrade, versions 1 and 2 are no longer read", DeprecationWarning, stacklevel=2)
    check_version(data)
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
    """Read ``results.json`` (version 3 or 4); a bad file or another version is a ``DataError`` naming it. So is
    one nested deeper than ``modeltext.MAX_DEPTH`` (a real one nests a few levels; readers write it back out), one
    whose fields readers use have the wrong JSON type (``_wrong_field``), and a FIFO, folder or device in its
    place."""
    try:  # a regular file only: a FIFO in its place is refused, never waited on (``open_regular``)
        data = modeltext.loads(read_regular(path).decode("utf-8"))
    except ValueError as exc:  # not UTF-8, not JSON
        raise DataError(f"{path}: unreadable results ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), dict):
        raise DataError(f"{path}: not a tabbench results file (no 'benchmarks' object)")
    try:
        check_version(data)
    except DataError as exc:
        raise DataError(f"{path}: {exc}") from None
    wrong = _wrong_field(data)
    if wrong:
        raise DataError(f"{path}: not a tabbench results file ({wrong})")
    return data  # type: ignore[return-value]


def _wrong_field(data: dict[str, Any]) -> str | None:
    """The first field readers use (view, compare, export, rescore, merge) whose JSON type is wrong, as
    ``'key' is not ...``; checked without jsonschema (an optional dependency), since a run folder may be hostile."""
    for key in ("model", "config", "timing", "seeds", "plugins"):
        if not isinstance(data.get(key) or {}, dict):
            return f"'{key}' is not an object"
    problem = _list_of_objects("edits", data.get("edits")) or _usage_problem("usage", data.get("usage"))
    if problem:
        return problem
    stopped = data.get("stopped")
    if stopped is not None and (not isinstance(stopped, dict) or not isinstance(stopped.get("message"), str)
                                or not isinstance(stopped.get("left") or {}, dict)
                                or not all(_number(v, count=True) and v is not None
                                           for v in (stopped.get("left") or {}).values())):
        return "'stopped' is not an object with a message and the examples left"
    for index, edit in enumerate(data.get("edits") or []):
        problem = _list_of_objects(f"edits[{index}].metrics", edit.get("metrics"))
        if problem:
            return problem
    return next(filter(None, (_result_problem(f"benchmarks.{name}", result)
                              for name, result in data["benchmarks"].items())), None)


def _list_of_objects(key: str, value: Any) -> str | None:
    if value is not None and not isinstance(value, list):
        return f"'{key}' is not a list"
    return next((f"'{key}[{i}]' is not an object" for i, item in enumerate(value or []) if not isinstance(item, dict)),
                None)


def _number(value: Any, *, count: bool = False) -> bool:
    if value is None or isinstance(value, bool):
        return value is None
    return isinstance(value, int) and value >= 0 if count else isinstance(value, int | float)


#: Per-benchmark fields the readers use (view, compare, boards, export, rescore, merge), and the JSON types they
#: must have when present; their parts are checked in ``_result_problem``.
_RESULT_FIELDS: dict[str, tuple[type, ...]] = {
    "version": (str, int), "split": (str,), "answer_extractor": (str,), "options": (dict,), "data": (dict,),
    "status_counts": (dict,), "primary_metric": (dict,), "metrics": (dict,), "breakdown": (dict,),
    "breakdown_order": (dict,), "extensions": (dict,), "skipped": (dict,)}


def _result_problem(key: str, result: Any) -> str | None:
    """What is wrong in one benchmark's block: the type of each field a reader uses, and the parts of those a
    board, the viewer, export or rescore read (counts, numbers, the data files' hashes, the level orders)."""
    if not isinstance(result, dict):
        return f"'{key}' is not an object"
    for field, types in _RESULT_FIELDS.items():
        value = result.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, types)):
            return f"'{key}.{field}' is not {' or '.join(_TYPE_NAMES[t] for t in types)}"
    for field, count in (("n", True), ("parse_fail_rate", False)):
        if not _number(result.get(field), count=count):
            return f"'{key}.{field}' is not a {'count' if count else 'number'}"
    data = result.get("data") or {}
    files = data.get("files")
    if files is not None and not (isinstance(files, dict) and all(isinstance(v, str) for v in files.values())):
        return f"'{key}.data.files' is not an object of sha256 texts"
    if not isinstance(data.get("path") or "", str):
        return f"'{key}.data.path' is not text"
    if any(not _number(v, count=True) or v is None for v in (result.get("status_counts") or {}).values()):
        return f"'{key}.status_counts' holds something other than counts"
    primary = result.get("primary_metric") or {}
    if not isinstance(primary.get("name") or "", str):
        return f"'{key}.primary_metric.name' is not text"
    for field in ("value", "stderr"):
        if not _number(primary.get(field)):
            return f"'{key}.primary_metric.{field}' is not a number"
    for metric, summary in (result.get("metrics") or {}).items():
        if not isinstance(summary, dict):
            return f"'{key}.metrics.{metric}' is not an object"
        for field in ("value", "stderr", "n", "n_excluded"):
            if not _number(summary.get(field), count=field.startswith("n")):
                return f"'{key}.metrics.{metric}.{field}' is not a {'count' if field.startswith('n') else 'number'}"
        counts = summary.get("status_counts", {})
        if not isinstance(counts, dict) or any(not _number(v, count=True) or v is None for v in counts.values()):
            return f"'{key}.metrics.{metric}.status_counts' holds something other than counts"
        failed = summary.get("reward_error", {})
        if not isinstance(failed, dict) or not all(isinstance(failed.get(f, ""), str) for f in ("id", "error")):
            return f"'{key}.metrics.{metric}.reward_error' is not an object of id and error texts"
    problem = (_list_of_objects(f"{key}.metric_rewards", result.get("metric_rewards"))
               or _usage_problem(f"{key}.usage", result.get("usage")))
    if problem:
        return problem
    for index, reward in enumerate(result.get("metric_rewards") or []):
        field = next((f for f in ("name", "reward") if not isinstance(reward.get(f), str)), None)
        if field:
            return f"'{key}.metric_rewards[{index}].{field}' is not text"
    for breakdown, levels in (result.get("breakdown") or {}).items():
        if not isinstance(levels, dict):
            return f"'{key}.breakdown.{breakdown}' is not an object"
        for level, summary in levels.items():
            if (not isinstance(summary, dict) or not isinstance(summary.get("metrics") or {}, dict)
                    or not _number(summary.get("n"), count=True)
                    or not all(_number(v) for v in (summary.get("metrics") or {}).values())):
                return f"'{key}.breakdown.{breakdown}.{level}' is not an object of n and metrics"
    skipped = result.get("skipped") or {}
    if skipped and (not _number(skipped.get("n"), count=True) or not isinstance(skipped.get("by_reason"), dict) or any(
            not isinstance(ids, list) or not all(isinstance(i, str) for i in ids)
            for ids in skipped["by_reason"].values())):
        return f"'{key}.skipped' is not an object of n and ids by reason"
    for breakdown, order in (result.get("breakdown_order") or {}).items():
        if not isinstance(order, list) or not all(isinstance(level, str) for level in order):
            return f"'{key}.breakdown_order.{breakdown}' is not a list of texts"
    return None


def _usage_problem(key: str, usage: Any) -> str | None:
    """A ``usage`` block (a benchmark's or the run's): token counts, a cost, and the run's price as an object."""
    if usage is None:
        return None
    if not isinstance(usage, dict):
        return f"'{key}' is not an object"
    for field in ("prompt_tokens", "completion_tokens", "reasoning_tokens", "samples"):
        if not _number(usage.get(field), count=True):
            return f"'{key}.{field}' is not a count"
    if not _number(usage.get("cost")):
        return f"'{key}.cost' is not a number"
    price = usage.get("price")
    if price is not None and not (isinstance(price, dict) and isinstance(price.get("model"), str)
                                  and all(_number(price.get(f)) and price.get(f) is not None
                                          for f in ("input_per_million", "output_per_million"))):
        return f"'{key}.price' is not a model's price"
    return None


_TYPE_NAMES = {str: "text", int: "an integer", dict: "an object"}


@deprecated("use tabbench.evaluation.results.load (it reads every version)", category=None)
def _config_record(config: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """0.1.0's ``config_record``: the run config without what the model record holds."""
    return {k: v for k, v in config.items() if k not in model}


__getattr__ = module_getattr(__name__, {"config_record": kept(_config_record)})  # 0.1.0's names (docs/api.md)
if TYPE_CHECKING:  # for type checkers: the old behaviour kept is marked deprecated (PEP 702)
    from tabbench.evaluation.results import _config_record as config_record  # noqa: F401
