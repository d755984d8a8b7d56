"""``--where KEY=V1,V2`` and ``--where KEY!=V1,V2``: which examples a run uses, the same for eval, score and train.

KEY is ``id`` or a key an example carries in ``meta`` (the breakdown keys: ``db_id``, ``difficulty``,
``hardness``...) or ``fields`` (a scalar: ``db_id``, ``question``...); values compare as text. ``@FILE`` as the
value list reads values one per line (blank lines ignored, UTF-8); the values are resolved when parsed. A listed
filter is recorded with its values; an ``@FILE`` one with the file's path, size and sha256, never its contents
(the file may be anything the user can read, and ``results.json`` is shared), and ``tabbench merge`` reads the
file again and refuses it if it changed. Two runs used the same selection exactly when their recorded ``where``
is equal. Filters AND together and
apply before ``--limit`` and sharding. A benchmark of a suite that has no matching example is left out of the run;
a KEY no example of the run has, or filters that leave no example at all, are usage errors.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.errors import UsageError
from tabbench.contract.types import Example

_EXPRESSION = re.compile(r"^(?P<key>[^=!]+?)\s*(?P<op>!=|=)(?P<values>.*)$", re.DOTALL)


@dataclass(frozen=True)
class Where:
    """One ``--where`` filter: keep (``=``) or drop (``!=``) the examples whose ``key`` is one of ``values``;
    ``file`` is the ``@FILE`` the values were read from, if any, with its ``size`` and ``sha256``."""

    key: str
    keep: bool
    values: tuple[str, ...]
    file: str | None = None
    size: int | None = None
    sha256: str | None = None

    @property
    def text(self) -> str:
        """The filter as it is written on the command line."""
        listed = f"@{self.file}" if self.file is not None else ",".join(self.values)
        return f"{self.key}{'=' if self.keep else '!='}{listed}"

    def matches(self, example: Example) -> bool:
        """Whether the example passes: an example without ``key`` is not one of the values."""
        return (example_value(example, self.key) in self.values) == self.keep

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"key": self.key, "op": "=" if self.keep else "!="}
        if self.file is None:
            return {**record, "values": list(self.values)}
        return {**record, "file": self.file, "size": self.size, "sha256": self.sha256}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, read: bool = True) -> Where:
        """The filter a recorded ``config.where`` entry describes (``tabbench merge`` rebuilds the selection): an
        ``@FILE`` one is read again and must still have the recorded sha256 (runs before it recorded values).
        ``read=False`` takes an ``@FILE`` filter as recorded (path, size, sha256; no values) without opening the
        file, for readers that show or export what a run asked (a run folder may name any file, or a gone one)."""
        keep = data["op"] == "="
        if "values" in data:
            return cls(str(data["key"]), keep, tuple(str(v) for v in data["values"]), data.get("file"))
        if not read:
            size, sha256 = data.get("size"), data.get("sha256")
            return cls(str(data["key"]), keep, (), str(data["file"]), None if size is None else int(size),
                       None if sha256 is None else str(sha256))
        where = parse_where(f"{data['key']}{'=' if keep else '!='}@{data['file']}")
        if where.sha256 != data.get("sha256"):
            raise UsageError(f"--where {where.text}: the file changed since the run used it (sha256 "
                             f"{str(data.get('sha256'))[:12]}..., now {where.sha256[:12]}...)")
        return where


def parse_where(expression: str) -> Where:
    """``KEY=V1,V2``, ``KEY!=V1,V2``, ``KEY=@FILE`` or ``KEY!=@FILE`` as a ``Where``; malformed: ``UsageError``."""
    match = _EXPRESSION.match(expression.strip())
    if match is None or not match["key"].strip():
        raise UsageError(f"--where {expression!r}: expected KEY=V1,V2,... or KEY!=V1,V2,... (or KEY=@FILE)")
    key, keep, listed = match["key"].strip(), match["op"] == "=", match["values"].strip()
    file = None
    if listed.startswith("@"):
        file = listed[1:]
        content = _values_file(expression, file)
        text = _utf8(expression, file, content)
        values = [line.strip() for line in text.splitlines() if line.strip()]
        if not values:
            raise UsageError(f"--where {expression!r}: {file} lists no values")
        return Where(key, keep, tuple(dict.fromkeys(values)), file, len(content), hashlib.sha256(content).hexdigest())
    values = [value.strip() for value in listed.split(",")]
    if not all(values):
        raise UsageError(f"--where {expression!r}: empty value in {listed!r} (expected V1,V2,...)")
    return Where(key, keep, tuple(dict.fromkeys(values)))


#: The most an ``@FILE`` of values may hold (a list of ids; a larger file is a mistake, not a selection).
MAX_VALUES_FILE = 64 * 1024 * 1024


def _values_file(expression: str, file: str) -> bytes:
    path = Path(file).expanduser()
    if not path.is_file():
        raise UsageError(f"--where {expression!r}: no such file {file!r}")
    try:
        if path.stat().st_size > MAX_VALUES_FILE:
            raise UsageError(f"--where {expression!r}: {file} is larger than {MAX_VALUES_FILE // 2**20} MiB "
                             "(expected one value a line)")
        return path.read_bytes()
    except OSError as exc:
        raise UsageError(f"--where {expression!r}: cannot read {file} ({exc.strerror or exc})") from None


def _utf8(expression: str, file: str, content: bytes) -> str:
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = content[:exc.start].count(b"\n") + 1
        raise UsageError(f"--where {expression!r}: {file}:{line} is not UTF-8 text (expected one value a line)") \
            from None
    if "\0" in text:
        raise UsageError(f"--where {expression!r}: {file} holds NUL bytes (expected one value a line of text)")
    return text


def parse_wheres(items: Iterable[str | Where | Mapping[str, Any]]) -> tuple[Where, ...]:
    """Filters given as expressions, ``Where`` objects or recorded ``to_json`` dicts, as ``Where`` objects."""
    return tuple(item if isinstance(item, Where) else parse_where(item) if isinstance(item, str)
                 else Where.from_json(item) for item in items)


def example_value(example: Example, key: str) -> str | None:
    """The example's ``key`` as text: ``id``, then ``meta``, then a scalar in ``fields``; ``None`` when absent."""
    if key == "id":
        return str(example.id)
    if key in example.meta:
        return str(example.meta[key])
    value = example.fields.get(key)
    return None if value is None or isinstance(value, dict | list) else str(value)


