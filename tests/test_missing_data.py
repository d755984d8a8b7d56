"""Missing databases (issue 41): only the selected questions' data is required; ``--skip-missing`` scores the rest
and says what it skipped (summary line, ``results.json``, the board, the viewer); ``tabbench.toml`` holds benchmark
options and the ``skip_missing`` default; a text predictions file may cover just the selected questions.

A copy of the demo's Spider-format data without the ``library`` database stands in for real Spider dev without
``wta_1.sqlite`` (the real one is checked too when ``../shared/data`` has it).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabbench.contract.errors import ConfigError, DataError
from tabbench.evaluation.plan import plan
from tabbench.evaluation.results import validate as validate_results
from tabbench.evaluation.selection import Selection

ROOT = Path(__file__).resolve().parents[1]
SHARED_SPIDER = ROOT.parent / "shared" / "data" / "spider"

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.fixture
def spider(tmp_path: Path) -> Path:
    """Spider's layout on the demo databases, ``library`` removed: questions 17-24, 32, 33 and 163 others use it."""
    tabbench_demo = pytest.importorskip("tabbench_demo")
    copy = tmp_path / "spider"
    shutil.copytree(Path(tabbench_demo.__file__).parent / "data" / "spider", copy)
    shutil.rmtree(copy / "database" / "library")
    return copy


