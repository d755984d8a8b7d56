"""``tabbench.evaluation.plan.plan`` (``tabbench.training.plan``): one plan for every kind of run.

One selection fed to evaluation and to training gives the same benchmarks, example ids and per-query limits; each
benchmark's examples are read once per run (greedy, vote, ``--where``, ``--env``, shards, merge, the Ray driver,
score, training); eval and train refuse the same selections with the same line; ``--timeout`` given to training
reaches every reward it optimises.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench import Settings, training
from tabbench.contract.errors import DataError, TabbenchError, UsageError
from tabbench.evaluation.config import RunConfig
from tabbench.evaluation.launch import launch, plan_run
from tabbench.host.plugins import PluginInfo, host
from tests.bird_demo import demo_data_copy, on_bird_demo
from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")

#: How often each counted benchmark's examples were read (by the host, or by the benchmark's own ``data_files``).
READS: Counter[str] = Counter()


def _counted(base: str, name: str, rows: Any = None) -> type:
    """A subclass of ``base`` named ``name`` that counts every call of ``examples``; ``rows`` (a function of the
    examples) changes what it yields."""
    parent = tabbench.benchmark_class(base)

    class Counted(parent):  # type: ignore[misc, valid-type]
        def examples(self, split: str | None = None) -> Any:
            READS[self.name] += 1
            examples = list(super().examples(split))
            return iter(rows(examples) if rows is not None else examples)

    Counted.name = name
    return Counted


class _Plugin:
    """The counted benchmarks, built before the plugin registers (a hook that looked a benchmark class up would
    build the registry it is filling: every plugin's hook again, recursively)."""

    def __init__(self) -> None:
        self.classes = {"counted-bird": _counted("demo-bird", "counted-bird"),
                        "counted-spider": _counted("demo-spider", "counted-spider"),
                        "dup-bird": _counted("demo-bird", "dup-bird", lambda examples: [examples[0], *examples]),
                        "empty-bird": _counted("demo-bird", "empty-bird", lambda examples: [])}

    @tabbench.hookimpl
    def register_benchmarks(self, register: Any) -> None:
        for name, cls in self.classes.items():
            register(name, cls)

    @tabbench.hookimpl
    def register_suites(self, register: Any) -> None:
        register("counted", ["counted-bird", "counted-spider"])


@pytest.fixture(scope="module")
def plugin(demo: Any) -> Any:
    host().register(_Plugin(), PluginInfo("plan-test"))
    yield
    host().unregister("plan-test")


@pytest.fixture(autouse=True)
def counted(plugin: Any) -> Any:
    READS.clear()
    return READS


@dataclass(frozen=True)
class ToyConfig(training.TrainConfig, training.RewardOptions):
    """A trainer's config (``run_trainer`` needs no more)."""


def train_config(selection: training.Selection, out: Path, rewards: tuple[str, ...] = ()) -> ToyConfig:
    values: dict[str, Any] = {
        "model_path": "model", "selection": selection, "out_dir": out, "max_steps": 1, "max_seconds": None,
        "epochs": 1.0, "learning_rate": 1e-4, "warmup_steps": 0, "grad_accum": 1, "seed": 0, "reproducible": False,
        "logging_steps": 1, "device": "cpu", "lora_r": 0, "lora_alpha": None, "lora_dropout": 0.05,
        "lora_target_modules": "all-linear", "settings": Settings(workers=0), "reward_specs": rewards,
        "reward_option_pairs": ()}
    return ToyConfig(**values)


def run_training(selection: training.Selection, out: Path, rewards: tuple[str, ...] = (),
                 train: Any = None) -> training.TrainingRun:
    """``run_trainer`` on ``selection`` without a model: the run its ``train`` was handed."""
    seen: dict[str, training.TrainingRun] = {}

    def record(run: training.TrainingRun) -> training.Trained:
        seen["run"] = run
        if train is not None:
            train(run)
        return training.Trained("done")

    training.run_trainer("toy", train_config(selection, out, rewards), record, model=False, plugin_version="0")
    return seen["run"]


def eval_config(selection: training.Selection, out: Path, **given: Any) -> RunConfig:
    chosen = {item.name: getattr(selection, item.name) for item in fields(selection)}
    return RunConfig(backend="gold", out=out, use_cache=False, settings=Settings(workers=0), **chosen, **given)


def sample_ids(out: Path, benchmark: str) -> list[str]:
    lines = (out / "samples" / f"{benchmark}.jsonl").read_text().splitlines()
    return [json.loads(line)["id"] for line in lines]


# --- one selection, one plan -------------------------------------------------------------------------------


def test_one_selection_gives_evaluation_and_training_the_same_examples_and_limits(tmp_path: Path) -> None:
    selection = training.Selection(suites=("counted",), split="train", limit=5, where=("db_id!=library",),
                                   timeout=7.5)
    evaluated = launch(eval_config(selection, tmp_path / "eval"))
    run = run_training(selection, tmp_path / "train")

    names = list(evaluated["benchmarks"])
    assert names == [b.name for b in run.benchmarks] == ["counted-bird", "counted-spider"]
    trained = {name: [e.id for b, e in run.items if b.name == name] for name in names}
    assert trained == {name: sample_ids(tmp_path / "eval", name) for name in names}
    assert all(len(ids) == 5 for ids in trained.values())
    assert {name: evaluated["benchmarks"][name]["options"]["timeout"] for name in names} == run.plan.timeouts == {
        "counted-bird": 7.5, "counted-spider": 7.5}
    scored = {name: evaluated["benchmarks"][name]["metric_rewards"][0] for name in names}  # the primary metric's
    optimised = {spec.benchmark: spec for spec in run.rewards}
    assert {n: (m["reward"], m["options"]["timeout"]) for n, m in scored.items()} == {
        n: (spec.name, spec.options["timeout"]) for n, spec in optimised.items()}
    planned = plan_run(eval_config(selection, tmp_path / "again"))
    assert [[e.id for e in p.examples] for p in planned.planned] == [trained[n] for n in names]


def test_a_training_run_needs_names_and_keeps_its_own_split(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(UsageError, match="name what to train on: --benchmark NAME, --suite NAME or --dataset FOLDER"):
        run_training(training.Selection(), tmp_path / "none")
    run = run_training(training.Selection(suites=("demo", "counted"), limit=1), tmp_path / "train")
    assert run.plan.split == "train" and all(p.split == "train" for p in run.plan.planned)
    evaluated = plan_run(eval_config(training.Selection(benchmarks=("counted-bird",)), tmp_path / "eval"))
    assert evaluated.split is None and evaluated["counted-bird"].split == "test"  # the benchmark's own


def test_a_suite_member_without_the_split_is_left_out_by_eval_and_train(cli: Any, tmp_path: Path,
                                                                          lookalike: Path) -> None:
    """Spider's demo has a dev split, the others do not: both commands run the one that has it, and say so."""
    done = cli(["eval", "--model", "gold", "--suite", "demo", "--split", "dev", "--limit", "1", "--no-cache",
                "--no-progress", "--out", str(tmp_path / "eval")])
    assert done.exit_code == 0, done.output
    results = json.loads((tmp_path / "eval" / "results.json").read_text())
    assert list(results["benchmarks"]) == ["demo-spider"]
    assert {n["benchmark"]: n["failed"] for n in results["not_run"]} == {
        "demo-bird": False, "demo-tablebench": False, "demo-crtqa": False}
    assert "skipped demo-bird: no 'dev' split" in done.stderr
    run = run_training(training.Selection(suites=("demo",), split="dev", limit=1), tmp_path / "train")
    assert [b.name for b in run.benchmarks] == ["demo-spider"]


# --- the same refusals ---------------------------------------------------------------------------------------


@pytest.fixture
def cli(demo_cli: Any) -> Any:
    return demo_cli


REFUSED = {
    # name: (selection arguments, what the one error line says)
    "duplicate example ids": (["--benchmark", "dup-bird"], "benchmark 'dup-bird': duplicate example id"),
    "an empty split": (["--benchmark", "empty-bird", "--where", "id=1"], "benchmark 'empty-bird': split 'train' has "
                       "no examples"),
    "-o for a benchmark not selected": (["--benchmark", "counted-bird", "-o", "ghost:timeout=3"],
                                        "-o ghost:timeout=...: 'ghost' is not a benchmark of --benchmark "
                                        "'counted-bird'"),
    "--data for a benchmark not selected": (["--benchmark", "counted-bird", "--data", "ghost=/nowhere"],
                                            "--data ghost=...: 'ghost' is not a benchmark of"),
    "a suite given as --benchmark": (["--benchmark", "counted"], "'counted' is a suite (benchmarks: counted-bird, "
                                     "counted-spider); use --suite counted"),
    "an unknown benchmark": (["--benchmark", "nosuch-bench"], "'nosuch-bench'"),
    "a timeout of 0": (["--benchmark", "counted-bird", "--timeout", "0"], "--timeout 0.0: expected seconds > 0"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_eval_and_train_refuse_the_same_selections_with_the_same_line(cli: Any, lookalike: Path, tmp_path: Path,
                                                                      case: str) -> None:
    arguments, says = REFUSED[case]
    lines = {}
    for command in (["eval", "--model", "gold", "--split", "train", "--no-cache"],
                    ["train", "sft", "--model", str(lookalike)]):
        out = tmp_path / command[0]
        done = cli([*command, *arguments, "--out", str(out)])
        assert done.exit_code == 2 and not out.exists(), done.output
        lines[command[0]] = done.stderr.strip().splitlines()[-1]
        assert says in lines[command[0]], lines
    assert lines["eval"] == lines["train"]


def test_plan_refuses_what_the_commands_refuse(tmp_path: Path) -> None:
    """The library entries, without the command line: the data errors come from the plan, before any model."""
    for selection, error in ((training.Selection("dup-bird", split="train"), DataError),
                             (training.Selection("counted-bird", benchmark_options={"ghost:x": 1}), UsageError)):
        with pytest.raises(error):
            launch(eval_config(selection, tmp_path / "eval"))
        with pytest.raises(error):
            run_training(selection, tmp_path / "train")
        assert not (tmp_path / "eval").exists() and not (tmp_path / "train").exists()


# --- each benchmark's examples are read once per run ---------------------------------------------------------


BASE = ["--model", "gold", "--no-cache", "--no-progress", "--limit", "4"]
RUNS = {
    "greedy": ["eval", *BASE, "--benchmark", "counted-bird"],
    "a suite": ["eval", *BASE, "--suite", "counted"],
    "a vote run (two passes)": ["eval", *BASE, "--benchmark", "counted-bird", "--samples", "2"],
    "--where": ["eval", *BASE, "--suite", "counted", "--where", "db_id=library"],
    "--env": ["eval", *BASE, "--benchmark", "counted-bird", "--env", "sql", "--max-turns", "2"],
    "a shard": ["eval", *BASE, "--suite", "counted", "--shard", "1/2"],
    "a vote run's shard": ["eval", *BASE, "--benchmark", "counted-bird", "--samples", "2", "--shard", "0/2"],
}


@pytest.mark.parametrize("case", list(RUNS))
def test_each_benchmark_s_examples_are_read_once_per_run(cli: Any, tmp_path: Path, case: str) -> None:
    done = cli([*RUNS[case], "--out", str(tmp_path / "run")])
    assert done.exit_code == 0, done.output
    ran = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]
    assert ran and READS == dict.fromkeys(ran, 1)


def test_the_demo_s_data_files_read_the_examples_only_when_nothing_read_them() -> None:
    """demo-bird's ``data_files`` (the databases its questions run on) uses what reading the split noted: every pass
    of a run records the files without reading the examples again; alone (a rescore) it reads them once."""
    bench = tabbench.get_benchmark("counted-bird")
    files = bench.data_files("test")
    assert READS == {"counted-bird": 1}
    assert [p.name for p in files] == ["dev.json", "dev_tables.json", "library.sqlite", "school.sqlite", "shop.sqlite"]
    list(bench.examples("train"))
    assert bench.data_files("train") == bench.data_files("train") and READS == {"counted-bird": 2}


def test_score_reads_the_examples_once(cli: Any, tmp_path: Path) -> None:
    examples = list(tabbench.get_benchmark("counted-bird").examples(None))[:4]
    predictions = tmp_path / "predictions.jsonl"
    predictions.write_text("".join(json.dumps({"id": e.id, "completion": e.gold}) + "\n" for e in examples))
    READS.clear()
    done = cli(["score", "counted-bird", "--predictions", str(predictions), "--limit", "4", "--no-progress",
                "--out", str(tmp_path / "run")])
    assert done.exit_code == 0, done.output
    assert READS == {"counted-bird": 1}


def test_a_merge_reads_the_examples_once_and_a_vote_merge_too(cli: Any, tmp_path: Path) -> None:
    shards = []
    for k in (0, 1):
        shards.append(tmp_path / f"shard-{k}")
        done = cli(["eval", *BASE, "--suite", "counted", "--samples", "2", "--shard", f"{k}/2",
                    "--out", str(shards[-1])])
        assert done.exit_code == 0, done.output
    READS.clear()
    done = cli(["merge", str(tmp_path / "merged"), *map(str, shards)])
    assert done.exit_code == 0, done.output
    assert READS == {"counted-bird": 1, "counted-spider": 1}  # the vote's merge and its greedy run's: one plan
    assert (tmp_path / "merged" / "greedy" / "results.json").is_file()


def test_the_ray_driver_plans_once_and_the_merge_reuses_its_plan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """``--launcher ray`` without Ray: each shard task runs here, one after the other; the driver's plan sizes the
    shards' progress and orders the merge."""
    from tabbench.evaluation import ray_launcher
    from tabbench.evaluation.shards import all_shards

    given: dict[str, Any] = {}

    def run_here(task: Any, count: int, out: Path, options: Any, *, totals: Any, show_progress: bool) -> list[Path]:
        given["reads before the shards"] = dict(READS)
        given["totals"] = totals
        folders = [ray_launcher.shard_folder(out, shard) for shard in all_shards(count)]
        for shard, folder in zip(all_shards(count), folders, strict=True):
            task(shard, folder)
        given["reads after the shards"] = dict(READS)
        return folders

    monkeypatch.setattr(ray_launcher, "run_shards", run_here)
    config = eval_config(training.Selection(suites=("counted",), limit=6), tmp_path / "run")
    results = ray_launcher.launch_on_ray(config, 3, ray_launcher.RayOptions())
    assert given["reads before the shards"] == {"counted-bird": 1, "counted-spider": 1}  # the driver's plan
    assert given["reads after the shards"] == {"counted-bird": 4, "counted-spider": 4}  # and each shard's own
    assert READS == given["reads after the shards"]  # the merge read nothing again
    written = {k: ray_launcher.records_written(ray_launcher.shard_folder(tmp_path / "run", shard))
               for k, shard in enumerate(all_shards(3))}
    assert given["totals"] == written and sum(written.values()) == 12
    assert [len(sample_ids(tmp_path / "run", name)) for name in results["benchmarks"]] == [6, 6]


def test_a_training_run_reads_the_examples_once(tmp_path: Path) -> None:
    run = run_training(training.Selection(suites=("counted",), limit=3, where=("db_id=library",)),
                       tmp_path / "train")
    assert len(run.items) == 6 and READS == {"counted-bird": 1, "counted-spider": 1}


# --- --timeout in training ---------------------------------------------------------------------------------


def test_a_training_timeout_reaches_every_reward_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reward the run optimises (a metric's and one the benchmark never named) is built with ``--timeout``,
    and every query a reward call executes runs under it."""
    import tabbench.sql.batch as batch
    from tabbench.adapters import example_row

    monkeypatch.setattr(batch, "_default_cache", None)  # the gold results are executed here, not read from disk
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    timeouts: list[Any] = []
    run_queries = batch.run_queries

    def recording(keys: Any, limits: Any, workers: Any) -> Any:
        timeouts.append(limits.timeout)
        return run_queries(keys, limits, workers)

    monkeypatch.setattr(batch, "run_queries", recording)
    called: dict[str, list[Any]] = {}

    def train(run: training.TrainingRun) -> None:
        rows = [example_row(b, e) for b, e in run.items]
        completions = [[{"role": "assistant", "content": f"```sql\n{e.gold}\n```"}] for _, e in run.items]
        columns = {k: [row[k] for row in rows] for k in rows[0] if k != "prompt"}
        for spec, func in zip(run.rewards, training.trl_reward_funcs(run.rewards), strict=True):
            assert func.reward.options["timeout"] == 7.5, spec.name
            called[spec.name] = func(prompts=[r["prompt"] for r in rows], completions=completions, **columns)

    run_training(training.Selection("counted-bird", limit=3, timeout=7.5), tmp_path / "train",
                 rewards=("bird-ex", "arctic"), train=train)
    assert called["bird-ex"] == [1.0] * 3 and len(called["arctic"]) == 3
    assert timeouts and set(timeouts) == {7.5}


def test_train_takes_timeout_as_eval_does(cli: Any, lookalike: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    eval_help = next(p for p in tabbench_command("eval").params if p.name == "timeout")
    for trainer in ("sft", "grpo", "tao"):
        option = next(p for p in tabbench_command("train", trainer).params if p.name == "timeout")
        assert (option.opts, option.help, option.envvar) == (eval_help.opts, eval_help.help, "TABBENCH_TIMEOUT")
    monkeypatch.setenv("TABBENCH_TIMEOUT", "0")  # the option's default, as eval's
    done = cli(["train", "grpo", "--model", str(lookalike), "--benchmark", "counted-bird", "--out",
                str(tmp_path / "o")])
    assert done.exit_code == 2 and "--timeout 0.0: expected seconds > 0" in done.output, done.output


@pytest.mark.parametrize("trainer", ["sft", "grpo", "tao"])
def test_train_timeout_is_the_selection_s(cli: Any, lookalike: Path, tmp_path: Path, trainer: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``--timeout`` gives ``run_trainer``: the config's selection holds it (and the run plans with it)."""
    given: list[Any] = []
    monkeypatch.setattr(training, "run_trainer", lambda name, config, *a, **k: given.append(config))
    done = cli(["train", trainer, "--model", str(lookalike), "--benchmark", "counted-bird", "--timeout", "7.5",
                "--out", str(tmp_path / "o")])
    assert done.exit_code == 0, done.output
    assert [config.selection.timeout for config in given] == [7.5]
    assert training.plan(given[0].selection, default_split="train").timeouts == {"counted-bird": 7.5}


def tabbench_command(*path: str) -> Any:
    import click

    from tabbench.cli import build_cli

    command: Any = build_cli()
    for name in path:
        command = command.get_command(click.Context(command), name)
    return command


# --- the retired names ---------------------------------------------------------------------------------------


def test_the_plugins_stay_loaded_beside_the_counted_ones() -> None:
    """Registering the counted benchmarks leaves every other plugin as it was (none fails in their shadow)."""
    assert {"bird", "demo-bird", "counted-bird"} <= set(host().registry("benchmark").names())
    plugins = {info.name: info.status for info in host().plugins.values()}
    assert (plugins["plan-test"], plugins["bird"], plugins["spider"]) == ("ok", "ok", "ok")


def test_the_0_2_training_selection_names_warn_and_still_work() -> None:
    selection = training.Selection("counted-bird", limit=2)
    with pytest.warns(DeprecationWarning, match=r"tabbench\.training\.load_benchmarks is deprecated since 0\.3\.0 "
                      r"and will be removed in 0\.4\.0; use tabbench\.training\.plan"):
        benchmarks = training.load_benchmarks(selection)
    with pytest.warns(DeprecationWarning, match=r"tabbench\.training\.selected_examples is deprecated"):
        items = training.selected_examples(benchmarks, selection)
    with pytest.warns(DeprecationWarning, match=r"tabbench\.training\.training_examples is deprecated"):
        examples = training.training_examples(benchmarks[0], "train", 2)
    planned = training.plan(selection, default_split="train")
    assert [b.name for b in benchmarks] == ["counted-bird"]
    assert [e.id for _, e in items] == [e.id for e in examples] == [e.id for _, e in planned.items]
    assert {"plan", "Plan", "PlannedBenchmark"} <= set(training.__all__)
    assert not {"load_benchmarks", "selected_examples", "training_examples"} & set(training.__all__)


def test_a_plan_error_names_the_benchmark_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(TabbenchError) as caught:
        training.plan(training.Selection("empty-bird"))
    assert str(caught.value).splitlines() == [str(caught.value)] and "'empty-bird'" in str(caught.value)


@on_bird_demo
def test_empty_data_file_is_an_error_not_a_run_of_none(cli_runner, tmp_path: Path) -> None:
    data = demo_data_copy(tmp_path, "tablebench")
    for rows in data.glob("*.jsonl"):
        rows.write_text("")
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "tablebench", "--data", f"tablebench={data}",
                         "--out", str(out), "--no-progress", "--no-cache"])
    one_line_error(result, "'tablebench'", "has no examples", str(data))
    assert not out.exists()
