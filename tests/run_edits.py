"""Run folders made hostile: demo-bird predictions scored with `tabbench score`, copied and edited as an adversary
would. Shared by the tests of everything that reads a run folder (the run-folder reader, results.json's loader,
view, compare, export, rescore, merge, the leaderboard's paired reader); each test edits a copy, never the run.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from tests.cli_run import tabbench

BENCH = "demo-bird"
SECRET = '{"id": "0", "status": "match", "score": 1.0, "secret": "TOP-SECRET-LINE"}\n'


def scored_runs(base: Path, env: dict[str, str], n: int = 6) -> dict[str, Path]:
    """Runs ``a`` (every answer gold) and ``b`` (a third wrong) of ``n`` examples, both made with
    ``--where id=@ids`` (``ids``: the file of their ids)."""
    from tabbench import get_benchmark

    demo = get_benchmark(BENCH)
    examples = list(demo.examples(demo.default_split))[:n]
    ids = base / "ids.txt"
    ids.write_text("".join(f"{e.id}\n" for e in examples))
    for name, wrong in (("a", ()), ("b", {e.id for e in examples[::3]})):
        predictions = base / f"{name}.jsonl"
        predictions.write_text("".join(json.dumps({"id": e.id, "completion": f"{e.gold} LIMIT 0" if e.id in wrong
                                                   else e.gold}) + "\n" for e in examples))
        done = tabbench("score", BENCH, "--predictions", str(predictions), "--where", f"id=@{ids}", "--out",
                        str(base / name), "--no-progress", env=env)
        assert done.returncode == 0, done.stderr
    return {"a": base / "a", "b": base / "b", "ids": ids}


def shard_runs(base: Path, env: dict[str, str], n: int = 12) -> dict[str, Path]:
    """Run ``a`` of ``n`` examples (half the answers wrong), the same scored in two shards ``s0`` and ``s1``, and
    ``secret``: a samples file outside every run, which no reader may show."""
    from tabbench import get_benchmark

    demo = get_benchmark(BENCH)
    examples = list(demo.examples(demo.default_split))[:n]
    predictions = base / "p.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completion": e.gold if i % 2 else f"{e.gold} LIMIT 0"})
                                   + "\n" for i, e in enumerate(examples)))
    common = ["score", BENCH, "--predictions", str(predictions), "--limit", str(n), "--no-progress"]
    for name, extra in (("a", []), ("s0", ["--shard", "0/2"]), ("s1", ["--shard", "1/2"])):
        done = tabbench(*common, *extra, "--out", str(base / name), env=env)
        assert done.returncode == 0, done.stderr
    secret = base / "outside" / "secret.jsonl"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    return {"a": base / "a", "s0": base / "s0", "s1": base / "s1", "secret": secret}


def first_metric(results: dict) -> dict:
    """The first metric of demo-bird in a results.json."""
    return next(iter(results["benchmarks"][BENCH]["metrics"].values()))


def copy_run(runs: dict[str, Path], name: str, tmp_path: Path, as_name: str | None = None) -> Path:
    """A copy of ``runs[name]`` under ``tmp_path`` (symlinks kept as symlinks), to edit."""
    return Path(shutil.copytree(runs[name], tmp_path / (as_name or name), symlinks=True))


def edit_json(path: Path, edit: Callable[[dict], object]) -> None:
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def edit_records(path: Path, edit: Callable[[list[dict]], object]) -> None:
    """``edit`` the records of the samples file ``path`` (a list, in file order) and write them back."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    edit(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def edit_samples(run: Path, edit: Callable[[list[dict]], object]) -> None:
    """``edit_records`` of the run's demo-bird samples file."""
    edit_records(run / "samples" / f"{BENCH}.jsonl", edit)


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes: compared before and after, it shows that nothing was written."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def strict_json(text: str | bytes) -> object:
    """JSON as a strict reader (a browser's ``JSON.parse``, jq, another harness) takes it: UTF-8, no NaN, no
    infinities."""
    def refuse(token: str) -> None:
        raise ValueError(f"not standard JSON: {token}")

    return json.loads(text.decode("utf-8") if isinstance(text, bytes) else text, parse_constant=refuse)


# --- ways out of the run folder --------------------------------------------------------------------------------

#: Each edit makes a copied run point a reader outside itself, at ``secret``; it returns the entry an error names.
ESCAPES: dict[str, Callable[[Path, Path], str]] = {}


def escape(function: Callable[[Path, Path], str]) -> Callable[[Path, Path], str]:
    ESCAPES[function.__name__] = function
    return function


def _rename_benchmark(run: Path, new: str) -> None:
    def edit(results: dict) -> None:
        results["benchmarks"] = {new: results["benchmarks"][BENCH]}

    edit_json(run / "results.json", edit)


@escape
def dotdot_benchmark_name(run: Path, secret: Path) -> str:
    name = os.path.relpath(secret.with_suffix(""), run / "samples")
    _rename_benchmark(run, name)
    return name


@escape
def absolute_benchmark_name(run: Path, secret: Path) -> str:
    name = str(secret.with_suffix(""))
    _rename_benchmark(run, name)
    return name


@escape
def hidden_benchmark_name(run: Path, secret: Path) -> str:
    _rename_benchmark(run, "..")
    return ".."


@escape
def symlinked_samples_file(run: Path, secret: Path) -> str:
    (run / "samples" / f"{BENCH}.jsonl").unlink()
    (run / "samples" / f"{BENCH}.jsonl").symlink_to(secret)
    return f"{BENCH}.jsonl"


@escape
def symlinked_samples_folder(run: Path, secret: Path) -> str:
    shutil.rmtree(run / "samples")
    (secret.parent / f"{BENCH}.jsonl").write_text(SECRET)
    (run / "samples").symlink_to(secret.parent)
    return "samples"


@escape
def symlinked_results(run: Path, secret: Path) -> str:
    outside = secret.parent / "results.json"
    outside.write_text((run / "results.json").read_text())
    (run / "results.json").unlink()
    (run / "results.json").symlink_to(outside)
    return "results.json"


@escape
def samples_symlink_loop(run: Path, secret: Path) -> str:
    (run / "samples" / f"{BENCH}.jsonl").unlink()
    (run / "samples" / f"{BENCH}.jsonl").symlink_to(run / "samples" / f"{BENCH}.jsonl")
    return f"{BENCH}.jsonl"
