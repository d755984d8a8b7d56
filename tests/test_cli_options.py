"""``tabbench.cli.options``: one spelling per option across commands.

Every command that takes an option spells it the same (``--data NAME=PATH``, ``--reward-option [NAME:]KEY=VALUE``,
``-o/--benchmark-option [NAME:]KEY=VALUE``, ``-e/--env-option``, ``--benchmark NAME``, ``-o`` never ``--out``), and
0.2's divergent spellings still work for a release, each with one deprecation line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest

import tabbench
from tabbench.cli import build_cli
from tabbench.contract.deprecation import CommandLineDeprecation
from tabbench.contract.errors import UsageError
from tabbench.evaluation.options import named_options
from tabbench.evaluation.selection import data_of, parse_data
from tests.bird_demo import BIRD, on_bird_demo
from tests.cli_run import gold_run
from tests.cli_run import tabbench as run_tabbench
from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def commands() -> Iterator[tuple[str, click.Command]]:
    """Every leaf command of ``tabbench``, by its path (``train sft``)."""
    root = build_cli()

    def walk(group: click.Group, path: list[str]) -> Iterator[tuple[str, click.Command]]:
        context = click.Context(group)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if isinstance(command, click.Group):
                yield from walk(command, [*path, name])
            elif command is not None:
                yield " ".join([*path, name]), command

    yield from walk(root, [])


def visible(command: click.Command, name: str) -> click.Option | None:
    return next((p for p in command.params if isinstance(p, click.Option) and not p.hidden
                 and name in p.opts + p.secondary_opts), None)


#: option -> (its spellings, its metavar): the same on every command that has it
SPELLED = {
    "--data": (["--data"], "NAME=PATH"),
    "--reward-option": (["--reward-option"], "[NAME:]KEY=VALUE"),
    "--benchmark-option": (["-o", "--benchmark-option"], "[NAME:]KEY=VALUE"),
    "--env-option": (["-e", "--env-option"], "KEY=VALUE"),
    "--benchmark": (["--benchmark"], "NAME"),
    "--system-prompt": (["--system-prompt"], "TEXT|@FILE"),
    "--few-shot": (["--few-shot"], "K"),
}


def test_every_command_spells_each_shared_option_the_same() -> None:
    seen: dict[str, list[str]] = {name: [] for name in SPELLED}
    for path, command in commands():
        for name, (spellings, metavar) in SPELLED.items():
            option = visible(command, name)
            if option is None:
                continue
            seen[name].append(path)
            assert sorted(option.opts) == sorted(spellings), (path, name, option.opts)
            assert option.metavar == metavar, (path, name, option.metavar)
        short_o = visible(command, "-o")
        assert short_o is None or "--benchmark-option" in short_o.opts, f"{path}: -o is not --benchmark-option"
        for old in ("--lr", "--data-dir", "-k", "-b"):
            assert visible(command, old) is None, f"{path}: {old} is a deprecated spelling"
        where = visible(command, "--where")
        if where is not None:  # its help names --shard only where the command has one
            assert ("--shard" in (where.help or "")) == (visible(command, "--shard") is not None), path
    assert {"eval", "score", "rescore", "rewards audit", "serve-env", "synthesize traces", "train sft"} <= set(
        seen["--data"])
    assert {"rescore", "rewards audit", "serve-env", "train grpo", "train tao"} <= set(seen["--reward-option"])
    assert {"eval", "serve-env", "train sft", "train grpo"} <= set(seen["--env-option"])


def test_options_for_named_plugins_have_one_form() -> None:
    names = ["bird-ex", "arctic"]
    given = named_options(["timeout=5", "arctic:timeout=2", "bird-ex:official=true"], names, "--reward-option")
    assert given == {"bird-ex": {"timeout": 5, "official": True}, "arctic": {"timeout": 2}}
    with pytest.raises(UsageError, match="--reward-option 'sqlr1:x=1': 'sqlr1' is not one of bird-ex, arctic"):
        named_options(["sqlr1:x=1"], names, "--reward-option")
    with pytest.raises(UsageError, match="expected KEY=VALUE"):
        named_options(["timeout"], names, "--reward-option")
    with pytest.warns(CommandLineDeprecation, match=r"--reward-option NAME\.KEY=VALUE is deprecated since 0\.3\.0 "
                                                    r"and will be removed in 0\.4\.0; use --reward-option NAME:KEY"):
        assert named_options(["arctic.timeout=3"], names, "--reward-option", dotted=True)["arctic"] == {"timeout": 3}


def test_data_is_name_equals_path_and_the_old_path_form_warns(tmp_path: Path) -> None:
    assert parse_data(["bird=~/bird", "spider=s"]) == {"bird": Path("~/bird").expanduser(), "spider": Path("s")}
    with pytest.raises(UsageError, match="--data 'some/path': expected NAME=PATH"):
        parse_data(["some/path"])  # a command with several benchmarks: no old form
    with pytest.raises(UsageError, match="given twice"):
        parse_data(["bird=a", "bird=b"])
    with pytest.warns(CommandLineDeprecation, match="--data PATH is deprecated since 0.3.0 .* use --data NAME=PATH"):
        assert data_of([str(tmp_path)], "bird") == tmp_path
    with pytest.raises(UsageError, match="'spider' is not this command's benchmark"):
        data_of(["spider=x"], "bird")


@pytest.fixture
def configs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The configs ``tabbench train`` commands would run (``run_trainer`` records instead of training)."""
    seen: list[Any] = []
    monkeypatch.setattr(tabbench.training, "run_trainer", lambda name, config, *a, **k: seen.append(config))
    return seen


