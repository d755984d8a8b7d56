"""``tabbench export``: a run folder in the formats other harnesses read.

- ``eee``: Every Eval Ever (``every-eval-ever`` 0.3.0), the common format its converters from lm-eval, Inspect and
  HELM write: per benchmark an aggregate ``data/<benchmark>/<developer>/<model>/<uuid>.json`` (one evaluation
  result per metric, with its standard error) and the per-instance ``<uuid>_samples.jsonl`` beside it (one line per
  sample and metric, as that schema asks: input, reference, every completion, the extracted answer, the score,
  the reward's verdict). Both validate against the format's own JSON Schemas (vendored in ``schemas/``).
- ``lm-eval``: the layout lm-evaluation-harness writes with ``--output_path`` and ``--log_samples``:
  ``<model>/results_<date>.json`` (``results``, ``versions``, ``n-samples``, ``higher_is_better``, ``config``, ...)
  and ``<model>/samples_<benchmark>_<date>.jsonl`` (``doc_id``, ``doc``, ``target``, ``arguments``, ``resps``,
  ``filtered_resps``, ``filter``, ``metrics`` and each metric's value), so tools that parse lm-eval output read
  a tabbench run.

Export reads the folder only (results, records, prompts); file names and ids derive from the run, so exporting
the same run twice gives the same files. Local paths the run recorded (run folder, model, data, cache) are written
relative to the run or by name unless kept (``local_paths``); the model's developer comes from the model
(``results.json``'s ``model.origin``, a served model's ``org/name``) or the caller, never from a folder's name.
Every Eval Ever files are checked against that format's own schemas before anything is written. The output folder
is written whole or not at all (``new_folder``), never inside the run, and holds standard JSON in UTF-8: a lone
surrogate in model text is written as its ``\\udXXX`` escape, and a NaN or an infinity in the run (standard JSON
has neither) is refused in one line naming the file and record.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import uuid
from collections import Counter
from collections.abc import Iterator, Mapping
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tabbench.checkpoint import is_hub_id
from tabbench.contract import modeltext
from tabbench.contract.errors import DataError, UsageError
from tabbench.contract.outputs import check_output_folder, new_folder
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.runfolder import RunFolder, read_records, sample_texts
from tabbench.reporting.local_paths import LocalPaths
from tabbench.reporting.paired import passed

FORMATS = ("eee", "lm-eval")
EEE_VERSION = "0.3.0"  # the schemas in schemas/ (every-eval-ever 0.3.0, MIT)
RELATIONSHIPS = ("first_party", "third_party", "collaborative", "other")
_PORTABLE = re.compile(r"[^A-Za-z0-9._-]+")


@cache
def eee_schema(kind: str) -> dict[str, Any]:
    """Every Eval Ever's JSON Schema: ``"aggregate"`` (eval.schema.json) or ``"instance"``
    (instance_level_eval.schema.json)."""
    name = {"aggregate": "eval.schema.json", "instance": "instance_level_eval.schema.json"}[kind]
    return json.loads(resources.files("tabbench.reporting").joinpath("schemas", name).read_text(encoding="utf-8"))


def export(run: RunFolder, fmt: str, out: Path, *, organization: str = "unknown",
           relationship: str = "other", developer: str | None = None, keep_paths: bool = False) -> list[Path]:
    """Write ``run`` to the new (or empty) folder ``out`` in format ``fmt``; returns the files written.
    ``organization`` and ``relationship`` fill Every Eval Ever's ``source_metadata`` (who ran it, and their
    relation to the model's makers); ``developer`` names the model's makers where the run does not (``_model``);
    ``keep_paths`` writes local paths as recorded instead of relative to the run or by name."""
    if fmt not in FORMATS:
        raise UsageError(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if relationship not in RELATIONSHIPS:
        raise UsageError(f"--relationship {relationship!r}: expected one of {', '.join(RELATIONSHIPS)}")
    if not run.results.get("benchmarks"):
        raise UsageError(f"{run.path}: no results.json with benchmarks (export needs a finished run)")
    try:
        inside = Path(out).resolve().is_relative_to(run.path.resolve())
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise UsageError(f"--out {out}: cannot be resolved ({exc})") from None
    if inside:
        raise UsageError(f"--out {out}: inside the run folder {run.path} (export writes beside a run, never into it)")
    out = check_output_folder(out, "--out", allow_symlink=False)
    if out.exists() and any(out.iterdir()):
        raise UsageError(f"--out {out}: exists and is not an empty folder")
    if developer is not None and not developer.strip():
        raise UsageError("--developer: empty (leave it out to take the developer from the model)")
    paths = LocalPaths(run.path, keep_paths)
    files = _eee(run, organization, relationship, developer, paths) if fmt == "eee" else _lm_eval(run, paths)
    return _write_all(out, files)


def _write_all(out: Path, files: Iterator[tuple[str, str]]) -> list[Path]:
    """Write ``(relative name, text)`` pairs to ``out`` through a staging folder renamed at the end
    (``new_folder``). Names come from the run folder (benchmark and model names), which is hostile: one that would
    leave ``out``, is no plain file name or names a file twice (two benchmarks lm-eval sanitises alike) is
    refused."""
    names: list[str] = []
    with new_folder(out, "--out") as staging:
        for name, text in files:
            target = staging / name
            if not name.isprintable():
                raise DataError(f"export: {name!r} (from the run's benchmark or model name) is not a plain file name")
            if ".." in Path(name).parts or not target.resolve().is_relative_to(staging.resolve()):
                raise DataError(f"export: {name!r} (from the run's benchmark or model name) would leave --out")
            if name in names:
                raise DataError(f"export: {name} would be written twice (two benchmark names that sanitise alike)")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise DataError(f"export: cannot write {name} in --out {out} ({exc.strerror or exc}); nothing was "
                                "written") from None
            names.append(name)
    return [out / name for name in names]


def _valid(kind: str, text: str, where: str) -> str:
    """``text`` (one JSON document, or JSON lines for ``instance``) once checked against Every Eval Ever's own
    schema: a file that other tools would refuse is not written."""
    check = _eee_validator(kind)
    for number, line in enumerate(text.splitlines() if kind == "instance" else [text], 1):
        error = next(iter(sorted(check.iter_errors(json.loads(line)), key=lambda e: list(e.path))), None)
        if error is not None:
            at = "/".join(str(p) for p in error.absolute_path) or "(top)"
            line_at = f", line {number}" if kind == "instance" else ""
            raise DataError(f"export: {where}{line_at} does not match Every Eval Ever's {kind} schema at {at}: "
                            f"{' '.join(error.message.split())[:200]}")
    return text


@cache
def _eee_validator(kind: str) -> Any:
    import jsonschema

    return jsonschema.Draft7Validator(eee_schema(kind))


# --- what every format needs -------------------------------------------------------------------------------


def _config(run: RunFolder) -> RunConfig:
    """The run's configuration, read back (``RunConfig.from_json``; a bad one is a ``DataError`` naming the run)."""
    try:  # --where @FILE filters as recorded: the file is not read (it may be gone, or any path the run names)
        return RunConfig.from_json(run.results.get("config") or {}, where_files=False)
    except DataError as exc:
        raise DataError(f"{run.path}/results.json: {exc}") from None


