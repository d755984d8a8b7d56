"""benchmarks/gpu_window.py: the model in pieces that fit a call (joined back to the same bytes), one-line refusals
on a machine that is not ready, records unpacked only when they are piece records, and (slow) the whole flow of
two GPU windows on a CPU with a tiny model: each window set up fresh, one seed's piece in each, the records
unpacked into one folder as they would be committed, the board built from them alone."""

from __future__ import annotations

import importlib.util
import io
import json
import lzma
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "gpu_window.py"
DEMO_SPIDER = ROOT / "plugins" / "tabbench_demo" / "data" / "spider"
MIB = 1 << 20


@pytest.fixture(scope="module")
def window():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("gpu_window", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*args: str, out: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, **({"OUT": str(out)} if out else {}))
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=1500)


def test_pieces_fill_each_call_up_to_the_limit(window):
    """The measured case (2026-12): a 31.9 MiB tree, 5 MiB of wheels and data, the GGUF's 86.2 MiB of xz: three
    calls of at most 62.5 MiB."""
    tree, common, total, margin = int(31.9 * MIB), 5 * MIB, int(86.2 * MIB), int(1.5 * MIB)
    sizes = window.piece_sizes(total, tree, common, margin)
    assert len(sizes) == 3 and sum(sizes) >= total
    assert tree + common + sizes[0] <= 64 * MIB - margin
    assert all(tree + size <= 64 * MIB - margin for size in sizes[1:])
    assert window.piece_sizes(10 * MIB, tree, common, margin) == [10 * MIB]
    with pytest.raises(SystemExit, match="leaves no room"):
        window.piece_sizes(total, 63 * MIB, common, margin)


def test_prepare_splits_the_model_and_the_pieces_join_to_the_same_bytes(window, tmp_path):
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(os.urandom(3 * MIB) + b"\0" * MIB)
    gpu, wheels = tmp_path / "gpu", tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "x-1.0-py3-none-any.whl").write_bytes(b"not really a wheel")
    done = run("prepare", "--gguf", str(gguf), "--spider", str(DEMO_SPIDER), "--gpu", str(gpu), "--wheels", str(wheels))
    assert done.returncode == 0, done.stderr
    assert "the same bytes, so the same weights" in done.stdout and "timeout_s=600" in done.stdout
    manifest = json.loads((gpu / "common" / "manifest.json").read_text())
    assert manifest["gguf_sha256"] == window.sha256(gguf) and manifest["wheels"] == ["x-1.0-py3-none-any.whl"]
    with tarfile.open(gpu / "common" / "spider.tar.xz") as tar:
        assert {"spider/dev.json", "spider/tables.json", "spider/dev_gold.sql"} <= set(tar.getnames())
    # several pieces of one xz stream join back; a missing piece is named
    packed = lzma.compress(gguf.read_bytes())
    pieces = []
    for k, chunk in enumerate((packed[:1000], packed[1000:5000], packed[5000:]), 1):
        (tmp_path / f"p{k}").mkdir()
        (tmp_path / f"p{k}" / "piece").write_bytes(chunk)
        pieces.append(tmp_path / f"p{k}")
    window.join(pieces, tmp_path / "joined")
    assert (tmp_path / "joined").read_bytes() == gguf.read_bytes()
    with pytest.raises(SystemExit, match="a piece is missing"):
        window.join(pieces[:2], tmp_path / "joined")


