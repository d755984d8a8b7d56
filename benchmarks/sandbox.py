"""Cost of one sandboxed program: ``run_python`` per case, and the path users run (``tabbench score`` on PoT).

Run: ``python benchmarks/sandbox.py [repeats]``. Prints seconds per run (median and max of ``repeats``) for
trivial code, pandas, pandas + a chart and three hostile programs, then the cost per program-of-thought
sample of ``tabbench score tablebench`` started as a subprocess (the difference between scoring 21 programs
and 1, divided by 20, so interpreter start-up and plugin loading are not counted).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tabbench.sandbox import isolation, run_python

CASES = {
    "trivial": ("print(1)", {}),
    "pandas": ("import pandas as pd\nprint(pd.read_csv('table.csv')['b'].sum())", {"table.csv": b"a,b\nx,1\ny,2\n"}),
    "pandas+chart": (
        "import pandas as pd\nimport matplotlib.pyplot as plt\ndf = pd.read_csv('table.csv')\n"
        "plt.bar(df['a'], df['b'])\nplt.show()",
        {"table.csv": b"a,b\nx,1\ny,2\n"},
    ),
    "infinite loop (timeout 1 s)": ("while True:\n    pass", {}),
    "fork bomb": ("import os\nwhile True:\n    os.fork()", {}),
    "huge allocation": ("x = bytearray(10 ** 12)", {}),
}
POT = "import pandas as pd\ndf = pd.read_csv('table.csv')\nprint('Final Answer:', df['points'].sum() + {i})"


def _score_seconds(programs: int, tmp: Path) -> float:
    table = {"columns": ["team", "points"], "data": [["a", 10], ["b", 20], ["c", 30]]}
    rows = [{"id": f"p{i}", "qtype": "NumericalReasoning", "qsubtype": "Aggregation", "table": table,
             "question": "total?", "answer": str(60 + i), "instruction_type": "PoT", "instruction": "Answer.",
             "prediction": f"```python\n{POT.format(i=i)}\n```"} for i in range(programs)]
    data = tmp / f"TableBench_PoT_{programs}.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp / f"run{programs}-{time.monotonic_ns()}"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tabbench", "score", "tablebench", "--data", f"tablebench={data}",
                    "--predictions", str(data), "--out", str(out), "-o", "instruction_type=PoT", "--workers", "1",
                    "--no-progress"],
                   check=True, capture_output=True)
    seconds = time.perf_counter() - start
    em = json.loads((out / "results.json").read_text())["benchmarks"]["tablebench"]["metrics"]["em"]["value"]
    assert em == 1.0, f"PoT programs did not score: em={em}"
    return seconds


def main(repeats: int = 3) -> None:
    print(f"isolation: {isolation()}")
    for name, (code, files) in CASES.items():
        times, status = [], None
        for _ in range(repeats):
            start = time.perf_counter()
            result = run_python(code, files=files, timeout_s=1 if "loop" in name else 30)
            times.append(time.perf_counter() - start)
            status = result.status.value if result.status else "ok"
        print(f"{name:32s} median {statistics.median(times):6.2f} s   max {max(times):6.2f} s   status {status}")
    with tempfile.TemporaryDirectory() as tmp:
        one = statistics.median(_score_seconds(1, Path(tmp)) for _ in range(repeats))
        many = statistics.median(_score_seconds(21, Path(tmp)) for _ in range(repeats))
    print(f"tabbench score tablebench PoT: 1 program {one:.2f} s, 21 programs {many:.2f} s, "
          f"{(many - one) / 20:.3f} s per program")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
