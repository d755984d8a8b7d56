"""The learning proof's records: each seed a piece published into a results folder (no weights), and the board
built from the pieces alone (``benchmarks/learning_proof.py``).

A results folder holds, per seed ``k``:

- ``piece-seed<k>.json``: the plan (every setting that must match between seeds, the validation design, the
  compile choices, the labels), the stages' seconds, the machine and whether the piece finished;
- ``<stage>-seed<k>/``: the stage's evaluation run (``results.json``, ``run.json``, ``samples/``) and, for a trained
  stage, ``training/`` (the trainer's ``tabbench_train.json`` and ``trainer_state.json``, its seconds, and for an
  arm chosen on validation ``selection.json``; GRPO's filtered prompts and levers);
- ``base-seed<k>/`` in the one piece that evaluated the base model.

Pieces of one proof come from different machines (a lent GPU runs one seed a window) and meet only here: the
board is built from the committed pieces, on any machine, and refuses pieces whose plans differ. Publishing
copies a piece into a staging folder beside the results and moves each stage in only when the whole piece is
copied, so a failure never leaves a seed half-replaced and nothing published is deleted before its replacement
is complete.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from proof_plan import PROCESS_START

TABBENCH = [sys.executable, "-m", "tabbench"]
PAIRS = (("sft", "base"), ("grpo", "sft"), ("control", "sft"), ("grpo", "control"))
PIECE = "piece-seed{seed}.json"
LABELS = {"base": "SmolLM2-135M-Instruct", "sft": "+ SFT", "grpo": "+ SFT + GRPO",
          "control": "+ SFT + more SFT (GRPO's CPU time)"}


def copy_stage(work: Path, dest: Path, stage: str) -> None:
    """A stage's evaluation run and training records (no weights) from the seed's ``work`` folder to ``dest``."""
    run = work / "eval" / stage
    dest.mkdir(parents=True)
    for name in ("results.json", "run.json"):
        shutil.copy2(run / name, dest / name)
    shutil.copytree(run / "samples", dest / "samples")
    arm = stage
    training = dest / "training"
    if stage == "grpo" and (work / "grpo-lever.json").is_file():  # the lever validation chose
        arm = json.loads((work / "grpo-lever.json").read_text())["chosen"]
        training.mkdir()
        shutil.copy2(work / "grpo-lever.json", training / "levers.json")
    if (work / arm / "tabbench_train.json").is_file():
        training.mkdir(exist_ok=True)
        for name in ("trainer_state.json", "tabbench_train.json"):
            shutil.copy2(work / arm / name, training / name)
        shutil.copy2(work / f"{arm}.stage.json", training / "seconds.json")
    if (work / f"{arm}-selection.json").is_file():
        shutil.copy2(work / f"{arm}-selection.json", training / "selection.json")
    if stage == "grpo" and (work / "grpo-prompts.txt").is_file():
        training.mkdir(exist_ok=True)
        shutil.copy2(work / "grpo-prompts.txt", training / "grpo-prompts.txt")
        shutil.copy2(work / "filter.stage.json", training / "filter-seconds.json")


def publish_piece(work: Path, results: Path, seed: int, stages: list[str], piece: dict[str, Any]) -> list[Path]:
    """Copy seed ``seed``'s ``stages`` from ``work`` (the seed's folder) and ``piece`` (``piece-seed<k>.json``)
    into ``results``: everything is copied to a staging folder first; only then is each stage moved in, an
    earlier one of the same name set aside until its replacement is in place. Returns the stage folders."""
    missing = [s for s in stages if not (work / "eval" / s / "results.json").is_file()]
    if missing:
        raise SystemExit(f"seed {seed}: no finished evaluation of {', '.join(missing)} in {work / 'eval'}: "
                         "nothing published")
    results.mkdir(parents=True, exist_ok=True)
    staging = results / f".staging-seed{seed}-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for stage in stages:
            copy_stage(work, staging / f"{stage}-seed{seed}", stage)
        (staging / PIECE.format(seed=seed)).write_text(json.dumps(piece, indent=1, sort_keys=True) + "\n")
        placed = []
        for entry in sorted(staging.iterdir()):
            target = results / entry.name
            old = results / f".old-{entry.name}-{os.getpid()}"
            if target.exists():
                target.rename(old)
            entry.rename(target)
            if old.is_dir():
                shutil.rmtree(old)
            elif old.exists():
                old.unlink()
            placed.append(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [p for p in placed if p.is_dir()]


def read_pieces(results: Path, seeds: list[int] | None = None) -> dict[int, dict[str, Any]]:
    """The finished pieces in ``results`` (those of ``seeds`` when given: each must be there), by seed; one line
    names a missing, unreadable or unfinished piece, or plans that differ between seeds."""
    if not results.is_dir():
        raise SystemExit(f"--results {results}: no such folder (the committed pieces of the proof go there)")
    found = {}
    for path in sorted(results.glob("piece-seed*.json")):
        try:
            piece = json.loads(path.read_text(encoding="utf-8"))
            seed = int(piece["seed"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"{path}: not a readable piece record ({exc})") from None
        if path.name != PIECE.format(seed=seed):
            raise SystemExit(f"{path}: records seed {seed}")
        found[seed] = piece
    wanted = sorted(found) if seeds is None else seeds
    absent = [k for k in wanted if k not in found]
    if absent or not wanted:
        raise SystemExit(f"--results {results}: no piece of seed {', '.join(map(str, absent)) or 'any'} "
                         f"(piece-seed<k>.json); run that seed's piece and commit its records first")
    unfinished = [k for k in wanted if not found[k].get("complete")]
    if unfinished:
        raise SystemExit(f"--results {results}: the piece of seed {unfinished[0]} did not finish "
                         f"({found[unfinished[0]].get('stopped') or 'see its log'}): run it again")
    first = found[wanted[0]]["plan"]
    for k in wanted[1:]:
        if found[k]["plan"] != first:
            keys = sorted(key for key in {*first, *found[k]["plan"]} if first.get(key) != found[k]["plan"].get(key))
            raise SystemExit(f"--results {results}: the pieces of seeds {wanted[0]} and {k} differ in their plan "
                             f"({', '.join(keys)}): one proof needs one plan")
    return {k: found[k] for k in wanted}


def build_board(results: Path, board: Path, seeds: list[int] | None = None) -> None:
    """The board of the pieces in ``results``: every seed's stages, the base from the piece that has it, the
    paired tests over seeds, and GRPO's diagnostics plot per seed; nothing in ``results`` is deleted."""
    pieces = read_pieces(results, seeds)
    order = sorted(pieces)
    plan = pieces[order[0]]["plan"]
    bases = [k for k in order if (results / f"base-seed{k}" / "results.json").is_file()]
    if not bases:
        raise SystemExit(f"--results {results}: no base-seed<k>/ (the piece run with --base-eval holds it)")
    trained = plan["trained"]
    for k in order:
        absent = [s for s in trained if not (results / f"{s}-seed{k}" / "results.json").is_file()]
        if absent:
            raise SystemExit(f"--results {results}: piece {k} lacks {', '.join(f'{s}-seed{k}/' for s in absent)}")
    labels = plan["labels"]
    runs, number = [], {}
    for stage, k in [("base", bases[0])] + [(s, k) for k in order for s in trained]:
        path = results / f"{stage}-seed{k}"
        runs.append(f"{path}={labels[stage]}" + ("" if stage == "base" else f" (seed {k})"))
        number[(stage, k)] = len(runs)
    pairs = []
    extra = (("grpo2", "sft"), ("grpo2", "control")) if "grpo2" in trained else ()
    for new, old in PAIRS + extra:
        pairs += ["--pair", ",".join(str(number[(new, k)]) for k in order),
                  ",".join(str(number[(old, bases[0] if old == "base" else k)]) for k in order)]
    subprocess.run([*TABBENCH, "leaderboard", "build", *runs, "--out", str(board), "--no-references",
                    "--title", plan["title"], *pairs], check=True)
    for k in order:
        for stage in [s for s in ("grpo", "grpo2") if s in trained]:
            training = results / f"{stage}-seed{k}" / "training"
            if (training / "trainer_state.json").is_file():
                subprocess.run([*TABBENCH, "leaderboard", "plot-rewards", str(training / "trainer_state.json"),
                                "--diagnostics", "--out", str(training / "diagnostics.png")], check=True)


