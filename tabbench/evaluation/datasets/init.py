"""``tabbench datasets init FOLDER``: a commented ``dataset.toml`` for a folder, from what is in it.

It finds the questions file (a JSONL, JSON or CSV file with a question column and an answer column; or one file
per split, named ``train``, ``dev``, ``test``...), the databases (a SQLite or DuckDB file, or a folder of them,
or a folder of CSV tables) or, for table QA (a ``table`` column), the folder of the tables the rows name, the
columns and the split column, and writes what it found as a manifest whose comments say what else can go
there. Nothing is guessed silently: what it could not decide is one ``ConfigError`` line saying what to name.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tabbench.contract.errors import ConfigError, DataError
from tabbench.evaluation.datasets.databases import DUCKDB_SUFFIXES, SQLITE_SUFFIXES, find_databases
from tabbench.evaluation.datasets.manifest import COLUMNS, MANIFEST
from tabbench.evaluation.datasets.questions import SUFFIXES, columns_of, read_rows

#: File stems read as one split's questions each.
SPLIT_STEMS = ("train", "dev", "test", "validation", "val")
#: Folder names looked at first for the databases.
DATABASE_FOLDERS = ("databases", "database", "dbs", "db")


@dataclass
class Found:
    """What ``detect`` found in a folder: enough to write its manifest."""

    folder: Path
    name: str
    kind: str
    questions: dict[str, Path]  # split -> file ({"": file} for one file, split column or not)
    columns: dict[str, str]  # role -> column
    source: Path  # the databases (text-to-sql) or the tables folder (table-qa)
    databases: list[str] = field(default_factory=list)
    splits: Counter[str] = field(default_factory=Counter)
    rows: int = 0
    all_columns: list[str] = field(default_factory=list)


def detect(folder: Path, questions: Path | None = None) -> Found:
    """What ``folder`` holds (``questions``: the questions file, when the folder has several)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ConfigError(f"{folder}: no such folder")
    files = _question_files(folder, questions)
    first = next(iter(files.values()))
    rows = read_rows(first)
    all_columns = columns_of(rows)
    columns = {role: next(n for n in names if n in all_columns) for role, names in COLUMNS.items()
               if any(n in all_columns for n in names)}
    kind = "table-qa" if "table" in columns and "db_id" not in columns else "text-to-sql"
    found = Found(folder, _plain(folder.resolve().name), kind, files, columns, folder, all_columns=all_columns)
    for split, path in files.items():
        split_rows = rows if path == first else read_rows(path)
        found.rows += len(split_rows)
        found.splits.update([split] * len(split_rows) if split else
                            [str(r.values.get(columns["split"], "")) for r in split_rows] if "split" in columns else [])
    if kind == "table-qa":
        found.source = _tables_folder(folder, str(rows[0].values.get(columns["table"], "")))
    else:
        found.source, found.databases = _databases(folder, set(files.values()))
    return found


def _question_files(folder: Path, given: Path | None) -> dict[str, Path]:
    """The questions file ({"": file}) or one file per split ({"train": ..., "dev": ...})."""
    if given is not None:
        path = given if given.is_absolute() else folder / given
        if not path.is_file():
            raise ConfigError(f"--questions {given}: no such file in {folder}")
        return {"": path}
    candidates = [p for p in sorted(folder.iterdir())
                  if p.is_file() and p.suffix.lower() in SUFFIXES and p.name != MANIFEST and _has_questions(p)]
    if not candidates:
        raise ConfigError(f"{folder}: no questions file (a JSONL, JSON or CSV file with a question column "
                          f"({', '.join(COLUMNS['question'])}) and an answer column ({', '.join(COLUMNS['answer'])}))")
    if len(candidates) == 1:
        return {"": candidates[0]}
    by_split = {p.stem.lower(): p for p in candidates if p.stem.lower() in SPLIT_STEMS}
    if len(by_split) == len(candidates):
        return by_split
    raise ConfigError(f"{folder}: {len(candidates)} questions files ({', '.join(p.name for p in candidates)}); "
                      "name the one to use with --questions FILE (or name them train/dev/test)")


def _has_questions(path: Path) -> bool:
    """A file whose rows have a question column and an answer column."""
    try:
        columns = columns_of(read_rows(path))
    except DataError:
        return False
    return all(any(n in columns for n in COLUMNS[role]) for role in ("question", "answer"))


