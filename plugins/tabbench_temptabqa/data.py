"""Read TEMPTABQA-C's released TSV files (CoRAL-ASU/TEMPTABQA-C) into ``Example`` records.

Layout under the data path (the repository root, or any folder with the same sub-folders)::

    Test_Dataset_with_Splits/{Original,CounterFactual,Original_Large_Table,Original_Small_Table,
                              Easy,Medium,Hard}.tsv
    Dev_set/dev_set.tsv
    Train_set/train_set.tsv

Each TSV has a header with at least ``Questions``, ``Answers``, ``Context`` (the infobox text, quoted, with
newlines) and ``Types`` (the question template number); Easy/Medium/Hard and dev/train add ``Difficulty``,
``PlayerName``, ``SportCategory``, ``Popularity``. The seven test files are separate question sets (they
are not a partition of one set), so the ``test`` split is their concatenation, tagged by subset.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tabbench import DataError, Example

REQUIRED = ("Questions", "Answers", "Context", "Types")


@dataclass(frozen=True)
class Subset:
    """One released file: its split name, path, and the breakdown labels its rows carry."""

    name: str
    path: str
    variant: str  # original | counterfactual | unknown
    size: str  # large | small | unknown
    difficulty: str  # easy | medium | hard | unknown


TEST_SUBSETS: tuple[Subset, ...] = (
    Subset("original", "Test_Dataset_with_Splits/Original.tsv", "original", "unknown", "unknown"),
    Subset("counterfactual", "Test_Dataset_with_Splits/CounterFactual.tsv", "counterfactual", "unknown", "unknown"),
    Subset("large", "Test_Dataset_with_Splits/Original_Large_Table.tsv", "original", "large", "unknown"),
    Subset("small", "Test_Dataset_with_Splits/Original_Small_Table.tsv", "original", "small", "unknown"),
    Subset("easy", "Test_Dataset_with_Splits/Easy.tsv", "unknown", "unknown", "easy"),
    Subset("medium", "Test_Dataset_with_Splits/Medium.tsv", "unknown", "unknown", "medium"),
    Subset("hard", "Test_Dataset_with_Splits/Hard.tsv", "unknown", "unknown", "hard"),
)
OTHER_SUBSETS: tuple[Subset, ...] = (
    Subset("dev", "Dev_set/dev_set.tsv", "original", "unknown", "unknown"),
    Subset("train", "Train_set/train_set.tsv", "original", "unknown", "unknown"),
)
SUBSETS = {s.name: s for s in TEST_SUBSETS + OTHER_SUBSETS}


def subsets_for(split: str) -> tuple[Subset, ...]:
    return TEST_SUBSETS if split == "test" else (SUBSETS[split],)


def read_subset(root: Path, subset: Subset, split: str) -> Iterator[Example]:
    """Yield the rows of one file; a missing file or column is a ``DataError`` naming it."""
    path = root / subset.path
    if not path.is_file():
        raise DataError(f"{path}: missing TEMPTABQA-C file for split {subset.name!r}")
    csv.field_size_limit(1 << 30)
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle, delimiter="\t")
            missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
            if missing:
                raise DataError(f"{path}:1: missing column(s) {', '.join(missing)}")
            for number, row in enumerate(reader, 1):
                question, answer = row.get("Questions"), row.get("Answers")
                if question is None or answer is None or row.get("Context") is None:
                    raise DataError(f"{path}: row {number}: truncated row (missing Questions/Answers/Context)")
                difficulty = (row.get("Difficulty") or "").strip().lower() or subset.difficulty
                yield Example(
                    id=f"{subset.name}-{number}",
                    gold=answer,
                    fields={
                        "question": question.strip(),
                        "context": row["Context"].strip(),
                        "qtype": (row.get("Types") or "").strip(),
                        "player": (row.get("PlayerName") or "").strip(),
                        "sport": (row.get("SportCategory") or "").strip(),
                    },
                    meta={
                        "subset": subset.name,
                        "variant": subset.variant,
                        "size": subset.size,
                        "difficulty": difficulty,
                        "qtype": (row.get("Types") or "").strip() or "unknown",
                    },
                    split=split,
                )
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except csv.Error as exc:
        raise DataError(f"{path}: malformed TSV ({exc})") from exc
