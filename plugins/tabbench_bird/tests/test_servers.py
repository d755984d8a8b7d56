"""BIRD Mini-Dev on real PostgreSQL and MariaDB servers (started by tests/servers.py, skipped with the reason
when they cannot be): ``tabbench score bird --split minidev -o dialect=... -o dsn=...`` against the official
semantics of ``evaluation_ex.py``'s server path on the same server and data, sample by sample; the DSN in the
records; the real Mini-Dev server files read with a DSN."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import tabbench
from tabbench import Status, score_batch

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).parent))
from server_fixtures import SEPARATOR, official_verdict, write_minidev  # noqa: E402

from tests import servers  # noqa: E402

pytestmark = pytest.mark.slow  # starts PostgreSQL and MariaDB servers

SHARED = Path(os.environ.get("TABBENCH_SHARED_DATA", REPO / ".." / "shared" / "data"))
MINIDEV = SHARED / "bird_minidev"
WRITES = ("DELETE", "UPDATE", "WITH D AS (DELETE")
QUESTIONS = 126  # the demo's first questions: every kind of prediction, every special case three times


@pytest.fixture(scope="session", params=["postgresql", "mysql"])
def server(request) -> servers.Server:
    try:
        return servers.postgres() if request.param == "postgresql" else servers.mariadb()
    except servers.Unavailable as exc:
        pytest.skip(f"no {request.param} server: {exc}")


def test_score_reproduces_the_official_verdicts(server: servers.Server, tmp_path: Path, cli_runner,
                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))  # gold results never in ~/.cache
    data = tmp_path / "minidev"
    predictions_path = write_minidev(data, server.kind, limit=QUESTIONS)
    out = tmp_path / "run"
    result = cli_runner(["score", "bird", "--data", f"bird={data}", "--split", "minidev",
                         "-o", f"dialect={server.kind}", "-o", f"dsn={server.dsn}", "-o", "official=true",
                         "--predictions", str(predictions_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = {r["id"]: r for r in map(json.loads, (out / "samples" / "bird.jsonl").read_text().splitlines())}

    before = server.fingerprint()
    gold = [line.split("\t")[0] for line in (data / f"mini_dev_{server.kind}_gold.sql").read_text().splitlines()]
    predicted = [v.split(SEPARATOR)[0] for v in json.loads(predictions_path.read_text()).values()]
    official = [official_verdict(server.connect_admin, p, g) for p, g in zip(predicted, gold, strict=True)]
    assert server.fingerprint() == before, "upstream's path left a change behind"

    assert len(records) == len(official) == QUESTIONS
    differ = {i for i, verdict in enumerate(official) if records[str(i)]["scores"]["ex"]["value"] != verdict}
    # The one deliberate difference: a predicted write runs on upstream's connection before the gold (the DML
    # leak); tabbench refuses it. Everything else agrees sample by sample.
    for i in differ:
        assert predicted[i].upper().startswith(WRITES), (i, predicted[i], official[i], records[str(i)]["scores"])
        assert records[str(i)]["scores"]["ex"]["status"] in (Status.FORBIDDEN.value, Status.EXEC_ERROR.value)
    assert sum(official) > QUESTIONS // 4 and len(differ) < QUESTIONS // 10
    if server.kind == "mysql":  # PyMySQL returns () for a DELETE and the gold then reads the emptied table
        assert any(predicted[i].upper().startswith("DELETE") and official[i] == 1 for i in differ)
    assert server.fingerprint() == before

    run = json.loads((out / "run.json").read_text())["config"]
    assert run["benchmark_options"]["dsn"] == server.dsn
    (described,) = json.loads((out / "results.json").read_text())["sql_servers"].values()  # version, settings
    assert described["kind"] == server.kind and described["version"]
    assert ("TimeZone" if server.kind == "postgresql" else "sql_mode") in described["settings"]
    recorded = "".join(p.read_text() for p in out.rglob("*") if p.is_file())
    assert servers.PASSWORD not in recorded


def test_dsn_with_a_password_is_a_usage_error(tmp_path: Path, cli_runner):
    data = tmp_path / "minidev"
    predictions_path = write_minidev(data, "postgresql", limit=3)
    result = cli_runner(["score", "bird", "--data", f"bird={data}", "--split", "minidev", "-o", "dialect=postgresql",
                         "-o", "dsn=postgresql://u:hunter2@127.0.0.1:1/bird", "--predictions", str(predictions_path),
                         "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert "PGPASSWORD" in result.output and "hunter2" not in result.output


def test_server_dialect_without_a_dsn_says_how_to_give_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("TABBENCH_DSN_MYSQL", raising=False)
    monkeypatch.setenv("TABBENCH_CONFIG", str(tmp_path / "none.toml"))
    (tmp_path / "none.toml").write_text("")
    data = tmp_path / "minidev"
    write_minidev(data, "mysql", limit=3)
    bench = tabbench.get_benchmark("bird", data, dialect="mysql", on_missing_db="keep")
    example = next(bench.examples("minidev"))
    score = score_batch(tabbench.get_reward("bird-ex"), [(example, example.gold)])[0]
    assert score.status is Status.GOLD_ERROR and "-o dsn=" in score.details["error"]


@pytest.mark.skipif(not MINIDEV.is_dir(), reason=f"real Mini-Dev files not found at {MINIDEV}")
@pytest.mark.parametrize("dialect", ["postgresql", "mysql"])
def test_real_minidev_server_files_with_a_dsn(dialect: str):
    dsn = f"{'postgresql' if dialect == 'postgresql' else 'mysql'}://tabbench_ro@127.0.0.1:1/bird"
    bench = tabbench.get_benchmark("bird", MINIDEV, dialect=dialect, dsn=dsn)
    examples = list(bench.examples("minidev"))
    assert len(examples) == 500 and {e.fields["db_path"] for e in examples} == {dsn}
    baseline = MINIDEV / "baseline_predictions" / f"predict_mini_dev_gpt-4_{dialect}.json"
    predictions = bench.read_predictions(baseline, "minidev")
    assert len(predictions) == 500 and predictions["0"][0].startswith("SELECT")


def test_rewards_score_rollouts_on_the_server(server: servers.Server, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch):
    """A training rollout is scored like an evaluation sample: the DSN is the example's ``db_path``."""
    monkeypatch.setenv("TABBENCH_CACHE_DIR", str(tmp_path / "cache"))
    data = tmp_path / "minidev"
    write_minidev(data, server.kind, limit=6)
    bench = tabbench.get_benchmark("bird", data, dialect=server.kind, dsn=server.dsn)
    example = next(bench.examples("minidev"))
    assert json.loads(json.dumps(example.to_json()))["fields"]["db_path"] == server.dsn
    for name in ("bird-ex", "bird-soft-f1"):
        scores = score_batch(tabbench.get_reward(name), [
            (example, f"```sql\n{example.gold}\n```"), (example, "```sql\nSELECT 42\n```"),
            (example, "```sql\nDROP TABLE customers\n```")])
        assert [s.status for s in scores] == [Status.MATCH, Status.MISMATCH, Status.FORBIDDEN], name
        assert [s.value for s in scores] == [1.0, 0.0, 0.0], name


def test_dsn_must_match_the_dialect(tmp_path: Path):
    data = tmp_path / "minidev"
    write_minidev(data, "mysql", limit=3)
    with pytest.raises(tabbench.ConfigError, match="dialect=postgresql but the dsn is a mysql server"):
        tabbench.get_benchmark("bird", data, dialect="postgresql", dsn="mysql://u@h/BIRD")
    with pytest.raises(tabbench.ConfigError, match="dsn needs dialect=postgresql or dialect=mysql"):
        tabbench.get_benchmark("bird", data, dsn="mysql://u@h/BIRD")
    bench = tabbench.get_benchmark("bird", data, dialect="mysql", dsn="mysql://u@h/{db_id}")
    examples = list(bench.examples("minidev"))
    assert examples and all(e.fields["db_path"] == f"mysql://u@h/{e.fields['db_id']}" for e in examples)
