"""The gold and predictions backends, through the real runner and registries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabbench
from tabbench import (
    BackendError,
    Benchmark,
    ConfigError,
    DataError,
    Example,
    GenerationParams,
    GenerationRequest,
    MetricSpec,
    Reward,
    Score,
    Status,
)
from tabbench.testing import ModelBackendContract, isolated

EXAMPLES = [Example(str(i), f"answer {i}", {"question": f"q{i}"}, {"level": "easy" if i % 2 else "hard"})
            for i in range(6)]


class EchoBenchmark(Benchmark):
    name = "oracle-echo"
    version = "1"
    metrics = (MetricSpec("em", "oracle-echo-em"),)
    primary_metric = "em"
    breakdown_keys = ("level",)
    needs_data = False

    def examples(self, split=None):
        yield from EXAMPLES

    def prompt(self, example):
        return [{"role": "user", "content": example.fields["question"]}]

    def extract(self, example, completion):
        return completion.removeprefix("ANSWER: ").strip() or None

    def gold_completion(self, example):
        return f"ANSWER: {example.gold}"

    def read_predictions(self, path, split=None):
        """An 'official' format: one answer per line, in example order."""
        lines = Path(path).read_text().splitlines()
        return {e.id: [f"ANSWER: {line}"] for e, line in zip(EXAMPLES, lines, strict=False)}


class EchoEM(Reward):
    name = "oracle-echo-em"

    def score(self, example, completion, answer):
        answer = completion.removeprefix("ANSWER: ").strip()
        if not answer:
            return Score(0.0, Status.PARSE_FAIL)
        return Score(1.0, Status.MATCH) if answer == example.gold else Score(0.0, Status.MISMATCH)


class _Plugin:
    @tabbench.hookimpl
    def register_benchmarks(self, register):
        register("oracle-echo", EchoBenchmark)

    @tabbench.hookimpl
    def register_rewards(self, register):
        register("oracle-echo-em", EchoEM)


@pytest.fixture
def echo_plugin():
    with isolated(plugins=["oracles"]) as host:  # the gold and predictions backends, and the echo benchmark
        host.register(_Plugin(), "oracle-test-plugin")
        yield


def _requests(n=None):
    bench = EchoBenchmark()
    return [GenerationRequest(bench.prompt(e), e, bench.name, bench.gold_completion(e)) for e in EXAMPLES[:n]]


def _run(tmp_path, model):
    return tabbench.evaluate(model, "oracle-echo", out=tmp_path / "run")["benchmarks"]["oracle-echo"]


def test_backends_are_registered():
    names = tabbench.registered_names("model")
    assert {"gold", "predictions"} <= set(names)


def test_gold_scores_100_percent_through_the_runner(tmp_path, echo_plugin):
    result = _run(tmp_path, "gold")
    assert result["primary_metric"]["value"] == 1.0
    assert result["status_counts"] == {"match": len(EXAMPLES)}


def test_gold_repeats_for_n_samples_and_refuses_unlabelled_examples():
    backend = tabbench.get_backend("gold", "gold")
    assert backend.generate(_requests(2), GenerationParams(n=3)) == [["ANSWER: answer 0"] * 3, ["ANSWER: answer 1"] * 3]
    example = Example("x", None)
    with pytest.raises(BackendError, match="no reference"):
        backend.generate([GenerationRequest([], example, "oracle-echo", "")], GenerationParams())


def test_predictions_jsonl_scored_through_the_runner(tmp_path, echo_plugin):
    path = tmp_path / "preds.jsonl"
    rows = [{"id": e.id, "completion": f"ANSWER: {e.gold if int(e.id) < 3 else 'wrong'}"} for e in EXAMPLES]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    backend = tabbench.get_backend("predictions", str(path))
    result = _run(tmp_path, f"predictions:{path}")
    assert result["primary_metric"]["value"] == 0.5
    assert backend.fingerprint()["sha256"]["preds.jsonl"]


def test_predictions_official_format_goes_through_read_predictions(tmp_path, echo_plugin):
    path = tmp_path / "official.txt"
    path.write_text("\n".join(e.gold for e in EXAMPLES) + "\n")
    result = _run(tmp_path, f"predictions:{path}")
    assert result["primary_metric"]["value"] == 1.0


def test_predictions_folder_per_benchmark_and_samples(tmp_path, echo_plugin):
    (tmp_path / "oracle-echo.jsonl").write_text(
        "".join(json.dumps({"id": e.id, "completions": ["ANSWER: a", "ANSWER: b", "ANSWER: c"]}) + "\n"
                for e in EXAMPLES)
    )
    backend = tabbench.get_backend("predictions", str(tmp_path))
    assert backend.generate(_requests(1), GenerationParams(n=2)) == [["ANSWER: a", "ANSWER: b"]]
    with pytest.raises(DataError, match="3 completions, 4 samples"):
        backend.generate(_requests(1), GenerationParams(n=4))
    bench = _requests(1)[0]
    other = GenerationRequest(bench.messages, bench.example, "other-bench")
    with pytest.raises(ConfigError, match="no predictions for 'other-bench'"):
        backend.generate([other], GenerationParams())


def test_predictions_missing_id_is_an_error_or_empty(tmp_path, echo_plugin):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"id": "0", "completion": "ANSWER: answer 0"}) + "\n")
    with pytest.raises(DataError, match=r"no prediction for example '1'"):
        tabbench.get_backend("predictions", str(path)).generate(_requests(2), GenerationParams())
    lenient = tabbench.get_backend("predictions", str(path), missing="empty")
    assert lenient.generate(_requests(2), GenerationParams()) == [["ANSWER: answer 0"], [""]]


def test_predictions_missing_file_is_one_line_error(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):  # a user error: exit 2
        tabbench.get_backend("predictions", str(tmp_path / "nope.jsonl"))


def _bundled_benchmarks():
    names = []
    for name in tabbench.registered_names("benchmark"):
        try:
            cls = tabbench.benchmark_class(name)
        except tabbench.TabbenchError:
            continue
        if cls.bundled_data() is not None or not cls.needs_data:
            names.append(name)
    return names


@pytest.mark.parametrize("name", _bundled_benchmarks() or ["(none)"])
def test_gold_scores_100_percent_on_bundled_benchmarks(tmp_path, name):
    """The gold backend is the harness's sanity check on every benchmark that ships its data (the demo suite)."""
    if name == "(none)":
        pytest.skip("no benchmark with bundled data is installed yet")
    result = tabbench.evaluate("gold", name, out=tmp_path / "run", limit=40)["benchmarks"][name]
    counts = result["status_counts"]
    scored = sum(v for k, v in counts.items() if not Status(k).not_applicable)
    assert counts.get("match", 0) + counts.get("empty_both", 0) == scored, counts


