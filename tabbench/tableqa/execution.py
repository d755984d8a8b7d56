"""Running model-written table code through ``tabbench.sandbox``: program-of-thought answers and charts.

Public API (``tabbench.tableqa.execution``; stable, plugins reuse it):

- ``table_files(fields)``: the files a program sees (``table.csv`` from a TableBench table, plus ``files``).
- ``run_pot(code, files, timeout_s)``: TableBench's PoT answer: the first ``Final Answer:`` line the program
  prints, else all it prints (stripped); ``None`` when it fails or prints nothing.
- ``run_chart(code, chart_type, files, ...)``: ECR and the plotted y-values, as TableBench's chart extractors
  read them from the current axes (flattened one level, each rounded to 2 places inside the child).
- ``chart_matches(references, predictions, chart_type)``: TableBench's chart comparison.
- ``parse_references(gold)``: ``y_references = [[...]]`` (or a bare literal) read with ``ast.literal_eval``.

Each call runs the program: the host runs each sample's program once, through the named extractors of
``tabbench.tableqa.extractors``, whose answers every metric of the sample shares.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabbench.sandbox import run_python
from tabbench.tableqa.answers import extract_final_answer

CHART_TYPES = ("line", "bar", "hbar", "pie", "area", "radar", "scatter", "waterfall")
CHART_ALIASES = {"linechart": "line", "barchart": "bar", "scatterchart": "scatter", "piechart": "pie",
                 "horizontalbar": "hbar", "areachart": "area", "radarchart": "radar"}
PRELOAD: tuple[str, ...] = ()  # model code imports what it needs; nothing it does at import is refused

# Trusted code run in the sandbox after the model's chart program: read the current axes like TableBench's
# extractors, flatten one level, round each value to 2 places (in the child, on the values' own types, as the
# official comparison does) and emit them. Our own implementation of the rules in official-metrics.md 4a.
_CHART_EPILOGUE = """
import sys
plt = sys.modules.get("matplotlib.pyplot")
if plt is None:
    import matplotlib.pyplot as plt
ax = plt.gca()
kind = KIND
if kind == "line":
    ys = [list(line.get_ydata()) for line in ax.get_lines()]
elif kind == "radar":
    ys = [list(line.get_ydata())[:-1] for line in ax.get_lines()]
elif kind in ("bar", "waterfall"):
    ys = [patch.get_height() for patch in ax.patches]
elif kind == "hbar":
    ys = [patch.get_width() for patch in ax.patches]
elif kind == "pie":
    ys = [round((patch.theta2 - patch.theta1) / 360.0, 2) for patch in ax.patches]
elif kind == "area":
    ys = [[v for v in c.get_paths()[0].vertices[:, 1] if v != 0] for c in ax.collections]
else:
    ys = [[point[1] for point in c.get_offsets()] for c in ax.collections]
flat = []
for y in ys:
    if isinstance(y, list):
        flat.extend(y)
    else:
        flat.append(y)
emit([float(round(v, 2)) for v in flat])
"""

def table_files(fields: Mapping[str, Any]) -> dict[str, bytes]:
    """Files for the program's working directory: ``table.csv`` written from a TableBench ``table`` field the
    way the official parser writes it, plus any ``files`` field (``{name: path or bytes}``)."""
    from pathlib import Path

    from tabbench.tables import from_tablebench, to_csv_bytes

    files: dict[str, bytes] = {}
    table = fields.get("table")
    if isinstance(table, dict | str):
        files["table.csv"] = to_csv_bytes(from_tablebench(table, source="example table"))
    for name, content in (fields.get("files") or {}).items():
        files[str(name)] = content if isinstance(content, bytes) else Path(content).read_bytes()
    return files


@dataclass(frozen=True)
class PotRun:
    """A program-of-thought run: its answer (``None`` when none), whether it ran (ECR) and why not."""

    answer: str | None
    ecr: bool
    error: str | None
    stdout: str


def run_pot(code: str, files: Mapping[str, bytes], *, timeout_s: float = 15.0, memory_mb: int = 2048) -> PotRun:
    """Run PoT ``code`` with ``files`` in the sandbox and read its answer as TableBench does."""

    result = run_python(code, files=files, timeout_s=timeout_s + 10, cpu_s=timeout_s, memory_mb=memory_mb,
                        preload=PRELOAD, collect_files=False)
    if not result.ok:
        return PotRun(None, False, result.error or (result.status.value if result.status else None), result.stdout)
    answer = extract_final_answer(result.stdout)
    if answer is None:
        answer = result.stdout.strip() or None
    return PotRun(answer, True, None, result.stdout)


@dataclass(frozen=True)
class ChartRun:
    """A chart program: did it run (ECR), the y-values read from the axes (``None`` if unreadable), why not."""

    ecr: bool
    values: list[float] | None
    error: str | None


def normalize_chart_type(chart_type: str) -> str:
    """TableBench names as is; RealHiTBench's ``LineChart`` etc. mapped onto them."""
    kind = str(chart_type).strip().lower().replace(" ", "").replace("_", "")
    kind = CHART_ALIASES.get(kind, kind)
    if kind not in CHART_TYPES:
        raise ValueError(f"unknown chart type {chart_type!r} (known: {', '.join(CHART_TYPES)})")
    return kind


