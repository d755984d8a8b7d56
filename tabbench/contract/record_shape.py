"""The shape a sample record line must have before any reader uses it.

Records are read back from folders someone else wrote (``view``, ``compare``, ``merge``, ``--resume``), so each
field a reader touches is checked for its JSON type first; a wrong one is reported as damage to that line (one
line naming the file, the line and the field) instead of failing later as a ``TypeError`` deep in a reader.
Fields a record lacks stay absent: records of older or newer tabbench show what they have.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from tabbench.contract.types import SampleRecord

_NUMBER = (int, float)

#: field -> the JSON types it may have (``None`` is always allowed except for ``id``).
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "id": (str, int), "prompt_hash": (str,), "status": (str,), "score": _NUMBER, "scores": (dict,),
    "meta": (dict,), "completions": (list,), "answer": (str,), "transcript": (dict,), "sample_scores": (list,),
    "answers": (dict,), "vote": (dict,), "generation": (dict,), "usage": (dict,),
}
#: The counts a record's ``usage`` may hold (``tabbench.Usage``), each a whole number >= 0.
USAGE_COUNTS = ("prompt_tokens", "completion_tokens", "reasoning_tokens")


def shape_problem(record: Any) -> str | None:
    """Why ``record`` (a parsed JSON line) is not a usable sample record, or ``None`` when it is."""
    if not isinstance(record, dict):
        return f"not a sample record (a JSON {type(record).__name__}, not an object)"
    if "id" not in record or record["id"] is None:
        return "not a sample record (no 'id')"
    for key, types in FIELD_TYPES.items():
        value = record.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, types)):
            return f"field {key!r} is a JSON {type(value).__name__}, not {' or '.join(_name(t) for t in types)}"
    for name, score in (record.get("scores") or {}).items():
        if not isinstance(score, dict):
            return f"scores.{name} is not an object"
        problem = _score_problem(score)
        if problem:
            return f"scores.{name}.{problem}"
    if any(not isinstance(c, str) for c in record.get("completions") or []):
        return "field 'completions' holds something other than text"
    if any(v is not None and (isinstance(v, bool) or not isinstance(v, _NUMBER)) for v in record.get("sample_scores")
           or []):
        return "field 'sample_scores' holds something other than numbers"
    if any(not isinstance(v, str | int | float) or isinstance(v, bool) for v in (record.get("meta") or {}).values()):
        return "field 'meta' holds something other than text"
    usage = record.get("usage") or {}
    for key in USAGE_COUNTS:
        value = usage.get(key)
        if (value is not None or (usage and key != "reasoning_tokens")) and not _count(value):
            return f"field 'usage.{key}' is not a count"
    if set(usage) - set(USAGE_COUNTS):
        return f"field 'usage.{sorted(set(usage) - set(USAGE_COUNTS))[0]}' is not one a usage has"
    return _transcript_problem(record.get("transcript") or {})


#: What a record of this tabbench always holds (``SampleRecord``'s fields without a default; ``answer`` and
#: ``score`` may be ``null``), and every field it may hold.
REQUIRED = ("prompt_hash", "completions", "status", "scores")
NULLABLE = ("answer", "score")
KNOWN = frozenset(f.name for f in fields(SampleRecord))


def typed_problem(record: Any) -> str | None:
    """Why ``record`` cannot be read as a ``SampleRecord`` (what the run store, rescore and merge compute with):
    ``shape_problem``, a required field missing or ``null`` (``"scores": null``), or a field it does not know."""
    problem = shape_problem(record)
    if problem:
        return problem
    missing = next((k for k in REQUIRED if record.get(k) is None), None) or next(
        (k for k in NULLABLE if k not in record), None)
    if missing:
        return f"field {missing!r} is missing or null"
    unknown = sorted(set(record) - KNOWN)
    if unknown:
        return f"field {unknown[0]!r} is not one a sample record has"
    return None


def _transcript_problem(transcript: dict[str, Any]) -> str | None:
    """An agent rollout's ``messages`` (a list of objects) and its counts (``turns``, ``tool_calls``,
    ``tool_errors``: whole numbers), which the viewer lists and exports count."""
    messages = transcript.get("messages")
    if messages is not None and (not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages)):
        return "field 'transcript.messages' is not a list of objects"
    for key in ("turns", "tool_calls", "tool_errors"):
        value = transcript.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            return f"field 'transcript.{key}' is not a count"
    return None


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _score_problem(score: dict[str, Any]) -> str | None:
    for key, types in (("status", (str,)), ("value", _NUMBER), ("details", (dict,)), ("answer", (str,))):
        value = score.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, types)):
            return f"{key} is a JSON {type(value).__name__}, not {' or '.join(_name(t) for t in types)}"
    return None


def _name(kind: type) -> str:
    return {"str": "text", "int": "integer", "float": "number", "dict": "object", "list": "array"}[kind.__name__]