def trained_stages(args: argparse.Namespace) -> list[str]:
    return ["sft", "grpo", "control", *(["grpo2"] if args.grpo2 else [])]


def labels(args: argparse.Namespace) -> dict[str, str]:
    """Each stage's row label on the board, saying what the arm did with its budget."""
    control = f"+ SFT + more SFT ({args.budget:g} s of training, beside GRPO)" if args.budget else LABELS["control"]
    found = {**LABELS, "control": control, "grpo2": f"+ SFT + GRPO ({args.grpo2})"}
    if args.model_source:
        found["base"] = args.model_source
    if args.validation_where:
        design = json.loads((args.work / "validation.json").read_text())
        dbs = len(design["databases"])
        kept = (f"{args.budget:g} s, best of {args.snapshots} snapshots on {design['n']} validation questions of "
                f"{dbs} database{'s' if dbs != 1 else ''} held out of training")
        levers = f", or a lever: {'; '.join(args.lever)}" if args.lever else ""
        found.update(control=f"+ SFT + more SFT ({kept})", grpo=f"+ SFT + GRPO ({kept}{levers})")
    return {stage: found[stage] for stage in ["base", *trained_stages(args)]}


def plan(args: argparse.Namespace) -> dict[str, object]:
    """What must be the same in every seed's piece: the settings, the validation design, the compile choices and
    the labels (``proof_records.read_pieces`` refuses pieces whose plans differ)."""
    fixed = {key: value for key, value in sorted(vars(args).items()) if key not in {
        "work", "results", "board", "board_only", "piece", "base_eval", "seeds", "parallel_seeds", "deadline",
        "deadline_at", "model", "gguf", "figures", "compile_choices", "data"}}  # paths of this machine: not the plan
    for key in ("train_where", "validation_where"):  # less files of ids: validation's ids_sha256 stands for them
        fixed[key] = [w for w in getattr(args, key) if "@" not in w]
    validation = (json.loads((args.work / "validation.json").read_text()) if args.validation_where else None)
    return {"settings": json.loads(json.dumps(fixed, default=str)), "validation": validation,
            "compile": args.compile_choices, "trained": trained_stages(args), "labels": labels(args),
            "title": f"tabbench learning proof: {args.model_source or 'SmolLM2-135M-Instruct'} on {args.benchmark}"}


