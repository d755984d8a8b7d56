"""End-to-end runs of ``tabbench train sft|grpo|tao`` on the bundled demo data with a micro model (CPU).

Each run is a couple of optimiser steps: these tests prove the plumbing (benchmark rows, rewards by name
with weights, status logging, checkpoints the hf backend loads), not learning; ``test_learning.py`` and
``benchmarks/train_demo.py`` measure learning.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from tabbench_trainers import tao

import tabbench
from tabbench import ConfigError, Example, GenerationParams, GenerationRequest, Status, UsageError, training
from tabbench.evaluation.options import parse_key_values
from tabbench.training import Selection

REPO = Path(__file__).resolve().parents[3]


def _plan(benchmarks=(), data=None, split="train", suites=(), where=(), options=(), limit=None):
    """``training.plan`` of the selection a command's options give (as ``TrainConfig.of`` builds it)."""
    return training.plan(Selection(benchmarks, suites, data or {}, parse_key_values(tuple(options), "-o"), split,
                                   limit, where), default_split="train")


def _load(*args, **kwargs):
    """The benchmarks trained on (``run.benchmarks``) of the selection ``_plan`` is given."""
    return _plan(*args, **kwargs).benchmarks


def invoke(cli_runner, args: list[str]) -> None:
    result = cli_runner(args)
    assert result.exit_code == 0, result.output


def log_history(path: Path) -> list[dict]:
    return json.loads((path / "trainer_state.json").read_text(encoding="utf-8"))["log_history"]


def log_entries(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def assert_checkpoint(path: Path) -> None:
    """The checkpoint loads through the hf backend (what `tabbench eval --model` uses) and answers."""
    for name in ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json", "tabbench_train.json"):
        assert (path / name).is_file(), name
    assert not (path / "trainer").exists()
    benchmark = tabbench.get_benchmark("demo-bird")
    example = next(iter(benchmark.examples("test")))
    backend = tabbench.get_backend("hf", str(path))
    try:
        out = backend.generate([GenerationRequest(benchmark.prompt(example), example, "demo")],
                               GenerationParams(max_new_tokens=4))
    finally:
        backend.close()
    assert len(out) == 1 and isinstance(out[0][0], str)


def test_trainers_registered_without_heavy_imports() -> None:
    code = ("import sys, tabbench; from tabbench.host.plugins import host; "
            "names = host().registry('trainer').names(); "
            "import tabbench.training, tabbench_trainers.sft, tabbench_trainers.grpo, tabbench_trainers.tao; "
            "heavy = [m for m in ('torch', 'trl', 'transformers') if m in sys.modules]; "
            "print(names, heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['grpo', 'sft', 'tao'] []"


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_sft_end_to_end(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "sft"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "8",
                        "--max-steps", "2", "--batch-size", "4", "--logging-steps", "1", "--out", str(out)])
    assert_checkpoint(out)
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["trainer"] == "sft" and info["steps"] == 2 and info["targets"]["gold"] == 8
    assert any("loss" in e for e in log_history(out))


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_max_seconds_stops_at_the_first_step_past_the_budget(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "sft"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "8",
                        "--max-steps", "50", "--max-seconds", "0.001", "--batch-size", "4", "--out", str(out)])
    assert_checkpoint(out)  # stopped, and still saved
    info = json.loads((out / "tabbench_train.json").read_text())
    assert (info["steps"], info["max_seconds"], info["stopped_by_time"]) == (1, 0.001, True)
    roomy = tmp_path / "roomy"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "8",
                        "--max-steps", "2", "--max-seconds", "3600", "--batch-size", "4", "--out", str(roomy)])
    info = json.loads((roomy / "tabbench_train.json").read_text())
    assert (info["steps"], info["stopped_by_time"]) == (2, False)


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_snapshots_divide_the_budget_in_one_process(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "sft"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "8",
                        "--max-steps", "50", "--max-seconds", "0.001", "--snapshots", "3", "--batch-size", "4",
                        "--out", str(out)])
    info = json.loads((out / "tabbench_train.json").read_text())
    assert [(s["snapshot"], s["step"]) for s in info["snapshots"]] == [(1, 1), (2, 1)]  # both shares passed at step 1
    for k in (1, 2):
        assert {"config.json", "model.safetensors", "chat_template.jinja"} <= {p.name for p in (out / f"snapshot-{k}")
                                                                              .iterdir()}
        assert json.loads((out / f"snapshot-{k}" / "snapshot.json").read_text())["of"] == 3
    assert_checkpoint(out)


