"""A dataset as a benchmark: the scoring benchmark's class, with the dataset's name, splits and questions.

``dataset_class`` builds a subclass of the benchmark the manifest names under ``scoring`` (found by name in the
registry, as the demo plugin finds Spider's), with ``SqlDataset`` or ``TableDataset`` in front of it: those read
the dataset's files into examples of the fields the scoring benchmark's prompt, answer extraction and metric
rewards read, and everything else is that benchmark's own code (BIRD's prompt with evidence and ``bird-ex``'s
set comparison, or Spider's prompt and test-suite ``spider-ex``; CRT-QA's table prompt and final-answer match).
So a dataset is scored by the code that scores the published benchmark, and options such as ``-o
sample_rows=3`` work as they do there.

The fields an example carries (what a benchmark that declares ``dataset_kind`` promises to work with):

- ``text-to-sql``: ``question``, ``evidence`` (``""`` when none), ``db_id``, ``db_path`` (the SQLite file),
  ``db_paths`` (``[db_path]``), ``dialect`` (``"sqlite"``), ``question_id``; the gold is the SQL;
- ``table-qa``: ``question``, ``title``, ``table`` (``{"columns": [...], "rows": [[...], ...]}``),
  ``table_file``; the gold is the answer text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

from tabbench.contract.benchmark import Benchmark, read_jsonl_predictions, read_prediction_lines
from tabbench.contract.errors import ConfigError, DataError
from tabbench.contract.types import Example, MetricSpec
from tabbench.evaluation.datasets.databases import Database, find_databases
from tabbench.evaluation.datasets.manifest import COLUMNS, MANIFEST, Manifest
from tabbench.evaluation.datasets.questions import Row, columns_of, read_rows

#: The split of a dataset whose questions file has no split column.
ONE_SPLIT = "all"
#: The split a run reads when the manifest names no default, in order of preference.
EVALUATION_SPLITS = ("dev", "test", "validation", "all")


class DatasetBenchmark(Benchmark):
    """What every dataset benchmark does whatever its kind: splits and question rows from the manifest, ids,
    breakdown columns, the files a run hashes, predictions files. Subclasses turn a row into an example."""

    manifest: ClassVar[Manifest]
    kind: ClassVar[str]

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self._examples: dict[str, list[Example]] = {}
        self._missing: dict[tuple[str, str], str] = {}

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        if split not in self._examples:
            self._examples[split] = self._read(split)
        yield from self._examples[split]

    def _read(self, split: str) -> list[Example]:
        manifest = self.manifest
        examples: list[Example] = []
        for path in manifest.question_files():
            rows = read_rows(path)
            roles = resolve_columns(manifest, path, columns_of(rows))
            for index, row in enumerate(rows):
                if row_split(manifest, path, roles, row) != split:
                    continue
                values = {role: _text(row, roles, role) for role in roles}
                example_id = values.get("id") or str(index)
                for role in ("question", "answer"):
                    if not values.get(role):
                        raise DataError(f"{row.where}: no text in column {roles[role]!r} (the {role})")
                meta = {key: str(row.values.get(key, "")) for key in manifest.breakdown}
                example, missing = self.example(row, example_id, split, values, meta)
                if missing:
                    self._missing[(split, example_id)] = missing
                examples.append(example)
        return examples

    def example(self, row: Row, example_id: str, split: str, values: dict[str, str], meta: dict[str, str]
                ) -> tuple[Example, str | None]:
        """The example of one question row, and why its data is missing (``None``: it is there)."""
        raise NotImplementedError

    def missing_data(self, example: Example) -> str | None:
        return self._missing.get((example.split, example.id))

    def data_files(self, split: str | None = None) -> list[Path]:
        """The manifest, the questions files and what the split's questions read (databases or tables)."""
        return [self.manifest.path, *self.manifest.question_files(), *self.sources(self.check_split(split))]

    def sources(self, split: str) -> list[Path]:
        """The database or table files the split's questions use."""
        raise NotImplementedError

    def read_predictions(self, path: Path, split: str | None = None,
                         ids: Sequence[str] | None = None) -> dict[str, list[str]]:
        """JSONL ``{"id", "completion"}``, or a text file of one completion a line in question order, for every
        question of the split or exactly those the run selects (``ids``)."""
        path = Path(path)
        if path.suffix == ".jsonl":
            return read_jsonl_predictions(path)
        every = [e.id for e in self.examples(split)]
        selected = [len(ids)] if ids is not None and len(ids) != len(every) else []
        lines = read_prediction_lines(path, len(every), *selected)
        paired = every if len(lines) == len(every) else list(ids or ())
        return {i: [line] for i, line in zip(paired, lines, strict=True)}


