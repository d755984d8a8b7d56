"""Wall time of a scoring-heavy ``tabbench score bird`` run in 1 shard and in 2 shards (two processes, and the Ray
launcher on a local cluster), the time ``tabbench merge`` adds, and what Ray costs beside plain processes.

Workload: a generated BIRD dev layout on ``bird_workload``'s SQLite database (422,000 rows) with ``--questions``
questions whose gold and predicted queries are all distinct (a correlated count over the 250,000 unindexed order
items for 14 to 25 products, 0.1 to 0.3 s each on an idle core), so nearly all the time is SQL execution in
scoring. Every run scores with one SQL worker (``--workers 1``), so a
shard uses one core: 2 shards on 2 cores can at best halve the time. A cold gold cache per run. The merged
records are checked byte for byte against the one-shard run. For context, one shard with ``--workers 2`` is
timed too (the process pool already uses both cores for SQL on one machine; shards are what spreads a run over
machines, and what spreads the Python part of scoring over cores).

    .venv/bin/python benchmarks/sharded_eval.py [--questions 80] [--repeat 2]   # docs/sharding.md has its figures
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bird_workload import DB_ID, build_database, schema

TABBENCH = [sys.executable, "-m", "tabbench"]


def write_workload(root: Path, db_source: Path, questions: int) -> tuple[Path, Path]:
    """A BIRD dev layout with ``questions`` distinct gold queries and distinct predictions (half of them right)."""
    db_dir = root / "dev_databases" / DB_ID
    db_dir.mkdir(parents=True, exist_ok=True)
    (db_dir / f"{DB_ID}.sqlite").symlink_to(db_source.resolve())
    items, predictions = [], {}
    for i in range(questions):
        modulus, rest = 80 + i, i % 7  # a correlated count over 250,000 unindexed rows per selected product
        where = f"WHERE p.id % {modulus} = {rest}"
        gold = f"SELECT p.id, (SELECT count(*) FROM order_items oi WHERE oi.product_id = p.id) FROM products p {where}"
        pred = (gold.replace("count(*)", "count(oi.order_id)") if i % 2
                else gold.replace(f"= {rest}", f"= {rest + 1}"))
        items.append({"question_id": i, "db_id": DB_ID, "question": f"question {i}", "evidence": "", "SQL": gold,
                      "difficulty": ("simple", "moderate", "challenging")[i % 3]})
        predictions[str(i)] = f"{pred}\t----- bird -----\t{DB_ID}"
    (root / "dev.json").write_text(json.dumps(items))
    (root / "dev_gold.sql").write_text("".join(f"{item['SQL']}\t{DB_ID}\n" for item in items))
    (root / "dev_tables.json").write_text(json.dumps([schema(db_source)]))
    pred_path = root / "predict_dev.json"
    pred_path.write_text(json.dumps(predictions))
    return root, pred_path


def env_for(cache: Path) -> dict[str, str]:
    return {**os.environ, "TABBENCH_CACHE_DIR": str(cache), "OMP_NUM_THREADS": "1"}


def score_args(data: Path, preds: Path, workers: int = 1) -> list[str]:
    return ["score", "bird", "--data", f"bird={data}", "--predictions", str(preds), "--workers", str(workers),
            "--no-progress"]


def timed(func) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


class CliShard:
    """The Ray launcher's shard task: the same command line for shard K/N, resuming its folder, in the worker."""

    def __init__(self, args: list[str]) -> None:
        self.args = args

    def __call__(self, shard, folder: Path) -> None:  # type: ignore[no-untyped-def]
        from tabbench.cli import build_cli

        build_cli().main(args=[*self.args, "--shard", str(shard), "--out", str(folder), "--resume"],
                         prog_name="tabbench", standalone_mode=False)


def trial(run: Path, data: Path, preds: Path) -> dict[str, float]:
    """One round of every measurement, in ``run``; checks the merged records against the one-shard run."""
    base = score_args(data, preds)

    def one(workers: int, name: str) -> None:
        subprocess.run([*TABBENCH, *score_args(data, preds, workers), "--out", str(run / name)], check=True,
                       env=env_for(run / f"cache-{name}"), capture_output=True)

    def two_processes() -> None:
        procs = [subprocess.Popen([*TABBENCH, *base, "--shard", f"{k}/2", "--out", str(run / f"s{k}")],
                                  env=env_for(run / "cache-two"), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE) for k in (0, 1)]
        for proc in procs:
            if proc.wait() != 0:
                raise SystemExit(proc.stderr.read().decode() if proc.stderr else "shard failed")

    def merge(out: str, *folders: Path) -> None:
        subprocess.run([*TABBENCH, "merge", str(run / out), *map(str, folders)], check=True,
                       env=env_for(run / "cache-merge"), capture_output=True)

    def ray_shards() -> None:
        import ray

        from tabbench.evaluation.ray_launcher import RayOptions, run_shards

        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
                 runtime_env={"env_vars": {"TABBENCH_CACHE_DIR": str(run / "cache-ray"), "OMP_NUM_THREADS": "1"}})
        try:
            run_shards(CliShard(base), 2, run / "ray", RayOptions(), show_progress=False)
        finally:
            ray.shutdown()

    def ray_empty() -> None:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        ray.get([ray.remote(lambda: None).remote() for _ in range(2)])
        ray.shutdown()

    times: dict[str, float] = {}

    def measure(name: str, func) -> None:  # type: ignore[no-untyped-def]
        times[name] = timed(func)
        print(f"  {name}: {times[name]:.1f} s", file=sys.stderr, flush=True)  # as it goes: a long run shows progress

    measure("1 shard, --workers 1", lambda: one(1, "one"))
    measure("2 shards, 2 processes", two_processes)
    measure("  + tabbench merge", lambda: merge("merged", run / "s0", run / "s1"))
    measure("2 shards, Ray launcher (init to shutdown)", ray_shards)
    measure("  Ray alone: init, 2 empty tasks, shutdown", ray_empty)
    measure("1 shard, --workers 2 (context)", lambda: one(2, "one-w2"))
    merge("ray-merged", run / "ray" / "shards" / "0-of-2", run / "ray" / "shards" / "1-of-2")
    for merged in ("merged", "ray-merged"):
        if not same_records(run / merged, run / "one"):
            raise SystemExit(f"{merged}: records differ from the one-shard run")
    return times


def same_records(a: Path, b: Path) -> bool:
    return all((a / "samples" / p.name).read_bytes() == p.read_bytes() for p in (b / "samples").iterdir())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="tabbench-shards-"))
    try:
        db = root / "sales.sqlite"
        build_database(db)
        data, preds = write_workload(root / "bird", db, args.questions)
        rows: dict[str, list[float]] = {}
        for r in range(args.repeat):
            for name, seconds in trial(root / f"r{r}", data, preds).items():
                rows.setdefault(name, []).append(seconds)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    best = {name: min(times) for name, times in rows.items()}
    single = best["1 shard, --workers 1"]
    print(f"{args.questions} questions ({2 * args.questions} distinct queries), best of {args.repeat}; "
          f"merged records identical to the one-shard run")
    print(f"{'run':46} {'seconds':>8} {'speed-up':>9}")
    for name, seconds in best.items():
        speedup = f"{single / seconds:.2f}x" if not name.startswith("  ") else ""
        print(f"{name:46} {seconds:8.1f} {speedup:>9}")
    two, ray_total = best["2 shards, 2 processes"], best["2 shards, Ray launcher (init to shutdown)"]
    print(f"Ray launcher beside 2 processes: {ray_total - two:+.1f} s")


if __name__ == "__main__":
    main()