def test_snapshots_need_a_budget_and_full_weights(cli_runner, tmp_path: Path) -> None:
    model = tmp_path / "model"  # refused before any model loads: a folder that looks like a checkpoint will do
    model.mkdir()
    for name in ("config.json", "tokenizer_config.json"):
        (model / name).write_text("{}")
    for extra, wanted in ((["--snapshots", "3"], "give --max-seconds"),
                          (["--snapshots", "3", "--max-seconds", "5", "--lora-r", "4"], "merge the adapters")):
        result = cli_runner(["train", "sft", "--model", str(model), "--benchmark", "demo-bird", *extra, "--out",
                             str(tmp_path / "out")])
        assert result.exit_code == 2 and wanted in result.output, result.output
        assert not (tmp_path / "out").exists()


def test_benchmark_options_reach_the_benchmarks_trained_on() -> None:
    spider = _load(["demo-spider"], options=["demo-spider:timeout=7", "timeout=3"])[0]
    assert spider.options["timeout"] == 7  # NAME:KEY wins over KEY, as in `tabbench eval -o`
    with pytest.raises(ConfigError, match="no_such_option"):
        _load(["demo-spider"], options=["no_such_option=1"])


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_grpo_end_to_end_with_weighted_rewards(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "grpo"
    invoke(cli_runner, ["train", "grpo", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "4",
                        "--reward", "bird-ex", "--reward", "arctic:0.5", "--max-steps", "1", "--num-generations", "2",
                        "--prompts-per-step", "2", "--max-completion-length", "8", "--logging-steps", "1",
                        "--out", str(out)])
    assert_checkpoint(out)
    info = json.loads((out / "tabbench_train.json").read_text())
    assert [(r["name"], r["weight"]) for r in info["rewards"]] == [("bird-ex", 1.0), ("arctic", 0.5)]
    step = next(e for e in log_history(out) if "reward" in e)
    assert "rewards/bird-ex/mean" in step and "rewards/arctic/mean" in step
    rates = {k: v for k, v in step.items() if k.startswith("bird-ex/status/")}
    assert rates and sum(rates.values()) == pytest.approx(1.0)


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_tao_rft_round_end_to_end(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "tao"
    # A random model earns 0 reward; --min-reward 0 accepts its samples so the round has rows to train on.
    invoke(cli_runner, ["train", "tao", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "4",
                        "--reward", "arctic", "-k", "2", "--max-new-tokens", "6", "--min-reward", "0",
                        "--max-steps", "1", "--batch-size", "2", "--out", str(out)])
    assert_checkpoint(out)
    rounds = log_entries(out / "rounds.jsonl")
    assert len(rounds) == 1 and rounds[0]["samples"] == 8 and rounds[0]["train_rows"] > 0
    sampling = rounds[0]["sampling"]  # on a CPU the backend decodes eagerly: no compile warm-up
    assert sampling["warmup_seconds"] == 0 and sampling["generation_seconds"] > 0 and sampling["load_seconds"] > 0
    samples = log_entries(out / "round-1" / "samples.jsonl")
    assert len(samples) == 4 and all(len(g["samples"]) == 2 for g in samples)
    assert all(s["statuses"]["arctic"] in {x.value for x in Status} for g in samples for s in g["samples"])


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_tao_without_rows_fails_with_one_line(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    result = cli_runner(["train", "tao", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "2",
                         "--reward", "bird-ex", "-k", "2", "--max-new-tokens", "4", "--mode", "dpo",
                         "--min-reward", "5", "--out", str(tmp_path / "none")])
    assert result.exit_code == 2 and "no round produced dpo training rows" in result.output


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_out_dir_must_be_new(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("x")
    result = cli_runner(["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird",
                         "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not empty" in result.output


def test_use_vllm_without_vllm_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabbench_trainers import grpo

    monkeypatch.setattr(grpo.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ConfigError, match="vllm is not installed"):
        grpo.check_vllm(True)
    grpo.check_vllm(False)


# --- rewards by name ---------------------------------------------------------------------------------------


def test_reward_specs_default_weights_and_options() -> None:
    demo = tabbench.get_benchmark("demo-bird")
    assert [s.to_json() for s in training.resolve_rewards([], [], [demo])] == [
        {"name": "bird-ex", "weight": 1.0, "options": dict(tabbench.metric_specs(demo)[0].options)}]
    specs = training.resolve_rewards(["bird-ex:2", "arctic"], [], [demo])
    assert [(s.name, s.weight) for s in specs] == [("bird-ex", 2.0), ("arctic", 1.0)]
    with pytest.raises(UsageError, match="weight"):
        training.resolve_rewards(["bird-ex:heavy"], [], [demo])
    with pytest.raises(UsageError, match="twice"):
        training.resolve_rewards(["arctic", "arctic:2"], [], [demo])
    with pytest.raises(UsageError, match="'bird-ex' is not one of arctic"):
        training.resolve_rewards(["arctic"], ["bird-ex:timeout=3"], [demo])
    with pytest.raises(tabbench.UnknownNameError):
        training.resolve_rewards(["no-such-reward"], [], [demo])


def test_reward_option_reaches_the_plugin() -> None:
    demo = tabbench.get_benchmark("demo-bird")
    spec = training.resolve_rewards(["arctic"], ["arctic:timeout=2.5"], [demo])[0]
    assert spec.options["timeout"] == 2.5
    assert training.trl_reward_funcs([spec])[0].reward.options["timeout"] == 2.5


def test_a_suite_contributes_its_members_with_the_split() -> None:
    names = [b.name for b in _load(suites=["demo"])]
    assert names == ["demo-bird", "demo-spider", "demo-tablebench", "demo-crtqa"]  # the demo trains on all four
    assert [b.name for b in _load(split="dev", suites=["demo"])] == ["demo-spider"]  # Spider's held-out
    assert {n for n, _ in _plan(split="dev", suites=["demo"]).skipped} == {"demo-bird", "demo-tablebench",
                                                                            "demo-crtqa"}
    with pytest.raises(ConfigError):
        _load(split="no-such-split", suites=["demo"])
    with pytest.raises(UsageError, match="'bird' is not a benchmark of --suite 'demo'"):
        _load(data={"bird": "/nowhere"}, suites=["demo"])


def test_trainers_use_only_the_examples_where_selects() -> None:
    from tabbench_trainers import grpo

    from tabbench.evaluation.where import parse_wheres

    where = parse_wheres(["db_id=library", "difficulty!=simple"])
    planned = _plan(suites=["demo"], where=where, limit=5)
    assert [b.name for b in planned.benchmarks] == ["demo-bird", "demo-spider"]  # table QA members have no db_id
    rows = grpo.grpo_rows(planned.items)  # --limit after the filter
    examples = [json.loads(row["example"]) for row in rows]
    assert len(rows) == 10 and {e["meta"]["db_id"] for e in examples} == {"library"}
    assert "simple" not in {e["meta"].get("difficulty") for e in examples}
    bird = planned.benchmarks[0]
    wanted = [e.id for e in bird.examples("train") if e.meta["db_id"] == "library" and e.meta["difficulty"] != "simple"]
    assert [e.id for e in _plan(suites=["demo"], where=where)["demo-bird"].examples] == wanted
    with pytest.raises(UsageError, match="no example has key 'colour'"):
        _load(["demo-bird"], where=parse_wheres(["colour=red"]))


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_sft_trains_only_on_the_selected_examples(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    bird = tabbench.get_benchmark("demo-bird")
    ids = [e.id for e in bird.examples("train")][3:30:9]
    (tmp_path / "ids.txt").write_text("\n".join(ids) + "\n")
    out = tmp_path / "sft"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--where",
                        f"id=@{tmp_path / 'ids.txt'}", "--max-steps", "1", "--batch-size", "2", "--out", str(out)])
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["rows"] == len(ids) == 3 and info["targets"]["gold"] == 3
    content = (tmp_path / "ids.txt").read_bytes()
    assert info["settings"]["where"] == [{"key": "id", "op": "=", "file": str(tmp_path / "ids.txt"),
                                          "size": len(content), "sha256": hashlib.sha256(content).hexdigest()}]


def test_train_takes_benchmark_and_suite_as_eval_does(cli_runner, tmp_path) -> None:
    """--benchmark demo (a suite) is refused in one line that lists its benchmarks, before any model loads."""
    for name in ("config.json", "tokenizer_config.json"):  # looks like a checkpoint: never loaded
        (tmp_path / name).write_text("{}")
    result = cli_runner(["train", "sft", "--model", str(tmp_path), "--benchmark", "demo", "--out",
                         str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "'demo' is a suite (benchmarks: demo-bird, demo-spider, demo-tablebench, demo-crtqa); use --suite demo" \
        in result.output
    assert not (tmp_path / "out").exists()
    for trainer in ("sft", "grpo", "tao"):  # the run's settings, as eval and score take them
        text = cli_runner(["train", trainer, "--help"]).output
        assert all(flag in text for flag in ("--suite", "--workers", "--result-store-mb", "--unsafe-sandbox"))


def test_multi_task_rewards_score_only_their_own_benchmark_rows() -> None:
    from tabbench.adapters import dataset_rows

    benchmarks = _load(suites=["demo"])
    specs = training.resolve_rewards([], [], benchmarks)
    assert [(s.benchmark, s.name) for s in specs] == [
        ("demo-bird", "bird-ex"), ("demo-spider", "spider-ex"), ("demo-tablebench", "rouge-l"),
        ("demo-crtqa", "crtqa-em")]
    rows = [next(iter(dataset_rows(b, "train"))) for b in benchmarks]
    completions = [b.gold_completion(next(iter(b.examples("train")))) for b in benchmarks]
    columns = {key: [row[key] for row in rows] for key in rows[0] if key != "prompt"}
    for i, func in enumerate(training.trl_reward_funcs(specs)):
        values = func(prompts=[r["prompt"] for r in rows], completions=completions, **columns)
        assert values == [1.0 if j == i else None for j in range(len(rows))], func.__name__  # gold: 1, others: None
    assert [training.trl_reward_funcs(specs)[0].__name__] == ["demo-bird/bird-ex"]  # logged per benchmark
    explicit = training.resolve_rewards(["bird-ex"], [], benchmarks)  # a named reward scores every row
    assert explicit[0].benchmark is None and explicit[0].label == "bird-ex"


# --- TAO's scoring and row building ------------------------------------------------------------------------


def _demo_example() -> tuple[tabbench.Benchmark, Example]:
    benchmark = tabbench.get_benchmark("demo-bird")
    return benchmark, next(iter(benchmark.examples("train")))


def test_score_group_uses_the_reward_plugins_and_weights() -> None:
    benchmark, example = _demo_example()
    specs = [training.RewardSpec("bird-ex", 1.0), training.RewardSpec("arctic", 0.5)]
    rewards = list(zip(specs, training.trl_reward_funcs(specs), strict=True))
    group = tao.score_group(benchmark, example, [example.gold, "SELECT nothing FROM nowhere", "no sql here"], rewards)
    assert [s.reward for s in group.samples] == pytest.approx([1.5, 0.0, 0.0])
    assert group.samples[0].statuses == {"bird-ex": "match", "arctic": "match"}
    assert not group.pseudo


def test_score_group_uses_only_its_own_benchmarks_rewards() -> None:
    benchmarks = _load(suites=["demo"])
    specs = training.resolve_rewards([], [], benchmarks)  # one reward per benchmark: demo-bird/bird-ex, ...
    rewards = list(zip(specs, training.trl_reward_funcs(specs), strict=True))
    for benchmark in benchmarks:
        example = next(iter(benchmark.examples("train")))
        group = tao.score_group(benchmark, example, [benchmark.gold_completion(example)], rewards)
        [own] = [s.label for s in specs if s.benchmark == benchmark.name]
        assert group.samples[0].statuses.keys() == {own}
        assert group.samples[0].reward == pytest.approx(1.0), own


def test_unlabeled_prompt_is_scored_against_its_vote() -> None:
    benchmark, example = _demo_example()
    unlabeled = Example(example.id, None, example.fields, example.meta, example.split)
    specs = [training.RewardSpec("bird-ex", 1.0)]
    rewards = list(zip(specs, training.trl_reward_funcs(specs), strict=True))
    completions = [example.gold, example.gold + " ", "SELECT 12345", "not sql"]
    group = tao.score_group(benchmark, unlabeled, completions, rewards)
    assert group.pseudo
    assert [s.reward for s in group.samples] == [1.0, 1.0, 0.0, 0.0]
    nobody = tao.score_group(benchmark, unlabeled, ["no", "answer"], rewards)
    assert [s.reward for s in nobody.samples] == [None, None]


def _group(rewards: list[float | None], texts: list[str] | None = None) -> tao.Group:
    benchmark, example = _demo_example()
    texts = texts or [f"SELECT {i}" + " x" * i for i in range(len(rewards))]
    samples = [tao.Sample(t, t, r) for t, r in zip(texts, rewards, strict=True)]
    return tao.Group(benchmark, example, samples)


def test_rft_keeps_distinct_accepted_answers_shortest_first() -> None:
    group = _group([1.0, 0.1, 1.0, 1.0, None], ["SELECT  1 ", "SELECT 2", "SELECT 1", "SELECT 3 longer", "x"])
    rows = tao.rft_rows([group], min_reward=1.0, keep=2)
    assert [r["completion"][0]["content"] for r in rows] == ["SELECT 1", "SELECT 3 longer"]
    assert rows[0]["prompt"] == group.benchmark.prompt(group.example)


def test_dpo_pairs_prefer_the_hardest_rejection() -> None:
    rows = tao.dpo_rows([_group([0.0, 1.0, 0.1])], min_reward=1.0, pairs=2)
    assert len(rows) == 1
    assert rows[0]["chosen"][0]["content"] == "SELECT 1 x" and rows[0]["rejected"][0]["content"] == "SELECT 2 x x"
    assert tao.dpo_rows([_group([1.0, 1.0])], 1.0, 1) == []


def test_kto_labels_and_summary() -> None:
    groups = [_group([1.0, 0.0, None]), _group([0.1, 0.1])]
    rows = tao.kto_rows(groups, min_reward=1.0, seed=0)
    assert sorted(r["label"] for r in rows) == [False, False, False, True]
    summary = tao.round_summary(groups, 1.0, "bird-ex")
    assert summary["samples"] == 5 and summary["unscorable_samples"] == 1
    assert summary["pass_at_k"] == 0.5 and summary["accept_rate"] == pytest.approx(0.2)


# --- multi-GPU configs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["zero2", "zero3", "multi_gpu"])
def test_accelerate_configs_load(name: str) -> None:
    from accelerate.commands.config.config_args import load_config_from_file

    path = Path(tao.__file__).parent / "configs" / f"{name}.yaml"
    config = load_config_from_file(str(path))
    assert config.mixed_precision == "bf16" and config.num_processes >= 2
    if name.startswith("zero"):
        assert config.deepspeed_config["zero_stage"] == int(name[-1])


# --- SFT targets and GRPO prompt lengths -------------------------------------------------------------------


def test_sft_target_prefers_a_readable_trace() -> None:
    from tabbench_trainers.sft import completion_target

    demo, example = _demo_example()

    class Strict(type(demo)):  # the demo reads any text as SQL; this one needs a fenced block
        def extract(self, example: Example, completion: str) -> str | None:
            return completion.split("```sql")[1].split("```")[0] if "```sql" in completion else None

    benchmark = Strict(demo.data_path)
    trace = f"<think>count the rows</think>\n```sql\n{example.gold}\n```"
    traced = Example(example.id, example.gold, {**example.fields, "trace": trace}, example.meta, example.split)
    broken = Example(example.id, example.gold, {**example.fields, "trace": "no answer"}, example.meta, example.split)
    counts = {"gold": 0, "trace": 0, "unusable_trace": 0, "no_target": 0}
    assert completion_target(benchmark, traced, "auto", "trace", counts) == trace
    assert completion_target(benchmark, traced, "gold", "trace", counts) == benchmark.gold_completion(example)
    assert completion_target(benchmark, broken, "auto", "trace", counts) == benchmark.gold_completion(example)
    assert completion_target(benchmark, broken, "trace", "trace", counts) is None
    assert counts == {"gold": 2, "trace": 1, "unusable_trace": 2, "no_target": 0}


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_long_prompts_are_skipped(micro_model: Path) -> None:
    from tabbench_trainers.grpo import drop_long_prompts, grpo_rows
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(micro_model))
    rows = grpo_rows(_plan(["demo-bird"], limit=5).items)
    assert drop_long_prompts(rows, tokenizer, None) == (rows, 0)
    assert drop_long_prompts(rows, tokenizer, 10_000) == (rows, 0)
    assert drop_long_prompts(rows, tokenizer, 5) == ([], 5)


@pytest.mark.slow  # builds a tiny checkpoint (and trains it)
def test_lora_adapters_are_merged_on_save(cli_runner, micro_model: Path, tmp_path: Path) -> None:
    out = tmp_path / "lora"
    invoke(cli_runner, ["train", "sft", "--model", str(micro_model), "--benchmark", "demo-bird", "--limit", "4",
                        "--max-steps", "1", "--batch-size", "2", "--lora-r", "4", "--out", str(out)])
    assert not (out / "adapter_config.json").exists()
    assert_checkpoint(out)


def test_each_trainer_gets_a_typed_config_of_exactly_its_options() -> None:
    """The command's options become a frozen dataclass field by field; one without the other is a bug."""
    import dataclasses

    from tabbench_trainers.grpo import GrpoConfig, grpo_command
    from tabbench_trainers.sft import SftConfig, sft_command
    from tabbench_trainers.tao import TaoConfig, tao_command

    from tabbench.cli.options import PROMPT_PARAMETERS, SETTINGS_PARAMETERS

    # settings and selection (its prompt from the prompt options)
    shared = {*SETTINGS_PARAMETERS, *training.SELECTION_KEYWORDS, *PROMPT_PARAMETERS}
    for config, command in ((SftConfig, sft_command), (GrpoConfig, grpo_command), (TaoConfig, tao_command)):
        options = {p.name for p in command.params if not p.hidden} - shared | {"settings", "selection"}
        assert {f.name for f in dataclasses.fields(config)} == options, config.__name__
        given = {p.name for p in command.params} | {"prompt"}
        assert set(training.SELECTION_KEYWORDS) <= given and set(PROMPT_PARAMETERS) <= given, config.__name__
        assert config.__dataclass_params__.frozen
    with pytest.raises(TypeError, match="fields without an option"):
        SftConfig.of({"model_path": "m"})