def _databases(folder: Path, questions: set[Path]) -> tuple[Path, list[str]]:
    """The manifest's ``databases`` path and the database names it holds."""
    top = [p for p in sorted(folder.iterdir()) if p.is_file() and p.suffix.lower() in SQLITE_SUFFIXES + DUCKDB_SUFFIXES]
    if len(top) == 1:
        return top[0], [top[0].stem]
    folders = sorted((p for p in folder.iterdir() if p.is_dir()),
                     key=lambda p: (p.name.lower() not in DATABASE_FOLDERS, p.name))
    for candidate in folders:
        try:
            found = find_databases(candidate)
        except DataError:
            continue
        return candidate, sorted(found)
    if top:
        return folder, [p.stem for p in top]
    tables = [p for p in sorted(folder.glob("*.csv")) if p not in questions]
    if tables:
        raise ConfigError(f"{folder}: CSV tables beside the questions: move them into a folder (one folder per "
                          "database, or one folder for one database) and run init again")
    raise ConfigError(f"{folder}: no database (a SQLite or DuckDB file, a folder of them, or a folder of CSV tables)")


def _tables_folder(folder: Path, first_table: str) -> Path:
    """The folder holding the table the first question names."""
    for candidate in [folder, *sorted(p for p in folder.iterdir() if p.is_dir())]:
        if first_table and (candidate / first_table).is_file():
            return candidate
    raise ConfigError(f"{folder}: the first question's table {first_table!r} is in no folder here")


def _plain(name: str) -> str:
    """A folder name as a benchmark name (letters, digits, '.', '_', '-')."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-._")[:64] or "dataset"


def manifest_text(found: Found, scorers: dict[str, tuple[str, tuple[str, ...]]]) -> str:
    """The commented manifest of ``found``; ``scorers``: name -> (description, metrics) of the benchmarks that
    can score its kind, the first of which it names."""
    if not scorers:
        raise ConfigError(f"no installed benchmark scores a {found.kind} dataset (install tabbench's bird and spider "
                          "plugins, or crtqa for table QA)")
    first = next(iter(scorers))
    source = _relative(found.source, found.folder)
    lines = ["# tabbench dataset manifest, written by `tabbench datasets init` (docs/datasets.md); edit it freely.",
             f"# Questions: {', '.join(_relative(p, found.folder) for p in found.questions.values())} "
             f"({found.rows} rows; columns: {', '.join(found.all_columns)})"]
    if found.kind == "text-to-sql":
        lines.append(f"# Databases: {source} ({len(found.databases)}: {', '.join(found.databases[:10])}"
                     f"{', ...' if len(found.databases) > 10 else ''}); prompts show the schema read from them")
    if found.splits:
        lines.append(f"# Splits: {', '.join(f'{s} ({n})' for s, n in found.splits.items())}")
    lines += ["", _line(f'name = "{found.name}"', "the benchmark's name in runs, boards and the viewer"),
              _line(f'kind = "{found.kind}"', "text-to-sql or table-qa"),
              _line(f'scoring = "{first}"', "whose prompt, answer extraction and metric rewards score it:")]
    lines += [_line("#", f"  {name}: {description}") for name, (description, _) in scorers.items()]
    if "" in found.questions:
        question_file = _relative(found.questions[""], found.folder)
        lines.append(_line(f'questions = "{question_file}"', "JSONL, JSON or CSV, one question a row"))
    key = "databases" if found.kind == "text-to-sql" else "tables"
    what = ("a SQLite/DuckDB file, or a folder of them or of CSV tables" if key == "databases"
            else "the folder of the CSV tables the rows name")
    lines.append(_line(f'{key} = "{source}"', what))
    metrics = ", ".join(scorers[first][1])
    lines += [_line(f'# metrics = ["{scorers[first][1][0]}"]', f"of {first}: {metrics}; or NAME=REWARD (a reward "
                    "plugin); the first is primary"),
              _line('# breakdown = ["difficulty"]', "question columns to break scores down by"),
              _line('# default_split = "dev"', "the split a run reads when none is named (default: dev, test, ...)"),
              '# description = "..."']
    if "" not in found.questions:
        lines += ["", _line("[splits]", "one questions file per split")]
        lines += [f'{split} = "{_relative(path, found.folder)}"' for split, path in found.questions.items()]
    lines += ["", _line("[columns]", f"which column holds what (roles: {', '.join(COLUMNS)})")]
    lines += [f'{role} = "{column}"' for role, column in found.columns.items()]
    return "\n".join(lines) + "\n"


def _relative(path: Path, folder: Path) -> str:
    try:
        text = str(path.resolve().relative_to(folder.resolve()))
    except ValueError:
        text = str(path)
    return text.replace("\\", "/") or "."


def _line(text: str, comment: str) -> str:
    """``text`` and its comment, the comments lined up."""
    return f"{text.ljust(30)} # {comment}"
