"""The ``spider`` benchmark: Spider 1.0 dev/test/train in the official layout, scored like test-suite-sql-eval."""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Sequence
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
from tabbench.sql import read_tables, sql_extractor, sqlite_ddl
from tabbench_spider.data import (
    SPLITS,
    TABLE_KEYS,
    read_gold_file,
    read_official_predictions,
    read_questions,
    sqlite_variants,
)
from tabbench_spider.exact_match import Schema, SpiderParseError, hardness, parse

SYSTEM_PROMPT = (
    "You translate questions into SQLite queries. Answer with exactly one SQL query in a ```sql code block."
)


def schema_ddl(db_path: str) -> str:
    """The database's CREATE TABLE statements, as the prompt shows them."""
    return "\n\n".join(statement for _table, statement in sqlite_ddl(db_path))


def ddl_from_tables_json(entry: dict[str, Any]) -> str:
    """CREATE TABLE statements rebuilt from ``tables.json`` (prompts for a database that is absent)."""
    tables = entry["table_names_original"]
    types = entry.get("column_types") or []
    columns: dict[int, list[str]] = {i: [] for i in range(len(tables))}
    for k, (t, name) in enumerate(entry["column_names_original"]):
        if t >= 0:
            columns[t].append(f"  {name} {types[k].upper() if k < len(types) else ''}".rstrip())
    return "\n\n".join(f"CREATE TABLE {t} (\n" + ",\n".join(columns[i]) + "\n);" for i, t in enumerate(tables))