def test_old_training_spellings_still_work_with_a_warning(cli_runner, lookalike: Path, configs: list[Any]) -> None:
    base = ["--model", str(lookalike), "--benchmark", "demo-bird", "--out", "x"]
    with pytest.warns(CommandLineDeprecation) as warned:
        for args in (["train", "sft", *base, "--lr", "0.5", "--data-dir", "demo-bird=d"],
                     ["train", "tao", *base, "-k", "3"]):
            result = cli_runner(args)
            assert result.exit_code == 0, result.output
    sft, tao = configs
    assert sft.learning_rate == 0.5 and sft.selection.data == {"demo-bird": Path("d")} and tao.k == 3
    assert {str(w.message).split(" is ")[0] for w in warned} == {"--lr", "--data-dir", "-k"}
    with pytest.warns(CommandLineDeprecation):
        both = cli_runner(["train", "sft", *base, "--lr", "0.5", "--learning-rate", "0.1"])
    assert both.exit_code == 2 and "--lr and --learning-rate both given: give --learning-rate" in both.output


def test_old_leaderboard_and_audit_spellings_print_one_line_each(env: dict[str, str], tmp_path: Path) -> None:
    run = gold_run(tmp_path / "run", "--benchmark", "demo-bird", "--limit", "2", env=env)
    board = run_tabbench("leaderboard", "build", str(run), "-o", str(tmp_path / "board.md"), "--no-references",
                         env=env)
    assert board.returncode == 0, board.stderr and (tmp_path / "board.md").is_file()
    assert board.stderr.count("DeprecationWarning") == 1
    assert ("tabbench: DeprecationWarning: -o is deprecated since 0.3.0 and will be removed in 0.4.0; use --out"
            in board.stderr)
    data = tabbench.benchmark_class("demo-bird").bundled_data()
    audit = run_tabbench("rewards", "audit", "bird-ex", "-b", "demo-bird", "--data", str(data), "--data",
                         str(data), "--limit", "2", "--json", env=env)
    assert audit.returncode == 2 and "given twice" in audit.stderr  # the old forms are read, then checked
    audit = run_tabbench("rewards", "audit", "bird-ex", "-b", "demo-bird", "--data", str(data), "--limit", "2",
                         "--json", env=env)
    assert audit.returncode == 0, audit.stderr
    assert json.loads(audit.stdout)["benchmark"] == "demo-bird"
    lines = [line for line in audit.stderr.splitlines() if "DeprecationWarning" in line]
    assert lines == ["tabbench: DeprecationWarning: -b is deprecated since 0.3.0 and will be removed in 0.4.0; use "
                     "--benchmark",
                     "tabbench: DeprecationWarning: --data PATH is deprecated since 0.3.0 and will be removed in "
                     "0.4.0; use --data NAME=PATH"]


@pytest.mark.parametrize(("args", "missing"), [
    (["leaderboard", "build", "runs/a"], "--out"),
    (["leaderboard", "plot-rewards", "{state}"], "--out"),
    (["rewards", "audit", "bird-ex"], "--benchmark"),
])
def test_an_option_a_deprecated_spelling_may_give_is_still_required(cli_runner, tmp_path: Path, args: list[str],
                                                                     missing: str) -> None:
    (tmp_path / "state.json").write_text('{"log_history": []}')
    result = cli_runner([a.format(state=tmp_path / "state.json") for a in args])
    assert result.exit_code == 2 and result.stderr.strip() == f"Error: Missing option '{missing}'."


def test_score_takes_data_and_options_by_benchmark_name(env: dict[str, str], tmp_path: Path) -> None:
    gold = gold_run(tmp_path / "gold", "--benchmark", "demo-bird", "--limit", "3", env=env)
    predictions = tmp_path / "preds.jsonl"
    predictions.write_text("".join(json.dumps({"id": r["id"], "completion": r["completions"][0]}) + "\n" for r in (
        json.loads(line) for line in (gold / "samples/demo-bird.jsonl").read_text().splitlines())))
    data = tabbench.benchmark_class("demo-bird").bundled_data()
    done = run_tabbench("score", "demo-bird", "--data", f"demo-bird={data}", "-o", "demo-bird:timeout=9",
                        "--predictions", str(predictions), "--limit", "3", "--out", str(tmp_path / "s"),
                        "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    assert "DeprecationWarning" not in done.stderr
    document = json.loads((tmp_path / "s/results.json").read_text())
    result = document["benchmarks"]["demo-bird"]
    assert result["options"]["timeout"] == 9 and result["data"]["path"] == str(data)
    assert document["config"]["backend_options"]["data"] == str(data)  # 0.2's form: its unfinished runs resume
    samples = tmp_path / "s/samples/demo-bird.jsonl"
    samples.write_text("".join(samples.read_text().splitlines(keepends=True)[:2]))  # cut short, as if killed
    (tmp_path / "s/results.json").unlink()
    again = run_tabbench("score", "demo-bird", "--data", f"demo-bird={data}", "-o", "demo-bird:timeout=9",
                         "--predictions", str(predictions), "--limit", "3", "--out", str(tmp_path / "s"), "--resume",
                         "--no-progress", env=env)
    assert again.returncode == 0, again.stderr
    assert json.loads((tmp_path / "s/results.json").read_text())["benchmarks"]["demo-bird"]["n"] == 3


@on_bird_demo
def test_malformed_environment_variable_is_one_line(cli_runner, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = cli_runner(["eval", "--model", "gold", "--suite", "bird", "--data", f"bird={BIRD}", "--split", "dev",
                         "--limit", "1", "--out", str(out), "--no-progress"], env={"TABBENCH_RESULT_STORE_MB": "lots"})
    one_line_error(result, "--result-store-mb", "'lots'")
    assert not out.exists()
