"""Cost of one sandboxed run: trivial code, pandas, pandas + matplotlib chart, and the hostile battery.

Run: ``python benchmarks/sandbox.py [repeats]``. Prints seconds per run (median and max of ``repeats``).
"""

from __future__ import annotations

import statistics
import sys
import time

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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
