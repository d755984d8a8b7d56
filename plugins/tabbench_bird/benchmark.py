"""The ``bird`` benchmark: BIRD dev, train and Mini-Dev in the official layout, scored like bird-bench."""

from __future__ import annotations

import sqlite3
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from tabbench import (
    Benchmark,
    ConfigError,
    DataError,
    Example,
    Message,
    MetricSpec,
    Option,
    first_jsonl_object,
    read_jsonl_predictions,
)
from tabbench.sql import for_database, read_tables, resolve_dsn, server_kind, sql_extractor, sqlite_ddl
from tabbench_bird.data import (
    DIALECTS,
    TABLE_KEYS,
    official_entries,
    read_descriptions,
    read_gold_file,
    read_predictions_file,
    read_questions,
    write_predictions_file,
)

SYSTEM_PROMPT = (
    "You are a data analyst who writes SQL. Answer the question with exactly one {dialect} query in a ```sql "
    "code block. Use the evidence: it explains how the question maps onto the schema."
)
_DIALECT_NAMES = {"sqlite": "SQLite", "mysql": "MySQL", "postgresql": "PostgreSQL"}


@dataclass(frozen=True)
class SplitLayout:
    questions: tuple[str, ...]
    gold: tuple[str, ...]
    tables: str
    databases: str


def layout(split: str, dialect: str) -> SplitLayout:
    if split == "dev":
        return SplitLayout(("dev.json",), ("dev.sql", "dev_gold.sql"), "dev_tables.json", "dev_databases")
    if split == "train":
        return SplitLayout(("train.json",), ("train_gold.sql", "train.sql"), "train_tables.json", "train_databases")
    stem = f"mini_dev_{dialect}"
    return SplitLayout((f"{stem}.json", f"{stem}.jsonl"), (f"{stem}_gold.sql",), "dev_tables.json", "dev_databases")


