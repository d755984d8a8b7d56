"""The official TableBench result tables (``llm_eval_subtype_results`` and ``llm_eval_type_results``) rebuilt
from tabbench's per-sample scores, with switches for the official script's non-deterministic and buggy parts.

``official_tables(samples, rouge="mean", pass_as_fraction=False)``: ``samples`` are dicts with ``qtype``,
``qsubtype``, ``instruction_type`` and ``scores`` (``{metric: {"value", "status", "details"}}`` as in sample
records). Only aggregation happens here: every number is a mean (or, for ROUGE-L with ``rouge="bootstrap"``, a
bootstrap median) of the per-sample values the benchmark's reward plugins recorded (``em``, ``em_within_2``,
``em_within_5``, ``em_within_10``, ``rouge_l``, ``parsed``, ``pot_ecr``, ``chart_pass``, ``chart_ecr``); no
metric is recomputed from answer strings. Numbers are rounded to 2 places at the same points as the official
script (sub-scores are rounded before they are mixed). ``rouge="bootstrap"`` resamples the recorded ROUGE-L
values exactly as rouge-score's ``BootstrapAggregator`` does (its ``mid``, the official aggregate; seeded here,
unseeded officially); ``pass_as_fraction=True`` reproduces the Overall mix bug that adds Pass@1 as a 0-1
fraction to 0-100 scores.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabbench_tablebench.benchmark import EM10_SUBTYPES, QTYPES

BOOTSTRAP_SAMPLES = 1000  # rouge-score's BootstrapAggregator default, as the official script uses it


def _value(sample: Mapping[str, Any], metric: str) -> float:
    """The recorded value of ``metric`` (0 where the reward gave none); a sample scored without it is an error."""
    if metric not in sample["scores"]:
        raise ValueError(f"sample has no {metric!r} score: the official tables need every tablebench metric "
                         f"(re-score the run with this version)")
    value = sample["scores"][metric].get("value")
    return float(value) if value is not None else 0.0


def _pct(values: Sequence[float]) -> float:
    return round(sum(values) / len(values) * 100, 2) if values else 0.0


def _mean(samples: Sequence[Mapping[str, Any]], metric: str) -> float:
    return _pct([_value(s, metric) for s in samples])


def bootstrap_median(values: Sequence[float], *, n_samples: int = BOOTSTRAP_SAMPLES, seed: int | None = 0) -> float:
    """The median of ``n_samples`` resampled means of ``values``: rouge-score's ``BootstrapAggregator`` mid,
    drawing the same indices from the same seed (``None``: unseeded, as the official script)."""
    import numpy as np

    if not values:
        return 0.0
    matrix = np.asarray(values, dtype=float)
    rng = np.random.RandomState(seed)
    means = [matrix[rng.choice(np.arange(len(matrix)), size=len(matrix))].mean() for _ in range(n_samples)]
    return float(np.percentile(means, 50))


def _rouge(samples: Sequence[Mapping[str, Any]], rouge: str, seed: int | None) -> float:
    if not samples:
        return 0.0
    if rouge == "bootstrap":
        return round(bootstrap_median([_value(s, "rouge_l") for s in samples], seed=seed) * 100, 2)
    return _mean(samples, "rouge_l")


def _text_block(samples: Sequence[Mapping[str, Any]], rouge: str, seed: int | None, pot: bool) -> dict[str, Any]:
    block: dict[str, Any] = {
        "EM": _mean(samples, "em"),
        "EM_with_error_2": _mean(samples, "em_within_2"),
        "EM_with_error_5": _mean(samples, "em_within_5"),
        "EM_with_error_10": _mean(samples, "em_within_10"),
        "ROUGE-L": _rouge(samples, rouge, seed),
        "total": len(samples),
    }
    if pot:
        block["ECR@1"] = _mean(samples, "pot_ecr")
    block["Parse@1"] = _mean(samples, "parsed")
    return block


def _chart_block(samples: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {"total": len(samples), "ECR@1": _mean(samples, "chart_ecr"), "Pass@1": _mean(samples, "chart_pass"),
            "Parse@1": _mean(samples, "parsed")}


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
            parts = [(_mean(em_part, "em"), len(em_part)), (_mean(em10_part, "em_within_10"), len(em10_part)),
                     (_rouge(rouge_part, rouge, seed), len(rouge_part))]
            block["Mix_Metric"] = round(sum(v * n for v, n in parts) / max(1, sum(n for _, n in parts)), 2)
        types[qtype] = block
    em_part, em10_part, rouge_part = _da_parts(by_type.get("DataAnalysis", []))
    em_all = by_type.get("FactChecking", []) + by_type.get("NumericalReasoning", []) + em_part
    charts = by_type.get("Visualization", [])
    pass_rate = sum(_value(s, "chart_pass") for s in charts) / len(charts) if charts else 0.0
    parts = [(_mean(em_all, "em"), len(em_all)), (_mean(em10_part, "em_within_10"), len(em10_part)),
             (_rouge(rouge_part, rouge, seed), len(rouge_part)),
             (pass_rate if pass_as_fraction else round(pass_rate * 100, 2), len(charts))]
    overall: dict[str, Any] = {"Mix_Metric": round(sum(v * n for v, n in parts) / max(1, sum(n for _, n in parts)), 2),
                               "Parse@1": _mean(samples, "parsed")}
    if pot:
        overall["ECR@1"] = _pct([_value(s, "chart_ecr" if s["qtype"] == "Visualization" else "pot_ecr")
                                 for s in samples])
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
