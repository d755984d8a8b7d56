"""How fast the TRL reward path scores a GRPO run, against the floor of its distinct queries, and its memory.

Two reward functions, ``trl_reward("bird-ex")`` and ``trl_reward("sqlr1")``, are called exactly as TRL's
``GRPOTrainer`` calls them (keyword columns repeated per completion, conversational completions,
``completion_ids``, ``trainer_state``, ``log_metric``, ``log_extra``) for ``--steps`` steps of 16 prompts x 8
completions. Prompts come from a dataset of ``--prompts`` questions taken in epochs, so they recur; each
prompt's completions are sampled from a few candidates (the gold verbatim, a rewrite, a wrong filter, an
error), as a policy repeats itself within a group and across epochs. Default options (the SQL worker pool,
a cold gold cache).

The floor: each distinct query the two rewards need (SQL-R1 runs Spider's normalisation of both queries,
so a query with DISTINCT is a different one for it) executed once on a plain connection, nothing else.
Peak RSS of this process and of its process tree (SQL workers included) while the rewards run.

    .venv/bin/python benchmarks/trl_reward_path.py [--steps 50] [--prompts 64] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bird_workload import DB_ID, QUESTIONS, TEMPLATES, build_database, run_each
from score_bird import MB, TreeRss

GROUP, PROMPTS_PER_STEP = 8, 16


def dataset(db: Path, n_prompts: int) -> list[dict]:
    """``n_prompts`` rows like ``tabbench.adapters.dataset_rows`` gives, with each prompt's candidates."""
    rng = random.Random(13)
    rows = []
    for i in range(n_prompts):
        params, gold_of, variant_of = TEMPLATES[i % len(TEMPLATES)]
        param = params[(i // len(TEMPLATES)) % len(params)]
        gold = gold_of(param)
        other = rng.choice(params)
        candidates = [gold, variant_of(param), gold_of(other), gold.replace("SELECT", "SELEC", 1)]
        example = {"id": str(i), "gold": gold, "fields": {"db_path": str(db), "db_id": DB_ID,
                                                         "question": f"question {i}"}}
        rows.append({"prompt": [{"role": "user", "content": f"question {i}"}], "example": json.dumps(example),
                     "benchmark": "bird", "id": str(i), "candidates": candidates})
    return rows


def completion(sql: str, rng: random.Random) -> list[dict]:
    """A conversational completion in SQL-R1's format (bird-ex reads the same SQL from it)."""
    think = "Find the table, then filter." * rng.randint(1, 3)
    return [{"role": "assistant", "content": f"<think>{think}</think>\n<answer>```sql\n{sql}\n```</answer>"}]


def steps(rows: list[dict], n_steps: int) -> list[list[tuple[dict, list[dict]]]]:
    """Per step: (row, completion) for 16 prompts x 8 completions; prompts in epochs, completions sampled
    from each prompt's candidates with a policy's repetitiveness (half the group repeats one answer)."""
    rng = random.Random(17)
    order: list[dict] = []
    while len(order) < n_steps * PROMPTS_PER_STEP:
        epoch = list(rows)
        rng.shuffle(epoch)
        order += epoch
    out = []
    for step in range(n_steps):
        batch = []
        for row in order[step * PROMPTS_PER_STEP: (step + 1) * PROMPTS_PER_STEP]:
            weights = [0.5, 0.2, 0.2, 0.1]
            for _ in range(GROUP):
                sql = rng.choices(row["candidates"], weights)[0]
                batch.append((row, completion(sql, rng)))
        out.append(batch)
    return out


def call_like_grpo(functions: list, batch: list[tuple[dict, list[dict]]], step: int) -> list[list[float | None]]:
    """What ``GRPOTrainer._calculate_rewards`` does: every reward function once per step, columns repeated."""
    columns = {key: [row[key] for row, _ in batch] for key in ("example", "benchmark", "id")}
    prompts = [row["prompt"] for row, _ in batch]
    completions = [c for _, c in batch]
    ids = [[1, 2, 3]] * len(batch)
    logged: dict = {}
    return [f(prompts=prompts, completions=completions, completion_ids=ids, trainer_state={"global_step": step},
              log_metric=lambda k, v: logged.__setitem__(k, v), log_extra=lambda k, v: None, **columns)
            for f in functions]


def floor_queries(schedule: list) -> list[str]:
    """The distinct queries the two rewards need: bird-ex's as written, SQL-R1's Spider-normalised."""
    from tabbench.sql.compare import fix_spaced_operators, remove_distinct

    queries: dict[str, None] = {}
    for batch in schedule:
        for row, messages in batch:
            sql = messages[0]["content"].split("```sql\n", 1)[1].split("\n```", 1)[0]
            gold = json.loads(row["example"])["gold"]
            for text in (gold, sql):
                queries[text] = None
                queries[remove_distinct(fix_spaced_operators(text))] = None
    return list(queries)


def floor(db: Path, queries: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds to run each query once on a plain connection."""
    start, start_cpu = time.perf_counter(), time.process_time()
    conn = sqlite3.connect(db)
    run_each(conn, queries)
    conn.close()
    return time.perf_counter() - start, time.process_time() - start_cpu


def process_cpu(pids: list[int]) -> float:
    """CPU seconds used so far by these processes (Linux /proc)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def reward_path(schedule: list) -> dict:
    """The steps through fresh reward functions, in this (fresh) process: a new training run."""
    start, start_cpu = time.perf_counter(), time.process_time()
    from tabbench.adapters import trl_reward
    from tabbench.sql import configured_workers, current_store, shared_pool

    functions = [trl_reward("bird-ex"), trl_reward("sqlr1")]
    values = [call_like_grpo(functions, batch, step) for step, batch in enumerate(schedule)]
    wall = time.perf_counter() - start
    workers_cpu = process_cpu(shared_pool(configured_workers()).pids) if configured_workers() else 0.0
    stats = current_store().stats
    return {"wall": wall, "cpu": time.process_time() - start_cpu, "workers_cpu": workers_cpu,
            "applicable": sum(v is not None for step in values for f in step for v in f),
            "store": {"stored": stats.stored, "hits": stats.hits, "comparisons_reused": stats.comparisons_reused}}


def run_child(args: argparse.Namespace, cache: Path) -> tuple[dict, tuple[int, int]]:
    """``reward_path`` in a new process (as a training run is), its peak memory sampled from here."""
    command = [sys.executable, __file__, "--child", "--steps", str(args.steps), "--prompts", str(args.prompts),
               "--work", str(args.work)]
    process = subprocess.Popen(command, env={**os.environ, "TABBENCH_CACHE_DIR": str(cache)},
                               stdout=subprocess.PIPE, text=True)
    sampler = TreeRss(process.pid)
    output, _ = process.communicate()
    peaks = sampler.stop()
    if process.returncode != 0:
        sys.exit(f"reward path failed ({process.returncode})")
    return json.loads(output.strip().splitlines()[-1]), peaks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--prompts", type=int, default=64, help="dataset size (prompts recur every epoch)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is reported")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "tabbench_score_bird")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    args.work.mkdir(parents=True, exist_ok=True)
    db = args.work / f"{DB_ID}.sqlite"
    if not db.exists():
        build_database(db)
    schedule = steps(dataset(db, args.prompts), args.steps)
    if args.child:
        print(json.dumps(reward_path(schedule)))
        return 0
    queries = floor_queries(schedule)
    n = sum(len(b) for b in schedule)
    print(f"{args.steps} steps x {PROMPTS_PER_STEP} prompts x {GROUP} completions = {n:,} completions per reward, "
          f"{args.prompts} prompts ({n // GROUP / args.prompts:.1f} epochs); {len(queries)} distinct queries; "
          f"{len(QUESTIONS)} question templates; CPUs: {os.cpu_count()}")
    floor(db, queries)  # warm the OS page cache
    best_floor = best_path = (float("inf"), 0.0)
    peaks = (0, 0)
    for round_ in range(args.repeat):
        best_floor = min(best_floor, floor(db, queries))
        cache = args.work / f"trl_cache_{round_}"
        shutil.rmtree(cache, ignore_errors=True)
        result, run_peaks = run_child(args, cache)
        peaks = max(peaks, run_peaks)
        best_path = min(best_path, (result["wall"], result["cpu"] + result["workers_cpu"]))
    print(f"  floor: {len(queries)} distinct queries once, plain connection      {best_floor[0]:7.2f} s "
          f"({best_floor[1]:.2f} s CPU; best of {args.repeat})")
    print(f"  TRL reward path: bird-ex + sqlr1, {args.steps} steps, new process   {best_path[0]:7.2f} s "
          f"({best_path[1]:.2f} s CPU with its SQL workers; best of {args.repeat}); peak RSS {peaks[0] / MB:.0f} MB "
          f"(the process), {peaks[1] / MB:.0f} MB (with SQL workers)")
    print(f"  run store: {result['store']}; {result['applicable']:,} applicable rewards")
    print(f"reward path / floor = {best_path[0] / best_floor[0]:.2f} wall (target <= 1.3), "
          f"{best_path[1] / best_floor[1]:.2f} CPU (a shared machine moves wall times, CPU less)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