class SqlDataset(DatasetBenchmark):
    """Text-to-SQL: each row's question on its database (``db_id``, or the one database), gold SQL."""

    kind = "text-to-sql"

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        assert self.manifest.databases is not None
        self.databases: dict[str, Database] = find_databases(self.manifest.databases)
        self._used: dict[str, set[Path]] = {}
        self._sqlite: dict[str, str] = {}  # db_id -> the SQLite file queries run on (a copy made once)

    def example(self, row: Row, example_id: str, split: str, values: dict[str, str], meta: dict[str, str]
                ) -> tuple[Example, str | None]:
        db_id = values.get("db_id")
        if db_id is None:
            if len(self.databases) != 1:
                raise DataError(f"{row.where}: no db_id column, and {self.manifest.databases} holds "
                                f"{len(self.databases)} databases: name each question's database in a db_id column")
            db_id = next(iter(self.databases))
        database = self.databases.get(db_id)
        db_path = ""
        if database is not None:
            if db_id not in self._sqlite:
                self._sqlite[db_id] = str(database.sqlite_path())
            db_path = self._sqlite[db_id]
            self._used.setdefault(split, set()).update(database.files)
        fields = {"question": values["question"], "evidence": values.get("evidence", ""), "db_id": db_id,
                  "db_path": db_path, "db_paths": [db_path] if db_path else [], "dialect": "sqlite",
                  "question_id": example_id}
        missing = None if database is not None else (
            f"database {db_id!r} is not in {self.manifest.databases} (has: {', '.join(sorted(self.databases))})")
        return Example(example_id, values["answer"], fields, {"db_id": db_id, **meta}, split), missing

    def sources(self, split: str) -> list[Path]:
        list(self.examples(split))
        return sorted(self._used.get(split, ()))


class TableDataset(DatasetBenchmark):
    """Table QA: each row's question on its table (a CSV file in ``tables``), gold answer text."""

    kind = "table-qa"

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self._tables: dict[str, dict[str, Any]] = {}
        self._used: dict[str, set[Path]] = {}

    def example(self, row: Row, example_id: str, split: str, values: dict[str, str], meta: dict[str, str]
                ) -> tuple[Example, str | None]:
        from tabbench.tables import read_csv

        assert self.manifest.tables is not None
        name = values.get("table")
        if name is None:
            raise DataError(f"{row.where}: no table column (name each question's CSV table in {self.manifest.tables})")
        path = self.manifest.tables / name
        missing = None
        if name not in self._tables and path.is_file():
            table = read_csv(path)
            self._tables[name] = {"columns": table.columns, "rows": table.rows}
        if path.is_file():
            self._used.setdefault(split, set()).add(path)
        else:
            missing = f"table {path} is missing"
        fields = {"question": values["question"], "title": values.get("title", ""), "table_file": name,
                  "table": self._tables.get(name, {"columns": [], "rows": []})}
        return Example(example_id, values["answer"], fields, dict(meta), split), missing

    def sources(self, split: str) -> list[Path]:
        list(self.examples(split))
        return sorted(self._used.get(split, ()))


def resolve_columns(manifest: Manifest, path: Path, columns: list[str]) -> dict[str, str]:
    """Role -> column of one questions file: the manifest's names (which must be there), else the first of each
    role's usual names that the file has; the question and the answer must be found."""
    roles: dict[str, str] = {}
    for role, names in COLUMNS.items():
        if role in manifest.columns:
            if manifest.columns[role] not in columns:
                raise ConfigError(f"{manifest.where(f'columns.{role}')}: {path} has no column "
                                  f"{manifest.columns[role]!r} (columns: {', '.join(columns)})")
            roles[role] = manifest.columns[role]
        else:
            found = next((name for name in names if name in columns), None)
            if found is not None:
                roles[role] = found
    for role in ("question", "answer"):
        if role not in roles:
            raise ConfigError(f"{manifest.where(f'columns.{role}')}: {path} has none of the columns "
                              f"{', '.join(COLUMNS[role])}: name the {role} column under [columns]")
    for key in manifest.breakdown:
        if key not in columns:
            raise ConfigError(f"{manifest.where('breakdown')}: {path} has no column {key!r}")
    return roles


