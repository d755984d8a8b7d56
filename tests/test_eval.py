"""`tabbench models build-tiny` and `tabbench eval` end to end with the tiny model and the bundled demo suite.

Malformed input is one line naming the file, key or line, exit 2, and no run directory left behind (on the
BIRD-format demo data shipped in the repository).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bird_demo import BIRD, on_bird_demo
from tests.cli_run import tabbench as run_tabbench
from tests.one_line import one_line_error

pytest.importorskip("transformers")
pytest.importorskip("tabbench_demo")
pytest.importorskip("tabbench_hf")

# Small enough for tests (a few hundred thousand parameters); the demo data trains its tokenizer.
SPEC = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1}
FAST = ["--max-new-tokens", "12", "--batch-size", "4", "--no-progress"]


@pytest.fixture(scope="session")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", spec=TinySpec(**SPEC))


def tabbench(args: list[str], tmp_path: Path, **popen: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path / "cache-root"), "TABBENCH_WORKERS": "1"}
    return subprocess.run([sys.executable, "-m", "tabbench", *args], capture_output=True, text=True, env=env,
                          timeout=300, cwd=tmp_path, **popen)


@pytest.fixture
def cli(cli_runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """The CLI in-process (torch is imported once per session), with a private cache root."""
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache-root"))
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    monkeypatch.chdir(tmp_path)
    return cli_runner


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- build-tiny -------------------------------------------------------------------------------------------


@pytest.mark.slow  # builds and runs a tiny checkpoint
def test_tiny_model_loads_and_tokenizer_reloads_to_identical_ids(tiny: Path) -> None:
    from tabbench_demo.tinymodel import RELOAD_PROBES, demo_corpus
    from tokenizers import Tokenizer
    from transformers import AutoModelForCausalLM, AutoTokenizer

    raw = Tokenizer.from_file(str(tiny / "tokenizer.json"))
    reloaded = AutoTokenizer.from_pretrained(str(tiny), local_files_only=True)
    texts = [*demo_corpus()[:300], *RELOAD_PROBES]
    assert [reloaded(t)["input_ids"] for t in texts] == [raw.encode(t).ids for t in texts]
    assert [reloaded.decode(raw.encode(t).ids) for t in texts[:50]] == texts[:50]
    model = AutoModelForCausalLM.from_pretrained(str(tiny), local_files_only=True)
    assert type(model).__name__ == "Qwen2ForCausalLM"
    assert model.config.eos_token_id == reloaded.convert_tokens_to_ids("<|im_end|>")
    rendered = reloaded.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False,
                                            add_generation_prompt=True)
    assert rendered == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"


@pytest.mark.slow  # builds and runs a tiny checkpoint
def test_check_reload_catches_a_tokenizer_whose_ids_change(tiny: Path) -> None:
    from tabbench_demo.tinymodel import check_reload
    from tokenizers import Tokenizer, pre_tokenizers

    from tabbench.contract.errors import TabbenchError

    raw = Tokenizer.from_file(str(tiny / "tokenizer.json"))
    check_reload(tiny, raw, ["SELECT T1.product_id FROM orders"])  # the saved tokenizer passes
    raw.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)  # GPT-2's pipeline
    with pytest.raises(TabbenchError, match="changes token ids"):
        check_reload(tiny, raw, ["SELECT T1.product_id FROM orders"])


def test_build_tiny_is_deterministic_and_refuses_a_non_empty_folder(tmp_path: Path, cli) -> None:
    from tabbench_demo.tinymodel import TinySpec, build_tiny_model

    corpus = ["SELECT COUNT(*) FROM t WHERE city = 'Oslo'", "How many rows are in t?"]
    for name in ("again", "twice"):
        build_tiny_model(tmp_path / name, corpus, TinySpec(**SPEC, vocab_size=300))
    for name in ("model.safetensors", "tokenizer.json", "tokenizer_config.json", "config.json"):
        assert sha(tmp_path / "again" / name) == sha(tmp_path / "twice" / name), name
    build_tiny_model(tmp_path / "seed1", corpus, TinySpec(**SPEC, vocab_size=300, seed=1))
    assert sha(tmp_path / "seed1" / "model.safetensors") != sha(tmp_path / "again" / "model.safetensors")
    refused = cli(["models", "build-tiny", str(tmp_path / "again")])
    assert refused.exit_code == 2
    assert "not empty" in refused.stderr


# --- eval -------------------------------------------------------------------------------------------------


@pytest.mark.slow  # builds and runs a tiny checkpoint
def test_eval_demo_suite_writes_results_and_records(tiny: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "run"
    result = cli(["eval", "--model", str(tiny), "--suite", "demo", "--limit", "4", "--out", str(out), *FAST])
    assert result.exit_code == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    assert set(results["benchmarks"]) == {"demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"}
    assert results["benchmarks"]["demo-bird"]["primary_metric"]["name"] == "ex"
    assert set(results["benchmarks"]["demo-bird"]["breakdown"]) == {"difficulty", "db_id"}
    model = results["model"]
    assert results["config"]["backend"] == "hf" and model["fingerprint"]["path"] == str(tiny.resolve())
    assert model["chat_template_sha256"] == sha(tiny / "chat_template.jinja")
    assert model["fingerprint"]["files"]["model.safetensors"]["sha256"] == sha(tiny / "model.safetensors")
    assert results["timing"]["prompts_generated"] == 16
    for name in results["benchmarks"]:
        records = [json.loads(line) for line in (out / "samples" / f"{name}.jsonl").read_text().splitlines()]
        assert len(records) == 4
        assert all(len(r["completions"]) == 1 and r["prompt_hash"] for r in records)
    assert "demo-crtqa" in result.stderr and "16 prompts generated" in result.stderr

    again = cli(["eval", "--model", str(tiny), "--suite", "demo", "--limit", "4", "--out", str(tmp_path / "r2"), *FAST])
    assert again.exit_code == 0, again.stderr
    second = json.loads((tmp_path / "r2" / "results.json").read_text())
    assert second["timing"]["prompts_from_cache"] == 16 and second["timing"]["prompts_generated"] == 0
    assert _completions(out) == _completions(tmp_path / "r2")


def _completions(out: Path) -> dict[str, dict[str, list[str]]]:
    return {
        p.stem: {json.loads(line)["id"]: json.loads(line)["completions"] for line in p.read_text().splitlines()}
        for p in sorted((out / "samples").glob("*.jsonl"))
    }


def _comparable(out: Path) -> dict[str, dict]:
    results = json.loads((out / "results.json").read_text())
    return {name: {k: block[k] for k in ("n", "primary_metric", "metrics", "breakdown", "status_counts")}
            for name, block in results["benchmarks"].items()}


@pytest.mark.slow
def test_resume_after_sigkill_reproduces_the_uninterrupted_run(tiny: Path, tmp_path: Path, cli) -> None:
    args = ["eval", "--model", str(tiny), "--suite", "demo", "--limit", "48", "--no-cache", "--max-new-tokens", "24",
            "--batch-size", "4", "--no-progress"]
    full = cli([*args, "--out", str(tmp_path / "full")])
    assert full.exit_code == 0, full.stderr

    out = tmp_path / "killed"
    env = {**os.environ, "TABBENCH_CACHE_DIR": str(tmp_path / "cache-root"), "TABBENCH_WORKERS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "tabbench", *args, "--out", str(out)], env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = out / "samples" / "demo-bird.jsonl"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if samples.exists() and len(samples.read_bytes().splitlines()) >= 10:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the run finished before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not (out / "results.json").exists()
    done = len(samples.read_bytes().splitlines())
    assert 10 <= done < 48

    resumed = cli([*args, "--out", str(out), "--resume"])
    assert resumed.exit_code == 0, resumed.stderr
    assert _comparable(out) == _comparable(tmp_path / "full")
    assert _completions(out) == _completions(tmp_path / "full")


@pytest.mark.slow  # builds and runs a tiny checkpoint
def test_cache_refuses_a_cache_written_by_another_model(tiny: Path, tmp_path: Path, cli) -> None:
    cache = tmp_path / "responses.jsonl"
    first = cli(["eval", "--model", str(tiny), "--suite", "demo", "--limit", "2", "--cache", str(cache),
                 "--out", str(tmp_path / "a"), *FAST])
    assert first.exit_code == 0, first.stderr
    other = tmp_path / "other-model"
    shutil.copytree(tiny, other)
    config = json.loads((other / "generation_config.json").read_text())
    (other / "generation_config.json").write_text(json.dumps({**config, "repetition_penalty": 1.5}))
    refused = cli(["eval", "--model", str(other), "--suite", "demo", "--limit", "2", "--cache", str(cache),
                   "--out", str(tmp_path / "b"), *FAST])
    assert refused.exit_code == 2
    message = refused.stderr.strip().splitlines()
    assert len(message) == 1 and "written by another model" in message[0] and "files" in message[0]
    assert not (tmp_path / "b").exists()


def test_response_cache_keys_greedy_without_seed_and_sampling_with_it(tmp_path: Path) -> None:
    from tabbench import Generation, GenerationParams, get_benchmark, prompt_too_long
    from tabbench.contract.errors import ConfigError
    from tabbench.evaluation.generation import ResponseCache

    bench = get_benchmark("demo-bird")
    messages = bench.prompt(next(bench.examples()))
    key = ResponseCache.key
    assert key(bench, messages, GenerationParams(seed=1)) == key(bench, messages, GenerationParams(seed=2))
    hot = GenerationParams(temperature=0.8, n=4, seed=1)
    assert key(bench, messages, hot) != key(bench, messages, GenerationParams(temperature=0.8, n=4, seed=2))
    assert key(bench, messages, hot) != key(bench, messages, GenerationParams(temperature=0.8, n=4, seed=1,
                                                                              max_new_tokens=9))
    assert key(bench, messages, GenerationParams()) != key(bench, messages, GenerationParams(truncate_prompts=True))
    cache = ResponseCache(tmp_path, {"backend": "x", "path": "/m"})
    cache.put("k", Generation(["a", "b"]))
    cache.put("cut", Generation(["d"], None, {"prompt_tokens": 9, "truncated_tokens": 3}))
    cache.put("refused", prompt_too_long({"prompt_tokens": 12, "context_length": 10}))  # not kept: asked again
    cache.close()
    with cache.path.open("a") as handle:
        handle.write('{"key": "torn", "compl')  # a kill mid-line
    reopened = ResponseCache(cache.path, {"backend": "x", "path": "/m"})
    assert reopened.get("k") == Generation(["a", "b"]) and reopened.get("torn") is None
    assert reopened.get("cut") == Generation(["d"], None, {"prompt_tokens": 9, "truncated_tokens": 3})
    assert reopened.get("refused") is None
    reopened.put("k2", Generation(["c"]))
    reopened.close()
    assert ResponseCache(cache.path, {"backend": "x", "path": "/m"}).get("k2") == Generation(["c"])
    with pytest.raises(ConfigError, match=r"another model .*differs in: path"):
        ResponseCache(cache.path, {"backend": "x", "path": "/other"})


@pytest.mark.parametrize(
    ("model", "expected"),
    [("/no/such/model", "is not a local directory"), ("Qwen/Qwen2.5-0.5B-Instruct", "never downloads")],
)
def test_missing_model_path_is_a_one_line_error(model: str, expected: str, tmp_path: Path) -> None:
    result = tabbench(["eval", "--model", model, "--suite", "demo", "--out", str(tmp_path / "run")], tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: hf: ") and expected in lines[0]
    assert not (tmp_path / "run").exists()


def test_suite_all_runs_what_has_data_and_lists_the_rest_as_skipped(tmp_path: Path) -> None:
    env_clean = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_DATA")}
    result = subprocess.run(
        [sys.executable, "-m", "tabbench", "eval", "--model", "gold", "--suite", "all", "--limit", "2", "--no-cache",
         "--out", str(tmp_path / "run"), "--no-progress"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
        env={**env_clean, "TABBENCH_CONFIG": str(_empty_config(tmp_path)), "TABBENCH_WORKERS": "1"},
    )
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert {"demo-bird", "demo-spider", "demo-crtqa", "demo-tablebench"} <= set(results["benchmarks"])
    assert all(b["primary_metric"]["value"] == 1.0 for b in results["benchmarks"].values())
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped ")]
    assert any(line.startswith("skipped bird: no data: ") for line in skipped)
    assert not {line.split()[1].rstrip(":") for line in skipped} & set(results["benchmarks"])


def _empty_config(tmp_path: Path) -> Path:
    path = tmp_path / "tabbench.toml"
    path.write_text("[data]\n")
    return path


def test_named_benchmark_without_data_is_an_error_and_data_option_is_checked(tmp_path: Path) -> None:
    env_clean = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_DATA")}
    run = [sys.executable, "-m", "tabbench", "eval", "--model", "gold", "--no-cache", "--out", str(tmp_path / "r")]
    kw = {"capture_output": True, "text": True, "cwd": tmp_path, "timeout": 120,
          "env": {**env_clean, "TABBENCH_CONFIG": str(_empty_config(tmp_path))}}
    result = subprocess.run([*run, "--suite", "bird"], **kw)
    assert result.returncode == 2 and "needs data" in result.stderr
    result = subprocess.run([*run, "--suite", "demo", "--data", "bird=/x"], **kw)
    assert result.returncode == 2 and "not a benchmark of --suite" in result.stderr


@pytest.mark.slow  # builds and runs a tiny checkpoint
def test_self_consistency_is_reported_beside_greedy(tiny: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "vote"
    result = cli(["eval", "--model", str(tiny), "--suite", "demo", "--limit", "2", "--samples", "3", "--vote",
                  "execution", "--out", str(out), *FAST])
    assert result.exit_code == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    greedy = json.loads((out / "greedy" / "results.json").read_text())
    assert results["config"]["generation"]["n"] == 3 and results["config"]["vote"] == "execution"
    assert greedy["config"]["generation"]["temperature"] == 0.0
    assert results["greedy"]["primary_metric"]["demo-bird"] == greedy["benchmarks"]["demo-bird"]["primary_metric"]
    records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    assert all(len(r["completions"]) == 3 for r in records)
    assert "beside greedy" in " ".join(result.stderr.split())
    assert all(len(r["sample_scores"]) == 3 for r in records)


def test_samples_alone_report_pass_at_k_and_maj_at_k(tiny: Path, tmp_path: Path, cli) -> None:
    """``--samples N`` without ``--vote``: maj@N (execution vote) is the scored run, pass@k over every sample."""
    out = tmp_path / "samples"
    result = cli(["eval", "--model", str(tiny), "--suite", "demo-bird", "--limit", "3", "--samples", "3",
                  "--out", str(out), *FAST])
    assert result.exit_code == 0, result.stderr
    results = json.loads((out / "results.json").read_text())
    assert results["config"]["vote"] == "execution"
    sampling = results["benchmarks"]["demo-bird"]["sampling"]
    records = [json.loads(line) for line in (out / "samples" / "demo-bird.jsonl").read_text().splitlines()]
    values = [[v or 0.0 for v in r["sample_scores"]] for r in records]
    assert sampling["metric"] == "ex" and sampling["samples"] == 3 and sampling["examples"] == 3
    assert sampling["pass_at_k"]["1"] == pytest.approx(sum(sum(v) / 3 for v in values) / 3)
    assert sampling["pass_at_k"]["3"] == pytest.approx(sum(max(v) for v in values) / 3)
    assert "maj@3" in result.stderr and "pass@3" in result.stderr


def test_benchmark_options_can_target_one_benchmark_and_bad_ones_fail(tmp_path: Path, cli) -> None:
    from tabbench.evaluation.options import options_for

    options = {"timeout": 5, "demo-crtqa:table_format": "csv", "bird:dialect": "mysql"}
    assert options_for("demo-crtqa", options) == {"timeout": 5, "table_format": "csv"}
    assert options_for("demo-bird", options) == {"timeout": 5}
    base = ["eval", "--model", "gold", "--suite", "demo", "--limit", "1", "--no-cache", "--no-progress"]
    ok = cli([*base, "-o", "demo-crtqa:table_format=csv", "--out", str(tmp_path / "ok")])
    assert ok.exit_code == 0, ok.stderr
    assert json.loads((tmp_path / "ok" / "run.json").read_text())["config"]["benchmark_options"] == {
        "demo-crtqa:table_format": "csv"}
    bad = cli([*base, "-o", "demo-crtqa:table_format=xml", "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 2 and "table_format" in bad.stderr
    assert not (tmp_path / "bad").exists()


# --- malformed input --------------------------------------------------------------------------------------------------


EVAL_CASES = {
    "missing predictions file": (["--model", "predictions:{tmp}/missing.jsonl"], ["{tmp}/missing.jsonl"]),
    "unknown backend prefix": (["--model", "nosuchbackend:x"], ["unknown model backend 'nosuchbackend'"]),
    "binary predictions": (["--model", "predictions:{binary}"], ["{binary}", "not UTF-8"]),
    "non-UTF-8 predictions": (["--model", "predictions:{latin1}"], ["{latin1}:3:"]),
    "1e12 workers": (["--model", "gold", "--workers", "1e12"], ["--workers", "1e12"]),
    "quoted workers": (["--model", "gold", "--workers", '"2"'], ["--workers"]),
    "an option gold does not take": (["--model", "gold", "--dtype", "bfloat16"], ["model backend 'gold'", "dtype"]),
    "unknown predictions option": (["--model", "predictions:{torn}", "-m", "mising=empty"], ["mising"]),
    "non-UTF-8 transcripts (--env)": (["--model", "predictions:{latin1}", "--env", "sql"], ["{latin1}"]),
    "transcripts nested past the stack": (["--model", "predictions:{deep}", "--env", "sql"], ["{deep}:1:"]),
    "malformed TABBENCH_RESULT_STORE_MB": (["--model", "gold", "--result-store-mb", "lots"], ["--result-store-mb"]),
    "nan temperature": (["--model", "gold", "--temperature", "nan"], ["--temperature", "not a finite number"]),
    "nan top-p": (["--model", "gold", "--top-p", "nan"], ["--top-p", "not a finite number"]),
    "data for another benchmark": (["--model", "gold", "--data", "spider=/x"], ["--data spider"]),
}


@on_bird_demo
@pytest.mark.parametrize("case", list(EVAL_CASES))
def test_eval_malformed_input(cli_runner, malformed_files, tmp_path: Path, case: str) -> None:
    extra, names = EVAL_CASES[case]
    out = tmp_path / "run"
    fill = {"tmp": str(tmp_path), **{k: str(v) for k, v in malformed_files.items()}}
    args = ["eval", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev", "--limit", "3", "--out", str(out),
            "--no-progress", "--no-cache"]
    result = cli_runner(args + [a.format(**fill) for a in extra])
    one_line_error(result, *(n.format(**fill) for n in names))
    assert not out.exists(), "a refused input must leave no run directory"


DATA_DAMAGE = {
    # name: (file of the BIRD data folder, how it is damaged, the file the error names)
    "questions cut mid-record": ("dev.json", lambda data: data[: len(data) // 2], "dev.json"),
    "questions nested past the stack": ("dev.json", lambda data: b"[" * 100_000 + b"]" * 100_000, "dev.json"),
    "no questions": ("dev.json", lambda data: b"[]", "dev_gold.sql"),  # "N gold queries for 0 questions"
    "gold SQL not UTF-8": ("dev_gold.sql", lambda data: data + b"\xe9", "dev_gold.sql"),
    "schema not JSON": ("dev_tables.json", lambda data: b"\x00" * 64, "dev_tables.json"),
}


@on_bird_demo
@pytest.mark.parametrize("case", list(DATA_DAMAGE))
def test_eval_malformed_data_file_leaves_nothing_and_the_rerun_works(cli_runner, tmp_path: Path, case: str) -> None:
    name, damage, named = DATA_DAMAGE[case]
    data = tmp_path / "bird"
    shutil.copytree(BIRD, data)
    good = (data / name).read_bytes()
    (data / name).write_bytes(damage(good))
    out = tmp_path / "runs" / "x"
    args = ["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={data}", "--split", "dev", "--limit", "2",
            "--out", str(out), "--no-progress", "--no-cache"]
    one_line_error(cli_runner(args), str(data / named))
    assert not (tmp_path / "runs").exists(), "no run.json (nor the folders made for it) after a failed start"
    (data / name).write_bytes(good)
    result = cli_runner(args)
    assert result.exit_code == 0, result.output
    assert (out / "results.json").is_file()


@on_bird_demo
def test_eval_out_under_a_file(cli_runner, malformed_files) -> None:
    out = malformed_files["afile"] / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "2", "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, f"--out {out}")


@pytest.fixture(scope="module")
def micro_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A very small random checkpoint for the hf backend (built offline in seconds)."""
    pytest.importorskip("transformers")
    tinymodel = pytest.importorskip("tabbench_demo.tinymodel")
    spec = tinymodel.TinySpec(vocab_size=300, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                              num_key_value_heads=1, intermediate_size=32, max_position_embeddings=256)
    return tinymodel.build_tiny_model(tmp_path_factory.mktemp("micro") / "model", spec=spec)


