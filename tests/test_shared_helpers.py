"""Host helpers the plugins share: tabbench.sql.text2sql (bird, spider, demo), tabbench.checkpoint (hf, vllm),
``tabbench.truncate_at_stop`` (hf, openai), the atomic writes (bird, temptabqa, the run store, leaderboards) and
``tabbench.read_jsonl`` (bird, dabench, tablebench, predictions, traces, paired tests). A damaged database file is one
line naming it, for eval and score alike."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tabbench import (
    DataError,
    atomic_path,
    first_jsonl_object,
    read_jsonl,
    read_jsonl_predictions,
    truncate_at_stop,
    write_atomic,
)
from tabbench.checkpoint import checkpoint_files
from tabbench.contract.settings import Settings, use_settings
from tabbench.sql import configured_workers, default_workers, execution_limits, extract_sql, read_tables, sqlite_ddl
from tests.bird_demo import BIRD, demo_data_copy, on_bird_demo
from tests.one_line import one_line_error


def test_sqlite_ddl_lists_user_tables_as_stored(tmp_path: Path) -> None:
    db = tmp_path / "shop.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);\n"
                       "CREATE TABLE  sale(item_id INT)  ;")
    conn.close()
    assert sqlite_ddl(str(db)) == (
        ("item", "CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);"),
        ("sale", "CREATE TABLE sale(item_id INT);"),
    )  # sqlite_sequence (an internal table) is left out


def test_sqlite_ddl_reads_each_database_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Prompts show the same schema for every question on a database (a 3,000-question split: 3,000 prompts)."""
    from tabbench.sql import text2sql

    opened: list[str] = []
    connect = sqlite3.connect
    monkeypatch.setattr(text2sql.sqlite3, "connect", lambda path, **kw: opened.append(path) or connect(path, **kw))
    paths = []
    for name in ("a", "b"):
        paths.append(str(tmp_path / f"{name}.sqlite"))
        connect(paths[-1]).executescript(f"CREATE TABLE {name} (x INT);")
    assert [sqlite_ddl(p) for p in (*paths, *paths)] == [(("a", "CREATE TABLE a (x INT);"),),
                                                         (("b", "CREATE TABLE b (x INT);"),)] * 2
    assert len(opened) == 2


def test_the_one_sql_extractor_takes_bare_statements_and_leaves_prose() -> None:
    assert extract_sql("Here:\n```sql\nSELECT 1\n```") == "SELECT 1"
    assert extract_sql("  no query here  ") is None  # no_sql, for the benchmarks' metrics and the rewards alike
    assert extract_sql("DELETE FROM sale WHERE id > 9;") == "DELETE FROM sale WHERE id > 9"  # a predictions value
    assert extract_sql("(SELECT 1) UNION (SELECT 2)") == "(SELECT 1) UNION (SELECT 2)"
    assert extract_sql("   ") is None
    assert extract_sql(None) is None  # type: ignore[arg-type]
    assert extract_sql("```SQL\nSELECT 1\n``` then <think>```sql\nSELECT 2\n```", mode="block") == "SELECT 2"
    with pytest.raises(ValueError, match="mode"):
        extract_sql("SELECT 1", mode="first")  # type: ignore[arg-type]


def test_truncate_at_stop_cuts_before_the_earliest_stop() -> None:
    assert truncate_at_stop("abc;def<end>", ("<end>", ";")) == "abc"  # earliest in the text, not in the list
    assert truncate_at_stop("a;b\nc", (";", "\n")) == "a"
    assert truncate_at_stop("abc", ("x", "")) == "abc"  # no match, and an empty stop string is ignored
    assert truncate_at_stop("abc", ()) == "abc"


def test_write_atomic_replaces_the_file_and_leaves_nothing_beside_it(tmp_path: Path) -> None:
    target = tmp_path / "board.md"
    target.write_text("old", encoding="utf-8")
    write_atomic(target, "néw\n")
    assert target.read_bytes() == "néw\n".encode()
    write_atomic(target, b"\x00\xff", fsync=True)
    assert target.read_bytes() == b"\x00\xff"
    assert [p.name for p in tmp_path.iterdir()] == ["board.md"]


def test_atomic_path_keeps_the_old_file_when_the_write_or_the_replace_fails(tmp_path: Path) -> None:
    target = tmp_path / "db.sqlite"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        assert tmp.parent == tmp_path and not tmp.exists()
        tmp.write_text("half", encoding="utf-8")
        raise RuntimeError("killed mid-write")
    assert target.read_text(encoding="utf-8") == "old"
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "inside").touch()
    with pytest.raises(OSError):
        write_atomic(folder, "a file cannot replace a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.sqlite", "folder"]


def test_execution_limits_from_reward_options() -> None:
    default = execution_limits({})
    assert (default.timeout, default.max_steps, default.max_rows, default.max_bytes) == (30.0, None, 1_000_000,
                                                                                          512 << 20)
    assert execution_limits({"timeout": 0, "max_steps": "1000"}).timeout is None
    assert execution_limits({"timeout": "2.5", "max_steps": "1000"}).max_steps == 1000


@pytest.mark.parametrize(("value", "expected"), [(None, None), (4, 4), (0, 0)])
def test_configured_workers(monkeypatch: pytest.MonkeyPatch, value: int | None, expected: int | None) -> None:
    """The run's ``Settings.workers``; unset: the default pool (one worker per CPU, at least 1); 0: in-process.
    The environment variable is only the command line's default: the library does not read it."""
    monkeypatch.setenv("TABBENCH_WORKERS", "7")
    with use_settings(Settings(workers=value)):
        assert configured_workers() == (default_workers() if expected is None else expected)
    assert default_workers() >= 1