def _local_model(run: RunFolder) -> bool:
    """Whether the run's model argument is a local path (a checkpoint folder, a predictions file): its backend
    fingerprinted a ``path``."""
    fingerprint = (run.results.get("model") or {}).get("fingerprint")
    return isinstance(fingerprint, dict) and "path" in fingerprint


def _model(run: RunFolder, config: RunConfig, developer: str | None = None) -> tuple[str, str]:
    """``(model id, developer)``: the HF-style id (``developer/name``, each part a portable file name) of what
    the run evaluated, and its developer as stated.

    The developer is ``developer`` when given, else the publisher of the model the run recorded: ``model.origin``
    (the hub id a checkpoint's ``config.json`` names, or a served model's name), a served model's ``org/name``,
    or a model argument that is itself ``org/name`` and no local path; else ``unknown``. Never a folder's name:
    ``models/smollm2`` is a path, not a model by "models". The name is a local model's own name (its folder's or
    file's last part), a served model's name, else the backend's (``gold``)."""
    record = run.results.get("model") or {}
    fingerprint = record.get("fingerprint") if isinstance(record.get("fingerprint"), dict) else {}
    local = _local_model(run)
    served = fingerprint.get("model") if isinstance(fingerprint.get("model"), str) else None
    published = next((c for c in (record.get("origin"), served, None if local else config.model) if is_hub_id(c)),
                     None)
    if local:
        name = Path(config.model).name
    elif served:
        name = served.rsplit("/", 1)[-1]
    elif published:
        name = published.split("/")[1]
    else:
        name = config.model
    maker = developer or (published.split("/")[0] if published else "unknown")
    portable, name = (_PORTABLE.sub("_", part).strip("._") or "unknown" for part in (maker, name or config.backend))
    return f"{portable}/{name}", maker


