"""Model-written text and JSON, handled so that nothing a policy writes can crash the host.

A policy under RL writes whatever earns reward: lone surrogates (``"\\ud800"`` in a JSON string decodes to a
code point that UTF-8 cannot encode), NUL bytes, JSON nested thousands of levels deep (``json.loads`` then
raises ``RecursionError``, not ``ValueError``), megabytes of arguments. Three rules keep it data:

- ``loads`` reads JSON or raises ``ValueError``, whatever the text (nesting deeper than ``MAX_DEPTH`` included);
- ``valid_text`` / ``valid_json`` give what a tokenizer or a server is handed: lone surrogates replaced by
  U+FFFD, nesting capped (a Rust tokenizer and HTTP JSON refuse lone surrogates);
- ``dumps`` writes records losslessly and portably: valid UTF-8, lone surrogates as ``\\udXXX`` escapes, so a
  record reads back equal (one exception, JSON's own: a high surrogate followed by a low one reads back as the
  one character the pair encodes).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

#: Deepest nesting of model-written JSON the host accepts (tool arguments need a few levels).
MAX_DEPTH = 64
#: What ``valid_json`` puts in place of a value nested deeper than ``MAX_DEPTH``.
TOO_DEEP = f"[nested deeper than {MAX_DEPTH} levels]"

_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD: valid Unicode any encoder and tokenizer accept."""
    return _SURROGATE.sub("\ufffd", text)


def utf8_size(text: str) -> int:
    """The UTF-8 length of ``text``, lone surrogates counted as the three bytes they take when escaped raw."""
    return len(text.encode("utf-8", "surrogatepass"))


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value``'s lists and dicts nest (0 for a scalar), counted without recursion and stopping once
    past ``limit`` (so a self-containing list costs nothing)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list | tuple) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def loads(text: str | bytes) -> Any:
    """``json.loads`` that raises only ``ValueError``: for text that is not JSON, and for JSON nested deeper than
    ``MAX_DEPTH`` (which ``json.loads`` itself may answer with ``RecursionError``)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    if depth(value) > MAX_DEPTH:
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")
    return value


def valid_json(value: Any, text: Callable[[str], str] = valid_text, limit: int = MAX_DEPTH,
               other: Callable[[Any], Any] | None = None) -> Any:
    """A copy of ``value`` that any JSON encoder, tokenizer or server takes: strings through ``text`` (lone
    surrogates replaced), dict keys as strings, what lies deeper than ``limit`` replaced by ``TOO_DEEP``, and
    anything else that is not JSON through ``other`` (default: its ``repr``, cut to 1000 characters)."""
    if isinstance(value, str):
        return text(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if limit <= 0 and isinstance(value, dict | list | tuple):
        return TOO_DEEP
    if isinstance(value, dict):
        return {text(str(k)): valid_json(v, text, limit - 1, other) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [valid_json(v, text, limit - 1, other) for v in value]
    return other(value) if other is not None else text(_safe_repr(value)[:1000])


def _safe_repr(value: Any) -> str:
    try:
        return repr(value)
    except Exception as exc:  # a hostile object's __repr__
        return f"<{type(value).__name__}: unprintable ({type(exc).__name__})>"


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


_NON_FINITE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|-?Infinity|NaN')  # a JSON string (kept) or a token to replace


def dumps_shown(data: Any, **kwargs: Any) -> str:
    """``dumps`` for JSON that is shown or handed to other tools (the viewer's data, ``compare --json``): NaN and
    the infinities, which Python's json reads from a run folder, are written as ``null`` (as JavaScript's
    ``JSON.stringify`` writes them), so any strict reader takes it. Tokens are replaced in the text, not the value:
    no recursion of our own however deep the value."""
    try:
        return dumps(data, allow_nan=False, **kwargs)
    except ValueError:
        return _NON_FINITE.sub(lambda m: m[0] if m[0][0] == '"' else "null", dumps(data, **kwargs))


def dumps(data: Any, **kwargs: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, **kwargs)`` with lone surrogates written as ``\\udXXX`` escapes:
    valid UTF-8 that ``json.loads`` reads back equal. (Outside strings JSON is ASCII, so every surrogate is
    inside a string literal, where the escape is valid.)"""
    return _SURROGATE.sub(_escape, json.dumps(data, ensure_ascii=False, **kwargs))


def printable(text: str) -> str:
    """``text`` shown as it reads: a control or format character (ESC, BEL, a carriage return, a bidi override:
    from a run folder, it would start a terminal's escape sequence or break a markdown table) as its Python escape,
    everything else as it is. The CLI prints run-folder text through it, and boards write it through it."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
