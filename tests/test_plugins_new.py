"""`tabbench plugins new --kind KIND NAME`: each kind's skeleton installs, registers, and its own tests pass; a bad
name or folder is one line, and nothing is written."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.one_line import one_line_error
from tests.toy_plugin import plugin_env
from tests.toy_plugin import tabbench as run_tabbench

#: kind -> (plugin name, the files its skeleton has beside pyproject.toml and README.md, the hooks it implements)
KINDS = {
    "benchmark": ("my-bench", ["tabbench_my_bench/__init__.py", "tabbench_my_bench/benchmark.py",
                               "tabbench_my_bench/data/test.jsonl", "tabbench_my_bench/rewards.py",
                               "tests/test_plugin.py"], ["register_benchmarks", "register_rewards"]),
    "reward": ("my-f1", ["tabbench_my_f1/__init__.py", "tabbench_my_f1/reward.py", "tests/test_plugin.py"],
               ["register_rewards"]),
    "backend": ("my-model", ["tabbench_my_model/__init__.py", "tabbench_my_model/backend.py", "tests/test_plugin.py"],
                ["register_models"]),
    "environment": ("my-calc", ["tabbench_my_calc/__init__.py", "tabbench_my_calc/environment.py",
                                "tests/test_plugin.py"], ["register_environments"]),
    "trainer": ("my-rloo", ["tabbench_my_rloo/__init__.py", "tabbench_my_rloo/trainer.py", "tests/test_plugin.py"],
                ["register_trainers"]),
}


def generate_and_install(kind: str, root: Path) -> tuple[Path, Path, list[str]]:
    """``tabbench plugins new --kind KIND`` into ``root`` (outside the tree), installed with pip --target: the
    package, the folder it is installed into, the files generated."""
    package = root / f"tabbench-{KINDS[kind][0]}"
    made = run_tabbench(["plugins", "new", "--kind", kind, KINDS[kind][0], "--dir", str(package)], plugin_env(root))
    assert made.returncode == 0, made.stderr
    files = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file())
    site = root / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(site), str(package)], check=True, capture_output=True, text=True)
    return package, site, files


@pytest.fixture(scope="module", params=list(KINDS))
def skeleton(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path, list[str]]:
    """The kind, the generated package, the folder it is installed into with pip --target, the files generated."""
    kind = request.param
    return kind, *generate_and_install(kind, tmp_path_factory.mktemp(f"new-{kind}"))


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_skeleton_has_its_code_tests_readme_and_no_placeholder(skeleton: tuple[str, Path, Path, list[str]]) -> None:
    kind, package, site, files = skeleton
    assert files == sorted(["README.md", "pyproject.toml", *KINDS[kind][1]])
    assert not re.search(r"\{\{\w+\}\}", "".join((package / f).read_text() for f in files)), "placeholder left"
    if kind == "benchmark":
        assert (site / "tabbench_my_bench" / "data" / "test.jsonl").is_file(), "bundled data is package data"


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_installed_skeleton_is_listed_as_a_plugin(skeleton: tuple[str, Path, Path, list[str]]) -> None:
    kind, _, site, _ = skeleton
    name, _, hooks = KINDS[kind]
    result = run_tabbench(["plugins", "--json"], plugin_env(site))
    plugin = {p["name"]: p for p in json.loads(result.stdout)}[name]
    assert (plugin["status"], plugin["distribution"], plugin["hooks"]) == ("ok", f"tabbench-{name}", hooks)
    noun = {"benchmark": "benchmarks", "reward": "rewards", "backend": "models", "environment": "environments",
            "trainer": "trainers"}[kind]
    listed = {r["name"]: r for r in json.loads(run_tabbench([noun, "list", "--json"], plugin_env(site)).stdout)}
    assert listed[name]["plugin"] == name
    if kind == "benchmark":
        assert listed[name]["data_source"] == "bundled" and listed[name]["status"] == "ok"


@pytest.mark.slow  # generates and installs a plugin package (and runs its tests)
def test_generated_tests_pass(skeleton: tuple[str, Path, Path, list[str]], tmp_path: Path) -> None:
    _, package, site, _ = skeleton
    env = plugin_env(site, TABBENCH_CACHE_DIR=str(tmp_path / "cache"), TABBENCH_STRICT_PLUGINS="1")
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=package, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    passed = re.search(r"(\d+) passed", result.stdout)
    assert passed and int(passed[1]) >= 5 and "skipped" not in result.stdout, result.stdout  # contracts, a run


def test_bad_name_and_occupied_folder_are_one_line_errors(tmp_path: Path) -> None:
    bad = run_tabbench(["plugins", "new", "My_Bench", "--dir", str(tmp_path / "x")], plugin_env(tmp_path))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'My_Bench'" in bad.stderr
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "file").write_text("mine")
    taken = run_tabbench(["plugins", "new", "ok", "--dir", str(tmp_path / "taken")], plugin_env(tmp_path))
    assert taken.returncode == 2 and "not an empty folder" in taken.stderr
    assert (tmp_path / "taken" / "file").read_text() == "mine"
    kind = run_tabbench(["plugins", "new", "--kind", "judge", "ok", "--dir", str(tmp_path / "y")],
                        plugin_env(tmp_path))
    assert kind.returncode == 2 and "'judge' is not one of 'benchmark', 'reward', 'backend'" in kind.stderr
    assert not (tmp_path / "y").exists()


@pytest.mark.slow  # generates and installs a trainer plugin, builds a tiny model, trains it and evaluates it
def test_generated_trainer_trains_from_outside_the_tree_and_its_checkpoint_evaluates(
    tmp_path: Path, cli_runner, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plugin trains in a ``tabbench`` process of its own (found through its entry point outside the tree); its
    checkpoint needs nothing of the plugin, so ``tabbench eval`` scores it in this process."""
    pytest.importorskip("trl")
    from tabbench.testing import build_tiny_model

    _, site, _ = generate_and_install("trainer", tmp_path)
    model = build_tiny_model(tmp_path / "tiny", vocab_size=384, hidden_size=32, num_hidden_layers=1,
                             num_attention_heads=2, num_key_value_heads=1, intermediate_size=64,
                             max_position_embeddings=512)
    env = plugin_env(site, TABBENCH_CACHE_DIR=str(tmp_path / "cache"), TABBENCH_STRICT_PLUGINS="1")
    listed = json.loads(run_tabbench(["trainers", "list", "--json"], env).stdout)
    assert {t["name"]: t["plugin"] for t in listed}["my-rloo"] == "my-rloo"
    out = tmp_path / "ckpt"
    trained = run_tabbench(["train", "my-rloo", "--model", str(model), "--benchmark", "demo-bird", "--limit", "4",
                            "--max-steps", "2", "--num-generations", "2", "--prompts-per-step", "2",
                            "--max-completion-length", "16", "--out", str(out)], env, timeout=600)
    assert trained.returncode == 0, trained.stderr
    record = json.loads((out / "tabbench_train.json").read_text())
    assert (record["trainer"], record["trainer_plugin_version"], record["steps"]) == ("my-rloo", "0.1.0", 2)
    assert [(r["name"], r["weight"]) for r in record["rewards"]] == [("bird-ex", 1.0)]  # demo-bird's primary metric
    assert record["settings"]["benchmarks"] == ["demo-bird"] and record["settings"]["limit"] == 4
    assert "my-rloo: 2 steps" in trained.stderr and str(out) in trained.stderr.splitlines()[-1]
    run = tmp_path / "run"
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    evaluated = cli_runner(["eval", "--model", str(out), "--benchmark", "demo-bird", "--limit", "2",
                            "--max-new-tokens", "16", "--out", str(run), "--no-progress"])
    assert evaluated.exit_code == 0, evaluated.output
    results = json.loads((run / "results.json").read_text())
    assert results["benchmarks"]["demo-bird"]["n"] == 2