def passing(wheres: Sequence[Where], examples: Iterable[Example]) -> list[Example]:
    """The examples that pass every filter, in order: the one place ``--where`` is applied (eval and train)."""
    return [example for example in examples if all(where.matches(example) for where in wheres)]


def _keys(example: Example) -> set[str]:
    return {"id", *example.meta, *(k for k, v in example.fields.items() if v is not None and not isinstance(
        v, dict | list))}


def select_where(wheres: Sequence[Where], examples: Mapping[str, Sequence[Example]]) -> dict[str, list[Example]]:
    """The examples of each benchmark (name -> its examples, in order) that pass every filter.

    A key that no example of any benchmark has, or filters that leave no example at all, raise ``UsageError``;
    a benchmark left with none is the caller's to leave out."""
    if not wheres:
        return {name: list(items) for name, items in examples.items()}
    present: set[str] = set()
    for items in examples.values():
        for example in items:
            present |= _keys(example)
    for where in wheres:
        if where.key not in present:
            raise UsageError(f"--where {where.text}: no example has key {where.key!r} "
                             f"(keys: {', '.join(sorted(present))})")
    kept = {name: passing(wheres, items) for name, items in examples.items()}
    if not any(kept.values()):
        raise UsageError(f"--where {' --where '.join(w.text for w in wheres)}: no example matches "
                         f"(benchmarks: {', '.join(examples)})")
    return kept