def _quote(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def ddl_from_tables_json(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """(table, CREATE TABLE) pairs rebuilt from ``*_tables.json`` (types, primary and foreign keys)."""
    tables = entry["table_names_original"]
    names = entry["column_names_original"]
    types = entry["column_types"]
    columns: dict[int, list[str]] = {i: [] for i in range(len(tables))}
    primary: dict[int, list[str]] = {i: [] for i in range(len(tables))}
    for key in entry.get("primary_keys", []):
        for column in key if isinstance(key, list) else [key]:
            t, name = names[column]
            primary[t].append(_quote(name))
    for k, (t, name) in enumerate(names):
        if t >= 0:
            columns[t].append(f"  {_quote(name)} {str(types[k]).upper()}")
    foreign: dict[int, list[str]] = {i: [] for i in range(len(tables))}
    for a, b in entry.get("foreign_keys", []):
        (ta, ca), (tb, cb) = names[a], names[b]
        foreign[ta].append(f"  FOREIGN KEY ({_quote(ca)}) REFERENCES {_quote(tables[tb])}({_quote(cb)})")
    out = []
    for i, table in enumerate(tables):
        body = columns[i] + ([f"  PRIMARY KEY ({', '.join(primary[i])})"] if primary[i] else []) + foreign[i]
        out.append((table, f"CREATE TABLE {_quote(table)} (\n" + ",\n".join(body) + "\n);"))
    return out


@lru_cache(maxsize=128)
def _sample_rows(db_path: str, table: str, n: int) -> tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]:
    conn = sqlite3.connect(Path(db_path).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        cursor = conn.execute(f"SELECT * FROM {_quote(table)} LIMIT {int(n)}")
        return tuple(d[0] for d in cursor.description), tuple(cursor.fetchall())
    except sqlite3.Error:
        return (), ()
    finally:
        conn.close()


class BirdBenchmark(Benchmark):
    """BIRD (Li et al., NeurIPS 2023): Text-to-SQL over large, dirty databases, with external evidence.

    Options (``--benchmark-option KEY=VALUE``): ``dialect`` (Mini-Dev: sqlite, mysql or postgresql),
    ``dsn`` (the PostgreSQL or MySQL server that executes those dialects; also ``TABBENCH_DSN_<DIALECT>`` or
    the config file's ``[dsn]`` table, see ``tabbench.sql.dsn``), ``db_root`` (databases folder, default
    ``<data>/dev_databases``), ``timeout``
    (seconds per query, default 30), ``max_steps`` (SQLite VM budget), ``official`` (gold failures score 0
    instead of being excluded, as upstream), ``sample_rows`` (example rows per
    table in the prompt, default 0), ``descriptions`` (column descriptions from ``database_description``
    in the prompt, default false), ``on_missing_db`` (``error``: a selected question whose database is missing
    stops the run, ``--skip-missing`` scores the others; ``keep``; ``skip``: deprecated, as ``--skip-missing``).
    """

    name = "bird"
    version = "1"
    description = "BIRD Text-to-SQL (dev, train, Mini-Dev): execution accuracy, Soft-F1"
    primary_metric = "ex"
    breakdown_keys = ("difficulty",)
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {"difficulty": ("simple", "moderate", "challenging")}
    splits = ("dev", "train", "minidev")
    dataset_kind = "text-to-sql"  # scores a user's --dataset too (docs/datasets.md)
    default_split = "dev"
    data_hint = (
        "download BIRD dev/train from https://bird-bench.github.io (or minidev.zip from "
        "https://github.com/bird-bench/mini_dev), unzip, and pass the folder holding dev.json (or "
        "mini_dev_sqlite.json), dev_tables.json and dev_databases/"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (MetricSpec("ex", "bird-ex"), MetricSpec("soft_f1", "bird-soft-f1"),
                                                 MetricSpec("r_ves", "bird-r-ves"))
    extractor = sql_extractor("auto")  # shared with its metrics: extracted once per sample
    option_defaults: ClassVar[dict[str, Any]] = {
        "dialect": Option("sqlite", str, choices=DIALECTS), "db_root": None, "timeout": 30.0, "max_steps": None,
        "official": False, "sample_rows": 0, "descriptions": False,
        "on_missing_db": Option("error", str, choices=("error", "skip", "keep")), "dsn": None,
        "ves_repetitions": Option(0, int, min=0, help="timed runs per query for r_ves (upstream 100); 0: r_ves off"),
    }

    @classmethod
    def metric_options(cls, spec: MetricSpec, options: Mapping[str, Any]) -> dict[str, Any]:
        """``ves_repetitions`` reaches ``bird-r-ves`` as its ``repetitions``."""
        offered = super().metric_options(spec, options)
        offered["repetitions"] = offered.pop("ves_repetitions", 0)
        return offered

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        # self.options: declared, checked and converted (choices, types) by Benchmark.__init__
        self.dialect = self.options["dialect"]
        self.dsn = self._server_dsn(self.options["dsn"])
        self.options["dsn"] = self.dsn  # recorded: DSNs never hold a password (resolve_dsn refuses one)
        self.on_missing_db = self.options["on_missing_db"]
        if self.on_missing_db == "skip":
            warnings.warn(f"benchmark {self.name!r}: -o on_missing_db=skip is deprecated since 0.3.0 and will be "
                          "removed in 0.4.0; use --skip-missing (or skip_missing = true under [run] in tabbench.toml), "
                          "which also says what it skipped", DeprecationWarning, stacklevel=2)
            self.skip_missing = True
        self.sample_rows = int(self.options["sample_rows"])
        self.descriptions = bool(self.options["descriptions"])
        self._cache: dict[str, list[Example]] = {}

    def _server_dsn(self, explicit: str | None) -> str | None:
        """The server for a MySQL/PostgreSQL dialect (option, environment or config file), else ``None``."""
        if self.dialect == "sqlite":
            if explicit:
                raise ConfigError(f"benchmark {self.name!r}: dsn needs dialect=postgresql or dialect=mysql")
            return None
        dsn = resolve_dsn(self.dialect, explicit)
        if dsn is not None and server_kind(dsn) != self.dialect:
            raise ConfigError(f"benchmark {self.name!r}: dialect={self.dialect} but the dsn is a "
                              f"{server_kind(dsn)} server")
        return dsn

    # --- files ---------------------------------------------------------------------------------------

    def _path(self, name: str) -> Path:
        assert self.data_path is not None
        return self.data_path / name

    def _questions_path(self, split: str) -> Path:
        names = layout(split, self.dialect).questions
        for name in names:
            if self._path(name).exists():
                return self._path(name)
        hint = self.data_hint
        if split != "minidev" and any(self._path(f"mini_dev_{d}.json").exists() for d in DIALECTS):
            hint = "this folder holds Mini-Dev: pass --split minidev"
        raise DataError(f"{self._path(names[0])}: missing questions for split {split!r}. {hint}")

    def _gold_path(self, split: str) -> Path | None:
        return next((self._path(n) for n in layout(split, self.dialect).gold if self._path(n).exists()), None)

    def _db_root(self, split: str) -> Path:
        if self.options.get("db_root"):
            return Path(self.options["db_root"])
        return self._path(layout(split, self.dialect).databases)

    def data_files(self, split: str | None = None) -> list[Path]:
        """Questions, schemas, gold, and the SQLite databases of the split's kept questions (they decide EX)."""
        split = self.check_split(split)
        files = [self._questions_path(split), self._path(layout(split, self.dialect).tables)]
        gold = self._gold_path(split)
        databases = sorted({Path(e.fields["db_path"]) for e in self._load(split)})
        return [f for f in files if f.exists()] + ([gold] if gold else []) + [d for d in databases if d.is_file()]

    # --- examples ------------------------------------------------------------------------------------

    def _load(self, split: str) -> list[Example]:
        """Every question of the split in file order, one whose database is missing included (``missing_data``),
        cached per split."""
        if split in self._cache:
            return self._cache[split]
        questions_path = self._questions_path(split)
        items = read_questions(questions_path)
        tables_path = self._path(layout(split, self.dialect).tables)
        if not tables_path.exists():
            raise DataError(f"{tables_path}: missing schema file for split {split!r}. {self.data_hint}")
        tables = read_tables(tables_path, TABLE_KEYS)
        db_ids = [item["db_id"] for item in items]
        gold_path = self._gold_path(split)
        if gold_path is not None:
            gold: list[str | None] = list(read_gold_file(gold_path, db_ids))
        else:
            gold = [item.get("SQL") if isinstance(item.get("SQL"), str) else None for item in items]
        db_root = self._db_root(split)
        every = []
        for index, (item, sql) in enumerate(zip(items, gold, strict=True)):
            db_id = item["db_id"]
            if db_id not in tables:
                raise DataError(f"{questions_path}: item {index}: db_id {db_id!r} is not in {tables_path}")
            db_path = db_root / db_id / f"{db_id}.sqlite"
            target = for_database(self.dsn, db_id) if self.dsn else str(db_path)
            difficulty = item.get("difficulty")
            example = Example(
                id=str(index),
                gold=sql,
                fields={
                    "question": item["question"],
                    "evidence": item.get("evidence") or "",
                    "db_id": db_id,
                    "db_path": target,
                    "tables_json": str(tables_path),
                    "dialect": self.dialect,
                    "question_id": item.get("question_id", index),
                },
                meta={"difficulty": difficulty if isinstance(difficulty, str) else "unknown", "db_id": db_id},
                split=split,
            )
            every.append(example)
        self._cache[split] = every
        return every

    def missing_data(self, example: Example) -> str | None:
        """A question whose SQLite database is not in this copy (asked only for those a run selects);
        ``on_missing_db=keep`` keeps it (prompts from ``*_tables.json``, rewards ``gold_error``)."""
        db_path = Path(example.fields["db_path"])
        if self.dsn or self.on_missing_db == "keep" or db_path.is_file():
            return None
        return f"database {db_path} is missing (download the databases, or set -o db_root=PATH)"

    def examples(self, split: str | None = None) -> Iterator[Example]:
        yield from self._load(self.check_split(split))

    # --- prompts and answers -------------------------------------------------------------------------

    def schema_text(self, example: Example) -> str:
        """CREATE TABLE statements (from the database, else ``*_tables.json``), with the optional extras."""
        db_path = example.fields["db_path"]
        if Path(db_path).is_file():
            ddl = list(sqlite_ddl(db_path))
        else:
            schemas = read_tables(Path(example.fields["tables_json"]), TABLE_KEYS)
            ddl = ddl_from_tables_json(schemas[example.fields["db_id"]])
        described = read_descriptions(Path(db_path).parent / "database_description") if self.descriptions else {}
        parts = []
        for table, statement in ddl:
            text = statement
            notes = described.get(table.lower(), {})
            if notes:
                text += "\n" + "\n".join(f"-- {table}.{col}: {note}" for col, note in notes.items())
            if self.sample_rows > 0 and Path(db_path).is_file():
                names, rows = _sample_rows(db_path, table, self.sample_rows)
                if rows:
                    text += f"\n-- example rows of {table} ({', '.join(names)}):"
                    text += "".join(f"\n--   {tuple(row)!r}" for row in rows)
            parts.append(text)
        return "\n\n".join(parts)

    def prompt(self, example: Example) -> list[Message]:
        dialect = _DIALECT_NAMES[example.fields.get("dialect", "sqlite")]
        user = f"Database schema:\n{self.schema_text(example)}\n\nQuestion: {example.fields['question']}"
        if example.fields.get("evidence"):
            user += f"\nEvidence: {example.fields['evidence']}"
        return [{"role": "system", "content": SYSTEM_PROMPT.format(dialect=dialect)},
                {"role": "user", "content": user}]

    def gold_completion(self, example: Example) -> str:
        return f"```sql\n{example.gold or ''}\n```"

    def read_predictions(self, path: Path, split: str | None = None,
                         ids: Sequence[str] | None = None) -> dict[str, list[str]]:
        """The official predictions file (checked, see ``read_predictions_file``) or JSONL. The official file
        holds every question of the split, or exactly those the run selects (``ids``, in order: keys ``"0"``..
        ``"19"`` for ``--limit 20``), its db ids checked against theirs either way."""
        path = Path(path)
        every = self._load(self.check_split(split))
        if path.suffix == ".jsonl" or _first_line_is_record(path):
            return read_jsonl_predictions(path)
        paired = every
        if ids is not None and len(ids) != len(every) and official_entries(path) == len(ids):
            by_id = {e.id: e for e in every}
            paired = [by_id[i] for i in ids]
        sqls = read_predictions_file(path, [e.fields["db_id"] for e in paired])
        return {e.id: [sql] for e, sql in zip(paired, sqls, strict=True)}

    def write_predictions(self, path: Path, predictions: dict[str, str], split: str | None = None) -> None:
        """Write SQL keyed by example id as the official predictions file (every question of the split)."""
        every = self._load(self.check_split(split))
        missing = [e.id for e in every if e.id not in predictions]
        if missing:
            raise DataError(f"{path}: no prediction for {len(missing)} questions (first id {missing[0]!r})")
        write_predictions_file(Path(path), [predictions[e.id] for e in every], [e.fields["db_id"] for e in every])


def _first_line_is_record(path: Path) -> bool:
    """A JSONL predictions file under another suffix: its first line is a whole ``{"id": ...}`` object."""
    record = first_jsonl_object(path)
    return record is not None and "id" in record
