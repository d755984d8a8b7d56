"""One prompt longer than the model's context in a 100-question eval: the run finishes, that sample says why, the
others are scored; through the hf backend and through a real ``transformers serve`` (the openai backend).

The data is the demo's Spider-format dev set with one question made far longer than the tiny model's 1,024
positions (``tests/long_prompts.py``); each backend runs ``tabbench eval --limit 100`` on it (greedy, 8 new
tokens), once as is and once with ``--truncate-prompts``, and this prints each run's status counts, the long
sample's record and the seconds it took.

    python benchmarks/long_prompt.py [--questions 100] [--index 50]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import tabbench  # noqa: E402
from tests import transformers_serve  # noqa: E402
from tests.long_prompts import demo_spider_with_a_long_question  # noqa: E402


def run(model: str, data: Path, out: Path, questions: int, long_id: str, *extra: str) -> None:
    from click.testing import CliRunner

    from tabbench.cli import build_cli

    start = time.perf_counter()
    result = CliRunner().invoke(build_cli(), [
        "eval", "--model", model, "--benchmark", "demo-spider", "--data", f"demo-spider={data}", "--limit",
        str(questions), "--max-new-tokens", "8", "--out", str(out), "--no-cache", "--no-progress", *extra])
    seconds = time.perf_counter() - start
    if result.exit_code != 0:
        print(f"  {' '.join(extra) or 'as is':20s} FAILED (exit {result.exit_code}): {result.output[-400:]}")
        return
    block = json.loads((out / "results.json").read_text())["benchmarks"]["demo-spider"]
    records = [json.loads(line) for line in (out / "samples" / "demo-spider.jsonl").read_text().splitlines()]
    long = next(r for r in records if r["id"] == long_id)
    scored = sum(1 for r in records if r["id"] != long_id and r["completions"])
    print(f"  {' '.join(extra) or 'as is':20s} exit 0 in {seconds:5.1f} s; n={block['n']}, status counts "
          f"{block['status_counts']}; {scored} others generated and scored")
    print(f"  {'':20s} long sample {long_id}: status {long['status']}, score {long['score']}, "
          f"completions {len(long['completions'])}, generation {json.dumps(long.get('generation'))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--index", type=int, default=50, help="which question (0-based) is made too long")
    args = parser.parse_args()
    from tabbench.testing import build_tiny_model

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        model = build_tiny_model(root / "tiny")  # the demo tokenizer, 1,024 positions
        data, long_id = demo_spider_with_a_long_question(root / "data", args.index)
        bench = tabbench.get_benchmark("demo-spider", data)
        print(f"demo-spider dev, first {args.questions} questions; question {long_id} made "
              f"{len(bench.prompt(next(e for e in bench.examples('dev') if e.id == long_id))[-1]['content'])} "
              "characters long; tiny model with a 1,024-token context, 8 new tokens")
        print("hf backend:")
        for extra in ((), ("--truncate-prompts",)):
            run(str(model), data, root / f"hf{len(extra)}", args.questions, long_id, *extra)
        proc, base = transformers_serve.start(model, root)
        try:
            print("openai backend, transformers serve (chat endpoint; completions endpoint to cut):")
            spec = f"openai:{base}#{model}"
            run(spec, data, root / "openai0", args.questions, long_id)
            run(spec, data, root / "openai1", args.questions, long_id, "-m", "max_model_len=100000")
            run(spec, data, root / "openai2", args.questions, long_id, "-m", "endpoint=completions",
                "--truncate-prompts")
        finally:
            transformers_serve.stop(proc)


if __name__ == "__main__":
    main()
