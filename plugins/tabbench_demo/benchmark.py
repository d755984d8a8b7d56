"""The ``demo-bird`` benchmark: templated Text-to-SQL questions in BIRD's format, bundled with the package.

The data (``data/bird``) is BIRD's dev layout (``dev.json``, ``dev_tables.json``, ``dev_gold.sql``,
``dev_databases/<db>/<db>.sqlite`` with ``database_description/``) plus a ``train.json`` over the same
databases, written by ``tabbench_demo.build``. Split ``test`` reads ``dev.json`` and split ``train`` reads
``train.json``. The prompt is deliberately short (one line per table) so that a tiny model trained on CPU
can fit a whole prompt in its context and learn the SQL templates.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, DataError, Example, Message, MetricSpec
from tabbench.sql import sql_extractor

DATA = Path(__file__).parent / "data"
SPLIT_FILES = {"test": "dev.json", "train": "train.json"}
SYSTEM = "Translate the question into one SQLite query. Answer with the SQL query only."
REQUIRED = ("question_id", "db_id", "question", "SQL", "difficulty")


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
    except ValueError as exc:
        raise DataError(f"{path}: invalid JSON ({exc})") from exc


def schema_lines(tables_file: Path) -> dict[str, str]:
    """``db_id -> "table(col, col, ...)"`` lines from a BIRD/Spider ``*_tables.json`` file."""
    schemas: dict[str, str] = {}
    for index, db in enumerate(read_json(tables_file)):
        try:
            tables = db["table_names_original"]
            columns: list[list[str]] = [[] for _ in tables]
            for table_index, column in db["column_names_original"]:
                if table_index >= 0:
                    columns[table_index].append(column)
            schemas[db["db_id"]] = "\n".join(f"{t}({', '.join(c)})" for t, c in zip(tables, columns, strict=True))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise DataError(f"{tables_file}: entry {index}: malformed schema ({type(exc).__name__}: {exc})") from exc
    return schemas


class DemoBenchmark(Benchmark):
    """Bundled BIRD-format demo: 500 held-out test questions, 2,925 training rows (975 combinations x 3 phrasings)."""

    name = "demo-bird"
    version = "2"
    description = "bundled templated Text-to-SQL in BIRD's format (train/test), scored by BIRD execution accuracy"
    metrics: ClassVar[tuple[MetricSpec, ...]] = (MetricSpec("ex", "bird-ex"), MetricSpec("soft_f1", "bird-soft-f1"))
    extractor = sql_extractor("auto")  # shared with its metrics: extracted once per sample
    primary_metric = "ex"
    breakdown_keys = ("difficulty", "db_id")
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {"difficulty": ("simple", "moderate", "challenging")}
    splits = ("test", "train")
    default_split = "test"
    option_defaults: ClassVar[dict[str, Any]] = {"timeout": 30.0, "max_steps": None, "official": False}
    data_hint = "the demo data ships with the tabbench_demo package (data/bird); reinstall it if it is missing"

    @classmethod
    def bundled_data(cls) -> Path | None:
        return DATA / "bird"

    def _file(self, split: str) -> Path:
        assert self.data_path is not None
        return self.data_path / SPLIT_FILES[split]

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self._databases: dict[str, list[Path]] = {}  # split -> its questions' databases, noted by ``examples``

    def data_files(self, split: str | None = None) -> list[Path]:
        """The questions, the schemas and the SQLite databases the split's questions run on (they decide EX): those
        ``examples`` noted when the run read the split (read here only when it has not)."""
        assert self.data_path is not None
        split = self.check_split(split)
        if split not in self._databases:
            for _ in self.examples(split):
                pass
        return [self._file(split), self.data_path / "dev_tables.json", *self._databases[split]]

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        assert self.data_path is not None
        databases: set[Path] = set()
        path = self._file(split)
        rows = read_json(path)
        schemas = schema_lines(self.data_path / "dev_tables.json")
        if not isinstance(rows, list):
            raise DataError(f"{path}: expected a JSON list of questions")
        for index, row in enumerate(rows):
            missing = [k for k in REQUIRED if not isinstance(row, dict) or k not in row]
            if missing:
                raise DataError(f"{path}: question {index}: missing key {missing[0]!r}")
            db_id = str(row["db_id"])
            db_path = self.data_path / "dev_databases" / db_id / f"{db_id}.sqlite"
            if db_id not in schemas or not db_path.is_file():
                raise DataError(f"{path}: question {index}: unknown db_id {db_id!r} (no schema or no {db_path})")
            databases.add(db_path)
            yield Example(
                id=str(row["question_id"]),
                gold=row["SQL"],
                fields={"question": row["question"], "evidence": row.get("evidence", ""), "db_id": db_id,
                        "db_path": str(db_path), "schema": schemas[db_id]},
                meta={"difficulty": str(row["difficulty"]), "db_id": db_id},
                split=split,
            )
        self._databases[split] = sorted(databases)  # the split read to its end: data_files need not read it again

    def prompt(self, example: Example) -> list[Message]:
        f = example.fields
        evidence = f"\nHint: {f['evidence']}" if f.get("evidence") else ""
        user = f"Database {f['db_id']}:\n{f['schema']}\nQuestion: {f['question']}{evidence}"
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]

