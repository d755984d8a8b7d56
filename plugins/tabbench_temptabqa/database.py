"""Build the paper's relational database for one athlete from the infobox text of a TEMPTABQA-C row.

The release has the schema (``Dataset_Creation/Database_Generation/SQL_TableGeneration.sql``, MySQL) and the
way it was filled (``migrate_infobox_to_database_Sports.py``: one Athlete, a Tournament per competition
heading, a Format per event line, a Medal per ``MedalGold | 2016 | Rio de Janeiro`` entry with ``type`` the
first field verbatim, and the birth date split into year, month, day) but no populated database. The infobox
text in the ``Context`` column carries the same tree, so the same rows are rebuilt here, in SQLite, one small
database per distinct context (counterfactual rows get their own, altered, database as in the paper).
Databases are written once into a cache folder (``TABBENCH_CACHE_DIR`` or ``~/.cache/tabbench``) under
``temptabqa/<sha256 of the context>.sqlite`` and only ever opened read-only by the rewards.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

import tabbench

SCHEMA = """\
CREATE TABLE Athlete (
    athlete_id INTEGER PRIMARY KEY,
    name VARCHAR(100) NOT NULL
);
CREATE TABLE Tournament (
    tournament_id INTEGER PRIMARY KEY,
    athlete_id INT REFERENCES Athlete(athlete_id),
    name VARCHAR(100) NOT NULL
);
CREATE TABLE Format (
    format_id INTEGER PRIMARY KEY,
    tournament_id INT REFERENCES Tournament(tournament_id),
    name VARCHAR(100) NOT NULL
);
CREATE TABLE Medal (
    medal_id INTEGER PRIMARY KEY,
    format_id INT REFERENCES Format(format_id),
    type VARCHAR(50) NOT NULL,   -- 'MedalGold', 'MedalSilver' or 'MedalBronze'
    year INT,
    location VARCHAR(100) NOT NULL
);
CREATE TABLE PersonalInformation (
    info_id INTEGER PRIMARY KEY,
    athlete_id INT REFERENCES Athlete(athlete_id),
    birth_year INT,
    birth_month INT,
    birth_day INT
);
"""

_MEDAL = re.compile(r"(Medal\w+)\s*\|\s*(\d{3,4})\s*\|\s*([^,]*(?:,(?!\s*Medal)[^,]*)*)")
_COUNTRY = re.compile(r"^Country Representing\s*:", re.IGNORECASE)
_DATE = re.compile(r"^\s*(\d{3,4})-(\d{1,2})-(\d{1,2})\s*$")


def parse_infobox(context: str) -> dict:
    """The athlete's name, birth date and tournaments -> formats -> medals, read from the infobox text."""
    lines = [line.rstrip("\r") for line in context.splitlines()]
    nonblank = [line.strip() for line in lines if line.strip()]
    name = nonblank[0] if nonblank else ""
    birth: tuple[int, int, int] | None = None
    for i, line in enumerate(lines):
        if line.strip().lower() == "birth date":
            following = next((x for x in lines[i + 1:] if x.strip()), "")
            match = _DATE.match(following)
            if match:
                birth = (int(match.group(1)), int(match.group(2)), int(match.group(3)))
            break
    tournaments: list[tuple[str, list[tuple[str, list[tuple[str, int, str]]]]]] = []
    start = next((i for i, line in enumerate(lines) if _COUNTRY.match(line.strip())), None)
    if start is not None:
        current: list[tuple[str, list[tuple[str, int, str]]]] | None = None
        for line in lines[start + 1:]:
            if not line.strip():
                continue
            if "\t" in line:  # an event line, possibly without medals ("60 m\t")
                event, _, medals = line.partition("\t")
                entries = [(m.group(1), int(m.group(2)), m.group(3).strip()) for m in _MEDAL.finditer(medals)]
                if current is None:  # medals before any heading: an unnamed competition
                    current = []
                    tournaments.append(("", current))
                current.append((event.strip(), entries))
            else:
                current = []
                tournaments.append((line.strip(), current))
    return {"name": name, "birth": birth, "tournaments": tournaments}


def build(context: str, path: Path) -> None:
    """Write the database of ``context`` to ``path`` (atomically: a reader never sees a half-built file)."""
    data = parse_infobox(context)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tabbench.atomic_path(path) as tmp:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=OFF")  # a private temporary file, renamed into place when complete
            conn.execute("PRAGMA synchronous=OFF")
            conn.executescript(SCHEMA)
            athlete = conn.execute("INSERT INTO Athlete (name) VALUES (?)", (data["name"],)).lastrowid
            for tournament_name, events in data["tournaments"]:
                tid = conn.execute("INSERT INTO Tournament (athlete_id, name) VALUES (?, ?)",
                                   (athlete, tournament_name)).lastrowid
                for event, medals in events:
                    fid = conn.execute("INSERT INTO Format (tournament_id, name) VALUES (?, ?)",
                                       (tid, event)).lastrowid
                    conn.executemany("INSERT INTO Medal (format_id, type, year, location) VALUES (?, ?, ?, ?)",
                                     [(fid, kind, year, place) for kind, year, place in medals])
            if data["birth"] is not None:
                conn.execute("INSERT INTO PersonalInformation (athlete_id, birth_year, birth_month, birth_day) "
                             "VALUES (?, ?, ?, ?)", (athlete, *data["birth"]))
            conn.commit()
        finally:
            conn.close()


def cache_dir() -> Path:
    return tabbench.cache_dir("temptabqa")


def database_for(context: str) -> Path:
    """The (cached) database file of ``context``, built on first use."""
    path = cache_dir() / f"{hashlib.sha256(context.encode('utf-8')).hexdigest()[:32]}.sqlite"
    if not path.is_file():
        build(context, path)
    return path
