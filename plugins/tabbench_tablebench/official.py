"""The official TableBench result tables (``llm_eval_subtype_results`` and ``llm_eval_type_results``) rebuilt
from tabbench's per-sample scores, with switches for the official script's non-deterministic and buggy parts.

``official_tables(samples, rouge="mean", pass_as_fraction=False)``: ``samples`` are dicts with ``qtype``,
``qsubtype``, ``instruction_type`` and ``scores`` (``{metric: {"value", "status", "details"}}`` as in sample
records). Every number is rounded to 2 places at the same points as the official script (sub-scores are
rounded before they are mixed). ``rouge="bootstrap"`` uses rouge-score's BootstrapAggregator mid (the official
aggregate; seeded here, unseeded officially); ``pass_as_fraction=True`` reproduces the Overall mix bug that
adds Pass@1 as a 0-1 fraction to 0-100 scores. Only aggregation happens here: per-sample values come from the
reward plugins (EM within 2% and 5%, shown in the official tables only, use the same helper as em-within-10).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabbench_tableqa_rewards import answers

from tabbench_tablebench.benchmark import EM10_SUBTYPES, QTYPES

_PARSED = {"match", "mismatch", "partial"}


def _value(sample: Mapping[str, Any], metric: str) -> float:
    value = sample["scores"].get(metric, {}).get("value")
    return float(value) if value is not None else 0.0


def _details(sample: Mapping[str, Any], metric: str) -> dict[str, Any]:
    return dict(sample["scores"].get(metric, {}).get("details") or {})


def _pct(values: Sequence[float]) -> float:
    return round(sum(values) / len(values) * 100, 2) if values else 0.0


def _pair(sample: Mapping[str, Any]) -> tuple[str, str]:
    details = _details(sample, "em")
    return str(details.get("gold", "")), str(details.get("pred") or "")


def _rouge(samples: Sequence[Mapping[str, Any]], rouge: str, seed: int | None) -> float:
    if not samples:
        return 0.0
    if rouge == "bootstrap":
        return round(answers.bootstrap_rouge_l([_pair(s) for s in samples], seed=seed) * 100, 2)
    return _pct([_value(s, "rouge_l") for s in samples])


def _tolerance(samples: Sequence[Mapping[str, Any]], pct: float) -> float:
    return _pct([answers.em_tolerance_score(*_pair(s), pct) if _pair(s)[1] else 0.0 for s in samples])


def _parsed(sample: Mapping[str, Any]) -> bool:
    metric = "chart_pass" if sample["qtype"] == "Visualization" else "em"
    if sample["qtype"] == "Visualization":
        return sample["scores"].get(metric, {}).get("status") in _PARSED
    return _details(sample, "em").get("answer") not in (None, "")


def _ecr(sample: Mapping[str, Any]) -> bool:
    metric = "chart_ecr" if sample["qtype"] == "Visualization" else "em"
    return bool(_details(sample, metric).get("ecr"))


def _text_block(samples: Sequence[Mapping[str, Any]], rouge: str, seed: int | None, pot: bool) -> dict[str, Any]:
    block: dict[str, Any] = {
        "EM": _pct([_value(s, "em") for s in samples]),
        "EM_with_error_2": _tolerance(samples, 2),
        "EM_with_error_5": _tolerance(samples, 5),
        "EM_with_error_10": _pct([_value(s, "em_within_10") for s in samples]),
        "ROUGE-L": _rouge(samples, rouge, seed),
        "total": len(samples),
    }
    if pot:
        block["ECR@1"] = _pct([float(_ecr(s)) for s in samples])
    block["Parse@1"] = _pct([float(_parsed(s)) for s in samples])
    return block


def _chart_block(samples: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {"total": len(samples), "ECR@1": _pct([float(_ecr(s)) for s in samples]),
            "Pass@1": _pct([_value(s, "chart_pass") for s in samples]),
            "Parse@1": _pct([float(_parsed(s)) for s in samples])}


def official_tables(samples: Iterable[Mapping[str, Any]], *, rouge: str = "mean", pass_as_fraction: bool = False,
                    seed: int | None = 0) -> dict[str, Any]:
    """``{"<instruction_type>": {"subtype": {...}, "type": {...}, "csv": {...}}}`` as the official JSON/CSV."""
    if rouge not in ("mean", "bootstrap"):
        raise ValueError("rouge must be 'mean' or 'bootstrap'")
    by_method: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for sample in samples:
        by_method[str(sample.get("instruction_type", "DP"))].append(sample)
    return {method: _tables(group, rouge, pass_as_fraction, seed, method == "PoT")
            for method, group in by_method.items()}


def _tables(samples: list[Mapping[str, Any]], rouge: str, pass_as_fraction: bool, seed: int | None,
            pot: bool) -> dict[str, Any]:
    by_subtype: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    by_type: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for sample in samples:
        by_subtype[f"{sample['qtype']}_{sample['qsubtype']}"].append(sample)
        by_type[str(sample["qtype"])].append(sample)
    subtype = {key: _chart_block(group) if key.startswith("Visualization_") else _text_block(group, rouge, seed, pot)
               for key, group in by_subtype.items()}
    types: dict[str, Any] = {}
    for qtype in QTYPES:
        group = by_type.get(qtype, [])
        if not group:
            continue
        if qtype == "Visualization":
            block = _chart_block(group)
            block.pop("Parse@1")
            types[qtype] = block
            continue
        block = _text_block(group, rouge, seed, pot)
        if qtype == "DataAnalysis":
            em_part, em10_part, rouge_part = _da_parts(group)
            parts = [(_pct([_value(s, "em") for s in em_part]), len(em_part)),
                     (_pct([_value(s, "em_within_10") for s in em10_part]), len(em10_part)),
                     (_rouge(rouge_part, rouge, seed), len(rouge_part))]
            block["Mix_Metric"] = round(sum(v * n for v, n in parts) / max(1, sum(n for _, n in parts)), 2)
        types[qtype] = block
    em_part, em10_part, rouge_part = _da_parts(by_type.get("DataAnalysis", []))
    em_all = by_type.get("FactChecking", []) + by_type.get("NumericalReasoning", []) + em_part
    charts = by_type.get("Visualization", [])
    pass_rate = sum(_value(s, "chart_pass") for s in charts) / len(charts) if charts else 0.0
    parts = [(_pct([_value(s, "em") for s in em_all]), len(em_all)),
             (_pct([_value(s, "em_within_10") for s in em10_part]), len(em10_part)),
             (_rouge(rouge_part, rouge, seed), len(rouge_part)),
             (pass_rate if pass_as_fraction else round(pass_rate * 100, 2), len(charts))]
    overall: dict[str, Any] = {"Mix_Metric": round(sum(v * n for v, n in parts) / max(1, sum(n for _, n in parts)), 2),
                               "Parse@1": _pct([float(_parsed(s)) for s in samples])}
    if pot:
        overall["ECR@1"] = _pct([float(_ecr(s)) for s in samples])
    types["Overall"] = overall
    csv_subtype = {key: _pick(key, block) for key, block in subtype.items()}
    csv_type = {key: block.get("Pass@1") if key == "Visualization" else block.get("Mix_Metric", block.get("EM"))
                for key, block in types.items()}
    return {"subtype": subtype, "type": types, "csv": {"subtype": csv_subtype, "type": csv_type}}


def _da_parts(group: Sequence[Mapping[str, Any]]) -> tuple[list[Any], list[Any], list[Any]]:
    em = [s for s in group if s["qsubtype"] == "ImpactAnalysis"]
    em10 = [s for s in group if s["qsubtype"] in EM10_SUBTYPES]
    rest = [s for s in group if s["qsubtype"] != "ImpactAnalysis" and s["qsubtype"] not in EM10_SUBTYPES]
    return em, em10, rest


def _pick(key: str, block: Mapping[str, Any]) -> float:
    qtype, _, subtype = key.partition("_")
    if qtype == "Visualization":
        return block["Pass@1"]
    if qtype in ("FactChecking", "NumericalReasoning") or subtype == "ImpactAnalysis":
        return block["EM"]
    return block["EM_with_error_10"] if subtype in EM10_SUBTYPES else block["ROUGE-L"]