def row_split(manifest: Manifest, path: Path, roles: dict[str, str], row: Row) -> str:
    """The split a row belongs to: its file's (``[splits]``), its split column's, else ``all``."""
    if manifest.splits:
        return next(split for split, file in manifest.splits.items() if file == path)
    if "split" not in roles:
        return ONE_SPLIT
    split = _text(row, roles, "split")
    if not split:
        raise DataError(f"{row.where}: no split in column {roles['split']!r}")
    return split


def _text(row: Row, roles: dict[str, str], role: str) -> str:
    """A row's value for ``role`` as text (stripped); a JSON object or list there is a ``DataError`` naming it."""
    value = row.values.get(roles[role])
    if value is None:
        return ""
    if isinstance(value, dict | list | bool):
        raise DataError(f"{row.where}: column {roles[role]!r} (the {role}) holds {type(value).__name__}, not text")
    return str(value).strip()


def dataset_splits(manifest: Manifest) -> tuple[tuple[str, ...], str]:
    """The dataset's splits (in first-seen order) and the default one (the manifest's, else dev, test, ...)."""
    if manifest.splits:
        splits = tuple(manifest.splits)
    else:
        assert manifest.questions is not None
        rows = read_rows(manifest.questions)
        roles = resolve_columns(manifest, manifest.questions, columns_of(rows))
        splits = tuple(dict.fromkeys(row_split(manifest, manifest.questions, roles, row) for row in rows))
    default = manifest.default_split or next((s for s in EVALUATION_SPLITS if s in splits), splits[0])
    if default not in splits:
        raise ConfigError(f"{manifest.where('default_split')}: {default!r} is not a split (splits: "
                          f"{', '.join(splits)})")
    return splits, default


def dataset_class(manifest: Manifest, scoring: type[Benchmark]) -> type[Benchmark]:
    """The benchmark class of a dataset: ``scoring`` (a benchmark class whose ``dataset_kind`` is the manifest's
    kind) with the dataset's name, splits, metrics and breakdown keys, reading the dataset's files."""
    front = SqlDataset if manifest.kind == SqlDataset.kind else TableDataset
    splits, default = dataset_splits(manifest)
    metrics = dataset_metrics(manifest, scoring)
    attributes = {
        "__module__": __name__, "__doc__": f"The dataset {manifest.name!r} ({manifest.path}), scored as "
        f"{scoring.name!r} scores.",
        "name": manifest.name, "version": f"{scoring.name}.{scoring.version}",
        "description": manifest.description or f"dataset in {manifest.folder} (scored as {scoring.name})",
        "splits": splits, "default_split": default, "metrics": metrics, "primary_metric": metrics[0].name,
        "breakdown_keys": tuple(dict.fromkeys(("db_id", *manifest.breakdown) if front is SqlDataset
                                              else manifest.breakdown)),
        "breakdown_order": {k: v for k, v in scoring.breakdown_order.items() if k in manifest.breakdown},
        "data_hint": f"the dataset's folder, with its {MANIFEST}", "manifest": manifest, "needs_data": True,
    }
    return type(f"Dataset_{manifest.name}", (front, scoring), attributes)


def dataset_metrics(manifest: Manifest, scoring: type[Benchmark]) -> tuple[MetricSpec, ...]:
    """The manifest's ``metrics``: names of the scoring benchmark's metrics, or ``NAME=REWARD`` (a reward plugin
    by name, built with its defaults); the first is primary. None given: the scoring benchmark's primary."""
    own = {spec.name: spec for spec in scoring.metrics}
    specs = []
    for entry in manifest.metrics or (scoring.primary_metric,):
        name, sep, reward = entry.partition("=")
        if sep:
            from tabbench.host.plugins import host

            host().registry("reward").get(reward)  # an unknown reward: one line with suggestions
            specs.append(MetricSpec(name, reward))
        elif name in own:
            specs.append(own[name])
        else:
            raise ConfigError(f"{manifest.where('metrics')}: {name!r} is not a metric of {scoring.name!r} (metrics: "
                              f"{', '.join(own)}; or NAME=REWARD for a reward plugin)")
    if len({spec.name for spec in specs}) != len(specs):
        raise ConfigError(f"{manifest.where('metrics')}: a metric is named twice")
    return tuple(specs)
