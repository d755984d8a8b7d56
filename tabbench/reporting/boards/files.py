"""A board as a committed file: ``build`` renders and writes it, ``check`` rebuilds it from the inputs its header
records and fails on any difference, ``find_boards`` lists the boards of a folder."""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from pathlib import Path

from tabbench.contract.atomic import write_atomic
from tabbench.contract.confine import open_regular, read_regular
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.reporting.boards.paths import make_folder, relative_to
from tabbench.reporting.boards.render import MARK, BoardSpec, parse_pairs, render
from tabbench.reporting.boards.runs import BUILTIN_REFERENCES, DEFAULT_REFERENCES, load_runs, parse_run_arg


class BoardOutOfDate(TabbenchError):
    """A committed board differs from what its recorded inputs render to now."""


def build(runs: Sequence[str], out: Path, *, suites: Sequence[str] = (), references: Path | None = DEFAULT_REFERENCES,
          plots: Path | None = None, title: str = "tabbench leaderboard", pairs: Sequence[tuple[str, str]] = ()
          ) -> str:
    """Render a board from ``RUN_DIR[=LABEL]`` arguments and write it to ``out``; returns the text. ``pairs``:
    ``(NEW, OLD)`` run numbers (as on the board, from 1; comma-separated to pool) to compare item by item."""
    out = Path(out)
    parsed = [parse_run_arg(r) for r in runs]
    loaded = load_runs(parsed)  # a missing or unreadable run is named as given, before anything is written
    numbered = parse_pairs(pairs, len(loaded))
    make_folder(out.parent, f"--out {out}")
    if plots:
        make_folder(Path(plots), f"--plots {plots}")
    base = out.parent.resolve()
    refs = Path(references) if references is not None and Path(references).is_file() else None
    if references is not None and refs is None and Path(references) != DEFAULT_REFERENCES:
        raise DataError(f"{references}: reference results file not found")
    spec = BoardSpec(
        runs=[(relative_to(p, base), label) for p, label in parsed], suites=list(suites),
        references=None if refs is None else BUILTIN_REFERENCES if refs.resolve() == DEFAULT_REFERENCES
        else relative_to(refs, base), plots=relative_to(plots, base) if plots else None,
        title=title, pairs=numbered,
    )
    text = render(spec, base)
    try:
        write_atomic(out, text)  # replaced in one step: a kill never leaves half a board
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write the board ({exc.strerror})") from exc
    return text


def _board_text(board: Path) -> str:
    """A board's text exactly as stored (a ``\r`` stays a ``\r``); a board that is no regular UTF-8 file is a
    ``DataError`` naming it (a FIFO is refused, never waited on)."""
    try:
        return read_regular(board).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{board}: not a tabbench leaderboard (not UTF-8 text: {exc.reason})") from None


def read_spec(board: Path, board_text: str | None = None) -> BoardSpec:
    """The inputs recorded in a board's header comment (of ``board_text`` when given, else of the file)."""
    first = (_board_text(board) if board_text is None else board_text).split("\n", 1)[0]
    prefix = f"<!-- {MARK} "
    if not (first.startswith(prefix) and first.endswith(" -->")):
        raise DataError(f"{board}:1: not a tabbench leaderboard (no '{prefix}...' header)")
    try:
        spec = BoardSpec.from_json(json.loads(first[len(prefix):-4]))
    except (ValueError, RecursionError, KeyError, TypeError, AttributeError) as exc:
        raise DataError(f"{board}:1: malformed leaderboard header ({exc})") from None
    texts = [p for p, _ in spec.runs] + [v for v in (spec.references, spec.plots) if v is not None]
    if not all(isinstance(v, str) for v in (*texts, spec.title, *spec.suites)):
        raise DataError(f"{board}:1: malformed leaderboard header (paths, suites and title must be text)")
    if not all(label is None or isinstance(label, str) for _, label in spec.runs):
        raise DataError(f"{board}:1: malformed leaderboard header (labels must be text)")
    for new, old in spec.pairs:
        numbers = (*new, *old)
        if not new or len(new) != len(old) or not all(type(n) is int and 1 <= n <= len(spec.runs) for n in numbers):
            raise DataError(f"{board}:1: malformed leaderboard header (each pair: as many run numbers on both "
                            f"sides, from 1 to {len(spec.runs)})")
    return spec


def check(board: Path) -> None:
    """Rebuild ``board`` from its recorded inputs (plots are not rewritten); raise ``BoardOutOfDate`` on a change.
    Lines are compared as written (split at ``\n`` only), so a stray ``\r`` is a difference, never a crash."""
    board = Path(board)
    actual = _board_text(board)
    expected = render(read_spec(board, actual), board.parent.resolve(), write_plots=False)
    if expected == actual:
        return
    old, new = actual.split("\n"), expected.split("\n")
    changed = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
    _, i1, _, j1, _ = changed[0]
    removed = sum(o[2] - o[1] for o in changed)
    added = sum(o[4] - o[3] for o in changed)
    first_old = old[i1] if i1 < len(old) else "(end of file)"
    first_new = new[j1] if j1 < len(new) else "(end of file)"
    raise BoardOutOfDate(
        f"{board}: out of date: -{removed} +{added} lines, first at line {i1 + 1}: "
        f"{_short(first_old)!r} would become {_short(first_new)!r}; rebuild with `tabbench leaderboard build` "
        "(the inputs are in its header)"
    )


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def find_boards(folder: Path) -> list[Path]:
    """The leaderboards in ``folder``: markdown files whose first line is a tabbench header."""
    boards = []
    for path in sorted(Path(folder).glob("*.md")):
        with open_regular(path) as handle:  # a FIFO named *.md is refused, never waited on
            if handle.readline().startswith(f"<!-- {MARK} ".encode()):
                boards.append(path)
    return boards