def machine(args: argparse.Namespace) -> dict[str, str]:
    """Where a piece ran (recorded, not compared between seeds)."""
    found = {"python": platform.python_version(), "host_cpu": platform.machine()}
    if args.device == "cuda":
        probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.cuda.get_device_name(), "
                                "torch.__version__)"], capture_output=True, text=True)
        found["gpu"] = probe.stdout.strip() or probe.stderr.strip()[-200:]
    return found


def piece_record(args: argparse.Namespace, seed: int, complete: bool, stopped: str | None,
                 deadline_at: float | None) -> dict[str, object]:
    """``piece-seed<k>.json``: the plan, whether the piece finished (else where it stopped), the machine, the
    deadline and the seconds from the process start, and every stage's seconds."""
    work = args.work / f"seed{seed}"  # the base model's evaluation is the first seed's stage
    stages = {p.stem.removesuffix(".stage"): json.loads(p.read_text()) for p in sorted(work.glob("*.stage.json"))}
    deadline = None if deadline_at is None else round(deadline_at - PROCESS_START, 1)
    return {"format": 1, "seed": seed, "plan": plan(args), "complete": complete, "stopped": stopped,
            "machine": machine(args), "data": args.data, "deadline_s": deadline,
            "seconds": round(time.time() - PROCESS_START, 1),
            "stages": {k: {key: v[key] for key in ("rc", "wall_s", "cpu_s")} for k, v in stages.items()}}