class SpiderBenchmark(Benchmark):
    """Spider (Yu et al., 2018): cross-domain Text-to-SQL over 200 SQLite databases.

    Options (``--benchmark-option KEY=VALUE``): ``test_suite`` (folder of test-suite databases: execution
    must agree on every ``*.sqlite`` of the db's folder), ``gold_file`` (an official ``SQL<TAB>db_id`` file
    replacing the JSON's queries), ``timeout`` (seconds per query, default 30), ``official`` (reproduce the
    official script's ``replace("value", "1")`` and DISTINCT deletion exactly), ``keep_distinct``,
    ``on_missing_db`` (``error``: a selected question whose database is missing stops the run, ``--skip-missing``
    scores the others; ``keep``: keep the question, exact match then reads the schema from ``tables.json`` and
    execution reports ``gold_error``; ``skip``: deprecated, as ``--skip-missing``).
    """

    name = "spider"
    version = "1"
    description = "Spider 1.0 Text-to-SQL (execution accuracy with test-suite semantics, exact-set match)"
    primary_metric = "ex"
    breakdown_keys = ("hardness",)
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {"hardness": ("easy", "medium", "hard", "extra")}
    splits = ("dev", "test", "train")
    dataset_kind = "text-to-sql"  # scores a user's --dataset too (docs/datasets.md)
    default_split = "dev"
    data_hint = (
        "download the Spider 1.0 release (https://yale-lily.github.io/spider), unzip it, and pass the folder "
        "holding dev.json, tables.json and database/ (optionally the test-suite databases from "
        "https://github.com/taoyds/test-suite-sql-eval as --benchmark-option test_suite=PATH)"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (MetricSpec("ex", "spider-ex"), MetricSpec("em", "spider-em"))
    extractor = sql_extractor("auto")  # shared with its metrics: extracted once per sample
    option_defaults: ClassVar[dict[str, Any]] = {
        "test_suite": None, "gold_file": None, "timeout": 30.0, "official": False, "keep_distinct": False,
        "on_missing_db": Option("error", str, choices=("error", "skip", "keep")), "max_steps": None,
    }

    question_key: ClassVar[str] = "question"

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.on_missing_db = self.options["on_missing_db"]
        if self.on_missing_db == "skip":
            warnings.warn(f"benchmark {self.name!r}: -o on_missing_db=skip is deprecated since 0.3.0 and will be "
                          "removed in 0.4.0; use --skip-missing (or skip_missing = true under [run] in tabbench.toml), "
                          "which also says what it skipped", DeprecationWarning, stacklevel=2)
            self.skip_missing = True
        self.test_suite = Path(options["test_suite"]) if options.get("test_suite") else None
        if self.test_suite is not None and not self.test_suite.is_dir():
            raise ConfigError(f"benchmark {self.name!r}: test_suite folder {self.test_suite} does not exist")
        self._cache: dict[str, list[Example]] = {}

    # --- files ---------------------------------------------------------------------------------------

    def _first(self, names: tuple[str, ...], what: str, split: str) -> Path:
        assert self.data_path is not None
        for name in names:
            if (self.data_path / name).exists():
                return self.data_path / name
        raise DataError(f"{self.data_path / names[0]}: missing {what} for split {split!r}. {self.data_hint}")

    def question_files(self, split: str) -> list[Path]:
        """The split's question files in reading order (at least one)."""
        files = SPLITS[split]
        found = [self.data_path / n for n in files.questions if (self.data_path / n).exists()]  # type: ignore[operator]
        return found or [self._first(files.questions, "questions", split)]

    def tables_file(self, split: str) -> Path:
        """The ``tables.json`` whose schemas and foreign keys exact match reads."""
        return self._first(SPLITS[split].tables, "tables.json", split)

    def database_roots(self, split: str) -> list[Path]:
        """Folders holding ``<db_id>/<db_id>.sqlite``, searched in order (the first is named when one is missing)."""
        files = SPLITS[split]
        if self.test_suite is not None and not any((self.data_path / n).is_dir() for n in files.databases):  # type: ignore[operator]
            return [self.test_suite]  # the test-suite download holds each <db_id>/<db_id>.sqlite too
        return [self._first(files.databases, "database folder", split)]

    def question_text(self, item: dict[str, Any]) -> str:
        """The natural-language question of one item of the question file."""
        return item[self.question_key]

    def data_files(self, split: str | None = None) -> list[Path]:
        split = self.check_split(split)
        assert self.data_path is not None
        paths = [*self.question_files(split), self.tables_file(split)]
        gold = Path(self.options["gold_file"]) if self.options.get("gold_file") else self.data_path / SPLITS[split].gold
        databases: set[Path] = set()
        for example in self._load(split):  # the main database and every test-suite variant decide EX
            databases.update(Path(p) for p in [example.fields["db_path"], *example.fields["db_paths"]])
        return paths + ([gold] if gold.exists() else []) + sorted(d for d in databases if d.is_file())

    # --- examples ------------------------------------------------------------------------------------

    def _load(self, split: str) -> list[Example]:
        """Every question of the split in file order, one whose database is missing included (``missing_data``),
        cached per split."""
        if split in self._cache:
            return self._cache[split]
        question_files = self.question_files(split)
        tables_path = self.tables_file(split)
        roots = self.database_roots(split)
        tables = read_tables(tables_path, TABLE_KEYS)
        items: list[tuple[Path, int, dict[str, Any]]] = []
        for path in question_files:
            items.extend((path, i, item) for i, item in enumerate(read_questions(path, self.question_key)))
        gold_sql = self._gold(split, items)
        examples: list[Example] = []
        schemas: dict[str, Schema] = {}
        for index, ((path, position, item), gold) in enumerate(zip(items, gold_sql, strict=True)):
            example_id = str(index)
            db_id = item["db_id"]
            if db_id not in tables:
                raise DataError(f"{path}: item {position}: db_id {db_id!r} is not in {tables_path}")
            db_path = next((r / db_id / f"{db_id}.sqlite" for r in roots if (r / db_id / f"{db_id}.sqlite").is_file()),
                           roots[0] / db_id / f"{db_id}.sqlite")
            variants = sqlite_variants(self.test_suite / db_id if self.test_suite is not None else db_path.parent)
            if db_id not in schemas:
                schemas[db_id] = (
                    Schema.from_sqlite(db_path) if db_path.is_file() else Schema.from_tables_json(tables[db_id])
                )
            level = "unknown"
            if gold is not None:
                try:
                    level = hardness(parse(gold, schemas[db_id]))
                except SpiderParseError:
                    level = "unknown"
            examples.append(Example(
                id=example_id,
                gold=gold,
                fields={
                    "question": self.question_text(item),
                    "db_id": db_id,
                    "db_path": str(db_path),
                    "db_paths": [str(p) for p in variants],
                    "tables_json": str(tables_path),
                    "dialect": "sqlite",
                },
                meta={"hardness": level, "db_id": db_id, **self.extra_meta(item)},
                split=split,
            ))
        self._cache[split] = examples
        return examples

    def missing_data(self, example: Example) -> str | None:
        """A question whose database (or test-suite folder) is not in this copy: the host asks only for those a
        run selects (the public dev release lacks ``wta_1.sqlite``; 62 questions use it). ``on_missing_db=keep``
        keeps it (exact match from ``tables.json``, execution ``gold_error``)."""
        if self.on_missing_db == "keep":
            return None
        db_path = Path(example.fields["db_path"])
        if not db_path.is_file():
            return f"database {db_path} is missing"
        if not example.fields["db_paths"]:
            folder = self.test_suite / example.fields["db_id"] if self.test_suite is not None else db_path.parent
            return f"test-suite folder {folder} has no *.sqlite database"
        return None

    def extra_meta(self, item: dict[str, Any]) -> dict[str, Any]:
        """Fields of an item recorded with each sample beside ``hardness`` and ``db_id`` (none for Spider)."""
        return {}

    def _gold(self, split: str, items: list[tuple[Path, int, dict[str, Any]]]) -> list[str | None]:
        if not self.options.get("gold_file"):
            return [item.get("query") if isinstance(item.get("query"), str) else None for _, _, item in items]
        path = Path(self.options["gold_file"])
        gold = read_gold_file(path)
        if len(gold) != len(items):
            raise DataError(f"{path}: {len(gold)} gold queries for {len(items)} questions")
        for number, ((_sql, db_id), (_, _, item)) in enumerate(zip(gold, items, strict=True), 1):
            if db_id != item["db_id"]:
                raise DataError(f"{path}:{number}: db_id {db_id!r} but the question is on {item['db_id']!r}")
        return [sql for sql, _ in gold]

    def examples(self, split: str | None = None) -> Iterator[Example]:
        yield from self._load(self.check_split(split))

    # --- prompts and answers -------------------------------------------------------------------------

    def prompt(self, example: Example) -> list[Message]:
        if Path(example.fields["db_path"]).is_file():
            schema = schema_ddl(example.fields["db_path"])
        else:
            schemas = read_tables(Path(example.fields["tables_json"]), TABLE_KEYS)
            schema = ddl_from_tables_json(schemas[example.fields["db_id"]])
        user = f"Database schema:\n{schema}\n\nQuestion: {example.fields['question']}"
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]

    def gold_completion(self, example: Example) -> str:
        return f"```sql\n{example.gold or ''}\n```"

    def read_predictions(self, path: Path, split: str | None = None,
                         ids: Sequence[str] | None = None) -> dict[str, list[str]]:
        """JSONL ``{"id", "completion"}`` or the official text file: one SQL per line, in question order, for
        every question of the split or for exactly those the run selects (``ids``, in order: ``--limit 20`` needs
        20 lines)."""
        path = Path(path)
        every = [e.id for e in self._load(self.check_split(split))]
        if _looks_like_jsonl(path):
            return read_jsonl_predictions(path)
        counts = [len(every)] + ([len(ids)] if ids is not None and len(ids) != len(every) else [])
        lines = read_official_predictions(path, *counts)
        paired = every if len(lines) == len(every) else list(ids or ())
        return {i: [sql] for i, sql in zip(paired, lines, strict=True)}


def _looks_like_jsonl(path: Path) -> bool:
    return path.suffix == ".jsonl" or first_jsonl_object(path) is not None