def test_a_machine_that_was_not_set_up_says_so(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    done = run("seed", "0", "--store", str(tmp_path / "store"), out=out)
    assert done.returncode != 0 and "was not set up in this window" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    done = run("setup", "--store", str(tmp_path / "store"), "--gpu", str(tmp_path / "nothing"), out=out)
    assert done.returncode != 0 and "no .gpu/common here: carry it" in done.stderr


def _tarball(path: Path, members: dict[str, bytes], link: str | None = None) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if link:
            info = tarfile.TarInfo(link)
            info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
            tar.addfile(info)
    return path


@pytest.mark.parametrize(("members", "link", "wanted"), [
    ({"piece-seed0.json": b"{}", "../evil": b"x"}, None, "is not a piece record"),
    ({"piece-seed0.json": b"{}", "notes.txt": b"x"}, None, "is not a piece record"),
    ({"piece-seed0.json": b"{}"}, "sft-seed0/results.json", "is not a piece record"),
    ({"sft-seed0/results.json": b"{}"}, None, "not one seed's piece"),
    ({"piece-seed0.json": b"{}", "sft-seed1/results.json": b"{}"}, None, "not one seed's piece"),
])
def test_unpack_refuses_anything_but_one_seeds_records(tmp_path, members, link, wanted):
    done = run("unpack", str(_tarball(tmp_path / "r.tar.gz", members, link)), "--into", str(tmp_path / "into"))
    assert done.returncode != 0 and wanted in done.stderr
    assert not (tmp_path / "into").exists()


def test_unpack_writes_a_seed_once(tmp_path):
    good = _tarball(tmp_path / "r.tar.gz", {"piece-seed3.json": b"{}", "sft-seed3/results.json": b"{}"})
    assert run("unpack", str(good), "--into", str(tmp_path / "into")).returncode == 0
    assert (tmp_path / "into" / "sft-seed3" / "results.json").is_file()
    again = run("unpack", str(good), "--into", str(tmp_path / "into"))
    assert again.returncode != 0 and "seed 3 is there already" in again.stderr


@pytest.mark.slow
@pytest.mark.exhaustive  # builds a tiny model and runs two pieces of the proof (about 30 tabbench processes)
def test_two_gpu_windows_on_a_cpu(tmp_path):
    """What two windows of a lent GPU do, on a CPU with a tiny model in place of the imported GGUF: each window a
    fresh store (machine) and $OUT; `setup`, then `seed K` (seed 0 with the base model); the records tarballs
    unpacked into one folder as they would be committed; the board built from that folder alone. The plan has
    the real one's shape: training, validation and held-out questions on different databases."""
    from tabbench import get_benchmark
    from tabbench.testing import build_tiny_model

    model = build_tiny_model(tmp_path / "tiny", vocab_size=384, hidden_size=32, num_hidden_layers=1,
                             num_attention_heads=2, num_key_value_heads=1, intermediate_size=64)
    school = [e.id for e in get_benchmark("demo-spider").examples("dev") if e.meta.get("db_id") == "school"][:6]
    (tmp_path / "val-ids.txt").write_text("\n".join(school) + "\n")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"seeds": [0, 1], "deadline_seconds": 1200, "reserve_seconds": 25, "learning_proof": [
        "--benchmark", "spider", "--data", "spider={data}/spider", "--train-split", "dev", "--eval-split", "dev",
        "--train-where", "db_id=library", "--validation-where", "db_id=school",
        "--validation-where", f"id=@{tmp_path / 'val-ids.txt'}", "--eval-where", "db_id=shop", "--limit", "4",
        "--device", "cpu", "--budget", "4", "--snapshots", "2", "--sft-steps", "2", "--generations", "2",
        "--prompts-per-step", "2", "--completion-length", "8", "--max-new-tokens", "8", "--eval-batch", "8",
        "--reward", "spider-ex"]}))
    gguf, gpu, wheels = tmp_path / "fake.gguf", tmp_path / "gpu", tmp_path / "wheels"
    gguf.write_bytes(b"GGUF" + os.urandom(4096))
    wheels.mkdir()
    assert run("prepare", "--gguf", str(gguf), "--spider", str(DEMO_SPIDER), "--gpu", str(gpu), "--wheels",
               str(wheels)).returncode == 0
    committed = tmp_path / "leaderboards" / "results"
    for seed in (0, 1):
        store, out = tmp_path / f"machine{seed}", tmp_path / f"out{seed}"  # a fresh machine per window
        out.mkdir()
        done = run("setup", "--no-install", "--store", str(store), "--gpu", str(gpu), out=out)
        assert done.returncode == 0, done.stderr
        done = run("seed", str(seed), "--store", str(store), "--gpu", str(gpu), "--plan", str(plan), "--model-dir",
                   str(model), out=out)
        log = (out / f"seed{seed}.log").read_text()
        assert done.returncode == 0, done.stderr + log[-4000:]
        assert sorted(p.name for p in out.iterdir()) == [f"seed{seed}-logs.tar.gz", f"seed{seed}-records.tar.gz",
                                                         f"seed{seed}.log", "setup.txt"]
        with tarfile.open(out / f"seed{seed}-records.tar.gz") as tar:
            assert not [n for n in tar.getnames() if n.endswith((".safetensors", ".bin"))]  # never weights
        assert run("unpack", str(out / f"seed{seed}-records.tar.gz"), "--into", str(committed)).returncode == 0
    piece = json.loads((committed / "piece-seed0.json").read_text())
    assert piece["complete"] and piece["plan"]["validation"]["databases"] == {"school": 6}
    assert piece["deadline_s"] is not None and piece["seconds"] < piece["deadline_s"]
    board = tmp_path / "leaderboards" / "board.md"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "learning_proof.py"), "--board-only",
                           "--results", str(committed), "--board", str(board)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    text = board.read_text()
    assert "tabbench learning proof: SmolLM2-135M-Instruct (fake.gguf, sha256" in text
    assert "best of 2 snapshots on 6 validation questions of 1 database held out of training" in text
    assert "| 2, 5: + SFT |" in text and "snapshot " in text.split("## Training")[1]
    check = subprocess.run([sys.executable, "-m", "tabbench", "leaderboard", "check", str(board)], capture_output=True,
                           text=True)
    assert check.returncode == 0, check.stderr


