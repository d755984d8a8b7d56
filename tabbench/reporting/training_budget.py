"""What a trained stage spent: optimiser steps, tokens and seconds, read from the trainer's own records that a
learning proof publishes beside an eval run (``RUN/training/``), and which checkpoint validation chose.

Why: "equal compute" between two arms means little unless a reader sees what each arm did with it (600 SFT steps
against 13 GRPO steps in the same seconds is a different comparison from 100 against 100). A board shows these
figures next to the scores; they are the trainer's counts (``trainer_state.json``: steps, the largest
``num_tokens`` logged; ``tabbench_train.json``: training seconds, learning rate), never estimated here.

Layout: ``training/`` holds one training's ``trainer_state.json`` and ``tabbench_train.json``, or, when the arm
trained in rounds (checkpoint selection: each round's checkpoint evaluated on the validation split),
``training/round-<k>/`` with those files per round, and ``training/selection.json``::

    {"split": "validation", "n": 89, "metric": "ex", "chosen": 2,
     "rounds": [{"round": 0, "steps": 0, "score": 0.21}, {"round": 1, "steps": 40, "score": 0.24}, ...]}

(round 0 is the starting checkpoint; ``steps`` counts optimiser steps since it). With ``"kind": "snapshot"``
the "rounds" are snapshots of one training run (``train --snapshots``), whose records sit in ``training/`` itself.
Run folders are untrusted: a file that is not JSON is a ``DataError`` naming it, and a field of the wrong type is
shown as unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.errors import DataError
from tabbench.evaluation.runfolder import existing, inside, read_json


def _read(path: Path) -> dict[str, Any]:
    data = read_json(path, "training record")
    if not isinstance(data, dict):
        raise DataError(f"{path}: not a training record (expected a JSON object)")
    return data


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class Budget:
    """One arm's training: summed over its rounds when it trained in rounds."""

    trainer: str
    steps: float | None
    tokens: float | None
    seconds: float | None
    learning_rate: float | None
    rounds: int
    selection: dict[str, Any] | None

    def chosen(self) -> str:
        """The checkpoint kept, e.g. ``round 2 of 4 (40 steps; validation ex 24.0%)``; empty without selection."""
        sel = self.selection
        if not sel:
            return ""
        rounds = [r for r in sel.get("rounds") or [] if isinstance(r, dict)]
        chosen = next((r for r in rounds if r.get("round") == sel.get("chosen")), None)
        if chosen is None:
            return "unknown"
        steps, score = _number(chosen.get("steps")), _number(chosen.get("score"))
        parts = [f"{steps:.0f} steps" if steps is not None else "",
                 f"{sel.get('split', 'validation')} {sel.get('metric', '')} {100 * score:.1f}%".replace("  ", " ")
                 if score is not None else ""]
        detail = "; ".join(p for p in parts if p)
        kind = "snapshot" if sel.get("kind") == "snapshot" else "round"
        return f"{kind} {chosen.get('round')} of {len(rounds) - 1}" + (f" ({detail})" if detail else "")


def _one(run_dir: Path, *folder: str) -> tuple[str, float | None, float | None, float | None, float | None]:
    """(trainer, steps, tokens, seconds, learning rate) of one training's records in ``RUN_DIR/FOLDER``."""
    train = _read(inside(run_dir, *folder, "tabbench_train.json"))
    state_file = existing(run_dir, *folder, "trainer_state.json")
    state = _read(state_file) if state_file is not None else {}
    history = state.get("log_history") if isinstance(state.get("log_history"), list) else []
    tokens = [_number(row.get("num_tokens")) for row in history if isinstance(row, dict)]
    tokens = [t for t in tokens if t is not None]
    settings = train.get("settings") if isinstance(train.get("settings"), dict) else {}
    steps = _number(train.get("steps"))
    return (str(train.get("trainer") or ""), steps if steps is not None else _number(state.get("global_step")),
            max(tokens) if tokens else None, _number(train.get("seconds")), _number(settings.get("learning_rate")))


def _total(values: list[float | None]) -> float | None:
    return None if any(v is None for v in values) else sum(v for v in values if v is not None)


def read_budget(run_dir: Path) -> Budget | None:
    """The training budget published with ``run_dir``; ``None`` when the run has no ``training/`` records. Read
    through the run-folder reader: inside the run, regular files only."""
    training = inside(run_dir, "training")
    rounds = sorted((p.name for p in training.glob("round-*") if p.is_dir() and re.fullmatch(r"round-\d+", p.name)),
                    key=lambda name: int(name.split("-")[1]))
    folders = [("training", name) for name in rounds if existing(run_dir, "training", name, "tabbench_train.json")]
    if not folders and existing(run_dir, "training", "tabbench_train.json"):
        folders = [("training",)]
    if not folders:
        return None
    records = [_one(Path(run_dir), *folder) for folder in folders]
    selection_file = existing(run_dir, "training", "selection.json")
    selection = _read(selection_file) if selection_file is not None else None
    return Budget(trainer=records[0][0], steps=_total([r[1] for r in records]),
                  tokens=_total([r[2] for r in records]), seconds=_total([r[3] for r in records]),
                  learning_rate=records[0][4], rounds=len(folders) if rounds else 1, selection=selection)