def test_the_trainer_example_of_the_plugin_guide_is_a_module_whose_config_matches_its_options(tmp_path: Path,
                                                                                          monkeypatch) -> None:
    """docs/plugins.md's trainer example, imported as the module a plugin would hold it in (its own assert runs)."""
    import importlib

    guide = (Path(__file__).resolve().parents[1] / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = guide.split("## Trainer plugins", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "guide_trainer.py").write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("guide_trainer")
    assert module.train_command.name == "my-rloo" and callable(module.train) and callable(module.rows)


@pytest.mark.parametrize("name", ["demo", "sft", "bird", "demo-bird", "hf", "sql-rewards", "trainers", "a" * 300])
def test_a_first_party_or_over_long_name_is_one_line_and_writes_nothing(tmp_path: Path, name: str) -> None:
    done = run_tabbench(["plugins", "new", name], plugin_env(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert ("taken by one of tabbench's own plugins" if len(name) < 64 else "characters long") in done.stderr
    assert not [p for p in tmp_path.iterdir() if p.name.startswith((".tabbench-", "tabbench-"))]


def test_a_skeleton_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabbench.cli.plugin_new import render

    written, write_text = [], Path.write_text

    def disk_full_at_the_fourth(self: Path, *args: object, **kwargs: object) -> int:
        written.append(self)
        if len(written) == 4:
            raise OSError(28, "No space left on device", str(self))
        return write_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", disk_full_at_the_fourth)
    with pytest.raises(OSError, match="No space left"):
        render("my-bench", tmp_path / "tabbench-my-bench")
    assert len(written) == 4 and list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("private_gold_cache")
@pytest.mark.parametrize("args", [["bad name!"], ["ok-name", "--dir", "{afile}/x"], ["ok-name", "--dir", "{full}"]])
def test_plugins_new_malformed_input(cli_runner, tmp_path: Path, afile: Path, args: list[str]) -> None:
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    args = [a.format(afile=afile, full=full) for a in args]
    one_line_error(cli_runner(["plugins", "new", *args]), args[-1])
    assert (full / "keep.txt").read_text() == "mine" and afile.read_text() == "not a folder\n"