def run_chart(
    code: str,
    chart_type: str,
    files: Mapping[str, bytes],
    *,
    official_figure_state: bool = False,
    timeout_s: float = 15.0,
    memory_mb: int = 2048,
) -> ChartRun:
    """Run chart ``code`` and read the plotted values.

    By default the code runs once in a fresh interpreter: ECR is whether it ran, and the values are read from
    the figure it drew. ``official_figure_state=True`` reproduces the official parser, which runs the code once
    for ECR and then again in the same process without closing the figure, so code that does not open a new
    figure draws everything twice (see the tablebench README, "chart-state bug").
    """
    kind = normalize_chart_type(chart_type)
    programs = [code, code] if official_figure_state else [code]
    result = run_python(programs, files=files, timeout_s=timeout_s * len(programs) + 10,
                        cpu_s=timeout_s * len(programs), memory_mb=memory_mb, preload=PRELOAD,
                        epilogue=_CHART_EPILOGUE.replace("KIND", repr(kind)), collect_files=False)
    ecr = bool(result.steps) and result.steps[0].ok and not result.timed_out
    drawn = bool(result.steps) and result.steps[-1].ok and len(result.steps) == len(programs)
    if result.timed_out:
        return ChartRun(False, None, "timeout")
    if not drawn:
        return ChartRun(ecr, None, result.error)
    if result.epilogue_error or not isinstance(result.value, list):
        return ChartRun(ecr, None, result.epilogue_error or "no values read from the chart")
    return ChartRun(ecr, [float(v) for v in result.value], None)


def parse_references(gold: str) -> list[Any]:
    """The reference y-values of a chart question: ``y_references = [[...]]`` or a bare literal.

    Read without executing anything: numbers, strings, lists, tuples, signs, and ``np.nan`` / ``numpy.nan`` /
    ``nan`` (the release writes ``np.nan``, which the official script evaluates with NumPy imported).
    """
    text = gold.strip()
    if text.lower().startswith("y_references"):
        text = text.split("=", 1)[1]
    value = _literal(ast.parse(text.strip(), mode="eval").body)
    if not isinstance(value, list):
        raise ValueError("chart references must be a list")
    return value


def _literal(node: ast.AST) -> Any:
    if isinstance(node, ast.List | ast.Tuple):
        return [_literal(item) for item in node.elts]
    if isinstance(node, ast.Constant) and type(node.value) in (int, float, str):
        return node.value  # strings occur in the release ('$9,589'); the comparison then fails, as officially
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _literal(node.operand)
        if isinstance(value, int | float):
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Attribute) and node.attr == "nan" and isinstance(node.value, ast.Name) and (
        node.value.id in ("np", "numpy")
    ):
        return math.nan
    if isinstance(node, ast.Name) and node.id in ("nan", "NaN"):
        return math.nan
    raise ValueError(f"unsupported element in chart references: {ast.dump(node)[:80]}")


def _flatten(values: list[Any]) -> list[Any]:
    flat: list[Any] = []
    for value in values:
        if isinstance(value, list | tuple):
            flat.extend(value)
        else:
            flat.append(value)
    return flat


def chart_matches(references: list[Any], predictions: list[float], chart_type: str) -> bool:
    """TableBench's comparison: flatten one level, round to 2 places (pie references as shares of their sum),
    sort both, same length and element-wise equal with NaN equal to NaN. Raises on malformed references."""
    refs = _flatten(references)
    if normalize_chart_type(chart_type) == "pie":
        total = sum(refs)
        refs = [round(r / total, 2) for r in refs]
    refs = sorted(round(r, 2) for r in refs)
    preds = sorted(round(p, 2) for p in predictions)
    if len(refs) != len(preds):
        return False
    for r, p in zip(refs, preds, strict=True):
        if isinstance(r, float) and math.isnan(r):
            if not (isinstance(p, float) and math.isnan(p)):
                return False
        elif r != p:
            return False
    return True