def _created(run: RunFolder) -> datetime:
    created = run.results.get("created")
    try:
        return datetime.fromisoformat(str(created))
    except ValueError:
        return datetime.fromtimestamp((run.path / "results.json").stat().st_mtime).astimezone()


def _missing(run: RunFolder, benchmark: str) -> int:
    """How many examples of ``benchmark`` a partial merge (``merge --allow-partial``) left out of the run."""
    merge = run.results.get("merge")
    missing = (merge.get("missing") or {}) if isinstance(merge, dict) and merge.get("partial") else {}
    ids = missing.get(benchmark) if isinstance(missing, dict) else None
    return len(ids) if isinstance(ids, list) else 0


def _metric_statuses(records: list[dict[str, Any]], metrics: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """Each metric's own status counts over the run's records (``results.json`` counts the primary metric's
    only): BIRD's Soft-F1 can be ``partial`` where EX says ``mismatch``, and a metric added by rescore has its own."""
    counts: dict[str, Counter[str]] = {metric: Counter() for metric in metrics}
    for record in records:
        for metric, count in counts.items():
            score = (record.get("scores") or {}).get(metric)
            if isinstance(score, dict) and score.get("status") is not None:
                count[str(score["status"])] += 1
    return {metric: dict(sorted(count.items())) for metric, count in counts.items() if count}


def _model_argument(run: RunFolder, config: RunConfig, paths: LocalPaths) -> str:
    """The model argument as given (``--model``): a local path as ``paths`` writes it, else as given."""
    if not config.model:
        return config.backend
    return paths.path(config.model) if _local_model(run) else config.model


def _strings(values: Mapping[str, Any]) -> dict[str, str]:
    """A ``key -> string`` map (EEE's ``additional_details``): JSON for what is not already text."""
    return {str(k): v if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str)
            for k, v in values.items() if v is not None}


def _direction(reward: str) -> bool | None:
    """Whether higher values of ``reward`` are better, when its plugin is installed here (``None``: unknown)."""
    try:
        from tabbench.contract.reward import Reward
        from tabbench.host.lookup import load_class

        return bool(load_class("reward", reward, Reward).higher_is_better)
    except Exception:  # not installed here: the export says it does not know
        return None


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _prompt_text(messages: Any) -> str:
    return modeltext.dumps(messages) if messages else ""


