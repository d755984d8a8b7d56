"""Chart code preparation for RealHiTBench, before it is run by the shared chart rewards.

Official (``inference_llm.py``, ``utils/chart_process.py``): the code found in the answer has every quoted
``'...xlsx'`` path replaced by the table's workbook and every line stripped of leading spaces, is wrapped in
``if __name__ == '__main__':`` and ``exec``'d in the evaluator. Here the code gets the same path rewrite
(to ``table.xlsx``, the name under which the workbook is copied into the sandbox) and a safer indentation
rule (below); running it, reading the drawn y-values and comparing them is done by the shared
``chart-pass`` / ``chart-ecr`` machinery (``tabbench.tableqa.execution``) in ``tabbench.sandbox``.
"""

from __future__ import annotations

import re

_XLSX_LITERAL = re.compile(r"""(['"])[^'"\n]*\.xlsx\1""")

INDENTATION = ("auto", "official", "keep")


def _compiles(code: str) -> bool:
    try:
        compile(code, "<chart>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def prepare_code(code: str, *, indentation: str = "auto") -> str:
    """Point workbook paths at ``table.xlsx`` and fix the indentation.

    The official code strips leading spaces from every line (``line.strip(' ')``), which the answer format
    it asks for needs (``import pandas as pd \\n import matplotlib.pyplot as plt \\n ...`` puts a space
    at the start of each line; the references were produced that way) but which breaks any code with a
    block (loops, ifs, defs). ``official`` always strips; ``keep`` never does; ``auto`` (default) strips only
    when the code does not compile as it is. The code is compiled, never run, in the evaluator.
    """
    code = _XLSX_LITERAL.sub("'table.xlsx'", code)
    if indentation == "official" or (indentation == "auto" and not _compiles(code)):
        code = "\n".join(line.strip(" ") for line in code.split("\n"))
    return code
