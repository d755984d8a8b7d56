"""Benchmark options: undeclared ones are rejected (one line, exit 2), and results record the effective ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabbench.contract.errors import ConfigError

BASE = ["eval", "--model", "gold", "--limit", "1", "--no-cache", "--no-progress"]


@pytest.fixture
def cli(cli_runner, demo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache-root"))
    monkeypatch.setenv("TABBENCH_WORKERS", "1")
    return cli_runner


@pytest.mark.parametrize("suite, option", [
    ("demo", "demo-bird:nosuchopt=1"),
    ("demo-crtqa", "nosuchopt=1"),
    ("demo-spider", "tabel_format=csv"),
])
def test_unknown_option_is_a_one_line_usage_error(cli, tmp_path: Path, suite: str, option: str) -> None:
    result = cli([*BASE, "--suite", suite, "-o", option, "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    key = option.split("=")[0].rpartition(":")[2]
    assert f"unknown option {key!r} (known: " in result.stderr
    assert not (tmp_path / "run").exists()


def test_option_for_a_benchmark_outside_the_run_is_a_usage_error(cli, tmp_path: Path) -> None:
    result = cli([*BASE, "--suite", "demo-crtqa", "-o", "bird:dialect=mysql", "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "'bird' is not a benchmark of --suite 'demo-crtqa'" in result.stderr


def test_unknown_option_through_score(cli, tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    predictions.write_text("")
    result = cli(["score", "demo-tablebench", "--predictions", str(predictions), "-o", "nosuchopt=1",
                  "--out", str(tmp_path / "run")])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "benchmark 'demo-tablebench': unknown option 'nosuchopt'" in result.stderr


def test_results_record_the_effective_options(cli, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = cli([*BASE, "--suite", "demo", "--timeout", "5", "-o", "demo-bird:official=true",
                  "-o", "demo-crtqa:table_format=csv", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    blocks = json.loads((out / "results.json").read_text())["benchmarks"]
    assert blocks["demo-bird"]["options"] == {"timeout": 5.0, "max_steps": None, "official": True}
    # demo-crtqa executes nothing, so --timeout is not one of its options; the defaults are filled in
    assert blocks["demo-crtqa"]["options"] == {"table_format": "csv", "max_table_chars": 0,
                                               "normalization": "tabbench", "extract": "final_answer", "decimals": 2}
    assert blocks["demo-tablebench"]["options"]["timeout"] == 5.0
    assert blocks["demo-spider"]["options"]["timeout"] == 5.0 and blocks["demo-spider"]["options"]["official"] is False
    config = json.loads((out / "run.json").read_text())["config"]
    assert config["benchmark_options"] == {"demo-bird:official": True, "demo-crtqa:table_format": "csv"}
    assert config["timeout"] == 5.0


def test_every_installed_benchmark_rejects_an_undeclared_option(demo) -> None:
    from tabbench.host.lookup import benchmark_class
    from tabbench.host.plugins import host

    for name in host().registry("benchmark").names():
        cls = benchmark_class(name)
        with pytest.raises(ConfigError, match=f"benchmark {name!r}: unknown option 'nosuchopt'"):
            cls(cls.bundled_data(), nosuchopt=1)


def test_demo_data_files_include_its_databases(demo) -> None:
    files = demo.data_files("test")
    databases = [p for p in files if p.suffix == ".sqlite"]
    used = {e.fields["db_path"] for e in demo.examples("test")}
    assert {str(p) for p in databases} == used and all(p.is_file() for p in databases)


@pytest.mark.parametrize(("args", "says"), [
    (["-o", "nosuchopt=1"], "benchmark 'demo-bird': unknown option 'nosuchopt' (known: "),
    (["-m", "nosuchopt=1"], "model backend 'gold': unknown option 'nosuchopt' (known: none)"),
    (["--model", "predictions:README.md", "-m", "missing=never"],
     "model backend 'predictions': option missing=the string 'never': expected one of 'error', 'empty'"),
    (["--env", "sql", "-e", "nosuchopt=1"], "environment 'sql': unknown option 'nosuchopt' (known: "),
])
def test_every_plugin_kind_checks_options_with_one_line(cli, tmp_path: Path, args: list[str], says: str) -> None:
    """Benchmarks, model backends and environments (and rewards, below) go through the host's one check."""
    model = [] if "--model" in args else ["--model", "gold"]
    result = cli(["eval", *model, *args, "--benchmark", "demo-bird", "--limit", "1", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("reward", "options", "says"), [
    ("bird-ex", {"nosuchopt": 1}, "reward 'bird-ex': unknown option 'nosuchopt' (known: "),
    ("spider-ex", {"official": "maybe"}, "reward 'spider-ex': option official=the string 'maybe': expected true"),
    ("execution-partial", {"extract": "everything"}, "expected one of 'auto', 'block'"),
    ("exact-match", {"match": "fuzzy"}, "reward 'exact-match': option match=the string 'fuzzy': expected one of "
     "'tablebench', 'string'"),
    ("rouge-l", {"extraction": "guess"}, "expected one of 'tablebench', 'realhitbench', 'raw'"),
    ("chart-pass", {"code_extraction": "any"}, "expected one of 'tablebench', 'realhitbench'"),
    ("tablebench-mix", {"nosuchopt": 1}, "reward 'tablebench-mix': unknown option 'nosuchopt'"),
])
def test_rewards_check_options_and_choices_like_every_kind(reward: str, options: dict, says: str) -> None:
    """A reward's options, choices included, fail with the host's ConfigError line, never a TypeError; built
    directly or by name alike."""
    from tabbench import get_reward
    from tabbench.contract.reward import Reward
    from tabbench.host.lookup import load_class

    with pytest.raises(ConfigError) as by_name:
        get_reward(reward, **options)
    assert says in str(by_name.value)
    with pytest.raises(ConfigError) as direct:
        load_class("reward", reward, Reward)(**options)
    assert says in str(direct.value)


def test_the_extraction_choices_are_the_extractors() -> None:
    from typing import get_args

    from tabbench_tableqa_rewards.rewards import CodeExtraction, Extraction

    from tabbench.tableqa.extractors import CODE_EXTRACTIONS, EXTRACTIONS

    assert get_args(Extraction) == EXTRACTIONS and get_args(CodeExtraction) == CODE_EXTRACTIONS