def _json(value: Any, where: str, **options: Any) -> str:
    """``value`` as standard JSON (lone surrogates as escapes); a NaN or an infinity in it, which standard JSON
    cannot hold, is a ``DataError`` naming ``where`` (the file and record it came from) and the key."""
    try:
        return modeltext.dumps(value, allow_nan=False, **options)
    except ValueError:
        raise DataError(f"{where}: {_non_finite(value)} (NaN or an infinity, which the standard JSON of an export "
                        "cannot hold)") from None


def _non_finite(value: Any) -> str:
    """``key = value`` of the first NaN or infinity in ``value`` (walked without recursion)."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return f"{key.lstrip('.') or 'the value'} = {item}"
        if isinstance(item, dict):
            stack.extend((f"{key}.{k}", v) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{key}[{i}]", v) for i, v in reversed(list(enumerate(item))))
    return "a number"


# --- Every Eval Ever ---------------------------------------------------------------------------------------


def _eee(run: RunFolder, organization: str, relationship: str, developer: str | None,
         paths: LocalPaths) -> Iterator[tuple[str, str]]:
    config = _config(run)
    model_id, developer = _model(run, config, developer)
    created = _created(run)
    results = run.results
    for benchmark, result in results["benchmarks"].items():
        evaluation_id = f"tabbench/{benchmark}/{model_id}/{int(created.timestamp())}"
        file_uuid = str(uuid.UUID(bytes=hashlib.sha256(
            f"{evaluation_id}\0{run.path.resolve()}".encode()).digest()[:16], version=4))
        folder = f"data/{_PORTABLE.sub('_', benchmark)}/{model_id}"
        rewards = {m["name"]: {**m, "options": paths.values(m.get("options"))}
                   for m in result.get("metric_rewards") or []}
        metrics = {m: s for m, s in (result.get("metrics") or {}).items() if s.get("value") is not None}
        data = result.get("data") or {}  # the result as shared: its data files and options with local paths written
        shown = {**result, "options": paths.values(result.get("options")),
                 "data": {**data, "files": paths.files(data.get("files"), data.get("path"))}}
        records = read_records(run, benchmark)
        statuses = _metric_statuses(records, metrics)
        rows = list(_eee_rows(run, benchmark, records, evaluation_id, model_id, metrics, rewards))
        missing = _missing(run, benchmark)
        samples_file = run.samples_path(benchmark)
        samples = "".join(_json(row, f"{samples_file}: record {row['sample_id']!r}") + "\n" for row in rows)
        aggregate = {
            "schema_version": EEE_VERSION,
            "evaluation_id": evaluation_id,
            "evaluation_timestamp": created.isoformat(),
            "retrieved_timestamp": str(int(created.timestamp())),
            "source_metadata": {"source_name": "tabbench", "source_type": "evaluation_run",
                                "source_organization_name": organization, "evaluator_relationship": relationship},
            "eval_library": {"name": "tabbench", "version": str(results.get("tabbench_version") or "unknown"),
                             "additional_details": _strings({
                                 "plugins": results.get("plugins"), "run_folder": paths.run_folder,
                                 "metrics_without_value": sorted(set(result.get("metrics") or {}) - set(metrics))
                                 or None})},
            "model_info": {"name": _model_argument(run, config, paths), "id": model_id,
                           "developer": developer,
                           "additional_details": {"deployment_type": "unknown", "model_availability": "unknown",
                                                  **_strings({"backend": config.backend,
                                                              **paths.values(results.get("model") or {})})}},
            "evaluation_results": [_eee_result(benchmark, metric, {**summary, "status_counts": statuses.get(metric)},
                                               rewards.get(metric, {}), shown, config, created, missing)
                                   for metric, summary in metrics.items()],
            "detailed_evaluation_results": {
                "format": "jsonl", "file_path": f"{folder}/{file_uuid}_samples.jsonl", "hash_algorithm": "sha256",
                "checksum": _sha256(samples), "total_rows": len(rows)},
        }
        if not rows:
            del aggregate["detailed_evaluation_results"]
        where = f"{run.path / 'results.json'}: {benchmark}"
        file_name = f"{folder}/{file_uuid}.json"
        yield file_name, _valid("aggregate", _json(aggregate, where, indent=2) + "\n", file_name)
        if rows:
            file_name = f"{folder}/{file_uuid}_samples.jsonl"
            yield file_name, _valid("instance", samples, file_name)


def _eee_result(benchmark: str, metric: str, summary: Mapping[str, Any], reward: Mapping[str, Any],
                result: Mapping[str, Any], config: RunConfig, created: datetime, missing: int) -> dict[str, Any]:
    higher = _direction(str(reward.get("reward"))) if reward else None
    uncertainty: dict[str, Any] = {"num_samples": int(summary.get("n") or 0)}
    if summary.get("stderr") is not None:
        uncertainty["standard_error"] = {"value": summary["stderr"], "method": "analytic"}
    return {
        "evaluation_result_id": f"{benchmark}/{metric}",
        "evaluation_name": benchmark,
        "source_data": {"dataset_name": benchmark, "source_type": "other", "additional_details": _strings({
            "benchmark_version": result.get("version"), "split": result.get("split"),
            "data_files_sha256": (result.get("data") or {}).get("files"), "options": result.get("options")})},
        "evaluation_timestamp": created.isoformat(),
        "metric_config": {
            "metric_id": f"tabbench.{reward.get('reward', metric)}", "metric_name": metric,
            "lower_is_better": higher is False,
            "additional_details": _strings({"reward": reward.get("reward"), "reward_version": reward.get(
                "reward_version"), "reward_options": reward.get("options"),
                "primary": metric == (result.get("primary_metric") or {}).get("name"),
                "direction": "known" if higher is not None else "unknown: reward plugin not installed"}),
        },
        "score_details": {"score": summary["value"], "uncertainty": uncertainty,
                          "details": _strings({"n_excluded": summary.get("n_excluded"),
                                               "status_counts": summary.get("status_counts"),
                                               "examples_missing": missing or None})},
        "generation_config": _generation_config(config),
    }


def _generation_config(config: RunConfig) -> dict[str, Any]:
    """EEE's ``generation_config``: the recorded settings where the schema can hold them (a finite temperature and
    top-p, a ``max_tokens`` of at least 1), and every recorded value as text beside them, so a hand-edited or odd
    config (``max_new_tokens`` 0 or null, a temperature that is no number) still exports a valid file."""
    generation = config.generation
    args: dict[str, Any] = {key: value for key, value in (("temperature", generation.temperature),
                                                          ("top_p", generation.top_p))
                            if _finite(value)}
    tokens = generation.max_new_tokens
    if isinstance(tokens, int) and not isinstance(tokens, bool) and tokens >= 1:
        args["max_tokens"] = tokens
    recorded = {"temperature": generation.temperature, "top_p": generation.top_p, "max_tokens": tokens}
    left_out = {f"recorded_{key}": repr(value) for key, value in recorded.items() if key not in args}
    return {"generation_args": args, "additional_details": _strings({
        "samples": generation.n, "vote": config.vote, "seed": generation.seed,
        "environment": config.environment.to_json() if config.environment else None, **left_out})}


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _eee_rows(run: RunFolder, benchmark: str, records: list[dict[str, Any]], evaluation_id: str, model_id: str,
              metrics: Mapping[str, Any], rewards: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """One instance line per sample and metric (the schema's rule: one per aggregate result it counts in)."""
    texts = sample_texts(run, benchmark)
    for record in records:
        text = texts.get(record["id"], {})
        gold = text.get("gold")
        reference = [] if gold is None else [gold if isinstance(gold, str) else json.dumps(gold)]
        question = str(text.get("question") or "")
        transcript = record.get("transcript")
        base: dict[str, Any] = {
            "schema_version": EEE_VERSION, "evaluation_id": evaluation_id, "model_id": model_id,
            "evaluation_name": benchmark, "sample_id": record["id"],
            "sample_hash": _sha256(json.dumps({"raw": question, "reference": reference}, sort_keys=True)),
            "input": {"raw": question, "formatted": _prompt_text(text.get("messages")) or None,
                      "reference": reference},
        }
        if transcript:
            turns = [m for m in transcript.get("messages") or [] if isinstance(m, dict)]
            base.update(interaction_type="agentic", output=None, messages=[
                {"turn_idx": i, "role": str(m.get("role")), "content": _content(m.get("content"))}
                for i, m in enumerate(turns)])
        else:
            base.update(interaction_type="single_turn",
                        output={"raw": [str(c) for c in record.get("completions") or []]}, messages=None)
        for metric in metrics:
            score = (record.get("scores") or {}).get(metric) or {}
            if score.get("value") is None:
                continue  # not applicable (the gold failed): it counts in no aggregate result
            answer = score.get("answer", record.get("answer"))
            evaluation: dict[str, Any] = {"score": score["value"], "is_correct": bool(passed(score.get("status"),
                                                                                          score["value"]))}
            if transcript:
                evaluation.update(num_turns=max(1, int(transcript.get("turns") or 1)),
                                  tool_calls_count=int(transcript.get("tool_calls") or 0))
            yield {
                **base, "evaluation_result_id": f"{benchmark}/{metric}",
                "answer_attribution": [] if answer is None else [{
                    "turn_idx": max(0, len(base.get("messages") or []) - 1) if transcript else 0,
                    "source": "messages[-1].content" if transcript else "output.raw",
                    "extracted_value": str(answer), "extraction_method": str(rewards.get(metric, {}).get(
                        "reward", metric)), "is_terminal": True}],
                "evaluation": evaluation,
                "error": (score.get("details") or {}).get("error") if isinstance(
                    (score.get("details") or {}).get("error"), str) else None,
                "metadata": _strings({**(record.get("meta") or {}), "status": score.get("status"), "metric": metric}),
            }


def _content(content: Any) -> str | None:
    return content if isinstance(content, str) or content is None else json.dumps(content, ensure_ascii=False)


# --- lm-evaluation-harness ---------------------------------------------------------------------------------


def _lm_eval(run: RunFolder, paths: LocalPaths) -> Iterator[tuple[str, str]]:
    results, config = run.results, _config(run)
    model_name = _model_argument(run, config, paths)
    sanitized = re.sub(r"[\"<>:/|\\?*\[\]]+", "__", model_name)  # lm_eval.utils.sanitize_model_name
    created = _created(run)
    date_id = created.isoformat().replace(":", "-")
    aggregate: dict[str, Any] = {"results": {}, "group_subtasks": {}, "configs": {}, "versions": {}, "n-shot": {},
                                 "higher_is_better": {}, "n-samples": {}}
    task_hashes = {}
    for benchmark, result in results["benchmarks"].items():
        filter_name = str(result.get("answer_extractor") or "none")  # lm-eval's filter: how the answer was read
        rows, hashes = _lm_eval_rows(run, benchmark, filter_name, list(result.get("metrics") or {}))
        task_hashes[benchmark] = _sha256("".join(hashes))
        entry: dict[str, Any] = {"alias": benchmark}
        for metric, summary in (result.get("metrics") or {}).items():
            entry[f"{metric},{filter_name}"] = summary.get("value")
            entry[f"{metric}_stderr,{filter_name}"] = "N/A" if summary.get("stderr") is None else summary["stderr"]
        rewards = {m["name"]: m for m in result.get("metric_rewards") or []}
        aggregate["results"][benchmark] = entry
        aggregate["group_subtasks"][benchmark] = []
        aggregate["configs"][benchmark] = {
            "task": benchmark, "dataset_path": paths.path(str((result.get("data") or {}).get("path") or "")) or None,
            "test_split": result.get("split"), "output_type": "generate_until",
            "num_fewshot": config.prompt.few_shot,
            "metric_list": [{"metric": m, "tabbench_reward": r.get("reward"),
                             "reward_options": paths.values(r.get("options"))} for m, r in rewards.items()],
            "metadata": {"version": result.get("version"), "tabbench_options": paths.values(result.get("options"))},
        }
        aggregate["versions"][benchmark] = result.get("version")
        aggregate["n-shot"][benchmark] = config.prompt.few_shot
        aggregate["higher_is_better"][benchmark] = {m: _direction(str(r.get("reward"))) is not False
                                                    for m, r in rewards.items()}
        aggregate["n-samples"][benchmark] = {"original": (result.get("n") or 0) + _missing(run, benchmark),
                                             "effective": len(rows)}
        # the name as lm-eval writes it; one that is not a plain name is sanitised as lm_eval.utils.sanitize_task_name
        task = benchmark if re.fullmatch(r"[\w-]+", benchmark) else re.sub(r"\W", "_", benchmark)
        records = run.samples_path(benchmark)
        yield f"{sanitized}/samples_{task}_{date_id}.jsonl", "".join(
            _json(row, f"{records}: record {row['doc']['id']!r}") + "\n" for row in rows)
    generation = config.generation
    runtime = (results.get("timing") or {}).get("total_seconds")
    aggregate.update({
        "config": {"model": config.backend, "model_args": model_name,
                   "backend_options": paths.values(dict(config.backend_options)), "batch_size": config.batch_size,
                   "limit": config.limit, "gen_kwargs": generation.to_json(),
                   "random_seed": (results.get("seeds") or {}).get("seed", generation.seed)},
        "git_hash": None, "date": created.timestamp(), "task_hashes": task_hashes,
        "model_source": config.backend, "model_name": model_name,
        "model_name_sanitized": sanitized,
        "chat_template_sha": (results.get("model") or {}).get("chat_template_sha256"),
        "system_instruction": config.prompt.system_prompt, "fewshot_as_multiturn": config.prompt.few_shot > 0,
        # the run's wall time, as lm-eval writes its own (a string); none recorded (a merge of shards): null
        "total_evaluation_time_seconds": str(runtime) if isinstance(runtime, int | float) else None,
        "tabbench": {"version": results.get("tabbench_version"), "run_folder": paths.run_folder,
                     "config": paths.config(config.to_json(), _local_model(run))},
    })
    yield f"{sanitized}/results_{date_id}.json", _json(aggregate, str(run.path / "results.json"), indent=2,
                                                       default=str) + "\n"


def _lm_eval_rows(run: RunFolder, benchmark: str, filter_name: str, metrics: list[str]
                  ) -> tuple[list[dict[str, Any]], list[str]]:
    texts = sample_texts(run, benchmark)
    rows, hashes = [], []
    for index, record in enumerate(read_records(run, benchmark)):
        text = texts.get(record["id"], {})
        doc = {"id": record["id"], "question": text.get("question"), **(record.get("meta") or {})}
        target = "" if text.get("gold") is None else str(text["gold"])
        prompt = _prompt_text(text.get("messages"))
        row: dict[str, Any] = {
            "doc_id": index, "doc": doc, "target": target,
            "arguments": {"gen_args_0": {"arg_0": prompt, "arg_1": {}}},
            "resps": [[str(c) for c in record.get("completions") or []]],
            "filtered_resps": [record.get("answer")],
            "filter": filter_name, "metrics": metrics,
            "doc_hash": _sha256(modeltext.dumps(doc, indent=2)),
            "prompt_hash": _sha256(prompt), "target_hash": _sha256(target),
        }
        row.update({m: ((record.get("scores") or {}).get(m) or {}).get("value") for m in metrics})
        rows.append(row)
        hashes.append(row["doc_hash"] + row["prompt_hash"] + row["target_hash"])
    return rows, hashes