def test_gpu_speed_refuses_to_measure_without_spider(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu_speed.py"), "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no Spider dev here" in done.stderr and "--synthetic" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Table" not in done.stdout


@pytest.mark.slow  # builds a small model and runs every row of both tables on the CPU
def test_gpu_speed_runs_both_tables_and_writes_the_figures(tmp_path):
    figures = tmp_path / "figures.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu_speed.py"), "--cpu-smoke", "--data",
                           str(DEMO_SPIDER), "--figures", str(figures)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Spider dev" in done.stdout and "Table 1" in done.stdout and "Table 2" in done.stdout
    assert "skipped" not in done.stdout and "reward spider-ex" in done.stdout and "Issue 31's targets" in done.stdout
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from proof_plan import choose_compile, read_figures

    measured = read_figures(figures)  # the proof reads what gpu_speed writes
    assert all("not measured" not in measured[key]["source"] for key in ("compile_seconds", "grpo_step_seconds_eager"))
    assert set(choose_compile("cuda", measured, {"held-out eval": 527, "grpo rollouts": 1})) == {
        "held-out eval", "grpo rollouts"}


def _plan_where(flag: str) -> set[str]:
    args = json.loads((ROOT / "benchmarks" / "gpu_plan.json").read_text())["learning_proof"]
    (value,) = [args[i + 1] for i, a in enumerate(args) if a == flag]
    assert value.startswith("db_id=")
    return set(value.removeprefix("db_id=").split(","))


def test_the_plans_splits_are_disjoint_databases():
    train, validation, test = (_plan_where(f) for f in ("--train-where", "--validation-where", "--eval-where"))
    assert not (train & validation) and not (train & test) and not (validation & test)
    spider = ROOT.parent / "shared" / "data" / "spider"
    if not (spider / "dev.json").is_file():
        pytest.skip("Spider dev is not beside the checkout: the question counts are checked where it is")
    from tabbench import get_benchmark

    examples = list(get_benchmark("spider", str(spider), on_missing_db="skip").examples("dev"))
    count = {name: sum(e.meta.get("db_id") in dbs for e in examples)
             for name, dbs in (("train", train), ("validation", validation), ("test", test))}
    assert count == {"train": 311, "validation": 134, "test": 527}  # what the plan and benchmarks/README.md say