class TestGoldContract(ModelBackendContract):
    def make_backend(self):
        return tabbench.get_backend("gold", "gold")

    def requests(self):
        return _requests(3)


class TestPredictionsContract(ModelBackendContract):
    @pytest.fixture(autouse=True)
    def _file(self, tmp_path):
        self.path = tmp_path / "p.jsonl"
        self.path.write_text("".join(json.dumps({"id": e.id, "completions": ["a", "b"]}) + "\n" for e in EXAMPLES))

    def make_backend(self):
        return tabbench.get_backend("predictions", str(self.path))

    def requests(self):
        return _requests(3)


def _shared_data() -> Path:
    import os

    return Path(os.environ.get("TABBENCH_SHARED_DATA", Path(__file__).resolve().parents[3] / ".." / "shared" / "data"))


def test_official_spider_predictions_file_through_the_backend():
    """Real data: Spider's official example predictions (one SQL per line) read through the spider benchmark."""
    spider = _shared_data() / "spider"
    preds = spider / "evaluation_examples" / "pred_example.txt"
    if not preds.is_file() or "spider" not in tabbench.registered_names("benchmark"):
        pytest.skip("shared Spider data (TABBENCH_SHARED_DATA) or the spider plugin is absent")
    options = {"on_missing_db": "skip"}
    bench = tabbench.get_benchmark("spider", spider, **options)
    examples = list(bench.examples())[:200]
    backend = tabbench.get_backend("predictions", str(preds), data=str(spider), benchmark_options=options)
    requests = [GenerationRequest(bench.prompt(e), e, "spider") for e in examples]
    official = bench.read_predictions(preds)
    assert backend.generate(requests, GenerationParams()) == [official[e.id] for e in examples]