@pytest.fixture
def cli(cli_runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("TABBENCH_WORKERS", "0")
    monkeypatch.delenv("TABBENCH_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    return cli_runner


def _selection(spider: Path, **more: object) -> Selection:
    return Selection(benchmarks=("spider",), data={"spider": spider}, **more)  # type: ignore[arg-type]


def test_only_the_selected_questions_need_their_database(spider: Path) -> None:
    assert len(plan(_selection(spider, limit=17))["spider"].examples) == 17  # questions 0-16 are on shop/school
    with pytest.raises(DataError, match=r"benchmark 'spider': example '17': database .*library/library\.sqlite is "
                                        r"missing \(add it, or pass --skip-missing"):
        plan(_selection(spider, limit=18))
    assert len(plan(_selection(spider, where=("db_id=shop",)))["spider"].examples) > 100


def test_skip_missing_scores_the_rest_and_records_what_it_skipped(spider: Path, cli, tmp_path: Path) -> None:
    planned = plan(_selection(spider, limit=20, skip_missing=True))["spider"]
    assert [e.id for e in planned.examples][15:] == ["15", "16", "25", "26", "27"]  # 20 scored: the limit holds
    assert [i for i, _ in planned.missing] == [str(i) for i in range(17, 25)]  # only those passed over on the way
    done = cli(["eval", "--model", "gold", "--benchmark", "spider", "--data", f"spider={spider}", "--limit", "20",
                "--skip-missing", "--out", "run", "--no-progress"])
    assert done.exit_code == 0, done.output
    assert ("spider: 8 selected examples skipped (--skip-missing), scored 20: database "
            in done.output) and "library.sqlite is missing (8: 17, 18, 19, 20, 21, ...)" in done.output
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    validate_results(results)
    skipped = results["benchmarks"]["spider"]["skipped"]
    assert skipped["n"] == 8 and list(skipped["by_reason"].values()) == [[str(i) for i in range(17, 25)]]
    assert results["benchmarks"]["spider"]["n"] == 20
    board = cli(["leaderboard", "build", "run=gold", "-o", "board.md"])
    assert board.exit_code == 0, board.output
    text = (tmp_path / "board.md").read_text()
    assert "| skipped |" in text and "| 8 (database " in text and "*skipped*: selected examples left out" in text
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.viewer import Site

    [run] = Site([read_run(tmp_path / "run")]).runs_data()["runs"]
    assert run["benchmarks"][0]["skipped"] == skipped  # the viewer's run card shows it


def test_a_suite_runs_what_has_data_and_names_what_it_left_out(spider: Path, cli, tmp_path: Path) -> None:
    done = cli(["eval", "--model", "gold", "--suite", "text2sql", "--data", f"spider={spider}", "--out", "a",
                "--no-progress"])
    assert done.exit_code == 2
    assert "no benchmark could run (bird: no data" in done.output and "example '17'" in done.output
    done = cli(["eval", "--model", "gold", "--suite", "text2sql", "--data", f"spider={spider}", "--skip-missing",
                "--limit", "30", "--out", "b", "--no-progress"])
    assert done.exit_code == 0, done.output
    results = json.loads((tmp_path / "b" / "results.json").read_text())
    assert list(results["benchmarks"]) == ["spider"] and results["benchmarks"]["spider"]["skipped"]["n"] == 10
    assert [r["benchmark"] for r in results["not_run"]] == ["bird"] and "not run: bird: no data" in done.output


def test_the_config_file_holds_benchmark_options_and_the_skip_missing_default(spider: Path, cli,
                                                                               tmp_path: Path) -> None:
    (tmp_path / "tabbench.toml").write_text(f'[data]\nspider = "{spider}"\n\n[options.spider]\ntimeout = 7\n\n'
                                            "[run]\nskip_missing = true\n")
    done = cli(["eval", "--model", "gold", "--benchmark", "spider", "--limit", "20", "-o", "official=true",
                "--out", "run", "--no-progress"])
    assert done.exit_code == 0, done.output
    result = json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["spider"]
    assert result["options"]["timeout"] == 7 and result["options"]["official"] is True
    assert result["skipped"]["n"] == 8
    assert json.loads((tmp_path / "run" / "results.json").read_text())["config"]["skip_missing"] is False
    for text, message in (("[options.spider]\ntimeot = 7\n", r"tabbench\.toml \[options\.spider\]: unknown option "
                                                             r"'timeot'"),
                          ("[run]\nskip = true\n", r"tabbench\.toml: run\.skip: unknown key \(known: skip_missing\)"),
                          ("[run]\nskip_missing = 1\n", r"tabbench\.toml: run\.skip_missing: expected bool"),
                          ("options = 3\n", r"tabbench\.toml: options: must be tables")):
        (tmp_path / "tabbench.toml").write_text(f'[data]\nspider = "{spider}"\n' + text if text.startswith("[")
                                                else text + f'[data]\nspider = "{spider}"\n')
        with pytest.raises(ConfigError, match=message):
            plan(Selection(benchmarks=("spider",), limit=2))


def test_on_missing_db_skip_is_deprecated_and_acts_as_skip_missing(spider: Path) -> None:
    with pytest.warns(DeprecationWarning, match=r"on_missing_db=skip is deprecated since 0\.3\.0 and will be removed "
                                                r"in 0\.4\.0; use --skip-missing"):
        planned = plan(_selection(spider, limit=20, benchmark_options={"on_missing_db": "skip"}))["spider"]
    assert len(planned.examples) == 20 and len(planned.missing) == 8


def test_a_text_predictions_file_covers_the_selected_questions(spider: Path, cli, tmp_path: Path) -> None:
    """One line per selected question (``--limit 3``) pairs with those; the summary says what it read."""
    questions = json.loads((spider / "dev.json").read_text())
    (tmp_path / "pred.txt").write_text("".join(q["query"] + "\n" for q in questions[:3]))
    done = cli(["score", "spider", "--data", str(spider), "--predictions", "pred.txt", "--limit", "3", "--out", "run",
                "--no-progress"])
    assert done.exit_code == 0, done.output
    assert "3 predictions read" in done.output and "prompts generated" not in done.output
    assert json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["spider"]["metrics"]["ex"][
        "value"] == 1.0
    (tmp_path / "short.txt").write_text("SELECT 1\n" * 2)
    done = cli(["score", "spider", "--data", str(spider), "--predictions", "short.txt", "--limit", "3", "--out",
                "run2", "--no-progress"])
    assert done.exit_code == 2 and "2 prediction lines, expected 500 (every question of the split) or 3" in done.output


@pytest.mark.skipif(not (SHARED_SPIDER / "database").is_dir(), reason="../shared/data/spider is not here")
def test_real_spider_dev_runs_its_first_twenty_without_wta_1() -> None:
    """The public release lacks ``wta_1.sqlite`` (62 questions, from 429): ``--limit 20`` never needed it."""
    first = plan(Selection(benchmarks=("spider",), data={"spider": SHARED_SPIDER}, limit=20))["spider"]
    assert len(first.examples) == 20 and not first.missing
    planned = plan(Selection(benchmarks=("spider",), data={"spider": SHARED_SPIDER}, skip_missing=True))["spider"]
    assert (len(planned.examples), len(planned.missing), planned.missing[0][0]) == (972, 62, "429")


def test_training_says_what_skip_missing_left_out(spider: Path, capsys: pytest.CaptureFixture) -> None:
    from tabbench.training.data import training_plan

    planned = training_plan(_selection(spider, split="dev", limit=20, skip_missing=True))
    assert len(planned.items) == 20
    note = "note: benchmark 'spider': 8 selected examples left out (--skip-missing): database "
    assert note in capsys.readouterr().err