@pytest.mark.parametrize("value", [-1, 1.5, True, "4"])
def test_settings_refuse_bad_workers(value: object) -> None:
    with pytest.raises(ValueError, match="workers="):
        Settings(workers=value)  # type: ignore[arg-type]


def test_checkpoint_files_hashes_what_determines_outputs_and_caches(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}", encoding="utf-8")
    (model / "notes.md").write_text("not hashed", encoding="utf-8")
    (model / ".hidden.json").write_text("{}", encoding="utf-8")
    files = checkpoint_files(model)
    assert list(files) == ["config.json"]
    assert files["config.json"] == {
        "size": 2, "sha256": "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"}
    cache = json.loads((tmp_path / "cache" / "file-hashes.json").read_text(encoding="utf-8"))
    assert list(cache.values()) == [files["config.json"]["sha256"]]
    assert checkpoint_files(model) == files


def test_read_jsonl_numbers_lines_and_names_the_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text('{"id": 1}\n\n  \n{"id": 2}\n', encoding="utf-8")
    assert read_jsonl(path, "rows") == [(1, {"id": 1}), (4, {"id": 2})]  # blank lines skipped, numbers kept
    for text, message in (('{"id": 1}\n{oops\n', r"rows\.jsonl:2: malformed JSON in rows"),
                          ('{"id": 1}\n\n[1, 2]\n', r"rows\.jsonl:3: expected a JSON object in rows"),
                          ("1" * 5000 + "\n", r"rows\.jsonl:1: malformed JSON"),  # past int's digit limit
                          (b"\xff".decode("latin-1"), r"rows\.jsonl:1: rows is not UTF-8")):
        path.write_bytes(text.encode("latin-1") if text == "\xff" else text.encode("utf-8"))
        with pytest.raises(DataError, match=message):
            read_jsonl(path, "rows")
    with pytest.raises(DataError, match=r"absent\.jsonl: cannot read rows"):
        read_jsonl(tmp_path / "absent.jsonl", "rows")


def test_predictions_reader_names_a_line_whose_completions_are_not_strings(tmp_path: Path) -> None:
    path = tmp_path / "preds.jsonl"
    path.write_text('{"id": "a", "completion": "x"}\n{"id": "b", "completions": 5}\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"preds\.jsonl:2: completions must be a list of strings"):
        read_jsonl_predictions(path)


def test_read_tables_keys_schemas_by_db_id_and_names_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "tables.json"
    schema = {"db_id": "shop", "table_names_original": ["item"], "column_names_original": [[-1, "*"], [0, "id"]],
              "foreign_keys": []}
    path.write_text(json.dumps([schema]))
    assert read_tables(path, ("table_names_original", "foreign_keys")) == {"shop": schema}
    with pytest.raises(DataError, match=r"tables\.json: schema 'shop' has no list 'column_types'"):
        read_tables(path, ("column_types",))
    path.write_text('[{"db_id": "a"},\n oops]')
    with pytest.raises(DataError, match=r"tables\.json:2: malformed JSON"):
        read_tables(path)


def test_first_jsonl_object_reads_one_line_or_gives_none(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text('\n{"id": 1, "response": "x"}\nnot json\n')
    assert first_jsonl_object(path) == {"id": 1, "response": "x"}
    for text in ("SELECT 1\n", "[1, 2]\n", ""):
        path.write_text(text)
        assert first_jsonl_object(path) is None
    path.write_bytes(b"\xff\xfe")
    assert first_jsonl_object(path) is None and first_jsonl_object(tmp_path / "missing.jsonl") is None


PLUGINS = sorted(p for p in (Path(__file__).resolve().parents[1] / "plugins").rglob("*.py") if "tests" not in p.parts)


def test_plugins_read_tables_and_jsonl_through_the_host() -> None:
    """One reader of each shared format: no plugin defines ``read_tables`` or parses JSON lines itself."""
    import ast

    problems = []
    for path in PLUGINS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "read_tables":
                problems.append(f"{path}:{node.lineno}: its own read_tables (use tabbench.sql.read_tables)")
            if (isinstance(node, ast.Call) and ast.unparse(node.func) == "json.loads" and node.args
                    and ast.unparse(node.args[0]) in ("line", "ln", "first")):
                problems.append(f"{path}:{node.lineno}: parses a JSON line (use tabbench.read_jsonl or "
                                "tabbench.first_jsonl_object)")
    assert not problems, "\n".join(problems)


@on_bird_demo
def test_eval_damaged_database_file(cli_runner, tmp_path: Path) -> None:
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    for database in data.glob("dev_databases/*/*.sqlite"):
        database.write_bytes(b"not a database, " * 64)
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={data}", "--split", "dev",
                         "--limit", "2", "--out", str(out), "--no-progress", "--no-cache"])
    line = one_line_error(result, str(data / "dev_databases"), "not a readable SQLite database")
    assert ".sqlite" in line and not out.exists()


@on_bird_demo
def test_score_spider_damaged_database_file(cli_runner, tmp_path: Path) -> None:
    data = demo_data_copy(tmp_path, "spider")
    for database in data.glob("database/*/*.sqlite"):
        database.write_bytes(b"not a database, " * 64)
    predictions = tmp_path / "p.jsonl"
    predictions.write_text('{"id": "0", "completion": "SELECT 1"}\n')
    out = tmp_path / "run"
    result = cli_runner(["score", "spider", "--data", f"spider={data}", "--predictions", str(predictions),
                         "--limit", "1", "--out", str(out), "--no-progress"])
    one_line_error(result, str(data / "database"), "not a readable SQLite database")
    assert not out.exists()
