"""A dataset's manifest, ``dataset.toml``: what a folder of the user's own data holds and how it is scored.

TOML because Python 3.11 reads it with no new dependency (``tomllib``), it takes comments (``tabbench datasets
init`` writes a commented manifest the user edits) and it is already the format of ``tabbench.toml``; JSON has no
comments and YAML needs PyYAML. Every problem is one ``ConfigError`` line naming the file and the key.

Keys (``docs/datasets.md`` has the full reference)::

    name = "shop-sql"            # the benchmark's name in runs, boards and the viewer (default: the folder's)
    kind = "text-to-sql"         # or "table-qa"
    scoring = "bird"             # a registered benchmark of that kind whose prompt, answer extraction and
                                 # metric rewards score the dataset (`tabbench datasets init` lists them)
    questions = "questions.jsonl"   # JSONL, JSON (a list) or CSV, one question a row
    databases = "databases"      # text-to-sql: a SQLite/DuckDB file, or a folder of them or of CSV tables
    tables = "tables"            # table-qa: the folder of the CSV tables the rows name
    metrics = ["ex"]             # the scoring benchmark's metrics to report, or NAME=REWARD (default: its primary)
    breakdown = ["difficulty"]   # question columns scores are broken down by
    default_split = "dev"        # the split a run reads when none is named
    description = "..."

    [columns]                    # which column holds what: id, question, answer, db_id, evidence, split, table, title
    answer = "sql"

    [splits]                     # instead of `questions` and a split column: one file per split
    train = "train.jsonl"
    dev = "dev.jsonl"
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from tabbench.contract.errors import ConfigError

MANIFEST = "dataset.toml"
KINDS = ("text-to-sql", "table-qa")
#: Each column role, with the names looked for when the manifest names none (the first present wins).
COLUMNS: dict[str, tuple[str, ...]] = {
    "id": ("id", "question_id", "qid"),
    "question": ("question", "nl", "utterance", "text"),
    "answer": ("sql", "SQL", "query", "gold", "answer"),
    "db_id": ("db_id", "db", "database"),
    "evidence": ("evidence", "hint", "knowledge"),
    "split": ("split",),
    "table": ("table", "table_file", "csv"),
    "title": ("title", "table_title"),
}
#: The roles a question row must fill (the others are optional).
REQUIRED_COLUMNS = ("question", "answer")
_KEYS = {"name": str, "kind": str, "scoring": str, "description": str, "questions": str, "databases": str,
         "tables": str, "metrics": list, "breakdown": list, "default_split": str, "columns": dict, "splits": dict}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_METRIC = re.compile(r"[A-Za-z0-9_.-]+(=[A-Za-z0-9_.:-]+)?")


@dataclass(frozen=True)
class Manifest:
    """A dataset's manifest as read (``read_manifest``): every path resolved against the dataset's folder."""

    path: Path
    name: str
    kind: str
    scoring: str
    description: str = ""
    splits: dict[str, Path] = field(default_factory=dict)  # split -> its questions file (one file per split)
    questions: Path | None = None  # one file for every split (a split column), or none (one split, "all")
    databases: Path | None = None
    tables: Path | None = None
    metrics: tuple[str, ...] = ()
    breakdown: tuple[str, ...] = ()
    default_split: str | None = None
    columns: dict[str, str] = field(default_factory=dict)  # role -> column name, as the manifest names them

    @property
    def folder(self) -> Path:
        return self.path.parent

    def where(self, key: str) -> str:
        """``FILE: KEY`` for an error about ``key``."""
        return f"{self.path}: {key}"

    def question_files(self) -> list[Path]:
        return list(self.splits.values()) if self.splits else [self.questions] if self.questions else []


def manifest_path(folder: Path) -> Path:
    """The manifest of a ``--dataset`` folder (the file itself may be given)."""
    folder = Path(folder).expanduser().resolve()  # recorded as the data path: readable from another folder
    if folder.is_file() and folder.suffix == ".toml":
        return folder
    if not folder.is_dir():
        raise ConfigError(f"--dataset {folder}: no such folder")
    path = folder / MANIFEST
    if not path.is_file():
        raise ConfigError(f"--dataset {folder}: no {MANIFEST} in it (write one with `tabbench datasets init {folder}`)")
    return path


def read_manifest(folder: Path) -> Manifest:
    """The manifest of a dataset folder (``dataset.toml``), every key checked; a bad one is one line naming the
    file and the key."""
    path = manifest_path(folder)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read ({exc})") from None
    for key, value in data.items():
        if key not in _KEYS:
            raise ConfigError(f"{path}: {key}: unknown key (known: {', '.join(_KEYS)})")
        if not isinstance(value, _KEYS[key]):
            raise ConfigError(f"{path}: {key}: expected {_TYPE_NAMES[_KEYS[key]]}, got {value!r}")
    base = path.parent
    name = data.get("name", base.resolve().name)
    if not _NAME.fullmatch(name):
        raise ConfigError(f"{path}: name: {name!r} is not a plain name (letters, digits, '.', '_', '-'; at most 64)")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ConfigError(f"{path}: kind: {'missing' if kind is None else repr(kind)} (expected one of "
                          f"{', '.join(KINDS)})")
    if "scoring" not in data:
        raise ConfigError(f"{path}: scoring: missing (the registered benchmark whose prompt and metrics score a "
                          f"{kind} dataset; `tabbench datasets init` lists them)")
    if "questions" in data and "splits" in data:
        raise ConfigError(f"{path}: splits: give either questions (with a split column) or [splits], not both")
    if "questions" not in data and "splits" not in data:
        raise ConfigError(f"{path}: questions: missing (the questions file, or [splits] with one file per split)")
    splits = {}
    for split, file in (data.get("splits") or {}).items():
        if not isinstance(file, str) or not _NAME.fullmatch(split):
            raise ConfigError(f"{path}: splits.{split}: expected split = \"FILE\" with a plain split name")
        splits[split] = _existing(path, f"splits.{split}", base / file)
    if "splits" in data and not splits:
        raise ConfigError(f"{path}: splits: empty (name one file per split)")
    columns = data.get("columns") or {}
    for role, column in columns.items():
        if role not in COLUMNS:
            raise ConfigError(f"{path}: columns.{role}: unknown column role (known: {', '.join(COLUMNS)})")
        if not isinstance(column, str) or not column:
            raise ConfigError(f"{path}: columns.{role}: expected a column name, got {column!r}")
    source = "databases" if kind == "text-to-sql" else "tables"
    other = "tables" if kind == "text-to-sql" else "databases"
    if source not in data:
        raise ConfigError(f"{path}: {source}: missing (a {kind} dataset needs its {source})")
    if other in data:
        raise ConfigError(f"{path}: {other}: not used by a {kind} dataset (it reads {source})")
    for key in ("metrics", "breakdown"):
        if not all(isinstance(item, str) and item for item in data.get(key, [])):
            raise ConfigError(f"{path}: {key}: expected a list of names")
    bad = next((m for m in data.get("metrics", []) if not _METRIC.fullmatch(m)), None)
    if bad is not None:
        raise ConfigError(f"{path}: metrics: {bad!r} is not METRIC or NAME=REWARD")
    return Manifest(
        path=path, name=name, kind=kind, scoring=data["scoring"], description=data.get("description", ""),
        splits=splits, questions=_existing(path, "questions", base / data["questions"]) if "questions" in data
        else None,
        databases=_existing(path, "databases", base / data["databases"]) if "databases" in data else None,
        tables=_existing(path, "tables", base / data["tables"]) if "tables" in data else None,
        metrics=tuple(data.get("metrics", ())), breakdown=tuple(data.get("breakdown", ())),
        default_split=data.get("default_split"), columns=dict(columns),
    )


def _existing(manifest: Path, key: str, path: Path) -> Path:
    if not path.exists():
        raise ConfigError(f"{manifest}: {key}: {path} does not exist")
    return path


_TYPE_NAMES: dict[type, str] = {str: "text", list: "a list", dict: "a table"}