@on_bird_demo
@pytest.mark.parametrize("option", [["--cache", "{afile}/responses.jsonl"], ["--device", "cuda:7"]])
@pytest.mark.slow  # builds a tiny checkpoint
def test_eval_hf_backend_options(cli_runner, micro_model: Path, malformed_files, tmp_path: Path,
                                 option: list[str]) -> None:
    import torch

    if option[0] == "--device" and torch.cuda.device_count() > 7:
        pytest.skip("this machine has a cuda:7")
    out = tmp_path / "run"
    args = [a.format(afile=malformed_files["afile"]) for a in option]
    result = cli_runner(["eval", "--model", str(micro_model), "--suite", "bird", "--data", f"bird={BIRD}", "--split",
                         "dev", "--limit", "1", "--max-new-tokens", "2", "--out", str(out), "--no-progress", *args])
    one_line_error(result, args[1])
    assert not out.exists()


@on_bird_demo
def test_eval_unloadable_checkpoint(cli_runner, tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    folder = tmp_path / "lookalike"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    (folder / "tokenizer_config.json").write_text("{}")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", str(folder), "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "1", "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, f"hf: cannot load {folder}")
    assert not out.exists()


def test_eval_checks_its_out_folder_before_the_model_loads(tmp_path: Path, env) -> None:
    (tmp_path / "afile").write_text("x")
    missing = tmp_path / "no-such-checkpoint"
    done = run_tabbench("eval", "--model", str(missing), "--suite", "demo", "--out", str(tmp_path / "afile" / "run"),
                    "--no-progress", env=env)
    assert str(missing) not in one_line_error(done, "--out", "a file is in the way")
