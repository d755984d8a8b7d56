"""The same numbers every time: a short build -> SFT -> GRPO -> eval pipeline, run twice in separate processes
with ``tabbench.reproducible`` settings, writes byte-identical weights and records."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PIPELINE = r'''
import sys
from pathlib import Path

from tabbench.reproducible import configure

assert "torch" not in sys.modules
assert configure(0).notes() == []  # every kernel setting took effect before torch loaded, on a processor with them

import tabbench
from tabbench.cli import build_cli
from tabbench_demo.tinymodel import TinySpec, build_tiny_model

out = Path(sys.argv[1])
corpus = []
for name in tabbench.resolve_benchmarks("demo"):
    bench = tabbench.get_benchmark(name)
    for example in list(bench.examples("train"))[:10]:
        corpus += [m["content"] for m in bench.prompt(example)] + [bench.gold_completion(example)]
spec = TinySpec(vocab_size=320, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=1,
                intermediate_size=64, max_position_embeddings=1024)
build_tiny_model(out / "tiny", corpus, spec)
cli = build_cli()


def run(*args):
    cli.main(args=[str(a) for a in args], prog_name="tabbench", standalone_mode=False)


run("train", "sft", "--model", out / "tiny", "--suite", "demo", "--limit", "8", "--max-steps", "2",
    "--batch-size", "4", "--max-length", "400", "--out", out / "sft", "--reproducible")
run("train", "grpo", "--model", out / "sft", "--suite", "demo", "--limit", "2", "--max-steps", "2",
    "--num-generations", "2", "--prompts-per-step", "2", "--max-completion-length", "12", "--out", out / "grpo",
    "--logging-steps", "1", "--reproducible")
run("eval", "--model", out / "grpo", "--suite", "demo", "--limit", "2", "--max-new-tokens", "12", "--no-cache",
    "--no-progress", "--seed", "0", "--out", out / "run")
'''
TIMING = ("runtime", "per_second", "step_time", "seconds", "created", "time")


def records(root: Path) -> dict[str, str]:
    """What must be identical: weights, per-sample records, scores and training logs (timings left out)."""
    out = {}
    for name in ("sft", "grpo"):
        out[f"{name}/model.safetensors"] = hashlib.sha256((root / name / "model.safetensors").read_bytes()).hexdigest()
        history = json.loads((root / name / "trainer_state.json").read_text())["log_history"]
        out[f"{name}/log_history"] = json.dumps([{k: v for k, v in e.items() if not any(t in k for t in TIMING)}
                                                 for e in history], sort_keys=True)
    for path in sorted((root / "run" / "samples").glob("*.jsonl")):
        out[f"samples/{path.name}"] = path.read_text(encoding="utf-8")
    results = json.loads((root / "run" / "results.json").read_text())
    out["results/benchmarks"] = json.dumps(results["benchmarks"], sort_keys=True)
    return out


def has_avx2() -> bool:
    """The pinned kernels (tabbench.reproducible) need an x86-64 processor with AVX2."""
    cpuinfo = Path("/proc/cpuinfo")
    return cpuinfo.exists() and " avx2" in cpuinfo.read_text(errors="replace")


@pytest.mark.slow
@pytest.mark.skipif(not has_avx2(), reason="the pinned CPU kernels need an x86-64 processor with AVX2")
def test_pipeline_is_byte_identical_across_processes(tmp_path: Path) -> None:
    script = tmp_path / "pipeline.py"
    script.write_text(PIPELINE)
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    runs = []
    for name in ("a", "b"):
        done = subprocess.run([sys.executable, str(script), str(tmp_path / name)], env=env, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        runs.append(records(tmp_path / name))
    assert runs[0].keys() == runs[1].keys() and len(runs[0]) == 9
    for key in runs[0]:
        assert runs[0][key] == runs[1][key], key
    assert any('"status": "' in runs[0][k] for k in runs[0] if k.startswith("samples/"))  # records were written


def test_require_refuses_late_settings_and_only_warns_about_the_processor(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabbench import ConfigError, reproducible

    late = reproducible.Pinning(late=("MKL_CBWR",))
    monkeypatch.setattr(reproducible, "configure", lambda seed, threads: late)
    with pytest.raises(ConfigError, match="before MKL_CBWR were set; run it in a fresh process"):
        reproducible.require(0)
    other = reproducible.Pinning(processor="this processor runs ATen's DEFAULT kernels, not the pinned AVX2 ones")
    monkeypatch.setattr(reproducible, "configure", lambda seed, threads: other)
    with pytest.warns(UserWarning, match="DEFAULT kernels"):
        reproducible.require(0)
    assert other.notes() == [other.processor] and late.notes() == ["torch was imported before MKL_CBWR were set"]
    assert reproducible.Pinning().notes() == []
