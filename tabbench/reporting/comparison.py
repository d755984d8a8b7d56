"""What the compare page and ``tabbench compare`` show beyond the flip counts: the flipped samples themselves
(question, both answers, gold, what failed) and, per breakdown bucket (difficulty, hardness, database, ...),
each run's score, the difference and the bucket's own paired test; and the whole benchmark's difference in points
with its 95% confidence interval clustered by database (``tabbench.reporting.intervals``).

A bucket is a value of a breakdown key in the baseline's records (the benchmark's ``breakdown_keys``, plus
``db_id`` where records carry it); its score in each run is the mean of the primary metric over the bucket's
paired samples, those both runs hold and both scored (not applicable ones left out, as in ``results.json``), so
the two means are over the same questions; its flips and McNemar p come from ``tabbench.reporting.paired.flips``
on the bucket's samples alone, the same rule as the whole benchmark's. With many buckets some p values are small
by chance: they are per-bucket tests, not corrected for multiplicity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabbench.evaluation.runfolder import RunFolder, read_records, sample_texts
from tabbench.reporting.intervals import clustered_interval, databases, paired_items
from tabbench.reporting.paired import Flips, flips, verdicts

DATABASE_KEY = "db_id"  # a meta key most SQL benchmarks record: the database bucket
SHORT = 300  # characters of question, answers and gold in the flipped list


def _short(text: Any) -> str | None:
    if text is None:
        return None
    text = text if isinstance(text, str) else str(text)
    return text if len(text) <= SHORT else text[:SHORT] + "…"


def breakdown_keys(a: RunFolder, benchmark: str, records: Sequence[Mapping[str, Any]]) -> list[str]:
    """The keys to bucket by: those the baseline's results break down by, then ``db_id`` when records carry it."""
    keys = list(a.result(benchmark).get("breakdown") or {})
    if DATABASE_KEY not in keys and any(DATABASE_KEY in (r.get("meta") or {}) for r in records):
        keys.append(DATABASE_KEY)
    return keys


def buckets(a: RunFolder, b: RunFolder, benchmark: str, records_a: Sequence[Mapping[str, Any]],
            records_b: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per breakdown key and level that has paired samples (``n``: in both runs, scored in both): each run's
    primary score over those same samples, the difference (b - a), flips and p, and the bucket's samples of ``a``
    left out (``unpaired``: not in ``b``, or not applicable in either run). Two means over different samples would
    mix a change of model with a change of questions."""
    by_id_b = {r["id"]: r for r in records_b}
    out = []
    for key in breakdown_keys(a, benchmark, records_a):
        levels: dict[str, list[Mapping[str, Any]]] = {}
        for record in records_a:
            levels.setdefault(str((record.get("meta") or {}).get(key, "unknown")), []).append(record)
        for level, group in sorted(levels.items()):
            pairs = [(r, by_id_b[r["id"]]) for r in group if r["id"] in by_id_b]
            pairs = [(x, y) for x, y in pairs if x.get("score") is not None and y.get("score") is not None]
            if not pairs:
                continue  # nothing to compare: the bucket's samples are counted in the benchmark's unpaired
            score_a = sum(x["score"] for x, _ in pairs) / len(pairs)
            score_b = sum(y["score"] for _, y in pairs) / len(pairs)
            found = flips(benchmark, a.name, b.name, verdicts(group), verdicts(y for _, y in pairs))
            out.append({"key": key, "level": level, "n": len(pairs), "unpaired": len(group) - len(pairs),
                        "paired": found.paired, "score_a": score_a, "score_b": score_b,
                        "delta": score_b - score_a,
                        "n_up": len(found.up), "n_down": len(found.down), "p": found.p})
    return out


def failure(record: Mapping[str, Any] | None) -> str | None:
    """What failed in a run's sample, in words: the comparison rule that alone tells the results apart
    (``differs only by row order``), else the primary metric's status with its error or the two results' shapes
    (``mismatch: 0 rows vs gold 1 row``)."""
    if record is None:
        return None
    primary = next((s for s in (record.get("scores") or {}).values()
                    if isinstance(s, dict) and s.get("status") == record.get("status")
                    and s.get("value") == record.get("score")), {})
    details = primary.get("details") if isinstance(primary.get("details"), dict) else {}
    if details.get("differs_by"):
        return f"differs only by {details['differs_by']}"
    error, pred, gold = details.get("error"), details.get("pred_result"), details.get("gold_result")
    if isinstance(error, str):
        return f"{record.get('status')}: {error}"
    if isinstance(pred, dict) and isinstance(gold, dict):
        return f"{record.get('status')}: {_shape(pred, gold)}"
    return str(record.get("status"))


def _shape(pred: Mapping[str, Any], gold: Mapping[str, Any]) -> str:
    """``3 rows vs gold 1 row`` (with the columns when they differ in number)."""
    def rows(result: Mapping[str, Any]) -> str:
        n = result.get("n_rows")
        return f"{n} row{'' if n == 1 else 's'}"

    text = f"{rows(pred)} vs gold {rows(gold)}"
    if pred.get("n_columns") != gold.get("n_columns"):
        text += f", {pred.get('n_columns')} vs {gold.get('n_columns')} columns"
    return text


def flipped(found: Flips, records_a: Sequence[Mapping[str, Any]], records_b: Sequence[Mapping[str, Any]],
            texts: Mapping[str, Mapping[str, Any]], limit: int | None = None) -> list[dict[str, Any]]:
    """The flipped samples (fail -> pass, then pass -> fail; the first ``limit``), each with its question, both
    answers, the gold and what failed in the run that failed it."""
    by_a, by_b = {r["id"]: r for r in records_a}, {r["id"]: r for r in records_b}
    out = []
    for direction, ids in (("up", found.up), ("down", found.down)):
        for sample_id in ids[:None if limit is None else max(0, limit - len(out))]:
            a, b = by_a.get(sample_id), by_b.get(sample_id)
            text = texts.get(sample_id) or {}
            out.append({"id": sample_id, "direction": direction, "question": _short(text.get("question")),
                        "gold": _short(text.get("gold")), "answer_a": _short((a or {}).get("answer")),
                        "answer_b": _short((b or {}).get("answer")), "meta": (a or {}).get("meta") or {},
                        "failed": failure(a if direction == "up" else b)})
    return out


def details(a: RunFolder, b: RunFolder, found: Flips, records_a: Sequence[Mapping[str, Any]] | None = None,
            records_b: Sequence[Mapping[str, Any]] | None = None,
            texts: Mapping[str, Mapping[str, Any]] | None = None, limit: int | None = None) -> dict[str, Any]:
    """``{"buckets": ..., "flipped": ..., "difference": ...}`` of ``found``'s benchmark (records and texts read
    here unless given; ``limit``: at most that many flipped samples)."""
    name = found.benchmark
    records_a = read_records(a, name) if records_a is None else records_a
    records_b = read_records(b, name) if records_b is None else records_b
    texts = sample_texts(a, name) if texts is None else texts
    return {"buckets": buckets(a, b, name, records_a, records_b),
            "flipped": flipped(found, records_a, records_b, texts, limit),
            "difference": difference(records_a, records_b)}


def difference(records_a: Sequence[Mapping[str, Any]], records_b: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """B - A in points on the paired samples with its 95% confidence interval, clustered by database where every
    record names one, else by sample (``intervals.Interval.to_json``); ``None`` with fewer than two clusters."""
    items, by = paired_items([(verdicts(records_a), verdicts(records_b))], databases(records_a))
    interval = clustered_interval(items, by)
    return None if interval is None else interval.to_json()
