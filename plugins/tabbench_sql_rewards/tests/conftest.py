"""Fixtures: a small SQLite database written by the tests, and examples on it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabbench import Example

GOLD = "SELECT name FROM singer WHERE country = 'FR'"


def build_db(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, country TEXT);
        INSERT INTO singer VALUES (1, 'Ann', 30, 'FR'), (2, 'Bob', 40, 'US'), (3, 'Cid', 50, 'FR'),
                                  (4, 'Dee', 25, 'DE');
        CREATE TABLE concert (id INTEGER PRIMARY KEY, singer_id INTEGER, year INTEGER);
        INSERT INTO concert VALUES (1, 1, 2014), (2, 1, 2015), (3, 2, 2015), (4, 3, 2016);
        """
    )
    conn.commit()
    conn.close()
    return path


@pytest.fixture(autouse=True)
def _private_gold_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Gold results go to a temporary cache, not the user's ~/.cache/tabbench (the default cache follows it)."""
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(scope="session")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(build_db(tmp_path_factory.mktemp("db") / "music.sqlite"))


@pytest.fixture
def example(db_path: str) -> Example:
    return Example("q1", GOLD, {"db_path": db_path, "question": "Names of French singers?"})


@pytest.fixture
def bad_gold(db_path: str) -> Example:
    return Example("q2", "SELECT missing_column FROM singer", {"db_path": db_path})


def wrap(sql: str, think: str = "reasoning") -> str:
    """A completion in SQL-R1's format."""
    return f"<think>{think}</think>\n<answer>```sql\n{sql}\n```</answer>"
